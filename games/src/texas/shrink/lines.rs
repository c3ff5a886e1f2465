//! 3. Lines: keeping some rows and columns, with the runs a cut makes repaired.

use super::super::sim::{run_through, Sim};
use super::repair::revalidate;
use super::{halving, Out, Played, RANGES_UP_TO, REPLAY_WORK};
use model::texas::{Board, Case, Op, Pos};
use std::collections::HashSet;

pub(super) fn lines(case: &Case, played: &Played, sim: &mut Sim, out: &mut Out) {
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
pub(super) fn op_rectangles(case: &Case, ops: &[Op]) -> Vec<(Vec<usize>, Vec<usize>)> {
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
pub(super) fn cut(
    case: &Case,
    played: &Played,
    sim: &mut Sim,
    out: &mut Out,
    rows: &[usize],
    cols: &[usize],
    keep_op: impl Fn(usize) -> bool,
) {
    let Some(cut) = Cut::new(case, played, rows, cols, keep_op) else {
        return;
    };
    if !cut.kept.is_empty() {
        out.push(Case {
            k: cut.k,
            board: cut.board.clone(),
            ops: cut.kept,
        });
    }
    if !cut.shifted.is_empty() && case.ops.len() * case.n() * case.m() <= REPLAY_WORK {
        out.push_opt(revalidate(
            sim,
            cut.k,
            &cut.board,
            cut.shifted.clone(),
            true,
        ));
        out.push_opt(revalidate(sim, cut.k, &cut.board, cut.shifted, false));
    }
}

/// A case cut down to some of its rows and columns, before its operations are repaired.
pub(super) struct Cut {
    /// The board of the rows and columns kept, runs the cut made repaired.
    pub board: Board,
    /// The k that board needs.
    pub k: u8,
    /// The operations with both cells kept, moved with the board.
    pub kept: Vec<Op>,
    /// Every operation, a cell on a dropped line moved to the nearest line kept, with its main
    /// colours in the original game (`None` when it was invalid), as [`revalidate`] takes them.
    pub shifted: Vec<(Op, Option<Vec<u8>>)>,
}

impl Cut {
    /// The cut that keeps `rows` and `cols` (in order) and the operations `keep_op` accepts (by
    /// index); `None` when it keeps nothing, everything, or leaves a run that cannot be repaired.
    pub fn new(
        case: &Case,
        played: &Played,
        rows: &[usize],
        cols: &[usize],
        keep_op: impl Fn(usize) -> bool,
    ) -> Option<Cut> {
        if rows.is_empty() || cols.is_empty() || rows.len() * cols.len() == case.n() * case.m() {
            return None;
        }
        let (board, k) = sub_board(case, rows, cols)?;
        // Operations on a dropped line are dropped (exact) or moved to the nearest line kept
        // (moved).
        let exact = |p: Pos| -> Option<Pos> {
            let i = rows.iter().position(|&r| r == p.r())?;
            let j = cols.iter().position(|&c| c == p.c())?;
            Some(Pos::new(i, j))
        };
        let nearest = |line: &[usize], x: usize| -> usize {
            // Where x went, else the first kept line after x, else the last one (in list order:
            // a cut may also move lines).
            line.iter()
                .position(|&l| l == x)
                .or_else(|| line.iter().position(|&l| l > x))
                .unwrap_or(line.len() - 1)
        };
        let moved = |p: Pos| Pos::new(nearest(rows, p.r()), nearest(cols, p.c()));
        let mut kept = Vec::new();
        let mut shifted = Vec::new();
        for (i, (&op, p)) in case.ops.iter().zip(played).enumerate() {
            if !keep_op(i) {
                continue;
            }
            if let (Some(a), Some(b)) = (exact(op.a), exact(op.b)) {
                kept.push(Op { a, b });
            }
            // Both cells may land on one: the operation is then invalid, and replaced if it was
            // valid.
            let (a, b) = (moved(op.a), moved(op.b));
            shifted.push((Op { a, b }, p.clone()));
        }
        Some(Cut {
            board,
            k,
            kept,
            shifted,
        })
    }
}

/// The board of the given rows and columns, with any run the cut makes repaired, and the k it
/// needs.
pub(super) fn sub_board(case: &Case, rows: &[usize], cols: &[usize]) -> Option<(Board, u8)> {
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
pub(super) fn repair_runs(board: &mut Board, k: u8) -> Option<u8> {
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
