// A tree with weighted edges: `-n` vertices; each new vertex joins one of those before it picked
// by rnd.wany with the weight `-shape` (default 0), and the n - 1 edge weights are distinct values
// of [1, `-max-w`] (default 10^9). Prints n, then "u v w" a line.
#include "testlib.h"

#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = opt<int>("n");
    int shape = opt<int>("shape", 0);
    long long most = opt<long long>("max-w", 1000000000LL);
    ensuref(n >= 1 && most >= n - 1, "no %d distinct weights in [1, %lld]", n - 1, most);

    vector<long long> weights = rnd.distinct(n - 1, 1LL, most);
    vector<int> placed = {1};
    println(n);
    for (int v = 2; v <= n; v++) {
        int u = rnd.wany(placed, shape);
        println(u, v, weights[v - 2]);
        placed.push_back(v);
    }
}
