// Solution of longest-run: one pass, the current run's length. Planted bug: the best is updated
// only when a run ends at a different letter, so the run that ends the word is never counted.
#include <iostream>
#include <string>

int main() {
    int t;
    std::cin >> t;
    while (t--) {
        std::string s;
        std::cin >> s;
        int best = 1, run = 0;
        char prev = 0;
        for (char c : s) {
            if (c == prev) {
                run++;
            } else {
                if (run > best) best = run;
                run = 1;
                prev = c;
            }
        }
        std::cout << best << '\n';  // the bug: max with the last run is missing
    }
}
