//! NoGo play-out: the board, the move list and the checker's verdict, with their text formats.
//!
//! Coordinates are 0-based inside the program (`row` 0 is the top row); the text formats are 1-based.
//! The only rule checked here is the input constraint (every group of the initial board has a
//! liberty); legality of moves, the play-out and the checker live in the engines.

mod moves;

use crate::text::{Lines, ParseError, Token};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// Largest board side n.
pub use moves::{parse_moves, write_moves};

pub const MAX_N: usize = 1000;

/// A side. Black (`X`) moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The side that plays the move with 0-based index `index` of a game: black plays 0, 2, 4, ...
    pub fn to_play(index: usize) -> Colour {
        if index.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    /// The board character: `X` or `O`.
    pub fn symbol(self) -> char {
        match self {
            Colour::Black => 'X',
            Colour::White => 'O',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A point named by a move, 0-based. A move read from text may lie outside the board: on either
/// side, a 0 in the text (the line or column before the first) is kept as `u32::MAX`, so that it
/// is judged off the board like any number past the last one, and written back as 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub row: u32,
    pub col: u32,
}

impl Move {
    /// The 0-based point (`row`, `col`).
    pub fn new(row: usize, col: usize) -> Self {
        Move {
            row: u32::try_from(row).unwrap_or(u32::MAX),
            col: u32::try_from(col).unwrap_or(u32::MAX),
        }
    }
    pub fn r(self) -> usize {
        self.row as usize
    }
    pub fn c(self) -> usize {
        self.col as usize
    }
    /// True when the point lies on an n x n board.
    pub fn on_board(self, n: usize) -> bool {
        self.r() < n && self.c() < n
    }
}

impl fmt::Display for Move {
    /// 1-based, as in the text formats: `(row col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({} {})",
            text_coordinate(self.row),
            text_coordinate(self.col)
        )
    }
}

/// A 0-based coordinate as the text writes it, 1-based (`u32::MAX` stands for a 0 read from text).
pub(crate) fn text_coordinate(x: u32) -> u64 {
    (u64::from(x) + 1) % (1 << 32)
}

/// An n x n position. `cells` is row-major, `n * n` long; `None` is an empty point.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub n: usize,
    pub cells: Vec<Option<Colour>>,
}

impl Board {
    /// An empty n x n board.
    pub fn empty(n: usize) -> Self {
        Board {
            n,
            cells: vec![None; n * n],
        }
    }
    pub fn idx(&self, r: usize, c: usize) -> usize {
        r * self.n + c
    }
    pub fn get(&self, r: usize, c: usize) -> Option<Colour> {
        self.cells[r * self.n + c]
    }
    pub fn set(&mut self, r: usize, c: usize, point: Option<Colour>) {
        let n = self.n;
        self.cells[r * n + c] = point;
    }
    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|p| p.is_some()).count()
    }

    /// The first stone, in row-major order, of the first group without a liberty (groups ordered by
    /// their first stone), or `None` when every group has one. Validation only.
    pub fn dead_group(&self) -> Option<(usize, usize)> {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut stack = Vec::new();
        for start in 0..n * n {
            let Some(colour) = self.cells[start] else {
                continue;
            };
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut free = false;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / n, i % n);
                let mut visit = |j: usize| match self.cells[j] {
                    None => free = true,
                    Some(other) if other == colour && !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    Some(_) => {}
                };
                if r > 0 {
                    visit(i - n);
                }
                if r + 1 < n {
                    visit(i + n);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < n {
                    visit(i + 1);
                }
            }
            if !free {
                return Some((start / n, start % n));
            }
        }
        None
    }

    /// Checks every constraint of the input format. Parsing checks the same rules with positions;
    /// this is for boards built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_N).contains(&self.n) {
            return Err(format!("n = {}: 1 <= n <= {MAX_N}", self.n));
        }
        if self.cells.len() != self.n * self.n {
            return Err(format!(
                "the board has {} points, not n * n = {}",
                self.cells.len(),
                self.n * self.n
            ));
        }
        if let Some((r, c)) = self.dead_group() {
            return Err(dead_group_rule(self.get(r, c), r, c));
        }
        Ok(())
    }

    /// Parses the input format: `n`, then n lines of n characters `.`, `X`, `O`. Every rule is
    /// checked, with positions.
    pub fn parse(input: &[u8]) -> Result<Board, ParseError> {
        let mut lines = Lines::new(input);
        let header = lines.next_line("the board size `n`")?;
        let [n] = header.exactly("1 value, the board size `n`")?;
        let n = n.uint("n", 1, MAX_N)?;
        let mut board = Board::empty(n);
        // Where each row's first character stands, for the dead-group error.
        let mut row_at = Vec::with_capacity(n);
        for r in 0..n {
            let line = lines.next_line(format_args!("row {} of the board", r + 1))?;
            let row = line.first();
            if let Some(extra) = line.tokens().nth(1) {
                return Err(extra.error(format!(
                    "row {} of the board must be {n} characters with no space in between",
                    r + 1
                )));
            }
            for (j, &b) in row.text.iter().enumerate() {
                let point = match b {
                    b'.' => None,
                    b'X' => Some(Colour::Black),
                    b'O' => Some(Colour::White),
                    _ => {
                        let bad = Token {
                            line: row.line,
                            column: row.column + j,
                            text: &row.text[j..=j],
                        };
                        return Err(
                            bad.error(format!("a point of row {} must be `.`, `X` or `O`", r + 1))
                        );
                    }
                };
                if j < n {
                    board.cells[r * n + j] = point;
                }
            }
            let len = row.text.len();
            if len != n {
                let rule = format!(
                    "row {} of the board must have n = {n} characters, found {len}",
                    r + 1
                );
                return Err(if len > n {
                    Token {
                        line: row.line,
                        column: row.column + n,
                        text: &row.text[n..],
                    }
                    .error(rule)
                } else {
                    row.error(rule)
                });
            }
            row_at.push((row.line, row.column));
        }
        lines.expect_end(format_args!("the {n} rows of the board"))?;
        if let Some((r, c)) = board.dead_group() {
            let stone = board.get(r, c);
            return Err(ParseError {
                line: row_at[r].0,
                column: row_at[r].1 + c,
                token: stone.map(|s| s.to_string()),
                rule: dead_group_rule(stone, r, c),
            });
        }
        Ok(board)
    }

    /// Writes the input format; `Board::parse(board.write())` gives the board back.
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1) + 8);
        let _ = writeln!(out, "{}", self.n);
        out.push_str(&self.picture());
        out
    }

    /// The rows of the board, one line each, as in the input format (without the size line).
    pub fn picture(&self) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1));
        for row in self.cells.chunks(self.n.max(1)) {
            out.extend(row.iter().map(|p| p.map_or('.', Colour::symbol)));
            out.push('\n');
        }
        out
    }
}

fn dead_group_rule(stone: Option<Colour>, r: usize, c: usize) -> String {
    let colour = stone.map_or('?', Colour::symbol);
    format!(
        "the {colour} group whose first stone is at row {} column {} has no liberty \
         (every group needs an empty 4-neighbour)",
        r + 1,
        c + 1
    )
}

/// What the checker says about a proposed move list. `number` is the 1-based position of the
/// offending move in the list; `colour` is the side whose turn it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// Every move was legal and, at the end, the side to move has no legal point.
    Ok,
    /// The move names a point outside the n x n board.
    OffBoard {
        number: usize,
        at: Move,
        colour: Colour,
        n: usize,
    },
    /// The move names a point that already holds a stone (of colour `by`).
    Occupied {
        number: usize,
        at: Move,
        colour: Colour,
        by: Colour,
    },
    /// The point is empty but illegal for the side to move: some group would have no liberty.
    Illegal {
        number: usize,
        at: Move,
        colour: Colour,
    },
    /// Every move was legal, but the side to move still has a legal point; `at` is its first one
    /// in row-major order.
    NotOver { colour: Colour, at: Move },
}

impl Verdict {
    pub fn is_ok(&self) -> bool {
        matches!(self, Verdict::Ok)
    }
    /// A short name of the kind of verdict, for coverage counters and reports.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::OffBoard { .. } => "off board",
            Verdict::Occupied { .. } => "occupied",
            Verdict::Illegal { .. } => "illegal",
            Verdict::NotOver { .. } => "not over",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Verdict::Ok => write!(f, "ok"),
            Verdict::OffBoard { number, at, n, .. } => {
                write!(f, "move {number} {at}: off the {n}x{n} board")
            }
            Verdict::Occupied { number, at, by, .. } => {
                write!(f, "move {number} {at}: occupied by {by}")
            }
            Verdict::Illegal { number, at, colour } => {
                write!(f, "move {number} {at}: illegal for {colour}")
            }
            Verdict::NotOver { colour, at } => write!(
                f,
                "game not over: {colour} can still play {} {}",
                u64::from(at.row) + 1,
                u64::from(at.col) + 1
            ),
        }
    }
}

#[cfg(test)]
mod tests;
