//! Shrink candidates for the common shape of a grid game's case: a grid of cells plus a list of
//! operations. A game implements the few edits of [`GridCase`] on its own case (each returns a
//! valid case) and shrinks and is explained in one line each, in its [`crate::roles::Shrink`]:
//!
//! ```ignore
//! fn shrink_candidates(case: &Case) -> Vec<Case> {
//!     harness::roles::grid::candidates(case)
//! }
//! fn variants(case: &Case) -> Vec<Part<Case>> {
//!     harness::roles::grid::parts(case)
//! }
//! ```
//!
//! The candidates, most aggressive first: the operations cut to their first half or first
//! quarter and their second half; each operation dropped (from the last); each row, then each
//! column dropped; every cell lowered at once (where the game offers it); then each cell lowered. The shrinker keeps a candidate only when it is lighter
//! than the case ([`crate::roles::Shrink::weight`]), so a game's weight decides what "smaller" means.

use crate::roles::verdict::{Part, Where};

/// The edits a grid-plus-operations case offers the shrinker. Every method returns a valid case
/// (or `None` / nothing when the edit is not possible, such as dropping the only row).
pub trait GridCase: Clone {
    /// The case's rows, columns and operations.
    fn dims(&self) -> (usize, usize, usize);
    /// The case's rows.
    fn rows(&self) -> usize {
        self.dims().0
    }
    /// The case's columns.
    fn cols(&self) -> usize {
        self.dims().1
    }
    /// The case's operations.
    fn ops(&self) -> usize {
        self.dims().2
    }
    /// The case with operations `range` removed.
    fn without_ops(&self, range: std::ops::Range<usize>) -> Option<Self>;
    /// The case with row `r` removed (operations that name it moved or dropped).
    fn without_row(&self, r: usize) -> Option<Self>;
    /// The case with column `c` removed.
    fn without_col(&self, c: usize) -> Option<Self>;
    /// Variants with the cell at (r, c) holding a smaller value, the smallest first (empty
    /// first, where a cell can be empty).
    fn lowered(&self, r: usize, c: usize) -> Vec<Self>;

    /// The case with every cell lowered at once (for games whose rules do not change when every
    /// value is scaled down, such as halving every tile of 2048). None by default.
    fn lowered_all(&self) -> Option<Self> {
        None
    }

    /// For the explain phase: variants of the case with the cell at (r, c) holding other values,
    /// grouped by the value's name ("tile", "colour"...). None by default.
    fn cell_variants(&self, _r: usize, _c: usize) -> Vec<(&'static str, Vec<Self>)> {
        Vec::new()
    }

    /// For the explain phase: variants of the case with operation `i` replaced by another. None
    /// by default.
    fn op_variants(&self, _i: usize) -> Vec<Self> {
        Vec::new()
    }
}

/// Copies of `case`, one per item, each changed by `set`: the variants of one cell or one
/// operation ([`GridCase::lowered`], [`GridCase::cell_variants`], [`GridCase::op_variants`]).
pub fn each<C: Clone, T>(
    case: &C,
    items: impl IntoIterator<Item = T>,
    set: impl Fn(&mut C, T),
) -> Vec<C> {
    items
        .into_iter()
        .map(|item| {
            let mut c = case.clone();
            set(&mut c, item);
            c
        })
        .collect()
}

/// The cells where two row-major grids of `cols` columns differ, 1-based, as `(r c) (r c)`: what a
/// comparison of two boards says when they differ ([`crate::roles::compare::Traced::difference`]).
pub fn differing_cells<T: PartialEq>(a: &[T], b: &[T], cols: usize) -> String {
    let cells: Vec<String> = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| format!("({} {})", i / cols.max(1) + 1, i % cols.max(1) + 1))
        .collect();
    cells.join(" ")
}

/// The parts of a case for the explain phase ([`crate::roles::Shrink::variants`]): every cell's
/// values, then every operation, from [`GridCase::cell_variants`] and [`GridCase::op_variants`].
pub fn parts<C: GridCase>(case: &C) -> Vec<Part<C>> {
    let mut out = Vec::new();
    for r in 0..case.rows() {
        for c in 0..case.cols() {
            for (value, variants) in case.cell_variants(r, c) {
                out.push(Part {
                    at: Where::Cell {
                        row: r,
                        col: c,
                        value: value.to_string(),
                    },
                    label: format!("{value} of ({} {})", r + 1, c + 1),
                    variants,
                });
            }
        }
    }
    for i in 0..case.ops() {
        out.push(Part {
            at: Where::Operation { index: i },
            label: format!("operation {}", i + 1),
            variants: case.op_variants(i),
        });
    }
    out
}

/// Every candidate of a case, the most aggressive first.
pub fn candidates<C: GridCase>(case: &C) -> Vec<C> {
    let mut out = Vec::new();
    let q = case.ops();
    if q >= 2 {
        out.extend(case.without_ops(q / 2..q));
        if q >= 4 {
            out.extend(case.without_ops(q / 4..q));
        }
        out.extend(case.without_ops(0..q / 2));
    }
    for i in (0..q).rev() {
        out.extend(case.without_ops(i..i + 1));
    }
    for r in 0..case.rows() {
        out.extend(case.without_row(r));
    }
    for c in 0..case.cols() {
        out.extend(case.without_col(c));
    }
    out.extend(case.lowered_all());
    for r in 0..case.rows() {
        for c in 0..case.cols() {
            out.extend(case.lowered(r, c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid of numbers and a list of operations, for the candidate order.
    #[derive(Clone, Debug, PartialEq)]
    struct Toy {
        grid: Vec<Vec<u8>>,
        ops: Vec<u8>,
    }

    impl GridCase for Toy {
        fn dims(&self) -> (usize, usize, usize) {
            let cols = self.grid.first().map_or(0, Vec::len);
            (self.grid.len(), cols, self.ops.len())
        }
        fn without_ops(&self, range: std::ops::Range<usize>) -> Option<Self> {
            let mut t = self.clone();
            t.ops.drain(range);
            Some(t)
        }
        fn without_row(&self, r: usize) -> Option<Self> {
            (self.rows() > 1).then(|| {
                let mut t = self.clone();
                t.grid.remove(r);
                t
            })
        }
        fn without_col(&self, c: usize) -> Option<Self> {
            (self.cols() > 1).then(|| {
                let mut t = self.clone();
                t.grid.iter_mut().for_each(|row| {
                    row.remove(c);
                });
                t
            })
        }
        fn lowered(&self, r: usize, c: usize) -> Vec<Self> {
            (0..self.grid[r][c])
                .map(|v| {
                    let mut t = self.clone();
                    t.grid[r][c] = v;
                    t
                })
                .collect()
        }
    }

    #[test]
    fn differing_cells_are_named_one_based_row_first() {
        assert_eq!(
            differing_cells(&[1, 2, 3, 4, 5, 6], &[1, 0, 3, 4, 5, 0], 3),
            "(1 2) (2 3)"
        );
        assert_eq!(differing_cells(&[1, 2], &[1, 2], 2), "");
    }

    #[test]
    fn candidates_go_from_aggressive_to_fine() {
        let toy = Toy {
            grid: vec![vec![1, 0], vec![0, 2]],
            ops: vec![1, 2, 3, 4],
        };
        let c = candidates(&toy);
        // Halves and a quarter first, then single operations from the last.
        assert_eq!(c[0].ops, vec![1, 2]);
        assert_eq!(c[1].ops, vec![1]);
        assert_eq!(c[2].ops, vec![3, 4]);
        assert_eq!(c[3].ops, vec![1, 2, 3]);
        assert_eq!(c[6].ops, vec![2, 3, 4]);
        // Then rows, columns, and lowered cells (two rows, two columns, 1 + 2 lowerings).
        assert_eq!(c[7].grid, vec![vec![0, 2]]);
        assert_eq!(c[9].grid, vec![vec![0], vec![2]]);
        assert_eq!(c.len(), 7 + 2 + 2 + 3);
        assert_eq!(c[11].grid, vec![vec![0, 0], vec![0, 2]]);
    }

    #[test]
    fn a_single_cell_and_no_operation_has_only_lowerings() {
        let toy = Toy {
            grid: vec![vec![2]],
            ops: vec![],
        };
        let c = candidates(&toy);
        assert_eq!(c.len(), 2);
        assert!(c.iter().all(|t| t.grid[0][0] < 2));
    }

    #[test]
    fn each_makes_one_changed_copy_per_item_in_order() {
        let case = Toy {
            grid: vec![vec![5]],
            ops: vec![1, 2],
        };
        let copies = each(&case, [7, 0, 9], |t, v| t.ops[1] = v);
        let ops: Vec<Vec<u8>> = copies.iter().map(|t| t.ops.clone()).collect();
        assert_eq!(ops, [vec![1, 7], vec![1, 0], vec![1, 9]]);
        assert!(copies.iter().all(|t| t.grid == case.grid));
        assert!(each(&case, None::<u8>, |t, v| t.ops[0] = v).is_empty());
    }
}
