//! 2048's scopes by construction: families built from the inputs of the slide rule rather than
//! every board up to some size.
//!
//! - `lines: len=A..B, values=V,.., q=A..B`: every single line, a 1xl row and (for l >= 2) an lx1
//!   column, of each length l in `len` (1..=8, default 1..4), its cells over the tile alphabet
//!   `values` (0 for empty, else powers of two up to 2^20; default 0,2,4,8), under `q` moves (0..=2,
//!   default 0..1), each a direction, a spawn cell and a spawn value (every move the input format
//!   can name, as in the plain scope). The slide rule's input is one line: this family holds every
//!   line over the alphabet, double merges and merges on the far side included, on the smallest
//!   boards that hold it, and the lines of 5 to 8 cells that fill the byte path's 8x8 frame.
//! - `grid: n=N, m=M, values=V,.., q=A..B`: every `n` x `m` board (default 4x4: the packed nibble
//!   path) over the alphabet (default 0,2,4), under `q` moves (0..=3, default 0..1), each a
//!   direction. Its spawn is chosen by construction so that the count stays |values|^cells x 4^q:
//!   move j of the board numbered b spawns at cell (b + j) mod cells, a 2 when (b / cells + j) is
//!   even, else a 4; over the scope every cell and value is the spawn of many boards. An alphabet
//!   of 2^14, 2^15 (and empty) reaches the merge past 2^15 that moves a 4x4 board to bytes.
//!
//! Indices run through blocks of (length or shape, orientation, moves) smallest first, then the
//! moves, then the cells (the first cell the least significant digit). Every index is a valid case.

use crate::case::{Board, Case, Dir, Move, MAX_INPUT_TILE, MAX_SIDE};
use crate::scope::{unreachable_of, Reach};
use harness::roles::scope::{range_text, set_text, Blocks, Expr, Scope, ScopeError};
use std::ops::RangeInclusive;

/// The families, for error messages.
pub const FAMILIES: &[&str] = &["lines", "grid"];

/// Which family a [`Built`] scope is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Lines,
    Grid,
}

/// A 2048 scope by construction (module docs).
pub struct Built {
    family: Family,
    /// `lines`: the lengths; `grid`: the rows.
    first: RangeInclusive<u64>,
    /// `grid`: the columns (unused by `lines`).
    second: u64,
    values: Vec<u64>,
    moves: RangeInclusive<u64>,
    /// (rows, columns, moves) of each block, in index order.
    shapes: Vec<(usize, usize, usize)>,
    index: Blocks,
}

/// Parses the expression of family `family` (already parsed as `e`).
pub fn parse(family: &str, mut e: Expr, text: &str) -> Result<Built, ScopeError> {
    let family = match family {
        "lines" => Family::Lines,
        "grid" => Family::Grid,
        other => {
            return Err(ScopeError::new(
                format!("{other}:"),
                format!(
                    "unknown family `{other}`: 2048's scopes by construction are {}",
                    FAMILIES.join(", ")
                ),
            ))
        }
    };
    let side = 1..=MAX_SIDE as u64;
    let (first, second, keys): (_, _, &[&str]) = match family {
        Family::Lines => (e.take("len", side, 1..=4)?, 1, &["len", "values", "q"]),
        Family::Grid => {
            let n = single(&mut e, "n", side.clone())?;
            let m = single(&mut e, "m", side)?;
            (n..=n, m, &["n", "m", "values", "q"])
        }
    };
    let default: &[u64] = match family {
        Family::Lines => &[0, 2, 4, 8],
        Family::Grid => &[0, 2, 4],
    };
    let values = e.take_set("values", 0..=MAX_INPUT_TILE, default)?;
    if let Some(&bad) = values
        .iter()
        .find(|&&v| v == 1 || !v.is_power_of_two() && v != 0)
    {
        return Err(ScopeError::new(
            e.token("values").unwrap_or(text),
            format!("{bad} is not a tile: a tile is 0 (empty) or a power of two from 2 to 2^20"),
        ));
    }
    let most_moves = if family == Family::Lines { 2 } else { 3 };
    let moves = e.take("q", 0..=most_moves, 0..=1)?;
    e.finish(keys)?;
    Built::new(family, first, second, values, moves).ok_or_else(|| {
        ScopeError::new(
            text.trim(),
            "this scope has more than 2^64 indices: give fewer values, cells or moves",
        )
    })
}

/// The one value of a parameter that takes one (`n=4`; default 4).
fn single(e: &mut Expr, key: &str, limits: RangeInclusive<u64>) -> Result<u64, ScopeError> {
    let r = e.take(key, limits, 4..=4)?;
    if r.start() == r.end() {
        return Ok(*r.start());
    }
    Err(ScopeError::new(
        e.token(key).unwrap_or(key),
        format!("`{key}` takes one value here: write `{key}=V`"),
    ))
}

impl Built {
    fn new(
        family: Family,
        first: RangeInclusive<u64>,
        second: u64,
        values: Vec<u64>,
        moves: RangeInclusive<u64>,
    ) -> Option<Built> {
        let mut boards: Vec<(usize, usize)> = Vec::new();
        for a in first.clone() {
            let a = a as usize;
            match family {
                Family::Lines => {
                    boards.push((1, a));
                    if a >= 2 {
                        boards.push((a, 1));
                    }
                }
                Family::Grid => boards.push((a, second as usize)),
            }
        }
        let mut shapes = Vec::new();
        let mut sizes = Vec::new();
        for (n, m) in boards {
            let cells = (values.len() as u64).checked_pow((n * m) as u32)?;
            let choices = match family {
                Family::Lines => 8 * (n * m) as u64,
                Family::Grid => 4,
            };
            for q in moves.clone() {
                shapes.push((n, m, q as usize));
                sizes.push(cells.checked_mul(choices.checked_pow(q as u32)?)?);
            }
        }
        Some(Built {
            index: Blocks::new(sizes)?,
            family,
            first,
            second,
            values,
            moves,
            shapes,
        })
    }

    /// The move of digit `d` of a `lines` case on an `n` x `m` board (the plain scope's order).
    fn named_move(d: u64, m: usize) -> Move {
        let cell = (d / 8) as usize;
        Move {
            dir: Dir::ALL[(d % 4) as usize],
            r: cell / m,
            c: cell % m,
            v: if (d / 4).is_multiple_of(2) { 2 } else { 4 },
        }
    }

    /// Move `j` of direction digit `d` on the `grid` board numbered `board` (module docs).
    fn built_move(d: u64, j: usize, board: u64, n: usize, m: usize) -> Move {
        let cells = (n * m) as u64;
        let cell = ((board % cells + j as u64) % cells) as usize;
        Move {
            dir: Dir::ALL[d as usize],
            r: cell / m,
            c: cell % m,
            v: if (board / cells + j as u64).is_multiple_of(2) {
                2
            } else {
                4
            },
        }
    }
}

impl Scope<Case> for Built {
    fn canonical(&self) -> String {
        let family = match self.family {
            Family::Lines => "lines",
            Family::Grid => "grid",
        };
        harness::roles::scope::family_canonical(family, &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        let mut out = match self.family {
            Family::Lines => vec![("len".to_string(), range_text(&self.first))],
            Family::Grid => vec![
                ("n".to_string(), range_text(&self.first)),
                ("m".to_string(), self.second.to_string()),
            ],
        };
        out.push(("values".into(), set_text(&self.values)));
        out.push(("q".into(), range_text(&self.moves)));
        out
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let (block, offset) = self.index.locate(index)?;
        let (n, m, q) = self.shapes[block];
        let base = self.values.len() as u64;
        let boards = base.pow((n * m) as u32);
        let (mut code, mut rest) = (offset % boards, offset / boards);
        let board_number = code;
        let mut cells = vec![0u64; n * m];
        for cell in &mut cells {
            *cell = self.values[(code % base) as usize];
            code /= base;
        }
        let choices = match self.family {
            Family::Lines => 8 * (n * m) as u64,
            Family::Grid => 4,
        };
        let moves = (0..q)
            .map(|j| {
                let d = rest % choices;
                rest /= choices;
                match self.family {
                    Family::Lines => Built::named_move(d, m),
                    Family::Grid => Built::built_move(d, j, board_number, n, m),
                }
            })
            .collect();
        Some(Case {
            board: Board { n, m, cells },
            moves,
        })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        unreachable_of(self.reach())
    }
}

impl Built {
    /// What bounds the cases of this scope, for the keys it cannot reach.
    fn reach(&self) -> Reach {
        let most = self.values.iter().copied().max().unwrap_or(0);
        match self.family {
            Family::Lines => {
                let (lo, hi) = (*self.first.start() as usize, *self.first.end() as usize);
                Reach {
                    sides: format!("the boards are single rows and columns of {lo}..{hi} cells"),
                    has_1x1: lo == 1,
                    has_row: hi >= 2,
                    has_column: hi >= 2,
                    has_side_8: hi == 8,
                    line: hi,
                    has_4x4: false,
                    one_line: true,
                    cells: hi as u64,
                    largest: most,
                    moves: self.moves.clone(),
                }
            }
            Family::Grid => {
                let (n, m) = (*self.first.start() as usize, self.second as usize);
                Reach {
                    sides: format!("the boards are {n} x {m}"),
                    has_1x1: n == 1 && m == 1,
                    has_row: n == 1 && m >= 2,
                    has_column: m == 1 && n >= 2,
                    has_side_8: n == 8 || m == 8,
                    line: n.max(m),
                    has_4x4: n == 4 && m == 4,
                    one_line: n == 1 || m == 1,
                    cells: (n * m) as u64,
                    largest: most,
                    moves: self.moves.clone(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
