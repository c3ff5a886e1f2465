"""Brute force of max-subarray: the sum of every non-empty run."""
import sys

data = sys.stdin.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
print(max(sum(a[i:j]) for i in range(n) for j in range(i + 1, n + 1)))
