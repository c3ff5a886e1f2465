//! Tests of 2048's scopes: validity, distinctness, order, the cases against a brute-force list,
//! the named scopes' agreement and reach, and bad expressions.

use super::*;
use crate::Game2048;
use harness::roles::{Bounded, Coverage, Format};
use std::collections::{BTreeSet, HashSet};

fn scope(text: &str) -> Scope2048 {
    parse(text).unwrap()
}

/// Every case of boards `n x m` with tiles up to 2^e and `q` moves, listed by nested loops.
fn brute_force(n: usize, m: usize, e: u32, q: usize, out: &mut HashSet<Case>) {
    let values: Vec<u64> = std::iter::once(0).chain((1..=e).map(|k| 1 << k)).collect();
    let mut all_moves = Vec::new();
    for dir in Dir::ALL {
        for r in 0..n {
            for c in 0..m {
                for v in [2, 4] {
                    all_moves.push(Move { dir, r, c, v });
                }
            }
        }
    }
    let mut boards = vec![Vec::new()];
    for _ in 0..n * m {
        boards = boards
            .into_iter()
            .flat_map(|b: Vec<u64>| values.iter().map(move |&v| [b.clone(), vec![v]].concat()))
            .collect();
    }
    let mut lists = vec![Vec::new()];
    for _ in 0..q {
        lists = lists
            .into_iter()
            .flat_map(|l: Vec<Move>| {
                all_moves
                    .iter()
                    .map(move |&mv| [l.clone(), vec![mv]].concat())
            })
            .collect();
    }
    for cells in &boards {
        for moves in &lists {
            let board = Board {
                n,
                m,
                cells: cells.clone(),
            };
            out.insert(Case {
                board,
                moves: moves.clone(),
            });
        }
    }
}

#[test]
fn cases_are_valid_distinct_and_exactly_the_brute_force_list() {
    for (text, rows, cols, e, moves) in [
        ("n<=2,m<=2,e=2,q<=1", 1..=2, 1..=2, 2, 0..=1),
        ("n=1,m=2..3,e=1,q=2", 1..=1, 2..=3, 1, 2..=2),
        ("n=2,m=1,e<=3,q=0..2", 2..=2, 1..=1, 3, 0..=2),
    ] {
        let s = scope(text);
        let mut seen = HashSet::new();
        for i in 0..s.len() {
            let c = s
                .case(i)
                .unwrap_or_else(|| panic!("{text}: index {i} skipped"));
            assert!(c.check().is_ok(), "{text} #{i}");
            assert_eq!(
                Game2048::parse(Game2048::write(&c).as_bytes()).unwrap(),
                c,
                "{text} #{i}"
            );
            assert!(seen.insert(c), "{text}: index {i} repeats a case");
        }
        let mut expected = HashSet::new();
        for n in rows {
            for m in cols.clone() {
                for q in moves.clone() {
                    brute_force(n, m, e, q, &mut expected);
                }
            }
        }
        assert_eq!(seen, expected, "{text}");
        assert!(s.case(s.len()).is_none());
    }
}

#[test]
fn indices_are_ordered_by_size_and_lengths_are_exact() {
    let s = scope("n<=2,m<=3,e=2,q<=2");
    let first = s.case(0).unwrap();
    assert_eq!((first.board.cells, first.moves), (vec![0], vec![]));
    let mut last = (0, 0, 0);
    for i in 0..s.len() {
        let c = s.case(i).unwrap();
        let size = (c.board.cells.len(), c.board.n, c.moves.len());
        assert!(size >= last, "index {i} is smaller than the one before");
        last = size;
    }
    let len: u64 = [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3)]
        .iter()
        .map(|&(n, m)| {
            let cells = n * m;
            3u64.pow(cells) * (0..=2).map(|q| (8 * cells as u64).pow(q)).sum::<u64>()
        })
        .sum();
    assert_eq!(s.len(), len);
}

#[test]
fn canonical_forms_round_trip() {
    for text in ["n<=2", "n=2..4,m=3,e<=5,q=2", "e=0,q=0"] {
        let s = scope(text);
        let again = scope(&s.canonical());
        assert_eq!(again.canonical(), s.canonical());
        assert_eq!(again.len(), s.len());
    }
    for named in Game2048::scopes() {
        assert!(Game2048::scope(named.name).is_ok(), "{}", named.name);
    }
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |t: &str| parse(t).err().unwrap();
    assert_eq!(err("n<=2,k=2").token, "k=2");
    assert!(err("n<=2,k=2").why.contains("unknown parameter"));
    assert_eq!(err("n=9").token, "n=9");
    assert_eq!(err("m=0").token, "m=0");
    assert_eq!(err("e=21").token, "e=21");
    assert_eq!(err("n<=2,e=2..3").token, "e=2..3");
    assert_eq!(err("q=9").token, "q=9");
    let overflow = err("n<=8,m<=8,e=3");
    assert!(overflow.why.contains("2^64"), "{overflow}");
}

/// Runs `indices` of a scope through both engines; every one must be a case and agree.
fn run_scope(
    s: &dyn harness::roles::scope::Scope<Case>,
    indices: impl Iterator<Item = u64>,
) -> (u64, BTreeSet<&'static str>) {
    let out = harness::proof::sample::sample::<Game2048>(s, indices);
    assert_eq!(out.skipped, 0, "2048 skips no index");
    assert!(out.failure.is_none(), "{:?}", out.failure);
    (out.checked, out.reached)
}

#[test]
fn the_tiny_scope_agrees_everywhere() {
    let s = Game2048::scope("tiny").unwrap();
    let (checked, reached) = run_scope(&*s, 0..s.len());
    assert_eq!(checked, s.len());
    for (key, why) in s.unreachable() {
        assert!(!reached.contains(key), "{key} is reached, yet: {why}");
    }
    assert!(reached.contains("a spawn placed") && reached.contains("a 1x1 board"));
    // The unreachable keys of other small scopes are not reached either.
    for text in ["n=1,m<=4,e=2,q<=1", "n<=3,m=1,e=2,q=1", "n=2,m=2,e=3,q=0"] {
        let s = scope(text);
        let (_, reached) = run_scope(&s, 0..s.len());
        for (key, why) in s.unreachable() {
            assert!(
                !reached.contains(key),
                "{text}: {key} is reached, yet: {why}"
            );
        }
    }
}

/// Estimates every named scope's cost from a spread sample, in CPU time (release build:
/// `-- --ignored --nocapture`; `MEASURE=NAME` for one scope).
#[test]
#[ignore]
fn measure_named_scopes() {
    let only = std::env::var("MEASURE").ok();
    for e in harness::proof::sample::estimate_named::<Game2048>(20_000, only.as_deref()) {
        println!("{}", e.line(Game2048::coverage_keys()));
    }
}

#[test]
fn unreachable_keys_are_coverage_keys() {
    for named in Game2048::scopes() {
        let s = Game2048::scope(named.name).unwrap();
        let unknown = harness::proof::sample::unknown_unreachable::<Game2048>(&*s);
        assert!(unknown.is_empty(), "{}: {unknown:?}", named.name);
    }
}
