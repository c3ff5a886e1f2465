// Two numbers: a in [1, 10^8], b in [1, 10^9] (a stream generator on the kit's stress.h).
#include "../../../stress/kit/stress.h"

int main(int argc, char** argv) {
    registerGen(argc, argv, 1);
    long long a = rnd.next(1LL, 100000000LL), b = rnd.next(1LL, 1000000000LL);
    println(a, b);
}
