// Texas Match-3 cases as a user of the format would draw them: the sizes, then the board row by
// row (a colour that would make a run with the two cells to its left or above is moved on to the
// next colour), the specials (about one cell in eight), then the operations. Three operations in
// four are valid swaps: the generator plays the game as far as the board goes (runs, specials,
// gravity; no points) and picks one of the swaps that make a run on the board as it stands; the
// others, and every operation of the simplest stream (zero draws), are a random cell and
// direction. Each row, cell and operation is a span (stress_kit::Span): the shrinker deletes whole
// rows, columns and operations, lowering the count that says how many there are.
#include "../../../stress/kit/stress.h"

#include <array>
#include <utility>

using Grid = std::vector<std::vector<int>>;

struct Board {
    int n, m;
    Grid a, b;  // colour (0: empty) and special type of each cell

    bool in(int x, int y) const { return x >= 0 && x < n && y >= 0 && y < m; }

    // The cells of every run on the board.
    Grid runs() const {
        Grid r(n, std::vector<int>(m));
        for (int x = 0; x < n; x++)
            for (int y = 0; y < m; y++) {
                int c = a[x][y];
                if (!c) continue;
                for (auto [dx, dy] : {std::pair{0, 1}, std::pair{1, 0}}) {
                    int len = 1;
                    while (in(x + dx * len, y + dy * len) && a[x + dx * len][y + dy * len] == c) len++;
                    bool starts = !in(x - dx, y - dy) || a[x - dx][y - dy] != c;
                    if (starts && len >= 3)
                        for (int i = 0; i < len; i++) r[x + dx * i][y + dy * i] = 1;
                }
            }
        return r;
    }

    static bool any(const Grid &r) {
        for (auto &row : r)
            for (int v : row)
                if (v) return true;
        return false;
    }

    // Adds what the specials of `e` reach to `e`, each special once.
    void spread(Grid &e) const {
        std::vector<std::pair<int, int>> todo;
        for (int x = 0; x < n; x++)
            for (int y = 0; y < m; y++)
                if (e[x][y]) todo.push_back({x, y});
        auto add = [&](int x, int y) {
            if (in(x, y) && a[x][y] && !e[x][y]) e[x][y] = 1, todo.push_back({x, y});
        };
        while (!todo.empty()) {
            auto [x, y] = todo.back();
            todo.pop_back();
            int s = b[x][y];
            for (int i = 0; i < n; i++)
                for (int j = 0; j < m; j++) {
                    bool row = i == x && (s == 1 || s == 3), col = j == y && (s == 2 || s == 3);
                    int d = std::max(std::abs(i - x), std::abs(j - y));
                    bool square = (s == 4 && d <= 1) || (s == 5 && d <= 2);
                    bool colour = s == 6 && a[i][j] == a[x][y];
                    if (row || col || square || colour) add(i, j);
                }
        }
    }

    void fall() {
        for (int y = 0; y < m; y++) {
            int to = n - 1;
            for (int x = n - 1; x >= 0; x--)
                if (a[x][y]) {
                    std::swap(a[to][y], a[x][y]);
                    std::swap(b[to][y], b[x][y]);
                    to--;
                }
        }
    }

    void exchange(int x1, int y1, int x2, int y2) {
        std::swap(a[x1][y1], a[x2][y2]);
        std::swap(b[x1][y1], b[x2][y2]);
    }

    // Plays the swap if it is valid; says whether it was.
    bool play(int x1, int y1, int x2, int y2) {
        if (!a[x1][y1] || !a[x2][y2]) return false;
        exchange(x1, y1, x2, y2);
        Grid e = runs();
        if (!any(e)) {
            exchange(x1, y1, x2, y2);
            return false;
        }
        for (; any(e); e = runs()) {
            spread(e);
            for (int x = 0; x < n; x++)
                for (int y = 0; y < m; y++)
                    if (e[x][y]) a[x][y] = 0, b[x][y] = 0;
            fall();
        }
        return true;
    }

    // The swaps (right and down neighbours) that are valid on the board as it stands.
    std::vector<std::array<int, 4>> valid() const {
        std::vector<std::array<int, 4>> out;
        for (int x = 0; x < n; x++)
            for (int y = 0; y < m; y++)
                for (auto [dx, dy] : {std::pair{0, 1}, std::pair{1, 0}}) {
                    int x2 = x + dx, y2 = y + dy;
                    if (!in(x2, y2) || !a[x][y] || !a[x2][y2] || a[x][y] == a[x2][y2]) continue;
                    Board t = *this;
                    t.exchange(x, y, x2, y2);
                    if (any(t.runs())) out.push_back({x, y, x2, y2});
                }
        return out;
    }
};

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 8), m = rnd.next(1, 8), k = rnd.next(3, 6), q = rnd.next(1, 12);
    Board g{n, m, Grid(n, std::vector<int>(m)), Grid(n, std::vector<int>(m))};
    for (int i = 0; i < n; i++) {
        stress_kit::Span row("colours");
        for (int j = 0; j < m; j++) {
            stress_kit::Span cell("cell");
            int c = rnd.next(1, k);
            for (int tries = 0; tries < k; tries++) {
                bool left = j >= 2 && g.a[i][j - 1] == c && g.a[i][j - 2] == c;
                bool up = i >= 2 && g.a[i - 1][j] == c && g.a[i - 2][j] == c;
                if (!left && !up) break;
                c = c % k + 1;
            }
            g.a[i][j] = c;
        }
    }
    for (auto &row : g.b) {
        stress_kit::Span specials("specials");
        for (int &s : row) {
            stress_kit::Span cell("cell");
            s = rnd.next(0, 7) == 7 ? rnd.next(1, 6) : 0;
        }
    }
    println(n, m, k, q);
    for (auto &row : g.a) println(row);
    for (auto &row : g.b) println(row);
    const int dx[] = {0, 1, 0, -1}, dy[] = {1, 0, -1, 0};
    for (int t = 0; t < q; t++) {
        stress_kit::Span op("op");
        auto swaps = g.valid();
        if (rnd.next(0, 3) > 0 && !swaps.empty()) {
            auto [x1, y1, x2, y2] = swaps[rnd.next(0, (int)swaps.size() - 1)];
            g.play(x1, y1, x2, y2);
            println(x1 + 1, y1 + 1, x2 + 1, y2 + 1);
            continue;
        }
        int x = rnd.next(1, n), y = rnd.next(1, m), d = rnd.next(0, 3);
        int x2 = x + dx[d], y2 = y + dy[d];
        if (x2 < 1 || x2 > n || y2 < 1 || y2 > m) x2 = x - dx[d], y2 = y - dy[d];
        if (x2 < 1 || x2 > n || y2 < 1 || y2 > m) x2 = x, y2 = y;
        g.play(x - 1, y - 1, x2 - 1, y2 - 1);
        println(x, y, x2, y2);
    }
}
