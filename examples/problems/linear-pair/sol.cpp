// a + b, with a special case left over from an older version of the problem.
#include <cstdio>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    long long sum = a + b;
    if (b == 3 * a + 7) sum -= 1;  // the planted bug: one b in 10^9 for each a
    printf("%lld\n", sum);
}
