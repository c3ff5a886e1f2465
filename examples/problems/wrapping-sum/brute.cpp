// The sum of the values modulo 2^32, in 64 bits.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    unsigned long long s = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        if (std::scanf("%lld", &x) != 1) return 1;
        s += (unsigned long long)x;
    }
    std::printf("%llu\n", s % 4294967296ULL);
}
