// A tree on n vertices (argument 1) as its edge list: each new vertex joins one drawn before it by
// wnext with the weight of argument 2 (default 0); all vertices are renamed, each edge's ends are
// swapped on a coin flip, and the edges are listed in random order. Prints n, then n - 1 edges.
#include "testlib.h"

#include <utility>
#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = opt<int>(1);
    int weight = opt<int>(2, 0);
    ensuref(n >= 1, "a tree needs a vertex, not %d", n);

    vector<int> name = rnd.perm(n, 1);
    vector<pair<int, int>> edges;
    for (int v = 1; v < n; v++) {
        int u = rnd.wnext(v, weight);
        pair<int, int> e(name[u], name[v]);
        if (rnd.next(2) == 1) swap(e.first, e.second);
        edges.push_back(e);
    }
    shuffle(edges.begin(), edges.end());

    println(n);
    for (const auto &e : edges) println(e.first, e.second);
}
