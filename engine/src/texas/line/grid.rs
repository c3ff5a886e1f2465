//! `Grid`: a set of cells of the board, one [`Line`] of rows per column.

use super::Line;
use std::fmt;

/// Largest number of columns a [`Grid`] holds.
pub const GRID_COLUMNS: usize = Line::WIDTH;

/// A set of cells of the board: one [`Line`] of rows per column, bit `r` of column `c` for cell
/// (r, c). `cols` holds exactly the non-empty columns, so clearing and scanning touch only those.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    lines: [Line; GRID_COLUMNS],
    cols: Line,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::new()
    }
}

/// Draws the cells as the board shows them, row 0 on top, column 0 leftmost, through the last
/// row and column holding a cell: `Grid[.#/##]`.
impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .cols
            .iter()
            .filter(|&c| !self.lines[c].is_empty())
            .last();
        let height = self
            .cols
            .iter()
            .filter_map(|c| self.lines[c].highest())
            .max();
        f.write_str("Grid[")?;
        if let (Some(width), Some(height)) = (width, height) {
            for r in 0..=height {
                if r > 0 {
                    f.write_str("/")?;
                }
                for c in 0..=width {
                    f.write_str(if self.contains(r, c) { "#" } else { "." })?;
                }
            }
        }
        f.write_str("]")
    }
}

impl Grid {
    pub const fn new() -> Self {
        Grid {
            lines: [Line::EMPTY; GRID_COLUMNS],
            cols: Line::EMPTY,
        }
    }

    /// The rows of column `c` in the set.
    #[inline]
    pub fn col(&self, c: usize) -> Line {
        self.lines[c]
    }

    /// The columns holding a member.
    #[inline]
    pub fn cols(&self) -> Line {
        self.cols
    }

    #[inline]
    pub fn contains(&self, r: usize, c: usize) -> bool {
        self.lines[c].has(r)
    }

    /// Adds cell (r, c).
    #[inline]
    pub fn insert(&mut self, r: usize, c: usize) {
        self.lines[c].insert(r);
        self.cols.insert(c);
    }

    /// Adds the cells `rows` of column `c`.
    #[inline]
    pub fn add_col(&mut self, c: usize, rows: Line) {
        if !rows.is_empty() {
            self.lines[c] |= rows;
            self.cols.insert(c);
        }
    }

    /// Removes the cells `rows` of column `c`.
    #[inline]
    pub fn remove_col(&mut self, c: usize, rows: Line) {
        self.lines[c] -= rows;
        if self.lines[c].is_empty() {
            self.cols.remove(c);
        }
    }

    /// Empties the set, touching only the columns holding members.
    #[inline]
    pub fn clear(&mut self) {
        for c in self.cols {
            self.lines[c] = Line::EMPTY;
        }
        self.cols = Line::EMPTY;
    }

    /// Makes `self` a copy of `other`.
    #[inline]
    pub fn copy_from(&mut self, other: &Grid) {
        self.clear();
        for c in other.cols {
            self.lines[c] = other.lines[c];
        }
        self.cols = other.cols;
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cols.is_empty()
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &Grid) -> bool {
        self.cols
            .iter()
            .all(|c| self.lines[c].is_subset(other.lines[c]))
    }

    /// Number of cells.
    #[inline]
    pub fn count(&self) -> u32 {
        self.cols.iter().map(|c| self.lines[c].count()).sum()
    }

    /// The first cell in column-major order (leftmost column, then top row), if any.
    #[inline]
    pub fn first(&self) -> Option<(usize, usize)> {
        self.cols
            .iter()
            .find_map(|c| self.lines[c].lowest().map(|r| (r, c)))
    }

    /// The cells as (r, c), in column-major order.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cols
            .iter()
            .flat_map(move |c| self.lines[c].iter().map(move |r| (r, c)))
    }

    /// Writes the set as rows `0..out.len()`, one plain mask per row with bit `c` for column `c`
    /// (the form the trace takes). Cells in later rows are left out.
    pub fn write_rows(&self, out: &mut [u64]) {
        out.fill(0);
        for (r, c) in self.cells() {
            if let Some(row) = out.get_mut(r) {
                *row |= Line::bit(c).0;
            }
        }
    }
}
