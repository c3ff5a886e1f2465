// Two translation units including stress.h share one stream and one tape (see two_b.cpp).
#include <cstring>

#include "../stress.h"

int draw_in_other_unit();

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    println(rnd.next(0, 9));
    if (argc > 1 && std::strcmp(argv[1], "exit") == 0) std::exit(0);
    println(draw_in_other_unit());
}
