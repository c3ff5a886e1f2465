// Stream generator of pair-sum: n in 1..8, s in 0..18, a_i in 0..9 (zero bytes: "1 0" and "0").
#include <vector>

#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = rnd.next(1, 8);
    int s = rnd.next(0, 18);
    std::vector<int> a(n);
    for (int &x : a) x = rnd.next(0, 9);
    println(n, s);
    println(a);
}
