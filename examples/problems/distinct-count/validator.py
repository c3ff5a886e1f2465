"""Validator of distinct-count: the input on stdin, exit 0 when valid, 1 with a message otherwise.

Exactly two lines, each ending in a newline: n (1 <= n <= 1000), then n integers in 0..10^9
separated by single spaces, written canonically (no sign, no leading zeros).
"""
import re
import sys

INTEGER = re.compile(r"(0|[1-9][0-9]*)\Z")


def fail(line, message):
    sys.stderr.write("line %d: %s\n" % (line, message))
    sys.exit(1)


def integer(token, line, what, lo, hi):
    if not INTEGER.match(token):
        fail(line, "%s: not an integer: %r" % (what, token))
    value = int(token)
    if not lo <= value <= hi:
        fail(line, "%s = %d is out of %d..%d" % (what, value, lo, hi))
    return value


def main():
    text = sys.stdin.buffer.read().decode("ascii", errors="replace")
    if not text.endswith("\n"):
        fail(text.count("\n") + 1, "the input must end with a newline")
    lines = text[:-1].split("\n")
    if len(lines) != 2:
        fail(min(len(lines), 3), "expected 2 lines, found %d" % len(lines))
    n = integer(lines[0], 1, "n", 1, 1000)
    tokens = lines[1].split(" ")
    if len(tokens) != n:
        fail(2, "expected %d numbers separated by single spaces, found %d tokens" % (n, len(tokens)))
    for i, token in enumerate(tokens):
        integer(token, 2, "a_%d" % (i + 1), 0, 10**9)


main()
