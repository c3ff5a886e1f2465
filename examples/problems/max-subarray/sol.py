"""Solution of max-subarray: Kadane's scan.

PLANTED BUG: the best sum starts at 0, the sum of the empty run, which is not allowed: when every
number is negative the answer printed is 0 instead of the largest number.
"""
import sys

data = sys.stdin.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
best = 0  # should be a[0] (or minus infinity)
run = 0
for x in a:
    run = max(x, run + x)
    best = max(best, run)
print(best)
