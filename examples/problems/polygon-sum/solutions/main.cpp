// The main solution: the sum in 64 bits.
#include <cstdio>

int main() {
    long long n, s = 0, v;
    if (std::scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n; i++) {
        if (std::scanf("%lld", &v) != 1) return 1;
        s += v;
    }
    std::printf("%lld\n", s);
}
