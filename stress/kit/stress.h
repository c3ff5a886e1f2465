// stress.h: testlib's generator names, every choice drawn from the byte stream on stdin.
//
// A generator written for testlib is a stream generator for `harness stress --gen-stream` as it is:
// the harness compiles a stream generator whose source includes testlib.h with this header forced
// in first (`-include stress.h`), and this header defines testlib.h's guard `_TESTLIB_H_`, so the
// real testlib.h (beside the generator or not) reads as empty. By hand: `#include "stress.h"`
// instead of `#include "testlib.h"`, or `g++ -include stress.h`. The harness writes random bytes on
// the generator's standard input; each choice reads a few of them (docs/stress-protocol.md), so the
// harness can shrink a failing input by shrinking the bytes and generating again, and enumerate
// every small input.
//
// The protocol, in short. Every choice is a bounded draw of an integer in [lo, hi] with
// n = hi - lo + 1 possible values (n = 0 stands for 2^64). When n == 1 the draw reads nothing and
// returns lo; otherwise it reads k bytes, the fewest that hold n - 1, as one big-endian number raw
// and returns lo + raw mod n. Past the end of the stream every byte is 0, so a short stream means
// the smallest choices: the empty stream is the simplest input.
//
// Names (testlib's semantics, zero bytes give the first / smallest choice):
//   rnd.next(n)              integer in [0, n), for int, unsigned, long, unsigned long, long long,
//                            unsigned long long (next(0ULL) is not allowed: use next(0, ULLONG_MAX))
//   rnd.next(lo, hi)         integer in [lo, hi] (same types; a full 64-bit range is exact)
//   rnd.next()               double in [0, 1): draw(0, 2^53 - 1) / 2^53
//   rnd.next(x), next(a, b)  double in [0, x), [a, b)
//   rnd.nextBool()           draw(0, 1) == 1
//   rnd.any(c), any(f, l)    the element at draw(0, size - 1)
//   rnd.wnext(n, t) and rnd.wnext(lo, hi, t) (integers of any type, doubles), rnd.wnext(t)
//                            t > 0: the largest of t + 1 draws; t < 0: the smallest of -t + 1 draws;
//                            for |t| >= 25 one double draw u and an inverse distribution function
//                            chosen so that u = 0 gives the smallest value; wnext(t): a double in
//                            [0, 1)
//   rnd.wany(c, t), rnd.wany(f, l, t)  the element at wnext(size, t) (zeros: the first)
//   rnd.next(pattern), rnd.next(format, ...), pattern(p).next(rnd), pattern(p).matches(s)
//                            testlib's pattern strings ("[a-z]{1,10}", "(yes|no)", "[^ ]?"), the
//                            format printf's: a count lo + draw(0, hi - lo), a class's character
//                            the j-th of the class sorted by code, j = draw(0, size - 1), an
//                            alternative draw(0, count - 1); zeros: the shortest string of the
//                            first alternative and each class's smallest character
//                            (stress_pattern.h)
//   rnd.partition(size, sum[, min_part = 1])
//                            size parts >= min_part summing to sum: size - 1 cuts, each
//                            draw(0, sum - size * min_part), sorted; the parts are min_part plus
//                            the gaps between them (zeros: min_part, ..., min_part, the rest last)
//   rnd.perm(n[, first])     a permutation of first..first+n-1: the identity shuffled (identity on
//                            zeros)
//   rnd.distinct(k, lo, hi)  k distinct values (each a span "distinct"): the i-th is the j-th
//                            smallest value not taken yet,
//                            j = draw(0, n - 1 - i) (lo, lo+1, ... on zeros); O(k^2), for small k
//   rnd.distinct(k, n)       distinct(k, 0, n - 1)
//   shuffle(f, l), rnd.shuffle(f, l)
//                            for i in 1..len: j = draw(0, i), swap a[i] and a[i - j] (unchanged on
//                            zeros)
//   registerGen(argc, argv, version)  accepted, does nothing (the stream is the randomness)
//   opt<T>(name[, default]), opt<T>(index[, default]), opt(name), opt(index), has_opt(name)
//                            testlib-style options: -name=value, --name value, or a positional
//                            index opt<T>(1); without <T> the text
//   startTest(i)             testlib's: standard output becomes the file named i
//   println(...)             the arguments separated by spaces, then a newline; a container prints
//                            its elements, println(first, last) a range
//   ensure(cond), ensuref(cond, fmt, ...)  on failure: a message on stderr, exit 3
//   format(fmt, ...), vtos(x), toString(x)  testlib's: printf into a string; x as << writes it
//   quitf / __testlib_fail are not provided: a generator reports errors with ensure.
//
// The tape: when the environment variable STRESS_TAPE names a file, it is written at normal exit
// (exit or return from main): the line "consumed K" (stream bytes the draws read, past the end
// included), then one line "n value" per draw, value = drawn - lo, n written 0 for 2^64, and
// " lo" after them when lo is not 0 (as a signed 64-bit number); a span's beginning is the line
// "( LABEL" and its end the line ")".
//
// Spans: `stress_kit::Span row("row");` makes the draws of the rest of the scope one group (a row,
// an operation, a test case). The shrinker then deletes whole groups, and lowers a count together
// with the groups it counts (n and n rows: n - 1 and a row fewer). Optional: without spans the
// shrinker works on single draws.
//
// Not provided: rnd.setSeed (one compile error that says so), testlib's quitf and its other
// helpers outside random_t (split, join, upperCase...).
#ifndef STRESS_KIT_STRESS_H
#define STRESS_KIT_STRESS_H
// testlib.h's own guard: included after this header, testlib.h is empty.
#ifndef _TESTLIB_H_
#define _TESTLIB_H_
#endif

// The standard headers testlib.h includes (generators rely on them), and the kit's own.
#include <algorithm>
#include <climits>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace stress_kit {

[[noreturn]] inline void fail(const char *what) {
    std::fflush(stdout);
    std::fprintf(stderr, "stress.h: %s\n", what);
    std::exit(3);
}

// The byte stream on stdin, read in blocks, and the tape of draws. Past its end: zeros, or, when
// STRESS_EXTEND holds a seed (16 hex digits; a fresh case's), the bytes of splitmix64 from that
// seed, each output little-endian (docs/stress-protocol.md): a fresh stream never runs dry.
class Stream {
  public:
    Stream() {
        const char *path = std::getenv("STRESS_TAPE");
        if (path != nullptr && *path != '\0') tape_path_ = path;
        const char *extend = std::getenv("STRESS_EXTEND");
        if (extend != nullptr && *extend != '\0') {
            extend_ = true;
            extend_state_ = std::strtoull(extend, nullptr, 16);
        }
    }
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
    ~Stream() { write_tape(); }

    // A draw in [0, n - 1] (n == 0 means 2^64 values): k bytes big-endian, mod n. `lo` is what
    // the caller adds to it (the tape says it, so that a value the program compares against can be
    // put into the draw that makes it).
    uint64_t below(uint64_t n, uint64_t lo = 0) {
        if (n == 1) {
            record(1, 0, lo);
            return 0;
        }
        uint64_t span = n - 1;  // n == 0 wraps to 2^64 - 1: 8 bytes
        uint64_t raw = 0;
        do {
            raw = (raw << 8) | byte();
            span >>= 8;
        } while (span != 0);
        uint64_t value = n == 0 ? raw : raw % n;
        record(n, value, lo);
        return value;
    }

    // Writes the tape now (idempotent); called at exit.
    void write_tape() {
        if (tape_path_.empty() || tape_written_) return;
        tape_written_ = true;
        std::FILE *f = std::fopen(tape_path_.c_str(), "w");
        if (f == nullptr) {
            std::fprintf(stderr, "stress.h: cannot write the tape %s\n", tape_path_.c_str());
            return;
        }
        std::fprintf(f, "consumed %llu\n", static_cast<unsigned long long>(consumed_));
        for (const auto &d : tape_) {
            if (d.mark == Mark::Open) {
                std::fprintf(f, "( %s\n", d.label.c_str());
            } else if (d.mark == Mark::Close) {
                std::fputs(")\n", f);
            } else {
                std::fprintf(f, "%llu %llu", static_cast<unsigned long long>(d.n),
                             static_cast<unsigned long long>(d.value));
                if (d.lo != 0) std::fprintf(f, " %lld", static_cast<long long>(d.lo));
                std::fputc('\n', f);
            }
        }
        std::fclose(f);
    }

  private:
    uint64_t byte() {
        ++consumed_;
        if (pos_ == len_) {
            if (eof_) return past_end();
            len_ = std::fread(buf_, 1, sizeof buf_, stdin);
            pos_ = 0;
            if (len_ == 0) {
                eof_ = true;
                return past_end();
            }
        }
        return buf_[pos_++];
    }
    // A byte past the end of stdin: 0, or the next byte of the extension.
    uint64_t past_end() {
        if (!extend_) return 0;
        if (extend_used_ == 8) {
            extend_state_ += 0x9E3779B97F4A7C15ULL;
            uint64_t z = extend_state_;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            extend_word_ = z ^ (z >> 31);
            extend_used_ = 0;
        }
        return (extend_word_ >> (8 * extend_used_++)) & 0xFF;
    }
  public:
    // A span of draws begins (`label` names its kind: letters, digits, '_' and '-') or ends.
    void open(const char *label) {
        if (!tape_path_.empty()) tape_.push_back(Drawn{0, 0, 0, Mark::Open, label});
    }
    void close() {
        if (!tape_path_.empty()) tape_.push_back(Drawn{0, 0, 0, Mark::Close, std::string()});
    }

  private:
    enum class Mark { Draw, Open, Close };
    struct Drawn {
        uint64_t n, value;
        int64_t lo;
        Mark mark;
        std::string label;
    };
    void record(uint64_t n, uint64_t value, uint64_t lo) {
        if (!tape_path_.empty())
            tape_.push_back(Drawn{n, value, static_cast<int64_t>(lo), Mark::Draw, std::string()});
    }

    unsigned char buf_[1 << 16];
    size_t pos_ = 0, len_ = 0;
    bool eof_ = false;
    bool extend_ = false;
    uint64_t extend_state_ = 0, extend_word_ = 0;
    unsigned extend_used_ = 8;
    uint64_t consumed_ = 0;
    std::string tape_path_;
    bool tape_written_ = false;
    std::vector<Drawn> tape_;
};

inline Stream &stream() {
    static Stream s;
    return s;
}

// Writes the tape at exit even when the stream was never touched before main returned.
struct TapeAtExit {
    TapeAtExit() {
        stream();
        std::atexit([] { stream().write_tape(); });
    }
};
static TapeAtExit tape_at_exit;

template <typename T>
using if_int = typename std::enable_if<std::is_integral<T>::value, int>::type;
// Two arithmetic types that differ (next(1, n) with a long long n).
template <typename A, typename B>
using if_mixed =
    typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
                                !std::is_same<A, B>::value,
                            int>::type;

// A span: the draws made while it lives are one group of the input (a row, an operation, a test
// case), named by `label`. The tape records where it begins and ends, and the shrinker deletes,
// and counts, whole spans: `stress_kit::Span row("row");` at the top of a loop's body.
class Span {
  public:
    explicit Span(const char *label = "span") { stream().open(label); }
    ~Span() { stream().close(); }
    Span(const Span &) = delete;
    Span &operator=(const Span &) = delete;
};

// The values taken so far by rnd.distinct, as offsets, sorted, in blocks of a few hundred:
// take(v) finds the v-th smallest offset not taken yet and takes it, in O(k / B + B) for the
// k-th value rather than the O(k) of one sorted list (k = 2e5 values: 0.1 s, not minutes).
class Untaken {
  public:
    uint64_t take(uint64_t v) {
        // The offsets t_j at global index j with t_j - j <= v lie below the answer v + j.
        uint64_t before = 0;
        size_t b = 0;
        for (; b < blocks_.size(); b++) {
            const std::vector<uint64_t> &block = blocks_[b];
            if (block.back() - (before + block.size() - 1) > v) break;
            before += block.size();
        }
        if (b == blocks_.size()) {
            if (blocks_.empty() || blocks_.back().size() >= 2 * kBlock) blocks_.emplace_back();
            blocks_.back().push_back(v + before);
            return v + before;
        }
        std::vector<uint64_t> &block = blocks_[b];
        size_t lo = 0, hi = block.size();  // the first local i with block[i] - (before + i) > v
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (block[mid] - (before + mid) > v)
                hi = mid;
            else
                lo = mid + 1;
        }
        uint64_t x = v + before + lo;
        block.insert(block.begin() + static_cast<std::ptrdiff_t>(lo), x);
        if (block.size() >= 2 * kBlock) {
            std::vector<uint64_t> upper(block.begin() + kBlock, block.end());
            block.resize(kBlock);
            blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(b) + 1, std::move(upper));
        }
        return x;
    }

  private:
    static constexpr size_t kBlock = 256;
    std::vector<std::vector<uint64_t>> blocks_;
};

}  // namespace stress_kit

// testlib's random_t, drawing from the stream.
class random_t {
  public:
    static const int lim = 25;

    // An integer in [lo, hi] of any integer type; a full 64-bit range is exact.
    template <typename T, stress_kit::if_int<T> = 0>
    T draw(T lo, T hi) {
        if (hi < lo) stress_kit::fail("rnd.next(lo, hi): lo > hi");
        uint64_t n = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
        uint64_t base = static_cast<uint64_t>(lo);
        return static_cast<T>(base + stress_kit::stream().below(n, base));
    }

    int next(int n) { return below(n); }
    unsigned next(unsigned n) { return below(n); }
    long next(long n) { return below(n); }
    unsigned long next(unsigned long n) { return below(n); }
    long long next(long long n) { return below(n); }
    unsigned long long next(unsigned long long n) { return below(n); }

    int next(int lo, int hi) { return draw(lo, hi); }
    unsigned next(unsigned lo, unsigned hi) { return draw(lo, hi); }
    long next(long lo, long hi) { return draw(lo, hi); }
    unsigned long next(unsigned long lo, unsigned long hi) { return draw(lo, hi); }
    long long next(long long lo, long long hi) { return draw(lo, hi); }
    unsigned long long next(unsigned long long lo, unsigned long long hi) { return draw(lo, hi); }
    // Mixed types (next(1, n) with a long long n): the common type.
    template <typename A, typename B, stress_kit::if_mixed<A, B> = 0>
    auto next(A lo, B hi) -> decltype(lo + hi) {
        using C = decltype(lo + hi);
        return next(static_cast<C>(lo), static_cast<C>(hi));
    }

    // A double in [0, 1): draw(0, 2^53 - 1) / 2^53.
    double next() {
        return static_cast<double>(stress_kit::stream().below(uint64_t(1) << 53)) * 0x1p-53;
    }
    double next(double n) { return n * next(); }
    double next(double lo, double hi) {
        if (!(lo <= hi)) stress_kit::fail("rnd.next(double lo, double hi): lo > hi");
        return lo + (hi - lo) * next();
    }

    bool nextBool() { return draw(0, 1) == 1; }

    // testlib's pattern strings (stress_pattern.h): a string the pattern matches; the format is
    // printf's, then the result is the pattern.
    std::string next(const std::string &ptrn);
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    std::string next(const char *format, ...);

    // testlib's setSeed has no meaning here: one clear compile error.
    template <typename T = char, typename... A>
    void setSeed(A &&...) {
        static_assert(sizeof(T) == 0,
                      "stress.h: rnd.setSeed is not supported: the stream on stdin is the "
                      "randomness (docs/stress-kit.md)");
    }

    template <typename C>
    auto any(const C &c) -> typename std::decay<decltype(*std::begin(c))>::type {
        auto size = std::distance(std::begin(c), std::end(c));
        if (size <= 0) stress_kit::fail("rnd.any: empty container");
        auto it = std::begin(c);
        std::advance(it, draw<long long>(0, size - 1));
        return *it;
    }
    template <typename It>
    auto any(const It &first, const It &last) -> typename std::decay<decltype(*first)>::type {
        auto size = std::distance(first, last);
        if (size <= 0) stress_kit::fail("rnd.any: empty range");
        It it = first;
        std::advance(it, draw<long long>(0, size - 1));
        return *it;
    }

    // Weighted: t > 0 the largest of t + 1 draws, t < 0 the smallest of -t + 1 draws.
    template <typename T, stress_kit::if_int<T> = 0>
    T wnext(T n, int t) {
        if (n <= 0) stress_kit::fail("rnd.wnext(n, t): n must be positive");
        return wnext(T(0), T(n - 1), t);
    }
    template <typename T, stress_kit::if_int<T> = 0>
    T wnext(T lo, T hi, int t) {
        if (hi < lo) stress_kit::fail("rnd.wnext(lo, hi, t): lo > hi");
        if (std::abs(t) < lim) {
            T r = draw(lo, hi);
            for (int i = 0; i < t; i++) r = std::max(r, draw(lo, hi));
            for (int i = 0; i < -t; i++) r = std::min(r, draw(lo, hi));
            return r;
        }
        uint64_t n = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
        double span = n == 0 ? 0x1p64 : static_cast<double>(n);
        double x = static_cast<double>(span) * weighted(t);
        uint64_t off = x >= span ? (n - 1) : static_cast<uint64_t>(x);
        if (n != 0 && off >= n) off = n - 1;
        return static_cast<T>(static_cast<uint64_t>(lo) + off);
    }
    template <typename A, typename B, stress_kit::if_mixed<A, B> = 0>
    auto wnext(A lo, B hi, int t) -> decltype(lo + hi) {
        using C = decltype(lo + hi);
        return wnext(static_cast<C>(lo), static_cast<C>(hi), t);
    }
    double wnext(double n, int t) { return n * wprob(t); }
    double wnext(double lo, double hi, int t) { return lo + (hi - lo) * wprob(t); }
    double wnext(int t) { return wprob(t); }

    // The element at wnext(size, t).
    template <typename C>
    auto wany(const C &c, int t) -> typename std::decay<decltype(*std::begin(c))>::type {
        return wany(std::begin(c), std::end(c), t);
    }
    template <typename It>
    auto wany(const It &first, const It &last, int t) ->
        typename std::decay<decltype(*first)>::type {
        auto size = std::distance(first, last);
        if (size <= 0) stress_kit::fail("rnd.wany: empty range");
        It it = first;
        std::advance(it, wnext(static_cast<long long>(size), t));
        return *it;
    }

    // size parts >= min_part summing to sum: size - 1 cuts in [0, sum - size * min_part], each one
    // draw, sorted; a part is min_part plus the gap before its cut (the last: after the last cut).
    template <typename T, typename U = T, stress_kit::if_int<T> = 0, stress_kit::if_int<U> = 0>
    std::vector<T> partition(int size, T sum, U min_part = U(1)) {
        if (size < 0) stress_kit::fail("rnd.partition: size < 0");
        if (size == 0) {
            if (sum != 0) stress_kit::fail("rnd.partition: size == 0 && sum != 0");
            return {};
        }
        if (static_cast<long double>(min_part) * size > static_cast<long double>(sum))
            stress_kit::fail("rnd.partition: min_part * size > sum");
        uint64_t base = static_cast<uint64_t>(static_cast<T>(min_part));
        uint64_t extra = static_cast<uint64_t>(sum) - base * static_cast<uint64_t>(size);
        std::vector<uint64_t> cuts(static_cast<size_t>(size - 1));
        for (auto &c : cuts) c = stress_kit::stream().below(extra + 1);
        std::sort(cuts.begin(), cuts.end());
        std::vector<T> parts;
        parts.reserve(static_cast<size_t>(size));
        uint64_t prev = 0;
        for (uint64_t c : cuts) {
            parts.push_back(static_cast<T>(base + (c - prev)));
            prev = c;
        }
        parts.push_back(static_cast<T>(base + (extra - prev)));
        return parts;
    }

    // The identity permutation of first..first+n-1, shuffled by the protocol's rule.
    template <typename T, typename E = T>
    std::vector<E> perm(T n, E first = E(0)) {
        if (n < 0) stress_kit::fail("rnd.perm(n): n < 0");
        std::vector<E> p(static_cast<size_t>(n));
        for (size_t i = 0; i < p.size(); i++) p[i] = static_cast<E>(first + static_cast<E>(i));
        shuffle(p.begin(), p.end());
        return p;
    }

    // k distinct values of [lo, hi]: the i-th is the j-th smallest value not taken yet.
    template <typename T, stress_kit::if_int<T> = 0>
    std::vector<T> distinct(int k, T lo, T hi) {
        if (hi < lo) stress_kit::fail("rnd.distinct(k, lo, hi): lo > hi");
        uint64_t n = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
        if (k < 0 || (n != 0 && static_cast<uint64_t>(k) > n))
            stress_kit::fail("rnd.distinct(k, lo, hi): k out of range");
        stress_kit::Untaken taken;
        std::vector<T> out;
        out.reserve(static_cast<size_t>(k));
        for (int i = 0; i < k; i++) {
            stress_kit::Span element("distinct");  // k and its k elements: the shrinker's count
            uint64_t v = stress_kit::stream().below(n - static_cast<uint64_t>(i));
            out.push_back(static_cast<T>(static_cast<uint64_t>(lo) + taken.take(v)));
        }
        return out;
    }
    template <typename T, stress_kit::if_int<T> = 0>
    std::vector<T> distinct(int k, T n) {
        if (n <= 0) stress_kit::fail("rnd.distinct(k, n): n must be positive");
        return distinct(k, T(0), T(n - 1));
    }

    template <typename It>
    void shuffle(It first, It last) {
        auto len = std::distance(first, last);
        for (decltype(len) i = 1; i < len; i++) {
            auto j = draw<long long>(0, i);
            if (j != 0) std::iter_swap(first + i, first + (i - j));
        }
    }

  private:
    template <typename T>
    T below(T n) {
        if (n <= 0) stress_kit::fail("rnd.next(n): n must be positive");
        return draw(T(0), T(n - 1));
    }
    // A probability with the weighted distribution; u = 0 gives 0.
    double weighted(int t) {
        double u = next();
        if (t > 0) return std::pow(u, 1.0 / (t + 1));
        return 1.0 - std::pow(1.0 - u, 1.0 / (-t + 1));
    }
    double wprob(int t) {
        if (std::abs(t) < lim) {
            double r = next();
            for (int i = 0; i < t; i++) r = std::max(r, next());
            for (int i = 0; i < -t; i++) r = std::min(r, next());
            return r;
        }
        return weighted(t);
    }
};

static random_t rnd;

#include "stress_pattern.h"

template <typename It>
void shuffle(It first, It last) {
    rnd.shuffle(first, last);
}

// testlib's registerGen: accepted; the stream is the randomness. Keeps argv for opt().
namespace stress_kit {
inline std::vector<std::string> &args() {
    static std::vector<std::string> a;
    return a;
}
}  // namespace stress_kit

inline void registerGen(int argc, char *argv[], int version = 1) {
    (void)version;
    stress_kit::args().assign(argv, argv + argc);
}

// The value of option `name` (-name=v, --name=v, -name v, --name v), or nullptr.
namespace stress_kit {
inline const std::string *find_opt(const std::string &name) {
    const auto &a = args();
    for (size_t i = 1; i < a.size(); i++) {
        std::string s = a[i];
        size_t dashes = s.compare(0, 2, "--") == 0 ? 2 : (s.compare(0, 1, "-") == 0 ? 1 : 0);
        if (dashes == 0) continue;
        s = s.substr(dashes);
        if (s.compare(0, name.size(), name) != 0) continue;
        if (s.size() > name.size() && s[name.size()] == '=') {
            static std::string value;
            value = s.substr(name.size() + 1);
            return &value;
        }
        if (s.size() == name.size()) return i + 1 < a.size() ? &a[i + 1] : &a[i];
    }
    return nullptr;
}
template <typename T>
T parse_opt(const std::string &text, const std::string &name) {
    std::istringstream in(text);
    T value{};
    if (!(in >> value) || !(in >> std::ws).eof())
        fail(("option " + name + ": cannot read '" + text + "'").c_str());
    return value;
}
template <>
inline std::string parse_opt<std::string>(const std::string &text, const std::string &) {
    return text;
}
template <>
inline bool parse_opt<bool>(const std::string &text, const std::string &name) {
    if (text == "true" || text == "1" || text == "-" + name || text == "--" + name) return true;
    if (text == "false" || text == "0") return false;
    fail(("option " + name + ": not a boolean: '" + text + "'").c_str());
}
}  // namespace stress_kit

inline bool has_opt(const std::string &name) { return stress_kit::find_opt(name) != nullptr; }

template <typename T>
T opt(const std::string &name) {
    const std::string *v = stress_kit::find_opt(name);
    if (v == nullptr) stress_kit::fail(("option " + name + " is missing").c_str());
    return stress_kit::parse_opt<T>(*v, name);
}
template <typename T>
T opt(const std::string &name, const T &default_value) {
    const std::string *v = stress_kit::find_opt(name);
    return v == nullptr ? default_value : stress_kit::parse_opt<T>(*v, name);
}
template <typename T>
T opt(int index) {
    const auto &a = stress_kit::args();
    if (index < 0 || static_cast<size_t>(index) >= a.size())
        stress_kit::fail("opt(index): no such argument");
    return stress_kit::parse_opt<T>(a[static_cast<size_t>(index)], std::to_string(index));
}
template <typename T>
T opt(int index, const T &default_value) {
    if (index < 0 || static_cast<size_t>(index) >= stress_kit::args().size()) return default_value;
    return opt<T>(index);
}
inline std::string opt(const std::string &name) { return opt<std::string>(name); }
inline std::string opt(int index) { return opt<std::string>(index); }

// testlib's startTest: what the generator prints next goes to the file named `test`.
inline void startTest(int test) {
    std::cout.flush();
    std::string name = std::to_string(test);
    if (std::freopen(name.c_str(), "w", stdout) == nullptr)
        stress_kit::fail(("startTest: cannot write the file " + name).c_str());
}

// println: arguments separated by spaces, then a newline; containers print their elements.
namespace stress_kit {
template <typename T, typename = void>
struct is_range : std::false_type {};
template <typename T>
struct is_range<T, decltype(void(std::begin(std::declval<const T &>())))>
    : std::integral_constant<bool, !std::is_same<T, std::string>::value &&
                                       !std::is_convertible<T, const char *>::value> {};

template <typename T>
void print_one(const T &x, std::false_type) {
    std::cout << x;
}
template <typename T>
void print_one(const T &c, std::true_type) {
    bool first = true;
    for (const auto &x : c) {
        if (!first) std::cout << ' ';
        first = false;
        print_one(x, is_range<typename std::decay<decltype(x)>::type>{});
    }
}
template <typename T>
void print(const T &x) {
    print_one(x, is_range<T>{});
}
inline void print_rest() {}
template <typename T, typename... R>
void print_rest(const T &x, const R &...rest) {
    std::cout << ' ';
    print(x);
    print_rest(rest...);
}
}  // namespace stress_kit

inline void println() { std::cout << '\n'; }
template <typename T, typename... R>
void println(const T &x, const R &...rest) {
    stress_kit::print(x);
    stress_kit::print_rest(rest...);
    std::cout << '\n';
}
// println(first, last) of two iterators of one type prints the range.
template <typename It, typename = typename std::iterator_traits<It>::iterator_category,
          typename std::enable_if<!std::is_convertible<It, const char *>::value, int>::type = 0>
void println(It first, It last) {
    bool sep = false;
    for (; first != last; ++first) {
        if (sep) std::cout << ' ';
        sep = true;
        stress_kit::print(*first);
    }
    std::cout << '\n';
}

#define ensure(cond)                                                                 \
    do {                                                                             \
        if (!(cond)) stress_kit::fail("ensure failed: " #cond);                     \
    } while (0)

inline void ensuref(bool cond, const char *format, ...) {
    if (cond) return;
    char message[1024];
    va_list ap;
    va_start(ap, format);
    std::vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    stress_kit::fail(message);
}

// testlib's format (printf's, into a string), vtos and toString (a value as operator<< writes it).
#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
inline std::string format(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    va_list copy;
    va_copy(copy, ap);
    int size = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::vector<char> text(size > 0 ? size_t(size) + 1 : 1, '\0');
    if (size > 0) std::vsnprintf(text.data(), text.size(), fmt, ap);
    va_end(ap);
    return std::string(text.data());
}
template <typename T>
std::string vtos(const T &t) {
    std::ostringstream out;
    out << t;
    return out.str();
}
template <typename T>
std::string toString(const T &t) {
    return vtos(t);
}

#endif  // STRESS_KIT_STRESS_H
