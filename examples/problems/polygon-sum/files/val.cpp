// The validator: n (1..100), then n integers in -10^9..10^9, then the end of the input.
#include <cstdio>

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1 || n < 1 || n > 100) return 1;
    for (long long i = 0; i < n; i++) {
        long long v;
        if (std::scanf("%lld", &v) != 1 || v < -1000000000 || v > 1000000000) return 1;
    }
    char c;
    return std::scanf(" %c", &c) == 1 ? 1 : 0;
}
