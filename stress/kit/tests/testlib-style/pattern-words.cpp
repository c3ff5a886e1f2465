// Words drawn from pattern strings: `-words` lower-case words (default 4) on one line, an answer
// among three alternatives, an identifier and a hexadecimal colour.
#include "testlib.h"

#include <string>
#include <vector>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int count = opt<int>("words", 4);
    ensuref(count >= 1, "-words must be positive, not %d", count);

    vector<string> words;
    for (int i = 0; i < count; i++) words.push_back(rnd.next("[a-z]{1,10}"));
    println(words);
    println(rnd.next("(yes|no|maybe)"));
    println(rnd.next("[A-Za-z_][A-Za-z0-9_]{0,30}"));
    println(rnd.next("#[0-9a-f]{6}"));
}
