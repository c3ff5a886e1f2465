"""Prints the draws named by its arguments, one line each (stress_random); see draws.cpp."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import stress_random as random  # noqa: E402


def main(args):
    i = 0
    out = []
    while i < len(args):
        op = args[i]
        i += 1
        if op in ("i", "u"):
            out.append(random.randint(int(args[i]), int(args[i + 1])))
            i += 2
        elif op == "n":
            out.append(random.randrange(int(args[i])))
            i += 1
        elif op == "b":
            out.append(random.getrandbits(1))
        elif op == "f":
            out.append(int(random.random() * 2**53))
        elif op == "U":
            out.append("%.17g" % random.uniform(float(args[i]), float(args[i + 1])))
            i += 2
        elif op == "c":
            out.append(random.choice([10 * j for j in range(int(args[i]))]))
            i += 1
        elif op in ("s", "p"):
            v = list(range(int(args[i])))
            random.shuffle(v)
            out.append(" ".join(map(str, v)))
            i += 1
        elif op == "d":
            k, lo, hi = int(args[i]), int(args[i + 1]), int(args[i + 2])
            out.append(" ".join(map(str, random.sample(range(lo, hi + 1), k))))
            i += 3
        elif op == "N":
            # The rule of sample / distinct, one draw and one walk of a sorted list per value (the
            # kit walks blocks): the j-th smallest value of [lo, hi] not taken yet.
            k, lo, hi = int(args[i]), int(args[i + 1]), int(args[i + 2])
            taken, values = [], []
            for j in range(k):
                v = random.randrange(hi - lo + 1 - j)
                at = 0
                while at < len(taken) and taken[at] <= v:
                    at += 1
                    v += 1
                taken.insert(at, v)
                values.append(lo + v)
            out.append(" ".join(map(str, values)))
            i += 3
        elif op == "(":
            random.span(args[i]).__enter__()
            i += 1
        elif op == ")":
            random.span().__exit__(None, None, None)
        elif op == "g":
            out.append(random.getrandbits(int(args[i])))
            i += 1
        elif op == "w":
            out.append(random.wnext(int(args[i]), int(args[i + 1])))
            i += 2
        elif op == "W":
            out.append(random.wnext(int(args[i]), int(args[i + 1]), int(args[i + 2])))
            i += 3
        elif op == "y":
            out.append(random.wany([10 * j for j in range(int(args[i]))], int(args[i + 1])))
            i += 2
        elif op == "x":
            out.append(random.from_pattern(args[i]))
            i += 1
        elif op == "P":
            parts = random.partition(int(args[i]), int(args[i + 1]), int(args[i + 2]))
            out.append(" ".join(map(str, parts)))
            i += 3
        else:
            sys.exit("unknown op " + op)
    sys.stdout.buffer.write("".join("%s\n" % x for x in out).encode("latin-1"))


main(sys.argv[1:])
