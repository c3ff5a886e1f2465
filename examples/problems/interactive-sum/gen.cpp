// n in 1..5, then n values in 0..9 (zero bytes: n = 1, the value 0).
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 5);
    std::vector<int> a(n);
    for (int &x : a) x = rnd.next(0, 9);
    println(n);
    println(a);
}
