// Solution of guess-number: binary search.
// PLANTED BUG (off by one): the search starts on [1, n - 1], so x = n is never found.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int lo = 1, hi = n - 1;  // should be n
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
