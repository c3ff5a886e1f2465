//! The case (board and moves), the contest text formats, and the shrinking steps.
//!
//! Input format: a line `n m q`; `n` lines of `m` values, the board from the top row down, each 0
//! (empty) or a power of two from 2 to 2^20; then `q` lines `D r c v`: a direction (`L R U D`), a
//! 1-based cell and the value (2 or 4) of the tile placed there after the move when it changed the
//! board and the cell is empty. Output format: the score, the number of moves that changed the
//! board, then the final board as `n` lines of `m` values (see [`Outcome::answer`](crate::trace::Outcome::answer)).
//!
//! In memory a [`Move`] holds its cell **0-based** (`r` in `0..n`, `c` in `0..m`); the text formats
//! and every picture are 1-based.
//!
//! The case reads and writes itself ([`Case::parse`], [`Case::write`], [`Case::size`]); the game's
//! protocol (`game.rs`) forwards to them in one line each.

use model::text::{Lines, Token};
use model::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// Largest number of rows or columns.
pub const MAX_SIDE: usize = 8;
/// Largest number of moves.
pub const MAX_MOVES: usize = 100_000;
/// Largest tile the input format accepts: 2^20.
pub const MAX_INPUT_TILE: u64 = 1 << 20;
/// Largest tile of a case built in code: 2^30. Tiles grow past it through merges; the engines are
/// exact for every tile a valid case can make (at most 64 * 2^30 plus the spawned tiles, below
/// 2^37, held in a `u64`).
pub const MAX_TILE: u64 = 1 << 30;

/// A direction: where every tile slides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// Left: towards column 1.
    L,
    /// Right: towards column m.
    R,
    /// Up: towards row 1.
    U,
    /// Down: towards row n.
    D,
}

impl Dir {
    /// All four, in the order `L R U D`.
    pub const ALL: [Dir; 4] = [Dir::L, Dir::R, Dir::U, Dir::D];

    /// The letter of the text format.
    pub fn letter(self) -> char {
        match self {
            Dir::L => 'L',
            Dir::R => 'R',
            Dir::U => 'U',
            Dir::D => 'D',
        }
    }

    /// The direction written as `text`, if any.
    pub fn from_text(text: &[u8]) -> Option<Dir> {
        match text {
            b"L" => Some(Dir::L),
            b"R" => Some(Dir::R),
            b"U" => Some(Dir::U),
            b"D" => Some(Dir::D),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One move: slide every tile towards `dir`; then, if the board changed and cell (`r`, `c`) is
/// empty, place a tile of value `v` there. `r` and `c` are **0-based**.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub dir: Dir,
    pub r: usize,
    pub c: usize,
    /// 2 or 4.
    pub v: u64,
}

/// The spawn half of a move (the same type: a move names its spawn).
pub type Spawn = Move;

impl fmt::Display for Move {
    /// As in the input format, 1-based: `L 1 2 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.dir, self.r + 1, self.c + 1, self.v)
    }
}

/// The board: `n` rows of `m` cells, row-major (`cells[r * m + c]`), 0 for an empty cell, else the
/// value of the tile (a power of two, at least 2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub n: usize,
    pub m: usize,
    pub cells: Vec<u64>,
}

impl Board {
    /// The empty `n` x `m` board.
    pub fn empty(n: usize, m: usize) -> Board {
        Board {
            n,
            m,
            cells: vec![0; n * m],
        }
    }

    /// A board from its rows, top row first. Rows of unequal length are cut or padded with empty
    /// cells to the length of the first.
    pub fn from_rows<R: AsRef<[u64]>>(rows: &[R]) -> Board {
        let n = rows.len();
        let m = rows.first().map_or(0, |r| r.as_ref().len());
        let mut board = Board::empty(n, m);
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.as_ref().iter().take(m).enumerate() {
                board.cells[r * m + c] = v;
            }
        }
        board
    }

    /// The tile at (r, c), 0-based; 0 when empty.
    pub fn get(&self, r: usize, c: usize) -> u64 {
        self.cells[r * self.m + c]
    }

    /// Sets the tile at (r, c), 0-based.
    pub fn set(&mut self, r: usize, c: usize, v: u64) {
        self.cells[r * self.m + c] = v;
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[u64]> {
        self.cells.chunks(self.m.max(1)).take(self.n)
    }

    /// Number of tiles.
    pub fn tiles(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The largest tile (0 on an empty board).
    pub fn max_tile(&self) -> u64 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The sum of the exponents of the tiles (a tile 2^k counts k).
    pub fn exponent_sum(&self) -> u64 {
        self.cells
            .iter()
            .filter(|&&v| v != 0)
            .map(|&v| u64::from(v.trailing_zeros()))
            .sum()
    }

    /// Writes the board in the text format: `n` lines of `m` values.
    pub(crate) fn write_rows(&self, out: &mut String) {
        for row in self.rows() {
            for (c, v) in row.iter().enumerate() {
                if c > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{v}");
            }
            out.push('\n');
        }
    }
}

impl fmt::Display for Board {
    /// A small grid, one row per line, columns right-aligned, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .cells
            .iter()
            .map(|v| if *v == 0 { 1 } else { v.to_string().len() })
            .max()
            .unwrap_or(1);
        for (r, row) in self.rows().enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    write!(f, " ")?;
                }
                if v == 0 {
                    write!(f, "{:>width$}", ".")?;
                } else {
                    write!(f, "{v:>width$}")?;
                }
            }
        }
        Ok(())
    }
}

/// A case: the initial board and the moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    pub board: Board,
    pub moves: Vec<Move>,
}

/// True for 0 and the powers of two from 2 to `max`.
fn is_tile(v: u64, max: u64) -> bool {
    v == 0 || (v >= 2 && v <= max && v.is_power_of_two())
}

/// A board value read from `tok`: 0 or a power of two from 2 to 2^20.
fn tile_value(tok: &Token<'_>, r: usize, c: usize) -> Result<u64, ParseError> {
    let max = MAX_INPUT_TILE as i64;
    let v = tok.int(format_args!("the tile a[{r}][{c}]"), 0, max)?;
    let v = v as u64;
    if is_tile(v, MAX_INPUT_TILE) {
        Ok(v)
    } else {
        Err(tok.error(format!(
            "the tile a[{r}][{c}] = {v} must be 0 (empty) or a power of two from 2 to {MAX_INPUT_TILE}"
        )))
    }
}

/// The contest input format: what the harness reads and writes (through `Format`).
impl Case {
    /// Reads a case in the input format. Every constraint is checked and reported with its line,
    /// column, token and rule; no input makes it panic.
    pub fn parse(input: &[u8]) -> Result<Case, ParseError> {
        let mut lines = Lines::new(input);
        let header = lines.next_line("the first line `n m q`")?;
        let [n, m, q] = header.exactly("3 values `n m q`")?;
        let n = n.uint("n", 1, MAX_SIDE)?;
        let m = m.uint("m", 1, MAX_SIDE)?;
        let q = q.uint("q", 0, MAX_MOVES)?;
        let mut board = Board::empty(n, m);
        for r in 1..=n {
            let line = lines.next_line(format_args!("row {r} of {n} of the board ({m} values)"))?;
            let tokens =
                line.expect_tokens(m, format_args!("{m} values (row {r} of the board)"))?;
            for (c, tok) in tokens.enumerate() {
                board.cells[(r - 1) * m + c] = tile_value(&tok, r, c + 1)?;
            }
        }
        let mut moves = Vec::with_capacity(q);
        for i in 1..=q {
            let line = lines.next_line(format_args!("move {i} of {q} `D r c v`"))?;
            let [d, r, c, v] = line.exactly(format_args!("4 values `D r c v` (move {i})"))?;
            let dir = Dir::from_text(d.text).ok_or_else(|| {
                d.error(format!(
                    "the direction of move {i} must be one of L, R, U, D"
                ))
            })?;
            let r = r.uint(format_args!("the row r of move {i}"), 1, n)?;
            let c = c.uint(format_args!("the column c of move {i}"), 1, m)?;
            // Any integer reads here; only 2 and 4 are accepted.
            let value = v.int(
                format_args!("the value v of move {i}"),
                i64::MIN + 1,
                i64::MAX,
            )?;
            if value != 2 && value != 4 {
                return Err(v.error(format!(
                    "the value v of move {i} must be 2 or 4, not {value}"
                )));
            }
            moves.push(Move {
                dir,
                r: r - 1,
                c: c - 1,
                v: value as u64,
            });
        }
        lines.expect_end(format_args!("the {q} moves"))?;
        Ok(Case { board, moves })
    }

    /// Writes the case in the input format; `Case::parse(case.write().as_bytes())` gives the case
    /// back whenever its tiles are at most 2^20.
    pub fn write(&self) -> String {
        let b = &self.board;
        let mut out = String::with_capacity(16 + 8 * b.cells.len() + 10 * self.moves.len());
        let _ = writeln!(out, "{} {} {}", b.n, b.m, self.moves.len());
        b.write_rows(&mut out);
        for mv in &self.moves {
            let _ = writeln!(out, "{mv}");
        }
        out
    }

    /// A short description of the size: `4x4, q=12`.
    pub fn size(&self) -> String {
        format!("{}x{}, q={}", self.board.n, self.board.m, self.moves.len())
    }
}

impl Case {
    /// Checks the invariants a case built in code must keep (parsed cases always do): 1 <= n, m <=
    /// 8, at most 100000 moves, tiles 0 or powers of two from 2 to 2^30, move cells on the board,
    /// values 2 or 4.
    pub fn check(&self) -> Result<(), String> {
        let b = &self.board;
        if !(1..=MAX_SIDE).contains(&b.n) || !(1..=MAX_SIDE).contains(&b.m) {
            return Err(format!("the board is {}x{}: sides are 1..=8", b.n, b.m));
        }
        if b.cells.len() != b.n * b.m {
            return Err(format!(
                "the board holds {} cells, not {}",
                b.cells.len(),
                b.n * b.m
            ));
        }
        if self.moves.len() > MAX_MOVES {
            return Err(format!("{} moves: at most {MAX_MOVES}", self.moves.len()));
        }
        for (i, &v) in b.cells.iter().enumerate() {
            if !is_tile(v, MAX_TILE) {
                return Err(format!(
                    "the tile at ({}, {}) is {v}: tiles are 0 or powers of two from 2 to 2^30",
                    i / b.m + 1,
                    i % b.m + 1
                ));
            }
        }
        for (i, mv) in self.moves.iter().enumerate() {
            if mv.r >= b.n || mv.c >= b.m || !(mv.v == 2 || mv.v == 4) {
                return Err(format!("move {} `{mv}` is not valid on the board", i + 1));
            }
        }
        Ok(())
    }

    /// The case without move `i` (0-based); `None` when there is no such move.
    pub fn without_move(&self, i: usize) -> Option<Case> {
        if i >= self.moves.len() {
            return None;
        }
        let mut case = self.clone();
        case.moves.remove(i);
        Some(case)
    }

    /// The case without row `r` (0-based); `None` when the board has one row or there is no such
    /// row. Moves below the row move up one; moves in it go to the row that takes its place (the
    /// one below, or above when it was the last).
    pub fn without_row(&self, r: usize) -> Option<Case> {
        let b = &self.board;
        if b.n <= 1 || r >= b.n {
            return None;
        }
        let rows: Vec<&[u64]> = b
            .rows()
            .enumerate()
            .filter(|&(i, _)| i != r)
            .map(|(_, row)| row)
            .collect();
        let board = Board::from_rows(&rows);
        let moves = self
            .moves
            .iter()
            .map(|&mv| Move {
                r: remap(mv.r, r, b.n),
                ..mv
            })
            .collect();
        Some(Case { board, moves })
    }

    /// The case without column `c` (0-based); `None` when the board has one column or there is
    /// no such column. Move cells are remapped as in [`Case::without_row`].
    pub fn without_col(&self, c: usize) -> Option<Case> {
        let b = &self.board;
        if b.m <= 1 || c >= b.m {
            return None;
        }
        let rows: Vec<Vec<u64>> = b
            .rows()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != c)
                    .map(|(_, &v)| v)
                    .collect()
            })
            .collect();
        let board = Board::from_rows(&rows);
        let moves = self
            .moves
            .iter()
            .map(|&mv| Move {
                c: remap(mv.c, c, b.m),
                ..mv
            })
            .collect();
        Some(Case { board, moves })
    }

    /// The case with the tile at (r, c) (0-based) halved, or emptied when it is a 2; `None` when
    /// the cell is empty or off the board.
    pub fn lowered(&self, r: usize, c: usize) -> Option<Case> {
        let b = &self.board;
        if r >= b.n || c >= b.m || b.get(r, c) == 0 {
            return None;
        }
        let mut case = self.clone();
        let v = b.get(r, c);
        case.board.set(r, c, if v == 2 { 0 } else { v / 2 });
        Some(case)
    }

    /// A measure of size that every shrinking step lowers: cells first, then moves, then the sum
    /// of the tiles' exponents.
    pub fn weight(&self) -> u64 {
        let cells = self.board.cells.len() as u64;
        let moves = self.moves.len() as u64;
        cells * 10_000_000_000 + moves * 10_000 + self.board.exponent_sum()
    }
}

/// Where index `i` goes when index `removed` of `len` is taken out: the ones after it move back
/// one; `removed` itself goes to its successor, or its predecessor when it was the last.
fn remap(i: usize, removed: usize, len: usize) -> usize {
    if i > removed || (i == removed && removed == len - 1) {
        i - 1
    } else {
        i
    }
}
