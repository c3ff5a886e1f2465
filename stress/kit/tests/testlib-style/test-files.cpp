// One test a file (testlib's startTest): tests 1..`-count` (default 8) in the files named 1, 2,
// ...; test i has a size n in [1, i] and n distinct values of [1, 10 i], one line each.
#include "testlib.h"

#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int count = opt<int>("count", 8);
    for (int test = 1; test <= count; test++) {
        startTest(test);
        int n = rnd.next(1, test);
        vector<int> values = rnd.distinct(n, 1, 10 * test);
        println(n);
        println(values.begin(), values.end());
    }
}
