// stress_pattern.h: testlib's pattern strings for stress.h (included by it; not on its own).
//
// Syntax. Backslash escapes the next character (`\[`, `\|`, `\ `, `\\`): an escaped character is
// never syntax. Spaces are ignored unless escaped. A pattern is one or more alternatives separated
// by `|`; an alternative is a sequence of items; an item is
//   - a class `[...]`: characters and ranges `a-z` (a `-` first, last or right after a range is
//     itself; a range runs by signed char, so it may not go from below 128 to 128 and above),
//     or `[^...]`: the codes 0..254 not listed; a class may not be empty;
//   - any other single character (`{`, `?`, `]` and the like are characters where an item starts),
//   then at most one count: `{n}`, `{lo,hi}` (numbers as %d reads them; `{n,}` is `{n}`), `?`
//   (0 or 1), none (1); `*` (0 or more) and `+` (1 or more) parse, and match, but cannot be
//   generated (an error, as in testlib);
//   - or, as the last item of a sequence only and with no count, a group `(pattern)`.
// Parentheses and `|` are syntax wherever they are unescaped, inside classes and counts too:
// parentheses must balance, a group is the `(` whose match closes its sequence, an item may not
// leave one open, and a `|` outside every parenthesis separates alternatives (so `[|]` is an error).
// Anything else is an error: `pattern: Illegal pattern (or part) "..."` (stress_kit::fail, exit 3).
//
// Parsing is recursive descent over the escaped tokens; it builds a tree of nodes (a repeat of a
// class, a sequence, alternatives, a group), and generating walks the tree, every choice a draw
// from the stream, so zero bytes give the simplest string:
//   a repeat:       its count lo + draw(0, hi - lo) (none when hi <= 0), then for each character
//                   the class sorted by code 0..255, draw(0, size - 1)   (zeros: the fewest
//                   repetitions of the class's smallest character); a single character is a
//                   class of one, so with no count it is two one-value draws;
//   a sequence:     its items in order, with a one-value draw draw(0, 0) before each after the
//                   first;
//   a group:        a one-value draw draw(0, 0), then its pattern;
//   alternatives:   draw(0, alternatives - 1), then that one   (zeros: the first one).
// Python's Pattern (stress_random.py) makes the same draws in the same order. A class keeps its
// repeats: `[0000000001]` draws `0` nine times in ten. `matches` is testlib's greedy rule: each
// repeat takes as many characters of its class as it can (at most hi), alternatives are tried in
// turn, and the whole string must be used.
#ifndef STRESS_KIT_STRESS_PATTERN_H
#define STRESS_KIT_STRESS_PATTERN_H

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

class pattern {
  public:
    explicit pattern(std::string s) : s_(std::move(s)) {
        tokenize();
        require(balanced(0, tokens_.size()), "unbalanced parentheses");
        root_ = alternatives(0, tokens_.size());
    }

    // A string the pattern matches, every choice drawn from the stream (zeros: the simplest).
    std::string next(random_t &rnd) const {
        std::string out;
        generate(root_, rnd, out);
        return out;
    }

    // Whether the whole of `s` matches (testlib's greedy rule).
    bool matches(const std::string &s) const { return match(root_, s, 0); }

    std::string src() const { return s_; }

  private:
    // One character of the pattern; `plain` when written without a backslash (so maybe syntax).
    struct token {
        char c;
        bool plain;
    };
    struct node {
        enum kind_t { repeat, sequence, group, choice } kind = repeat;
        std::vector<char> chars;  // repeat: its class by code 0..255, repeats kept
        int lo = 1, hi = 1;       // repeat: its count; hi == INT_MAX for `*` and `+`
        std::vector<node> kids;   // sequence: items; choice: alternatives; group: its pattern
    };

    std::string s_;
    std::vector<token> tokens_;
    node root_;

    [[noreturn]] void illegal(const char *why) const {
        stress_kit::fail(("pattern: Illegal pattern (or part) \"" + s_ + "\": " + why).c_str());
    }
    void require(bool ok, const char *why) const {
        if (!ok) illegal(why);
    }
    bool is(size_t at, size_t end, char c) const {
        return at < end && tokens_[at].plain && tokens_[at].c == c;
    }

    void tokenize() {
        for (size_t i = 0; i < s_.size(); i++) {
            if (s_[i] == '\\') {
                require(i + 1 < s_.size(), "a backslash ends it");
                tokens_.push_back({s_[++i], false});
            } else if (s_[i] != ' ') {
                tokens_.push_back({s_[i], true});
            }
        }
    }

    // Nesting of the plain parentheses in [begin, end): +1 per `(`, -1 per `)`.
    int depth_change(size_t begin, size_t end) const {
        int depth = 0;
        for (size_t at = begin; at < end; at++) depth += is(at, end, '(') - is(at, end, ')');
        return depth;
    }
    // The parentheses of [begin, end) close what they open, and nothing else sits outside it.
    bool balanced(size_t begin, size_t end) const {
        int depth = 0;
        for (size_t at = begin; at < end; at++) {
            if (is(at, end, '('))
                depth++;
            else if (is(at, end, ')'))
                depth--;
            else if (depth < 0)
                return false;
        }
        return depth == 0;
    }
    // The `)` that closes the `(` at `open`, or `end` when none does before it.
    size_t closing(size_t open, size_t end) const {
        int depth = 0;
        for (size_t at = open; at < end; at++) {
            depth += is(at, end, '(') - is(at, end, ')');
            if (depth == 0) return at;
        }
        return end;
    }

    // pattern := sequence ('|' sequence)*   (the bars outside every parenthesis)
    node alternatives(size_t begin, size_t end) {
        std::vector<size_t> bars;
        int depth = 0;
        for (size_t at = begin; at < end; at++) {
            depth += is(at, end, '(') - is(at, end, ')');
            if (depth == 0 && is(at, end, '|')) bars.push_back(at);
        }
        if (bars.empty()) return sequence(begin, end);
        node choice;
        choice.kind = node::choice;
        size_t from = begin;
        bars.push_back(end);
        for (size_t bar : bars) {
            choice.kids.push_back(sequence(from, bar));
            from = bar + 1;
        }
        return choice;
    }

    // sequence := item+ [ '(' pattern ')' ]
    node sequence(size_t begin, size_t end) {
        require(begin < end, "an empty pattern or alternative");
        node seq;
        seq.kind = node::sequence;
        size_t at = begin;
        while (at < end) {
            if (is(at, end, '(') && closing(at, end) == end - 1) {
                node group;
                group.kind = node::group;
                group.kids.push_back(alternatives(at + 1, end - 1));
                seq.kids.push_back(std::move(group));
                break;
            }
            size_t start = at;
            seq.kids.push_back(item(at, end));
            if (depth_change(start, at) != 0)
                illegal(is(start, end, '(') ? "a group followed by more (a count, an item)"
                                            : "a parenthesis not closed where it opens");
        }
        return seq;
    }

    // item := (class | character) [count]
    node item(size_t &at, size_t end) {
        node rep;
        if (is(at, end, '['))
            rep.chars = char_class(at, end);
        else
            rep.chars.push_back(tokens_[at++].c);
        count(rep, at, end);
        return rep;
    }

    static bool by_code(char a, char b) { return (unsigned char)a < (unsigned char)b; }

    // class := '[' ['^'] (c | c '-' d)* ']'
    std::vector<char> char_class(size_t &at, size_t end) {
        at++;
        bool negated = is(at, end, '^');
        if (negated) at++;
        std::vector<char> listed;
        while (at < end && !is(at, end, ']')) {
            char first = tokens_[at++].c;
            bool range = is(at, end, '-') && at + 1 < end && !is(at + 1, end, ']');
            if (!range) {
                listed.push_back(first);
                continue;
            }
            char last = tokens_[at + 1].c;
            at += 2;
            require((signed char)first <= (signed char)last, "a range that runs backwards");
            for (int c = (signed char)first; c <= (signed char)last; c++) listed.push_back(char(c));
        }
        require(is(at, end, ']'), "a class not closed");
        at++;
        if (negated) {
            bool seen[256] = {};
            for (char c : listed) seen[(unsigned char)c] = true;
            listed.clear();
            for (int code = 0; code < 255; code++)
                if (!seen[code]) listed.push_back(char(code));
        }
        std::sort(listed.begin(), listed.end(), by_code);
        require(!listed.empty(), "an empty class");
        return listed;
    }

    // count := '{' number [',' number] [','] '}' | '?' | '*' | '+'
    void count(node &rep, size_t &at, size_t end) {
        if (is(at, end, '?')) {
            rep.lo = 0, rep.hi = 1, at++;
        } else if (is(at, end, '*')) {
            rep.lo = 0, rep.hi = INT_MAX, at++;
        } else if (is(at, end, '+')) {
            rep.lo = 1, rep.hi = INT_MAX, at++;
        } else if (is(at, end, '{')) {
            std::vector<std::string> numbers(1);
            for (at++; at < end && !is(at, end, '}'); at++) {
                if (is(at, end, ','))
                    numbers.emplace_back();
                else
                    numbers.back() += tokens_[at].c;
            }
            require(is(at, end, '}'), "a count not closed");
            at++;
            if (numbers.back().empty()) numbers.pop_back();
            require(numbers.size() == 1 || numbers.size() == 2, "a count of no or three numbers");
            rep.lo = number(numbers.front());
            rep.hi = number(numbers.back());
            require(rep.lo <= rep.hi, "a count whose least is above its most");
        }
    }

    // A decimal integer after optional white space and sign; what follows it is ignored.
    int number(const std::string &text) const {
        const char *begin = text.c_str();
        char *stop = nullptr;
        long value = std::strtol(begin, &stop, 10);
        require(stop != begin, "a count that is not a number");
        return int(value);
    }

    void generate(const node &n, random_t &rnd, std::string &out) const {
        switch (n.kind) {
        case node::repeat:
            if (n.hi == INT_MAX)
                stress_kit::fail(("pattern \"" + s_ + "\": '*' and '+' cannot be generated").c_str());
            if (n.hi > 0) {
                int times = n.lo + rnd.next(0, n.hi - n.lo);
                for (int i = 0; i < times; i++) out += n.chars[size_t(rnd.next(int(n.chars.size())))];
            }
            break;
        case node::sequence:
            for (size_t i = 0; i < n.kids.size(); i++) {
                if (i > 0) rnd.next(1);
                generate(n.kids[i], rnd, out);
            }
            break;
        case node::group:
            rnd.next(1);
            generate(n.kids[0], rnd, out);
            break;
        case node::choice:
            generate(n.kids[size_t(rnd.next(int(n.kids.size())))], rnd, out);
            break;
        }
    }

    // Whether `n` followed by nothing matches s from `at` on.
    static bool match(const node &n, const std::string &s, size_t at) {
        switch (n.kind) {
        case node::repeat:
            return take(n, s, at) && at == s.size();
        case node::group:
            return match(n.kids[0], s, at);
        case node::choice:
            for (const node &alternative : n.kids)
                if (match(alternative, s, at)) return true;
            return false;
        case node::sequence:
            for (const node &kid : n.kids) {
                if (kid.kind != node::repeat) return match(kid, s, at);
                if (!take(kid, s, at)) return false;
            }
            return at == s.size();
        }
        return false;
    }
    // A repeat takes, greedily, up to hi characters of its class at `at` (fails below lo).
    static bool take(const node &rep, const std::string &s, size_t &at) {
        if (rep.hi <= 0) return true;
        int run = 0;
        while (run < rep.hi && at + size_t(run) < s.size() &&
               std::binary_search(rep.chars.begin(), rep.chars.end(), s[at + size_t(run)], by_code))
            run++;
        if (run < rep.lo) return false;
        at += size_t(run);
        return true;
    }
};

inline std::string random_t::next(const std::string &ptrn) { return pattern(ptrn).next(*this); }

inline std::string random_t::next(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    va_list copy;
    va_copy(copy, ap);
    int size = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    if (size < 0) {
        va_end(ap);
        stress_kit::fail("rnd.next(format, ...): a bad format");
    }
    std::vector<char> text(size_t(size) + 1);
    std::vsnprintf(text.data(), text.size(), format, ap);
    va_end(ap);
    return next(std::string(text.data()));
}

#endif  // STRESS_KIT_STRESS_PATTERN_H
