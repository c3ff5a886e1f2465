//! The moves of a case: on the nibble board while it can hold the tiles, then on the byte board;
//! the score, the moves that counted and, when traced, the events.

use super::bytes::{board_of_rows, rows_of, slide_wide, widen, Rows};
use super::{board_of_nibbles, exponent, pack4, slide4, tiles4, Tables};
use crate::case::{Board, Case, Dir, Move};
use crate::trace::{Event, Outcome};

/// Score, moves that changed the board, and the events when traced.
struct Tally {
    score: u64,
    moved: u64,
    events: Vec<Event>,
}

impl Tally {
    #[inline(always)]
    fn record<const TRACE: bool>(
        &mut self,
        mv: &Move,
        changed: bool,
        gained: u64,
        merges: u32,
        placed: bool,
        board: impl FnOnce() -> Board,
    ) {
        self.score += gained;
        self.moved += u64::from(changed);
        if TRACE {
            self.events.push(Event {
                mv: *mv,
                changed,
                gained,
                merges,
                placed,
                board: board(),
            });
        }
    }
}

/// Plays moves on the nibble board from the first on, until the end or a move whose merge would
/// pass 2^15: returns the index of the first move not played and the board.
fn play4<const TRACE: bool>(
    t: &Tables,
    moves: &[Move],
    mut b: u64,
    tally: &mut Tally,
) -> (usize, u64) {
    for (i, mv) in moves.iter().enumerate() {
        let Some((mut slid, gained)) = slide4(t, b, mv.dir) else {
            return (i, b);
        };
        // Each merge takes one tile off the board (only needed for the events).
        let merges = if TRACE { tiles4(b) - tiles4(slid) } else { 0 };
        let changed = slid != b;
        let mut placed = false;
        if changed {
            let shift = 16 * mv.r + 4 * mv.c;
            placed = (slid >> shift) & 0xf == 0;
            if placed {
                slid |= exponent(mv.v) << shift;
            }
        }
        b = slid;
        tally.record::<TRACE>(mv, changed, gained, merges, placed, || board_of_nibbles(b));
    }
    (moves.len(), b)
}

/// True when the slide of the nibble board `b` in `dir`, done on the byte board, makes a tile past
/// 2^15 (the one reason to leave the nibble board).
#[cfg_attr(mutants, mutants::skip)] // a debug check: its mutants only weaken the check
fn makes_past_2_15(t: &Tables, b: u64, dir: Dir) -> bool {
    let mut rows = widen(b);
    slide_wide(t, &mut rows, 4, 4, dir);
    rows.iter()
        .any(|row| row.to_le_bytes().iter().any(|&e| e > 15))
}

/// Plays moves on the byte board.
fn play_wide<const TRACE: bool>(
    t: &Tables,
    moves: &[Move],
    rows: &mut Rows,
    n: usize,
    m: usize,
    tally: &mut Tally,
) {
    for mv in moves {
        let before = *rows;
        let (gained, merges) = slide_wide(t, rows, n, m, mv.dir);
        let changed = *rows != before;
        let mut placed = false;
        if changed {
            let shift = 8 * mv.c;
            placed = (rows[mv.r] >> shift) & 0xff == 0;
            if placed {
                rows[mv.r] |= exponent(mv.v) << shift;
            }
        }
        let (gained, merges) = if changed { (gained, merges) } else { (0, 0) };
        tally.record::<TRACE>(mv, changed, gained, merges, placed, || {
            board_of_rows(rows, n, m)
        });
    }
}

fn play<const TRACE: bool>(case: &Case, t: &Tables) -> Outcome {
    let (n, m) = (case.board.n, case.board.m);
    let mut tally = Tally {
        score: 0,
        moved: 0,
        events: Vec::with_capacity(if TRACE { case.moves.len() } else { 0 }),
    };
    let packed = pack4(&case.board);
    // The engine's own checks (in the diff build): the nibble board is used whenever it can be,
    // and left only for a move that really makes a tile past 2^15. A fallback to the byte board
    // gives the same answers, so without these a broken fast path would go unseen.
    debug_assert_eq!(
        packed.is_some(),
        n == 4 && m == 4 && case.board.max_tile() <= 1 << 15,
        "the nibble board is used exactly for 4x4 boards of tiles up to 2^15"
    );
    let (start, mut rows) = match packed {
        Some(b) => {
            let (stop, b) = play4::<TRACE>(t, &case.moves, b, &mut tally);
            debug_assert!(
                stop == case.moves.len() || makes_past_2_15(t, b, case.moves[stop].dir),
                "the nibble board was left at move {} without a tile past 2^15",
                stop + 1
            );
            if stop == case.moves.len() {
                return Outcome {
                    score: tally.score,
                    moved: tally.moved,
                    board: board_of_nibbles(b),
                    events: tally.events,
                };
            }
            (stop, widen(b))
        }
        None => (0, rows_of(&case.board)),
    };
    play_wide::<TRACE>(t, &case.moves[start..], &mut rows, n, m, &mut tally);
    Outcome {
        score: tally.score,
        moved: tally.moved,
        board: board_of_rows(&rows, n, m),
        events: tally.events,
    }
}

pub(super) fn run_with(case: &Case, trace: bool, t: &Tables) -> Outcome {
    if trace {
        play::<true>(case, t)
    } else {
        play::<false>(case, t)
    }
}
