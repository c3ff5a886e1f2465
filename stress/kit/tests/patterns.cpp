// Prints, for each pattern among its arguments, one line: the string rnd.next(pattern) draws from
// the stream on stdin, a tab, and 1 when pattern(pattern).matches that string (else 0).
// `-f FORMAT N` prints rnd.next(FORMAT, N) instead (testlib's printf-style pattern), then 1 or 0.
// `-o PATTERN` prints pattern(PATTERN).next(rnd) (the class used directly).
#include "../stress.h"

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i], src, got;
        if (arg == "-f" && i + 2 < argc) {
            const char *format = argv[i + 1];
            int n = std::atoi(argv[i + 2]);
            i += 2;
            got = rnd.next(format, n);
            char text[256];
            std::snprintf(text, sizeof text, format, n);
            src = text;
        } else if (arg == "-o" && i + 1 < argc) {
            src = argv[++i];
            got = pattern(src).next(rnd);
        } else {
            src = arg;
            got = rnd.next(src);
        }
        std::printf("%s\t%d\n", got.c_str(), pattern(src).matches(got) ? 1 : 0);
    }
}
