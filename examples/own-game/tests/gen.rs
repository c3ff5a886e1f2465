//! Generators (determinism, sizes, what they reach), coverage keys and the shrinking steps.

use harness::rng::case_seed;
use own_game::coverage::{coverage, COVERAGE_KEYS};
use own_game::{gen, optimized, reference, Board, Case, Dir, Move};
use std::collections::HashSet;

#[test]
fn a_case_is_a_function_of_profile_and_seed() {
    for p in gen::PROFILES.iter().filter(|p| !p.bench_only) {
        let cases: Vec<Case> = (0..100).map(|s| p.case(s)).collect();
        for (s, case) in cases.iter().enumerate() {
            assert_eq!(*case, p.case(s as u64), "{} {s}", p.name);
        }
        let distinct: HashSet<&Case> = cases.iter().collect();
        assert!(
            distinct.len() >= 90,
            "{}: {} distinct",
            p.name,
            distinct.len()
        );
    }
    assert!(gen::profile("mix").is_some_and(|p| !p.bench_only));
    assert!(gen::profile("huge").is_some_and(|p| p.bench_only));
    assert_eq!(gen::PROFILES[0].name, gen::DEFAULT_PROFILE);
}

#[test]
fn profiles_make_what_they_promise() {
    fn cases(name: &'static str) -> impl Iterator<Item = Case> {
        (0..200).map(move |s| gen::case(name, case_seed(3, s)).expect("a profile"))
    }
    for case in cases("small") {
        assert!(case.board.n <= 3 && case.board.m <= 3 && case.moves.len() <= 6);
    }
    for case in cases("classic") {
        assert_eq!((case.board.n, case.board.m), (4, 4));
    }
    for case in cases("long") {
        assert!((case.board.n, case.board.m) == (4, 4) && case.moves.len() >= 1000);
    }
    let nearly_full = cases("full")
        .filter(|c| c.board.tiles() + 2 >= c.board.cells.len())
        .count();
    assert_eq!(nearly_full, 200);
    let past_2_15 = cases("large")
        .filter(|c| reference::run(c, false).board.max_tile() >= 1 << 16)
        .count();
    assert!(past_2_15 >= 100, "{past_2_15}");
    for case in cases("line") {
        assert!(case.board.n == 1 || case.board.m == 1);
    }
    for case in cases("mix").chain(cases("classic")) {
        assert!(case.board.max_tile() <= 1 << 20);
    }
    // Realistic games: most spawns land on an empty cell, some do not, and some moves change
    // nothing.
    let (mut placed, mut occupied, mut unchanged) = (0, 0, 0);
    for case in cases("classic").take(50) {
        for e in optimized::run(&case, true).events {
            placed += usize::from(e.placed);
            occupied += usize::from(e.changed && !e.placed);
            unchanged += usize::from(!e.changed);
        }
    }
    assert!(
        placed > 10 * occupied && occupied > 0 && unchanged > 0,
        "{placed} {occupied} {unchanged}"
    );
}

#[test]
fn huge_cases_are_benchmark_sized() {
    let case = gen::case("huge", 1).expect("a profile");
    assert_eq!(case.moves.len(), 100_000);
    assert!(matches!((case.board.n, case.board.m), (8, 8) | (4, 4)));
}

#[test]
fn mix_reaches_every_coverage_key() {
    let mut seen = vec![0usize; COVERAGE_KEYS.len()];
    for s in 0..3000 {
        let case = gen::case("mix", case_seed(11, s)).expect("a profile");
        let keys = coverage(&case, &optimized::run(&case, true));
        let distinct: HashSet<usize> = keys.iter().copied().collect();
        assert_eq!(distinct.len(), keys.len(), "a key twice");
        for k in keys {
            seen[k] += 1;
        }
    }
    let missing: Vec<&str> = (0..seen.len())
        .filter(|&k| seen[k] == 0)
        .map(|k| COVERAGE_KEYS[k])
        .collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}

#[test]
fn coverage_of_a_hand_made_case() {
    // A 1x4 row `2 2 2 0`: three equal tiles; L merges once; the spawn at (1, 1) is occupied.
    let case = Case {
        board: Board::from_rows(&[[2, 2, 2, 0]]),
        moves: vec![
            Move {
                dir: Dir::L,
                r: 0,
                c: 0,
                v: 2,
            },
            Move {
                dir: Dir::L,
                r: 0,
                c: 3,
                v: 4,
            },
        ],
    };
    let keys: Vec<&str> = coverage(&case, &reference::run(&case, true))
        .into_iter()
        .map(|k| COVERAGE_KEYS[k])
        .collect();
    assert_eq!(
        keys,
        [
            "three equal tiles in one line (one merge, one left)",
            "a move that changes nothing",
            "a spawn on an occupied cell (nothing placed)",
            "a 1xm board (m >= 2)",
        ]
    );
}

fn sample() -> Case {
    Case::parse(b"3 3 4\n2 0 4\n0 8 0\n2 2 16\nL 1 1 2\nU 2 2 4\nR 3 3 2\nD 3 1 2\n")
        .expect("parses")
}

#[test]
fn shrinking_steps_keep_cases_valid_and_lighter() {
    let case = sample();
    let weight = case.weight();
    let mut steps = Vec::new();
    for i in 0..5 {
        steps.push(case.without_move(i));
    }
    for r in 0..4 {
        steps.push(case.without_row(r));
        steps.push(case.without_col(r));
        for c in 0..4 {
            steps.push(case.lowered(r, c));
        }
    }
    let made: Vec<Case> = steps.into_iter().flatten().collect();
    // 4 moves, 3 rows, 3 columns, 6 tiles.
    assert_eq!(made.len(), 4 + 3 + 3 + 6);
    for smaller in &made {
        assert!(smaller.check().is_ok(), "{smaller:?}");
        assert!(smaller.weight() < weight, "{}", smaller.size());
        // Both engines run it alike.
        assert_eq!(optimized::run(smaller, true), reference::run(smaller, true));
    }
}

#[test]
fn shrinking_steps_do_what_they_say() {
    let case = sample();
    assert_eq!(case.size(), "3x3, q=4");
    let c = case.without_move(1).expect("a move");
    assert_eq!(c.moves.len(), 3);
    assert_eq!(c.moves[1], case.moves[2]);
    // Row 3 (0-based 2) goes: the move in it goes to row 2, the last one.
    let c = case.without_row(2).expect("a row");
    assert_eq!(c.board, Board::from_rows(&[[2, 0, 4], [0, 8, 0]]));
    let rows: Vec<usize> = c.moves.iter().map(|m| m.r).collect();
    assert_eq!(rows, [0, 1, 1, 1]);
    // Row 1 (0-based 0) goes: the others move up; its move goes to the new first row.
    let c = case.without_row(0).expect("a row");
    assert_eq!(c.board, Board::from_rows(&[[0, 8, 0], [2, 2, 16]]));
    let rows: Vec<usize> = c.moves.iter().map(|m| m.r).collect();
    assert_eq!(rows, [0, 0, 1, 1]);
    let c = case.without_col(1).expect("a column");
    assert_eq!(c.board, Board::from_rows(&[[2, 4], [0, 0], [2, 16]]));
    let cols: Vec<usize> = c.moves.iter().map(|m| m.c).collect();
    assert_eq!(cols, [0, 1, 1, 0]);
    let c = case.lowered(2, 2).expect("a tile");
    assert_eq!(c.board.get(2, 2), 8);
    let c = case.lowered(0, 0).expect("a tile");
    assert_eq!(c.board.get(0, 0), 0);
    assert_eq!(case.lowered(0, 1), None);
    assert_eq!(case.lowered(3, 0), None);
    assert_eq!(case.without_move(4), None);
    let row = Case::parse(b"1 2 1\n2 2\nL 1 2 2\n").expect("parses");
    assert_eq!(row.without_row(0), None);
    let c = row.without_col(1).expect("a column");
    assert_eq!((c.board.m, c.moves[0].c), (1, 0));
    assert_eq!(c.without_col(0), None);
}
