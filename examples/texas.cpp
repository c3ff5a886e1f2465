// Texas Match-3 (THUPC 2022 final, Luogu P8422): a plain contest-style solution.
//
// Reads the contest input on stdin and prints the total score followed by a newline.
// The simulation follows the rules one step at a time, with whole-board scans every round:
// clarity first, and still fast enough for n, m <= 50 and q <= 1000.
//
// Build:  g++ -std=c++17 -O2 -Wall -Wextra -o texas examples/texas.cpp
// Judge:  harness judge --game texas --cases 500 -- ./texas
//
// Planted bugs (for the harness's own tests), each behind a flag; nothing else changes:
//   -DPLANTED_BUG_SPECIAL5  special 5 clears the 3x3 square around it instead of the 5x5 square;
//   -DPLANTED_BUG_HAND      two pairs score 200 + c(larger pair) + 2*c(smaller pair) instead of
//                           200 + 2*c(larger pair) + c(smaller pair): it shows only once five
//                           valid operations make a hand.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <utility>
#include <vector>

namespace {

using u64 = std::uint64_t;

// Half the side of the square cleared by special 5 (2 gives the 5x5 square of the rules).
#ifdef PLANTED_BUG_SPECIAL5
constexpr int kSpecial5Radius = 1;
#else
constexpr int kSpecial5Radius = 2;
#endif

constexpr int kEmpty = 0;  // colour of an empty cell; real colours are 1..k

struct Board {
    int n = 0, m = 0;
    std::vector<std::vector<int>> colour;   // kEmpty where there is no piece
    std::vector<std::vector<int>> special;  // 0 = plain piece

    bool has_piece(int r, int c) const { return colour[r][c] != kEmpty; }
};

using Mask = std::vector<std::vector<bool>>;

Mask empty_mask(const Board& b) { return Mask(b.n, std::vector<bool>(b.m, false)); }

// Marks every cell that lies in a run: a maximal horizontal or vertical segment of at least three
// consecutive pieces of one colour. Returns whether any run exists.
bool find_runs(const Board& b, Mask& in_run) {
    in_run = empty_mask(b);
    bool any = false;
    // Horizontal segments.
    for (int r = 0; r < b.n; ++r) {
        int start = 0;
        for (int c = 1; c <= b.m; ++c) {
            bool same = c < b.m && b.has_piece(r, c) && b.colour[r][c] == b.colour[r][start];
            if (same) continue;
            if (b.has_piece(r, start) && c - start >= 3) {
                for (int x = start; x < c; ++x) in_run[r][x] = true;
                any = true;
            }
            start = c;
        }
    }
    // Vertical segments.
    for (int c = 0; c < b.m; ++c) {
        int start = 0;
        for (int r = 1; r <= b.n; ++r) {
            bool same = r < b.n && b.has_piece(r, c) && b.colour[r][c] == b.colour[start][c];
            if (same) continue;
            if (b.has_piece(start, c) && r - start >= 3) {
                for (int x = start; x < r; ++x) in_run[x][c] = true;
                any = true;
            }
            start = r;
        }
    }
    return any;
}

// Combo points of one round: every 4-connected, single-colour component of the matched cells M
// with x cells scores 50 * (x - 3)^2.
u64 combo_points(const Board& b, const Mask& matched) {
    static const int dr[4] = {-1, 1, 0, 0};
    static const int dc[4] = {0, 0, -1, 1};
    Mask seen = empty_mask(b);
    u64 points = 0;
    for (int r = 0; r < b.n; ++r) {
        for (int c = 0; c < b.m; ++c) {
            if (!matched[r][c] || seen[r][c]) continue;
            // Flood fill one component with an explicit stack.
            u64 size = 0;
            std::vector<std::pair<int, int>> stack{{r, c}};
            seen[r][c] = true;
            while (!stack.empty()) {
                auto [cr, cc] = stack.back();
                stack.pop_back();
                ++size;
                for (int d = 0; d < 4; ++d) {
                    int nr = cr + dr[d], nc = cc + dc[d];
                    if (nr < 0 || nr >= b.n || nc < 0 || nc >= b.m) continue;
                    if (!matched[nr][nc] || seen[nr][nc]) continue;
                    if (b.colour[nr][nc] != b.colour[cr][cc]) continue;
                    seen[nr][nc] = true;
                    stack.push_back({nr, nc});
                }
            }
            // A component always holds a whole run, so size >= 3.
            points += 50 * (size - 3) * (size - 3);
        }
    }
    return points;
}

// Grows the elimination set E (which starts as M) by triggering every special piece in E once.
// Pieces added by a special trigger too, within the same round.
void trigger_specials(const Board& b, Mask& erase) {
    std::vector<std::pair<int, int>> queue;  // special pieces in E not yet triggered
    auto add = [&](int r, int c) {
        if (r < 0 || r >= b.n || c < 0 || c >= b.m) return;  // clipped at the border
        if (!b.has_piece(r, c) || erase[r][c]) return;       // empty cells add nothing
        erase[r][c] = true;
        if (b.special[r][c] != 0) queue.push_back({r, c});
    };
    for (int r = 0; r < b.n; ++r)
        for (int c = 0; c < b.m; ++c)
            if (erase[r][c] && b.special[r][c] != 0) queue.push_back({r, c});

    // Each piece enters the queue at most once (when it joins E), so it triggers once.
    while (!queue.empty()) {
        auto [r, c] = queue.back();
        queue.pop_back();
        switch (b.special[r][c]) {
            case 1:  // its whole row
                for (int x = 0; x < b.m; ++x) add(r, x);
                break;
            case 2:  // its whole column
                for (int x = 0; x < b.n; ++x) add(x, c);
                break;
            case 3:  // its row and its column
                for (int x = 0; x < b.m; ++x) add(r, x);
                for (int x = 0; x < b.n; ++x) add(x, c);
                break;
            case 4:  // the 3x3 square centred on it
                for (int dr = -1; dr <= 1; ++dr)
                    for (int dc = -1; dc <= 1; ++dc) add(r + dr, c + dc);
                break;
            case 5:  // the 5x5 square centred on it
                for (int dr = -kSpecial5Radius; dr <= kSpecial5Radius; ++dr)
                    for (int dc = -kSpecial5Radius; dc <= kSpecial5Radius; ++dc)
                        add(r + dr, c + dc);
                break;
            case 6:  // every piece on the board with its colour
                for (int x = 0; x < b.n; ++x)
                    for (int y = 0; y < b.m; ++y)
                        if (b.colour[x][y] == b.colour[r][c]) add(x, y);
                break;
            default:
                break;
        }
    }
}

// Removes the cells of E, then lets every column fall: the remaining pieces keep their order and
// gather at the bottom, the empty cells at the top.
void remove_and_fall(Board& b, const Mask& erase) {
    for (int c = 0; c < b.m; ++c) {
        int write = b.n - 1;
        for (int r = b.n - 1; r >= 0; --r) {
            if (!b.has_piece(r, c) || erase[r][c]) continue;
            b.colour[write][c] = b.colour[r][c];
            b.special[write][c] = b.special[r][c];
            --write;
        }
        for (; write >= 0; --write) {
            b.colour[write][c] = kEmpty;
            b.special[write][c] = 0;
        }
    }
}

// Points of a poker hand of five colours.
u64 hand_points(std::vector<int> hand) {
    std::sort(hand.begin(), hand.end());
    // Groups of equal colours as (count, colour), largest count first, then largest colour first.
    std::vector<std::pair<int, int>> groups;
    for (int c : hand) {
        if (!groups.empty() && groups.back().second == c)
            ++groups.back().first;
        else
            groups.push_back({1, c});
    }
    std::sort(groups.rbegin(), groups.rend());
    auto count = [&](std::size_t i) { return i < groups.size() ? groups[i].first : 0; };
    auto colour = [&](std::size_t i) { return static_cast<u64>(groups[i].second); };

    if (count(0) == 5) return 1000 + 10 * colour(0);                      // five of a kind
    if (count(0) == 4) return 750 + 5 * colour(0);                        // four of a kind
    if (count(0) == 3 && count(1) == 2) return 500 + 3 * colour(0) + colour(1);  // full house
    if (count(0) == 3) return 300 + 3 * colour(0);                        // three of a kind
#ifdef PLANTED_BUG_HAND
    if (count(0) == 2 && count(1) == 2) return 200 + colour(0) + 2 * colour(1);  // two pairs
#else
    if (count(0) == 2 && count(1) == 2) return 200 + 2 * colour(0) + colour(1);  // two pairs
#endif
    if (count(0) == 2) return 100 + 2 * colour(0);                        // one pair
    return 50 + static_cast<u64>(hand.back());                            // high card
}

// The best hand over every choice of one main colour per operation (at most 2^5 choices).
u64 best_hand(const std::vector<std::vector<int>>& main_colours) {
    u64 best = 0;
    std::vector<int> hand(main_colours.size());
    auto choose = [&](auto&& self, std::size_t i) -> void {
        if (i == main_colours.size()) {
            best = std::max(best, hand_points(hand));
            return;
        }
        for (int c : main_colours[i]) {
            hand[i] = c;
            self(self, i + 1);
        }
    };
    choose(choose, 0);
    return best;
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);

    int n, m, k, q;
    if (!(std::cin >> n >> m >> k >> q)) return 1;
    Board b;
    b.n = n;
    b.m = m;
    b.colour.assign(n, std::vector<int>(m));
    b.special.assign(n, std::vector<int>(m));
    for (auto& row : b.colour)
        for (int& v : row) std::cin >> v;
    for (auto& row : b.special)
        for (int& v : row) std::cin >> v;

    u64 total = 0;
    int valid_ops = 0;
    std::vector<std::vector<int>> recent;  // main colours of the valid operations since the last hand

    for (int op = 0; op < q; ++op) {
        int x1, y1, x2, y2;
        std::cin >> x1 >> y1 >> x2 >> y2;
        --x1, --y1, --x2, --y2;

        // 1. Validity: 4-adjacent, both cells hold a piece, and the swap creates a run.
        if (std::abs(x1 - x2) + std::abs(y1 - y2) != 1) continue;
        if (!b.has_piece(x1, y1) || !b.has_piece(x2, y2)) continue;
        std::swap(b.colour[x1][y1], b.colour[x2][y2]);
        std::swap(b.special[x1][y1], b.special[x2][y2]);
        Mask matched;
        if (!find_runs(b, matched)) {
            // Invalid: undo the swap, the board is left exactly as it was.
            std::swap(b.colour[x1][y1], b.colour[x2][y2]);
            std::swap(b.special[x1][y1], b.special[x2][y2]);
            continue;
        }
        ++valid_ops;

        // 2. Main colours: the first cell's colour, then the second's, each if it lies in a run.
        std::vector<int> main_colours;
        if (matched[x1][y1]) main_colours.push_back(b.colour[x1][y1]);
        if (matched[x2][y2]) main_colours.push_back(b.colour[x2][y2]);
        recent.push_back(main_colours);

        // 3. Rounds, until a round finds no run.
        u64 rounds = 0;
        for (u64 r = 1;; ++r) {
            if (r > 1 && !find_runs(b, matched)) break;
            rounds = r;
            total += combo_points(b, matched);
            Mask erase = matched;
            trigger_specials(b, erase);
            u64 colour_sum = 0;
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < m; ++j)
                    if (erase[i][j]) colour_sum += static_cast<u64>(b.colour[i][j]);
            total += r * colour_sum;  // elimination points
            remove_and_fall(b, erase);
        }

        // 4. Chain points.
        total += 80 * (rounds - 1) * (rounds - 1);

        // 5. Hand points after every fifth valid operation.
        if (recent.size() == 5) {
            total += best_hand(recent);
            recent.clear();
        }
    }

    // 6. Endgame.
    if (valid_ops == q) total += 1000;
    bool board_empty = true;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            if (b.has_piece(i, j)) board_empty = false;
    if (board_empty) total += 10000;

    std::cout << total << '\n';
    return 0;
}
