//! Simulated generators for tests: a generator is a function of a [`Source`] of bounded draws,
//! run either on a byte stream by the protocol or on forced values.

use super::{bytes_for, read_raw, reduce_raw, Draw, Tape};

/// Where a simulated generator's choices come from.
pub(crate) trait Source {
    /// A value in `0..n` (`n = 0`: any `u64`).
    fn draw(&mut self, n: u64) -> u64;
    /// A span of draws begins (`label` names its kind), as the kits' spans mark one.
    fn open(&mut self, _label: &str) {}
    /// The innermost open span ends.
    fn close(&mut self) {}
}

/// A simulated generator: returns the input it makes (a list of numbers).
pub(crate) type Gen = fn(&mut dyn Source) -> Vec<u64>;

/// Draws from a byte stream by the protocol, keeping the tape.
struct StreamSource<'a> {
    stream: &'a [u8],
    tape: Tape,
    open: Vec<usize>,
}

impl Source for StreamSource<'_> {
    fn draw(&mut self, n: u64) -> u64 {
        let k = bytes_for(n);
        let value = reduce_raw(read_raw(self.stream, self.tape.consumed, k), n);
        self.tape.consumed += k;
        self.tape.draws.push(Draw::new(n, value));
        value
    }

    fn open(&mut self, label: &str) {
        self.tape.open_span(label, &mut self.open);
    }

    fn close(&mut self) {
        self.tape.close_span(&mut self.open);
    }
}

/// Runs `gen` on `stream`: its input and its tape.
pub(crate) fn run(gen: Gen, stream: &[u8]) -> (Vec<u64>, Tape) {
    let mut source = StreamSource {
        stream,
        tape: Tape::default(),
        open: Vec::new(),
    };
    let input = gen(&mut source);
    // A span still open at the end ends there, as the kits write it.
    while source.tape.close_span(&mut source.open) {}
    (input, source.tape)
}

/// Gives `values` in order, then zeros, recording each draw's `n`.
struct Forced<'a> {
    values: &'a [u64],
    bounds: Vec<u64>,
}

impl Source for Forced<'_> {
    fn draw(&mut self, n: u64) -> u64 {
        let value = self.values.get(self.bounds.len()).copied().unwrap_or(0);
        self.bounds.push(n);
        value
    }
}

/// The bounds `gen` draws with when its first values are `values` (then zeros).
pub(crate) fn bounds_with(gen: Gen, values: &[u64]) -> Vec<u64> {
    let mut source = Forced {
        values,
        bounds: Vec::new(),
    };
    gen(&mut source);
    source.bounds
}

/// `n` then `n` values below 100 (n below 11): a count and its items, one byte each.
pub(crate) fn count_then_items(s: &mut dyn Source) -> Vec<u64> {
    let n = s.draw(11);
    (0..n).map(|_| s.draw(100)).collect()
}

/// A count below 4, that many values below 1000 (two bytes each), then a boolean.
pub(crate) fn wide_items(s: &mut dyn Source) -> Vec<u64> {
    let n = s.draw(4);
    let mut out: Vec<u64> = (0..n).map(|_| s.draw(1000)).collect();
    out.push(s.draw(2));
    out
}

/// Bounds that depend on earlier values: `a < 4`, `b < a + 1` (one value when `a == 0`), and
/// `c < 2^64` only when `b` is odd, then a value below 3.
pub(crate) fn dependent(s: &mut dyn Source) -> Vec<u64> {
    let a = s.draw(4);
    let b = s.draw(a + 1);
    let mut out = vec![a, b];
    if b % 2 == 1 {
        out.push(s.draw(0));
    }
    out.push(s.draw(3));
    out
}

/// A grid: `n` rows (1 to 4) of `m` cells (1 to 4), each cell below 10, every row and cell a
/// span; the input is `n`, `m`, then the cells row by row.
pub(crate) fn grid(s: &mut dyn Source) -> Vec<u64> {
    let (n, m) = (s.draw(4) + 1, s.draw(4) + 1);
    let mut out = vec![n, m];
    for _ in 0..n {
        s.open("row");
        for _ in 0..m {
            s.open("cell");
            out.push(s.draw(10));
            s.close();
        }
        s.close();
    }
    out
}

/// A fixed shape with every kind of bound: 3 values, 1 value, 2^64 values, 300 values, 2 values.
pub(crate) fn fixed(s: &mut dyn Source) -> Vec<u64> {
    [3, 1, 0, 300, 2].iter().map(|&n| s.draw(n)).collect()
}
