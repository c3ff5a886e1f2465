//! The harness's one simulation of Texas Match-3 boards, kept apart from both engines.
//!
//! Two uses, neither of which decides what is compared:
//! - **Replaying a trace** an engine reported ([`replay`], [`replay_steps`], [`op_boards`]): swap,
//!   remove the cells the trace says, let the rest fall. No rule is decided there; it shows the
//!   board at a divergence, draws the boards of the HTML page and tells coverage which specials a
//!   trace set off.
//! - **Playing a case forward while it is generated** ([`Sim`]): runs found on the board as it
//!   stands, specials, removal and gravity, so that the generator keeps proposing valid swaps on
//!   the board as it evolves. This is a heuristic of the generator only: the cases it helps to
//!   write are valid whatever it gets wrong (a full initial board without runs and operations on
//!   the board, which the generator ensures by itself), they would only hold fewer valid swaps than
//!   asked for. The engines' outcomes are what the harness compares.

mod play;

use model::texas::{Board, Case, Cells, OpTrace, Pos};
pub use play::{run_through, swap_makes_run, Sim};

/// Swaps the pieces of two cells (colour and special travel together); a cell outside the board
/// swaps nothing.
pub fn swap(board: &mut Board, a: Pos, b: Pos) {
    let inside = |p: Pos| p.r() < board.n && p.c() < board.m;
    if inside(a) && inside(b) {
        let (ia, ib) = (board.idx(a.r(), a.c()), board.idx(b.r(), b.c()));
        board.colour.swap(ia, ib);
        board.special.swap(ia, ib);
    }
}

/// Removes `removed` (cells outside the board are ignored) and lets the pieces of the columns that
/// lost some fall to the bottom, keeping their order.
pub fn remove_and_fall(board: &mut Board, removed: &Cells) {
    let (n, m) = (board.n, board.m);
    let width = if m >= 64 { u64::MAX } else { (1u64 << m) - 1 };
    let mut columns = 0u64;
    for (r, &bits) in removed.rows.iter().enumerate().take(n) {
        let mut bits = bits & width;
        columns |= bits;
        while bits != 0 {
            let i = r * m + bits.trailing_zeros() as usize;
            board.colour[i] = 0;
            board.special[i] = 0;
            bits &= bits - 1;
        }
    }
    fall_columns(&mut board.colour, &mut board.special, n, m, columns);
}

/// Gravity in the columns of the mask `columns`.
fn fall_columns(colour: &mut [u8], special: &mut [u8], n: usize, m: usize, mut columns: u64) {
    while columns != 0 {
        let c = columns.trailing_zeros() as usize;
        columns &= columns - 1;
        let mut write = n;
        for r in (0..n).rev() {
            let i = r * m + c;
            if colour[i] != 0 {
                write -= 1;
                let j = write * m + c;
                if j != i {
                    colour[j] = colour[i];
                    special[j] = special[i];
                    colour[i] = 0;
                    special[i] = 0;
                }
            }
        }
    }
}

/// A moment of a replayed trace ([`replay_steps`]), 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Before round `round` of operation `op` (the first round just after the swap).
    Round { op: usize, round: usize },
    /// After operation `op` (for an invalid operation, the board as it was).
    After { op: usize },
}

/// Calls `visit(op_index, round_index, board_before_round)` for every round of a trace, replaying
/// the swaps of its valid operations and the removals it reports.
pub fn replay(case: &Case, trace: &[OpTrace], visit: impl FnMut(usize, usize, &Board)) {
    let mut board = case.board.clone();
    replay_on(&mut board, case, trace, visit);
}

/// [`replay`] on a board buffer the caller keeps (it is overwritten with the initial board).
pub fn replay_on(
    board: &mut Board,
    case: &Case,
    trace: &[OpTrace],
    mut visit: impl FnMut(usize, usize, &Board),
) {
    replay_steps(board, case, trace, |step, board| {
        if let Step::Round { op, round } = step {
            visit(op, round, board);
        }
    });
}

/// Replays a trace on a board buffer the caller keeps (it is overwritten with the initial board),
/// calling `visit` before every round and after every operation the trace has: the swaps of its
/// valid operations, then the removals it reports, each followed by gravity.
pub fn replay_steps(
    board: &mut Board,
    case: &Case,
    trace: &[OpTrace],
    mut visit: impl FnMut(Step, &Board),
) {
    copy_board(board, &case.board);
    for (i, (op, t)) in case.ops.iter().zip(trace).enumerate() {
        if t.invalid.is_none() {
            swap(board, op.a, op.b);
            for (r, round) in t.rounds.iter().enumerate() {
                visit(Step::Round { op: i, round: r }, board);
                remove_and_fall(board, &round.removed);
            }
        }
        visit(Step::After { op: i }, board);
    }
}

/// The boards an engine had during one operation, rebuilt from its own trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpBoards {
    /// Before each round (the first one just after the swap); empty for an invalid operation.
    pub rounds: Vec<Board>,
    /// After the operation (the board as it was, for an invalid one).
    pub after: Board,
}

/// The boards of every operation `i` with `shown[i]` (one entry per operation of the case; `None`
/// for the others, and for the operations the trace does not reach).
pub fn op_boards(case: &Case, trace: &[OpTrace], shown: &[bool]) -> Vec<Option<OpBoards>> {
    let keep = |i: usize| shown.get(i).copied().unwrap_or(false);
    let mut out: Vec<Option<OpBoards>> = vec![None; case.ops.len()];
    let mut rounds = Vec::new();
    let mut board = Board::empty(0, 0);
    replay_steps(&mut board, case, trace, |step, board| match step {
        Step::Round { op, .. } if keep(op) => rounds.push(board.clone()),
        Step::After { op } if keep(op) => {
            if let Some(slot) = out.get_mut(op) {
                *slot = Some(OpBoards {
                    rounds: std::mem::take(&mut rounds),
                    after: board.clone(),
                });
            }
        }
        _ => {}
    });
    out
}

/// `to = from`, reusing `to`'s buffers.
pub fn copy_board(to: &mut Board, from: &Board) {
    to.n = from.n;
    to.m = from.m;
    to.colour.clear();
    to.colour.extend_from_slice(&from.colour);
    to.special.clear();
    to.special.extend_from_slice(&from.special);
}

#[cfg(test)]
mod tests;
