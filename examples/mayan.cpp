// Mayan puzzle (NOIP 2011, Luogu P1312): a plain contest-style solution.
//
// Reads the contest input on stdin and prints the lexicographically smallest sequence of exactly
// n moves that empties the board, one `x y g` per line, or `-1`.
//
// Depth-first search in lexicographic move order (x, then y, then g = 1 before g = -1), stopping
// at the first sequence that empties the board, with the two usual prunes that cannot change that
// first sequence:
// - a left move onto an occupied cell is skipped: it swaps the same two blocks as the right move
//   of the left neighbour, which comes earlier in the order and gives the same board;
// - a board holding some colour exactly once or twice is abandoned: blocks are only removed in
//   runs of three or more and never added, so it can never be emptied.
// A board emptied before the last move is a dead end (an empty board allows no move). Moves that
// remove nothing, even a swap of two equal blocks, are searched like any other.
//
// Build:  g++ -std=c++17 -O2 -Wall -Wextra -o mayan examples/mayan.cpp
// Judge:  harness judge --game mayan --profile mix --cases 500 -- ./mayan

#include <cstdio>
#include <cstring>

namespace {

constexpr int kCols = 5;
constexpr int kRows = 7;
constexpr int kColours = 10;

struct Board {
    int a[kCols][kRows];  // a[x][y], 0 = empty; y = 0 is the bottom
};

int n;
int ans_x[8], ans_y[8], ans_g[8];

// Lets every block fall onto the one below it (or the floor).
void fall(Board& b) {
    for (int x = 0; x < kCols; ++x) {
        int h = 0;
        for (int y = 0; y < kRows; ++y) {
            if (b.a[x][y] != 0) {
                int c = b.a[x][y];
                b.a[x][y] = 0;
                b.a[x][h++] = c;
            }
        }
    }
}

// Removes every run of three or more at once; returns whether anything was removed.
bool clear_runs(Board& b) {
    bool mark[kCols][kRows];
    std::memset(mark, 0, sizeof mark);
    bool any = false;
    for (int x = 0; x < kCols; ++x) {
        for (int y = 0; y < kRows; ++y) {
            int c = b.a[x][y];
            if (c == 0) continue;
            if (x + 2 < kCols && b.a[x + 1][y] == c && b.a[x + 2][y] == c) {
                mark[x][y] = mark[x + 1][y] = mark[x + 2][y] = true;
                any = true;
            }
            if (y + 2 < kRows && b.a[x][y + 1] == c && b.a[x][y + 2] == c) {
                mark[x][y] = mark[x][y + 1] = mark[x][y + 2] = true;
                any = true;
            }
        }
    }
    for (int x = 0; x < kCols; ++x)
        for (int y = 0; y < kRows; ++y)
            if (mark[x][y]) b.a[x][y] = 0;
    return any;
}

// Drags the block at (x, y) to column x + g, then settles the board.
void drag(Board& b, int x, int y, int g) {
    int t = x + g;
    int c = b.a[x][y];
    if (b.a[t][y] != 0) {
        b.a[x][y] = b.a[t][y];
        b.a[t][y] = c;
    } else {
        b.a[x][y] = 0;
        b.a[t][y] = c;
    }
    do {
        fall(b);
    } while (clear_runs(b));
}

bool is_empty(const Board& b) {
    for (int x = 0; x < kCols; ++x)
        if (b.a[x][0] != 0) return false;
    return true;
}

bool has_lonely_colour(const Board& b) {
    int count[kColours + 1] = {0};
    for (int x = 0; x < kCols; ++x)
        for (int y = 0; y < kRows; ++y) ++count[b.a[x][y]];
    for (int c = 1; c <= kColours; ++c)
        if (count[c] == 1 || count[c] == 2) return true;
    return false;
}

// Searches with `depth` moves played; true when the moves from here complete the answer.
bool dfs(const Board& b, int depth) {
    if (depth == n) return is_empty(b);
    if (is_empty(b) || has_lonely_colour(b)) return false;
    for (int x = 0; x < kCols; ++x) {
        for (int y = 0; y < kRows && b.a[x][y] != 0; ++y) {
            if (x + 1 < kCols) {
                Board next = b;
                drag(next, x, y, 1);
                ans_x[depth] = x, ans_y[depth] = y, ans_g[depth] = 1;
                if (dfs(next, depth + 1)) return true;
            }
            if (x > 0 && b.a[x - 1][y] == 0) {
                Board next = b;
                drag(next, x, y, -1);
                ans_x[depth] = x, ans_y[depth] = y, ans_g[depth] = -1;
                if (dfs(next, depth + 1)) return true;
            }
        }
    }
    return false;
}

}  // namespace

int main() {
    if (std::scanf("%d", &n) != 1 || n < 1 || n > 5) return 2;
    Board b;
    std::memset(&b, 0, sizeof b);
    for (int x = 0; x < kCols; ++x) {
        for (int y = 0;; ++y) {
            int c;
            if (std::scanf("%d", &c) != 1) return 2;
            if (c == 0) break;
            if (y >= kRows || c < 0 || c > kColours) return 2;
            b.a[x][y] = c;
        }
    }
    if (dfs(b, 0)) {
        for (int i = 0; i < n; ++i) std::printf("%d %d %d\n", ans_x[i], ans_y[i], ans_g[i]);
    } else {
        std::printf("-1\n");
    }
    return 0;
}
