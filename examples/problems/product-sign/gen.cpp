// n in 1..10, then n values in -10^9..10^9: every value a draw.
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 10);
    std::vector<long long> a(n);
    for (long long &x : a) x = rnd.next(-1000000000LL, 1000000000LL);
    println(n);
    println(a);
}
