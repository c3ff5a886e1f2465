// Stream generator of longest-run, written with testlib's names: t words (1..4) of total length
// 1..12 split by rnd.partition, each word drawn from the pattern "[a-c]{len}".
// Zero bytes: one word, "a".
#include "../../../stress/kit/stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int t = rnd.next(1, 4);
    int total = rnd.next(t, 12);
    std::vector<int> lengths = rnd.partition(t, total);
    println(t);
    for (int len : lengths) println(rnd.next("[a-c]{%d}", len));
}
