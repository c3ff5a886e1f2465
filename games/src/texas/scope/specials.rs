//! Texas's scope by construction `specials:`: three and more specials in one round, and specials
//! reaching specials, every combination of kinds from a set.
//!
//! The board is 5x7 (rows 0..5 from the top, columns 0..7), in colours 1 (the run's, R) and 2, 3
//! (the filler's). Every cell holds the filler's checkerboard colour 2 + (r + c) mod 2 except:
//! - row 2, columns 1..=L (L = `len`, 3..=5): R, except the middle column x = 1 + L/2, which holds
//!   the filler colour 2 + (3 + x) mod 2 (that of the checkerboard one row lower);
//! - (3, x), under it: R;
//! - (4, 6), the bottom right corner: R (so that a special of kind 6 in the run removes a piece
//!   outside it).
//!
//! No run exists: R stands at most twice in a row, and the filler piece at (2, x) has R on both
//! sides and its own colour only above it. The one operation swaps (2, x) with (3, x): row 2 then
//! holds a run of L R's, columns 1..=L, and nothing else is in a run (row 3 is the checkerboard
//! again, column x alternates). The specials: each of the L run cells, as they stand after the
//! swap (so the special of (3, x) for the middle one), takes a kind of the set `kinds`, and so do
//! the first `reached` of two cells the run's specials reach: (1, x) right above the run's middle
//! (reached by kinds 2 to 5 at x), then (2, 0) left of the run in its row (kinds 1, 3, 4, 5 at
//! column 1), the last of them a special (not 0: with a plain piece there, the case is one of
//! `reached` one less). Every other cell is plain. Any special in the run removes more than the
//! run.
//!
//! Parameters: `len` (3..=5, default 3..5), `kinds` (a set within 0..=6, 0 a plain piece; default
//! 0..6), `reached` (0..=2, default 0..2). Indices run through blocks of (len, reached) in
//! increasing order, len first; within a block the kinds form a mixed-radix number over the set,
//! the run's cells left to right first (the most significant), then the reached cells in the order
//! above. A block holds |kinds|^len indices when reached = 0, else |kinds|^(len + reached - 1)
//! x s, s the kinds of the set other than 0; every index is a valid case and all are different.

use super::reach::{HANDS, SPECIALS};
use harness::roles::scope::{range_text, set_text, Blocks, Expr, Scope, ScopeError};
use model::texas::{Board, Case, Op, Pos, MAX_SPECIAL};
use std::ops::RangeInclusive;

/// The parameters of `specials:`, in canonical order.
pub const KEYS: &[&str] = &["len", "kinds", "reached"];

/// The board's rows and columns.
const N: usize = 5;
const M: usize = 7;
/// The run's row and first column.
const ROW: usize = 2;
const FIRST: usize = 1;
/// The run's colour.
const RUN: u8 = 1;

/// The `specials:` scope (module docs).
#[derive(Debug, Clone)]
pub struct Specials {
    len: RangeInclusive<u64>,
    kinds: Vec<u64>,
    reached: RangeInclusive<u64>,
    /// (len, reached) of each block, in index order.
    parts: Vec<(usize, usize)>,
    index: Blocks,
}

/// Parses the expression of `specials:` (already parsed as `e`; `text` for errors).
pub fn parse(mut e: Expr, text: &str) -> Result<Specials, ScopeError> {
    let len = e.take("len", 3..=5, 3..=5)?;
    let all: Vec<u64> = (0..=u64::from(MAX_SPECIAL)).collect();
    let kinds = e.take_set("kinds", 0..=u64::from(MAX_SPECIAL), &all)?;
    let reached = e.take("reached", 0..=2, 0..=2)?;
    e.finish(KEYS)?;
    if kinds.is_empty() {
        return Err(ScopeError::new(
            text.trim(),
            "`kinds` needs at least one kind",
        ));
    }
    let mut parts = Vec::new();
    for l in len.clone() {
        for r in reached.clone() {
            parts.push((l as usize, r as usize));
        }
    }
    // At most 7^7 indices a block, nine blocks.
    let base = kinds.len() as u64;
    let specials = kinds.iter().filter(|&&k| k != 0).count() as u64;
    let index = Blocks::new(parts.iter().map(|&(l, r)| match r {
        0 => base.pow(l as u32),
        r => base.pow((l + r - 1) as u32) * specials,
    }))
    .unwrap_or_default();
    Ok(Specials {
        len,
        kinds,
        reached,
        parts,
        index,
    })
}

impl Specials {
    /// How many kinds of the set are specials (not 0): the last ones, the set being sorted.
    fn specials(&self) -> usize {
        self.kinds.iter().filter(|&&k| k != 0).count()
    }
}

/// The middle column of a run of `len`: the one the swap fills.
fn middle(len: usize) -> usize {
    FIRST + len / 2
}

/// The filler's checkerboard colour of a cell.
fn filler(r: usize, c: usize) -> u8 {
    2 + ((r + c) % 2) as u8
}

/// The board of a run of `len` (module docs), every cell plain.
fn board(len: usize) -> Board {
    let x = middle(len);
    let mut b = Board::empty(N, M);
    for r in 0..N {
        for c in 0..M {
            let i = b.idx(r, c);
            b.colour[i] = filler(r, c);
        }
    }
    for c in FIRST..FIRST + len {
        let i = b.idx(ROW, c);
        b.colour[i] = RUN;
    }
    let (mid, below, corner) = (b.idx(ROW, x), b.idx(ROW + 1, x), b.idx(N - 1, M - 1));
    b.colour[mid] = filler(ROW + 1, x);
    b.colour[below] = RUN;
    b.colour[corner] = RUN;
    b
}

/// The cells whose kinds the index chooses, most significant first: the run's cells as they
/// stand before the swap, then the first `reached` of the cells the run reaches.
fn chosen(len: usize, reached: usize) -> impl Iterator<Item = (usize, usize)> {
    let x = middle(len);
    let run = (FIRST..FIRST + len).map(move |c| if c == x { (ROW + 1, x) } else { (ROW, c) });
    run.chain([(ROW - 1, x), (ROW, 0)].into_iter().take(reached))
}

impl Scope<Case> for Specials {
    fn canonical(&self) -> String {
        harness::roles::scope::family_canonical("specials", &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        vec![
            ("len".into(), range_text(&self.len)),
            ("kinds".into(), set_text(&self.kinds)),
            ("reached".into(), range_text(&self.reached)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let (at, mut digits) = self.index.locate(index)?;
        let (len, reached) = self.parts[at];
        let mut board = board(len);
        let cells: Vec<(usize, usize)> = chosen(len, reached).collect();
        for (j, &(r, c)) in cells.iter().enumerate().rev() {
            // The last reached cell holds a special: with none it is the case of one fewer.
            let kinds = match j + 1 == cells.len() && reached > 0 {
                true => &self.kinds[self.kinds.len() - self.specials()..],
                false => &self.kinds[..],
            };
            let i = board.idx(r, c);
            board.special[i] = kinds[(digits % kinds.len() as u64) as usize] as u8;
            digits /= kinds.len() as u64;
        }
        let x = middle(len);
        Some(Case {
            k: 3,
            board,
            ops: vec![Op {
                a: Pos::new(ROW, x),
                b: Pos::new(ROW + 1, x),
            }],
        })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = HANDS
            .iter()
            .map(|&(key, _)| (key, "a hand needs five valid operations: q = 1".to_string()))
            .collect();
        let one = "the one operation swaps neighbouring pieces of a full board and forms a run";
        for key in [
            "invalid: not adjacent",
            "invalid: empty cell",
            "invalid: no run",
        ] {
            out.push((key, one.into()));
        }
        out.push((
            "two main colours",
            "the piece the swap moves down is in no run: row 3 is the checkerboard again".into(),
        ));
        for (i, key) in SPECIALS.iter().enumerate() {
            if !self.kinds.contains(&(i as u64 + 1)) {
                out.push((key, format!("kind {} is outside kinds", i + 1)));
            }
        }
        let why = if !self.kinds.iter().any(|&k| k != 0) {
            Some("kinds holds no special: kinds=0")
        } else if *self.reached.end() == 0 {
            Some(
                "only the run's cells hold specials (reached=0), and the first round removes \
                 them all",
            )
        } else {
            None
        };
        if let Some(why) = why {
            out.push(("special set off by special", why.into()));
        }
        out
    }
}

#[cfg(test)]
mod tests;
