//! Combo points: M split into 4-connected components of one colour; a component of x cells
//! scores 50 (x - 3)^2.
//!
//! A component is filled column by column: in a column, the cells of M of the component's colour
//! that are not in a component yet, taken segment by segment, join when a segment touches the
//! fill in that column or in a neighbouring one. Sweeps left to right and back repeat until the
//! fill stops growing.

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
    /// returns its size.
    fn flood(&mut self, r0: usize, c0: usize) -> u32 {
        let x = self.colour[c0][r0];
        self.fill.insert(r0, c0);
        let last = self.m - 1;
        // The fill lies in columns lo..=hi.
        let (mut lo, mut hi) = (c0, c0);
        loop {
            let mut grew = false;
            let (from, to) = (lo.saturating_sub(1), (hi + 1).min(last));
            for c in (from..=to).chain((from..=to).rev()) {
                let allowed = self.unvisited.col(c) & self.columns[c].colour_rows(x);
                let mut seed = self.fill.col(c) | self.fill.col(c + 1);
                if c > 0 {
                    seed |= self.fill.col(c - 1);
                }
                let grown = allowed.segments_through(seed);
                if grown != self.fill.col(c) {
                    self.fill.add_col(c, grown);
                    grew = true;
                    lo = lo.min(c);
                    hi = hi.max(c);
                }
            }
            if !grew {
                break;
            }
        }
        let mut size = 0;
        for c in lo..=hi {
            let part = self.fill.col(c);
            size += part.count();
            self.unvisited.remove_col(c, part);
        }
        self.fill.clear();
        size
    }
}

/// The points of one component of `size` cells (at least 3).
fn combo(size: u64) -> u64 {
    debug_assert!(size >= 3, "a component of M holds a whole run");
    let extra = size.saturating_sub(3);
    50 * extra * extra
}
