// Prints the draws named by its arguments, one line each, from the stream on stdin (stress.h).
// The same operations as draws.py; ops marked C++ only have no Python twin.
//   i LO HI   rnd.next(LO, HI) as long long       u LO HI   as unsigned long long
//   n N       rnd.next(N) as int                   b         rnd.nextBool() as 0/1
//   f         rnd.next() times 2^53 (an integer)   U A B     rnd.next(A, B) as double, %.17g
//   c LEN     rnd.any of {0, 10, ..., 10(LEN-1)}   s LEN     shuffle of 0..LEN-1
//   d K LO HI rnd.distinct(K, LO, HI)              g K       rnd.next(0, 2^K - 1), K <= 64
//   p N       rnd.perm(N)                          w N T     rnd.wnext(N, T)
//   W LO HI T rnd.wnext(LO, HI, T) (long long)     y LEN T   rnd.wany of {0, 10, ..., 10(LEN-1)}
//   P K S M   rnd.partition(K, S, M) (long long)    x PAT     rnd.next(PAT), a pattern string
//   C++ only: a LEN  rnd.any(first, last) of {0, 10, ...}   D K N  rnd.distinct(K, N)
//             Y LEN T  rnd.wany(first, last, T)
#include "../stress.h"

#include <cinttypes>
#include <string>

static long long ll(const char *s) { return std::stoll(s); }
static unsigned long long ull(const char *s) { return std::stoull(s); }

static std::vector<long long> tens(long long len) {
    std::vector<long long> v;
    for (long long i = 0; i < len; i++) v.push_back(10 * i);
    return v;
}

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    for (int i = 1; i < argc;) {
        std::string op = argv[i++];
        if (op == "(") {
            stress_kit::stream().open(argv[i++]);
        } else if (op == ")") {
            stress_kit::stream().close();
        } else if (op == "i") {
            long long lo = ll(argv[i]), hi = ll(argv[i + 1]);
            i += 2;
            println(rnd.next(lo, hi));
        } else if (op == "u") {
            unsigned long long lo = ull(argv[i]), hi = ull(argv[i + 1]);
            i += 2;
            println(rnd.next(lo, hi));
        } else if (op == "n") {
            println(rnd.next(int(ll(argv[i++]))));
        } else if (op == "b") {
            println(rnd.nextBool() ? 1 : 0);
        } else if (op == "f") {
            println((unsigned long long)(rnd.next() * 0x1p53));
        } else if (op == "U") {
            double a = std::stod(argv[i]), b = std::stod(argv[i + 1]);
            i += 2;
            std::printf("%.17g\n", rnd.next(a, b));
        } else if (op == "c") {
            println(rnd.any(tens(ll(argv[i++]))));
        } else if (op == "a") {
            auto v = tens(ll(argv[i++]));
            println(rnd.any(v.begin(), v.end()));
        } else if (op == "s") {
            auto v = tens(ll(argv[i++]));
            for (auto &x : v) x /= 10;
            shuffle(v.begin(), v.end());
            println(v);
        } else if (op == "d") {
            int k = int(ll(argv[i]));
            long long lo = ll(argv[i + 1]), hi = ll(argv[i + 2]);
            i += 3;
            println(rnd.distinct(k, lo, hi));
        } else if (op == "D") {
            int k = int(ll(argv[i]));
            int n = int(ll(argv[i + 1]));
            i += 2;
            println(rnd.distinct(k, n));
        } else if (op == "g") {
            int k = int(ll(argv[i++]));
            unsigned long long hi = k == 64 ? ~0ULL : (1ULL << k) - 1;
            println(rnd.next(0ULL, hi));
        } else if (op == "p") {
            println(rnd.perm(int(ll(argv[i++]))));
        } else if (op == "w") {
            int n = int(ll(argv[i])), t = int(ll(argv[i + 1]));
            i += 2;
            println(rnd.wnext(n, t));
        } else if (op == "W") {
            long long lo = ll(argv[i]), hi = ll(argv[i + 1]);
            int t = int(ll(argv[i + 2]));
            i += 3;
            println(rnd.wnext(lo, hi, t));
        } else if (op == "y" || op == "Y") {
            auto v = tens(ll(argv[i]));
            int t = int(ll(argv[i + 1]));
            i += 2;
            println(op == "y" ? rnd.wany(v, t) : rnd.wany(v.begin(), v.end(), t));
        } else if (op == "x") {
            println(rnd.next(std::string(argv[i++])));
        } else if (op == "P") {
            int k = int(ll(argv[i]));
            long long sum = ll(argv[i + 1]), min_part = ll(argv[i + 2]);
            i += 3;
            println(rnd.partition(k, sum, min_part));
        } else {
            ensuref(false, "unknown op %s", op.c_str());
        }
    }
}
