// Wrong answer: the sum in 32 bits, wrong once it passes 2^31 (the script line of the largest
// values reaches it).
#include <cstdio>

int main() {
    int n;
    long long v;
    if (std::scanf("%d", &n) != 1) return 1;
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (std::scanf("%lld", &v) != 1) return 1;
        s = (int)((unsigned)s + (unsigned)v);
    }
    std::printf("%d\n", s);
}
