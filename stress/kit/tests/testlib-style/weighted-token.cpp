// A token of letters and digits whose length leans by the first argument (wnext's weight): long
// for a large positive weight, short for a large negative one. `-max-len` bounds it (default 500).
// Prints the length, then the token.
#include "testlib.h"

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int weight = opt<int>(1, 0);
    int most = opt<int>("max-len", 500);

    int length = rnd.wnext(1, most, weight);
    string token = rnd.next("[0-9A-Za-z]{%d}", length);
    println(length);
    println(token);
}
