//! How the generator plays a game: which direction, where the tile goes.

use super::grid::{Grid, Sim};
use super::nib::Nib;
use crate::case::{Dir, Move};
use harness::roles::source::Source;

/// How the generator plays.
#[derive(Debug, Clone, Copy)]
pub(super) struct Style {
    /// Weights of `L R U D` among the directions that change the board.
    pub(super) weights: [u32; 4],
    /// Chance of a direction drawn without looking (it may change nothing).
    pub(super) wander: f64,
    /// Otherwise, chance of the greedy direction (most empty cells after the slide); else a
    /// direction drawn by `weights` among those that change the board.
    pub(super) greed: f64,
    /// Chance of a spawn on an occupied cell after a move that changed the board.
    pub(super) occupied: f64,
    /// Chance that the spawned tile is a 4.
    pub(super) four: f64,
    /// Never end the game: when the tile on the last empty cell would leave no move that changes
    /// the board, spawn on an occupied cell instead.
    pub(super) valve: bool,
}

/// Every direction alike.
pub(super) const ANY: [u32; 4] = [1, 1, 1, 1];
/// Keep the big tiles in the bottom-left corner, as players do.
pub(super) const CORNER: [u32; 4] = [30, 12, 6, 52];

/// Plays `q` moves from `sim` in the given style: on a [`Nib`] while the board is 4x4 and no tile
/// is 2^15, else on the [`Sim`].
pub(super) fn play(src: &mut impl Source, sim: &mut Sim, q: usize, style: &Style) -> Vec<Move> {
    let mut moves = Vec::with_capacity(q);
    if sim.n == 4 && sim.m == 4 && sim.max() < 15 {
        let mut nib = Nib::of(sim);
        while moves.len() < q && !nib.has_15() {
            moves.push(step(src, &mut nib, 4, 4, style));
        }
        *sim = nib.sim();
    }
    while moves.len() < q {
        moves.push(step(src, sim, sim.n, sim.m, style));
    }
    moves
}

/// Plays one move on the `n` x `m` board `sim`.
fn step<G: Grid>(src: &mut impl Source, sim: &mut G, n: usize, m: usize, style: &Style) -> Move {
    let cells = n * m;
    // The boards a direction leads to are computed only when the choice looks at them (no choice
    // draws from `src` differently for it).
    let (dir, next) = if src.chance(style.wander) {
        let dir = src.below(4);
        (dir, sim.slid(dir))
    } else if src.chance(style.greed) {
        // The changing direction whose board looks best (see `Grid::merit`), the heaviest by
        // `weights` on a tie; any direction when none changes the board.
        let slid = sim.slid_all();
        let mut best: Option<(i64, u32, usize)> = None;
        for (d, board) in slid.iter().enumerate() {
            if board == sim {
                continue;
            }
            let key = (board.merit(), style.weights[d], d);
            if best.is_none_or(|(e, w, _)| (key.0, key.1) > (e, w)) {
                best = Some(key);
            }
        }
        let dir = match best {
            Some((_, _, d)) => d,
            None => src.below(4),
        };
        (dir, slid[dir])
    } else {
        // A direction drawn by `weights` among those that change the board.
        let (changes, slid) = sim.changes();
        let mut weights = [0u32; 4];
        for d in 0..4 {
            if changes[d] {
                weights[d] = style.weights[d];
            }
        }
        let dir = if weights.iter().all(|&w| w == 0) {
            src.below(4)
        } else {
            src.weighted(&weights)
        };
        (dir, slid.map_or_else(|| sim.slid(dir), |slid| slid[dir]))
    };
    let changed = next != *sim;
    let empty = next.count(true);
    let full = cells - empty;
    let v: u64 = if src.chance(style.four) { 4 } else { 2 };
    let exponent = if v == 4 { 2 } else { 1 };
    let cell = if changed {
        let to_full = full > 0
            && (empty == 0
                || src.chance(style.occupied)
                || (style.valve && empty == 1 && {
                    // Would a tile on the last empty cell end the game?
                    let mut filled = next;
                    filled.set(next.nth(true, 0), exponent);
                    filled.stuck()
                }));
        if to_full {
            next.nth(false, src.below(full))
        } else {
            next.nth(true, src.below(empty))
        }
    } else {
        src.below(cells)
    };
    *sim = next;
    if changed && sim.get(cell) == 0 {
        sim.set(cell, exponent);
    }
    Move {
        dir: Dir::ALL[dir],
        r: cell / m,
        c: cell % m,
        v,
    }
}
