"""Seed generator of distinct-count: gen.py MAX_N MAX_V SEED.

n in 1..MAX_N, each a_i in 0..MAX_V, from Python's random seeded by the last argument.
"""
import random
import sys

if len(sys.argv) != 4:
    sys.exit("usage: gen.py MAX_N MAX_V SEED")
max_n, max_v = int(sys.argv[1]), int(sys.argv[2])
random.seed(int(sys.argv[-1]))
n = random.randint(1, max_n)
print(n)
print(*(random.randint(0, max_v) for _ in range(n)))
