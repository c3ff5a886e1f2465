// A row of 80 bits, about one in nine of them set: a class that repeats a character weights it.
#include "testlib.h"

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    println(rnd.next("[000000001]{80}"));
}
