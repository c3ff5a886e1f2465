// Brute force of longest-run: every substring, kept when all its letters are equal.
#include <iostream>
#include <string>

int main() {
    int t;
    std::cin >> t;
    while (t--) {
        std::string s;
        std::cin >> s;
        size_t best = 0;
        for (size_t i = 0; i < s.size(); i++)
            for (size_t j = i; j < s.size(); j++)
                if (s.find_first_not_of(s[i], i) >= j + 1) best = std::max(best, j - i + 1);
        std::cout << best << '\n';
    }
}
