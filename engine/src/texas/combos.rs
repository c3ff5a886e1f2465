//! Combo points: M split into 4-connected components of one colour; a component of x cells
//! scores 50 (x - 3)^2.
//!
//! A component is filled column by column: in a column, the cells of M of the component's colour
//! that are not in a component yet, taken segment by segment, join when a segment touches the
//! fill in that column or in a neighbouring one. A column is looked at again only when the fill
//! grew next to it.

use super::line::Line;
use super::Engine;

impl Engine {
    /// Combo points of M.
    pub(super) fn combo_points(&mut self) -> u64 {
        // Every cell of M lies in a run, so every component has at least 3 cells: fewer than 6
        // cells make exactly one component.
        let total = u64::from(self.matched.count());
        if total < 6 {
            return combo(total);
        }
        self.unvisited.copy_from(&self.matched);
        let mut points = 0;
        while let Some((r, c)) = self.unvisited.first() {
            points += combo(u64::from(self.flood(r, c)));
        }
        points
    }

    /// Fills the component of `unvisited` that holds (r0, c0), takes it out of `unvisited` and
    /// returns its size. (r0, c0) is the first unvisited cell in column order, so the component
    /// lies in columns c0 and to the right.
    fn flood(&mut self, r0: usize, c0: usize) -> u32 {
        let x = self.colour.get(r0, c0);
        self.fill.insert(r0, c0);
        // The columns to look at again: those next to a column whose fill grew. Taking the
        // leftmost first spreads the fill rightwards in one pass over most shapes.
        let mut pending = Line::bit(c0).with(c0 + 1) & Line::first(self.m);
        while let Some(c) = pending.lowest() {
            pending.remove(c);
            if self.grow(c, x) {
                pending |= (Line::bit(c + 1) & Line::first(self.m)) | Line::bit(c).down(1);
            }
        }
        let mut size = 0;
        for c in self.fill.cols() {
            let part = self.fill.col(c);
            size += part.count();
            self.unvisited.remove_col(c, part);
        }
        self.fill.clear();
        size
    }

    /// Grows the fill in column `c`: the segments of unvisited cells of colour `x` that touch the
    /// fill in that column or a neighbouring one. Whether it grew.
    #[inline]
    fn grow(&mut self, c: usize, x: u8) -> bool {
        let mut seed = self.fill.col(c) | self.fill.col(c + 1);
        if c > 0 {
            seed |= self.fill.col(c - 1);
        }
        let allowed = self.unvisited.col(c) & self.columns[c].colour_rows(x);
        let grown = allowed.segments_through(seed);
        if grown == self.fill.col(c) {
            return false;
        }
        self.fill.add_col(c, grown);
        true
    }
}

/// The points of one component of `size` cells (at least 3).
fn combo(size: u64) -> u64 {
    debug_assert!(size >= 3, "a component of M holds a whole run");
    let extra = size.saturating_sub(3);
    50 * extra * extra
}
