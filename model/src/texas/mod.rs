//! Texas Match-3 (THUPC 2022 final): the case, the outcome with its trace, and the contest format.
//!
//! Coordinates are 0-based inside the program (`row` 0 is the top row); the text format is 1-based.
//! A cell's colour 0 means "empty" (only ever seen after pieces were removed).

mod format;
mod trace;

use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
pub use trace::{
    Cells, Hand, HandKind, Invalid, NoTrace, OpTrace, Outcome, Recorder, Round, Score, Sink,
};

/// Largest n and m.
pub const MAX_SIDE: usize = 50;
/// Largest number of colours k.
pub const MAX_COLOURS: u8 = 100;
/// Largest number of operations q.
pub const MAX_OPS: usize = 1000;
/// Largest special type.
pub const MAX_SPECIAL: u8 = 6;

/// A board position, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Self {
        debug_assert!(row < MAX_SIDE && col < MAX_SIDE);
        Pos {
            row: row as u8,
            col: col as u8,
        }
    }
    pub fn r(self) -> usize {
        usize::from(self.row)
    }
    pub fn c(self) -> usize {
        usize::from(self.col)
    }
}

impl fmt::Display for Pos {
    /// 1-based, as in the contest format: `(row col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({} {})", self.row + 1, self.col + 1)
    }
}

/// One operation: swap the pieces at `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Op {
    pub a: Pos,
    pub b: Pos,
}

/// A rectangular board. `colour` and `special` are row-major, `n * m` long; colour 0 is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub n: usize,
    pub m: usize,
    pub colour: Vec<u8>,
    pub special: Vec<u8>,
}

impl Board {
    /// An empty n x m board.
    pub fn empty(n: usize, m: usize) -> Self {
        Board {
            n,
            m,
            colour: vec![0; n * m],
            special: vec![0; n * m],
        }
    }
    pub fn idx(&self, r: usize, c: usize) -> usize {
        r * self.m + c
    }
    pub fn colour_at(&self, r: usize, c: usize) -> u8 {
        self.colour[r * self.m + c]
    }
    pub fn special_at(&self, r: usize, c: usize) -> u8 {
        self.special[r * self.m + c]
    }
    pub fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.colour_at(r, c) == 0
    }
    /// True when no cell holds a piece.
    pub fn is_cleared(&self) -> bool {
        self.colour.iter().all(|&c| c == 0)
    }
    /// Number of pieces on the board.
    pub fn pieces(&self) -> usize {
        self.colour.iter().filter(|&&c| c != 0).count()
    }
    /// The first run (>= 3 equal non-empty colours in a row or column) found scanning row-major,
    /// as (start, horizontal?). Validation only; the engines find runs their own way.
    pub fn find_run(&self) -> Option<(Pos, bool)> {
        if !self.has_run() {
            return None;
        }
        for r in 0..self.n {
            for c in 0..self.m {
                let v = self.colour_at(r, c);
                if v == 0 {
                    continue;
                }
                if c + 2 < self.m && self.colour_at(r, c + 1) == v && self.colour_at(r, c + 2) == v
                {
                    return Some((Pos::new(r, c), true));
                }
                if r + 2 < self.n && self.colour_at(r + 1, c) == v && self.colour_at(r + 2, c) == v
                {
                    return Some((Pos::new(r, c), false));
                }
            }
        }
        None
    }
    /// Whether some run exists: the quick answer for the usual case of none, in branch-free passes
    /// over whole rows; [`Board::find_run`] then finds the first one.
    fn has_run(&self) -> bool {
        /// Whether `a[i] == b[i] == c[i] != 0` for some i.
        fn triple(a: &[u8], b: &[u8], c: &[u8]) -> bool {
            a.iter().zip(b).zip(c).fold(false, |f, ((&a, &b), &c)| {
                f | ((a != 0) & (a == b) & (b == c))
            })
        }
        let m = self.m.max(1);
        let rows = || self.colour.chunks_exact(m);
        let horizontal = m >= 3
            && rows().fold(false, |f, row| {
                f | triple(&row[..m - 2], &row[1..m - 1], &row[2..])
            });
        let vertical = rows()
            .zip(rows().skip(1))
            .zip(rows().skip(2))
            .fold(false, |f, ((a, b), c)| f | triple(a, b, c));
        horizontal || vertical
    }

    /// A multi-line picture: one line per row, `colour` or `colour*special`, `.` for empty; the
    /// cells of `marked` are shown as `[x]`.
    pub fn render(&self, marked: Option<&Cells>) -> String {
        let mut out = String::new();
        for r in 0..self.n {
            for c in 0..self.m {
                if c > 0 {
                    out.push(' ');
                }
                let (v, s) = (self.colour_at(r, c), self.special_at(r, c));
                let cell = match (v, s) {
                    (0, _) => ".".to_string(),
                    (v, 0) => v.to_string(),
                    (v, s) => format!("{v}*{s}"),
                };
                if marked.is_some_and(|m| m.contains(Pos::new(r, c))) {
                    let _ = write!(out, "{:>6}", format!("[{cell}]"));
                } else {
                    let _ = write!(out, "{cell:>6}");
                }
            }
            out.push('\n');
        }
        out
    }
}

/// A whole Texas Match-3 input.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    /// Number of colours: every colour is in 1..=k.
    pub k: u8,
    /// The initial board: full, no run.
    pub board: Board,
    pub ops: Vec<Op>,
}

impl Case {
    pub fn n(&self) -> usize {
        self.board.n
    }
    pub fn m(&self) -> usize {
        self.board.m
    }

    /// Checks every constraint of the statement. Parsing checks the same rules with positions;
    /// this is for cases built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        let (n, m) = (self.n(), self.m());
        if !(1..=MAX_SIDE).contains(&n) || !(1..=MAX_SIDE).contains(&m) {
            return Err(format!("board is {n}x{m}: 1 <= n, m <= {MAX_SIDE}"));
        }
        if self.k < 1 || self.k > MAX_COLOURS {
            return Err(format!("k = {}: 1 <= k <= {MAX_COLOURS}", self.k));
        }
        if self.board.colour.len() != n * m || self.board.special.len() != n * m {
            return Err("board arrays do not have n * m cells".into());
        }
        if self.ops.is_empty() || self.ops.len() > MAX_OPS {
            return Err(format!("q = {}: 1 <= q <= {MAX_OPS}", self.ops.len()));
        }
        for (i, (&v, &s)) in self
            .board
            .colour
            .iter()
            .zip(&self.board.special)
            .enumerate()
        {
            if v < 1 || v > self.k {
                return Err(format!(
                    "colour {v} at {}: 1 <= a <= k",
                    Pos::new(i / m, i % m)
                ));
            }
            if s > MAX_SPECIAL {
                return Err(format!(
                    "special {s} at {}: 0 <= b <= 6",
                    Pos::new(i / m, i % m)
                ));
            }
        }
        for (i, op) in self.ops.iter().enumerate() {
            for p in [op.a, op.b] {
                if p.r() >= n || p.c() >= m {
                    return Err(format!("operation {} names {p}, outside the board", i + 1));
                }
            }
        }
        if let Some((p, horizontal)) = self.board.find_run() {
            let dir = if horizontal { "horizontal" } else { "vertical" };
            return Err(format!("the initial board has a {dir} run starting at {p}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
