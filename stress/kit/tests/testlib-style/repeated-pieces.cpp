// A string built from its arguments alone, no randomness: pairs "piece count" name a piece and
// how many times it repeats, in order; `repeated-pieces ab 3 c 2` prints abababcc.
#include "testlib.h"

#include <string>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    string out;
    for (int i = 1; !opt<string>(i, "").empty(); i += 2) {
        string piece = opt<string>(i);
        int times = opt<int>(i + 1);
        ensuref(times >= 0, "piece %s repeats %d times", piece.c_str(), times);
        for (int k = 0; k < times; k++) out += piece;
    }
    println(out);
}
