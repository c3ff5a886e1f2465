//! Smaller variants of a Texas case for the shrinker (`crate::shrink`), every one of them a valid
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
//!
//! Where a cut or a merge brings equal colours together into a run, the board is repaired by
//! recolouring the run's third cell (never by dropping the candidate). The passes look at nothing
//! but the case: the replays (on the harness's own simulation, `super::sim`, never an engine)
//! only choose which swaps to keep; the caller's predicate alone decides whether a candidate
//! still fails.

use super::sim::{run_through, Sim};
use super::Texas;
use crate::game::Game;
use model::texas::{Board, Case, Op, Pos};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

/// Per-cell colour lowering tries every smaller value only when cells * colour bound stays under
/// this; otherwise only the smallest valid value and the next value down.
const ALL_LOWER_VALUES: usize = 2_000;
/// Every band of consecutive rows or columns is tried only on sides of at most this length.
const RANGES_UP_TO: usize = 16;
/// Candidates that replay the game to repair operations are made only while operations x cells
/// stays under this (the plain passes bring a large case there first, cheaply).
const REPLAY_WORK: usize = 25_000;

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

// ----------------------------------------------------------------------------------------------
// 1. Operations

fn operations(case: &Case, played: &Played, out: &mut Out) {
    let q = case.ops.len();
    let valid: Vec<Op> = case
        .ops
        .iter()
        .zip(played)
        .filter(|(_, p)| p.is_some())
        .map(|(&op, _)| op)
        .collect();
    if !valid.is_empty() && valid.len() < q {
        out.push(with_ops(case, valid));
    }
    for keep in halving(q) {
        out.push(with_ops(case, case.ops[..keep].to_vec()));
    }
    for chunk in halving(q) {
        for start in (0..q).step_by(chunk) {
            let end = (start + chunk).min(q);
            if end - start < q {
                let mut ops = case.ops[..start].to_vec();
                ops.extend_from_slice(&case.ops[end..]);
                out.push(with_ops(case, ops));
            }
        }
    }
}

/// Drops one operation at a time and repairs the operations after it.
fn operations_repaired(case: &Case, played: &Played, sim: &mut Sim, out: &mut Out) {
    if case.ops.len() * case.n() * case.m() > REPLAY_WORK {
        return;
    }
    for i in 0..case.ops.len() {
        let ops: Vec<(Op, Option<Vec<u8>>)> = case
            .ops
            .iter()
            .zip(played)
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, (&op, p))| (op, p.clone()))
            .collect();
        out.push_opt(revalidate(sim, case.k, &case.board, ops, true));
        // With the rows and columns only it used.
        let rest: Vec<Op> = (0..case.ops.len())
            .filter(|&j| j != i)
            .map(|j| case.ops[j])
            .collect();
        for (rows, cols) in op_rectangles(case, &rest) {
            cut(case, played, sim, out, &rows, &cols, |j| j != i);
        }
    }
}

/// Plays `ops` on `board`. Each operation that was valid originally (its original main colours
/// given) and now is invalid, or valid with other main colours, is replaced by the valid swap
/// nearest to it with the original main colours, else by the nearest valid swap (itself, when it
/// is still valid), else dropped. `None` when no operation is left.
fn revalidate(
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
fn swap_mains(g: &mut [u8], n: usize, m: usize, op: Op) -> Option<Vec<u8>> {
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

// ----------------------------------------------------------------------------------------------
// 2. Lines

fn lines(case: &Case, played: &Played, sim: &mut Sim, out: &mut Out) {
    let (n, m) = (case.n(), case.m());
    let mut cuts = Cuts::default();
    let all = |len: usize| (0..len).collect::<Vec<_>>();
    let without = |len: usize, lo: usize, hi: usize| -> Vec<usize> {
        (0..len).filter(|x| !(lo..hi).contains(x)).collect()
    };
    // Chunks of rows, then of columns, of halving size.
    for chunk in halving(n) {
        for lo in (0..n).step_by(chunk) {
            cuts.add(without(n, lo, lo + chunk), all(m));
        }
    }
    for chunk in halving(m) {
        for lo in (0..m).step_by(chunk) {
            cuts.add(all(n), without(m, lo, lo + chunk));
        }
    }
    // Every band of consecutive rows (then columns), the narrowest first.
    for len in 1..n.min(RANGES_UP_TO) {
        for lo in 0..=n - len {
            cuts.add((lo..lo + len).collect(), all(m));
        }
    }
    for len in 1..m.min(RANGES_UP_TO) {
        for lo in 0..=m - len {
            cuts.add(all(n), (lo..lo + len).collect());
        }
    }
    // The rectangle the operations use, alone and with everything below it.
    for (rows, cols) in op_rectangles(case, &case.ops) {
        cuts.add(rows, cols);
    }
    for (rows, cols) in cuts.list {
        cut(case, played, sim, out, &rows, &cols, |_| true);
    }
}

/// Cuts to try, each (rows kept, columns kept) once.
#[derive(Default)]
struct Cuts {
    list: Vec<(Vec<usize>, Vec<usize>)>,
    seen: HashSet<(Vec<usize>, Vec<usize>)>,
}

impl Cuts {
    fn add(&mut self, rows: Vec<usize>, cols: Vec<usize>) {
        if !rows.is_empty() && !cols.is_empty() && self.seen.insert((rows.clone(), cols.clone())) {
            self.list.push((rows, cols));
        }
    }
}

/// The rectangle of rows and columns that `ops` touch, alone and extended to the bottom row.
fn op_rectangles(case: &Case, ops: &[Op]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (n, m) = (case.n(), case.m());
    let cells = ops.iter().flat_map(|o| [o.a, o.b]);
    let (r0, r1) = cells
        .clone()
        .fold((n, 0), |(lo, hi), p| (lo.min(p.r()), hi.max(p.r() + 1)));
    let (c0, c1) = cells.fold((m, 0), |(lo, hi), p| (lo.min(p.c()), hi.max(p.c() + 1)));
    if r0 >= r1 || c0 >= c1 {
        return Vec::new();
    }
    [r1, n]
        .into_iter()
        .map(|bottom| ((r0..bottom).collect(), (c0..c1).collect()))
        .collect()
}

/// The candidates that keep the given rows and columns (in order), and the operations `keep_op`
/// accepts (by index): operations on a dropped line are dropped; or moved to the nearest line kept
/// and repaired as in [`revalidate`].
#[allow(clippy::too_many_arguments)]
fn cut(
    case: &Case,
    played: &Played,
    sim: &mut Sim,
    out: &mut Out,
    rows: &[usize],
    cols: &[usize],
    keep_op: impl Fn(usize) -> bool,
) {
    if rows.is_empty() || cols.is_empty() || rows.len() * cols.len() == case.n() * case.m() {
        return;
    }
    let Some((board, k)) = sub_board(case, rows, cols) else {
        return;
    };
    // Operations on a dropped line are dropped (exact) or moved to the nearest line kept (moved).
    let exact = |p: Pos| -> Option<Pos> {
        let i = rows.iter().position(|&r| r == p.r())?;
        let j = cols.iter().position(|&c| c == p.c())?;
        Some(Pos::new(i, j))
    };
    let nearest = |line: &[usize], x: usize| -> usize {
        // The first kept line at or after x, else the last one.
        line.iter().position(|&l| l >= x).unwrap_or(line.len() - 1)
    };
    let moved = |p: Pos| Pos::new(nearest(rows, p.r()), nearest(cols, p.c()));
    let mut kept = Vec::new();
    let mut shifted = Vec::new();
    for (i, (&op, p)) in case.ops.iter().zip(played).enumerate() {
        if !keep_op(i) {
            continue;
        }
        if let (Some(a), Some(b)) = (exact(op.a), exact(op.b)) {
            kept.push((Op { a, b }, p.clone()));
        }
        // Both cells may land on one: the operation is then invalid, and replaced if it was valid.
        let (a, b) = (moved(op.a), moved(op.b));
        shifted.push((Op { a, b }, p.clone()));
    }
    if !kept.is_empty() {
        out.push(Case {
            k,
            board: board.clone(),
            ops: kept.iter().map(|(op, _)| *op).collect(),
        });
    }
    if !shifted.is_empty() && case.ops.len() * case.n() * case.m() <= REPLAY_WORK {
        out.push_opt(revalidate(sim, k, &board, shifted.clone(), true));
        out.push_opt(revalidate(sim, k, &board, shifted, false));
    }
}

/// The board of the given rows and columns, with any run the cut makes repaired, and the k it
/// needs.
fn sub_board(case: &Case, rows: &[usize], cols: &[usize]) -> Option<(Board, u8)> {
    let mut board = Board::empty(rows.len(), cols.len());
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            let to = i * cols.len() + j;
            board.colour[to] = case.board.colour_at(r, c);
            board.special[to] = case.board.special_at(r, c);
        }
    }
    // Cutting a line out can bring equal colours together into a run; recolour instead of giving up,
    // or the shrinker gets stuck on boards where every cut makes a run.
    let k = repair_runs(&mut board, case.k)?;
    Some((board, k))
}

/// Recolours cells until the board has no run: the third cell of each run found gets the smallest
/// colour in 1..=k that makes no run through it, or a new colour k + 1 when none does (with k = 2
/// and the 2x2 blocks the generator draws, a cut often leaves no other way). Returns the k the
/// board needs, or `None` when some run cannot be broken that way.
fn repair_runs(board: &mut Board, k: u8) -> Option<u8> {
    let mut k = k;
    for _ in 0..board.n * board.m {
        let Some((start, horizontal)) = board.find_run() else {
            return Some(k);
        };
        let (r, c) = if horizontal {
            (start.r(), start.c() + 2)
        } else {
            (start.r() + 2, start.c())
        };
        let i = board.idx(r, c);
        let old = board.colour[i];
        let limit = (k + 1).min(model::texas::MAX_COLOURS);
        let fix = (1..=limit).find(|&v| {
            board.colour[i] = v;
            v != old && !run_through(&board.colour, board.n, board.m, r, c)
        });
        match fix {
            Some(v) => {
                board.colour[i] = v;
                k = k.max(v);
            }
            None => {
                board.colour[i] = old;
                return None;
            }
        }
    }
    board.find_run().is_none().then_some(k)
}

// ----------------------------------------------------------------------------------------------
// 4. Specials

fn specials(case: &Case, out: &mut Out) {
    let special = &case.board.special;
    if special.iter().all(|&s| s == 0) {
        return;
    }
    let mut c = case.clone();
    c.board.special.iter_mut().for_each(|s| *s = 0);
    out.push(c);
    for t in 1..=6u8 {
        if special.contains(&t) {
            let mut c = case.clone();
            c.board
                .special
                .iter_mut()
                .filter(|s| **s == t)
                .for_each(|s| *s = 0);
            out.push(c);
        }
    }
    for (i, &s) in special.iter().enumerate() {
        for lower in 0..s {
            let mut c = case.clone();
            c.board.special[i] = lower;
            out.push(c);
        }
    }
}

// ----------------------------------------------------------------------------------------------
// 5. Colours

/// k down to the largest colour used; the colours renumbered densely.
fn renumber(case: &Case, out: &mut Out) {
    let colour = &case.board.colour;
    let max = colour.iter().copied().max().unwrap_or(1);
    if max < case.k {
        let mut c = case.clone();
        c.k = max;
        out.push(c);
    }
    // Dense renumbering keeps every equality (and the order) of colours: the game plays the same.
    let used = used_colours(case);
    let dense = |v: u8| used.iter().position(|&u| u == v).map_or(v, |p| p as u8 + 1);
    let mut c = case.clone();
    c.board.colour.iter_mut().for_each(|v| *v = dense(*v));
    c.k = used.len() as u8;
    out.push(c);
}

/// Half, a quarter, ... as many colours: the colours, renumbered densely, folded onto the first t
/// (runs that makes repaired). Merging colours one at a time would take a step, and a pass over
/// every earlier candidate, per colour.
fn fold_colours(case: &Case, out: &mut Out) {
    let used = used_colours(case);
    let dense = |v: u8| used.iter().position(|&u| u == v).map_or(v, |p| p as u8 + 1);
    for t in halving(used.len()) {
        let mut c = case.clone();
        let fold = |v: u8| (dense(v) - 1) % t as u8 + 1;
        c.board.colour.iter_mut().for_each(|v| *v = fold(*v));
        if let Some(k) = repair_runs(&mut c.board, t as u8) {
            c.k = k;
            out.push(c);
        }
    }
}

fn used_colours(case: &Case) -> Vec<u8> {
    let mut used: Vec<u8> = case.board.colour.clone();
    used.sort_unstable();
    used.dedup();
    used
}

/// One colour merged into a smaller one; one cell's colour lowered.
fn colour_steps(case: &Case, out: &mut Out) {
    let used = used_colours(case);
    for (j, &big) in used.iter().enumerate().rev() {
        for &small in &used[..j] {
            let mut c = case.clone();
            c.board
                .colour
                .iter_mut()
                .filter(|v| **v == big)
                .for_each(|v| *v = small);
            if let Some(k) = repair_runs(&mut c.board, c.k) {
                c.k = k;
                out.push(c);
            }
        }
    }
    let (n, m) = (case.n(), case.m());
    let max = used.last().copied().unwrap_or(1);
    let all_values = n * m * usize::from(max) <= ALL_LOWER_VALUES;
    let mut g = case.board.colour.clone();
    for i in 0..n * m {
        let cur = g[i];
        let mut found = false;
        for v in 1..cur {
            if !all_values && found && v + 1 != cur {
                continue;
            }
            g[i] = v;
            if !run_through(&g, n, m, i / m, i % m) {
                found = true;
                let mut c = case.clone();
                c.board.colour[i] = v;
                out.push(c);
            }
        }
        g[i] = cur;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_valid_distinct_and_lighter() {
        for profile in [
            "tiny",
            "small",
            "specials",
            "wide",
            "tall",
            "many-colours",
            "cascade",
        ] {
            for seed in 0..10 {
                let case = Texas::generate(Texas::profile(profile).expect("profile"), seed);
                let w = Texas::weight(&case);
                let list = candidates(&case);
                let distinct: HashSet<&Case> = list.iter().collect();
                assert_eq!(distinct.len(), list.len(), "duplicate candidates");
                for c in &list {
                    c.validate().unwrap();
                    assert!(
                        Texas::weight(c) < w,
                        "candidate not lighter:\n{}\nfrom\n{}",
                        c.write(),
                        case.write()
                    );
                }
            }
        }
    }

    #[test]
    fn a_cut_that_makes_a_run_is_repaired() {
        // Dropping the second row brings the two 1s of column 1 next to the 1 below them.
        let case =
            Case::parse(b"4 2 2 1\n1 2\n2 1\n1 2\n1 1\n0 0\n0 0\n0 0\n0 0\n1 1 1 2\n").unwrap();
        let (board, k) = sub_board(&case, &[0, 2, 3], &[0, 1]).unwrap();
        assert_eq!(k, 2);
        assert_eq!(
            board.colour,
            vec![1, 2, 1, 2, 2, 1],
            "the third 1 became a 2"
        );
        assert!(board.find_run().is_none());
    }

    #[test]
    fn colours_fold_onto_half_as_many() {
        // Eight colours on one row: folded onto 4 they read 1 2 3 4 1 2 3 4, which has no run.
        let case = Case::parse(b"1 8 8 1\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\n1 1 1 2\n").unwrap();
        let mut out = Out::new(&case);
        fold_colours(&case, &mut out);
        let ks: Vec<u8> = out.list.iter().map(|c| c.k).collect();
        assert_eq!(ks, vec![4, 2, 2], "one candidate per halving");
        assert_eq!(out.list[0].board.colour, vec![1, 2, 3, 4, 1, 2, 3, 4]);
        // Onto 2: 1 2 1 2 1 2 1 2; onto 1: a run of 1s everywhere, repaired with a second colour.
        assert_eq!(out.list[1].board.colour, vec![1, 2, 1, 2, 1, 2, 1, 2]);
        assert!(out.list.iter().all(|c| c.validate().is_ok()));
    }

    #[test]
    fn a_run_that_no_colour_up_to_k_breaks_gets_a_new_colour() {
        let mut board = Board::empty(1, 3);
        board.colour = vec![1, 1, 1];
        assert_eq!(repair_runs(&mut board, 1), Some(2));
        assert_eq!(board.colour, vec![1, 1, 2]);
    }

    #[test]
    fn dropping_a_row_moves_the_operations_below_it() {
        let case =
            Case::parse(b"3 3 3 2\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n3 1 3 2\n1 1 2 1\n")
                .unwrap();
        let list = candidates(&case);
        // The second operation touched row 2 and is gone; the first moved up a row.
        let want = Case::parse(b"2 3 3 1\n1 2 3\n3 1 2\n0 0 0\n0 0 0\n2 1 2 2\n").unwrap();
        assert!(list.contains(&want), "{list:#?}");
    }

    #[test]
    fn an_operation_that_stopped_being_valid_is_replaced_by_the_nearest_valid_swap() {
        // One row: 1 1 2 1 3 3 4 3. Swapping cells 3 and 4 makes a run of 1s, swapping cells 7
        // and 8 (farther) a run of 3s; the operation swaps two equal colours, which is invalid.
        let mut board = Board::empty(1, 8);
        board.colour = vec![1, 1, 2, 1, 3, 3, 4, 3];
        let op = |a: usize, b: usize| Op {
            a: Pos::new(0, a),
            b: Pos::new(0, b),
        };
        let mut sim = Sim::new();
        let repaired = |sim: &mut Sim, keep_mains: bool| {
            revalidate(sim, 4, &board, vec![(op(0, 1), Some(vec![3]))], keep_mains)
                .unwrap()
                .ops
        };
        // Its main colour was 3: the swap that makes a run of 3s, though farther.
        assert_eq!(repaired(&mut sim, true), vec![op(6, 7)]);
        // Any main colours: the nearest valid swap.
        assert_eq!(repaired(&mut sim, false), vec![op(2, 3)]);
        // An operation that was invalid to begin with stays as it is.
        let kept = revalidate(&mut sim, 4, &board, vec![(op(0, 1), None)], true).unwrap();
        assert_eq!(kept.ops, vec![op(0, 1)]);
    }
}
