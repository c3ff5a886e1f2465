//! Tests of Mayan's scopes: validity, distinctness, order, counts against brute force, the named
//! scopes' agreement and reach, and bad expressions.

use super::*;
use crate::mayan::Mayan;
use harness::roles::{Bounded, Coverage, Format};
use std::collections::{BTreeSet, HashSet};

fn scope(text: &str) -> MayanScope {
    parse(text).unwrap()
}

/// The valid boards of `lo..=hi` blocks in colours 1..=k, built column by column from every
/// sequence of colours and checked by the model's own validation.
fn brute_force(lo: usize, hi: usize, k: u8) -> u64 {
    fn go(x: usize, board: &mut Board, left: usize, lo: usize, k: u8, count: &mut u64) {
        if x == COLS {
            if board.blocks() >= lo && board.validate().is_ok() {
                *count += 1;
            }
            return;
        }
        go(x + 1, board, left, lo, k, count);
        // Every non-empty column: grow it one block at a time.
        fn grow(x: usize, y: usize, board: &mut Board, left: usize, lo: usize, k: u8, c: &mut u64) {
            if y == ROWS || left == 0 {
                return;
            }
            for colour in 1..=k {
                board.cells[x][y] = colour;
                go(x + 1, board, left - 1, lo, k, c);
                grow(x, y + 1, board, left - 1, lo, k, c);
            }
            board.cells[x][y] = 0;
        }
        grow(x, 0, board, left, lo, k, count);
    }
    let mut count = 0;
    go(0, &mut Board::empty(), hi, lo, k, &mut count);
    count
}

#[test]
fn valid_cases_are_distinct_within_bounds_and_counted_right() {
    for (text, lo, hi, k, moves) in [
        ("blocks<=4,k=3,n=1", 0, 4, 3, 1),
        ("blocks=2..5,k=2,n=2..3", 2, 5, 2, 2),
        ("blocks=3,k<=4,n=5", 3, 3, 4, 1),
    ] {
        let s = scope(text);
        let mut seen = HashSet::new();
        for i in 0..s.len() {
            let Some(c) = s.case(i) else { continue };
            assert_eq!(
                Mayan::parse(Mayan::write(&c).as_bytes()).unwrap(),
                c,
                "{text} #{i}"
            );
            assert!(c.validate().is_ok(), "{text} #{i}");
            let blocks = c.board.blocks();
            assert!((lo..=hi).contains(&blocks), "{text} #{i}");
            assert!(c.board.colours().iter().all(|&x| x <= k), "{text} #{i}");
            assert!(seen.insert(c), "{text}: index {i} repeats a case");
        }
        assert_eq!(seen.len() as u64, brute_force(lo, hi, k) * moves, "{text}");
        assert!(s.case(s.len()).is_none());
    }
}

#[test]
fn indices_are_ordered_by_size_and_lengths_are_exact() {
    let s = scope("blocks<=4,k=3,n<=2");
    assert_eq!(s.case(0).map(|c| (c.n, c.board)), Some((1, Board::empty())));
    let mut last = (0, 0);
    for i in 0..s.len() {
        let c = s.board(i).unwrap();
        let size = (c.board.blocks(), c.n);
        assert!(size >= last, "index {i} is smaller than the one before");
        last = size;
    }
    // Stackings of b blocks in 5 columns (no column limit bites below 8 blocks): C(b + 4, 4).
    let len: u64 = (0..=4u64)
        .map(|b| (1..=4).fold(1, |a, j| a * (b + j) / j) * 3u64.pow(b as u32) * 2)
        .sum();
    assert_eq!(s.len(), len);
    // Eight blocks: the stackings with one column of 8 (five of them) are out.
    let eight = scope("blocks=8,k=1,n=1");
    assert_eq!(eight.len(), (1..=4).fold(1, |a, j| a * (8 + j) / j) - 5);
}

#[test]
fn canonical_forms_round_trip() {
    for text in ["blocks<=4", "blocks=2..6,k<=5,n=3", "k=10,n=1..5"] {
        let s = scope(text);
        let again = scope(&s.canonical());
        assert_eq!(again.canonical(), s.canonical());
        assert_eq!(again.len(), s.len());
    }
    for named in Mayan::scopes() {
        assert!(Mayan::scope(named.name).is_ok(), "{}", named.name);
    }
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |t: &str| parse(t).err().unwrap();
    assert_eq!(err("blocks<=4,colour=2").token, "colour=2");
    assert!(err("blocks<=4,colour=2").why.contains("unknown parameter"));
    assert_eq!(err("n=6").token, "n=6");
    assert_eq!(err("k=11").token, "k=11");
    assert_eq!(err("blocks<=3, k=2..3").token, "k=2..3");
    assert_eq!(err("blocks=36").token, "blocks=36");
    assert_eq!(err("blocks<=3,k=2,colours=1,2").token, "colours=1,2");
    assert!(err("blocks<=3,k=2,colours=1,2").why.contains("not both"));
    assert_eq!(err("blocks<=3,colours=0,2").token, "colours=0,2");
    assert_eq!(err("k=1,2").token, "k=1,2");
    let overflow = err("blocks<=35,k=10");
    assert!(overflow.why.contains("2^64"), "{overflow}");
}

/// Runs `indices` of a scope through both engines, which must agree on every case:
/// (checked, skipped, keys reached).
fn run_scope(
    s: &dyn Scope<Case>,
    indices: impl Iterator<Item = u64>,
) -> (u64, u64, BTreeSet<&'static str>) {
    let out = harness::proof::sample::sample::<Mayan>(s, indices);
    assert!(out.failure.is_none(), "{:?}", out.failure);
    (out.checked, out.skipped, out.reached)
}

#[test]
fn the_tiny_scope_agrees_everywhere() {
    let s = Mayan::scope("tiny").unwrap();
    let (checked, skipped, reached) = run_scope(&*s, 0..s.len());
    assert_eq!(checked, brute_force(0, 4, 3) * 2);
    assert_eq!(checked + skipped, s.len());
    assert!(skipped > 0);
    for (key, why) in s.unreachable() {
        assert!(!reached.contains(key), "{key} is reached, yet: {why}");
    }
    assert!(reached.contains("solvable") && reached.contains("answer: swap move"));
    // The unreachable keys of other small scopes are not reached either.
    for text in ["blocks<=2,k=2,n<=2", "blocks=1..3,k=2,n=3"] {
        let s = scope(text);
        assert!(!s.unreachable().is_empty());
        let (_, _, reached) = run_scope(&s, 0..s.len());
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
    for e in harness::proof::sample::estimate_named::<Mayan>(20_000, only.as_deref()) {
        println!("{}", e.line(Mayan::coverage_keys()));
    }
}

/// A colour set colours the boards as `k` does, with its colours in place of 1..=k; the plain
/// scopes keep their expressions and counts.
#[test]
fn colour_sets_replace_the_colours_and_the_plain_scopes_are_unchanged() {
    let plain = scope("blocks<=4,k=3,n=1");
    let set = scope("blocks<=4,colours=1,9,10,n=1");
    assert_eq!(set.len(), plain.len());
    assert_eq!(set.canonical(), "blocks=0..4,colours=1,9,10,n=1");
    let recolour = |c: u8| [0, 1, 9, 10][usize::from(c)];
    for i in 0..plain.len() {
        let (a, b) = (plain.board(i).unwrap(), set.board(i).unwrap());
        for x in 0..COLS {
            let want: Vec<u8> = a.board.column(x).iter().map(|&c| recolour(c)).collect();
            assert_eq!(b.board.column(x), want, "#{i}");
        }
        assert_eq!(plain.case(i).is_some(), set.case(i).is_some(), "#{i}");
    }
    assert_eq!(scope("colours<=3").len(), scope("k=3").len());
    for (name, canonical, len) in [
        ("tiny", "blocks=0..4,k=3,n=1..2", 13_532u64),
        ("minute", "blocks=0..7,k=3,n=1..3", 2_736_552),
        ("ten-minutes", "blocks=0..7,k=3,n=1..4", 3_648_736),
        ("eight-blocks", "blocks=0..8,k=3,n=1..4", 16_508_296),
        ("five-moves", "blocks=0..8,k=3,n=1..5", 20_635_370),
        ("four-colours", "blocks=0..8,k=4,n=1..4", 154_115_860),
    ] {
        let s = Mayan::scope(name).unwrap();
        assert_eq!(
            (s.canonical().as_str(), s.len()),
            (canonical, len),
            "{name}"
        );
    }
    let high = Mayan::scope("high-colours").unwrap();
    assert_eq!(high.len(), 380_948);
    let out = harness::proof::sample::sample::<Mayan>(&*high, (0..high.len()).step_by(41));
    assert!(out.failure.is_none(), "{:?}", out.failure);
    assert!(out.reached.contains("solvable"));
}
