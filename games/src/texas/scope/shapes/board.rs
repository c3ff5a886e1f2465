//! The initial board of one shape: the shape in the box with its spacers, the trigger, and the
//! filler coloured greedily so that no run forms where none is meant to.
//!
//! Cells hold roles: [`SHAPE`] (the colour c), [`SPACER`] (the colour z) and filler roles from
//! [`FILLER`] on, each a colour of its own; the case maps roles to colours.

use super::plan::Shape;

/// The role of the shape's cells.
pub(crate) const SHAPE: u8 = 1;
/// The role of the spacers and of the trigger's three pieces that form the first run.
pub(crate) const SPACER: u8 = 2;
/// The first filler role.
pub(crate) const FILLER: u8 = 3;

/// A board of roles, row-major, row 0 the top row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Roles {
    pub n: usize,
    pub m: usize,
    pub roles: Vec<u8>,
    /// The cell holding the colour special (6), row-major.
    pub special: usize,
    /// The operation: the trigger's x with the z to its right, both in the top row (columns).
    pub swap: (usize, usize),
}

/// The board of a shape: the box in columns `0..cols` (each column the box's cells with its
/// spacers inserted, the filler of the columns with fewer spacers on top), a filler column, then
/// `z z x z` in the top row with the special on the first z.
pub(crate) fn build(shape: &Shape) -> Roles {
    let lift = shape.gaps.iter().map(Vec::len).max().unwrap_or(0);
    let (n, m) = (shape.rows + lift, shape.cols + 5);
    let mut roles = vec![0u8; n * m];
    for (j, gaps) in shape.gaps.iter().enumerate() {
        let mut at = n; // the row above the last one placed, from the bottom
        for h in 0..=shape.rows {
            for _ in gaps.iter().filter(|&&g| g as usize == h) {
                at -= 1;
                roles[at * m + j] = SPACER;
            }
            if h < shape.rows {
                at -= 1;
                let cell = ((shape.rows - 1 - h) as u8, j as u8);
                if shape.cells.contains(&cell) {
                    roles[at * m + j] = SHAPE;
                }
            }
        }
    }
    let t = shape.cols + 1;
    for c in [t, t + 1, t + 3] {
        roles[c] = SPACER;
    }
    let mut out = Roles {
        n,
        m,
        roles,
        special: t,
        swap: (t + 2, t + 3),
    };
    colour_filler(&mut out);
    out
}

/// The board as the three frames see it, each a grid of cells of the initial board (row-major
/// indices) or `None` for an empty cell: the initial board, the board after the swap, and the
/// board of round 2 (every spacer gone, the columns fallen).
fn frames(b: &Roles) -> [Vec<Option<usize>>; 3] {
    let (n, m) = (b.n, b.m);
    let initial: Vec<Option<usize>> = (0..n * m).map(Some).collect();
    let mut swapped = initial.clone();
    swapped.swap(b.swap.0, b.swap.1);
    let mut fallen = vec![None; n * m];
    for c in 0..m {
        let mut at = n;
        for r in (0..n).rev() {
            if let Some(id) = swapped[r * m + c].filter(|&id| b.roles[id] != SPACER) {
                at -= 1;
                fallen[at * m + c] = Some(id);
            }
        }
    }
    [initial, swapped, fallen]
}

/// Gives every filler cell, in row-major order, the first filler role that makes no run of three
/// with cells already given a role, in any of the three frames.
fn colour_filler(b: &mut Roles) {
    let grids = frames(b);
    let (n, m) = (b.n, b.m);
    // Where each cell is in each frame.
    let mut place = vec![[None::<usize>; 3]; n * m];
    for (f, grid) in grids.iter().enumerate() {
        for (p, id) in grid.iter().enumerate() {
            if let Some(id) = id {
                place[*id][f] = Some(p);
            }
        }
    }
    for (id, places) in place.iter().enumerate() {
        if b.roles[id] != 0 {
            continue;
        }
        let mut role = FILLER;
        while grids
            .iter()
            .zip(*places)
            .any(|(grid, p)| p.is_some_and(|p| makes_run(grid, &b.roles, n, m, p, role)))
        {
            role += 1;
        }
        b.roles[id] = role;
    }
}

/// Whether `role` at position `p` of `grid` completes a run of three with two cells of that role.
fn makes_run(grid: &[Option<usize>], roles: &[u8], n: usize, m: usize, p: usize, role: u8) -> bool {
    let (r, c) = ((p / m) as isize, (p % m) as isize);
    let is = |r: isize, c: isize| {
        (0..n as isize).contains(&r)
            && (0..m as isize).contains(&c)
            && grid[(r * m as isize + c) as usize].is_some_and(|id| roles[id] == role)
    };
    [(0, 1), (1, 0)]
        .iter()
        .any(|&(dr, dc)| (-2..=0).any(|s| (s..s + 3).all(|k| k == 0 || is(r + k * dr, c + k * dc))))
}
