//! Tests of 2048's scopes by construction: every case valid and distinct, the lists against a
//! brute-force one, exact counts, the named ones' reach, and bad expressions.

use super::*;
use crate::Game2048;
use harness::roles::{Bounded, Format};
use std::collections::{BTreeSet, HashSet};

fn built(text: &str) -> Box<dyn Scope<Case>> {
    Game2048::scope(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every index of `s` is a valid case: the checks of a case built in code, the text format
/// written and read back, and the reference plays it. Returns the cases, each once.
fn valid_cases(text: &str, s: &dyn Scope<Case>) -> HashSet<Case> {
    let mut seen = HashSet::new();
    for i in 0..s.len() {
        let c = s
            .case(i)
            .unwrap_or_else(|| panic!("{text}: index {i} skipped"));
        assert!(c.check().is_ok(), "{text} #{i}: {:?}", c.check());
        assert_eq!(
            Game2048::parse(Game2048::write(&c).as_bytes()).unwrap(),
            c,
            "{text} #{i}"
        );
        crate::reference::run(&c, false);
        assert!(seen.insert(c), "{text}: index {i} repeats a case");
    }
    assert!(s.case(s.len()).is_none());
    seen
}

/// Every board of `n` x `m` cells over `values`.
fn boards(n: usize, m: usize, values: &[u64]) -> Vec<Board> {
    let mut all = vec![Vec::new()];
    for _ in 0..n * m {
        all = all
            .into_iter()
            .flat_map(|b: Vec<u64>| values.iter().map(move |&v| [b.clone(), vec![v]].concat()))
            .collect();
    }
    all.into_iter().map(|cells| Board { n, m, cells }).collect()
}

#[test]
fn lines_are_every_row_and_column_under_every_move() {
    let text = "lines: len<=3, values=0,2,4, q<=1";
    let s = built(text);
    let seen = valid_cases(text, &*s);
    let mut expected = HashSet::new();
    for (n, m) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1)] {
        for board in boards(n, m, &[0, 2, 4]) {
            expected.insert(Case {
                board: board.clone(),
                moves: vec![],
            });
            for dir in Dir::ALL {
                for cell in 0..n * m {
                    for v in [2, 4] {
                        let (r, c) = (cell / m, cell % m);
                        let moves = vec![Move { dir, r, c, v }];
                        expected.insert(Case {
                            board: board.clone(),
                            moves,
                        });
                    }
                }
            }
        }
    }
    assert_eq!(seen, expected);
    // Smallest first: the length never goes down along the indices.
    let lengths: Vec<usize> = (0..s.len())
        .map(|i| s.case(i).unwrap().board.cells.len())
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn grids_are_every_board_under_every_direction_with_spawns_on_every_cell() {
    let text = "grid: n=2, m=3, values=0,2,32768, q<=2";
    let s = built(text);
    let seen = valid_cases(text, &*s);
    let per_board = 1 + 4 + 16;
    assert_eq!(s.len(), 3u64.pow(6) * per_board);
    // Each board with each sequence of directions exactly once.
    let dirs: HashSet<(Board, Vec<Dir>)> = seen
        .iter()
        .map(|c| (c.board.clone(), c.moves.iter().map(|m| m.dir).collect()))
        .collect();
    assert_eq!(dirs.len() as u64, s.len());
    let all: HashSet<Board> = boards(2, 3, &[0, 2, 32768]).into_iter().collect();
    assert!(seen.iter().all(|c| all.contains(&c.board)));
    // Every cell and both values are spawns.
    let spawns: HashSet<(usize, usize, u64)> = seen
        .iter()
        .flat_map(|c| c.moves.iter().map(|m| (m.r, m.c, m.v)))
        .collect();
    assert_eq!(spawns.len(), 6 * 2);
}

#[test]
fn named_constructed_scopes_are_valid_at_every_index_of_the_small_ones() {
    valid_cases("lines", &*built("lines"));
    // The larger ones: every index of a spread sample, and their exact counts.
    for (name, len) in [
        ("long-lines", 1_193_616),
        ("packed", 1_376_256),
        ("packed-overflow", 1_376_256),
        ("packed-three", 215_233_605),
        ("overflow-three", 215_233_605),
    ] {
        let s = built(name);
        assert_eq!(s.len(), len, "{name}");
        for i in (0..s.len()).step_by((s.len() / 3000) as usize) {
            let c = s.case(i).unwrap();
            assert!(c.check().is_ok(), "{name} #{i}");
            assert_eq!(
                Game2048::parse(Game2048::write(&c).as_bytes()).unwrap(),
                c,
                "{name} #{i}"
            );
        }
    }
}

/// Runs `indices` of a scope through both engines, which must agree on every case.
fn agree(s: &dyn Scope<Case>, indices: impl Iterator<Item = u64>) -> BTreeSet<&'static str> {
    let out = harness::proof::sample::sample::<Game2048>(s, indices);
    assert_eq!(out.skipped, 0, "2048 skips no index");
    assert!(out.failure.is_none(), "{:?}", out.failure);
    for (key, why) in s.unreachable() {
        assert!(!out.reached.contains(key), "{key} is reached, yet: {why}");
    }
    out.reached
}

#[test]
fn lines_agree_everywhere_and_hold_double_merges() {
    let s = built("lines");
    let reached = agree(&*s, 0..s.len());
    for key in [
        "three equal tiles in one line (one merge, one left)",
        "four or more equal tiles in one line (two merges)",
        "a tile made by a merge meets an equal tile (which must not merge)",
        "a 1x1 board",
        "an nx1 board (n >= 2)",
    ] {
        assert!(reached.contains(key), "{key}");
    }
    let unreachable: Vec<&str> = s.unreachable().iter().map(|(k, _)| *k).collect();
    assert!(unreachable.contains(&"a move with merges in several lines"));
}

#[test]
fn the_packed_scopes_agree_on_a_sample_and_reach_the_overflow() {
    let s = built("packed");
    agree(&*s, (0..s.len()).step_by(97));
    let s = built("packed-overflow");
    let reached = agree(&*s, (0..s.len()).step_by(97));
    assert!(reached.contains("a merge past 2^15 (a tile of 2^16 made)"));
    assert!(reached.contains("a 4x4 board of tiles up to 2^15 that makes a 2^16"));
    for named in Game2048::scopes() {
        let s = built(named.name);
        let unknown = harness::proof::sample::unknown_unreachable::<Game2048>(&*s);
        assert!(unknown.is_empty(), "{}: {unknown:?}", named.name);
    }
}

#[test]
fn constructed_canonical_forms_round_trip() {
    for text in [
        "lines: len=2..5, values=0,4, q=1",
        "grid: values=16384,32768,0",
        "grid: n=3, m=2, values=0..0,2, q=0..3",
        "lines",
        "packed-overflow",
    ] {
        let s = built(text);
        let again = built(&s.canonical());
        assert_eq!(again.canonical(), s.canonical(), "{text}");
        assert_eq!(again.len(), s.len(), "{text}");
        assert!(s.canonical().starts_with("lines:") || s.canonical().starts_with("grid:"));
    }
    assert_eq!(
        built("grid: values=0,32768,2").canonical(),
        "grid:n=4,m=4,values=0,2,32768,q=0..1"
    );
}

#[test]
fn bad_constructed_expressions_name_the_token() {
    let err = |t: &str| Game2048::scope(t).err().unwrap();
    let tile = err("lines: len<=2, values=0,3, q=1");
    assert_eq!(tile.token, "values=0,3");
    assert!(tile.why.contains("3 is not a tile"), "{tile}");
    assert_eq!(err("grid: values=1").token, "values=1");
    assert_eq!(err("grid: n=2..3").token, "n=2..3");
    assert!(err("grid: n=2..3").why.contains("one value"));
    let family = err("squares: n=1");
    assert_eq!(family.token, "squares:");
    assert!(family.why.contains("lines, grid"), "{family}");
    let unknown = err("lines: n=2");
    assert!(unknown.why.contains("family `lines`"), "{unknown}");
    assert_eq!(err("lines: q=3").token, "q=3");
    assert_eq!(err("lines: len=9").token, "len=9");
    assert!(err("grid: n=8, m=8, values=0,2").why.contains("2^64"));
    assert!(err("grid: values=0,2,2").why.contains("twice"));
    // The plain scope refuses a set where it takes a range.
    assert_eq!(err("n=1,2").token, "n=1,2");
}

/// The plain scopes are what they were: expressions, counts and a few cases pinned.
#[test]
fn the_plain_named_scopes_are_unchanged() {
    for (name, canonical, len) in [
        ("tiny", "n=1..2,m=1..2,e=3,q=0..1", 9_028u64),
        ("minute", "n=1..2,m=1..3,e=5,q=0..2", 111_301_350),
        ("ten-minutes", "n=1..3,m=1..3,e=5,q=0..1", 740_298_942),
        ("rows", "n=1,m=1..8,e=4,q=0..2", 1_917_480_440),
        ("four-by-four", "n=1..4,m=1..4,e=2,q=0..1", 5_658_497_496),
    ] {
        let s = built(name);
        assert_eq!(
            (s.canonical().as_str(), s.len()),
            (canonical, len),
            "{name}"
        );
    }
    let tiny = built("tiny");
    let c = tiny.case(9_000).unwrap();
    assert_eq!(Game2048::write(&c), "2 2 1\n0 2\n4 8\nD 2 2 4\n");
}
