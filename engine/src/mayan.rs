//! Mayan puzzle (NOIP 2011): the fast solver.
//!
//! The same answer as the exhaustive search (the lexicographically smallest sequence of exactly n
//! moves that empties the board), found with a packed board and four safe prunes:
//!
//! 1. **Lonely colours.** Blocks are only ever removed in runs of three or more of one colour and
//!    no block is ever added, so a board holding a colour exactly once or twice can never be
//!    emptied.
//! 2. **Left swaps.** Dragging (x, y) left into an occupied cell swaps it with (x - 1, y), exactly
//!    as dragging (x - 1, y) right does; that move has a smaller x, so it comes first in the order
//!    and leads to the same board. A sequence using the left swap is never the smallest: skip it.
//! 3. **Spread-out colours** (`spread::Spread`). A colour's blocks go in runs, so by the time
//!    the last of them is gone, the columns where they went form a sum of run patterns (one
//!    block per column over three to five neighbouring columns, or three or more in one column,
//!    crossing runs sharing a block). Blocks change columns only when dragged, one column per
//!    move, and a move displaces at most one block of each colour and two in all. For a colour
//!    held up to seven times, a table gives the fewest column steps to such a sum. A position
//!    whose colours need more steps than its moves left can make (one colour more than the
//!    moves, or all together more than twice the moves) can never be emptied in time. And a
//!    colour that needs as many steps as there are moves left must have a block displaced by the
//!    very next move: the other moves are not tried. Prune 1 is the case of a colour that no
//!    steps can help.
//! 4. **Hopeless positions.** The search visits moves in order and stops at the first success, so
//!    a (board, moves left) that failed once fails again: it is remembered and skipped. Only full
//!    failures are remembered (prunes 1 to 3 only skip moves and positions that lead to no empty
//!    board at all, so "failed" means "no sequence at all"), which makes the table safe whatever
//!    path reaches the position again.
//!
//! Moves that remove nothing (even a swap of two equal blocks, which changes nothing) are legal and
//! are searched like any other: when the board can be emptied early, such a stall is what fills the
//! sequence up to exactly n moves.
//!
//! The board packs each column into a `u32`: row y is the nibble at bits 4y..4y+4, 0 for empty.
//! Since blocks never float, a column's height is given by its highest non-zero nibble.
//!
//! Most moves remove nothing (on dense boards more than nine in ten), and on a settled board a run
//! can only form through a cell the drag changed: a swap changes two cells of one row, a drop the
//! top of the target column and the source column from the dragged row up. A drop therefore looks
//! for runs in the two columns it touched and in the column triples that include one of them; the
//! swaps of a pair of columns are looked at all at once, every row in parallel. The board is
//! settled (the full run search, repeated until nothing falls) only when a run forms. With one
//! move left, a move that removes nothing cannot empty the board: it costs that look and nothing
//! more. How many blocks of each colour stand in each column travels down the search and changes
//! only by the dragged blocks and the blocks a settle removes, so prune 3 costs two table lookups
//! after a move that removes nothing.
//! A position's children are all played before any is searched, so that their table slots can be
//! loaded from memory together.

mod board;
mod spread;
mod table;
#[cfg(test)]
mod tests;

use board::height;
pub use board::Packed;
use model::mayan::{Answer, Case, Move, COLS, ROWS};
use spread::{Spread, Spreads, Steps, SPREAD_BITS};
use table::{hash, key, Hopeless, Key};

/// Counters of one search, for benchmarks and reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Moves tried.
    pub moves: u64,
    /// Moves that formed a run, so the board was settled (a drag and its cascade).
    pub settled: u64,
    /// Positions searched (with at least one move left).
    pub nodes: u64,
    /// Positions skipped because they were known hopeless.
    pub memo_hits: u64,
    /// Positions skipped because a colour was left once or twice, or its blocks stand too far
    /// apart for the moves left (`spread::Spread`).
    pub too_far: u64,
    /// Positions remembered as hopeless.
    pub remembered: usize,
}

/// The most moves left a key can hold (4 bits), so the most moves a case may ask for here; the
/// statement (and the parser) allow 5. Positions with one move left are remembered too:
/// transpositions make them recur often, and a lookup is cheaper than trying their moves again.
pub const MAX_LEFT: usize = 15;

/// Adds one to a search counter.
#[cfg_attr(mutants, mutants::skip)] // the counters are for benchmarks: no answer depends on them
#[inline(always)]
fn tick(counter: &mut u64) {
    *counter += 1;
}

/// The first size of the table (log2 of its slots) for a case of n moves: about as many slots as
/// a dense board fills; the pages are only touched (zeroed by the system) where keys land.
#[cfg_attr(mutants, mutants::skip)] // the table grows when it fills: its first size only trades memory for time
fn first_table_bits(n: usize) -> u32 {
    let bits = if n >= 4 { 16 } else { 10 };
    // Sixteen slots in the diff build, so that the table grows there and its growth is checked
    // (against the standard set) on every case.
    // Indexed by whether debug assertions are on: [optimized build, diff build].
    [bits, 4][usize::from(cfg!(debug_assertions))]
}

/// Plays every move of the board in the statement's order (x, then y, then right before left),
/// the left swaps left out, and calls `f(x, y, t, board, run)` with the board after the drag
/// (not settled) and whether a run formed, until `f` returns true; returns whether it did. Moves
/// that displace no block of some colour of `need` (a bit per colour) are left out too. The
/// columns are unrolled so that the drags index the board with constants.
#[inline(always)]
fn each_move(
    board: &Packed,
    need: u16,
    mut f: impl FnMut(usize, usize, usize, Packed, bool) -> bool,
) -> bool {
    column_moves::<0>(board, need, &mut f)
        || column_moves::<1>(board, need, &mut f)
        || column_moves::<2>(board, need, &mut f)
        || column_moves::<3>(board, need, &mut f)
        || column_moves::<4>(board, need, &mut f)
}

/// The moves of the blocks of column X, for [`each_move`].
#[inline(always)]
fn column_moves<const X: usize>(
    board: &Packed,
    need: u16,
    f: &mut impl FnMut(usize, usize, usize, Packed, bool) -> bool,
) -> bool {
    let column = board.0[X];
    let h = height(column);
    // The right neighbour (column X itself stands in for a missing one; it is not used then).
    let right = board.0[(X + 1).min(COLS - 1)];
    let right_height = if X + 1 < COLS { height(right) } else { 0 };
    // Left drags from rows at or above the left column's height only: a left swap is skipped.
    // Column 0 has no left drag.
    let left_from = if X > 0 {
        height(board.0[X.saturating_sub(1)])
    } else {
        ROWS
    };
    // The swaps of columns X and X + 1 that form a run, looked at when first needed.
    let mut swaps = None;
    for y in 0..h {
        let dragged = 1u16 << ((column >> (4 * y)) & 0xF);
        if X + 1 < COLS {
            let t = (X + 1).min(COLS - 1);
            if y < right_height {
                let partner = 1u16 << ((right >> (4 * y)) & 0xF);
                if need & !(dragged | partner) == 0 {
                    let runs = *swaps.get_or_insert_with(|| board.swap_runs(X.min(COLS - 2)));
                    let run = runs >> (4 * y) & 8 != 0;
                    if f(X, y, t, board.swapped(X.min(COLS - 2), y), run) {
                        return true;
                    }
                }
            } else if need & !dragged == 0 {
                let (next, run) = board.dropped(X, y, t);
                if f(X, y, t, next, run) {
                    return true;
                }
            }
        }
        if y >= left_from && need & !dragged == 0 {
            let t = X.saturating_sub(1);
            let (next, run) = board.dropped(X, y, t);
            if f(X, y, t, next, run) {
                return true;
            }
        }
    }
    false
}

/// A position to search with what the search keeps about it.
#[derive(Debug, Clone, Copy)]
struct Node {
    board: Packed,
    spreads: Spreads,
    steps: Steps,
    /// The colours the next move must displace ([`Spread::needs`]).
    need: u16,
    /// The table key for the moves left, and its hash.
    key: Key,
    hash: u64,
}

/// A position one move deeper, waiting to be searched, and the move to it.
#[derive(Debug, Clone, Copy)]
struct Child {
    node: Node,
    x: u8,
    y: u8,
    t: u8,
}

/// The move from (x, y) to column t.
fn move_to(x: usize, y: usize, t: usize) -> Move {
    Move::new(x, y, if t > x { 1 } else { -1 })
}

/// The solver's state for one case.
struct Search {
    path: Vec<Move>,
    hopeless: Hopeless,
    stats: Stats,
    /// The children of the position being searched at each depth (kept to reuse their memory).
    children: Vec<Vec<Child>>,
    /// The table's positions as (board, moves left), kept by a standard set in the diff build to
    /// check every lookup and insertion of the table (whose keys pack the board).
    #[cfg(debug_assertions)]
    shadow: std::collections::HashSet<(Packed, usize)>,
}

impl Search {
    /// Searches `node` with `left` >= 1 moves to go; `depth` moves are already on the path. The
    /// board is not empty and its colours are not too far apart for `left` moves.
    fn run(&mut self, node: &Node, left: usize, depth: usize) -> bool {
        tick(&mut self.stats.nodes);
        let hopeless = self.hopeless.contains(&node.key, node.hash);
        #[cfg(debug_assertions)]
        assert_eq!(
            hopeless,
            self.shadow.contains(&(node.board, left)),
            "the table of hopeless positions, {left} left"
        );
        if hopeless {
            tick(&mut self.stats.memo_hits);
            return false;
        }
        let found = if left == 1 {
            self.last_move(&node.board, node.need, depth)
        } else {
            self.expand(node, left, depth)
        };
        if found {
            // The search ends here: nothing is remembered of a position that leads to the answer.
            return true;
        }
        self.hopeless.insert(&node.key, node.hash);
        #[cfg(debug_assertions)]
        {
            self.shadow.insert((node.board, left));
            assert_eq!(
                self.hopeless.len,
                self.shadow.len(),
                "positions in the table"
            );
        }
        self.stats.remembered = self.hopeless.len;
        false
    }

    /// With one move left: the first move that empties the board, written on the path.
    fn last_move(&mut self, board: &Packed, need: u16, depth: usize) -> bool {
        let stats = &mut self.stats;
        let mut hit = None;
        each_move(board, need, |x, y, t, mut next, run| {
            tick(&mut stats.moves);
            // A move that removes nothing leaves at least the dragged block.
            if !run {
                debug_assert_eq!(
                    next.runs().1,
                    0,
                    "a move not flagged as forming a run formed one"
                );
                return false;
            }
            tick(&mut stats.settled);
            let mut scratch = [0; 16];
            let removed = next.settle(&mut scratch);
            debug_assert!(removed, "a move flagged as forming a run removed nothing");
            let empty = next.is_empty();
            if empty {
                hit = Some(move_to(x, y, t));
            }
            empty
        });
        match hit {
            Some(m) => {
                self.path[depth] = m;
                true
            }
            None => false,
        }
    }

    /// With two or more moves left: plays every move, then searches the resulting positions in
    /// order. Playing them all first lets their table slots be loaded together.
    fn expand(&mut self, node: &Node, left: usize, depth: usize) -> bool {
        let mut children = std::mem::take(&mut self.children[depth]);
        children.clear();
        let stats = &mut self.stats;
        let board = &node.board;
        each_move(board, node.need, |x, y, t, mut next, run| {
            tick(&mut stats.moves);
            // The dragged block goes from column x to t; in a swap the block of (t, y) goes the
            // other way (when both have one colour, the two cancel).
            let (from, to) = (SPREAD_BITS as usize * x, SPREAD_BITS as usize * t);
            let mut spreads = node.spreads;
            let dragged = ((board.0[x] >> (4 * y)) & 0xF) as usize;
            spreads[dragged] = spreads[dragged]
                .wrapping_add(1 << to)
                .wrapping_sub(1 << from);
            let swapped = ((board.0[t] >> (4 * y)) & 0xF) as usize;
            spreads[swapped] = spreads[swapped]
                .wrapping_add(u16::from(swapped != 0) << from)
                .wrapping_sub(u16::from(swapped != 0) << to);
            let steps = if run {
                tick(&mut stats.settled);
                let removed = next.settle(&mut spreads);
                debug_assert!(removed, "a move flagged as forming a run removed nothing");
                // Emptied too early: no move is possible on an empty board.
                if next.is_empty() {
                    return false;
                }
                Spread::steps_of(&spreads)
            } else {
                debug_assert_eq!(
                    next.runs().1,
                    0,
                    "a move not flagged as forming a run formed one"
                );
                let mut steps = node.steps;
                steps[dragged] = Spread::of(spreads[dragged]);
                steps[swapped] = Spread::of(spreads[swapped]);
                steps
            };
            // The counts kept up move by move are those of the board (O(blocks): checked in the
            // diff build, where debug assertions are on).
            debug_assert_eq!(spreads, next.spreads(), "spreads after a move");
            debug_assert_eq!(steps, Spread::steps_of(&spreads), "steps after a move");
            let Some(need) = Spread::needs(&steps, left - 1) else {
                tick(&mut stats.too_far);
                return false;
            };
            let key = key(&next, left - 1);
            children.push(Child {
                node: Node {
                    board: next,
                    spreads,
                    steps,
                    need,
                    key,
                    hash: hash(&key),
                },
                x: x as u8,
                y: y as u8,
                t: t as u8,
            });
            false
        });
        self.hopeless.warm(children.iter().map(|c| c.node.hash));
        let mut found = false;
        for child in &children {
            if self.run(&child.node, left - 1, depth + 1) {
                self.path[depth] = move_to(child.x.into(), child.y.into(), child.t.into());
                found = true;
                break;
            }
        }
        self.children[depth] = children;
        found
    }
}

/// The answer, with the search counters.
pub fn solve_with_stats(case: &Case) -> (Answer, Stats) {
    #[cfg(debug_assertions)]
    spread::check_table();
    let board = Packed::from_case(case);
    let n = case.n;
    assert!(
        n <= MAX_LEFT,
        "n = {n}: the solver takes at most {MAX_LEFT} moves (the statement allows 5)"
    );
    let mut search = Search {
        path: vec![Move::new(0, 0, 1); n],
        hopeless: Hopeless::new(first_table_bits(n)),
        stats: Stats::default(),
        children: vec![Vec::with_capacity(2 * COLS * ROWS); n],
        #[cfg(debug_assertions)]
        shadow: std::collections::HashSet::new(),
    };
    if n == 0 {
        let answer = board.is_empty().then(Vec::new);
        return (answer, search.stats);
    }
    if board.is_empty() {
        return (None, search.stats);
    }
    let spreads = board.spreads();
    let steps = Spread::steps_of(&spreads);
    let Some(need) = Spread::needs(&steps, n) else {
        tick(&mut search.stats.too_far);
        return (None, search.stats);
    };
    let key = key(&board, n);
    let node = Node {
        board,
        spreads,
        steps,
        need,
        key,
        hash: hash(&key),
    };
    let found = search.run(&node, n, 0);
    let answer = found.then_some(search.path);
    (answer, search.stats)
}

/// The answer: the lexicographically smallest sequence of exactly n moves that empties the board.
/// The case is a valid input: its board holds no run (the parser rejects one), so a move that
/// forms no run needs no settling.
pub fn solve(case: &Case) -> Answer {
    solve_with_stats(case).0
}
