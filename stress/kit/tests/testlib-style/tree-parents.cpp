// A rooted tree on n vertices (argument 1), root 1, as its parent array: vertex i + 1 hangs
// below one of the vertices before it, picked by wnext with the weight of argument 2 (default 0:
// large weights make long paths, small ones make stars). The vertices but the root are then
// renamed at random. Prints n, then the parents of vertices 2..n.
#include "testlib.h"

#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = opt<int>(1);
    int weight = opt<int>(2, 0);
    ensuref(n >= 2, "a tree of %d vertices has no parents to print", n);

    vector<int> above(n, -1);
    for (int v = 1; v < n; v++) above[v] = rnd.wnext(v, weight);

    vector<int> name(n);
    for (int v = 0; v < n; v++) name[v] = v + 1;
    shuffle(name.begin() + 1, name.end());

    vector<int> parent_of(n + 1, 0);
    for (int v = 1; v < n; v++) parent_of[name[v]] = name[above[v]];
    println(n);
    println(parent_of.begin() + 2, parent_of.end());
}
