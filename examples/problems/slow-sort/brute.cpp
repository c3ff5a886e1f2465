// The reference: sort with the standard library, then the weighted sum.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (long long &x : a)
        if (std::scanf("%lld", &x) != 1) return 1;
    std::sort(a.begin(), a.end());
    const long long mod = 1000000007;
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + (i + 1) % mod * (a[i] % mod)) % mod;
    std::printf("%lld\n", s);
}
