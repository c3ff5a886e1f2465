//! The colours of the board as bytes, by column, 0 for an empty cell: one read answers "which
//! colour is at (r, c)", which is what deciding a swap asks, a few cells at a time.
//!
//! A column is 128 bytes: the 64 bytes above row 0 and the rows past the board (the board is at
//! most 50 x 50) always hold 0, and so do the columns past the board. Two things follow: every
//! cell up to two places past an edge of the board reads as empty without a bounds test, and
//! gravity is one copy per segment of removed rows, which brings the empty cells above the
//! column down with the pieces.

use super::line::Line;
use model::texas::MAX_SIDE;
use std::ops::Range;

/// Bytes per column, and the index of row 0 in a column.
pub(super) const LEN: usize = 128;
const ROW0: usize = 64;
/// Columns kept (a power of two, so a column index is taken modulo it).
const COLS: usize = 64;

const _: () = assert!(
    ROW0 >= MAX_SIDE
        && ROW0 + MAX_SIDE.next_multiple_of(8) <= LEN
        && ROW0 + MAX_SIDE + 2 <= LEN
        && MAX_SIDE + 2 <= COLS - 2
);

pub(super) struct ColourBytes {
    pub(super) cols: Box<[[u8; LEN]; COLS]>,
}

impl ColourBytes {
    pub fn new() -> ColourBytes {
        ColourBytes {
            cols: Box::new([[0; LEN]; COLS]),
        }
    }

    /// The colour at (r, c), 0 for an empty cell. `r` and `c` may lie up to two cells past
    /// any edge of the board (-2..=51), and then read 0. Indices are taken modulo the sides of the
    /// byte board, so no bounds test is needed.
    #[inline]
    pub fn at(&self, r: isize, c: isize) -> u8 {
        let c = (c as usize) % COLS;
        let r = (ROW0 as isize).wrapping_add(r) as usize % LEN;
        self.cols[c][r]
    }

    /// The colour at (r, c) on the board.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cols[c][ROW0 + r]
    }

    #[inline]
    pub fn set(&mut self, r: usize, c: usize, x: u8) {
        self.cols[c][ROW0 + r] = x;
    }

    /// The cells of row `r`, column by column (as many as [`ColourBytes`] keeps: zip it with the
    /// row).
    #[inline]
    pub fn row_mut(&mut self, r: usize) -> impl Iterator<Item = &mut u8> {
        self.cols
            .iter_mut()
            .map(move |column| &mut column[ROW0 + r])
    }

    /// Writes rows `8 * i .. 8 * i + 8` of column `c` in one store: byte `j` of `word` is the
    /// colour of row `8 * i + j`. Rows up to 56 may be written (the rows past the board must stay
    /// empty, so their bytes must be 0).
    #[inline]
    pub fn set_word(&mut self, c: usize, i: usize, word: u64) {
        let at = ROW0 + 8 * i;
        self.cols[c][at..at + 8].copy_from_slice(&word.to_le_bytes());
    }

    /// Rows `8 * i .. 8 * i + 8` of column `c`, as [`Self::set_word`] writes them.
    #[inline]
    pub fn word(&self, c: usize, i: usize) -> u64 {
        let at = ROW0 + 8 * i;
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.cols[c][at..at + 8]);
        u64::from_le_bytes(word)
    }

    /// Empties the rows of column `c` in the words of eight rows `words` (see [`Self::set_word`]).
    #[inline]
    pub fn clear_words(&mut self, c: usize, words: Range<usize>) {
        for i in words {
            self.set_word(c, i, 0);
        }
    }

    /// Rows 0..n of column `c`.
    #[cfg(test)]
    pub fn first_rows(&self, c: usize, n: usize) -> &[u8] {
        &self.cols[c][ROW0..ROW0 + n]
    }

    /// The sum of the colours in the rows `rows` of column `c`.
    #[inline]
    pub fn sum(&self, c: usize, rows: Line) -> u64 {
        rows.iter().map(|r| u64::from(self.cols[c][ROW0 + r])).sum()
    }

    /// Gravity over one segment of removed rows of column `c`, `start..start + len`: every row
    /// above the segment moves down by `len`. The rows above the column's top piece are empty,
    /// so the rows freed at the top become empty. One fixed copy of the 64 rows above the
    /// segment (the most a column holds, with the empty margin above row 0): no call, whatever
    /// the segment.
    #[inline]
    pub fn fall_over(&mut self, c: usize, start: usize, len: usize) {
        debug_assert!(len > 0 && start + len <= MAX_SIDE);
        let column = &mut self.cols[c];
        let mut above = [0u8; ROW0];
        above.copy_from_slice(&column[start..ROW0 + start]);
        column[start + len..ROW0 + start + len].copy_from_slice(&above);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_past_the_board_read_empty() {
        let mut bytes = ColourBytes::new();
        let side = MAX_SIDE as isize;
        for r in 0..MAX_SIDE {
            for c in 0..MAX_SIDE {
                bytes.set(r, c, (r * 7 + c * 3) as u8 % 100 + 1);
            }
        }
        for r in -2..side + 2 {
            for c in -2..side + 2 {
                let on_board = (0..side).contains(&r) && (0..side).contains(&c);
                let want = if on_board {
                    bytes.get(r as usize, c as usize)
                } else {
                    0
                };
                assert_eq!(bytes.at(r, c), want, "({r}, {c})");
            }
        }
        bytes.cols.fill([0; LEN]);
        assert!((0..MAX_SIDE).all(|c| bytes.first_rows(c, MAX_SIDE).iter().all(|&x| x == 0)));
    }

    #[test]
    fn segments_fall_and_the_top_empties() {
        // Column 3 holds 1..=10 in rows 40..50; rows 42..44 and 47 are removed.
        let mut bytes = ColourBytes::new();
        for r in 40..50 {
            bytes.set(r, 3, (r - 39) as u8);
        }
        let gone = Line::span(42, 43).with(47);
        assert_eq!(bytes.sum(3, gone), 3 + 4 + 8);
        for (start, len) in gone.segments() {
            bytes.fall_over(3, start, len);
        }
        let column: Vec<u8> = (38..50).map(|r| bytes.get(r, 3)).collect();
        assert_eq!(column, [0, 0, 0, 0, 0, 1, 2, 5, 6, 7, 9, 10]);
        // Nothing else moved into view: every other row of the column, margins included, is empty.
        assert!((0..LEN)
            .filter(|&i| bytes.cols[3][i] != 0)
            .all(|i| i >= ROW0 + 43));
    }
}
