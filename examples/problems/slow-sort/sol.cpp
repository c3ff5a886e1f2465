// Right answers, a textbook quicksort: the first element is the pivot (Lomuto's partition). On
// random values it takes n log n steps; on a run of equal or sorted values, n^2.
#include <cstdio>
#include <utility>
#include <vector>

static void quicksort(std::vector<long long> &a, int lo, int hi) {
    while (lo < hi) {
        long long pivot = a[lo];
        int store = lo;
        for (int i = lo + 1; i <= hi; i++)
            if (a[i] < pivot) std::swap(a[++store], a[i]);
        std::swap(a[lo], a[store]);
        quicksort(a, lo, store - 1);
        lo = store + 1;
    }
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (long long &x : a)
        if (std::scanf("%lld", &x) != 1) return 1;
    quicksort(a, 0, n - 1);
    const long long mod = 1000000007;
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + (i + 1) % mod * (a[i] % mod)) % mod;
    std::printf("%lld\n", s);
}
