//! Tests of Mayan's `swaps:` scopes: every case valid, distinct and emptied by its one swap, the
//! counts, agreement of the engines, and bad expressions.

use super::*;
use crate::mayan::Mayan;
use harness::roles::{Bounded, Format};
use model::mayan::Move;
use reference::mayan::{replay, solve};
use std::collections::HashSet;

fn swaps(text: &str) -> Box<dyn Scope<Case>> {
    Mayan::scope(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The swap case `index` of `s` is built around, (S, d) with (M, d), and whether it makes the run
/// of four (one block above the swapped cell, two below).
fn the_swap(s: &Swaps, index: u64) -> (Move, bool) {
    let (block, _) = s.index.locate(index).unwrap();
    let p = s.parts[block];
    let (side, toward) = if p.from_right {
        (p.left + 2, -1)
    } else {
        (p.left, 1)
    };
    let four = (p.below, p.above) == (2, 1);
    (Move::new(side, p.below, toward), four)
}

#[test]
fn every_case_is_valid_distinct_and_emptied_by_its_swap() {
    for text in ["swaps: colours=1..4, n=1", "swaps: colours=7..10, n=1..2"] {
        let s = parse("swaps", Expr::parse(text).unwrap(), text).unwrap();
        let mut seen = HashSet::new();
        let mut four = 0;
        for i in 0..s.len() {
            let c = s
                .case(i)
                .unwrap_or_else(|| panic!("{text}: index {i} skipped"));
            assert!(c.validate().is_ok(), "{text} #{i}: {:?}", c.validate());
            assert_eq!(
                Mayan::parse(Mayan::write(&c).as_bytes()).unwrap(),
                c,
                "{text} #{i}"
            );
            let counts = c.board.colour_counts();
            assert!(
                counts.iter().all(|&k| k == 0 || k >= 3),
                "{text} #{i}: a lonely colour"
            );
            let (swap, of_four) = the_swap(&s, i);
            let played = replay(&c.board, &[swap]).unwrap();
            let last = played.last().unwrap();
            assert!(
                last.board.is_cleared(),
                "{text} #{i}: the swap leaves blocks"
            );
            if c.n == 1 {
                assert!(solve(&c).is_some(), "{text} #{i}: no answer");
            }
            // The run of four: one block above the swapped cell, two below.
            four += usize::from(of_four);
            assert!(seen.insert(c), "{text}: index {i} repeats a case");
        }
        assert!(four > 0, "{text}: no run of four");
        assert!(s.case(s.len()).is_none());
    }
}

#[test]
fn counts_are_exact_and_smaller_boards_come_first() {
    // Per side and left column: 12 colourings of (c, b), 24 of (c, b, R_0) for each of two shapes,
    // 24 of (c, b, R_0, R_1) for each of two shapes.
    assert_eq!(
        swaps("swaps: colours=1..4").len(),
        6 * (12 + 2 * 24 + 2 * 24)
    );
    assert_eq!(swaps("swaps: colours=1,2").len(), 6 * 2);
    let ten = 6 * (90 + 2 * 720 + 2 * 5040);
    assert_eq!(swaps("swaps: colours<=10, n=1..2").len(), 2 * ten);
    let s = swaps("swaps: colours=1..4, n=1..2");
    let blocks: Vec<usize> = (0..s.len())
        .map(|i| s.case(i).unwrap().board.blocks())
        .collect();
    assert!(blocks.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!((blocks[0], blocks[blocks.len() - 1]), (6, 13));
}

#[test]
fn the_engines_agree_on_every_swap() {
    for text in ["swaps", "swaps-high"] {
        let s = swaps(text);
        let out = harness::proof::sample::sample::<Mayan>(&*s, 0..s.len());
        assert!(out.failure.is_none(), "{text}: {:?}", out.failure);
        assert_eq!(out.checked, s.len());
        assert!(out.reached.contains("answer: swap move"), "{text}");
        assert!(
            out.reached.contains("answer: cascade of 2+ waves"),
            "{text}"
        );
        for (key, why) in s.unreachable() {
            assert!(
                !out.reached.contains(key),
                "{text}: {key} is reached, yet: {why}"
            );
        }
    }
}

#[test]
fn canonical_forms_round_trip_and_bad_expressions_name_the_token() {
    for text in ["swaps: colours=1,9,10, n=2..3", "swaps", "swaps-high"] {
        let s = swaps(text);
        let again = swaps(&s.canonical());
        assert_eq!((again.canonical(), again.len()), (s.canonical(), s.len()));
    }
    assert_eq!(
        swaps("swaps: n=1, colours=3,1,2").canonical(),
        "swaps:colours=1..3,n=1"
    );
    let err = |t: &str| Mayan::scope(t).err().unwrap();
    assert_eq!(err("swaps: colours=0,1").token, "colours=0,1");
    assert_eq!(err("swaps: colours=1,11").token, "colours=1,11");
    assert!(err("swaps: colours=4").why.contains("at least two"));
    assert_eq!(err("swaps: n=6").token, "n=6");
    assert!(err("swaps: blocks=3").why.contains("family `swaps`"));
    let family = err("drops: n=1");
    assert_eq!(family.token, "drops:");
    assert!(family.why.contains("swaps"), "{family}");
}
