//! Smaller variants of a Texas case for the shrinker (`harness::run::shrink`), every one of them a valid
//! case (operations on the board, no initial run), the most aggressive first. The shrinker keeps
//! the first one that still fails and asks again, so the case it ends with is a fixed point of all
//! of these passes; `docs/shrinking.md` has the measured sizes.
//!
//! 1. **Operations**: drop every operation that is invalid when the game is played; keep the first
//!    half, quarter, ... of them; drop chunks of half, a quarter, ..., one operation, at every
//!    position.
//! 2. **Colour numbers**: k down to the largest colour used; the colours renumbered densely in
//!    their order (the game plays the same, only points change).
//! 3. **Lines**: keep some rows and columns: drop chunks of rows (then of columns) of halving size
//!    down to a single line; keep every band of consecutive rows (then columns), the narrowest
//!    first; crop to the rectangle the operations touch, alone and down to the bottom row (which
//!    shifts the board). Each cut comes in three forms: (a) operations on a dropped line are
//!    dropped, the others move with the board; (b) operations on a dropped line move to the
//!    nearest line kept, and each operation that was valid and now is invalid, or valid with other
//!    main colours, is replaced by the valid swap nearest to it with its original main colours;
//!    (c) the same, keeping or taking any valid swap. The game is replayed for (b) and (c), so a
//!    cut that moves pieces under the later operations still leaves them valid.
//! 4. **Fewer colours**: the colours, renumbered densely, folded onto the first half, quarter, ...
//!    of them (runs that makes repaired), so that a board of 25 colours does not lose them one
//!    merge (and one pass over every earlier candidate) at a time.
//! 5. **Operations, compound**: drop one operation and repair the later ones as in (b); the same,
//!    cropped to the rectangle the remaining operations touch (the rows and columns only the
//!    dropped operation needed go with it).
//! 6. **Specials**: none at all; none of one type; one special lowered to any smaller type (0
//!    removes it).
//! 7. **Colour steps**: one colour merged into a smaller one; one cell's colour lowered to any
//!    smaller value that makes no run (on large boards with many colours: to the smallest such
//!    value, and by one).
//! 8. **Lines, reshaped** (costly: offered only when none of the above fails, through
//!    `Game::shrink_candidates_costly`): drop one row or column and, in the same step, make one
//!    more change: a special moved to another cell (a special of the dropped line put on a cell
//!    kept), or one cell given any other colour up to k + 1 that makes no run; the same with one
//!    line the last operation touches moved to the front or the back of the board. Operations as
//!    in (b) and (c). A bug that needs pieces to meet after a cascade (a ring of one colour
//!    closed round another once a colour special cleared the cells between them) rarely
//!    survives a plain cut, which shifts the pieces on one side by one; the extra change puts
//!    it right, and only then is the smaller case a failing one. Made only while (rows +
//!    columns) x cells x (k + 1 + specials) x operations stays under `RESHAPE_WORK`.
//!
//! Where a cut or a merge brings equal colours together into a run, the board is repaired by
//! recolouring the run's third cell (never by dropping the candidate). The passes look at nothing
//! but the case: the replays (on the harness's own simulation, `super::sim`, never an engine)
//! only choose which swaps to keep; the caller's predicate alone decides whether a candidate
//! still fails.

mod colours;
mod lines;
mod ops;
mod repair;
mod reshape;
mod specials;

use super::sim::Sim;
use super::Texas;
use colours::{colour_steps, fold_colours, renumber};
use harness::roles::Shrink as _;
use lines::lines;
use model::texas::{Case, Op};
use ops::{operations, operations_repaired};
use repair::swap_mains;
use reshape::reshaped_cuts;
use specials::specials;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

/// Per-cell colour lowering tries every smaller value only when cells * colour bound stays under
/// this; otherwise only the smallest valid value and the next value down.
const ALL_LOWER_VALUES: usize = 2_000;
/// Every band of consecutive rows or columns is tried only on sides of at most this length.
const RANGES_UP_TO: usize = 16;
/// Candidates that replay the game to repair operations are made only while operations x cells
/// stays under this (the plain passes bring a large case there first, cheaply).
const REPLAY_WORK: usize = 25_000;
/// Reshaped cuts are made only while (rows + columns) x cells x (k + 1 + specials) x operations,
/// about the number of boards they try times the operations each replays, stays under this.
const RESHAPE_WORK: usize = 50_000;

pub fn candidates(case: &Case) -> Vec<Case> {
    let mut out = Out::new(case);
    let mut sim = Sim::new();
    let played = play(&mut sim, case);
    operations(case, &played, &mut out);
    renumber(case, &mut out);
    lines(case, &played, &mut sim, &mut out);
    fold_colours(case, &mut out);
    operations_repaired(case, &played, &mut sim, &mut out);
    specials(case, &mut out);
    colour_steps(case, &mut out);
    out.list
}

/// The candidates asked for only when none of [`candidates`] fails (pass 8): thousands of them,
/// too many to build at every step of a shrink.
pub fn costly_candidates(case: &Case) -> Vec<Case> {
    let mut out = Out::new(case);
    let mut sim = Sim::new();
    let played = play(&mut sim, case);
    reshaped_cuts(case, &played, &mut sim, &mut out);
    out.list
}

/// The candidates so far: valid, distinct, and lighter than the case itself.
struct Out {
    weight: u64,
    list: Vec<Case>,
    /// Indices into `list` by hash.
    seen: HashMap<u64, Vec<usize>, BuildHasherDefault<Fx>>,
}

/// A fast multiplicative hash (as in rustc's FxHasher) for telling candidates apart.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Out {
    fn new(case: &Case) -> Self {
        Out {
            weight: Texas::weight(case),
            list: Vec::new(),
            seen: HashMap::default(),
        }
    }

    fn push(&mut self, c: Case) {
        if Texas::weight(&c) >= self.weight || c.validate().is_err() {
            return;
        }
        let hash = BuildHasherDefault::<Fx>::default().hash_one(&c);
        let same = self.seen.entry(hash).or_default();
        if !same.iter().any(|&i| self.list[i] == c) {
            same.push(self.list.len());
            self.list.push(c);
        }
    }

    fn push_opt(&mut self, c: Option<Case>) {
        if let Some(c) = c {
            self.push(c);
        }
    }
}

/// How each operation of a case went: its main colours when valid, `None` when invalid.
type Played = Vec<Option<Vec<u8>>>;

fn play(sim: &mut Sim, case: &Case) -> Played {
    let (n, m) = (case.n(), case.m());
    sim.load(n, m, &case.board.colour, &case.board.special);
    let mut g = Vec::new();
    case.ops
        .iter()
        .map(|&op| {
            g.clear();
            g.extend_from_slice(sim.colour());
            let mains = swap_mains(&mut g, n, m, op);
            sim.apply(op.a, op.b);
            mains
        })
        .collect()
}

fn with_ops(case: &Case, ops: Vec<Op>) -> Case {
    Case {
        k: case.k,
        board: case.board.clone(),
        ops,
    }
}

/// Chunk sizes for adaptive deletion: half, quarter, ..., 1.
fn halving(len: usize) -> impl Iterator<Item = usize> {
    std::iter::successors(Some(len / 2), |&s| (s > 1).then_some(s / 2)).filter(|&s| s >= 1)
}

#[cfg(test)]
mod tests;
