// Solution of distinct-count: counts the places where the value changes.
// PLANTED BUG: that counts distinct values only in a sorted array; the sort is missing.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (auto &x : a)
        if (std::scanf("%lld", &x) != 1) return 1;
    // std::sort(a.begin(), a.end());  (missing)
    int count = n > 0 ? 1 : 0;
    for (int i = 1; i < n; i++)
        if (a[i] != a[i - 1]) count++;
    std::printf("%d\n", count);
}
