// rnd.wnext in each of its forms, all with the weight given as the first argument (default 0):
// an int in [1, 10^6], an int below 1000, a long long in [10, 10^12], then doubles below 1, below
// 5, in [-1, 1), and an element of a list picked by rnd.wany.
#include "testlib.h"

#include <cstdio>
#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int t = opt<int>(1, 0);

    int a = rnd.wnext(1, 1000000, t);
    int b = rnd.wnext(1000, t);
    long long c = rnd.wnext(10LL, 1000000000000LL, t);
    println(a, b, c);

    double p = rnd.wnext(t);
    double q = rnd.wnext(5.0, t);
    double r = rnd.wnext(-1.0, 1.0, t);
    printf("%.9f %.9f %.9f\n", p, q, r);

    vector<int> primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
    println(rnd.wany(primes, t));
}
