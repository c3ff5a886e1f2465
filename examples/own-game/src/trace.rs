//! What a game comes to: the [`Outcome`], and the per-move [`Event`]s of a traced run.

use crate::case::{Board, Move};
use serde::Serialize;
use std::fmt::{self, Write as _};

/// The result of playing a case: the total score, the number of moves that changed the board, the
/// final board, and (only when traced) one event per move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub score: u64,
    pub moved: u64,
    /// The final board.
    pub board: Board,
    /// One event per move when the run was traced; empty otherwise.
    pub events: Vec<Event>,
}

impl Outcome {
    /// The answer in the output format: the score, the number of moves that changed the board,
    /// then the final board as `n` lines of `m` values.
    pub fn answer(&self) -> String {
        let mut out = String::with_capacity(32 + 8 * self.board.cells.len());
        let _ = writeln!(out, "{}", self.score);
        let _ = writeln!(out, "{}", self.moved);
        self.board.write_rows(&mut out);
        out
    }
}

/// One move as it was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// The move (its cell 0-based, as in [`Move`]).
    #[serde(rename = "move")]
    pub mv: Move,
    /// Whether the slide changed the board.
    pub changed: bool,
    /// The score of the move: the sum of the tiles its merges made (0 when nothing changed).
    pub gained: u64,
    /// Number of merges.
    pub merges: u32,
    /// Whether the tile was placed (the board changed and the cell was empty).
    pub placed: bool,
    /// The board after the move, the placed tile included.
    pub board: Board,
}

impl fmt::Display for Event {
    /// A header such as `L (1 2) +8, 1 merge, tile placed` (the cell 1-based), then the board
    /// after the move as a grid, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = &self.mv;
        write!(f, "{} ({} {}) ", mv.dir, mv.r + 1, mv.c + 1)?;
        if !self.changed {
            write!(f, "no change, nothing placed")?;
        } else {
            let plural = if self.merges == 1 { "" } else { "s" };
            write!(f, "+{}, {} merge{plural}, ", self.gained, self.merges)?;
            if self.placed {
                write!(f, "tile {} placed", mv.v)?;
            } else {
                write!(f, "cell occupied, nothing placed")?;
            }
        }
        write!(f, "\n{}", self.board)
    }
}
