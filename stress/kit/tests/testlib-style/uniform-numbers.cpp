// Uniform draws of each kind, one a line: an int in [1, 10^6], a long long in [1, 10^18], a value
// below 100, a char of a string, a bool, and three doubles (in [0, 1), [0, 8) and [0.25, 0.75)).
#include "testlib.h"

#include <cstdio>
#include <string>

using namespace std;

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);

    int small = rnd.next(1, 1000000);
    long long large = rnd.next(1LL, 1000000000000000000LL);
    int below = rnd.next(100);
    string vowels = "aeiou";
    char letter = rnd.any(vowels);
    bool coin = rnd.nextBool();
    println(small);
    println(large);
    println(below);
    println(letter);
    println(coin ? "heads" : "tails");
    double unit = rnd.next();
    double scaled = rnd.next(8.0);
    double middle = rnd.next(0.25, 0.75);
    printf("%.9f %.9f %.9f\n", unit, scaled, middle);
}
