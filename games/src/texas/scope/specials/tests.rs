//! Tests of the `specials:` family: every index a valid case the engines agree on, whose one
//! operation forms exactly the run and, with specials in it, removes more; exact counts, the keys
//! reached, bad expressions.

use crate::texas::scope::lines::tests::{hit, walk};
use crate::texas::Texas;
use harness::roles::scope::Scope;
use harness::roles::Bounded;
use model::texas::{Board, Case};
use std::collections::HashSet;

fn scope(text: &str) -> Box<dyn Scope<Case>> {
    Texas::scope(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The board after the case's first swap (nothing removed yet).
fn swapped(c: &Case) -> Board {
    let mut b = c.board.clone();
    let (a, o) = (c.ops[0].a, c.ops[0].b);
    let (i, j) = (b.idx(a.r(), a.c()), b.idx(o.r(), o.c()));
    b.colour.swap(i, j);
    b.special.swap(i, j);
    b
}

/// The cells of colour 1 in row 2 after the swap (a row mask): the run.
fn run(b: &Board) -> u64 {
    (0..b.m)
        .filter(|&c| b.colour_at(2, c) == 1)
        .fold(0, |m, c| m | 1 << c)
}

#[test]
fn every_case_forms_its_run_and_the_engines_agree() {
    let text = "specials: len=3..5, kinds=0,1,6, reached<=2";
    let s = scope(text);
    let (cases, hits) = walk(text);
    assert_eq!(cases.len() as u64, s.len());
    let distinct: HashSet<&Case> = cases.iter().collect();
    assert_eq!(distinct.len(), cases.len());
    let mut three = 0;
    for c in &cases {
        let b = swapped(c);
        let mask = run(&b);
        let len = mask.count_ones() as usize;
        assert!((3..=5).contains(&len), "{c:?}");
        let specials = (0..b.m)
            .filter(|&col| mask >> col & 1 == 1 && b.special_at(2, col) != 0)
            .count();
        let out = reference::texas::outcome(c);
        let first = &out.ops[0];
        assert!(first.invalid.is_none(), "{c:?}");
        let round = &first.rounds[0];
        // Exactly the run is matched.
        let mut want = vec![0u64; c.n()];
        want[2] = mask;
        assert_eq!(round.matched.rows[..c.n()], want[..], "{c:?}");
        if specials > 0 {
            assert!(round.removed.count() > round.matched.count(), "{c:?}");
        } else {
            assert_eq!(round.removed, round.matched);
        }
        three += usize::from(specials >= 3);
    }
    // 2^3 of the 3^3 kindings of a run of three have a special on every cell, and so on.
    assert!(three >= 8 * (1 + 3 + 9), "{three}");
    for key in [
        "special 1 (row)",
        "special 6 (colour)",
        "special set off by special",
    ] {
        assert!(hit(&hits, key), "{key}");
    }
}

#[test]
fn every_kind_is_reached_and_sets_off_others() {
    let (_, hits) = walk("specials: len=3, kinds=0..6, reached=2");
    for key in crate::texas::scope::reach::SPECIALS {
        assert!(hit(&hits, key), "{key}");
    }
    for key in [
        "special set off by special",
        "chain of 2 rounds",
        "board cleared",
    ] {
        assert!(hit(&hits, key), "{key}");
    }
}

#[test]
fn counts_are_exact() {
    // The last reached cell holds one of the kinds other than 0 (`plain` of the kinds are 0).
    let count = |lens: std::ops::RangeInclusive<u32>, kinds: u64, plain: u64, reached: u32| {
        lens.map(|l| {
            kinds.pow(l)
                + (1..=reached)
                    .map(|r| kinds.pow(l + r - 1) * (kinds - plain))
                    .sum::<u64>()
        })
        .sum::<u64>()
    };
    assert_eq!(scope("specials").len(), count(3..=5, 7, 1, 2));
    assert_eq!(
        scope("specials: len=4, kinds=0,3").len(),
        count(4..=4, 2, 1, 2)
    );
    assert_eq!(
        scope("specials: len=4, kinds=2,3").len(),
        count(4..=4, 2, 0, 2)
    );
    assert_eq!(scope("specials: kinds=0").len(), 3);
    let one = scope("specials: len=3..4, kinds=5, reached=1");
    assert_eq!(one.len(), 2);
    assert_eq!(
        one.case(1)
            .map(|c| c.board.special.iter().filter(|&&s| s == 5).count()),
        Some(5)
    );
}

#[test]
fn unreachable_keys_follow_the_parameters() {
    let keys =
        |text: &str| -> Vec<&str> { scope(text).unreachable().iter().map(|k| k.0).collect() };
    let none = keys("specials: kinds=0..6, reached=0");
    assert!(none.contains(&"special set off by special"));
    assert!(none.contains(&"hand: one pair"));
    assert!(!none.contains(&"special 3 (row+column)"));
    let plain = keys("specials: kinds=0, reached=2");
    assert!(plain.contains(&"special 3 (row+column)"));
    assert!(plain.contains(&"special set off by special"));
    assert!(!keys("specials: kinds=2, reached=1").contains(&"special set off by special"));
    // What a scope of plain runs reaches agrees.
    walk("specials: len=3..5, kinds=0, reached=0..2");
}

#[test]
fn the_canonical_form_and_the_name_give_the_same_scope() {
    let s = scope("specials");
    assert_eq!(s.canonical(), "specials:len=3..5,kinds=0..6,reached=0..2");
    let again = scope(&s.canonical());
    assert_eq!(again.len(), s.len());
    for i in (0..s.len()).step_by(991) {
        assert_eq!(again.case(i), s.case(i));
    }
}

#[test]
fn bad_specials_name_the_token() {
    let err = |text: &str| Texas::scope(text).err().unwrap();
    assert_eq!(err("specials: len=2..4").token, "len=2..4");
    assert_eq!(err("specials: len=6").token, "len=6");
    assert_eq!(err("specials: kinds=1,7").token, "kinds=1,7");
    assert_eq!(err("specials: kinds=1,1").token, "kinds=1,1");
    assert_eq!(err("specials: reached=3").token, "reached=3");
    let e = err("specials: q=2");
    assert!(
        e.why.contains("unknown parameter") && e.why.contains("reached"),
        "{e}"
    );
}
