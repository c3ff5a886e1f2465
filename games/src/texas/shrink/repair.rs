//! Repairing operations after a change to the board or to the operations before them: each one
//! that was valid and no longer is (or makes other main colours) is replaced by the valid swap
//! nearest to it. Used by the passes on operations, lines and shapes alike.

use super::super::sim::{run_through, Sim};
use model::texas::{Board, Case, Op, Pos};

/// Plays `ops` on `board`. Each operation that was valid originally (its original main colours
/// given) and now is invalid, or valid with other main colours, is replaced by the valid swap
/// nearest to it with the original main colours, else by the nearest valid swap (itself, when it
/// is still valid), else dropped. `None` when no operation is left.
pub(super) fn revalidate(
    sim: &mut Sim,
    k: u8,
    board: &Board,
    ops: Vec<(Op, Option<Vec<u8>>)>,
    keep_mains: bool,
) -> Option<Case> {
    let mut case = Case {
        k,
        board: board.clone(),
        ops: Vec::new(),
    };
    let (n, m) = (board.n, board.m);
    sim.load(n, m, &board.colour, &board.special);
    let mut g = Vec::new();
    for (op, was) in ops {
        let chosen = match &was {
            None => Some(op),
            Some(main) => {
                g.clear();
                g.extend_from_slice(sim.colour());
                let want = keep_mains.then_some(main.as_slice());
                match swap_mains(&mut g, n, m, op) {
                    Some(mains) if want.is_none_or(|w| w == mains) => Some(op),
                    _ => nearest_valid(&mut g, n, m, op, want),
                }
            }
        };
        if let Some(op) = chosen {
            // An operation that is not valid (kept because it never was) changes nothing.
            sim.apply(op.a, op.b);
            case.ops.push(op);
        }
    }
    (!case.ops.is_empty()).then_some(case)
}

/// The main colours of swapping the pieces of `op` on the colour grid `g` of an n x m board, or
/// `None` when the swap is not valid (not adjacent, an empty cell, or no run made). `g` is left as
/// it was.
pub(super) fn swap_mains(g: &mut [u8], n: usize, m: usize, op: Op) -> Option<Vec<u8>> {
    let on_board = |p: Pos| p.r() < n && p.c() < m;
    if !on_board(op.a) || !on_board(op.b) || dist(op.a, op.b) != 1 {
        return None;
    }
    let (i, j) = (op.a.r() * m + op.a.c(), op.b.r() * m + op.b.c());
    let (x, y) = (g[i], g[j]);
    if x == 0 || y == 0 || x == y {
        return None;
    }
    // A run through a swapped cell needs a neighbour of the colour it receives.
    if !has_neighbour(g, n, m, op.a, op.b, y) && !has_neighbour(g, n, m, op.b, op.a, x) {
        return None;
    }
    g.swap(i, j);
    let mut mains = Vec::with_capacity(2);
    for (p, colour) in [(op.a, y), (op.b, x)] {
        if run_through(g, n, m, p.r(), p.c()) {
            mains.push(colour);
        }
    }
    g.swap(i, j);
    (!mains.is_empty()).then_some(mains)
}

/// Whether a 4-neighbour of `p` other than `skip` holds `colour`.
fn has_neighbour(g: &[u8], n: usize, m: usize, p: Pos, skip: Pos, colour: u8) -> bool {
    let (r, c) = (p.r(), p.c());
    let holds =
        |rr: usize, cc: usize| (rr != skip.r() || cc != skip.c()) && g[rr * m + cc] == colour;
    (r > 0 && holds(r - 1, c))
        || (r + 1 < n && holds(r + 1, c))
        || (c > 0 && holds(r, c - 1))
        || (c + 1 < m && holds(r, c + 1))
}

/// The valid swap nearest to `op`, those with main colours `want` first (when given); ties by
/// position, row-major.
fn nearest_valid(g: &mut [u8], n: usize, m: usize, op: Op, want: Option<&[u8]>) -> Option<Op> {
    let mut best: Option<((bool, usize), Op)> = None;
    for r in 0..n {
        for c in 0..m {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 >= n || c2 >= m {
                    continue;
                }
                let (x, y) = (g[r * m + c], g[r2 * m + c2]);
                if x == 0 || y == 0 || x == y {
                    continue;
                }
                // Keep the original direction: `a` is the cell nearer to the original `a`.
                let (p, q) = (Pos::new(r, c), Pos::new(r2, c2));
                let (straight, crossed) =
                    (dist(p, op.a) + dist(q, op.b), dist(q, op.a) + dist(p, op.b));
                let (cand, d) = if straight <= crossed {
                    (Op { a: p, b: q }, straight)
                } else {
                    (Op { a: q, b: p }, crossed)
                };
                // Nothing farther beats a swap that already has the wanted main colours.
                if matches!(best, Some(((false, bd), _)) if d >= bd) {
                    continue;
                }
                let Some(mains) = swap_mains(g, n, m, cand) else {
                    continue;
                };
                let key = (want.is_some_and(|w| w != mains), d);
                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                    best = Some((key, cand));
                }
            }
        }
    }
    best.map(|(_, op)| op)
}

fn dist(a: Pos, b: Pos) -> usize {
    a.r().abs_diff(b.r()) + a.c().abs_diff(b.c())
}
