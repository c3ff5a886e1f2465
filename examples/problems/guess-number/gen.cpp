// Stream generator of guess-number: the input file "n x", n in 1..30, x in 1..n (zeros: "1 1").
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 30);
    int x = rnd.next(1, n);
    println(n, x);
}
