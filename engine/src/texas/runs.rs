//! Runs: M, every cell in a horizontal or vertical segment of at least three pieces of one colour.
//!
//! Only the runs crossing a column of the work list are looked for: a run of the first round
//! crosses a swapped cell's column (the board had none before), and a run of a later round holds
//! a piece that fell or landed in a removed cell (a set of pieces that all stayed where they were
//! was no run, or it would have been removed), so it crosses a column that lost pieces.
//!
//! All rows of a column are searched at once, for every colour at once, with links: the rows
//! where two neighbouring cells hold the same colour. Down a column they come from
//! `Column::same_as_next`; across, `links[i]` holds them for columns i and i + 1 and is kept
//! with the board: only the pairs next to a column of the work list can have changed.

use super::line::Line;
use super::Engine;

impl Engine {
    /// Fills M with the runs crossing the columns of the work list, and empties the list.
    pub(super) fn find_runs(&mut self) {
        let dirty = self.dirty;
        self.refresh_links(dirty | dirty.down(1));
        debug_assert!((0..self.links.len())
            .all(|i| self.links[i] == self.columns[i].same_colour(&self.columns[i + 1])));
        self.matched.clear();
        for c in dirty {
            self.runs_crossing(c);
        }
        self.dirty = Line::EMPTY;
    }

    /// Recomputes `links[i]` for the pairs of columns `i`, `i + 1` in `pairs`.
    pub(super) fn refresh_links(&mut self, pairs: Line) {
        for i in pairs {
            self.links[i] = self.columns[i].same_colour(&self.columns[i + 1]);
        }
    }

    /// Adds to M the runs that cross column `c`: the vertical ones in it, and the horizontal ones
    /// through one of its cells, followed to both ends.
    fn runs_crossing(&mut self, c: usize) {
        let vertical = Line::runs_of_links(self.columns[c].same_as_next());
        self.matched.add_col(c, vertical);

        // A cell (r, c) lies in a horizontal run when it is linked to two neighbours in its row:
        // both on the left, one on each side, or both on the right.
        let (l2, l1) = (self.link_left_of(c, 2), self.link_left_of(c, 1));
        let (r1, r2) = (self.links[c], self.links[c + 1]);
        let across = (l2 & l1) | (l1 & r1) | (r1 & r2);
        if across.is_empty() {
            return;
        }
        self.matched.add_col(c, across);
        // Follow those rows to the left while the colour goes on, then to the right.
        let mut reach = across & l1;
        let mut cc = c;
        while !reach.is_empty() {
            cc -= 1;
            self.matched.add_col(cc, reach);
            reach &= self.link_left_of(cc, 1);
        }
        let mut reach = across & r1;
        let mut cc = c;
        while !reach.is_empty() {
            cc += 1;
            self.matched.add_col(cc, reach);
            reach &= self.links[cc];
        }
    }

    /// `links[c - d]`, none when `c < d`.
    #[inline]
    fn link_left_of(&self, c: usize, d: usize) -> Line {
        c.checked_sub(d).map_or(Line::EMPTY, |i| self.links[i])
    }
}
