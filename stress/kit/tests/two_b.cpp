// The second translation unit of two_a.cpp.
#include "../stress.h"

int draw_in_other_unit() { return rnd.next(0, 9); }
