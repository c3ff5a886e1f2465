// Texas Match-3 cases as a user of the format would draw them: the sizes, then the board row by
// row (a colour that would make a run with the two cells to its left or above is moved on to the
// next colour), the specials, then each operation as a cell and a direction. Each row, cell and
// operation is a span (stress_kit::Span): the shrinker deletes whole rows, columns and operations,
// lowering the count that says how many there are.
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 8), m = rnd.next(1, 8), k = rnd.next(3, 6), q = rnd.next(1, 12);
    std::vector<std::vector<int>> a(n, std::vector<int>(m)), b(n, std::vector<int>(m));
    for (int i = 0; i < n; i++) {
        stress_kit::Span row("colours");
        for (int j = 0; j < m; j++) {
            stress_kit::Span cell("cell");
            int c = rnd.next(1, k);
            for (int tries = 0; tries < k; tries++) {
                bool left = j >= 2 && a[i][j - 1] == c && a[i][j - 2] == c;
                bool up = i >= 2 && a[i - 1][j] == c && a[i - 2][j] == c;
                if (!left && !up) break;
                c = c % k + 1;
            }
            a[i][j] = c;
        }
    }
    for (auto &row : b) {
        stress_kit::Span specials("specials");
        for (int &s : row) {
            stress_kit::Span cell("cell");
            s = rnd.next(0, 6);
        }
    }
    println(n, m, k, q);
    for (auto &row : a) println(row);
    for (auto &row : b) println(row);
    const int dx[] = {0, 1, 0, -1}, dy[] = {1, 0, -1, 0};
    for (int t = 0; t < q; t++) {
        stress_kit::Span op("op");
        int x = rnd.next(1, n), y = rnd.next(1, m), d = rnd.next(0, 3);
        int x2 = x + dx[d], y2 = y + dy[d];
        if (x2 < 1 || x2 > n || y2 < 1 || y2 > m) x2 = x - dx[d], y2 = y - dy[d];
        if (x2 < 1 || x2 > n || y2 < 1 || y2 > m) x2 = x, y2 = y;
        println(x, y, x2, y2);
    }
}
