//! One engine plays many cases: whatever board it held before, each case gets the answer a fresh
//! engine gives, and the reference's. Loading clears only what the previous board used, so the
//! cases go from the largest board to the smallest and back, with and without specials.

mod common;

use common::{game, rng, Profile};
use engine::texas::{outcome, play, Engine};
use model::texas::{Board, Case, NoTrace};

/// A profile of `n x m` boards with `k` colours and `q` operations, mostly valid, specials on a
/// `density` share of the cells.
fn profile(n: usize, m: usize, k: u8, q: usize, density: f64) -> Profile {
    Profile {
        n,
        m,
        k,
        palette: Vec::new(),
        special_density: density,
        special_types: (1..=6).collect(),
        q,
        p_valid: 0.8,
    }
}

/// Cases of every size from 50 x 50 down to 1 x 1 and back up, in one sequence.
fn cases() -> Vec<Case> {
    let sizes = [
        (50, 50, 0.01),
        (3, 3, 0.3),
        (50, 2, 0.05),
        (1, 1, 0.0),
        (12, 12, 0.1),
        (2, 50, 0.05),
        (4, 4, 0.5),
        (20, 7, 0.0),
        (3, 1, 0.0),
        (50, 50, 0.0),
        (1, 3, 0.0),
    ];
    let mut rng = rng(7);
    let mut out = Vec::new();
    for round in 0..3 {
        for &(n, m, density) in &sizes {
            let k = 3 + round as u8;
            if let Some(case) = game(&mut rng, &profile(n, m, k, 12, density)) {
                out.push(case);
            }
        }
    }
    out
}

#[test]
fn a_reused_engine_answers_every_case_as_a_fresh_one() {
    let cases = cases();
    assert!(cases.len() >= 25, "only {} cases drawn", cases.len());
    let mut kept = Engine::new();
    for (i, case) in cases.iter().enumerate() {
        let want = Engine::new().play(case, &mut NoTrace);
        assert_eq!(kept.play(case, &mut NoTrace), want, "case {i}");
        let reference = reference::texas::outcome(case);
        assert_eq!(want.0, reference.score, "case {i}");
        assert_eq!(want.1, reference.board, "case {i}");
        // `play` and `outcome` reuse the thread's engine; the trace must match too.
        assert_eq!(play(case, &mut NoTrace), want, "case {i}");
        assert_eq!(outcome(case), reference, "case {i}");
    }
}

#[test]
fn a_case_that_panics_in_load_leaves_the_next_case_right() {
    // A 6 x 6 board whose last colour is too large: loading writes the bytes, then panics.
    let mut board = Board::empty(6, 6);
    for (i, x) in board.colour.iter_mut().enumerate() {
        *x = [1, 2, 3][(i + i / 6) % 3];
    }
    board.colour[35] = 120;
    let bad = Case {
        k: 120,
        board,
        ops: Vec::new(),
    };
    let panicked = std::panic::catch_unwind(|| play(&bad, &mut NoTrace));
    assert!(panicked.is_err(), "a colour above 100 must not load");
    let mut rng = rng(11);
    let mut checked = 0;
    for (n, m) in [(3, 3), (2, 4), (6, 6), (1, 2)] {
        if let Some(case) = game(&mut rng, &profile(n, m, 4, 6, 0.2)) {
            assert_eq!(outcome(&case), reference::texas::outcome(&case), "{n}x{m}");
            checked += 1;
        }
    }
    assert_eq!(checked, 4);
}
