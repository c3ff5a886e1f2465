// Brute force of pair-sum: the first pair i < j (in the order of i, then j) with a_i + a_j = s.
#include <cstdio>
#include <vector>

int main() {
    int n, s;
    if (std::scanf("%d %d", &n, &s) != 2) return 1;
    std::vector<int> a(n);
    for (int &x : a)
        if (std::scanf("%d", &x) != 1) return 1;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] + a[j] == s) {
                std::printf("%d %d\n", i + 1, j + 1);
                return 0;
            }
    std::printf("-1\n");
}
