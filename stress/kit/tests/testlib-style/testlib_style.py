"""Runs the testlib-style generators beside this file, compiled against stress.h (test.sh compiles
them), and checks them.

Usage: testlib_style.py BIN_DIR WORK_DIR. For each generator: the empty stream gives the
expected smallest output; on random streams the output keeps the generator's promise (a pattern's
strings match it, a partition sums right, a tree is a tree), the tape is well formed (every value
below its draw's count), the stream cut to the tape's `consumed` bytes makes the same output, and
the random streams do not all give the empty stream's output. Prints one line per failure and
exits 1 when there is one.
"""
import hashlib
import os
import re
import subprocess
import sys

BIN, WORK = sys.argv[1], sys.argv[2]
failures = []


def fail(what):
    failures.append(what)
    print("FAIL: testlib-style generators: " + what, file=sys.stderr)


def run(args, stream, cwd=None, extend=None):
    """The generator's output and tape (a list of (n, value) pairs and consumed)."""
    tape = os.path.join(WORK, "tape")
    if os.path.exists(tape):
        os.remove(tape)
    env = dict(os.environ, STRESS_TAPE=tape)
    env.pop("STRESS_EXTEND", None)
    if extend is not None:
        env["STRESS_EXTEND"] = extend
    done = subprocess.run([os.path.join(BIN, args[0])] + args[1:], input=stream,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                          timeout=20)
    if done.returncode != 0:
        fail("%s exited with %d: %s" % (" ".join(args), done.returncode, done.stderr[-200:]))
        return None, None, None
    lines = open(tape).read().split("\n")
    consumed = int(lines[0].split()[1])
    # A span's lines, "( label" and ")", must nest; the draws are the other lines.
    depth = 0
    for line in lines[1:]:
        depth += 1 if line.startswith("(") else -1 if line == ")" else 0
        if depth < 0:
            break
    if depth != 0:
        fail("%s: the tape's spans do not nest" % " ".join(args))
    draws = [tuple(int(x) for x in line.split()[:2]) for line in lines[1:]
             if line and line[0] not in "()"]
    return done.stdout.decode(), draws, consumed


def streams(name, count, size):
    for s in range(count):
        data = b"".join(hashlib.sha256(b"%s %d %d" % (name.encode(), s, i)).digest()
                        for i in range(size // 32 + 1))
        yield data[:size]


def ints(text):
    return [int(x) for x in text.split()]


def pattern_check(regex):
    return lambda out, args: re.fullmatch(regex + "\n", out) is not None


def opts(args):
    """-name value, -name=value and --name value pairs; a flag with no value maps to True."""
    found, i = {}, 1
    while i < len(args):
        name = args[i].lstrip("-")
        if "=" in name:
            name, value = name.split("=", 1)
            found[name] = value
        elif i + 1 < len(args) and not re.fullmatch(r"--?[a-z][a-z-]*", args[i + 1]):
            found[name], i = args[i + 1], i + 1
        else:
            found[name] = True
        i += 1
    return found


def token_check(out, args):
    most = int(opts(args[1:]).get("max-len", 500))
    lines = out.split("\n")
    return (len(lines) == 3 and lines[2] == "" and re.fullmatch(r"[0-9A-Za-z]+", lines[1])
            is not None and int(lines[0]) == len(lines[1]) and 1 <= len(lines[1]) <= most)


def uniform_check(out, args):
    lines = out.split("\n")
    if len(lines) != 7 or lines[6] != "":
        return False
    small, large, below = int(lines[0]), int(lines[1]), int(lines[2])
    unit, scaled, middle = (float(x) for x in lines[5].split())
    return (1 <= small <= 10**6 and 1 <= large <= 10**18 and 0 <= below < 100
            and lines[3] in "aeiou" and len(lines[3]) == 1 and lines[4] in ("heads", "tails")
            and 0 <= unit <= 1 and 0 <= scaled <= 8 and 0.25 <= middle <= 0.75)


def weighted_check(out, args):
    lines = out.split("\n")
    if len(lines) != 4 or lines[3] != "":
        return False
    a, b, c = ints(lines[0])
    p, q, r = (float(x) for x in lines[1].split())
    return (1 <= a <= 10**6 and 0 <= b < 1000 and 10 <= c <= 10**12 and 0 <= p <= 1
            and 0 <= q <= 5 and -1 <= r <= 1
            and int(lines[2]) in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29))


def array_check(out, args):
    o = opts(args)
    count, total = int(o["tests"]), int(o["total-n"])
    least = int(o.get("min-n", 1))
    lo, hi = int(o.get("lo", 1)), int(o.get("hi", 10**9))
    lines = out.split("\n")
    if lines[0] != str(count) or len(lines) != 2 + 2 * count:
        return False
    seen = 0
    for t in range(count):
        n, values = int(lines[1 + 2 * t]), ints(lines[2 + 2 * t])
        if n < least or len(values) != n or not all(lo <= v <= hi for v in values):
            return False
        if "sorted" in o and values != sorted(values):
            return False
        seen += n
    return seen == total


def bipartite_check(out, args):
    n, m, k = (int(x) for x in args[1:4])
    lines = out.strip("\n").split("\n")
    edges = [tuple(ints(line)) for line in lines[1:]]
    return (ints(lines[0]) == [n, m, k] and len(edges) == k and len(set(edges)) == k
            and all(1 <= a <= n and 1 <= b <= m for a, b in edges))


def rooted_tree_check(out, args):
    n = int(args[1])
    lines = out.split("\n")
    parent = [0, 0] + ints(lines[1])
    if lines[0] != str(n) or len(parent) != n + 1:
        return False
    for v in range(2, n + 1):
        seen, u = 0, v
        while u != 1 and seen <= n:
            if not 1 <= parent[u] <= n:
                return False
            u, seen = parent[u], seen + 1
        if u != 1:
            return False
    return True


def edges_form_tree(n, edges):
    root = list(range(n + 1))

    def find(x):
        while root[x] != x:
            x = root[x]
        return x

    if len(edges) != n - 1:
        return False
    for a, b in edges:
        if not (1 <= a <= n and 1 <= b <= n) or find(a) == find(b):
            return False
        root[find(a)] = find(b)
    return True


def tree_check(out, args):
    n = int(args[1])
    lines = out.strip("\n").split("\n")
    return ints(lines[0]) == [n] and edges_form_tree(n, [ints(line) for line in lines[1:]])


def weighted_tree_check(out, args):
    o = opts(args)
    n, most = int(o["n"]), int(o.get("max-w", 10**9))
    lines = out.strip("\n").split("\n")
    rows = [ints(line) for line in lines[1:]]
    if ints(lines[0]) != [n] or not all(len(row) == 3 for row in rows):
        return False
    weights = [w for _, _, w in rows]
    return (edges_form_tree(n, [(u, v) for u, v, _ in rows])
            and all(u < v for u, v, _ in rows) and len(set(weights)) == len(weights)
            and all(1 <= w <= most for w in weights))


WORDS = r"[a-z]{1,10}( [a-z]{1,10}){%d}\n(yes|no|maybe)\n[A-Za-z_][A-Za-z0-9_]{0,30}\n#[0-9a-f]{6}"
# (arguments, the empty stream's output, the check of any output, whether streams change it)
CASES = [
    (["sparse-bits"], "0" * 80 + "\n", pattern_check("[01]{80}"), True),
    (["pattern-words"], "a a a a\nyes\nA\n#000000\n", pattern_check(WORDS % 3), True),
    (["pattern-words", "-words=1"], "a\nyes\nA\n#000000\n", pattern_check(WORDS % 0), True),
    (["weighted-token", "1000", "-max-len", "1000"], "1\n0\n", token_check, True),
    (["weighted-token", "-1000"], "1\n0\n", token_check, True),
    (["weighted-token", "3", "--max-len", "40"], "1\n0\n", token_check, True),
    (["uniform-numbers"], "1\n1\n0\na\ntails\n0.000000000 0.000000000 0.250000000\n",
     uniform_check, True),
    (["weighted-numbers"], "1 0 10\n0.000000000 0.000000000 -1.000000000\n2\n", weighted_check,
     True),
    (["weighted-numbers", "3"], "1 0 10\n0.000000000 0.000000000 -1.000000000\n2\n",
     weighted_check, True),
    (["weighted-numbers", "-30"], "1 0 10\n0.000000000 0.000000000 -1.000000000\n2\n",
     weighted_check, True),
    (["weighted-numbers", "40"], "1 0 10\n0.000000000 0.000000000 -1.000000000\n2\n",
     weighted_check, True),
    (["multi-test-arrays", "-tests", "3", "-total-n", "10"],
     "3\n1\n1\n1\n1\n8\n1 1 1 1 1 1 1 1\n", array_check, True),
    (["multi-test-arrays", "-tests=4", "--total-n=20", "-min-n", "2", "-lo", "-5", "-hi", "5",
      "-bias", "2", "-sorted"],
     "4\n2\n-5 -5\n2\n-5 -5\n2\n-5 -5\n14\n" + " ".join(["-5"] * 14) + "\n", array_check, True),
    (["bipartite-edges", "3", "4", "1"], "3 4 1\n1 1\n", bipartite_check, True),
    (["bipartite-edges", "5", "6", "12"], None, bipartite_check, True),
    (["tree-parents", "6"], "6\n1 1 1 1 1\n", rooted_tree_check, True),
    (["tree-parents", "30", "-2"], None, rooted_tree_check, True),
    (["tree-parents", "30", "40"], None, rooted_tree_check, True),
    (["tree-edges", "6", "1"], "6\n1 2\n1 3\n1 4\n1 5\n1 6\n", tree_check, True),
    (["tree-edges", "40", "-3"], None, tree_check, True),
    (["weighted-tree", "-n", "4"], "4\n1 2 1\n1 3 2\n1 4 3\n", weighted_tree_check, True),
    (["weighted-tree", "-n", "50", "-shape", "30", "-max-w", "60"], None, weighted_tree_check,
     True),
    (["weighted-tree", "-n", "50", "-shape", "-2"], None, weighted_tree_check, True),
    (["repeated-pieces", "a", "1", "b", "5", "a", "1"], "abbbbba\n",
     lambda out, args: out == "abbbbba\n", False),
]

for args, empty, check, varies in CASES:
    name = " ".join(args)
    if empty is not None:
        out, draws, _ = run(args, b"")
        if out is not None and out != empty:
            fail("%s on the empty stream: %r, expected %r" % (name, out[:200], empty[:200]))
        if out is not None and not check(out, args):
            fail("%s on the empty stream: %r breaks the check" % (name, out[:200]))
    outs = set()
    for data in streams(name, 12, 4096):
        out, draws, consumed = run(args, data)
        if out is None:
            continue
        outs.add(out)
        if not check(out, args):
            fail("%s on a random stream: %r breaks the check" % (name, out[:200]))
        if not all(n == 0 or 0 <= v < n for n, v in draws):
            fail("%s: a tape value is not below its draw's count" % name)
        again, _, _ = run(args, data[:consumed])
        if again is not None and again != out:
            fail("%s: the stream cut to its %d consumed bytes makes another output"
                 % (name, consumed))
    if varies and len(outs) < 2:
        fail("%s: every random stream gave the same output" % name)

# A fresh case's extended stream ends a rejection loop that zeros would not end.
out, _, _ = run(["bipartite-edges", "3", "4", "12"], b"", extend="00000000000000ab")
if out is not None and not bipartite_check(out, ["", "3", "4", "12"]):
    fail("bipartite-edges 3 4 12 on an extended empty stream: %r" % out)

# test-files writes the files 1..count in its folder (testlib's startTest), nothing on stdout.
for count, data in [(8, b"")] + [(5, d) for d in streams("test-files", 4, 256)]:
    folder = os.path.join(WORK, "test-files")
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    out, _, _ = run(["test-files", "-count", str(count)], data, cwd=folder)
    if out is None:
        continue
    names = sorted(os.listdir(folder), key=lambda f: int(f) if f.isdigit() else 0)
    if names != [str(i) for i in range(1, count + 1)] or out != "":
        fail("test-files: files %s, standard output %r" % (names, out[:100]))
        continue
    for i in range(1, count + 1):
        lines = open(os.path.join(folder, str(i))).read().split("\n")
        n, values = int(lines[0]), ints(lines[1])
        if not (1 <= n <= i and len(values) == n and len(set(values)) == n
                and all(1 <= v <= 10 * i for v in values) and lines[2:] == [""]):
            fail("test-files: test %d is %r" % (i, lines))
        if not data and lines != ["1", "1", ""]:
            fail("test-files on the empty stream: test %d is %r, expected 1 then 1" % (i, lines))

print("testlib-style generators: %d cases, %d failures" % (len(CASES) + 2, len(failures)))
sys.exit(1 if failures else 0)
