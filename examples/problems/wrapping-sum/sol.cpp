// Passes by luck: the sum is kept in an int, which overflows (undefined behaviour) and, as
// compiled here, wraps to the right answer modulo 2^32.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    int s = 0;
    for (int i = 0; i < n; i++) {
        int x;
        if (std::scanf("%d", &x) != 1) return 1;
        s += x;
    }
    std::printf("%u\n", (unsigned)s);
}
