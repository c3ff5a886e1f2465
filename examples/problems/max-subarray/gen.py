"""Stream generator of max-subarray: n in 1..8, each a_i a sign then a magnitude in 0..10.

Zero bytes give n = 1 and a_i = 0 (the sign is drawn first: 0 picks +).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "stress", "kit"))
import stress_random as random  # noqa: E402

n = random.randint(1, 8)
a = [random.choice((1, -1)) * random.randint(0, 10) for _ in range(n)]
print(n)
print(*a)
