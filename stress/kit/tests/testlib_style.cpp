// A generator written the way testlib generators are (using namespace std, bits of the usual
// idioms), with only its include changed: it must compile and, on the empty stream, print the
// simplest case (see test.sh).
#include "../stress.h"

#include <bits/stdc++.h>
using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = opt<int>("n", 5);
    long long big = rnd.next(1LL, (long long)1e18);
    long long mixed = rnd.next(1, big);
    vector<int> p = rnd.perm(n, 1);
    shuffle(p.begin(), p.end());
    string letters = "abc";
    char c = rnd.any(letters);
    vector<int> d = rnd.distinct(3, 1, 100);
    int w = rnd.wnext(n, 2) + rnd.wnext(1, n, -2);
    size_t k = rnd.next(p.size());
    double x = rnd.next(0.5, 1.5);
    ensure(n >= 1);
    ensuref(mixed >= 1, "mixed = %lld", mixed);
    println(n, big, mixed, c, w, k, x);
    println(p);
    println(d.begin(), d.end());
    printf("%s\n", string(1, rnd.any(letters.begin(), letters.end())).c_str());
    // testlib's format and vtos, and a pattern built with format.
    println(rnd.next(format("[a-c]{%d}", n)), vtos(n) + toString(0.5), format("%03d", 7));
    println(rnd.partition(3, 2 * n), rnd.wany(letters, 2));
}
