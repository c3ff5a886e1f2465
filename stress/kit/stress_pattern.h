// stress_pattern.h: testlib's pattern strings for stress.h (included by it; not on its own).
//
// The syntax is testlib's, parsed the way testlib parses it (the parser follows testlib.h's
// `pattern` class, MIT licence, Copyright (c) 2015 Mike Mirzayanov): a pattern is
// alternatives separated by `|`, each a sequence of items; an item is a character (`a`, `\(`),
// a class (`[a-z0-9_]`, `[^abc]`: the characters 0..254 not listed) or a parenthesised pattern,
// then a count: `{n}`, `{lo,hi}`, `?` (0 or 1), none (1). Spaces are ignored unless escaped.
// `*` and `+` match but cannot be generated (an error, as in testlib).
//
// Generating draws from the stream, so zero bytes give the simplest string:
//   a count in {lo,hi}:  lo + draw(0, hi - lo)          (zeros: the fewest repetitions)
//   a class's character: the class sorted, draw(0, size - 1)   (zeros: its smallest character)
//   an alternative:      draw(0, alternatives - 1)       (zeros: the first one)
// A class keeps testlib's repeats: `[0000000001]` draws `0` nine times in ten. A class is ordered
// by character code, 0 to 255.
#ifndef STRESS_KIT_STRESS_PATTERN_H
#define STRESS_KIT_STRESS_PATTERN_H

#include <climits>
#include <string>
#include <vector>

class pattern {
  public:
    explicit pattern(std::string s) : s_(s) {
        std::string t;
        for (size_t i = 0; i < s.length(); i++)
            if (!command(s, i, ' ')) t += s[i];
        s = t;
        int opened = 0, first_close = -1;
        std::vector<size_t> seps;
        for (size_t i = 0; i < s.length(); i++) {
            if (command(s, i, '(')) {
                opened++;
                continue;
            }
            if (command(s, i, ')')) {
                opened--;
                if (opened == 0 && first_close == -1) first_close = int(i);
                continue;
            }
            if (opened < 0) illegal(s);
            if (command(s, i, '|') && opened == 0) seps.push_back(i);
        }
        if (opened != 0) illegal(s);
        if (seps.empty() && first_close + 1 == int(s.length()) && command(s, 0, '(') &&
            command(s, s.length() - 1, ')')) {
            children_.push_back(pattern(s.substr(1, s.length() - 2)));
        } else if (!seps.empty()) {
            seps.push_back(s.length());
            size_t last = 0;
            for (size_t sep : seps) {
                children_.push_back(pattern(s.substr(last, sep - last)));
                last = sep + 1;
            }
        } else {
            size_t pos = 0;
            chars_ = char_set(s, pos);
            counts(s, pos);
            if (pos < s.length()) children_.push_back(pattern(s.substr(pos)));
        }
    }

    // A string the pattern matches, every choice drawn from the stream (zeros: the simplest).
    std::string next(random_t &rnd) const {
        std::string out;
        append(rnd, out);
        return out;
    }

    // Whether the whole of `s` matches (testlib's greedy rule).
    bool matches(const std::string &s) const { return matches(s, 0); }

    std::string src() const { return s_; }

  private:
    void append(random_t &rnd, std::string &out) const {
        if (to_ == INT_MAX)
            stress_kit::fail(("pattern \"" + s_ + "\": '*' and '+' cannot be generated").c_str());
        if (to_ > 0) {
            int count = from_ + rnd.next(0, to_ - from_);
            for (int i = 0; i < count; i++) out += chars_[size_t(rnd.next(int(chars_.size())))];
        }
        if (!children_.empty()) children_[size_t(rnd.next(int(children_.size())))].append(rnd, out);
    }

    bool matches(const std::string &s, size_t pos) const {
        if (to_ > 0) {
            int size = 0;
            while (pos + size_t(size) < s.length() &&
                   std::binary_search(chars_.begin(), chars_.end(), s[pos + size_t(size)], less))
                size++;
            if (size < from_) return false;
            if (size > to_) size = to_;
            pos += size_t(size);
        }
        if (children_.empty()) return pos == s.length();
        for (const auto &child : children_)
            if (child.matches(s, pos)) return true;
        return false;
    }

    // Characters in the order of their codes 0..255 (a class's first character is its smallest).
    static bool less(char a, char b) { return (unsigned char)a < (unsigned char)b; }
    [[noreturn]] static void illegal(const std::string &s) {
        stress_kit::fail(("pattern: Illegal pattern (or part) \"" + s + "\"").c_str());
    }
    // Whether s[pos] is `value` as a command (not escaped by an odd number of backslashes).
    static bool command(const std::string &s, size_t pos, char value) {
        if (pos >= s.length()) return false;
        int slashes = 0;
        for (size_t before = pos; before > 0 && s[before - 1] == '\\'; before--) slashes++;
        return slashes % 2 == 0 && s[pos] == value;
    }
    static char get_char(const std::string &s, size_t &pos) {
        pos += s[pos] == '\\' ? 2 : 1;
        if (pos > s.length()) illegal(s);
        return s[pos - 1];
    }

    void counts(const std::string &s, size_t &pos) {
        from_ = to_ = 1;
        if (pos >= s.length()) return;
        if (command(s, pos, '{')) {
            std::vector<std::string> parts;
            std::string part;
            pos++;
            while (pos < s.length() && !command(s, pos, '}')) {
                if (command(s, pos, ','))
                    parts.push_back(part), part = "", pos++;
                else
                    part += get_char(s, pos);
            }
            if (!part.empty()) parts.push_back(part);
            if (!command(s, pos, '}')) illegal(s);
            pos++;
            if (parts.empty() || parts.size() > 2) illegal(s);
            std::vector<int> numbers;
            for (const auto &p : parts) {
                int number;
                if (p.empty() || std::sscanf(p.c_str(), "%d", &number) != 1) illegal(s);
                numbers.push_back(number);
            }
            from_ = numbers[0];
            to_ = numbers.back();
            if (from_ > to_) illegal(s);
        } else if (command(s, pos, '?')) {
            from_ = 0, to_ = 1, pos++;
        } else if (command(s, pos, '*')) {
            from_ = 0, to_ = INT_MAX, pos++;
        } else if (command(s, pos, '+')) {
            from_ = 1, to_ = INT_MAX, pos++;
        }
    }

    static std::vector<char> char_set(const std::string &s, size_t &pos) {
        if (pos >= s.length()) illegal(s);
        std::vector<char> result;
        if (!command(s, pos, '[')) {
            result.push_back(get_char(s, pos));
            return result;
        }
        pos++;
        bool negative = command(s, pos, '^');
        if (negative) pos++;
        char prev = 0;
        while (pos < s.length() && !command(s, pos, ']')) {
            if (command(s, pos, '-') && prev != 0) {
                pos++;
                if (pos + 1 == s.length() || command(s, pos, ']')) {
                    result.push_back(prev);
                    prev = '-';
                    continue;
                }
                char next = get_char(s, pos);
                if (prev > next) illegal(s);
                for (char c = prev; c != next; c++) result.push_back(c);
                result.push_back(next);
                prev = 0;
            } else {
                if (prev != 0) result.push_back(prev);
                prev = get_char(s, pos);
            }
        }
        if (prev != 0) result.push_back(prev);
        if (!command(s, pos, ']')) illegal(s);
        pos++;
        if (negative) {
            std::sort(result.begin(), result.end(), less);
            std::vector<char> actual;
            for (int code = 0; code < 255; code++)
                if (!std::binary_search(result.begin(), result.end(), char(code), less))
                    actual.push_back(char(code));
            result = actual;
        }
        std::sort(result.begin(), result.end(), less);
        if (result.empty()) illegal(s);
        return result;
    }

    std::string s_;
    std::vector<pattern> children_;
    std::vector<char> chars_;
    int from_ = 0, to_ = 0;
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
