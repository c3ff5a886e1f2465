//! Mayan puzzle (NOIP 2011): the case, the move, the answer, and both text formats.
//!
//! The board has [`COLS`] columns (x = 0..4, left to right) and [`ROWS`] rows (y = 0..6, bottom to
//! top). `cells[x][y]` is the colour at (x, y), 0 for an empty cell. Blocks stand on the floor or on
//! other blocks: in every column the blocks fill rows 0..height and nothing above is set.
//!
//! Input format: the number of moves `n` on a line, then one line per column x = 0..4 with the colours
//! of that column bottom-up, ended by `0`. Output format: one line `x y g` per move, or `-1`.

mod answer;
mod format;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

pub use answer::{parse_answer, write_answer, Answer, Move};

/// Number of columns.
pub const COLS: usize = 5;
/// Number of rows.
pub const ROWS: usize = 7;
/// Largest colour.
pub const MAX_COLOUR: u8 = 10;
/// Largest number of moves.
pub const MAX_MOVES: usize = 5;

/// A run found on a board (validation only; the engines find runs their own way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Run {
    /// The leftmost (horizontal) or lowest (vertical) cell.
    pub x: usize,
    pub y: usize,
    pub horizontal: bool,
    pub colour: u8,
}

/// The board: `cells[x][y]`, 0 for empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub cells: [[u8; ROWS]; COLS],
}

impl Board {
    /// The empty board.
    pub fn empty() -> Self {
        Board::default()
    }

    /// A board from its columns, each bottom-up. Fails when a column is taller than [`ROWS`], a
    /// colour is out of 1..=10, or there are not [`COLS`] columns. Runs are not checked here.
    pub fn from_columns<C: AsRef<[u8]>>(columns: &[C]) -> Result<Board, String> {
        if columns.len() != COLS {
            return Err(format!("expected {COLS} columns, found {}", columns.len()));
        }
        let mut board = Board::empty();
        for (x, col) in columns.iter().enumerate() {
            let col = col.as_ref();
            if col.len() > ROWS {
                return Err(format!(
                    "column {x} holds {} blocks: at most {ROWS}",
                    col.len()
                ));
            }
            for (y, &c) in col.iter().enumerate() {
                if !(1..=MAX_COLOUR).contains(&c) {
                    return Err(format!(
                        "colour {c} at ({x}, {y}): colours are 1..={MAX_COLOUR}"
                    ));
                }
                board.cells[x][y] = c;
            }
        }
        Ok(board)
    }

    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[x][y]
    }

    /// Number of blocks in column x (the blocks fill rows 0..height on a valid board).
    pub fn height(&self, x: usize) -> usize {
        self.cells[x].iter().take_while(|&&c| c != 0).count()
    }

    /// The blocks of column x, bottom-up.
    pub fn column(&self, x: usize) -> &[u8] {
        &self.cells[x][..self.height(x)]
    }

    /// The columns, bottom-up.
    pub fn columns(&self) -> Vec<Vec<u8>> {
        (0..COLS).map(|x| self.column(x).to_vec()).collect()
    }

    /// Number of blocks on the board.
    pub fn blocks(&self) -> usize {
        self.cells.iter().flatten().filter(|&&c| c != 0).count()
    }

    /// True when no cell holds a block.
    pub fn is_cleared(&self) -> bool {
        self.cells.iter().flatten().all(|&c| c == 0)
    }

    /// How many blocks of each colour: index c for colour c (index 0 unused).
    pub fn colour_counts(&self) -> [usize; MAX_COLOUR as usize + 1] {
        let mut counts = [0; MAX_COLOUR as usize + 1];
        for &c in self.cells.iter().flatten() {
            if c != 0 {
                counts[usize::from(c).min(MAX_COLOUR as usize)] += 1;
            }
        }
        counts
    }

    /// The distinct colours on the board, ascending.
    pub fn colours(&self) -> Vec<u8> {
        let counts = self.colour_counts();
        (1..=MAX_COLOUR)
            .filter(|&c| counts[usize::from(c)] > 0)
            .collect()
    }

    /// The first floating block (an empty cell below it), scanning x then y.
    pub fn find_floating(&self) -> Option<(usize, usize)> {
        for x in 0..COLS {
            let h = self.height(x);
            if let Some(y) = (h..ROWS).find(|&y| self.cells[x][y] != 0) {
                return Some((x, y));
            }
        }
        None
    }

    /// The first run (>= 3 equal colours in a row or column), scanning x then y, horizontal first.
    pub fn find_run(&self) -> Option<Run> {
        for x in 0..COLS {
            for y in 0..ROWS {
                let c = self.cells[x][y];
                if c == 0 {
                    continue;
                }
                if x + 2 < COLS && self.cells[x + 1][y] == c && self.cells[x + 2][y] == c {
                    return Some(Run {
                        x,
                        y,
                        horizontal: true,
                        colour: c,
                    });
                }
                if y + 2 < ROWS && self.cells[x][y + 1] == c && self.cells[x][y + 2] == c {
                    return Some(Run {
                        x,
                        y,
                        horizontal: false,
                        colour: c,
                    });
                }
            }
        }
        None
    }

    /// Checks what every board between moves satisfies: colours in range, nothing floating, no run.
    pub fn validate(&self) -> Result<(), String> {
        for x in 0..COLS {
            for y in 0..ROWS {
                let c = self.cells[x][y];
                if c > MAX_COLOUR {
                    return Err(format!(
                        "colour {c} at ({x}, {y}): colours are 1..={MAX_COLOUR}"
                    ));
                }
            }
        }
        if let Some((x, y)) = self.find_floating() {
            return Err(format!(
                "the block at ({x}, {y}) floats: the cell below it is empty"
            ));
        }
        if let Some(run) = self.find_run() {
            let dir = if run.horizontal {
                "horizontal"
            } else {
                "vertical"
            };
            return Err(format!(
                "the board has a {dir} run of colour {} starting at ({}, {})",
                run.colour, run.x, run.y
            ));
        }
        Ok(())
    }

    /// A picture, top row first: one line per row, `.` for empty, colours right-aligned.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for y in (0..ROWS).rev() {
            let _ = write!(out, "y={y} |");
            for x in 0..COLS {
                match self.cells[x][y] {
                    0 => out.push_str("  ."),
                    c => {
                        let _ = write!(out, "{c:>3}");
                    }
                }
            }
            out.push('\n');
        }
        out.push_str("      ");
        for x in 0..COLS {
            let _ = write!(out, "{x:>3}");
        }
        out.push_str("  (x)\n");
        out
    }
}

/// A whole Mayan puzzle input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    /// The exact number of moves, 1..=5.
    pub n: usize,
    pub board: Board,
}

impl Case {
    /// Checks every constraint of the statement, for cases built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_MOVES).contains(&self.n) {
            return Err(format!("n = {}: 1 <= n <= {MAX_MOVES}", self.n));
        }
        self.board.validate()
    }
}
