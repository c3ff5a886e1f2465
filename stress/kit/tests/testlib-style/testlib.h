// A stand-in for testlib.h (see README.md): with stress.h included first its guard is defined and
// this file reads as empty; read on its own, it stops the compile.
#ifndef _TESTLIB_H_
#define _TESTLIB_H_
#error "testlib.h was read: compile the generator with -include stress.h"
#endif
