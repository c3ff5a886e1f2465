//! Texas's `hands:` family: every sequence of main colours of the operations a hand reads, each
//! realised on a board built so that every operation has exactly those main colours, one round and
//! nothing else.
//!
//! Parameters (`hands: colours=1..5, pairs=1, q=5, invalid=0`, the defaults):
//! - `colours`: the main colours (a set of 1..=100, default 1..5);
//! - `pairs`: 1 when an operation may have two main colours (default), 0 for one each;
//! - `q`: the number of valid operations (1..=14, default 5: one hand; 10 makes two, 6 to 9 leave
//!   operations over that score nothing, fewer than 5 none);
//! - `invalid`: 1 adds one invalid operation, at every position among the valid ones (before the
//!   first, ..., after the last); 0 none (default); `0..1` both.
//!
//! **Choices.** Each valid operation takes one digit: the singles, one per colour c of `colours`
//! (main colours (c)), then, with `pairs=1`, the ordered pairs (a, b), a != b, in lexicographic
//! order of their positions in `colours` (main colours (a, b), a at the operation's first cell).
//!
//! **Board.** Two columns (no horizontal run fits in two columns, so only vertical runs count),
//! the operations stacked top-down as *gadgets*: the first ceil(q/2) in the first column, the
//! others in the second. A single c is the cells `c c d c` (top-down) and its operation swaps the
//! third and fourth: `c c c d` holds one run, of c, and d is in none. A pair (a, b) is
//! `a a b a b b`, swapped the same way into `a a a b b b`: two runs, the upper cell's colour a
//! first. Every gadget is followed by one separator cell s; each column ends with padding up to
//! the longer one and a bottom row of colour 1 (first column) and 2 (second). Operations run
//! top-down, so the pieces a run removes are always the top of what holds pieces in its column:
//! what is left of a single (its d) and the separators fall onto the next gadget and gather above
//! it, the gadgets below never move, and every operation's cells are where the board put them.
//! Each filler (d, s, padding) is the least colour of 1..=4 that differs from its neighbours, now
//! and after every removal: d from c and the cell left above it; s from the gadget's last colour,
//! from the cell left above it and from the cell after it (the next gadget's first colour, or the
//! bottom). So what is left is a sequence of alternating colours, no run forms before an operation,
//! each run is exactly the gadget's and no second round ever finds one. Singles are written with
//! the upper cell first on even operations (0-based) and the lower first on odd ones, so that both
//! orders of a main colour's cells are played. The invalid operation swaps the bottom row's two
//! cells (colours 1 and 2, adjacent, present, and the two cells above each bottom always differ:
//! no run). The header's k is the larger of 4 and the largest colour of `colours`.
//!
//! **Indices.** Blocks by q (smallest first), then by the invalid operation's position (none
//! first, then 0..=q); within a block a mixed-radix number of the valid operations' digits, the
//! first operation the most significant. Every index is a valid case: the count is exact.

use super::reach::{HANDS, SPECIALS};
use harness::roles::scope::{range_text, set_text, Blocks, Expr, Filled, Scope, ScopeError};
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS, MAX_SIDE};
use std::ops::RangeInclusive;

/// The parameters, in canonical order.
pub const KEYS: &[&str] = &["colours", "pairs", "q", "invalid"];

/// The most valid operations: seven gadgets of at most seven rows fill a column with its bottom.
pub const MAX_Q: u64 = 14;

/// The bottom row's colours, first column then second.
const BOTTOM: [u8; 2] = [1, 2];

/// The largest filler colour (a filler avoids at most three colours).
const FILLERS: u8 = 4;

/// One block: the valid operations and where the invalid one goes (`None`: no invalid one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    q: usize,
    invalid: Option<usize>,
}

/// The `hands:` scope (module docs).
#[derive(Debug, Clone)]
pub struct Hands {
    colours: Vec<u8>,
    pairs: bool,
    q: RangeInclusive<u64>,
    invalid: RangeInclusive<u64>,
    /// The header's k.
    k: u8,
    /// Main colours of each digit: (c, 0) for a single, (a, b) for a pair.
    choices: Vec<(u8, u8)>,
    block: Vec<Block>,
    blocks: Blocks,
}

/// Parses the parameters of `hands:` (already parsed as `e`, written `text`).
pub fn parse(mut e: Expr, text: &str) -> Result<Hands, ScopeError> {
    let colours = e.take_set("colours", 1..=u64::from(MAX_COLOURS), &[1, 2, 3, 4, 5])?;
    let pairs = e.take("pairs", 0..=1, 1..=1)?;
    if pairs.start() != pairs.end() {
        return Err(ScopeError::new(
            e.token("pairs").unwrap_or("pairs"),
            "`pairs` is 0 (one main colour each) or 1 (pairs too), not a range",
        ));
    }
    let q = e.take("q", 1..=MAX_Q, 5..=5)?;
    let invalid = e.take("invalid", 0..=1, 0..=0)?;
    e.finish(KEYS)?;
    let colours: Vec<u8> = colours.iter().map(|&c| c as u8).collect();
    Hands::new(colours, *pairs.start() == 1, q, invalid).ok_or_else(|| {
        ScopeError::new(
            text.trim(),
            "this scope has more than 2^64-1 indices: give fewer colours or operations",
        )
    })
}

impl Hands {
    fn new(
        colours: Vec<u8>,
        pairs: bool,
        q: RangeInclusive<u64>,
        invalid: RangeInclusive<u64>,
    ) -> Option<Hands> {
        let mut choices: Vec<(u8, u8)> = colours.iter().map(|&c| (c, 0)).collect();
        if pairs {
            for &a in &colours {
                choices.extend(colours.iter().filter(|&&b| b != a).map(|&b| (a, b)));
            }
        }
        let mut block = Vec::new();
        let mut sizes = Vec::new();
        for q in q.clone() {
            let q = q as usize;
            let size = (choices.len() as u64).checked_pow(q as u32)?;
            let positions = invalid.clone().flat_map(|with| match with {
                0 => vec![None],
                _ => (0..=q).map(Some).collect(),
            });
            for invalid in positions {
                block.push(Block { q, invalid });
                sizes.push(size);
            }
        }
        let k = colours.iter().copied().max().unwrap_or(1).max(FILLERS);
        Some(Hands {
            blocks: Blocks::new(sizes)?,
            colours,
            pairs,
            q,
            invalid,
            k,
            choices,
            block,
        })
    }
}

/// The least colour of 1..=[`FILLERS`] none of `avoid` is (0 in `avoid` stands for nothing).
fn filler(avoid: &[u8]) -> u8 {
    (1..FILLERS).find(|c| !avoid.contains(c)).unwrap_or(FILLERS)
}

/// One column of gadgets: its cells top-down (without padding and bottom) and its operations.
struct Column {
    cells: [u8; MAX_SIDE],
    len: usize,
}

impl Column {
    /// Lays out the gadgets of `mains` in column `col`, the first of them operation number
    /// `first` of the case, pushing their operations onto `ops`.
    fn build(mains: &[(u8, u8)], col: usize, first: usize, ops: &mut Vec<Op>) -> Column {
        let mut out = Column {
            cells: [0; MAX_SIDE],
            len: 0,
        };
        // The cell that will be left right above the next gadget once the ones above it are gone.
        let mut left = 0u8;
        for (j, &(a, b)) in mains.iter().enumerate() {
            let top = out.len;
            let last = if b == 0 {
                let d = filler(&[a, left]);
                out.push(&[a, a, d, a]);
                left = d;
                a
            } else {
                out.push(&[a, a, b, a, b, b]);
                b
            };
            let next = mains.get(j + 1).map_or(BOTTOM[col], |m| m.0);
            left = filler(&[last, left, next]);
            out.push(&[left]);
            let (upper, lower) = (Pos::new(top + 2, col), Pos::new(top + 3, col));
            ops.push(if b == 0 && (first + j) % 2 == 1 {
                Op { a: lower, b: upper }
            } else {
                Op { a: upper, b: lower }
            });
        }
        out
    }

    fn push(&mut self, cells: &[u8]) {
        self.cells[self.len..self.len + cells.len()].copy_from_slice(cells);
        self.len += cells.len();
    }

    /// Writes the column into `board` (column `col` of `n` rows): its cells, padding that
    /// differs from the cell above it and from the bottom, then the bottom.
    fn write(&self, board: &mut [u8], col: usize, n: usize) {
        let mut above = if self.len > 0 {
            self.cells[self.len - 1]
        } else {
            0
        };
        for r in 0..n - 1 {
            let colour = if r < self.len {
                self.cells[r]
            } else {
                above = filler(&[above, BOTTOM[col]]);
                above
            };
            board[r * 2 + col] = colour;
        }
        board[(n - 1) * 2 + col] = BOTTOM[col];
    }
}

impl Hands {
    /// Makes the case of `block` with the valid operations' digits `code` into `case`.
    fn build(&self, b: Block, code: u64, case: &mut Case) {
        let mut mains = [(0u8, 0u8); MAX_Q as usize];
        self.decode(code, &mut mains[..b.q]);
        let split = b.q.div_ceil(2);
        let ops = &mut case.ops;
        ops.clear();
        let first = Column::build(&mains[..split], 0, 0, ops);
        let second = Column::build(&mains[split..b.q], 1, split, ops);
        let n = first.len.max(second.len) + 1;
        let board = &mut case.board;
        (board.n, board.m, case.k) = (n, 2, self.k);
        board.colour.resize(2 * n, 0);
        board.special.clear();
        board.special.resize(2 * n, 0);
        first.write(&mut board.colour, 0, n);
        second.write(&mut board.colour, 1, n);
        if let Some(at) = b.invalid {
            let bottom = Op {
                a: Pos::new(n - 1, 0),
                b: Pos::new(n - 1, 1),
            };
            ops.insert(at, bottom);
        }
    }

    /// The main colours the valid operations of the case at `index` are built to have, in order.
    pub fn mains(&self, index: u64) -> Option<Vec<(u8, u8)>> {
        let (at, code) = self.blocks.locate(index)?;
        let mut out = vec![(0, 0); self.block[at].q];
        self.decode(code, &mut out);
        Some(out)
    }

    /// The main colours of the digits of `code`, the first operation the most significant.
    fn decode(&self, mut code: u64, mains: &mut [(u8, u8)]) {
        let base = self.choices.len() as u64;
        for main in mains.iter_mut().rev() {
            *main = self.choices[(code % base) as usize];
            code /= base;
        }
    }

    /// Where the invalid operation of the case at `index` is, when it has one.
    pub fn invalid_at(&self, index: u64) -> Option<usize> {
        let (at, _) = self.blocks.locate(index)?;
        self.block[at].invalid
    }
}

impl Scope<Case> for Hands {
    fn canonical(&self) -> String {
        harness::roles::scope::family_canonical("hands", &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        let colours: Vec<u64> = self.colours.iter().map(|&c| u64::from(c)).collect();
        vec![
            ("colours".into(), set_text(&colours)),
            ("pairs".into(), u8::from(self.pairs).to_string()),
            ("q".into(), range_text(&self.q)),
            ("invalid".into(), range_text(&self.invalid)),
        ]
    }

    fn len(&self) -> u64 {
        self.blocks.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        harness::roles::scope::case_by_fill(self, index)
    }

    fn fill(&self, index: u64, case: &mut Option<Case>) -> Filled {
        let Some((at, code)) = self.blocks.locate(index) else {
            return Filled::Skip(1);
        };
        let case = case.get_or_insert_with(|| Case {
            k: 0,
            board: Board::empty(0, 0),
            ops: Vec::new(),
        });
        self.build(self.block[at], code, case);
        Filled::Case
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = Vec::new();
        let no_special = "no cell holds a special";
        for key in SPECIALS.into_iter().chain(["special set off by special"]) {
            out.push((key, no_special.into()));
        }
        let one_round = "every operation removes one or two runs of exactly three, in one round";
        for key in BY_CONSTRUCTION {
            out.push((key, one_round.into()));
        }
        out.push((
            "invalid: not adjacent",
            "every operation swaps two adjacent cells".into(),
        ));
        out.push((
            "invalid: empty cell",
            "every operation swaps cells no earlier operation reached".into(),
        ));
        out.push(("board cleared", "the bottom row is never removed".into()));
        if *self.invalid.end() == 0 {
            out.push((
                "invalid: no run",
                "invalid=0: every operation is valid".into(),
            ));
        }
        if *self.invalid.start() == 1 {
            out.push((
                "all operations valid",
                "invalid=1: every case has an invalid operation".into(),
            ));
        }
        if !self.pairs || self.colours.len() < 2 {
            out.push((
                "two main colours",
                "pairs=0 or a single colour: every operation has one main colour".into(),
            ));
        }
        self.hands(&mut out);
        out
    }
}

/// The keys of chains and combos, which one round of runs of three never reaches.
const BY_CONSTRUCTION: [&str; 6] = [
    "chain of 2 rounds",
    "chain of 3-4 rounds",
    "chain of 5+ rounds",
    "combo of 4 (50)",
    "combo of 5 (200)",
    "combo of 6+ (450+)",
];

impl Hands {
    /// The hands out of reach: all of them below five valid operations, else those needing more
    /// different colours than `colours` holds.
    fn hands(&self, out: &mut Vec<(&'static str, String)>) {
        let q = *self.q.end();
        for (key, needs) in HANDS {
            if q < 5 {
                out.push((key, format!("a hand needs five valid operations: q <= {q}")));
            } else if (self.colours.len() as u64) < needs {
                out.push((
                    key,
                    format!(
                        "it needs {needs} different colours: colours={}",
                        set_text(
                            &self
                                .colours
                                .iter()
                                .map(|&c| u64::from(c))
                                .collect::<Vec<_>>()
                        )
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests;
