//! Rule coverage: which of [`COVERAGE_KEYS`] a case reached, read from the reference's trace.
//!
//! Specials and combo sizes need the board each round saw: the trace is replayed
//! ([`super::sim::replay_on`]) on a per-thread board buffer. Nothing here allocates per case except
//! the returned list.

use super::sim;
use super::COVERAGE_KEYS;
use model::texas::{Board, Case, Cells, HandKind, Invalid, Outcome};
use std::cell::RefCell;

/// The index of `name` in [`COVERAGE_KEYS`] (a compile error when it is not there).
const fn key(name: &str) -> usize {
    harness::roles::coverage::index(COVERAGE_KEYS, name)
}

/// The first six keys are the special types, in order.
const SPECIAL: [usize; 6] = [
    key("special 1 (row)"),
    key("special 2 (column)"),
    key("special 3 (row+column)"),
    key("special 4 (3x3)"),
    key("special 5 (5x5)"),
    key("special 6 (colour)"),
];
const SET_OFF_BY_SPECIAL: usize = key("special set off by special");
const NOT_ADJACENT: usize = key("invalid: not adjacent");
const EMPTY_CELL: usize = key("invalid: empty cell");
const NO_RUN: usize = key("invalid: no run");
const TWO_MAINS: usize = key("two main colours");
const CHAIN_2: usize = key("chain of 2 rounds");
const CHAIN_3_4: usize = key("chain of 3-4 rounds");
const CHAIN_5: usize = key("chain of 5+ rounds");
const COMBO_4: usize = key("combo of 4 (50)");
const COMBO_5: usize = key("combo of 5 (200)");
const COMBO_6: usize = key("combo of 6+ (450+)");
const ALL_VALID: usize = key("all operations valid");
const CLEARED: usize = key("board cleared");

const fn hand_key(kind: HandKind) -> usize {
    match kind {
        HandKind::HighCard => key("hand: high card"),
        HandKind::OnePair => key("hand: one pair"),
        HandKind::TwoPairs => key("hand: two pairs"),
        HandKind::ThreeOfAKind => key("hand: three of a kind"),
        HandKind::FullHouse => key("hand: full house"),
        HandKind::FourOfAKind => key("hand: four of a kind"),
        HandKind::FiveOfAKind => key("hand: five of a kind"),
    }
}

/// Per-thread buffers: the replayed board and the flood fill's work list.
struct Scratch {
    board: Board,
    stack: Vec<(usize, usize)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        board: Board::empty(0, 0),
        stack: Vec::new(),
    });
}

/// The coverage keys a case reached, given its reference outcome, in [`COVERAGE_KEYS`] order.
pub fn coverage(case: &Case, outcome: &Outcome) -> Vec<&'static str> {
    let mut hit = [false; COVERAGE_KEYS.len()];
    mark(case, outcome, &mut hit);
    COVERAGE_KEYS
        .iter()
        .zip(hit)
        .filter(|&(_, h)| h)
        .map(|(k, _)| *k)
        .collect()
}

/// Sets `hit[i]` for every key `COVERAGE_KEYS[i]` the case reached.
pub fn mark(case: &Case, outcome: &Outcome, hit: &mut [bool]) {
    // The replay is needed for the specials that went off (only the starting board has specials)
    // and for the sizes of combo components (a round without combo points has none of 4 or more).
    let has_specials = case.board.special.iter().any(|&s| s != 0);
    let mut needs_replay = false;
    for t in &outcome.ops {
        match t.invalid {
            Some(Invalid::NotAdjacent) => hit[NOT_ADJACENT] = true,
            Some(Invalid::EmptyCell) => hit[EMPTY_CELL] = true,
            Some(Invalid::NoRun) => hit[NO_RUN] = true,
            None => {}
        }
        if t.main.len() == 2 {
            hit[TWO_MAINS] = true;
        }
        match t.rounds.len() {
            2 => hit[CHAIN_2] = true,
            3 | 4 => hit[CHAIN_3_4] = true,
            x if x >= 5 => hit[CHAIN_5] = true,
            _ => {}
        }
        if let Some(h) = t.hand {
            hit[hand_key(h.kind)] = true;
        }
        needs_replay |= t.rounds.iter().any(|r| has_specials || r.combo > 0);
    }
    if !outcome.ops.is_empty() && outcome.ops.iter().all(|t| t.invalid.is_none()) {
        hit[ALL_VALID] = true;
    }
    if outcome.board.is_cleared() {
        hit[CLEARED] = true;
    }
    if !needs_replay {
        return;
    }
    let mut replay = |s: &mut Scratch| {
        let Scratch { board, stack } = s;
        sim::replay_on(board, case, &outcome.ops, |i, r, board| {
            let round = &outcome.ops[i].rounds[r];
            if has_specials {
                specials(board, round, hit);
            }
            if round.combo > 0 {
                components(board, &round.matched, stack, hit);
            }
        });
    };
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => replay(&mut s),
        Err(_) => replay(&mut Scratch {
            board: Board::empty(0, 0),
            stack: Vec::new(),
        }),
    });
}

/// The specials among the removed cells of a round, and whether one went off without being in a
/// run (another special set it off).
fn specials(board: &Board, round: &model::texas::Round, hit: &mut [bool]) {
    for (r, &bits) in round.removed.rows.iter().enumerate().take(board.n) {
        let mut bits = bits & width(board.m);
        let matched = round.matched.rows.get(r).copied().unwrap_or(0);
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let s = board.special_at(r, c);
            if (1..=6).contains(&s) {
                hit[SPECIAL[usize::from(s) - 1]] = true;
                if matched >> c & 1 == 0 {
                    hit[SET_OFF_BY_SPECIAL] = true;
                }
            }
        }
    }
}

fn width(m: usize) -> u64 {
    if m >= 64 {
        u64::MAX
    } else {
        (1u64 << m) - 1
    }
}

/// Marks the combo keys for the 4-connected one-colour components of `cells` on `board`.
fn components(board: &Board, cells: &Cells, stack: &mut Vec<(usize, usize)>, hit: &mut [bool]) {
    component_sizes(board, cells, stack, |size| match size {
        4 => hit[COMBO_4] = true,
        5 => hit[COMBO_5] = true,
        x if x >= 6 => hit[COMBO_6] = true,
        _ => {}
    });
}

/// Calls `found(size)` for every 4-connected one-colour component of `cells` on `board` (cells
/// outside the board are ignored).
pub fn component_sizes(
    board: &Board,
    cells: &Cells,
    stack: &mut Vec<(usize, usize)>,
    mut found: impl FnMut(usize),
) {
    let (n, m) = (board.n, board.m);
    let mut left = [0u64; model::texas::MAX_SIDE];
    for (r, &bits) in cells.rows.iter().enumerate().take(n) {
        left[r] = bits & width(m);
    }
    for r0 in 0..n {
        while left[r0] != 0 {
            let c0 = left[r0].trailing_zeros() as usize;
            left[r0] &= !(1u64 << c0);
            let colour = board.colour_at(r0, c0);
            stack.clear();
            stack.push((r0, c0));
            let mut size = 0;
            while let Some((r, c)) = stack.pop() {
                size += 1;
                let near = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in near {
                    if nr < n
                        && nc < m
                        && left[nr] >> nc & 1 == 1
                        && board.colour_at(nr, nc) == colour
                    {
                        left[nr] &= !(1u64 << nc);
                        stack.push((nr, nc));
                    }
                }
            }
            found(size);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample1() -> Case {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
        Case::parse(&std::fs::read(path).unwrap()).unwrap()
    }

    #[test]
    fn coverage_sees_the_rules_sample_1_uses() {
        let case = sample1();
        let out = reference::texas::outcome(&case);
        let hit = coverage(&case, &out);
        // Both endgame bonuses: every operation valid and the board cleared.
        for key in [
            "hand: two pairs",
            "all operations valid",
            "board cleared",
            "special 5 (5x5)",
        ] {
            assert!(hit.contains(&key), "{key} not in {hit:?}");
        }
        assert!(!hit.contains(&"invalid: no run"));
        assert!(!hit.contains(&"hand: full house"));
        // Twice on one thread gives the same (the buffers are reused).
        assert_eq!(coverage(&case, &out), hit);
    }

    #[test]
    fn the_key_indices_name_their_keys() {
        assert_eq!(COVERAGE_KEYS[SPECIAL[0]], "special 1 (row)");
        assert_eq!(COVERAGE_KEYS[SPECIAL[5]], "special 6 (colour)");
        assert_eq!(COVERAGE_KEYS[CLEARED], "board cleared");
        assert_eq!(
            COVERAGE_KEYS[hand_key(HandKind::FiveOfAKind)],
            "hand: five of a kind"
        );
    }

    #[test]
    fn components_split_by_colour_and_adjacency() {
        // 1 1 2   The cells are all but (3 3): the 1s make one component of 4, the 2s one of 3,
        // 1 2 2   the 3 at (3 2) one of 1.
        // 1 3 3
        let board = Board {
            n: 3,
            m: 3,
            colour: vec![1, 1, 2, 1, 2, 2, 1, 3, 3],
            special: vec![0; 9],
        };
        let cells = Cells::from_rows(&[0b111, 0b111, 0b011]);
        let mut sizes = Vec::new();
        component_sizes(&board, &cells, &mut Vec::new(), |s| sizes.push(s));
        sizes.sort_unstable();
        assert_eq!(sizes, vec![1, 3, 4]);
    }

    #[test]
    fn a_special_set_off_by_another_is_seen() {
        // Row 4 becomes a run of five 1s holding a special 2, whose column reaches a special 4
        // outside any run.
        let board = Board {
            n: 4,
            m: 5,
            colour: vec![2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 1, 3, 2, 1, 1, 2, 1, 1],
            special: vec![0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0],
        };
        let case = Case {
            k: 3,
            board,
            ops: vec![model::texas::Op {
                a: model::texas::Pos::new(2, 2),
                b: model::texas::Pos::new(3, 2),
            }],
        };
        case.validate().unwrap();
        let hit = coverage(&case, &reference::texas::outcome(&case));
        for key in [
            "special 2 (column)",
            "special 4 (3x3)",
            "special set off by special",
            "combo of 5 (200)",
        ] {
            assert!(hit.contains(&key), "{key} not in {hit:?}");
        }
        assert!(!hit.contains(&"special 1 (row)"));
    }
}
