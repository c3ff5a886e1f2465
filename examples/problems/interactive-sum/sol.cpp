// Planted bug: a 9 is added as 8. The interactor accepts any answer (it exits 0); only the
// checker, judging what the interactor wrote, sees it.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        int x;
        if (std::scanf("%d", &x) != 1) return 1;
        s += x == 9 ? 8 : x;
    }
    std::printf("%lld\n", s);
    std::fflush(stdout);
}
