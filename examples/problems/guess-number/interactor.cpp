// Interactor of guess-number (testlib's convention): interactor INPUT OUTPUT.
// Reads "n x" from INPUT and sends "n" to the solution. The solution asks "? y" (1 <= y <= n) and
// reads "<" (x < y), ">" (x > y) or "=" (x = y); it may ask at most floor(log2 n) + 1 times; it
// ends with "! y". Writes the solution's final y to OUTPUT. Exit 0 when y = x, 1 wrong answer (a
// wrong y, too many queries, a query out of range), 2 presentation error (an unknown token, end of
// file), 3 the interactor's own failure (a bad INPUT, OUTPUT not writable).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

static void verdict(int code, const std::string &message) {
    static const char *names[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
    std::fprintf(stderr, "%s %s\n", names[code], message.c_str());
    std::exit(code);
}

// The next integer the solution sends, or a presentation error naming what was expected.
static long long read_int(const char *what) {
    long long v;
    if (std::scanf("%lld", &v) != 1) verdict(2, std::string("expected ") + what);
    return v;
}

int main(int argc, char *argv[]) {
    std::signal(SIGPIPE, SIG_IGN);  // a solution that exits early is a verdict, not our crash
    if (argc < 3) verdict(3, "usage: interactor INPUT OUTPUT");
    std::FILE *in = std::fopen(argv[1], "r");
    long long n, x;
    if (in == nullptr || std::fscanf(in, "%lld %lld", &n, &x) != 2 || n < 1 || x < 1 || x > n)
        verdict(3, std::string("bad input file ") + argv[1]);
    std::fclose(in);
    std::FILE *out = std::fopen(argv[2], "w");
    if (out == nullptr) verdict(3, std::string("cannot write ") + argv[2]);
    int limit = 1;
    while ((2LL << (limit - 1)) <= n) limit++;  // floor(log2 n) + 1
    std::printf("%lld\n", n);
    std::fflush(stdout);
    for (int queries = 0;;) {
        char kind[3];
        if (std::scanf("%2s", kind) != 1) verdict(2, "end of file: expected \"? y\" or \"! y\"");
        std::string k = kind;
        long long y = read_int("a number after ? or !");
        if (k == "!") {
            std::fprintf(out, "%lld\n", y);
            std::fclose(out);
            if (y != x) verdict(1, "answered " + std::to_string(y) + ", the number is " + std::to_string(x));
            verdict(0, "found " + std::to_string(x) + " in " + std::to_string(queries) + " queries");
        }
        if (k != "?") verdict(2, "expected \"?\" or \"!\", got \"" + k + "\"");
        if (++queries > limit) verdict(1, "more than " + std::to_string(limit) + " queries");
        if (y < 1 || y > n) verdict(1, "query " + std::to_string(y) + " out of 1.." + std::to_string(n));
        std::printf("%s\n", x < y ? "<" : x > y ? ">" : "=");
        std::fflush(stdout);
    }
}
