"""Runs testlib's generators, compiled against stress.h (test.sh compiles them), and checks them.

Usage: testlib_generators.py BIN_DIR WORK_DIR. For each generator: the empty stream gives the
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
    print("FAIL: testlib generators: " + what, file=sys.stderr)


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
    draws = [tuple(int(x) for x in line.split()[:2]) for line in lines[1:] if line]
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


def in_range(lo, hi):
    return lambda out, args: len(ints(out)) == 1 and lo <= ints(out)[0] <= hi


def array_check(out, args):
    opts = dict(zip(args[1::2], args[2::2]))
    count, sum_n = int(opts["-test-count"]), int(opts["-sum-n"])
    min_n = int(opts.get("-min-n", 1))
    lo, hi = int(opts.get("-min-value", 1)), int(opts.get("-max-value", 10**9))
    lines = out.split("\n")
    if lines[0] != str(count) or len(lines) != 2 + 2 * count:
        return False
    total = 0
    for t in range(count):
        n, values = int(lines[1 + 2 * t]), ints(lines[2 + 2 * t])
        if n < min_n or len(values) != n or not all(lo <= v <= hi for v in values):
            return False
        total += n
    return total == sum_n


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


def tree_check(out, args):
    n = int(args[1])
    lines = out.strip("\n").split("\n")
    root = list(range(n + 1))

    def find(x):
        while root[x] != x:
            x = root[x]
        return x

    if ints(lines[0]) != [n] or len(lines) != n:
        return False
    for line in lines[1:]:
        a, b = ints(line)
        if not (1 <= a <= n and 1 <= b <= n) or find(a) == find(b):
            return False
        root[find(a)] = find(b)
    return True


ALNUM = "[a-zA-Z0-9]{1,1000}"
# (arguments, the empty stream's output, the check of any output, whether streams change it)
CASES = [
    (["bgen"], "0" * 100 + "\n", pattern_check("[01]{100}"), True),
    (["sgen"], "0\n", pattern_check(ALNUM), True),
    (["swgen", "1000"], "0\n", pattern_check(ALNUM), True),
    (["swgen", "-1000"], "0\n", pattern_check(ALNUM), True),
    (["swgen", "3"], "0\n", pattern_check(ALNUM), True),
    (["igen"], "1\n", in_range(1, 10**6), True),
    (["iwgen", "3"], "1\n", in_range(1, 10**6), True),
    (["iwgen", "-30"], "1\n", in_range(1, 10**6), True),
    (["gen-array-with-opt", "-test-count", "3", "-sum-n", "10"],
     "3\n1\n1\n1\n1\n8\n1 1 1 1 1 1 1 1\n", array_check, True),
    (["gen-array-with-opt", "-test-count", "4", "-sum-n", "20", "-min-n", "2", "-min-value",
      "-5", "-max-value", "5", "-value-bias", "2"],
     "4\n2\n-5 -5\n2\n-5 -5\n2\n-5 -5\n14\n" + " ".join(["-5"] * 14) + "\n", array_check, True),
    (["gen-bipartite-graph", "3", "4", "1"], "3 4 1\n1 1\n", bipartite_check, True),
    (["gen-bipartite-graph", "5", "6", "12"], None, bipartite_check, True),
    (["gen-rooted-tree-graph", "6", "0"], "6\n1 1 1 1 1\n", rooted_tree_check, True),
    (["gen-rooted-tree-graph", "30", "-2"], None, rooted_tree_check, True),
    (["gen-tree-graph", "6", "1"], "6\n1 2\n1 3\n1 4\n1 5\n1 6\n", tree_check, True),
    (["gen-tree-graph", "40", "-3"], None, tree_check, True),
    (["gs", "3", "1", "a", "5", "b", "1", "a"], "abbbbba\n",
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
out, _, _ = run(["gen-bipartite-graph", "3", "4", "12"], b"", extend="00000000000000ab")
if out is not None and not bipartite_check(out, ["", "3", "4", "12"]):
    fail("gen-bipartite-graph 3 4 12 on an extended empty stream: %r" % out)

# multigen writes the files 1..10 in its folder (testlib's startTest).
for data in [b""] + list(streams("multigen", 4, 256)):
    folder = os.path.join(WORK, "multigen")
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    out, _, _ = run(["multigen"], data, cwd=folder)
    if out is None:
        continue
    names = sorted(os.listdir(folder), key=lambda f: int(f) if f.isdigit() else 0)
    if names != [str(i) for i in range(1, 11)] or out != "":
        fail("multigen: files %s, standard output %r" % (names, out[:100]))
        continue
    for i in range(1, 11):
        values = ints(open(os.path.join(folder, str(i))).read())
        if len(values) != 2 or not all(1 <= v <= i * i for v in values):
            fail("multigen: test %d is %r" % (i, values))
        if not data and values != [1, 1]:
            fail("multigen on the empty stream: test %d is %r, expected 1 1" % (i, values))

print("testlib generators: %d cases, %d failures" % (len(CASES) + 2, len(failures)))
sys.exit(1 if failures else 0)
