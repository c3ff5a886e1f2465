// n in 1..8, then n values in 0..2000000000 (zero bytes: n = 1, the values 0).
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 8);
    std::vector<long long> a(n);
    for (long long &x : a) x = rnd.next(0LL, 2000000000LL);
    println(n);
    println(a);
}
