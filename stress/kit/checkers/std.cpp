// The standard checkers of Polygon packages (`std::NAME.cpp`), in one program of the kit:
//
//     std NAME INPUT OUTPUT ANSWER
//
// judges OUTPUT (the solution's) against ANSWER (the reference's) as testlib's checker of that
// name does, with testlib's exit statuses: 0 ok, 1 wrong answer, 2 wrong output format
// (presentation error), 3 fail (a bad answer file or a bad call), 7 points (pointscmp,
// pointsinfo). The message goes to standard error, its first word the verdict, as testlib's.
//
// As testlib reads (not strictly): tokens are separated by spaces, tabs, CR and LF; a token of
// the output that is not the number asked for is a wrong output format, one of the answer a
// fail; an output accepted but with more than blanks left after what was read is a wrong output
// format ("Extra information in the output file").
//
// Needs nothing but the C++17 standard library; the harness compiles it once and caches it.

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

enum Verdict { OK = 0, WA = 1, PE = 2, FAIL = 3, POINTS = 7 };

struct Stream;
Stream *output_stream = nullptr;
double points = 0;

[[noreturn]] void quit(Verdict v, const std::string &message);

// One file read whole, and a place in it.
struct Stream {
    std::string text;
    size_t pos = 0;
    bool output = false;  // the solution's output: its faults are the solution's

    static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    bool eof() const { return pos >= text.size(); }

    bool seek_eof() {
        while (pos < text.size() && blank(text[pos])) pos++;
        return eof();
    }

    // A fault of this file: the output's is the verdict given, the answer's a fail.
    [[noreturn]] void bad(Verdict v, const std::string &message) {
        quit(output ? v : FAIL, output ? message : message + " (in the answer)");
    }

    std::string token() {
        if (seek_eof()) bad(PE, "Unexpected end of file - token expected");
        size_t start = pos;
        while (pos < text.size() && !blank(text[pos])) pos++;
        return text.substr(start, pos - start);
    }

    // A line without its end (LF, or CR LF); at the end of the file, the empty line.
    std::string line() {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string got = text.substr(pos, end - pos);
        if (!got.empty() && got.back() == '\r' && end < text.size()) got.pop_back();
        pos = std::min(end + 1, text.size());
        return got;
    }

    long long integer_of(const std::string &t) {
        const std::string what = "Expected integer, but \"" + t.substr(0, 64) + "\" found";
        bool minus = t.size() > 1 && t[0] == '-';
        std::string digits = t.substr(minus ? 1 : 0);
        if (t.empty() || t.size() > 20 || digits.empty()) bad(PE, what);
        for (char c : digits)
            if (!std::isdigit(static_cast<unsigned char>(c))) bad(PE, what);
        if (digits.size() > 1 && digits[0] == '0') bad(PE, what);
        if (minus && digits == "0") bad(PE, what);
        errno = 0;
        long long v = std::strtoll(t.c_str(), nullptr, 10);
        if (errno == ERANGE) bad(PE, what);
        return v;
    }

    long long integer() { return integer_of(token()); }

    int int32() {
        std::string t = token();
        long long v = integer_of(t);
        if (v < INT_MIN || v > INT_MAX) bad(PE, "Expected int32, but \"" + t + "\" found");
        return static_cast<int>(v);
    }

    double real() {
        std::string t = token();
        const std::string what = "Expected double, but \"" + t.substr(0, 64) + "\" found";
        int digits = 0, minus = 0, plus = 0, points_ = 0, exps = 0;
        for (char c : t) {
            if (std::isdigit(static_cast<unsigned char>(c))) digits++;
            else if (c == '-') minus++;
            else if (c == '+') plus++;
            else if (c == '.') points_++;
            else if (c == 'e' || c == 'E') exps++;
            else bad(PE, what);
        }
        if (digits == 0 || minus > 2 || plus > 2 || points_ > 1 || exps > 1) bad(PE, what);
        // As testlib reads it: scanf's %lf, nothing after it.
        std::vector<char> rest(t.size() + 1, '\0');
        double v = 0;
        int scanned = std::sscanf(t.c_str(), "%lf%s", &v, rest.data());
        if (!(scanned == 1 || (scanned == 2 && rest[0] == '\0')) || std::isnan(v)) bad(PE, what);
        return v;
    }
};

Stream ans, ouf;

[[noreturn]] void quit(Verdict v, const std::string &message) {
    if ((v == OK || v == POINTS) && output_stream != nullptr && !output_stream->seek_eof()) {
        v = PE;
        std::fprintf(stderr, "wrong output format Extra information in the output file\n");
        std::exit(v);
    }
    const char *name = v == OK ? "ok" : v == WA ? "wrong answer" : v == PE ? "wrong output format"
                                               : v == POINTS ? "points" : "FAIL";
    if (v == POINTS)
        std::fprintf(stderr, "points %.10g %s\n", points, message.c_str());
    else
        std::fprintf(stderr, "%s %s\n", name, message.c_str());
    std::exit(v);
}

std::string nth(int n) {
    const char *end = (n % 100 >= 11 && n % 100 <= 13) ? "th"
                      : n % 10 == 1                    ? "st"
                      : n % 10 == 2                    ? "nd"
                      : n % 10 == 3                    ? "rd"
                                                       : "th";
    return std::to_string(n) + end;
}

std::string shown(const std::string &s) { return s.size() <= 64 ? s : s.substr(0, 30) + "..." + s.substr(s.size() - 31); }

std::string upper(std::string s) {
    for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string fixed(double v, int digits) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

bool infinite(double r) { return r > 1e300 || r < -1e300; }

// testlib's doubleCompare: within the absolute or the relative error.
bool close(double expected, double result, double error) {
    error += 1e-15;
    if (std::isnan(expected)) return std::isnan(result);
    if (infinite(expected)) return (expected > 0 ? result > 0 : result < 0) && infinite(result);
    if (std::isnan(result) || infinite(result)) return false;
    if (std::fabs(result - expected) <= error) return true;
    double a = expected * (1.0 - error), b = expected * (1.0 + error);
    return result >= std::min(a, b) && result <= std::max(a, b);
}

double delta(double expected, double result) {
    double absolute = std::fabs(result - expected);
    return std::fabs(expected) > 1e-9 ? std::min(absolute, std::fabs(absolute / expected)) : absolute;
}

// The two lengths of a compared sequence, when one runs on: a wrong answer.
void same_length(int n, int extra_ans, int extra_ouf) {
    if (extra_ans > 0)
        quit(WA, "Answer contains longer sequence [length = " + std::to_string(n + extra_ans) +
                     "], but output contains " + std::to_string(n) + " elements");
    if (extra_ouf > 0)
        quit(WA, "Output contains longer sequence [length = " + std::to_string(n + extra_ouf) +
                     "], but answer contains " + std::to_string(n) + " elements");
}

void wcmp() {
    int n = 0;
    while (!ans.seek_eof() && !ouf.seek_eof()) {
        n++;
        std::string j = ans.token(), p = ouf.token();
        if (j != p) quit(WA, nth(n) + " words differ - expected: '" + shown(j) + "', found: '" + shown(p) + "'");
    }
    if (ans.seek_eof() && ouf.seek_eof()) quit(OK, std::to_string(n) + " tokens");
    quit(WA, ans.seek_eof() ? "Participant output contains extra tokens" : "Unexpected EOF in the participants output");
}

void ncmp() {
    int n = 0;
    while (!ans.seek_eof() && !ouf.seek_eof()) {
        n++;
        long long j = ans.integer(), p = ouf.integer();
        if (j != p)
            quit(WA, nth(n) + " numbers differ - expected: '" + std::to_string(j) + "', found: '" + std::to_string(p) + "'");
    }
    int extra_ans = 0, extra_ouf = 0;
    for (; !ans.seek_eof(); extra_ans++) ans.integer();
    for (; !ouf.seek_eof(); extra_ouf++) ouf.integer();
    same_length(n, extra_ans, extra_ouf);
    quit(OK, std::to_string(n) + " number(s)");
}

// Lines compared as they are (fcmp), or as their tokens (lcmp).
void lines(bool tokens) {
    auto words = [](const std::string &s) {
        std::istringstream in(s);
        std::vector<std::string> w;
        for (std::string t; in >> t;) w.push_back(t);
        return w;
    };
    int n = 0;
    while (!ans.eof()) {
        std::string j = ans.line();
        if (j.empty() && ans.eof()) break;
        std::string p = ouf.line();
        n++;
        if (tokens ? words(j) != words(p) : j != p)
            quit(WA, nth(n) + " lines differ - expected: '" + shown(j) + "', found: '" + shown(p) + "'");
    }
    quit(OK, std::to_string(n) + " lines");
}

// One double: within an absolute error (acmp, rcmp), or an absolute or relative one (dcmp).
void one_double(double eps, bool relative) {
    double j = ans.real(), p = ouf.real();
    bool ok = relative ? close(j, p, eps) : !(std::fabs(j - p) > eps + 1e-15);
    if (!ok) quit(WA, "expected " + fixed(j, 10) + ", found " + fixed(p, 10));
    quit(OK, "answer is " + fixed(j, 10));
}

// Sequences of doubles, as long as the answer's: within an absolute or relative error (rcmp4,
// rcmp6, rcmp9), or an absolute one (rncmp).
void doubles(double eps, bool relative, int digits) {
    int n = 0;
    while (!ans.seek_eof()) {
        n++;
        double j = ans.real(), p = ouf.real();
        bool ok = relative ? close(j, p, eps) : !(std::fabs(j - p) > eps + 1e-15);
        if (!ok)
            quit(WA, nth(n) + " numbers differ - expected: '" + fixed(j, digits) + "', found: '" + fixed(p, digits) +
                         "', error = '" + fixed(delta(j, p), digits) + "'");
    }
    quit(OK, std::to_string(n) + " numbers");
}

void hcmp() {
    auto numeric = [](const std::string &s) {
        if (s == "0") return true;
        size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
        if (i >= s.size() || s[i] < '1' || s[i] > '9') return false;
        return std::all_of(s.begin() + static_cast<long>(i), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    std::string j = ans.token(), p = ouf.token();
    if (!numeric(j)) quit(FAIL, shown(j) + " is not a valid integer");
    if (!ans.seek_eof()) quit(FAIL, "expected exactly one token in the answer file");
    if (!numeric(p)) quit(PE, shown(p) + " is not a valid integer");
    if (j != p) quit(WA, "expected '" + shown(j) + "', found '" + shown(p) + "'");
    quit(OK, "answer is '" + shown(j) + "'");
}

void icmp() {
    int j = ans.int32(), p = ouf.int32();
    if (j != p) quit(WA, "expected " + std::to_string(j) + ", found " + std::to_string(p));
    quit(OK, "answer is " + std::to_string(j));
}

void yesno() {
    std::string j = upper(ans.token()), p = upper(ouf.token());
    if (j != "YES" && j != "NO") quit(FAIL, "YES or NO expected in answer, but " + shown(j) + " found");
    if (p != "YES" && p != "NO") quit(PE, "YES or NO expected, but " + shown(p) + " found");
    if (j != p) quit(WA, "expected " + j + ", found " + p);
    quit(OK, "answer is " + j);
}

void nyesno() {
    int n = 0;
    while (!ans.seek_eof() && !ouf.seek_eof()) {
        n++;
        std::string j = upper(ans.token()), p = upper(ouf.token());
        if (j != "YES" && j != "NO") quit(FAIL, "YES or NO expected in answer, but " + shown(j) + " found [" + nth(n) + " token]");
        if (p != "YES" && p != "NO") quit(PE, "YES or NO expected, but " + shown(p) + " found [" + nth(n) + " token]");
        if (j != p) quit(WA, "expected " + j + ", found " + p + " [" + nth(n) + " token]");
    }
    int extra_ans = 0, extra_ouf = 0;
    for (; !ans.seek_eof(); extra_ans++) ans.token();
    for (; !ouf.seek_eof(); extra_ouf++) ouf.token();
    same_length(n, extra_ans, extra_ouf);
    quit(OK, std::to_string(n) + " token(s)");
}

void uncmp() {
    std::vector<long long> j, p;
    while (!ans.seek_eof()) j.push_back(ans.integer());
    while (!ouf.seek_eof()) p.push_back(ouf.integer());
    if (j.size() != p.size())
        quit(WA, "Expected " + std::to_string(j.size()) + " elements, but " + std::to_string(p.size()) + " found");
    std::sort(j.begin(), j.end());
    std::sort(p.begin(), p.end());
    if (j != p) quit(WA, "Expected sequence and output are different (as unordered sequences)");
    quit(OK, std::to_string(j.size()) + " numbers");
}

// "Case N:" read from `in` for case `n` (the word "Case" already read when `pre_read`).
void case_head(Stream &in, int n, bool pre_read) {
    if (!pre_read) {
        std::string word = in.token();
        if (word != "Case") in.bad(PE, "Expected 'Case' but found '" + shown(word) + "' [test case " + std::to_string(n) + "]");
    }
    std::string number = in.token();
    if (number != std::to_string(n) + ":")
        in.bad(PE, "Expected '" + std::to_string(n) + ":' but found '" + shown(number) + "' [test case " + std::to_string(n) + "]");
}

void caseicmp() {
    auto read = [](Stream &in) {
        std::vector<long long> v;
        for (int n = 1; !in.seek_eof(); n++) {
            case_head(in, n, false);
            v.push_back(in.integer());
        }
        return v;
    };
    std::vector<long long> j = read(ans), p = read(ouf);
    for (size_t i = 0; i < std::min(j.size(), p.size()); i++)
        if (j[i] != p[i])
            quit(WA, "Expected " + std::to_string(j[i]) + " found " + std::to_string(p[i]) + " [test case " + std::to_string(i + 1) + "]");
    if (j.size() != p.size())
        quit(PE, "Expected " + std::to_string(j.size()) + " test case(s) but found " + std::to_string(p.size()));
    quit(OK, std::to_string(j.size()) + " case(s)");
}

// The tokens of case `n` up to the next "Case" (casewcmp), or its numbers (casencmp).
std::vector<std::string> case_tokens(Stream &in, int n, bool &pre_read, bool numbers) {
    case_head(in, n, pre_read);
    pre_read = false;
    std::vector<std::string> v;
    while (!in.seek_eof()) {
        std::string t = in.token();
        if (t == "Case") {
            pre_read = true;
            break;
        }
        v.push_back(numbers ? std::to_string(in.integer_of(t)) : t);
    }
    return v;
}

void cases(bool numbers) {
    int n = 0;
    bool ans_pre = false, ouf_pre = false;
    while (!ans.seek_eof()) {
        n++;
        std::vector<std::string> j = case_tokens(ans, n, ans_pre, numbers);
        std::vector<std::string> p = case_tokens(ouf, n, ouf_pre, numbers);
        if (j != p)
            quit(WA, "Sequences differ: jury has " + std::to_string(j.size()) + " tokens, participant has " +
                         std::to_string(p.size()) + " [test case " + std::to_string(n) + "]");
    }
    quit(OK, std::to_string(n) + " test cases(s)");
}

void pointscmp() {
    double j = ans.real(), p = ouf.real();
    points = std::fabs(j - p);
    quit(POINTS, "ja=" + fixed(j, 4) + " pa=" + fixed(p, 4));
}

void pointsinfo() {
    double p = ouf.real(), j = ans.real();
    points = std::fabs(j - p);
    quit(POINTS, "pa=" + fixed(p, 6) + ",ja=" + fixed(j, 6));
}

const std::map<std::string, std::function<void()>> &checkers() {
    static const std::map<std::string, std::function<void()>> all = {
        {"acmp", [] { one_double(1.5e-6, false); }},
        {"caseicmp", caseicmp},
        {"casencmp", [] { cases(true); }},
        {"casewcmp", [] { cases(false); }},
        {"dcmp", [] { one_double(1e-6, true); }},
        {"fcmp", [] { lines(false); }},
        {"hcmp", hcmp},
        {"icmp", icmp},
        {"lcmp", [] { lines(true); }},
        {"ncmp", ncmp},
        {"nyesno", nyesno},
        {"pointscmp", pointscmp},
        {"pointsinfo", pointsinfo},
        {"rcmp", [] { one_double(1.5e-6, false); }},
        {"rcmp4", [] { doubles(1e-4, true, 5); }},
        {"rcmp6", [] { doubles(1e-6, true, 7); }},
        {"rcmp9", [] { doubles(1e-9, true, 10); }},
        {"rncmp", [] { doubles(1.5e-5, false, 10); }},
        {"uncmp", uncmp},
        {"wcmp", wcmp},
        {"yesno", yesno},
    };
    return all;
}

bool read_file(const char *path, Stream &into) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    into.text = text.str();
    return true;
}

}  // namespace

int main(int argc, char *argv[]) {
    if (argc < 5) quit(FAIL, "usage: std NAME INPUT OUTPUT ANSWER");
    auto found = checkers().find(argv[1]);
    if (found == checkers().end()) quit(FAIL, std::string("no standard checker named ") + argv[1]);
    Stream input;
    if (!read_file(argv[2], input)) quit(FAIL, std::string("cannot read the input ") + argv[2]);
    if (!read_file(argv[4], ans)) quit(FAIL, std::string("cannot read the answer ") + argv[4]);
    if (!read_file(argv[3], ouf)) quit(PE, std::string("cannot read the output ") + argv[3]);
    ouf.output = true;
    output_stream = &ouf;
    found->second();
    quit(FAIL, "the checker ended without a verdict");
}
