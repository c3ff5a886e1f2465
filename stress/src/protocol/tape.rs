//! The stream protocol's bounded draws (see `docs/stress-protocol.md`): how many bytes a draw
//! reads, the value a stream makes a generator draw ([`decode`]), the stream that makes it draw
//! given values ([`encode`]), and the tape a generator writes ([`parse`]).
//!
//! A draw with `n` possible values (`n = 0` stands for 2^64) reads [`bytes_for`]`(n)` bytes as one
//! big-endian number `raw` and draws `raw mod n`; past the end of the stream every byte reads as 0.

use std::fmt;

/// One bounded draw, as the tape records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Draw {
    /// The number of possible values; 0 stands for 2^64.
    pub n: u64,
    /// The value drawn minus the draw's `lo`: between 0 and `n - 1`.
    pub value: u64,
    /// The draw's lowest value, what the generator adds to `value` (as a signed 64-bit number; 0
    /// where the tape does not say it, and for a stream decoded without a tape).
    pub lo: i64,
}

impl Draw {
    /// A draw of `value` among `n` values from 0.
    pub fn new(n: u64, value: u64) -> Draw {
        Draw { n, value, lo: 0 }
    }

    /// The value the generator got: `lo` plus `value` (wrapping, as a 64-bit number).
    pub fn gave(&self) -> i64 {
        (self.lo as u64).wrapping_add(self.value) as i64
    }
}

/// What a generator drew in one run: the tape file `STRESS_TAPE` names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tape {
    /// Stream bytes the draws read (those past the end of the stream count as read).
    pub consumed: usize,
    /// Every draw, in order.
    pub draws: Vec<Draw>,
    /// The groups of draws the generator marked, in the order they began.
    pub spans: Vec<Span>,
}

/// A group of draws a generator marked (a row, an operation, a test case): the draws
/// `first..end` of its tape, its label, and the span it sits in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub label: String,
    pub first: usize,
    pub end: usize,
    /// The index (in [`Tape::spans`]) of the innermost span around it.
    pub parent: Option<usize>,
}

impl Tape {
    /// Where each draw sits in the stream, in order: its first byte, its byte count
    /// ([`bytes_for`]: 0 for a draw of one value) and the draw.
    pub fn placed(&self) -> impl Iterator<Item = (usize, usize, &Draw)> {
        self.draws.iter().scan(0, |at, d| {
            let k = bytes_for(d.n);
            let start = *at;
            *at += k;
            Some((start, k, d))
        })
    }

    /// Begins a span labelled `label` at the next draw, inside the innermost span of `open` (the
    /// indices of the spans still open, innermost last).
    pub(crate) fn open_span(&mut self, label: &str, open: &mut Vec<usize>) {
        self.spans.push(Span {
            label: label.to_string(),
            first: self.draws.len(),
            end: self.draws.len(),
            parent: open.last().copied(),
        });
        open.push(self.spans.len() - 1);
    }

    /// Ends the innermost open span after the last draw; `false` when none is open.
    pub(crate) fn close_span(&mut self, open: &mut Vec<usize>) -> bool {
        match open.pop() {
            Some(index) => {
                self.spans[index].end = self.draws.len();
                true
            }
            None => false,
        }
    }
}

/// A tape file that does not follow the protocol: the line (1-based) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TapeError {
    /// The line of the tape file, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tape line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TapeError {}

/// Reads a tape: a first line `consumed N`, then one line `n value [lo]` per draw, and the lines
/// `( LABEL` and `)` where a span begins and ends (a span still open at the end ends there). Blank
/// lines are ignored. `n` and `value` are decimal `u64`s, `value` below `n` unless `n` is 0 (2^64);
/// `lo`, when there, a decimal `i64` (0 when not).
pub fn parse(text: &str) -> Result<Tape, TapeError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let (line, first) = lines.next().ok_or(TapeError {
        line: 1,
        message: "empty tape: expected `consumed N`".into(),
    })?;
    let consumed = match first.split_whitespace().collect::<Vec<_>>()[..] {
        ["consumed", count] => number(line, count, "the byte count")?,
        _ => {
            return Err(error(
                line,
                format!("expected `consumed N`, found `{first}`"),
            ))
        }
    };
    let consumed = usize::try_from(consumed)
        .map_err(|_| error(line, format!("byte count {consumed} too large")))?;
    let mut tape = Tape {
        consumed,
        ..Tape::default()
    };
    let mut open: Vec<usize> = Vec::new();
    for (line, text) in lines {
        if let Some(label) = text.strip_prefix('(') {
            tape.open_span(label.trim(), &mut open);
        } else if text == ")" {
            if !tape.close_span(&mut open) {
                return Err(error(line, "`)` ends a span that did not begin".into()));
            }
        } else {
            tape.draws.push(parse_draw(line, text)?);
        }
    }
    while tape.close_span(&mut open) {}
    Ok(tape)
}

/// One draw line, `n value` or `n value lo`.
fn parse_draw(line: usize, text: &str) -> Result<Draw, TapeError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (n, value, lo) = match words[..] {
        [n, value] => (n, value, None),
        [n, value, lo] => (n, value, Some(lo)),
        _ => {
            return Err(error(
                line,
                format!(
                    "expected `n value` or `n value lo` (two or three numbers), found `{text}`"
                ),
            ))
        }
    };
    let lo = match lo {
        None => 0,
        Some(word) => word.parse::<i64>().map_err(|_| {
            error(
                line,
                format!("lo: `{word}` is not a number from -2^63 to 2^63-1"),
            )
        })?,
    };
    let n = number(line, n, "the number of values `n`")?;
    let value = number(line, value, "the value")?;
    if n != 0 && value >= n {
        return Err(error(
            line,
            format!("value {value} is not below n = {n} (the value is the draw minus lo)"),
        ));
    }
    Ok(Draw { n, value, lo })
}

/// A decimal `u64` named `what`.
fn number(line: usize, word: &str, what: &str) -> Result<u64, TapeError> {
    word.parse().map_err(|_| {
        error(
            line,
            format!("{what}: `{word}` is not a number from 0 to 2^64-1"),
        )
    })
}

fn error(line: usize, message: String) -> TapeError {
    TapeError { line, message }
}

/// The number of bytes a draw with `n` possible values reads (the protocol's `k`): 0 when
/// `n == 1`, else the fewest bytes that hold `n - 1` (8 for `n == 0`, that is 2^64).
pub fn bytes_for(n: u64) -> usize {
    let top = n.wrapping_sub(1);
    if top == 0 {
        0
    } else {
        (64 - top.leading_zeros() as usize).div_ceil(8)
    }
}

/// The value a draw with `n` possible values takes from `raw` (`raw mod n`).
pub fn reduce_raw(raw: u64, n: u64) -> u64 {
    if n == 0 {
        raw
    } else {
        raw % n
    }
}

/// The `k` bytes at `at` of `stream` as a big-endian number, zeros past its end.
pub fn read_raw(stream: &[u8], at: usize, k: usize) -> u64 {
    (at..at + k).fold(0u64, |raw, i| {
        (raw << 8) | u64::from(stream.get(i).copied().unwrap_or(0))
    })
}

/// Writes `value` as `k` big-endian bytes at `at` of `stream`, growing it when needed.
pub fn write_raw(stream: &mut Vec<u8>, at: usize, k: usize, value: u64) {
    if stream.len() < at + k {
        stream.resize(at + k, 0);
    }
    for i in 0..k {
        stream[at + i] = (value >> (8 * (k - 1 - i))) as u8;
    }
}

/// The shortest stream that makes a generator draw exactly `draws` (each `value` below its `n`):
/// each value as [`bytes_for`]`(n)` big-endian bytes, trailing zero bytes trimmed (they read as 0
/// anyway).
pub fn encode(draws: &[Draw]) -> Vec<u8> {
    let mut stream = Vec::new();
    for d in draws {
        let at = stream.len();
        write_raw(&mut stream, at, bytes_for(d.n), d.value);
    }
    trim_zeros(&mut stream);
    stream
}

/// Removes trailing zero bytes (a stream means the same without them).
pub fn trim_zeros(stream: &mut Vec<u8>) {
    let keep = stream.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
    stream.truncate(keep);
}

/// What a generator following the protocol draws from `stream` when its draws have `bounds`
/// possible values, in order.
pub fn decode(stream: &[u8], bounds: &[u64]) -> Vec<Draw> {
    let mut at = 0;
    bounds
        .iter()
        .map(|&n| {
            let k = bytes_for(n);
            let value = reduce_raw(read_raw(stream, at, k), n);
            at += k;
            Draw::new(n, value)
        })
        .collect()
}

/// The first `n` bytes past the end of a fresh case's stream: splitmix64 from `seed`, each output
/// little-endian, as the kits give them when `STRESS_EXTEND` holds the seed
/// (docs/stress-protocol.md).
pub fn extension(seed: u64, n: usize) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(n + 8);
    while out.len() < n {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out.truncate(n);
    out
}

#[cfg(test)]
pub(crate) mod sim;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_is_splitmix64_little_endian() {
        // splitmix64's first output from 0 is 0xE220A8397B1DCDAF.
        assert_eq!(
            extension(0, 8),
            0xE220_A839_7B1D_CDAFu64.to_le_bytes().to_vec()
        );
        assert_eq!(extension(7, 13), extension(7, 20)[..13].to_vec());
        assert_ne!(extension(1, 8), extension(2, 8));
    }
    use proptest::prelude::*;

    #[test]
    fn bytes_for_is_the_fewest_bytes_that_hold_n_minus_one() {
        let cases = [
            (1, 0),
            (2, 1),
            (256, 1),
            (257, 2),
            (65536, 2),
            (65537, 3),
            (1 << 56, 7),
            ((1 << 56) + 1, 8),
            (u64::MAX, 8),
            (0, 8),
        ];
        for (n, k) in cases {
            assert_eq!(bytes_for(n), k, "n = {n}");
        }
    }

    #[test]
    fn decode_follows_the_protocol_example() {
        // n = 6 reads 1 byte, n = 1000 reads 2, n = 1 none, n = 2^64 reads 8, zeros past the end.
        let stream = [9, 0x03, 0xE9, 5];
        let draws = decode(&stream, &[6, 1000, 1, 0]);
        let values: Vec<u64> = draws.iter().map(|d| d.value).collect();
        assert_eq!(values, [3, 1, 0, 5 << 56]);
    }

    #[test]
    fn encode_trims_trailing_zeros_and_skips_single_value_draws() {
        let draws = [Draw::new(300, 2), Draw::new(1, 0), Draw::new(7, 0)];
        assert_eq!(encode(&draws), [0, 2]);
        assert_eq!(encode(&[Draw::new(5, 0)]), Vec::<u8>::new());
    }

    #[test]
    fn parse_reads_the_protocol_example() {
        let tape = parse("consumed 37\n6 3\n1000 17 -5\n2 0\n\n").expect("a valid tape");
        assert_eq!(tape.draws[1].lo, -5);
        assert_eq!(tape.consumed, 37);
        assert_eq!(
            tape.draws,
            [
                Draw::new(6, 3),
                Draw {
                    lo: -5,
                    ..Draw::new(1000, 17)
                },
                Draw::new(2, 0)
            ]
        );
        let whole = parse("consumed 8\n0 18446744073709551615").expect("n = 0 is 2^64");
        assert_eq!(whole.draws[0].value, u64::MAX);
    }

    #[test]
    fn parse_reads_spans_nested_and_left_open() {
        let tape = parse("consumed 3\n( row\n6 1\n( cell\n6 2\n)\n)\n( row\n6 3\n").unwrap();
        let spans: Vec<(&str, usize, usize, Option<usize>)> = tape
            .spans
            .iter()
            .map(|s| (s.label.as_str(), s.first, s.end, s.parent))
            .collect();
        assert_eq!(
            spans,
            [
                ("row", 0, 2, None),
                ("cell", 1, 2, Some(0)),
                ("row", 2, 3, None)
            ]
        );
        assert_eq!(tape.draws.len(), 3);
        let err = parse("consumed 0\n)\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("did not begin"), "{err}");
    }

    #[test]
    fn parse_names_the_line_and_the_fault() {
        let cases = [
            ("", 1, "empty tape"),
            ("used 3\n", 1, "consumed N"),
            ("consumed x\n", 1, "byte count"),
            ("consumed 3\n6 3\n6\n", 3, "two or three numbers"),
            ("consumed 3\n6 6\n", 2, "not below n = 6"),
            ("consumed 3\n\n6 -1\n", 3, "the value"),
            ("consumed 3\n6 1 2 4\n", 2, "two or three numbers"),
            ("consumed 3\n6 1 x\n", 2, "lo: `x`"),
            ("consumed 3\n6 1 9223372036854775808\n", 2, "lo:"),
        ];
        for (text, line, words) in cases {
            let err = parse(text).expect_err(text);
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.to_string().contains(words), "{text:?}: {err}");
        }
    }

    fn draws() -> impl Strategy<Value = Vec<Draw>> {
        let n = prop_oneof![
            Just(0u64),
            Just(1u64),
            2u64..=300,
            any::<u64>(),
            Just(u64::MAX)
        ];
        let draw =
            (n, any::<u64>(), prop_oneof![Just(0i64), any::<i64>()]).prop_map(|(n, v, lo)| Draw {
                n,
                value: reduce_raw(v, n),
                lo,
            });
        prop::collection::vec(draw, 0..12)
    }

    proptest! {
        #[test]
        fn decode_of_encode_gives_the_draws_back(draws in draws()) {
            let bounds: Vec<u64> = draws.iter().map(|d| d.n).collect();
            let stream = encode(&draws);
            let unlowered: Vec<Draw> = draws.iter().map(|d| Draw::new(d.n, d.value)).collect();
            prop_assert_eq!(decode(&stream, &bounds), unlowered);
            prop_assert!(stream.last() != Some(&0));
            let full: usize = bounds.iter().map(|&n| bytes_for(n)).sum();
            prop_assert!(stream.len() <= full);
        }

        #[test]
        fn a_tape_written_in_the_protocol_parses_back(draws in draws(), consumed in 0usize..1000) {
            let mut text = format!("consumed {consumed}\n");
            for d in &draws {
                // The kits write `lo` only when it is not 0.
                match d.lo {
                    0 => text.push_str(&format!("{} {}\n", d.n, d.value)),
                    lo => text.push_str(&format!("{} {} {lo}\n", d.n, d.value)),
                }
            }
            prop_assert_eq!(parse(&text), Ok(Tape { consumed, draws, spans: Vec::new() }));
        }
    }
}
