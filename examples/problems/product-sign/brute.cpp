// The sign of the product, one factor at a time.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int sign = 1;
    for (int i = 0; i < n; i++) {
        long long x;
        if (std::scanf("%lld", &x) != 1) return 1;
        if (x == 0)
            sign = 0;
        else if (x < 0)
            sign = -sign;
    }
    std::printf("%d\n", sign);
}
