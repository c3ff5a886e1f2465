// The sign of the product from the parity of the negative factors.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int negatives = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        if (std::scanf("%lld", &x) != 1) return 1;
        if (x < 0) negatives++;
    }
    std::printf("%d\n", negatives % 2 ? -1 : 1);
}
