"""stress_random: Python's `random`, every draw taken from the byte stream on stdin.

A generator becomes a stream generator for `harness stress --gen-stream` by one line:

    import stress_random as random

The harness writes random bytes on the generator's standard input; each choice reads a few of
them (docs/stress-protocol.md), so the harness can shrink a failing input by shrinking the bytes
and generating again, and enumerate every small input.

Every choice is a bounded draw of an integer in [lo, hi] with n = hi - lo + 1 values (at most
2^64). When n == 1 it reads nothing and returns lo; otherwise it reads k bytes, the fewest that hold
n - 1, as one big-endian number raw, and returns lo + raw % n. Past the end of the stream every byte
is 0, so the empty stream gives the smallest choice everywhere.

- randrange, randint, choice: one bounded draw (through `_randbelow`), as the stdlib computes them.
- random(): draw(0, 2^53 - 1) / 2^53; uniform, gauss and the other distributions go through it.
- shuffle(x): for i in 1..len: j = draw(0, i), swap x[i] and x[i - j] (unchanged on zeros).
- sample(population, k): the i-th pick is the j-th smallest index not picked yet,
  j = draw(0, n - 1 - i) (the first k on zeros), the same as stress.h's rnd.distinct.
- choices(population, k=...) without weights: one bounded draw per pick; with weights the stdlib's
  rule (random() against the cumulative weights).
- getrandbits(k): one draw of k bits for k <= 64; above, 64-bit draws from the most significant
  end, the first holding the k mod 64 top bits.
- randbytes(n): n draws of one byte.
- seed(...): does nothing (the stream is the randomness). getstate/setstate are not supported.

Beyond the `random` module, testlib's weighted draws and partitions, the same draws as stress.h's:

- wnext(n, t), wnext(lo, hi, t): t > 0 the largest of t + 1 draws, t < 0 the smallest of -t + 1
  draws (for |t| >= 25 one random() through the inverse distribution function); zeros: lo.
- wany(seq, t): seq[wnext(len(seq), t)].
- partition(size, total, min_part=1): size parts >= min_part summing to total: size - 1 cuts, each
  draw(0, total - size * min_part), sorted; each part min_part plus the gap before its cut, the last
  the rest (zeros: min_part, ..., min_part, then the rest).

Every Random instance draws from the same stream. When the environment variable STRESS_TAPE names
a file, the tape is written there at exit: "consumed K" (stream bytes read, past the end included),
then one line "n value" per draw, value = drawn - lo, n written 0 for 2^64.
"""

import atexit as _atexit
import os as _os
import random as _random
import sys as _sys
from bisect import bisect as _bisect
from collections.abc import Sequence as _Sequence
from itertools import accumulate as _accumulate

__all__ = list(_random.__all__) + ["wnext", "wany", "partition"]

_TWO64 = 1 << 64
_BLOCK = 1 << 16


def _extension(seed):
    """The bytes past the end of a fresh case's stream: splitmix64 from `seed`, each output
    little-endian (the same as stress.h's, docs/stress-protocol.md)."""
    mask = (1 << 64) - 1
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield from (z ^ (z >> 31)).to_bytes(8, "little")


class _Stream:
    """The byte stream on stdin, read lazily in blocks, and the tape. Past its end: zeros, or the
    extension of a fresh case (STRESS_EXTEND, a seed in hex)."""

    def __init__(self):
        self.buf = b""
        self.pos = 0
        self.eof = False
        self.consumed = 0
        extend = _os.environ.get("STRESS_EXTEND", "")
        self.extension = _extension(int(extend, 16)) if extend else None
        path = _os.environ.get("STRESS_TAPE", "")
        self.tape_path = path
        self.tape = [] if path else None

    def _take(self, k):
        """The next k bytes (past the end: zeros, or the extension)."""
        self.consumed += k
        out = self.buf[self.pos:self.pos + k]
        self.pos += len(out)
        while len(out) < k and not self.eof:
            block = _sys.stdin.buffer.read(_BLOCK)
            if not block:
                self.eof = True
                break
            need = k - len(out)
            out += block[:need]
            self.buf = block
            self.pos = min(need, len(block))
        if len(out) < k:
            if self.extension is None:
                out += bytes(k - len(out))
            else:
                out += bytes(next(self.extension) for _ in range(k - len(out)))
        return out

    def below(self, n, lo=0):
        """A draw in [0, n - 1], 1 <= n <= 2^64; `lo` is what the caller adds to it (the tape
        says it)."""
        if n == 1:
            value = 0
        else:
            k = ((n - 1).bit_length() + 7) // 8
            value = int.from_bytes(self._take(k), "big") % n
        if self.tape is not None:
            self.tape.append((n % _TWO64, value, lo))
        return value

    def write_tape(self):
        if self.tape is None:
            return
        lines = ["consumed %d\n" % self.consumed]
        lines.extend(("%d %d %d\n" % d) if d[2] else ("%d %d\n" % d[:2]) for d in self.tape)
        try:
            with open(self.tape_path, "w") as f:
                f.writelines(lines)
        except OSError as e:
            print("stress_random: cannot write the tape %s: %s" % (self.tape_path, e),
                  file=_sys.stderr)
        self.tape = None


_stream = _Stream()
_atexit.register(_stream.write_tape)


def _draw(n, lo=0):
    if not 1 <= n <= _TWO64:
        raise ValueError("stress_random: a draw needs 1 to 2^64 values, not %d" % n)
    return _stream.below(n, lo)


class Random(_random.Random):
    """random.Random whose every draw comes from the stream (shared by all instances)."""

    def __init__(self, x=None):
        self._lo = 0
        super().__init__(x)

    def seed(self, a=None, version=2):
        """Does nothing: the stream is the randomness."""
        self.gauss_next = None

    def getstate(self):
        raise NotImplementedError("stress_random: a stream has no state to save")

    def setstate(self, state):
        raise NotImplementedError("stress_random: a stream has no state to restore")

    def _randbelow(self, n):
        if n <= 0:
            raise ValueError("empty range")
        return _draw(n, self._lo)

    def randrange(self, start, stop=None, step=1):
        # The tape says the lowest value of randrange(a, b) and randint(a, b) (C++'s lo).
        wrapped = (start + 2**63) % _TWO64 - 2**63 if isinstance(start, int) else 0
        self._lo = wrapped if stop is not None and step == 1 else 0
        try:
            return super().randrange(start, stop, step)
        finally:
            self._lo = 0

    def random(self):
        return _draw(1 << 53) * (2.0 ** -53)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        top = k % 64 or (64 if k else 0)
        value = _draw(1 << top) if top else 0
        for _ in range((k - top) // 64):
            value = (value << 64) | _draw(_TWO64)
        return value

    def randbytes(self, n):
        return bytes(_draw(256) for _ in range(n))

    def shuffle(self, x):
        for i in range(1, len(x)):
            j = _draw(i + 1)
            if j:
                x[i], x[i - j] = x[i - j], x[i]

    def sample(self, population, k, *, counts=None):
        if not isinstance(population, _Sequence):
            raise TypeError("Population must be a sequence. For dicts or sets, use sorted(d).")
        if counts is not None:
            cum = list(_accumulate(counts))
            if len(cum) != len(population):
                raise ValueError("The number of counts does not match the population")
            total = cum[-1] if cum else 0
            picks = self.sample(range(total), k)
            return [population[_bisect(cum, s)] for s in picks]
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        taken = []  # indices picked so far, sorted
        result = []
        for i in range(k):
            v = _draw(n - i)
            at = 0
            while at < len(taken) and taken[at] <= v:
                at += 1
                v += 1
            taken.insert(at, v)
            result.append(population[v])
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        if weights is None and cum_weights is None:
            n = len(population)
            if n == 0:
                raise IndexError("Cannot choose from an empty population")
            return [population[_draw(n)] for _ in range(k)]
        return super().choices(population, weights, cum_weights=cum_weights, k=k)


    def wnext(self, a, b, t=None):
        """testlib's rnd.wnext: wnext(n, t) in [0, n), wnext(lo, hi, t) in [lo, hi]."""
        if t is None:
            lo, hi, t = 0, a - 1, b
            if a <= 0:
                raise ValueError("wnext(n, t): n must be positive")
        else:
            lo, hi = a, b
            if hi < lo:
                raise ValueError("wnext(lo, hi, t): lo > hi")
        n = hi - lo + 1
        if abs(t) < _WNEXT_LIM:
            result = _draw(n, lo)
            for _ in range(t):
                result = max(result, _draw(n, lo))
            for _ in range(-t):
                result = min(result, _draw(n, lo))
            return lo + result
        u = self.random()
        p = u ** (1.0 / (t + 1)) if t > 0 else 1.0 - (1.0 - u) ** (1.0 / (-t + 1))
        x = float(n) * p
        off = n - 1 if x >= float(n) else min(int(x), n - 1)
        return lo + off

    def wany(self, seq, t):
        """testlib's rnd.wany: the element at wnext(len(seq), t)."""
        if len(seq) == 0:
            raise IndexError("wany: empty sequence")
        return seq[self.wnext(len(seq), t)]

    def partition(self, size, total, min_part=1):
        """testlib's rnd.partition: `size` parts >= min_part summing to `total`."""
        if size < 0:
            raise ValueError("partition: size < 0")
        if size == 0:
            if total != 0:
                raise ValueError("partition: size == 0 and total != 0")
            return []
        extra = total - min_part * size
        if extra < 0:
            raise ValueError("partition: min_part * size > total")
        cuts = sorted(_draw(extra + 1) for _ in range(size - 1))
        parts = [min_part + c - p for p, c in zip([0] + cuts, cuts)]
        parts.append(min_part + extra - (cuts[-1] if cuts else 0))
        return parts


_WNEXT_LIM = 25
_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
wnext = _inst.wnext
wany = _inst.wany
partition = _inst.partition
randbytes = _inst.randbytes
if hasattr(_random.Random, "binomialvariate"):
    binomialvariate = _inst.binomialvariate
SystemRandom = Random
