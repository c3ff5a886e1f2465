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
- from_pattern(p), Pattern(p).next(): testlib's pattern strings ("[a-z]{1,10}", "(yes|no)"),
  parsed as testlib parses them; a count lo + draw(0, hi - lo), a class's character the j-th of
  the class sorted by code, j = draw(0, size - 1), an alternative draw(0, count - 1) (zeros: the
  shortest string of the first alternative, each class's smallest character).
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
import re as _re
import sys as _sys
from bisect import bisect as _bisect
from collections.abc import Sequence as _Sequence
from itertools import accumulate as _accumulate

__all__ = list(_random.__all__) + ["wnext", "wany", "partition", "Pattern", "from_pattern"]

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



class _Untaken:
    """The indices `sample` has taken, sorted, in blocks: take(v) finds the v-th smallest index not
    taken yet and takes it, walking the blocks and bisecting one (not one long list)."""

    _BLOCK = 2048

    def __init__(self):
        self.blocks = []

    def take(self, v):
        # The indices t_j at global index j with t_j - j <= v lie below the answer v + j.
        before = 0
        for b, block in enumerate(self.blocks):
            if block[-1] - (before + len(block) - 1) > v:
                lo, hi = 0, len(block)  # the first local i with block[i] - (before + i) > v
                while lo < hi:
                    mid = (lo + hi) // 2
                    if block[mid] - (before + mid) > v:
                        hi = mid
                    else:
                        lo = mid + 1
                x = v + before + lo
                block.insert(lo, x)
                if len(block) >= 2 * self._BLOCK:
                    self.blocks.insert(b + 1, block[self._BLOCK:])
                    del block[self._BLOCK:]
                return x
            before += len(block)
        if not self.blocks or len(self.blocks[-1]) >= 2 * self._BLOCK:
            self.blocks.append([])
        self.blocks[-1].append(v + before)
        return v + before

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
        for d in self.tape:
            if d[0] == "(":
                lines.append("( %s\n" % d[1])
            elif d[0] == ")":
                lines.append(")\n")
            else:
                lines.append(("%d %d %d\n" % d) if d[2] else ("%d %d\n" % d[:2]))
        try:
            with open(self.tape_path, "w") as f:
                f.writelines(lines)
        except OSError as e:
            print("stress_random: cannot write the tape %s: %s" % (self.tape_path, e),
                  file=_sys.stderr)
        self.tape = None


_stream = _Stream()
_atexit.register(_stream.write_tape)


class span:
    """A span: the draws made inside `with span("row"):` are one group of the input (a row, an
    operation, a test case), named by its label. The tape records where it begins and ends, and
    the shrinker deletes, and counts, whole spans (as stress.h's stress_kit::Span)."""

    def __init__(self, label="span"):
        self.label = label

    def __enter__(self):
        if _stream.tape is not None:
            _stream.tape.append(("(", self.label))
        return self

    def __exit__(self, *exc):
        if _stream.tape is not None:
            _stream.tape.append((")",))
        return False


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
        # The tape says the lowest value of randrange(a, b) and randint(a, b) (C++'s lo); without
        # a tape there is nothing to say it to.
        if _stream.tape is None:
            return super().randrange(start, stop, step)
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
        taken = _Untaken()
        result = []
        for i in range(k):
            with span("distinct"):  # k and its k elements: the shrinker's count
                v = _draw(n - i)
            result.append(population[taken.take(v)])
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


class _PatternError(ValueError):
    pass


def _command(s, pos, value):
    """Whether s[pos] is `value` as a command (not escaped by an odd number of backslashes)."""
    if pos >= len(s):
        return False
    slashes = 0
    before = pos
    while before > 0 and s[before - 1] == "\\":
        slashes += 1
        before -= 1
    return slashes % 2 == 0 and s[pos] == value


class Pattern:
    """testlib's pattern strings, parsed as testlib (and stress.h's stress_pattern.h) parse them:
    alternatives `a|b`, characters and escapes, classes `[a-z]` and `[^...]`, counts `{n}`,
    `{lo,hi}`, `?` (`*` and `+` match but cannot be generated). `next()` draws as stress.h does:
    a count lo + draw(0, hi - lo), a class's character the j-th of the class sorted by code,
    j = draw(0, size - 1), an alternative draw(0, count - 1)."""

    def __init__(self, s):
        self.src = s
        self.children = []
        self.chars = []
        self.lo = self.hi = 0
        s = "".join(c for i, c in enumerate(s) if not _command(s, i, " "))
        opened, first_close, seps = 0, -1, []
        for i in range(len(s)):
            if _command(s, i, "("):
                opened += 1
                continue
            if _command(s, i, ")"):
                opened -= 1
                if opened == 0 and first_close == -1:
                    first_close = i
                continue
            if opened < 0:
                self._illegal(s)
            if _command(s, i, "|") and opened == 0:
                seps.append(i)
        if opened != 0:
            self._illegal(s)
        if (not seps and first_close + 1 == len(s) and _command(s, 0, "(")
                and _command(s, len(s) - 1, ")")):
            self.children.append(Pattern(s[1:-1]))
        elif seps:
            last = 0
            for sep in seps + [len(s)]:
                self.children.append(Pattern(s[last:sep]))
                last = sep + 1
        else:
            pos = self._char_set(s, 0)
            pos = self._counts(s, pos)
            if pos < len(s):
                self.children.append(Pattern(s[pos:]))

    @staticmethod
    def _illegal(s):
        raise _PatternError('pattern: Illegal pattern (or part) "%s"' % s)

    def _get_char(self, s, pos):
        pos += 2 if s[pos] == "\\" else 1
        if pos > len(s):
            self._illegal(s)
        return s[pos - 1], pos

    def _counts(self, s, pos):
        self.lo = self.hi = 1
        if pos >= len(s):
            return pos
        if _command(s, pos, "{"):
            parts, part = [], ""
            pos += 1
            while pos < len(s) and not _command(s, pos, "}"):
                if _command(s, pos, ","):
                    parts.append(part)
                    part = ""
                    pos += 1
                else:
                    c, pos = self._get_char(s, pos)
                    part += c
            if part:
                parts.append(part)
            if not _command(s, pos, "}") or not 1 <= len(parts) <= 2:
                self._illegal(s)
            pos += 1
            m = [_re.match(r"\s*([+-]?\d+)", p) for p in parts]
            if not all(m):
                self._illegal(s)
            numbers = [int(x.group(1)) for x in m]
            self.lo, self.hi = numbers[0], numbers[-1]
            if self.lo > self.hi:
                self._illegal(s)
        elif _command(s, pos, "?"):
            self.lo, self.hi, pos = 0, 1, pos + 1
        elif _command(s, pos, "*"):
            self.lo, self.hi, pos = 0, None, pos + 1
        elif _command(s, pos, "+"):
            self.lo, self.hi, pos = 1, None, pos + 1
        return pos

    def _char_set(self, s, pos):
        if pos >= len(s):
            self._illegal(s)
        if not _command(s, pos, "["):
            c, pos = self._get_char(s, pos)
            self.chars = [c]
            return pos
        pos += 1
        negative = _command(s, pos, "^")
        if negative:
            pos += 1
        result, prev = [], None
        while pos < len(s) and not _command(s, pos, "]"):
            if _command(s, pos, "-") and prev is not None:
                pos += 1
                if pos + 1 == len(s) or _command(s, pos, "]"):
                    result.append(prev)
                    prev = "-"
                    continue
                nxt, pos = self._get_char(s, pos)
                if _signed(prev) > _signed(nxt):
                    self._illegal(s)
                result.extend(chr(c) for c in range(ord(prev), ord(nxt) + 1))
                prev = None
            else:
                if prev is not None:
                    result.append(prev)
                prev, pos = self._get_char(s, pos)
        if prev is not None:
            result.append(prev)
        if not _command(s, pos, "]"):
            self._illegal(s)
        pos += 1
        if negative:
            listed = set(result)
            result = [chr(c) for c in range(255) if chr(c) not in listed]
        self.chars = sorted(result)
        if not self.chars:
            self._illegal(s)
        return pos

    def next(self):
        """A string the pattern matches, drawn from the stream (zeros: the simplest)."""
        out = []
        self._append(out)
        return "".join(out)

    def _append(self, out):
        if self.hi is None:
            raise _PatternError('pattern "%s": \'*\' and \'+\' cannot be generated' % self.src)
        if self.hi > 0:
            count = self.lo + _draw(self.hi - self.lo + 1)
            out.extend(self.chars[_draw(len(self.chars))] for _ in range(count))
        if self.children:
            self.children[_draw(len(self.children))]._append(out)


def _signed(c):
    """A character's code as C's signed char compares it."""
    return ord(c) - 256 if ord(c) >= 128 else ord(c)


def from_pattern(p):
    """testlib's rnd.next(pattern): a string `p` matches, drawn as stress.h draws it (for a
    printf-style pattern, format it first: `from_pattern("[a-z]{%d}" % n)`)."""
    return Pattern(p).next()


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
