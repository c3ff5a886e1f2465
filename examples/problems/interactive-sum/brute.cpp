// The brute force: reads n and the values the interactor sends, answers their sum.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        int x;
        if (std::scanf("%d", &x) != 1) return 1;
        s += x;
    }
    std::printf("%lld\n", s);
    std::fflush(stdout);
}
