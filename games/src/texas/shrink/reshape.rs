//! Pass 8, lines reshaped: one row or column dropped together with one more change that a plain
//! cut cannot make.
//!
//! A cut shifts every piece on one side of the dropped line, and a bug that needs pieces to meet
//! after a cascade (a ring of one colour closing round another after a colour special cleared
//! the cells between them, say) rarely survives that shift as it is: the pieces meet one cell off,
//! or the special that set the cascade off was on the dropped line. One more change often puts it
//! right, and only then is the smaller case a failing one, so the two are offered as one step:
//! every single-line cut, with a special moved to another cell (a special of the dropped line
//! put on a cell kept) or one cell given another colour that makes no run, its operations moved
//! and repaired as in the forms (b) and (c) of the *lines* pass. The same again with one line the
//! last operation touches moved to the front or the back (rows with rows, columns with columns):
//! in two 5x5 repros of a colour-special cascade, a column between the operation's column and the
//! ring it closed could go only once the operation's column moved to the ring's other side.
//!
//! These are thousands of candidates on a board of 25 cells, so they are the game's costly
//! candidates: built only when none of the others fails.

use super::super::sim::{run_through, Sim};
use super::lines::Cut;
use super::repair::{revalidate, swap_mains};
use super::{Out, Played, REPLAY_WORK, RESHAPE_WORK};
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS};

/// Offers every reshaped cut of `case` (see the module's documentation) when the work fits in
/// [`REPLAY_WORK`] and [`RESHAPE_WORK`].
pub(super) fn reshaped_cuts(case: &Case, played: &Played, sim: &mut Sim, out: &mut Out) {
    let (n, m) = (case.n(), case.m());
    let specials = case.board.special.iter().filter(|&&s| s != 0).count();
    // About the number of boards the single-line cuts give (the moved lines at most four times
    // as many), each replayed with every operation.
    let boards = (n + m) * n * m * (usize::from(case.k) + 1 + specials);
    if case.ops.len() * n * m > REPLAY_WORK || boards * case.ops.len() > RESHAPE_WORK {
        return;
    }
    // A case of one valid operation also gets every valid swap with its main colours (the
    // colours whose run sets the game off): the nearest one is not always the one that works.
    // These come after all the others.
    let only_mains = match played.as_slice() {
        [Some(mains)] => Some(sorted(mains)),
        _ => None,
    };
    let mut cuts = single_line_cuts(n, m);
    with_moved_lines(case, &mut cuts);
    // Every cut with its operations repaired first, then (one operation) with the other swaps.
    let passes = if only_mains.is_some() { 2 } else { 1 };
    for (pass, kept) in (0..passes).flat_map(|p| cuts.iter().map(move |c| (p, c))) {
        let want = if pass == 0 {
            None
        } else {
            only_mains.as_deref()
        };
        reshape_cut(case, played, sim, out, kept, want);
    }
}

/// A cut: (rows kept, columns kept, the dropped line: a row or a column).
type Kept = (Vec<usize>, Vec<usize>, Line);

/// Every cut that drops one row or one column, rows first.
fn single_line_cuts(n: usize, m: usize) -> Vec<Kept> {
    let mut cuts: Vec<Kept> = Vec::new();
    let without = |len: usize, x: usize| (0..len).filter(|&y| y != x).collect::<Vec<_>>();
    for r in 0..n {
        cuts.push((without(n, r), (0..m).collect(), Line::Row(r)));
    }
    for c in 0..m {
        cuts.push(((0..n).collect(), without(m, c), Line::Col(c)));
    }
    cuts
}

/// Appends, for each of `cuts`, the same cut with one kept line of the dropped line's kind that
/// the last operation touches moved to the front or the back.
fn with_moved_lines(case: &Case, cuts: &mut Vec<Kept>) {
    let last = case.ops.last().map_or([].as_slice(), std::slice::from_ref);
    let op_rows: Vec<usize> = last.iter().flat_map(|o| [o.a.r(), o.b.r()]).collect();
    let op_cols: Vec<usize> = last.iter().flat_map(|o| [o.a.c(), o.b.c()]).collect();
    for x in 0..cuts.len() {
        let (rows, cols, line) = cuts[x].clone();
        let (kept, touched) = match line {
            Line::Row(_) => (&rows, &op_rows),
            Line::Col(_) => (&cols, &op_cols),
        };
        let mut orders = Vec::new();
        for i in (0..kept.len()).filter(|&i| touched.contains(&kept[i])) {
            let mut rest = kept.clone();
            let moved = rest.remove(i);
            let mut front = vec![moved];
            front.extend_from_slice(&rest);
            rest.push(moved);
            for order in [front, rest] {
                if order != *kept && !orders.contains(&order) {
                    orders.push(order);
                }
            }
        }
        for order in orders {
            cuts.push(match line {
                Line::Row(_) => (order, cols.clone(), line),
                Line::Col(_) => (rows.clone(), order, line),
            });
        }
    }
}

/// Offers the boards one edit away from the cut `kept` (a special of the dropped line may land on
/// a cell kept): with the cut's operations repaired or, when `want` is given, with every valid
/// swap whose sorted main colours are `want` instead.
fn reshape_cut(
    case: &Case,
    played: &Played,
    sim: &mut Sim,
    out: &mut Out,
    (rows, cols, line): &Kept,
    want: Option<&[u8]>,
) {
    let Some(cut) = Cut::new(case, played, rows, cols, |_| true) else {
        return;
    };
    let dropped: Vec<u8> = match *line {
        Line::Row(r) => (0..case.m()).map(|c| case.board.special_at(r, c)).collect(),
        Line::Col(c) => (0..case.n()).map(|r| case.board.special_at(r, c)).collect(),
    };
    let mut lost: Vec<u8> = dropped.into_iter().filter(|&s| s != 0).collect();
    lost.sort_unstable();
    lost.dedup();
    let mut board = cut.board.clone();
    edits(&mut board, cut.k, &lost, |board, k| match want {
        None => {
            out.push_opt(revalidate(sim, k, board, cut.shifted.clone(), true));
            out.push_opt(revalidate(sim, k, board, cut.shifted.clone(), false));
        }
        Some(want) => {
            for op in swaps_with_mains(board, want) {
                out.push(Case {
                    k,
                    board: board.clone(),
                    ops: vec![op],
                });
            }
        }
    });
}

#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Col(usize),
}

/// Calls `visit(board, k)` on every board one change away from `board` (which has no run and
/// needs `k` colours): a special moved to a cell without one; a special of type `lost` put on a
/// cell without one; a cell given any other colour up to k + 1 that makes no run through it.
/// `board` is as it was afterwards.
fn edits(board: &mut Board, k: u8, lost: &[u8], mut visit: impl FnMut(&Board, u8)) {
    let (n, m) = (board.n, board.m);
    for i in 0..n * m {
        let s = board.special[i];
        if s == 0 {
            continue;
        }
        board.special[i] = 0;
        for j in 0..n * m {
            if j != i && board.special[j] == 0 {
                board.special[j] = s;
                visit(board, k);
                board.special[j] = 0;
            }
        }
        board.special[i] = s;
    }
    for &s in lost {
        for j in 0..n * m {
            if board.special[j] == 0 {
                board.special[j] = s;
                visit(board, k);
                board.special[j] = 0;
            }
        }
    }
    let top = k.saturating_add(1).min(MAX_COLOURS);
    for i in 0..n * m {
        let old = board.colour[i];
        for v in (1..=top).filter(|&v| v != old) {
            board.colour[i] = v;
            if !run_through(&board.colour, n, m, i / m, i % m) {
                visit(board, k.max(v));
            }
        }
        board.colour[i] = old;
    }
}

/// Every valid swap on `board` (the top or left cell first) whose main colours, sorted, are
/// `want`.
fn swaps_with_mains(board: &Board, want: &[u8]) -> Vec<Op> {
    let (n, m) = (board.n, board.m);
    let mut g = board.colour.clone();
    let mut found = Vec::new();
    for r in 0..n {
        for c in 0..m {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 >= n || c2 >= m {
                    continue;
                }
                let op = Op {
                    a: Pos::new(r, c),
                    b: Pos::new(r2, c2),
                };
                if swap_mains(&mut g, n, m, op).is_some_and(|mains| sorted(&mains) == want) {
                    found.push(op);
                }
            }
        }
    }
    found
}

fn sorted(colours: &[u8]) -> Vec<u8> {
    let mut v = colours.to_vec();
    v.sort_unstable();
    v
}
