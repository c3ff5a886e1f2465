// Several test cases in one input, each an array; the lengths share `-total-n` among `-tests`
// cases (each at least `-min-n`, default 1). Values lie in [`-lo`, `-hi`] (default 1 and 10^9),
// leaning by `-bias` (wnext's weight, default 0); `-sorted` sorts each array.
#include "testlib.h"

#include <algorithm>
#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int tests = opt<int>("tests");
    int total = opt<int>("total-n");
    int least = opt<int>("min-n", 1);
    int lo = opt<int>("lo", 1);
    int hi = opt<int>("hi", 1000000000);
    int bias = opt<int>("bias", 0);
    bool sorted = has_opt("sorted");
    ensuref(1LL * tests * least <= total, "%d tests of at least %d elements exceed %d", tests,
            least, total);
    ensuref(lo <= hi, "-lo %d is above -hi %d", lo, hi);

    vector<int> lengths = rnd.partition(tests, total, least);
    println(tests);
    for (int length : lengths) {
        vector<int> values;
        while ((int)values.size() < length) values.push_back(rnd.wnext(lo, hi, bias));
        if (sorted) sort(values.begin(), values.end());
        println(length);
        println(values);
    }
}
