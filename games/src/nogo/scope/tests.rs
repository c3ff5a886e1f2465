//! Tests of NoGo's scopes: validity, distinctness, order, counts against brute force, the named
//! scopes' agreement and reach, and bad expressions.

use super::*;
use crate::nogo::Nogo;
use harness::roles::{Bounded, Coverage, Format};
use std::collections::{BTreeSet, HashSet};

fn scope(text: &str) -> NogoScope {
    parse(text).unwrap()
}

/// Every valid position of the sides and stone counts, by counting base 3 over the points and
/// asking the model's own validation (no shared code with the scope).
fn brute_force(sides: RangeInclusive<usize>, stones: RangeInclusive<usize>) -> u64 {
    let mut count = 0;
    for n in sides {
        let points = n * n;
        for code in 0..3u64.pow(points as u32) {
            let mut b = Board::empty(n);
            let mut c = code;
            for p in 0..points {
                b.cells[p] = [None, Some(Colour::Black), Some(Colour::White)][(c % 3) as usize];
                c /= 3;
            }
            if stones.contains(&b.stones()) && b.dead_group().is_none() {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn valid_cases_are_distinct_within_bounds_and_counted_right() {
    for (text, sides, stones) in [
        ("n<=3", 1..=3, 0..=9),
        ("n=2..3,stones=2..5", 2..=3, 2..=5),
        ("n=3,stones<=4", 3..=3, 0..=4),
    ] {
        let s = scope(text);
        let mut seen = HashSet::new();
        for i in 0..s.len() {
            let Some(b) = s.case(i) else { continue };
            assert_eq!(
                Nogo::parse(Nogo::write(&b).as_bytes()).unwrap(),
                b,
                "{text} #{i}"
            );
            assert!(
                sides.contains(&b.n) && stones.contains(&b.stones()),
                "{text} #{i}"
            );
            assert!(seen.insert(b), "{text}: index {i} repeats a case");
        }
        assert_eq!(seen.len() as u64, brute_force(sides, stones), "{text}");
        assert!(s.case(s.len()).is_none());
    }
}

#[test]
fn indices_are_ordered_by_size_and_lengths_are_exact() {
    let s = scope("n<=3");
    assert_eq!(s.len(), 3 + 81 + 19683);
    assert_eq!(s.case(0), Some(Board::empty(1)));
    let mut last = (0, 0);
    for i in 0..s.len() {
        let (n, black, white) = s.position(i).unwrap();
        let size = (n, (black | white).count_ones());
        assert!(size >= last, "index {i} is smaller than the one before");
        last = size;
    }
    // Sum over sides and stone counts s <= 7 of C(n * n, s) 2^s.
    let choose = |a: u64, k: u64| (0..k).fold(1u64, |acc, j| acc * (a - j) / (j + 1));
    let capped: u64 = (1..=4u64)
        .flat_map(|n| (0..=7.min(n * n)).map(move |k| (n * n, k)))
        .map(|(a, k)| choose(a, k) << k)
        .sum();
    assert_eq!(scope("n<=4,stones<=7").len(), capped);
    assert_eq!(scope("n<=4").len(), 19767 + 3u64.pow(16));
}

#[test]
fn canonical_forms_round_trip() {
    for text in ["n<=3", "n=2..4,stones<=5", "n=8,stones=3"] {
        let s = scope(text);
        let again = scope(&s.canonical());
        assert_eq!(again.canonical(), s.canonical());
        assert_eq!(again.len(), s.len());
    }
    for named in Nogo::scopes() {
        assert!(Nogo::scope(named.name).is_ok(), "{}", named.name);
    }
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |t: &str| parse(t).err().unwrap();
    assert_eq!(err("n<=3,colours=2").token, "colours=2");
    assert!(err("n<=3,colours=2").why.contains("unknown parameter"));
    assert_eq!(err("n=9").token, "n=9");
    assert_eq!(err("n<=3,stones=65").token, "stones=65");
    let overflow = err("n<=8");
    assert!(overflow.why.contains("2^64"), "{overflow}");
    assert_eq!(overflow.token, "n<=8");
    assert!(Nogo::scope("huge").is_err());
}

/// Runs `indices` of a scope through both engines, which must agree on every case:
/// (checked, skipped, keys reached).
pub(crate) fn run_scope(
    s: &dyn Scope<Board>,
    indices: impl Iterator<Item = u64>,
) -> (u64, u64, BTreeSet<&'static str>) {
    let out = harness::proof::sample::sample::<Nogo>(s, indices);
    assert!(out.failure.is_none(), "{:?}", out.failure);
    (out.checked, out.skipped, out.reached)
}

#[test]
fn the_tiny_scope_agrees_everywhere() {
    let s = Nogo::scope("tiny").unwrap();
    let (checked, skipped, reached) = run_scope(&*s, 0..s.len());
    assert_eq!(checked, brute_force(1..=3, 0..=9));
    assert_eq!(checked + skipped, s.len());
    assert!(skipped > 0);
    for (key, _) in scope("n=2..3").unreachable() {
        assert!(reached.contains(key), "the tiny scope reaches {key}");
    }
    for (key, why) in s.unreachable() {
        assert!(!reached.contains(key), "{key} is reached, yet: {why}");
    }
    assert!(reached.contains("illegal: suicide") && reached.contains("check: ok"));
}

/// Estimates every named scope's cost from a spread sample, in CPU time (release build:
/// `-- --ignored --nocapture`; `MEASURE=NAME` for one scope).
#[test]
#[ignore]
fn measure_named_scopes() {
    let only = std::env::var("MEASURE").ok();
    for e in harness::proof::sample::estimate_named::<Nogo>(20_000, only.as_deref()) {
        println!("{}", e.line(Nogo::coverage_keys()));
    }
}
