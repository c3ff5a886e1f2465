//! `Line`: a set of up to 64 cells along one row (bit `c` = column `c`) or one column (bit `r` =
//! row `r`), and `Grid`: one `Line` per row of the board.
//!
//! The rule code speaks of cells, runs and spans; the bit tricks live here, each behind a name.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of positions 0..64 along a line of the board.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Line(pub u64);

impl Line {
    pub const EMPTY: Line = Line(0);

    /// The single position `i`.
    #[inline]
    pub const fn bit(i: usize) -> Line {
        Line(1 << i)
    }

    /// Positions `0..len` (`len` <= 64).
    #[inline]
    pub const fn first(len: usize) -> Line {
        if len >= 64 {
            Line(u64::MAX)
        } else {
            Line((1 << len) - 1)
        }
    }

    /// Positions `lo..=hi`, clipped to `0..64`; empty when `lo > hi`.
    #[inline]
    pub fn span(lo: isize, hi: isize) -> Line {
        let lo = lo.max(0);
        let hi = hi.min(63);
        if lo > hi {
            return Line::EMPTY;
        }
        Line(Line::first(hi as usize + 1).0 & !Line::first(lo as usize).0)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn has(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }

    #[inline]
    pub const fn with(self, i: usize) -> Line {
        Line(self.0 | 1 << i)
    }

    #[inline]
    pub const fn without(self, i: usize) -> Line {
        Line(self.0 & !(1 << i))
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0 &= !(1 << i);
    }

    /// Adds `i` when absent, removes it when present.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0 ^= 1 << i;
    }

    /// Number of positions in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The smallest position, if any.
    #[inline]
    pub const fn lowest(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The largest position, if any.
    #[inline]
    pub const fn highest(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(63 - self.0.leading_zeros() as usize)
        }
    }

    /// Every position moved `k` places up (towards larger positions); positions past 63 drop out.
    #[inline]
    pub const fn up(self, k: u32) -> Line {
        Line(self.0 << k)
    }

    /// Every position moved `k` places down (towards smaller positions); positions below 0 drop out.
    #[inline]
    pub const fn down(self, k: u32) -> Line {
        Line(self.0 >> k)
    }

    /// The set together with the positions next to one of its members.
    #[inline]
    pub const fn widened(self) -> Line {
        Line(self.0 | self.0 << 1 | self.0 >> 1)
    }

    /// "Same as the next position": the positions `i` such that `i` and `i + 1` are both members.
    #[inline]
    pub const fn pairs(self) -> Line {
        Line(self.0 & self.0 >> 1)
    }

    /// The members that lie in a segment of at least three consecutive members: the starts of
    /// three consecutive members are two consecutive "pairs", and each start is widened by two.
    #[inline]
    pub const fn runs(self) -> Line {
        let pairs = self.pairs();
        let starts = pairs.0 & pairs.0 >> 1;
        Line(starts | starts << 1 | starts << 2)
    }

    /// The members that lie in the same segment of consecutive members as some position of `seed`.
    #[inline]
    pub fn segments_through(self, seed: Line) -> Line {
        let mut fill = seed & self;
        loop {
            let grown = fill.widened() & self;
            if grown == fill {
                return fill;
            }
            fill = grown;
        }
    }

    /// The positions in increasing order.
    #[inline]
    pub const fn iter(self) -> LineIter {
        LineIter(self.0)
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Line({:#b})", self.0)
    }
}

impl BitOr for Line {
    type Output = Line;
    #[inline]
    fn bitor(self, rhs: Line) -> Line {
        Line(self.0 | rhs.0)
    }
}

impl BitAnd for Line {
    type Output = Line;
    #[inline]
    fn bitand(self, rhs: Line) -> Line {
        Line(self.0 & rhs.0)
    }
}

impl Not for Line {
    type Output = Line;
    #[inline]
    fn not(self) -> Line {
        Line(!self.0)
    }
}

impl BitOrAssign for Line {
    #[inline]
    fn bitor_assign(&mut self, rhs: Line) {
        self.0 |= rhs.0;
    }
}

impl BitAndAssign for Line {
    #[inline]
    fn bitand_assign(&mut self, rhs: Line) {
        self.0 &= rhs.0;
    }
}

impl IntoIterator for Line {
    type Item = usize;
    type IntoIter = LineIter;
    #[inline]
    fn into_iter(self) -> LineIter {
        self.iter()
    }
}

/// The positions of a [`Line`], smallest first.
#[derive(Clone, Copy, Debug)]
pub struct LineIter(u64);

impl Iterator for LineIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for LineIter {}

/// Largest number of rows a [`Grid`] holds.
pub const GRID_ROWS: usize = 64;

/// A set of cells of the board: one [`Line`] per row, bit `c` of row `r` for cell (r, c).
/// `rows` remembers which rows may be non-empty, so clearing and scanning touch only those.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    lines: [Line; GRID_ROWS],
    rows: Line,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::new()
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.rows.iter().map(|r| (r, self.lines[r])))
            .finish()
    }
}

impl Grid {
    pub const fn new() -> Self {
        Grid {
            lines: [Line::EMPTY; GRID_ROWS],
            rows: Line::EMPTY,
        }
    }

    /// Row `r` of the set.
    #[inline]
    pub fn row(&self, r: usize) -> Line {
        self.lines[r]
    }

    /// The rows that may hold a member (a superset of the non-empty rows).
    #[inline]
    pub fn rows(&self) -> Line {
        self.rows
    }

    #[inline]
    pub fn contains(&self, r: usize, c: usize) -> bool {
        self.lines[r].has(c)
    }

    #[inline]
    pub fn insert(&mut self, r: usize, c: usize) {
        self.lines[r].insert(c);
        self.rows.insert(r);
    }

    /// Adds the cells `cells` of row `r`.
    #[inline]
    pub fn add_row(&mut self, r: usize, cells: Line) {
        if !cells.is_empty() {
            self.lines[r] |= cells;
            self.rows.insert(r);
        }
    }

    /// Removes the cells `cells` of row `r`.
    #[inline]
    pub fn remove_row(&mut self, r: usize, cells: Line) {
        self.lines[r] &= !cells;
    }

    /// Empties the set, touching only the rows that may hold members.
    #[inline]
    pub fn clear(&mut self) {
        for r in self.rows {
            self.lines[r] = Line::EMPTY;
        }
        self.rows = Line::EMPTY;
    }

    /// Makes `self` a copy of `other`.
    #[inline]
    pub fn copy_from(&mut self, other: &Grid) {
        self.clear();
        for r in other.rows {
            self.lines[r] = other.lines[r];
        }
        self.rows = other.rows;
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|r| self.lines[r].is_empty())
    }

    /// Number of cells.
    #[inline]
    pub fn count(&self) -> u32 {
        self.rows.iter().map(|r| self.lines[r].count()).sum()
    }

    /// The first cell in row-major order, if any.
    #[inline]
    pub fn first(&self) -> Option<(usize, usize)> {
        self.rows
            .iter()
            .find_map(|r| self.lines[r].lowest().map(|c| (r, c)))
    }

    /// The cells in row-major order.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rows
            .iter()
            .flat_map(move |r| self.lines[r].iter().map(move |c| (r, c)))
    }

    /// Writes rows `0..n` as plain masks into `out` (for the trace).
    pub fn write_rows(&self, n: usize, out: &mut [u64]) {
        for (r, slot) in out.iter_mut().enumerate().take(n) {
            *slot = self.lines[r].0;
        }
    }
}
