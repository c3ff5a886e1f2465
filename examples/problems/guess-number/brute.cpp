// A correct solution of guess-number: binary search on [1, n], at most floor(log2 n) + 1 queries.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int lo = 1, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        std::printf("? %d\n", mid);
        std::fflush(stdout);
        char reply[2];
        if (std::scanf("%1s", reply) != 1) return 1;
        if (reply[0] == '=') lo = hi = mid;
        else if (reply[0] == '<') hi = mid - 1;
        else lo = mid + 1;
    }
    std::printf("! %d\n", lo);
    std::fflush(stdout);
}
