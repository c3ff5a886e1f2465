// Checker of pair-sum (testlib's convention): checker INPUT OUTPUT ANSWER.
// Exit 0 OK, 1 wrong answer, 2 presentation error, 3 the checker's own failure (bad input or a
// reference that missed a pair). The output is "i j" (1 <= i, j <= n, i != j, a_i + a_j = s) or
// "-1"; "-1" is right exactly when the reference answered "-1".
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

static void verdict(int code, const std::string &message) {
    static const char *names[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
    std::fprintf(stderr, "%s %s\n", names[code], message.c_str());
    std::exit(code);
}

// All tokens of a file; a missing file is the checker's failure.
static std::vector<std::string> tokens(const char *path) {
    std::ifstream in(path);
    if (!in) verdict(3, std::string("cannot open ") + path);
    std::vector<std::string> out;
    std::string t;
    while (in >> t) out.push_back(t);
    return out;
}

// A token as an integer, or the verdict `code` naming it.
static long long integer(const std::string &t, int code, const char *what) {
    size_t i = (t.size() > 1 && t[0] == '-') ? 1 : 0;
    if (t.empty() || i == t.size() || t.size() > 18)
        verdict(code, std::string(what) + ": not an integer: " + t);
    for (; i < t.size(); i++)
        if (t[i] < '0' || t[i] > '9') verdict(code, std::string(what) + ": not an integer: " + t);
    return std::atoll(t.c_str());
}

int main(int argc, char *argv[]) {
    if (argc < 4) verdict(3, "usage: checker INPUT OUTPUT ANSWER");
    std::vector<std::string> in = tokens(argv[1]), out = tokens(argv[2]), ans = tokens(argv[3]);
    if (in.size() < 2) verdict(3, "input: expected n and s");
    long long n = integer(in[0], 3, "input n"), s = integer(in[1], 3, "input s");
    if (n < 1 || in.size() != static_cast<size_t>(2 + n)) verdict(3, "input: expected n numbers");
    std::vector<long long> a;
    for (long long i = 0; i < n; i++) a.push_back(integer(in[2 + i], 3, "input a_i"));
    if (ans.empty()) verdict(3, "answer: empty");
    bool exists = integer(ans[0], 3, "answer") != -1;
    if (exists && ans.size() != 2) verdict(3, "answer: expected \"i j\" or \"-1\"");
    if (out.empty()) verdict(2, "output: empty");
    if (out.size() == 1) {
        if (integer(out[0], 2, "output") != -1) verdict(2, "output: one number other than -1");
        if (exists) verdict(1, "output -1, but the pair " + ans[0] + " " + ans[1] + " has sum " + in[1]);
        verdict(0, "no pair");
    }
    if (out.size() != 2)
        verdict(2, "output: expected \"i j\" or \"-1\", got " + std::to_string(out.size()) + " tokens");
    long long i = integer(out[0], 2, "output i"), j = integer(out[1], 2, "output j");
    if (i < 1 || i > n || j < 1 || j > n) verdict(1, "index out of 1.." + std::to_string(n));
    if (i == j) verdict(1, "i == j == " + std::to_string(i));
    if (a[i - 1] + a[j - 1] != s)
        verdict(1, "a_" + out[0] + " + a_" + out[1] + " = " + std::to_string(a[i - 1] + a[j - 1]) +
                       ", not " + std::to_string(s));
    if (!exists) verdict(3, "the solution found a pair the reference missed");
    verdict(0, "a_" + out[0] + " + a_" + out[1] + " = " + std::to_string(s));
}
