//! The operations of a case: valid swaps tracked on the evolving board, and the other kinds.

use super::super::sim::{swap_makes_run, Sim};
use super::{Params, Scratch};
use harness::roles::source::Source;
use model::texas::{Op, Pos, MAX_SIDE};

/// The number of pairs of 4-adjacent cells on an n x m board.
pub(super) fn pairs(n: usize, m: usize) -> usize {
    n * (m - 1) + (n - 1) * m
}

/// Pair `t` of the `pairs(n, m)`: the horizontal ones row by row, then the vertical ones.
pub(super) fn pair(n: usize, m: usize, t: usize) -> (Pos, Pos) {
    let horizontal = n * (m - 1);
    if t < horizontal {
        let (r, c) = (t / (m - 1), t % (m - 1));
        (Pos::new(r, c), Pos::new(r, c + 1))
    } else {
        let (r, c) = ((t - horizontal) / m, (t - horizontal) % m);
        (Pos::new(r, c), Pos::new(r + 1, c))
    }
}

/// A random pair of 4-adjacent cells, unordered (None on a 1x1 board).
fn random_pair<S: Source>(n: usize, m: usize, src: &mut S) -> Option<(Pos, Pos)> {
    match pairs(n, m) {
        0 => None,
        count => Some(pair(n, m, src.below(count))),
    }
}

/// A random pair of 4-adjacent cells in a random order (None on a 1x1 board).
fn random_adjacent<S: Source>(n: usize, m: usize, src: &mut S) -> Option<Op> {
    let (a, b) = random_pair(n, m, src)?;
    Some(ordered(a, b, src))
}

/// The pair in a random order (the order decides which main colour comes first).
fn ordered<S: Source>(a: Pos, b: Pos, src: &mut S) -> Op {
    if src.chance(0.5) {
        Op { a, b }
    } else {
        Op { a: b, b: a }
    }
}

/// Chooses `q` operations, playing each on the simulation so later choices see the board as it
/// evolves.
pub(super) fn operations<S: Source>(
    scratch: &mut Scratch,
    q: usize,
    p: &Params,
    src: &mut S,
    ops: &mut Vec<Op>,
) {
    let (n, m) = (scratch.sim.n(), scratch.sim.m());
    for _ in 0..q {
        let op = if src.chance(p.valid) {
            find_valid(scratch, src).or_else(|| random_adjacent(n, m, src))
        } else {
            let sim = &mut scratch.sim;
            match src.weighted(&p.other) {
                0 => find_invalid_adjacent(sim, src).or_else(|| random_adjacent(n, m, src)),
                1 => Some(non_adjacent(n, m, src)),
                2 => with_empty(sim, src).or_else(|| random_adjacent(n, m, src)),
                _ => random_adjacent(n, m, src),
            }
        };
        let op = op.unwrap_or(Op {
            a: Pos::new(0, 0),
            b: Pos::new(0, 0),
        });
        ops.push(op);
        if ops.len() < q {
            // The last operation is not played: no choice depends on it.
            scratch.sim.apply(op.a, op.b);
        }
    }
}

/// Boards with at most this many adjacent pairs are searched whole at once: cheaper than drawing.
const SCAN_BELOW: usize = 40;

/// A valid swap on the simulated board: a few random adjacent pairs first (on larger boards where
/// valid swaps were not found rare), then one of the set of every valid swap.
fn find_valid<S: Source>(scratch: &mut Scratch, src: &mut S) -> Option<Op> {
    let sim = &mut scratch.sim;
    let (n, m) = (sim.n(), sim.m());
    if scratch.valid_at != Some(sim.changes()) {
        let count = pairs(n, m);
        let rare = scratch.valid_at.is_some() && scratch.valid_count * 16 < count;
        let tries = if count <= SCAN_BELOW || rare { 0 } else { 24 };
        for _ in 0..tries {
            let (a, b) = random_pair(n, m, src)?;
            if swap_makes_run(sim.colour(), n, m, a, b) {
                return Some(ordered(a, b, src));
            }
        }
        update_valid(scratch);
    }
    if scratch.valid_count == 0 {
        return None;
    }
    let (a, b) = nth_valid(scratch, src.below(scratch.valid_count));
    Some(ordered(a, b, src))
}

/// Brings the set of valid swaps up to date: on a new board every pair of pieces is tried;
/// afterwards only the pairs whose verdict may have changed. A swap's verdict reads the two cells
/// and the two cells beyond each of them along the row and along the column, nothing else.
pub(super) fn update_valid(scratch: &mut Scratch) {
    let sim = &mut scratch.sim;
    let (n, m) = (sim.n(), sim.m());
    let width = if m >= 64 { u64::MAX } else { (1u64 << m) - 1 };
    let fresh = scratch.valid_at.is_none();
    let mut changed = [0u64; MAX_SIDE];
    changed[..n].copy_from_slice(sim.changed());
    sim.clear_changed();
    let g = sim.colour();
    // The pieces of each row.
    let mut pieces = [0u64; MAX_SIDE];
    for (r, mask) in pieces[..n].iter_mut().enumerate() {
        for (c, &v) in g[r * m..(r + 1) * m].iter().enumerate() {
            *mask |= u64::from(v != 0) << c;
        }
    }
    let near_rows = |lo: usize, hi: usize| -> u64 {
        changed[lo..=hi.min(n - 1)]
            .iter()
            .fold(0, |acc, &x| acc | x)
    };
    let mut count = 0;
    for r in 0..n {
        // Pair (r, c)-(r, c+1) reads row r from c-2 to c+3 and columns c, c+1 from r-2 to r+2.
        let redo = if fresh {
            width
        } else {
            let x = changed[r];
            let column = near_rows(r.saturating_sub(2), r + 2);
            x << 2 | x << 1 | x | x >> 1 | x >> 2 | x >> 3 | column | column >> 1
        } & (width >> 1);
        let mut right = scratch.right[r] & (width >> 1) & !redo;
        let mut todo = redo & pieces[r] & pieces[r] >> 1;
        while todo != 0 {
            let c = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if swap_makes_run(g, n, m, Pos::new(r, c), Pos::new(r, c + 1)) {
                right |= 1 << c;
            }
        }
        let mut down = 0;
        if r + 1 < n {
            // Pair (r, c)-(r+1, c) reads column c from r-2 to r+3 and rows r, r+1 from c-2 to c+2.
            let redo = if fresh {
                width
            } else {
                let x = changed[r] | changed[r + 1];
                near_rows(r.saturating_sub(2), r + 3) | x << 2 | x << 1 | x | x >> 1 | x >> 2
            } & width;
            down = scratch.down[r] & width & !redo;
            let mut todo = redo & pieces[r] & pieces[r + 1];
            while todo != 0 {
                let c = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if swap_makes_run(g, n, m, Pos::new(r, c), Pos::new(r + 1, c)) {
                    down |= 1 << c;
                }
            }
        }
        scratch.right[r] = right;
        scratch.down[r] = down;
        count += (right.count_ones() + down.count_ones()) as usize;
    }
    scratch.valid_count = count;
    scratch.valid_at = Some(sim.changes());
}

/// Valid swap number `t` (below `valid_count`): the horizontal ones row by row, then the vertical
/// ones.
pub(super) fn nth_valid(scratch: &Scratch, mut t: usize) -> (Pos, Pos) {
    let n = scratch.sim.n();
    for (masks, dr, dc) in [(&scratch.right, 0, 1), (&scratch.down, 1, 0)] {
        for (r, &mask) in masks[..n].iter().enumerate() {
            let ones = mask.count_ones() as usize;
            if t >= ones {
                t -= ones;
                continue;
            }
            let mut bits = mask;
            for _ in 0..t {
                bits &= bits - 1;
            }
            let c = bits.trailing_zeros() as usize;
            return (Pos::new(r, c), Pos::new(r + dr, c + dc));
        }
    }
    (Pos::new(0, 0), Pos::new(0, 0))
}

/// An adjacent pair of pieces whose swap makes no run.
fn find_invalid_adjacent<S: Source>(sim: &mut Sim, src: &mut S) -> Option<Op> {
    let (n, m) = (sim.n(), sim.m());
    for _ in 0..24 {
        let (a, b) = random_pair(n, m, src)?;
        let g = sim.colour();
        let (ia, ib) = (a.r() * m + a.c(), b.r() * m + b.c());
        if g[ia] != 0 && g[ib] != 0 && !swap_makes_run(g, n, m, a, b) {
            return Some(ordered(a, b, src));
        }
    }
    None
}

/// Two cells that are not 4-adjacent: the same cell, a diagonal neighbour or any other pair.
fn non_adjacent<S: Source>(n: usize, m: usize, src: &mut S) -> Op {
    let a = Pos::new(src.below(n), src.below(m));
    let b = match src.below(3) {
        0 => a,
        1 if n > 1 && m > 1 => {
            let r = if a.r() + 1 < n { a.r() + 1 } else { a.r() - 1 };
            let c = if a.c() + 1 < m { a.c() + 1 } else { a.c() - 1 };
            Pos::new(r, c)
        }
        _ => Pos::new(src.below(n), src.below(m)),
    };
    let adjacent = a.r().abs_diff(b.r()) + a.c().abs_diff(b.c()) == 1;
    if adjacent {
        Op { a, b: a }
    } else {
        Op { a, b }
    }
}

/// An adjacent pair where at least one cell is empty.
fn with_empty<S: Source>(sim: &Sim, src: &mut S) -> Option<Op> {
    let (n, m, g) = (sim.n(), sim.m(), sim.colour());
    let empties = g.iter().filter(|&&v| v == 0).count();
    if empties == 0 {
        return None;
    }
    let nth = src.below(empties);
    let i = g.iter().enumerate().filter(|&(_, &v)| v == 0).nth(nth)?.0;
    let (r, c) = (i / m, i % m);
    let mut near = [Pos::new(0, 0); 4];
    let mut count = 0;
    for (ok, p) in [
        (r > 0, (r.wrapping_sub(1), c)),
        (r + 1 < n, (r + 1, c)),
        (c > 0, (r, c.wrapping_sub(1))),
        (c + 1 < m, (r, c + 1)),
    ] {
        if ok {
            near[count] = Pos::new(p.0, p.1);
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let b = *src.pick(&near[..count]);
    Some(ordered(Pos::new(r, c), b, src))
}
