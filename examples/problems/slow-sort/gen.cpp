// N values in 1..10^9, N the first argument (the problem's largest size): every value a draw.
#include <cstdlib>
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = argc > 1 ? std::atoi(argv[1]) : 10;
    std::vector<long long> a(n);
    for (long long &x : a) x = rnd.next(1LL, 1000000000LL);
    println(n);
    println(a);
}
