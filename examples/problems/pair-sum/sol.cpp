// Solution of pair-sum: two pointers over the sorted values.
// PLANTED BUG: it prints positions in the sorted array, not the original indices.
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int n, s;
    if (std::scanf("%d %d", &n, &s) != 2) return 1;
    std::vector<int> a(n);
    for (int &x : a)
        if (std::scanf("%d", &x) != 1) return 1;
    std::vector<int> b = a;
    std::sort(b.begin(), b.end());
    int l = 0, r = n - 1;
    while (l < r) {
        int sum = b[l] + b[r];
        if (sum == s) {
            std::printf("%d %d\n", l + 1, r + 1);  // should map back to a's indices
            return 0;
        }
        if (sum < s)
            l++;
        else
            r--;
    }
    std::printf("-1\n");
}
