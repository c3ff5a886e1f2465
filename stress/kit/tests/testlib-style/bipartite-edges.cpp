// A bipartite graph: `left` and `right` vertices (arguments 1 and 2), `edges` distinct edges
// (argument 3). The ends lean to one side by a weight drawn in [-2, 2]; edges are drawn until
// there are enough distinct ones, then listed in random order with both sides relabelled.
// Prints "left right edges", then one edge "a b" a line (a on the left, b on the right).
#include "testlib.h"

#include <set>
#include <utility>
#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int left = opt<int>(1);
    int right = opt<int>(2);
    size_t wanted = opt<size_t>(3);
    ensuref(wanted <= (size_t)left * right, "%d x %d vertices have no %zu distinct edges", left,
            right, wanted);

    int lean = rnd.next(-2, 2);
    set<pair<int, int>> edges;
    while (edges.size() < wanted) {
        int a = rnd.wnext(left, lean);
        int b = rnd.wnext(right, lean);
        edges.emplace(a, b);
    }

    vector<pair<int, int>> order(edges.begin(), edges.end());
    shuffle(order.begin(), order.end());
    vector<int> left_name = rnd.perm(left, 1);
    vector<int> right_name = rnd.perm(right, 1);

    println(left, right, order.size());
    for (const auto &e : order) println(left_name[e.first], right_name[e.second]);
}
