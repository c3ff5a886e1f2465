# Accepted: the sum in Python's integers.
n, *values = map(int, open(0).read().split())
print(sum(values[:n]))
