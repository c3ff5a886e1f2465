//! A Mayan answer: the move, and the output format (one `x y g` line per move, or `-1`).

use super::{COLS, ROWS};
use crate::text::{Lines, ParseError};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt::{self, Write as _};

/// A drag: the block at (x, y) goes one column right (`g = 1`) or left (`g = -1`).
///
/// Moves are ordered as the statement asks: by x, then y, then `g = 1` before `g = -1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub x: u8,
    pub y: u8,
    pub g: i8,
}

impl Move {
    pub fn new(x: usize, y: usize, g: i8) -> Self {
        debug_assert!(x < COLS && y < ROWS && (g == 1 || g == -1));
        Move {
            x: x as u8,
            y: y as u8,
            g,
        }
    }

    /// The sort key: (x, y, 0 for right, 1 for left).
    pub fn key(self) -> (u8, u8, u8) {
        (self.x, self.y, u8::from(self.g != 1))
    }

    /// The target column, when it is on the board.
    pub fn target(self) -> Option<usize> {
        let t = i32::from(self.x) + i32::from(self.g);
        (0..COLS as i32).contains(&t).then_some(t as usize)
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Move {
    /// As in the output format: `x y g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.g)
    }
}

/// The answer: the lexicographically smallest sequence of exactly n moves that empties the board, or
/// `None` when there is none (printed `-1`).
pub type Answer = Option<Vec<Move>>;

/// Writes an answer in the output format: one `x y g` line per move, or `-1`.
pub fn write_answer(answer: &Answer) -> String {
    match answer {
        None => "-1\n".to_string(),
        Some(moves) => {
            let mut out = String::with_capacity(7 * moves.len());
            for m in moves {
                let _ = writeln!(out, "{m}");
            }
            out
        }
    }
}

/// Parses the output format for a case of `n` moves: either the single line `-1`, or exactly `n`
/// lines `x y g` with 0 <= x <= 4, 0 <= y <= 6, g = 1 or -1. Whether the moves are legal or empty
/// the board is for the engines to say, not for the format.
pub fn parse_answer(input: &[u8], n: usize) -> Result<Answer, ParseError> {
    let mut lines = Lines::new(input);
    let first = lines.next_line("`-1` or the first move `x y g`")?;
    if first.len() == 1 && first.first().text == b"-1" {
        lines.expect_end("`-1`")?;
        return Ok(None);
    }
    let mut moves = Vec::with_capacity(n);
    let mut line = first;
    for i in 0..n {
        if i > 0 {
            line = lines.next_line(format_args!("move {} of {n} `x y g`", i + 1))?;
        }
        let [x, y, g_token] = line.exactly("3 values `x y g`")?;
        let x = x.uint("x", 0, COLS - 1)?;
        let y = y.uint("y", 0, ROWS - 1)?;
        let g = g_token.int("g", -1, 1)?;
        if g == 0 {
            return Err(g_token.error("g must be 1 (right) or -1 (left)"));
        }
        moves.push(Move::new(x, y, g as i8));
    }
    lines.expect_end(format_args!("the {n} moves"))?;
    Ok(Some(moves))
}
