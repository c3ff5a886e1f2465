//! Removing E, and gravity: in every column the remaining pieces fall to the bottom, keeping
//! their order, and the empty cells gather at the top.
//!
//! Only the columns holding cells of E change. In each, the removed rows come as segments of
//! consecutive rows, taken from the top down: the pieces above a segment fall by its length and
//! the rows below it stay. For the bytes that is one copy per segment
//! ([`ColourBytes::fall_over`](super::bytes::ColourBytes::fall_over)); for the planes, two masks
//! and a shift per plane ([`Column::fall_over`](super::column::Column::fall_over)). The column
//! then joins the work list: its pieces moved, so the next round looks for runs across it.

use super::Engine;

impl Engine {
    /// Removes E and lets every touched column fall. Returns the sum of the removed colours.
    pub(super) fn remove_and_fall(&mut self) -> u64 {
        let mut sum = 0u64;
        for c in self.removed.cols() {
            let gone = self.removed.col(c);
            let column = &mut self.columns[c];
            debug_assert!(!gone.is_empty() && gone.is_subset(column.pieces()));
            sum += self.colour.sum(c, gone);
            // Segments from the top down: the ones below a segment have not moved yet.
            for (start, len) in gone.segments() {
                self.colour.fall_over(c, start, len);
                column.fall_over(start, len);
            }
            self.pieces -= gone.count() as usize;
            self.dirty.insert(c);
            debug_assert!(self.column_is_consistent(c));
        }
        sum
    }
}
