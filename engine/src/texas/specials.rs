//! Specials: E starts as M, and every piece of E with a special triggers once, adding to E:
//! 1 its row, 2 its column, 3 both, 4 the 3x3 square around it, 5 the 5x5 square, 6 every piece
//! of its colour. Pieces added trigger too, in the same round.
//!
//! The closure is computed in waves. A wave triggers every special of E not triggered yet:
//! squares and colours are added at once (a colour only once per round); rows and columns are
//! collected as two masks and added together at the end of the wave. Waves repeat until one
//! triggers nothing.

use super::line::Line;
use super::Engine;

impl Engine {
    /// E: M, closed under the specials of its pieces.
    pub(super) fn trigger_specials(&mut self) {
        self.removed.copy_from(&self.matched);
        if self
            .matched
            .cols()
            .iter()
            .all(|c| (self.matched.col(c) & self.columns[c].specials()).is_empty())
        {
            // No special in M: E is M.
            return;
        }
        self.triggered.clear();
        // The rows and columns to clear whole, and those already cleared.
        let (mut full_rows, mut full_cols) = (Line::EMPTY, Line::EMPTY);
        let (mut added_rows, mut added_cols) = (Line::EMPTY, Line::EMPTY);
        // The colours already added (colours are below 128).
        let mut colours_added = 0u128;
        loop {
            let mut fired = false;
            for c in self.removed.cols() {
                let ready =
                    (self.removed.col(c) & self.columns[c].specials()) - self.triggered.col(c);
                for r in ready {
                    fired = true;
                    self.triggered.insert(r, c);
                    match self.columns[c].special_at(r) {
                        1 => full_rows.insert(r),
                        2 => full_cols.insert(c),
                        3 => {
                            full_rows.insert(r);
                            full_cols.insert(c);
                        }
                        4 => self.add_square(r, c, 1),
                        5 => self.add_square(r, c, 2),
                        6 => {
                            let x = self.colour.get(r, c);
                            let bit = 1u128 << x;
                            if colours_added & bit == 0 {
                                colours_added |= bit;
                                self.add_colour(x);
                            }
                        }
                        s => debug_assert!(s == 0, "special {s} at ({r}, {c})"),
                    }
                }
            }
            if !fired {
                break;
            }
            if full_rows != added_rows || full_cols != added_cols {
                for cc in 0..self.m {
                    let rows = if full_cols.has(cc) {
                        Line::ALL
                    } else {
                        full_rows
                    };
                    self.removed.add_col(cc, self.columns[cc].pieces() & rows);
                }
                added_rows = full_rows;
                added_cols = full_cols;
            }
        }
    }

    /// Adds the pieces of the (2d+1)x(2d+1) square centred on (r, c), clipped at the border.
    fn add_square(&mut self, r: usize, c: usize, d: usize) {
        let rows = Line::span(r as isize - d as isize, (r + d) as isize);
        for cc in c.saturating_sub(d)..=(c + d).min(self.m - 1) {
            self.removed.add_col(cc, self.columns[cc].pieces() & rows);
        }
    }

    /// Adds every piece of colour `x`.
    fn add_colour(&mut self, x: u8) {
        for c in 0..self.m {
            self.removed.add_col(c, self.columns[c].colour_rows(x));
        }
    }
}
