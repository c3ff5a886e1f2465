// Time limit exceeded: right, but it spends a second of work on every value past the fifth.
#include <cstdio>

int main() {
    long long n, s = 0, v;
    if (std::scanf("%lld", &n) != 1) return 1;
    volatile unsigned long long spin = 0;
    for (long long i = 0; i < n; i++) {
        if (std::scanf("%lld", &v) != 1) return 1;
        s += v;
        if (i >= 5)
            for (long long k = 0; k < 400000000LL; k++) spin = spin + 1;
    }
    std::printf("%lld\n", s);
}
