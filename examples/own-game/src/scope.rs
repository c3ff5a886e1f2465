//! 2048's bounded scopes: every small board and every sequence of moves, spawns included.
//!
//! Parameters: `n` and `m` (rows and columns, 1..=8), `e` (tiles are 2^1..=2^e, or empty; its
//! upper bound counts) and `q` (the number of moves, 0..=8). Indices run through board shapes by
//! their number of cells (then rows), then move counts, then the moves (each a direction, a spawn
//! cell and a spawn value of 2 or 4: every move the input format can name), then the tiles. Every
//! index is a valid case: none is skipped.
//!
//! The named scopes, costs measured in CPU time on a spread sample of 20,000 indices (release
//! build) and extrapolated: `tiny` (9,028 indices, 0.01 s on 2 cores), `minute` (111,301,350,
//! 96 s), `ten-minutes` (740,298,942, 11 minutes), `rows` (1,917,480,440, 1.2 core-hours: lines of
//! four equal tiles and 8-column boards), `four-by-four` (5,658,497,496, 3.3 core-hours). None
//! reaches the merges past 2^15 (the tiles' sum stays far below 2^16: the scope says so); below
//! 4x4 no scope reaches four equal tiles in a line but `rows`.
//!
//! Between them, in order of size, the scopes by construction of [`crate::scope_built`] (measured
//! in full): `lines` (every row and column up to 4 cells, double merges and merges on the far side
//! included), `long-lines` (5 to 8 cells: the byte path's whole frame), `packed` and
//! `packed-overflow` (every 4x4 board over two tile values, up to two moves: the packed path, and
//! its move to bytes past 2^15), `packed-three` and `overflow-three` (three values, one move).

use crate::case::{Board, Case, Dir, Move, MAX_SIDE};
use harness::roles::scope::{range_text, Blocks, Expr, NamedScope, Scope, ScopeError};
use std::ops::RangeInclusive;

/// Largest tile exponent a scope takes (the input format's largest tile, 2^20).
pub const MAX_EXPONENT: u64 = 20;
/// Most moves a scope takes.
pub const MAX_SCOPE_MOVES: u64 = 8;

/// The named scopes, smallest first.
pub const NAMED: &[NamedScope] = &[
    NamedScope {
        name: "tiny",
        expr: "n<=2,m<=2,e=3,q<=1",
        about: "every board up to 2x2 of tiles up to 8, no move or one (9,028 indices)",
        cost: "0.01 s on 2 cores",
    },
    NamedScope {
        name: "lines",
        expr: "lines: len<=4, values=0,2,4,8, q<=1",
        about: "every row and column of up to 4 cells over empty, 2, 4, 8, no move or one: double merges, merges on the far side (20,676 indices)",
        cost: "0.01 s on 2 cores",
    },
    NamedScope {
        name: "long-lines",
        expr: "lines: len=5..8, values=0,2,4, q<=1",
        about: "every row and column of 5 to 8 cells over empty, 2, 4, no move or one: the whole 8x8 byte frame (1,193,616 indices)",
        cost: "1 s on 2 cores (1.7 core-seconds)",
    },
    NamedScope {
        name: "packed",
        expr: "grid: values=0,2, q<=2",
        about: "every 4x4 board over empty and 2, up to two moves, spawns by construction: the packed path (1,376,256 indices)",
        cost: "2 s on 2 cores (3.1 core-seconds)",
    },
    NamedScope {
        name: "packed-overflow",
        expr: "grid: values=16384,32768, q<=2",
        about: "every 4x4 board of 2^14 and 2^15 tiles, up to two moves: a 2^15 made, a 2^16 made and the move to bytes (1,376,256 indices)",
        cost: "2 s on 2 cores (4.2 core-seconds)",
    },
    NamedScope {
        name: "minute",
        expr: "n<=2,m<=3,e=5,q<=2",
        about: "every board up to 2x3 of tiles up to 32, up to two moves (111,301,350 indices)",
        cost: "96 s on 2 cores (0.05 core-hours)",
    },
    NamedScope {
        name: "packed-three",
        expr: "grid: values=0,2,4, q<=1",
        about: "every 4x4 board over empty, 2 and 4, no move or one (215,233,605 indices)",
        cost: "about 4 minutes on 2 cores (505 core-seconds)",
    },
    NamedScope {
        name: "overflow-three",
        expr: "grid: values=0,16384,32768, q<=1",
        about: "every 4x4 board over empty, 2^14 and 2^15, no move or one (215,233,605 indices)",
        cost: "about 5 minutes on 2 cores (550 core-seconds)",
    },
    NamedScope {
        name: "ten-minutes",
        expr: "n<=3,m<=3,e=5,q<=1",
        about: "every board up to 3x3 of tiles up to 32, no move or one (740,298,942 indices)",
        cost: "11 minutes on 2 cores (0.37 core-hours)",
    },
    NamedScope {
        name: "rows",
        expr: "n=1,m<=8,e=4,q<=2",
        about: "every single row up to 8 long of tiles up to 16, up to two moves (1,917,480,440 indices)",
        cost: "1.2 core-hours",
    },
    NamedScope {
        name: "four-by-four",
        expr: "n<=4,m<=4,e=2,q<=1",
        about: "every board up to 4x4 of tiles up to 4, no move or one (5,658,497,496 indices)",
        cost: "3.3 core-hours",
    },
];

const KEYS: &[&str] = &["n", "m", "e", "q"];

/// A 2048 scope: board shapes, tile exponents, move counts.
pub struct Scope2048 {
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    exponent: u64,
    moves: RangeInclusive<u64>,
    /// The (rows, columns, moves) of each block, in index order.
    shapes: Vec<(usize, usize, usize)>,
    index: Blocks,
}

/// Parses a scope expression (a named scope already resolved).
pub fn parse(text: &str) -> Result<Scope2048, ScopeError> {
    let mut e = Expr::parse(text)?;
    if let Some(family) = e.family() {
        return Err(ScopeError::new(
            format!("{family}:"),
            "a scope by construction is not a plain scope (`Game2048::scope` reads both)",
        ));
    }
    let side = 1..=MAX_SIDE as u64;
    let rows = e.take("n", side.clone(), 1..=2)?;
    let cols = e.take("m", side, 1..=2)?;
    let exponent = upper_only(e.take("e", 0..=MAX_EXPONENT, 3..=3)?, "e", text)?;
    let moves = e.take("q", 0..=MAX_SCOPE_MOVES, 0..=1)?;
    e.finish(KEYS)?;
    Scope2048::new(rows, cols, exponent, moves).ok_or_else(|| {
        ScopeError::new(
            text.trim(),
            "this scope has more than 2^64 indices: bound `n`, `m`, `e` or `q` lower",
        )
    })
}

/// The upper bound of a parameter that only has one (`e=3` and `e<=3` alike).
fn upper_only(r: RangeInclusive<u64>, key: &str, text: &str) -> Result<u64, ScopeError> {
    if r.start() == r.end() || *r.start() == 0 {
        return Ok(*r.end());
    }
    let token = text
        .split(',')
        .find(|t| t.trim().starts_with(key))
        .unwrap_or(text);
    Err(ScopeError::new(
        token.trim(),
        format!("`{key}` is a largest value: write `{key}=V` or `{key}<=V`"),
    ))
}

impl Scope2048 {
    /// The scope; `None` when its length overflows `u64`.
    pub fn new(
        rows: RangeInclusive<u64>,
        cols: RangeInclusive<u64>,
        exponent: u64,
        moves: RangeInclusive<u64>,
    ) -> Option<Scope2048> {
        let mut boards: Vec<(usize, usize)> = rows
            .clone()
            .flat_map(|n| cols.clone().map(move |m| (n as usize, m as usize)))
            .collect();
        boards.sort_by_key(|&(n, m)| (n * m, n));
        let mut shapes = Vec::new();
        let mut sizes = Vec::new();
        for (n, m) in boards {
            let tiles = (exponent + 1).checked_pow((n * m) as u32)?;
            for q in moves.clone() {
                let sequences = (8 * (n * m) as u64).checked_pow(q as u32)?;
                shapes.push((n, m, q as usize));
                sizes.push(tiles.checked_mul(sequences)?);
            }
        }
        Some(Scope2048 {
            index: Blocks::new(sizes)?,
            rows,
            cols,
            exponent,
            moves,
            shapes,
        })
    }
}

impl Scope<Case> for Scope2048 {
    fn canonical(&self) -> String {
        let p = self.params();
        let parts: Vec<String> = p.iter().map(|(k, v)| format!("{k}={v}")).collect();
        parts.join(",")
    }

    fn params(&self) -> Vec<(String, String)> {
        vec![
            ("n".into(), range_text(&self.rows)),
            ("m".into(), range_text(&self.cols)),
            ("e".into(), self.exponent.to_string()),
            ("q".into(), range_text(&self.moves)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let (block, mut offset) = self.index.locate(index)?;
        let (n, m, q) = self.shapes[block];
        let base = self.exponent + 1;
        let mut cells = vec![0u64; n * m];
        for cell in &mut cells {
            let d = offset % base;
            *cell = if d == 0 { 0 } else { 1 << d };
            offset /= base;
        }
        let choices = 8 * (n * m) as u64;
        let moves = (0..q)
            .map(|_| {
                let d = offset % choices;
                offset /= choices;
                let cell = (d / 8) as usize;
                Move {
                    dir: Dir::ALL[(d % 4) as usize],
                    r: cell / m,
                    c: cell % m,
                    v: if (d / 4).is_multiple_of(2) { 2 } else { 4 },
                }
            })
            .collect();
        Some(Case {
            board: Board { n, m, cells },
            moves,
        })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        unreachable_of(Reach::of(self))
    }
}

/// What bounds the cases of a scope, for the coverage keys it cannot reach.
pub(crate) struct Reach {
    /// How the boards are described: "the boards are 1..2 x 1..2".
    pub sides: String,
    pub has_1x1: bool,
    /// A 1xm board with m >= 2.
    pub has_row: bool,
    /// An nx1 board with n >= 2.
    pub has_column: bool,
    pub has_side_8: bool,
    /// The longest line a board has.
    pub line: usize,
    pub has_4x4: bool,
    /// Every board is one row or one column.
    pub one_line: bool,
    /// Cells of the largest board.
    pub cells: u64,
    /// The largest tile of the boards.
    pub largest: u64,
    pub moves: RangeInclusive<u64>,
}

impl Reach {
    fn of(s: &Scope2048) -> Reach {
        let (n_lo, n_hi) = (*s.rows.start() as usize, *s.rows.end() as usize);
        let (m_lo, m_hi) = (*s.cols.start() as usize, *s.cols.end() as usize);
        Reach {
            sides: format!("the boards are {n_lo}..{n_hi} x {m_lo}..{m_hi}"),
            has_1x1: n_lo == 1 && m_lo == 1,
            has_row: n_lo == 1 && m_hi >= 2,
            has_column: m_lo == 1 && n_hi >= 2,
            has_side_8: n_hi == 8 || m_hi == 8,
            line: n_hi.max(m_hi),
            has_4x4: s.rows.contains(&4) && s.cols.contains(&4),
            one_line: n_hi == 1 || m_hi == 1,
            cells: (n_hi * m_hi) as u64,
            largest: 1u64 << s.exponent,
            moves: s.moves.clone(),
        }
    }
}

/// The coverage keys a scope provably cannot reach, with why.
pub(crate) fn unreachable_of(r: Reach) -> Vec<(&'static str, String)> {
    let q_hi = *r.moves.end();
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let sides = &r.sides;
    let mut no = |key: &'static str, when: bool, why: &str| {
        if when && out.iter().all(|(k, _)| *k != key) {
            out.push((key, why.to_string()));
        }
    };
    no("a 1x1 board", !r.has_1x1, sides);
    no("a 1xm board (m >= 2)", !r.has_row, sides);
    no("an nx1 board (n >= 2)", !r.has_column, sides);
    no("a board with 8 rows or 8 columns", !r.has_side_8, sides);
    no(
        "three equal tiles in one line (one merge, one left)",
        r.line < 3,
        sides,
    );
    no(
        "four or more equal tiles in one line (two merges)",
        r.line < 4,
        sides,
    );
    no(
        "a 4x4 board of tiles up to 2^15 that makes a 2^16",
        !r.has_4x4,
        sides,
    );
    no(
        "a move with merges in several lines",
        r.one_line,
        "on a board of one row or one column, a move slides one line of two cells or more",
    );
    no(
        "a game with no moves",
        *r.moves.start() > 0,
        "every case has a move",
    );
    let none = "the scope has no move";
    for key in [
        "a move that changes nothing",
        "a move that changes nothing on a full board",
        "a spawn on an occupied cell (nothing placed)",
        "a spawn placed",
        "a 4 placed",
        "a move with merges in several lines",
        "a tile made by a merge meets an equal tile (which must not merge)",
        "a full board before a move",
    ] {
        no(key, q_hi == 0, none);
    }
    // No tile can exceed the sum of all tiles: the board's and the spawned ones.
    let most = r.cells * r.largest + 4 * q_hi;
    let small = format!("all tiles together, spawns included, sum to at most {most}");
    no(
        "a merge past 2^15 (a tile of 2^16 made)",
        most < 1 << 16,
        &small,
    );
    no(
        "a 4x4 board of tiles up to 2^15 that makes a 2^16",
        most < 1 << 16,
        &small,
    );
    no(
        "a merge past 2^16 (a tile of 2^17 or more made)",
        most < 1 << 17,
        &small,
    );
    no(
        "a merge past 2^20 (a tile of 2^21 or more made)",
        most < 1 << 21,
        &small,
    );
    out
}

#[cfg(test)]
mod tests;
