//! `Line`: a set of up to 64 positions along one line of the board, bit `i` for position `i`;
//! `Grid`: a set of cells, one `Line` of rows per column.
//!
//! The engine stores the board by columns, so a `Line` is most often the rows of one column
//! (position 0 = the top row, larger positions further down, where pieces fall to). The rule code
//! speaks of cells, runs, segments and falling; the bit tricks live here, each behind a name.
//!
//! Every shift is by less than 64 (checked with `debug_assert!`), so none of them wraps.

mod grid;

pub use grid::{Grid, GRID_COLUMNS};
use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of positions 0..64 along a line of the board.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Line(pub u64);

impl Line {
    /// Number of positions a line holds.
    pub const WIDTH: usize = 64;
    pub const EMPTY: Line = Line(0);
    pub const ALL: Line = Line(u64::MAX);

    /// The single position `i` (`i` < 64).
    #[inline]
    pub const fn bit(i: usize) -> Line {
        debug_assert!(i < Line::WIDTH);
        Line(1 << i)
    }

    /// Positions `0..len` (`len` <= 64).
    #[inline]
    pub const fn first(len: usize) -> Line {
        debug_assert!(len <= Line::WIDTH);
        // In 128 bits, 1 << 64 still fits: no branch for the full line.
        Line(((1u128 << len) - 1) as u64)
    }

    /// Positions `lo..=hi`, clipped to `0..64`; empty when `lo > hi`.
    #[inline]
    pub fn span(lo: isize, hi: isize) -> Line {
        let lo = lo.max(0);
        let hi = hi.min(Line::WIDTH as isize - 1);
        if lo > hi {
            return Line::EMPTY;
        }
        Line::first(hi as usize + 1).difference(Line::first(lo as usize))
    }

    /// Every position when `on`, none otherwise.
    #[inline]
    pub const fn filled(on: bool) -> Line {
        // 0 - 1 wraps to all ones on purpose.
        Line(0u64.wrapping_sub(on as u64))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn has(self, i: usize) -> bool {
        debug_assert!(i < Line::WIDTH);
        self.0 >> i & 1 == 1
    }

    /// The set with `i` added.
    #[inline]
    pub const fn with(self, i: usize) -> Line {
        Line(self.0 | Line::bit(i).0)
    }

    /// The set with `i` taken out.
    #[inline]
    pub const fn without(self, i: usize) -> Line {
        Line(self.0 & !Line::bit(i).0)
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        *self = self.with(i);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        *self = self.without(i);
    }

    /// Puts `i` in the set when `on`, takes it out otherwise.
    #[inline]
    pub fn set(&mut self, i: usize, on: bool) {
        *self = self.without(i) | (Line::bit(i) & Line::filled(on));
    }

    /// The members of `self` that are not in `other` (also `self - other`).
    #[inline]
    pub const fn difference(self, other: Line) -> Line {
        Line(self.0 & !other.0)
    }

    /// The positions in exactly one of the two sets (also `self ^ other`).
    #[inline]
    pub const fn symmetric_difference(self, other: Line) -> Line {
        Line(self.0 ^ other.0)
    }

    /// Whether every member of `self` is in `other`.
    #[cfg_attr(mutants, mutants::skip)] // only `debug_assert!` checks ask: on a working engine they hold, so `true` changes nothing
    #[inline]
    pub const fn is_subset(self, other: Line) -> bool {
        self.0 & !other.0 == 0
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
    #[cfg_attr(mutants, mutants::skip)] // only the Debug picture of a grid asks: no answer depends on it
    #[inline]
    pub const fn highest(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(Line::WIDTH - 1 - self.0.leading_zeros() as usize)
        }
    }

    /// Every position moved `k` places up (towards larger positions; `k` < 64); positions past 63
    /// drop out.
    #[inline]
    pub const fn up(self, k: usize) -> Line {
        debug_assert!(k < Line::WIDTH);
        Line(self.0 << k)
    }

    /// Every position moved `k` places down (towards smaller positions; `k` < 64); positions below
    /// 0 drop out.
    #[inline]
    pub const fn down(self, k: usize) -> Line {
        debug_assert!(k < Line::WIDTH);
        Line(self.0 >> k)
    }

    /// The set together with the positions next to one of its members.
    #[inline]
    pub const fn widened(self) -> Line {
        Line(self.0 | self.up(1).0 | self.down(1).0)
    }

    /// "Same as the next position": the positions `i` such that `i` and `i + 1` are both members.
    #[inline]
    pub const fn pairs(self) -> Line {
        Line(self.0 & self.down(1).0)
    }

    /// The positions of the chains of at least three positions, where `links` holds `i` when
    /// positions `i` and `i + 1` are linked (same colour, for the board). Three linked positions
    /// start where two links follow each other; each start is widened by two.
    #[inline]
    pub const fn runs_of_links(links: Line) -> Line {
        let starts = links.0 & links.down(1).0;
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

    /// The maximal segments of consecutive members, as `(start, length)`, smallest first.
    #[inline]
    pub const fn segments(self) -> Segments {
        Segments(self)
    }

    /// The positions in increasing order.
    #[inline]
    pub const fn iter(self) -> LineIter {
        LineIter(self.0)
    }
}

/// Draws the set as a row of the board: position 0 leftmost, `#` for a member, `.` otherwise.
/// The width is the formatter's (`{:6?}`), or else up to the largest member: `Line[#..##]`.
impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = f
            .width()
            .unwrap_or_else(|| self.highest().map_or(0, |h| h + 1))
            .min(Line::WIDTH);
        f.write_str("Line[")?;
        for i in 0..width {
            f.write_str(if self.has(i) { "#" } else { "." })?;
        }
        if !self.difference(Line::first(width)).is_empty() {
            // Members past the requested width are not lost from sight.
            write!(f, "+{}", self.difference(Line::first(width)).count())?;
        }
        f.write_str("]")
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

impl BitXor for Line {
    type Output = Line;
    #[inline]
    fn bitxor(self, rhs: Line) -> Line {
        self.symmetric_difference(rhs)
    }
}

impl Sub for Line {
    type Output = Line;
    #[inline]
    fn sub(self, rhs: Line) -> Line {
        self.difference(rhs)
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

impl BitXorAssign for Line {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Line) {
        self.0 ^= rhs.0;
    }
}

impl SubAssign for Line {
    #[inline]
    fn sub_assign(&mut self, rhs: Line) {
        *self = self.difference(rhs);
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
        // Clears the lowest member; `self.0` is not 0, so this never wraps.
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

/// The maximal segments of consecutive members of a [`Line`], as `(start, length)`.
#[derive(Clone, Copy, Debug)]
pub struct Segments(Line);

impl Iterator for Segments {
    type Item = (usize, usize);
    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        let start = self.0.lowest()?;
        let len = (!self.0.down(start).0).trailing_zeros() as usize;
        self.0 = self.0.difference(Line::first(start + len));
        Some((start, len))
    }
}
