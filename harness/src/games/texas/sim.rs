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

use model::texas::{Board, Case, Cells, OpTrace, Pos, MAX_SIDE};

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

/// Whether (r, c) of the row-major n x m colour grid `g` lies in a run (three or more equal
/// non-empty colours in a row or a column).
pub fn run_through(g: &[u8], n: usize, m: usize, r: usize, c: usize) -> bool {
    let i = r * m + c;
    let v = g[i];
    if v == 0 {
        return false;
    }
    let left = c >= 1 && g[i - 1] == v;
    let right = c + 1 < m && g[i + 1] == v;
    if (left && (right || (c >= 2 && g[i - 2] == v))) || (right && c + 2 < m && g[i + 2] == v) {
        return true;
    }
    let up = r >= 1 && g[i - m] == v;
    let down = r + 1 < n && g[i + m] == v;
    (up && (down || (r >= 2 && g[i - 2 * m] == v))) || (down && r + 2 < n && g[i + 2 * m] == v)
}

/// Whether swapping the pieces at the 4-adjacent cells `a` and `b` of a board without runs would
/// make a run (false when either cell is empty, both hold the same colour, or the cells are not
/// 4-adjacent).
pub fn swap_makes_run(g: &[u8], n: usize, m: usize, a: Pos, b: Pos) -> bool {
    // The top or left cell first.
    let (a, b) = if (b.r(), b.c()) < (a.r(), a.c()) {
        (b, a)
    } else {
        (a, b)
    };
    let (r, c) = (a.r(), a.c());
    let (ia, ib) = (r * m + c, b.r() * m + b.c());
    let (x, y) = (g[ia], g[ib]);
    let differ = (x != 0) & (y != 0) & (x != y);
    // Colour `v` at index `i`, the test `ok` standing for "on the board" (no branch: the other
    // tests are made anyway, out-of-range indices read as no colour).
    let is = |i: usize, ok: bool, v: u8| ok & (g.get(i).copied() == Some(v));
    // After the swap `a` holds y and `b` holds x. Along the line of the swap each of them can
    // only extend away from the other (which holds a different colour).
    if b.r() == r && b.c() == c + 1 {
        let along = (is(ia.wrapping_sub(1), c >= 1, y) & is(ia.wrapping_sub(2), c >= 2, y))
            | (is(ib + 1, c + 2 < m, x) & is(ib + 2, c + 3 < m, x));
        differ & (along | across(g, ia, m, r, n, y) | across(g, ib, m, r, n, x))
    } else if b.c() == c && b.r() == r + 1 {
        let along = (is(ia.wrapping_sub(m), r >= 1, y) & is(ia.wrapping_sub(2 * m), r >= 2, y))
            | (is(ib + m, r + 2 < n, x) & is(ib + 2 * m, r + 3 < n, x));
        differ & (along | across(g, ia, 1, c, m, y) | across(g, ib, 1, c, m, x))
    } else {
        false
    }
}

/// Whether colour `v` at index `i` would lie in a run along the line of step `step` through it,
/// `k` being its place on that line of `len` cells (its two neighbours on each side count).
#[inline]
fn across(g: &[u8], i: usize, step: usize, k: usize, len: usize, v: u8) -> bool {
    let is = |j: usize, ok: bool| ok & (g.get(j).copied() == Some(v));
    let before1 = is(i.wrapping_sub(step), k >= 1);
    let before2 = is(i.wrapping_sub(2 * step), k >= 2);
    let after1 = is(i + step, k + 1 < len);
    let after2 = is(i + 2 * step, k + 2 < len);
    (before1 & (after1 | before2)) | (after1 & after2)
}

/// A board played forward operation by operation, with every buffer reused from case to case.
#[derive(Debug, Clone)]
pub struct Sim {
    n: usize,
    m: usize,
    colour: Vec<u8>,
    special: Vec<u8>,
    /// Cells in a run, then cells removed, one mask per row.
    matched: [u64; MAX_SIDE],
    removed: [u64; MAX_SIDE],
    /// Cells that changed since runs were last looked for: every new run passes through one.
    dirty: [u64; MAX_SIDE],
    /// Cells that may have changed since [`Sim::clear_changed`].
    changed: [u64; MAX_SIDE],
    /// Specials still to trigger, as cell indices.
    pending: Vec<u16>,
    /// Counts the valid operations played since the last load (the board changes only then).
    changes: u64,
}

impl Default for Sim {
    fn default() -> Self {
        Sim {
            n: 0,
            m: 0,
            colour: Vec::new(),
            special: Vec::new(),
            matched: [0; MAX_SIDE],
            removed: [0; MAX_SIDE],
            dirty: [0; MAX_SIDE],
            changed: [0; MAX_SIDE],
            pending: Vec::new(),
            changes: 0,
        }
    }
}

impl Sim {
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts from `n x m` cells with these colours and specials (row-major).
    pub fn load(&mut self, n: usize, m: usize, colour: &[u8], special: &[u8]) {
        debug_assert!(n <= MAX_SIDE && m <= MAX_SIDE && colour.len() == n * m);
        self.n = n;
        self.m = m;
        self.colour.clear();
        self.colour.extend_from_slice(colour);
        self.special.clear();
        self.special.extend_from_slice(special);
        self.changes = 0;
        self.changed = [0; MAX_SIDE];
    }

    pub fn n(&self) -> usize {
        self.n
    }
    pub fn m(&self) -> usize {
        self.m
    }
    /// The colours, row-major (0 = empty).
    pub fn colour(&self) -> &[u8] {
        &self.colour
    }
    /// The specials, row-major.
    pub fn special(&self) -> &[u8] {
        &self.special
    }
    /// How many valid operations changed the board since [`Sim::load`]: equal counts mean an
    /// unchanged board.
    pub fn changes(&self) -> u64 {
        self.changes
    }
    /// The cells that may have changed since the last [`Sim::clear_changed`] (or the load), one
    /// mask per row: a cell outside them holds the same piece.
    pub fn changed(&self) -> &[u64] {
        &self.changed[..self.n]
    }
    pub fn clear_changed(&mut self) {
        self.changed = [0; MAX_SIDE];
    }

    /// The board as a value.
    pub fn board(&self) -> Board {
        Board {
            n: self.n,
            m: self.m,
            colour: self.colour.clone(),
            special: self.special.clone(),
        }
    }

    /// Whether swapping `a` and `b` is a valid operation: two 4-adjacent pieces that make a run.
    pub fn is_valid(&self, a: Pos, b: Pos) -> bool {
        a.r() < self.n
            && b.r() < self.n
            && a.c() < self.m
            && b.c() < self.m
            && swap_makes_run(&self.colour, self.n, self.m, a, b)
    }

    /// Plays one operation; returns whether it was valid (an invalid one changes nothing).
    pub fn apply(&mut self, a: Pos, b: Pos) -> bool {
        if !self.is_valid(a, b) {
            return false;
        }
        let (ia, ib) = (a.r() * self.m + a.c(), b.r() * self.m + b.c());
        self.colour.swap(ia, ib);
        self.special.swap(ia, ib);
        self.dirty[..self.n].fill(0);
        self.dirty[a.r()] |= 1 << a.c();
        self.dirty[b.r()] |= 1 << b.c();
        self.changed[a.r()] |= 1 << a.c();
        self.changed[b.r()] |= 1 << b.c();
        while self.find_runs() {
            self.add_specials();
            self.remove_and_fall();
        }
        self.changes += 1;
        true
    }

    /// M: every cell in a run, into `matched`; false when there is none. The board had no run
    /// before its last change, so every run passes through a cell of `dirty` (which is emptied).
    fn find_runs(&mut self) -> bool {
        let (n, m) = (self.n, self.m);
        let g = &self.colour;
        self.matched[..n].fill(0);
        let mut any = false;
        // Horizontal runs: the segment of each dirty piece, once per segment.
        let mut columns = 0u64;
        let (mut first, mut last) = ([usize::MAX; MAX_SIDE], [0usize; MAX_SIDE]);
        for r in 0..n {
            let mut bits = std::mem::take(&mut self.dirty[r]);
            let mut fresh = bits & !columns;
            while fresh != 0 {
                first[fresh.trailing_zeros() as usize] = r;
                fresh &= fresh - 1;
            }
            let mut each = bits;
            while each != 0 {
                last[each.trailing_zeros() as usize] = r;
                each &= each - 1;
            }
            columns |= bits;
            let row = &g[r * m..(r + 1) * m];
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                let v = row[c];
                let (mut lo, mut hi) = (c, c);
                if v != 0 {
                    while lo > 0 && row[lo - 1] == v {
                        lo -= 1;
                    }
                    while hi + 1 < m && row[hi + 1] == v {
                        hi += 1;
                    }
                    if hi - lo >= 2 {
                        self.matched[r] |= ((1u64 << (hi - lo + 1)) - 1) << lo;
                        any = true;
                    }
                }
                // Every dirty cell of this segment is done.
                bits &= !(((1u64 << (hi - lo + 1)) - 1) << lo);
            }
        }
        // Vertical runs: the segments of each column from its first to its last dirty cell.
        while columns != 0 {
            let c = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            let mut start = first[c];
            let v = g[start * m + c];
            while start > 0 && g[(start - 1) * m + c] == v {
                start -= 1;
            }
            while start <= last[c] {
                let v = g[start * m + c];
                let mut end = start + 1;
                while end < n && g[end * m + c] == v {
                    end += 1;
                }
                if v != 0 && end - start >= 3 {
                    for mask in &mut self.matched[start..end] {
                        *mask |= 1 << c;
                    }
                    any = true;
                }
                start = end;
            }
        }
        any
    }

    /// E: `matched` plus everything the specials add, into `removed`. Every piece of E with a
    /// special triggers once; empty cells are never added.
    fn add_specials(&mut self) {
        let (n, m) = (self.n, self.m);
        self.removed[..n].copy_from_slice(&self.matched[..n]);
        self.pending.clear();
        for r in 0..n {
            let mut bits = self.matched[r];
            while bits != 0 {
                let i = r * m + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.special[i] != 0 {
                    self.pending.push(i as u16);
                }
            }
        }
        while let Some(i) = self.pending.pop() {
            let i = usize::from(i);
            let (r, c) = (i / m, i % m);
            match self.special[i] {
                1 => self.add_rect(r, r, 0, m - 1),
                2 => self.add_rect(0, n - 1, c, c),
                3 => {
                    self.add_rect(r, r, 0, m - 1);
                    self.add_rect(0, n - 1, c, c);
                }
                4 | 5 => {
                    let radius = usize::from(self.special[i] - 3);
                    self.add_rect(
                        r.saturating_sub(radius),
                        (r + radius).min(n - 1),
                        c.saturating_sub(radius),
                        (c + radius).min(m - 1),
                    );
                }
                6 => {
                    let v = self.colour[i];
                    for rr in 0..n {
                        for cc in 0..m {
                            if self.colour[rr * m + cc] == v {
                                self.add(rr, cc);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Adds every piece of rows `r0..=r1`, columns `c0..=c1` to `removed`.
    fn add_rect(&mut self, r0: usize, r1: usize, c0: usize, c1: usize) {
        for r in r0..=r1 {
            for c in c0..=c1 {
                self.add(r, c);
            }
        }
    }

    /// Adds the piece at (r, c) to `removed`; a special not yet in it will trigger.
    fn add(&mut self, r: usize, c: usize) {
        let i = r * self.m + c;
        if self.colour[i] != 0 && self.removed[r] >> c & 1 == 0 {
            self.removed[r] |= 1 << c;
            if self.special[i] != 0 {
                self.pending.push(i as u16);
            }
        }
    }

    /// Empties the cells of `removed` and lets the pieces fall; every cell of a column that lost
    /// pieces, down to its lowest removed cell, is marked dirty.
    fn remove_and_fall(&mut self) {
        let (n, m) = (self.n, self.m);
        let mut columns = 0u64;
        for r in (0..n).rev() {
            let mut bits = self.removed[r];
            // Columns whose lowest removed cell is in this row: from their top piece down to here
            // every cell may change (the rows above it hold no piece and stay empty).
            let mut lowest = bits & !columns;
            while lowest != 0 {
                let c = lowest.trailing_zeros() as usize;
                lowest &= lowest - 1;
                let mut top = 0;
                while top < r && self.colour[top * m + c] == 0 {
                    top += 1;
                }
                for (dirty, changed) in self.dirty[top..=r]
                    .iter_mut()
                    .zip(&mut self.changed[top..=r])
                {
                    *dirty |= 1 << c;
                    *changed |= 1 << c;
                }
            }
            columns |= bits;
            while bits != 0 {
                let i = r * m + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.colour[i] = 0;
                self.special[i] = 0;
            }
        }
        fall_columns(&mut self.colour, &mut self.special, n, m, columns);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng;
    use crate::source::Source;
    use model::texas::Op;

    fn board(rows: &[&str]) -> Board {
        let n = rows.len();
        let colour: Vec<u8> = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }))
            .collect();
        let m = colour.len() / n;
        Board {
            n,
            m,
            special: vec![0; n * m],
            colour,
        }
    }

    fn sim_of(b: &Board) -> Sim {
        let mut sim = Sim::new();
        sim.load(b.n, b.m, &b.colour, &b.special);
        sim
    }

    #[test]
    fn run_through_finds_runs_of_three_in_both_directions_and_nothing_else() {
        let b = board(&["1121", "2311", "2342", "1212"]);
        let at = |r, c| run_through(&b.colour, b.n, b.m, r, c);
        assert!(!(0..4).any(|r| (0..4).any(|c| at(r, c))));
        let b = board(&["1113", "2321", "2342", "2312"]);
        let at = |r, c| run_through(&b.colour, b.n, b.m, r, c);
        let hits: Vec<(usize, usize)> = (0..4)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .filter(|&(r, c)| at(r, c))
            .collect();
        assert_eq!(
            hits,
            vec![
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 0),
                (1, 1),
                (2, 0),
                (2, 1),
                (3, 0),
                (3, 1)
            ]
        );
    }

    /// The boards of every operation, rebuilt from the reference's trace of sample 1: one board per
    /// round (the same [`replay`] visits), the board after each operation is the one the next
    /// operation starts from, and the last is the reference's final board.
    #[test]
    fn op_boards_follow_the_trace_round_by_round() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
        let case = Case::parse(&std::fs::read(path).unwrap()).unwrap();
        let out = reference::texas::outcome(&case);
        let q = case.ops.len();
        let all = op_boards(&case, &out.ops, &vec![true; q]);
        assert_eq!(all.len(), q);
        let mut visited = Vec::new();
        replay(&case, &out.ops, |i, r, b| visited.push((i, r, b.clone())));
        let mut rounds = Vec::new();
        let mut before = case.board.clone();
        for (i, (op, t)) in case.ops.iter().zip(&out.ops).enumerate() {
            let b = all[i].as_ref().unwrap();
            assert_eq!(b.rounds.len(), t.rounds.len(), "operation {}", i + 1);
            for (r, board) in b.rounds.iter().enumerate() {
                rounds.push((i, r, board.clone()));
            }
            if t.invalid.is_some() {
                assert_eq!(b.after, before, "an invalid operation changes nothing");
            } else if let Some(first) = b.rounds.first() {
                let mut swapped = before.clone();
                swap(&mut swapped, op.a, op.b);
                assert_eq!(first, &swapped, "round 1 is just after the swap");
            }
            before = b.after.clone();
        }
        assert_eq!(rounds, visited);
        assert_eq!(before, out.board);
        // Only the operations shown get boards.
        let mut shown = vec![false; q];
        shown[q - 1] = true;
        let some = op_boards(&case, &out.ops, &shown);
        assert!(some[..q - 1].iter().all(Option::is_none));
        assert_eq!(some[q - 1], all[q - 1]);
        // A trace that stops early leaves the rest without boards.
        assert!(op_boards(&case, &out.ops[..1], &vec![true; q])[1..]
            .iter()
            .all(Option::is_none));
    }

    #[test]
    fn gravity_keeps_the_order_of_each_column() {
        let mut b = board(&["12", "34", "56", "78"]);
        b.special = vec![0, 0, 1, 0, 0, 2, 0, 0];
        let removed = Cells::from_rows(&[0, 0b10, 0b01, 0]);
        remove_and_fall(&mut b, &removed);
        assert_eq!(b.colour, vec![0, 0, 1, 2, 3, 6, 7, 8]);
        assert_eq!(b.special, vec![0, 0, 0, 0, 1, 2, 0, 0]);
    }

    #[test]
    fn a_swap_cascades_until_the_board_is_stable() {
        // Swapping (2 3) and (3 3) lines up three 1s in row 3; the pieces above fall and the 2s of
        // column 1 make a run in the second round.
        let b = board(&["213", "231", "112", "233"]);
        let mut sim = sim_of(&b);
        assert!(!sim.is_valid(Pos::new(0, 0), Pos::new(1, 1)), "diagonal");
        assert!(!sim.is_valid(Pos::new(0, 0), Pos::new(0, 0)), "same cell");
        assert!(!sim.apply(Pos::new(3, 0), Pos::new(3, 1)), "no run");
        assert_eq!(sim.changes(), 0);
        assert!(sim.apply(Pos::new(1, 2), Pos::new(2, 2)));
        assert_eq!(sim.changes(), 1);
        assert_eq!(sim.colour(), &[0, 0, 0, 0, 1, 3, 0, 3, 2, 0, 3, 3]);
        // Swaps with an empty cell are invalid.
        assert!(!sim.apply(Pos::new(0, 1), Pos::new(1, 1)));
    }

    #[test]
    fn specials_chain_within_a_round() {
        // The swap makes row 4 a run of five 1s. Its special 1 adds its own row, its special 2
        // column 2, which reaches a special 4 at the top (the 3x3 square around it) and a special 6
        // (every 3). The 2s left fall to the bottom row and make a run of three in round 2.
        let mut b = board(&["23232", "32323", "23132", "11211"]);
        b.special[3 * 5] = 1;
        b.special[3 * 5 + 1] = 2;
        b.special[1] = 4;
        b.special[5 + 2] = 6;
        let mut sim = sim_of(&b);
        assert!(sim.apply(Pos::new(2, 2), Pos::new(3, 2)));
        let mut want = [0u8; 20];
        want[15] = 2;
        want[19] = 2;
        assert_eq!(sim.colour(), &want[..]);
        assert!(sim.special().iter().all(|&s| s == 0));
    }

    /// The simulation against the reference: on generated cases every operation's validity and
    /// the final board agree.
    #[test]
    fn the_simulation_plays_cases_as_the_reference_does() {
        let mut sim = Sim::new();
        for seed in 0..600u64 {
            let mut src = rng(seed);
            let profile = *src.pick(&[
                "tiny",
                "small",
                "specials",
                "cascade",
                "edges",
                "full",
                "many-colours",
                "storm-small",
            ]);
            let case = if profile == "storm-small" {
                let p = super::super::gen::Params {
                    specials: (0.1, 0.3),
                    ..super::super::gen::params("small").unwrap_or_else(|| unreachable!())
                };
                super::super::gen::generate_with(&p, &mut src)
            } else {
                super::super::gen::generate(profile, &mut src)
            };
            let want = reference::texas::outcome(&case);
            sim.load(case.n(), case.m(), &case.board.colour, &case.board.special);
            for (i, (&Op { a, b }, t)) in case.ops.iter().zip(&want.ops).enumerate() {
                assert_eq!(
                    sim.apply(a, b),
                    t.invalid.is_none(),
                    "seed {seed} operation {}\n{}",
                    i + 1,
                    case.write()
                );
            }
            assert_eq!(sim.board(), want.board, "seed {seed}\n{}", case.write());
        }
        // Long games on the largest board, with dense row, column and colour specials.
        for seed in 0..2 {
            let case = super::super::gen::generate("storm", &mut rng(seed));
            let want = reference::texas::outcome(&case);
            sim.load(50, 50, &case.board.colour, &case.board.special);
            let verdicts: Vec<bool> = case.ops.iter().map(|op| sim.apply(op.a, op.b)).collect();
            let valid: Vec<bool> = want.ops.iter().map(|t| t.invalid.is_none()).collect();
            assert_eq!(verdicts, valid, "storm seed {seed}");
            assert_eq!(sim.board(), want.board, "storm seed {seed}");
        }
    }
}
