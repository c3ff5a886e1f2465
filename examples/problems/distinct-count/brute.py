"""Brute force of distinct-count: the size of the set."""
import sys

data = sys.stdin.read().split()
n = int(data[0])
print(len(set(data[1:1 + n])))
