//! Removing E, and gravity: in every column the remaining pieces fall to the bottom, keeping
//! their order, and the empty cells gather at the top.
//!
//! Only the columns holding cells of E change. In each, the removed rows come as segments of
//! consecutive rows, taken from the top down: the pieces above a segment fall by its length
//! (one copy of bytes, and for the planes two masks and a shift each, [`Line::fall_over`](super::line::Line::fall_over)), and
//! the rows below it stay. The rows emptied at the top are cleared. The column then joins the
//! work list: its pieces moved, so the next round looks for runs across it.

use super::Engine;

impl Engine {
    /// Removes E and lets every touched column fall. Returns the sum of the removed colours.
    pub(super) fn remove_and_fall(&mut self) -> u64 {
        let mut sum = 0u64;
        for c in self.removed.cols() {
            let gone = self.removed.col(c);
            let column = &mut self.columns[c];
            let Some(old_top) = column.pieces.lowest() else {
                debug_assert!(gone.is_empty(), "E holds only pieces");
                continue;
            };
            let bytes = &mut self.colour[c];
            sum += gone.iter().map(|r| u64::from(bytes[r])).sum::<u64>();
            let mut top = old_top;
            for (start, len) in gone.segments() {
                bytes.copy_within(top..start, top + len);
                top += len;
            }
            bytes[old_top..top].fill(0);
            column.fall(gone);
            self.pieces -= gone.count() as usize;
            if !gone.is_empty() {
                self.dirty.insert(c);
            }
            debug_assert!(self.column_is_consistent(c));
        }
        sum
    }
}
