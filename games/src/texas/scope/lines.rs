//! Texas's scope by construction `lines:`: boards of every width up to 50 in one row (and every
//! height in one column), coloured from a colour set that reaches every bit plane of a colour.
//!
//! Each index is a 1xL row, or for L >= 2 an Lx1 column, coloured by the period-3 pattern of an
//! ordered pair (a, b) of distinct colours of the set: cell i holds b when (i + p) mod 3 = 2, else
//! a, for a phase p in 0..3 (`a a b a a b ...`, `a b a a b a ...`, `b a a b a a ...`). The pattern
//! has no run: a stands at most twice in a row and b alone. Under it, a sequence of `q` operations,
//! each an ordered pair of neighbouring cells of the line (both orders; a 1x1 board swaps its cell
//! with itself, its only operation). Over the three phases, a swap of a b with an a forms a run of
//! three a's at every offset of the line, the first and last cells included; in a column the
//! pieces above it fall and the second operation meets empty cells and cascades.
//!
//! Parameters: `len` (1..=50, default 1..50), `colours` (a set within 1..=100, at least two;
//! default 1,2,3,64,65,100: 3 has two bits set, 64 and more the seventh plane, 1 and 65 differ
//! only there), `q` (1..=2, default 1). The header's k is the largest colour of the set. Indices
//! run through blocks of (length, row before column, q) in increasing order; within a block the
//! ordered pair of colours is the most significant digit, then the phase, then the operations
//! (the first one the most significant). Every index is a valid case; the cases of one length of
//! at least 3 are all different (a 1x2 board and a 1x1 one repeat some).

use super::reach::{HANDS, SPECIALS};
use harness::roles::scope::{range_text, set_text, Blocks, Expr, Scope, ScopeError};
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS, MAX_SIDE};
use std::ops::RangeInclusive;

/// The parameters of `lines:`, in canonical order.
pub const KEYS: &[&str] = &["len", "colours", "q"];

/// The default colour set.
const COLOURS: &[u64] = &[1, 2, 3, 64, 65, 100];

/// The phases of the period-3 pattern.
const PHASES: u64 = 3;

/// One block: the boards of one line shape under one number of operations.
#[derive(Debug, Clone, Copy)]
struct Part {
    /// Cells in the line.
    len: usize,
    /// A column (else a row).
    column: bool,
    q: usize,
    /// The operations of the line: ordered pairs of neighbours (for one cell, itself twice).
    ops: u64,
    /// Operation sequences: ops^q.
    sequences: u64,
}

/// The `lines:` scope (module docs).
#[derive(Debug, Clone)]
pub struct Lines {
    len: RangeInclusive<u64>,
    colours: Vec<u64>,
    q: RangeInclusive<u64>,
    parts: Vec<Part>,
    index: Blocks,
}

/// Parses the expression of `lines:` (already parsed as `e`; `text` for errors).
pub fn parse(mut e: Expr, text: &str) -> Result<Lines, ScopeError> {
    let len = e.take("len", 1..=MAX_SIDE as u64, 1..=MAX_SIDE as u64)?;
    let colours = e.take_set("colours", 1..=u64::from(MAX_COLOURS), COLOURS)?;
    if colours.len() < 2 {
        return Err(ScopeError::new(
            e.token("colours").unwrap_or(text.trim()),
            "`colours` needs at least two colours (the pattern's a and b)",
        ));
    }
    let q = e.take("q", 1..=2, 1..=1)?;
    e.finish(KEYS)?;
    Ok(Lines::new(len, colours, q))
}

impl Lines {
    fn new(len: RangeInclusive<u64>, colours: Vec<u64>, q: RangeInclusive<u64>) -> Lines {
        let pairs = (colours.len() * (colours.len() - 1)) as u64;
        let mut parts = Vec::new();
        for l in len.clone() {
            let l = l as usize;
            for column in [false, true] {
                if column && l < 2 {
                    continue;
                }
                let ops = if l == 1 { 1 } else { 2 * (l as u64 - 1) };
                for q in q.clone() {
                    parts.push(Part {
                        len: l,
                        column,
                        q: q as usize,
                        ops,
                        sequences: ops.pow(q as u32),
                    });
                }
            }
        }
        // At most 100 * 99 * 3 * 98^2 indices a block and 200 blocks: no overflow.
        let index =
            Blocks::new(parts.iter().map(|p| pairs * PHASES * p.sequences)).unwrap_or_default();
        Lines {
            len,
            colours,
            q,
            parts,
            index,
        }
    }

    /// Operation `d` of a line of `len` cells: by first cell, then second cell.
    fn operation(d: u64, len: usize, column: bool) -> Op {
        let at = |i: usize| {
            if column {
                Pos::new(i, 0)
            } else {
                Pos::new(0, i)
            }
        };
        if len == 1 {
            return Op { a: at(0), b: at(0) };
        }
        // Cell 0 has one neighbour (1), cells 1..len-1 two (i - 1, i + 1), the last one (len - 2).
        let (a, b) = match d {
            0 => (0, 1),
            d => {
                let a = d.div_ceil(2) as usize;
                if d % 2 == 1 {
                    (a, a - 1)
                } else {
                    (a, a + 1)
                }
            }
        };
        Op { a: at(a), b: at(b) }
    }

    /// The largest colour: the header's k.
    fn k(&self) -> u8 {
        self.colours.last().map_or(1, |&c| c as u8)
    }
}

impl Scope<Case> for Lines {
    fn canonical(&self) -> String {
        harness::roles::scope::family_canonical("lines", &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        vec![
            ("len".into(), range_text(&self.len)),
            ("colours".into(), set_text(&self.colours)),
            ("q".into(), range_text(&self.q)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let (at, rest) = self.index.locate(index)?;
        let p = self.parts[at];
        let (mut sequence, pattern) = (rest % p.sequences, rest / p.sequences);
        let (pair, phase) = (pattern / PHASES, (pattern % PHASES) as usize);
        let others = self.colours.len() as u64 - 1;
        let first = (pair / others) as usize;
        let mut second = (pair % others) as usize;
        if second >= first {
            second += 1;
        }
        let (a, b) = (self.colours[first] as u8, self.colours[second] as u8);
        let colour: Vec<u8> = (0..p.len)
            .map(|i| if (i + phase) % 3 == 2 { b } else { a })
            .collect();
        let (n, m) = if p.column { (p.len, 1) } else { (1, p.len) };
        let mut ops = vec![Lines::operation(0, p.len, p.column); p.q];
        for op in ops.iter_mut().rev() {
            *op = Lines::operation(sequence % p.ops, p.len, p.column);
            sequence /= p.ops;
        }
        Some(Case {
            k: self.k(),
            board: Board {
                n,
                m,
                colour,
                special: vec![0; p.len],
            },
            ops,
        })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = SPECIALS
            .iter()
            .chain(["special set off by special"].iter())
            .map(|&key| (key, "no cell holds a special: lines have none".to_string()))
            .collect();
        let q = *self.q.end();
        for (key, _) in HANDS {
            out.push((key, format!("a hand needs five valid operations: q <= {q}")));
        }
        if *self.len.start() > 1 {
            out.push((
                "invalid: not adjacent",
                "every operation swaps neighbouring cells (only a 1x1 board swaps a cell with \
                 itself): len >= 2"
                    .into(),
            ));
        }
        if q < 2 {
            out.extend(one_operation());
        }
        out
    }
}

/// The keys no line reaches under one operation, with why.
fn one_operation() -> Vec<(&'static str, String)> {
    let b_alone = "the pattern's b stands alone, so a swap forms only a run of a, and of exactly \
                   three (two a's at most stand in a row, and the swap moves one more a)";
    vec![
        (
            "invalid: empty cell",
            "the initial board is full and q <= 1: no operation sees an emptied cell".into(),
        ),
        ("two main colours", format!("{b_alone}: q <= 1")),
        ("combo of 4 (50)", format!("{b_alone}: q <= 1")),
        ("combo of 5 (200)", format!("{b_alone}: q <= 1")),
        ("combo of 6+ (450+)", format!("{b_alone}: q <= 1")),
        (
            "board cleared",
            format!("{b_alone}, and every line of three cells or more holds a b: q <= 1"),
        ),
    ]
}

#[cfg(test)]
pub(crate) mod tests;
