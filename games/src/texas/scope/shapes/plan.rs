//! The shapes of the `shapes:` family and, for each, where its spacers go.
//!
//! A shape is a fixed polyomino whose every cell lies in a horizontal or vertical segment of at
//! least three of its cells: exactly the sets that can be one component of a round's matched set.
//! Its cells are `(row, column)` from the top left of its bounding box, sorted row-major.
//!
//! The spacer plan lifts the shape's columns apart on the initial board. Column `j` of the box
//! gets up to [`MAX_SPACERS`] spacers, each at a gap `g` (above the `g` lowest cells of the
//! column, `0..=rows`; at most two at one gap), so that the shape's cells and the spacers hold no
//! run of three, across the columns or down them. Plans are tried in a fixed order (per column:
//! fewer spacers first, then the gaps in lexicographic order; the columns left to right, the first
//! plan found by a depth-first search), so each shape has one plan.

use std::collections::BTreeSet;

/// A cell of a shape: (row from the top, column), both from 0.
pub(crate) type Cell = (u8, u8);

/// The most spacers in one column (a vertical segment of 7 or 8 cells needs three).
pub(crate) const MAX_SPACERS: usize = 3;

/// The largest shape the family enumerates.
pub(crate) const MAX_SIZE: usize = 8;

/// One shape and its spacer plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The cells, sorted row-major, touching the top row and the left column.
    pub cells: Vec<Cell>,
    /// The rows and columns of its bounding box.
    pub rows: usize,
    pub cols: usize,
    /// Per column of the box, the gaps of its spacers (nondecreasing).
    pub gaps: Vec<Vec<u8>>,
}

/// Every fixed polyomino of `size` cells, per size from 1 to `most`, each sorted row-major and
/// moved to the top left, in lexicographic order of its cells.
pub(crate) fn polyominoes(most: usize) -> Vec<Vec<Vec<Cell>>> {
    let mut levels: Vec<Vec<Vec<Cell>>> = vec![vec![vec![(0, 0)]]];
    for _ in 1..most {
        let mut next: BTreeSet<Vec<Cell>> = BTreeSet::new();
        for p in &levels[levels.len() - 1] {
            for &(r, c) in p {
                for (dr, dc) in [(-1i16, 0i16), (1, 0), (0, -1), (0, 1)] {
                    let at = (i16::from(r) + dr, i16::from(c) + dc);
                    let grown = p.iter().map(|&(r, c)| (i16::from(r), i16::from(c)));
                    if !p.iter().any(|&(r, c)| (i16::from(r), i16::from(c)) == at) {
                        next.insert(normalized(grown.chain([at])));
                    }
                }
            }
        }
        levels.push(next.into_iter().collect());
    }
    levels.truncate(most);
    levels
}

/// The cells moved to the top left and sorted row-major.
fn normalized(cells: impl Iterator<Item = (i16, i16)> + Clone) -> Vec<Cell> {
    let r0 = cells.clone().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.clone().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells
        .map(|(r, c)| ((r - r0) as u8, (c - c0) as u8))
        .collect();
    out.sort_unstable();
    out
}

/// Whether every cell lies in a horizontal or vertical segment of at least three cells.
pub(crate) fn every_cell_in_a_run(cells: &[Cell]) -> bool {
    let has = |r: i16, c: i16| {
        cells
            .iter()
            .any(|&x| (i16::from(x.0), i16::from(x.1)) == (r, c))
    };
    let extent = |r: i16, c: i16, dr: i16, dc: i16| {
        let mut n = 1;
        for sign in [-1, 1] {
            let mut k = 1;
            while has(r + sign * k * dr, c + sign * k * dc) {
                n += 1;
                k += 1;
            }
        }
        n
    };
    cells.iter().all(|&(r, c)| {
        let (r, c) = (i16::from(r), i16::from(c));
        extent(r, c, 0, 1) >= 3 || extent(r, c, 1, 0) >= 3
    })
}

/// One candidate column of the initial board: its gaps, and its cells of the shape and its
/// spacers as bit masks by height from the bottom.
struct Column {
    gaps: Vec<u8>,
    shape: u16,
    spacers: u16,
}

/// Whether a mask holds three consecutive positions.
fn three(mask: u16) -> bool {
    mask & mask >> 1 & mask >> 2 != 0
}

/// The shape with its plan, or `None` when no plan of at most [`MAX_SPACERS`] per column exists.
pub(crate) fn plan(cells: Vec<Cell>) -> Option<Shape> {
    let rows = cells.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
    let cols = cells.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
    let candidates: Vec<Vec<Column>> = (0..cols)
        .map(|j| {
            let heights: u16 = cells
                .iter()
                .filter(|c| c.1 as usize == j)
                .fold(0, |m, c| m | 1 << (rows - 1 - c.0 as usize));
            columns(heights, rows)
        })
        .collect();
    let mut chosen = Vec::with_capacity(cols);
    if !search(&candidates, &mut chosen) {
        return None;
    }
    let gaps = chosen
        .iter()
        .zip(&candidates)
        .map(|(&i, c)| c[i].gaps.clone())
        .collect();
    Some(Shape {
        cells,
        rows,
        cols,
        gaps,
    })
}

/// The candidate columns for a box column whose shape cells are `heights` (bit h: h cells up),
/// in the plan order, without a vertical run.
fn columns(heights: u16, rows: usize) -> Vec<Column> {
    let mut out = Vec::new();
    let mut gaps = Vec::with_capacity(MAX_SPACERS);
    for count in 0..=MAX_SPACERS {
        sequences(count, 0, rows as u8, &mut gaps, &mut |gaps| {
            let (mut shape, mut spacers, mut at) = (0u16, 0u16, 0);
            for h in 0..=rows {
                for _ in gaps.iter().filter(|&&g| g as usize == h) {
                    spacers |= 1 << at;
                    at += 1;
                }
                if h < rows {
                    shape |= (heights >> h & 1) << at;
                    at += 1;
                }
            }
            if !three(shape) && !three(spacers) {
                out.push(Column {
                    gaps: gaps.to_vec(),
                    shape,
                    spacers,
                });
            }
        });
    }
    out
}

/// Calls `f` with every nondecreasing sequence of `count` gaps from `from..=top`, no gap three
/// times, in lexicographic order.
fn sequences(count: usize, from: u8, top: u8, gaps: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
    if count == 0 {
        f(gaps);
        return;
    }
    for g in from..=top {
        let n = gaps.len();
        if n >= 2 && gaps[n - 1] == g && gaps[n - 2] == g {
            continue;
        }
        gaps.push(g);
        sequences(count - 1, g, top, gaps, f);
        gaps.pop();
    }
}

/// Depth-first over the columns, left to right: the first choice with no run across three
/// neighbouring columns.
fn search(candidates: &[Vec<Column>], chosen: &mut Vec<usize>) -> bool {
    let j = chosen.len();
    if j == candidates.len() {
        return true;
    }
    for (i, col) in candidates[j].iter().enumerate() {
        if j >= 2 {
            let (a, b) = (
                &candidates[j - 2][chosen[j - 2]],
                &candidates[j - 1][chosen[j - 1]],
            );
            if a.shape & b.shape & col.shape != 0 || a.spacers & b.spacers & col.spacers != 0 {
                continue;
            }
        }
        chosen.push(i);
        if search(candidates, chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}
