//! Tests of the `hands:` family: every case valid, distinct and played as built (each operation's
//! main colours the chosen ones, one round each, a hand after every fifth valid operation), the
//! counts, the hands reached, agreement of the engines, and bad expressions.

use super::*;
use crate::texas::Texas;
use harness::roles::Bounded;
use model::texas::{HandKind, Invalid};
use std::collections::HashSet;

fn hands(text: &str) -> Hands {
    let e = Expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    parse(e, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Checks that case `i` of `s` is valid, reads back from its text, and that the reference plays
/// it as built: the hand kinds it scored.
fn played_as_built(s: &Hands, i: u64, text: &str) -> Vec<HandKind> {
    let case = s
        .case(i)
        .unwrap_or_else(|| panic!("{text}: index {i} skipped"));
    case.validate()
        .unwrap_or_else(|e| panic!("{text} #{i}: {e}"));
    assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case);
    assert_eq!(case.m(), 2, "{text} #{i}");
    let mains = s.mains(i).unwrap();
    let invalid = s.invalid_at(i);
    assert_eq!(case.ops.len(), mains.len() + usize::from(invalid.is_some()));
    let outcome = reference::texas::outcome(&case);
    let mut valid = 0;
    let mut kinds = Vec::new();
    for (j, t) in outcome.ops.iter().enumerate() {
        if Some(j) == invalid {
            assert_eq!(t.invalid, Some(Invalid::NoRun), "{text} #{i} op {j}");
            assert!(t.hand.is_none());
            continue;
        }
        let (a, b) = mains[valid];
        let want = if b == 0 { vec![a] } else { vec![a, b] };
        assert_eq!(t.invalid, None, "{text} #{i} op {j}");
        assert_eq!(t.main, want, "{text} #{i} op {j}");
        assert_eq!(t.rounds.len(), 1, "{text} #{i} op {j}: a cascade");
        let removed = t.rounds[0].removed.count();
        assert_eq!(removed, 3 * want.len(), "{text} #{i} op {j}");
        valid += 1;
        assert_eq!(t.hand.is_some(), valid % 5 == 0, "{text} #{i} op {j}");
        kinds.extend(t.hand.map(|h| h.kind));
    }
    assert_eq!(valid, mains.len());
    kinds
}

#[test]
fn every_case_is_valid_distinct_and_played_as_built() {
    for text in [
        "hands: colours=1..3, q=5",
        "hands: colours=1,2, q=10",
        "hands: colours=2,7,100, q=1..6, invalid=0..1",
        "hands: colours=5, q=14, invalid=1",
        "hands: colours=1..4, pairs=0, q=9",
    ] {
        let s = hands(text);
        let step = (s.len() / 3_000).max(1);
        let mut seen = HashSet::new();
        for i in (0..s.len()).step_by(step as usize) {
            played_as_built(&s, i, text);
            assert!(seen.insert(s.case(i)), "{text}: index {i} repeats a case");
        }
        assert!(s.case(s.len()).is_none());
        harness::roles::scope::fill_agrees(&s, 0..s.len().min(5_000)).unwrap();
    }
}

#[test]
fn every_hand_kind_is_reached_over_the_default_colours() {
    // Singles alone: all 3,125 cases. High card needs five different singles (120 cases).
    let s = hands("hands: pairs=0");
    let kinds: HashSet<HandKind> = (0..s.len())
        .flat_map(|i| played_as_built(&s, i, "hands: pairs=0"))
        .collect();
    assert_eq!(kinds.len(), HandKind::ALL.len(), "{kinds:?}");
    // With pairs, a sample spread through the scope (every 977th index, about 10,000 cases):
    // every kind but high card, which a choice of colours nearly always beats.
    let s = hands("hands: q=5");
    let mut kinds = HashSet::new();
    for i in (0..s.len()).step_by(977) {
        kinds.extend(played_as_built(&s, i, "hands: q=5"));
    }
    for kind in &HandKind::ALL[1..] {
        assert!(kinds.contains(kind), "{kind:?} not reached");
    }
}

#[test]
fn counts_are_exact_and_blocks_run_smallest_first() {
    assert_eq!(hands("hands: q=5").len(), 25u64.pow(5));
    assert_eq!(hands("hands: pairs=0").len(), 5u64.pow(5));
    assert_eq!(hands("hands: colours=1,2, q=10").len(), 4u64.pow(10));
    let s = hands("hands: colours=1..3, pairs=0, q=5..6, invalid=0..1");
    assert_eq!(s.len(), 3u64.pow(5) * (1 + 6) + 3u64.pow(6) * (1 + 7));
    let ops: Vec<usize> = (0..s.len()).map(|i| s.case(i).unwrap().ops.len()).collect();
    assert!(ops.windows(2).all(|w| w[0] <= w[1]), "smaller cases first");
    assert_eq!((ops[0], ops[ops.len() - 1]), (5, 7));
    // The first operation is the most significant digit: the last one changes first.
    let (a, b) = (s.mains(0).unwrap(), s.mains(1).unwrap());
    assert_eq!(
        (a[..4].to_vec(), a[4], b[4]),
        (b[..4].to_vec(), (1, 0), (2, 0))
    );
    // The largest boards fit: seven pairs in a column of 50 rows.
    let big = hands("hands: colours=99,100, q=14");
    let last = big.case(big.len() - 1).unwrap();
    assert_eq!((last.n(), last.k), (50, 100));
    assert_eq!(big.len(), 4u64.pow(14));
}

#[test]
fn the_engines_agree_over_small_scopes() {
    for (text, keys) in [
        (
            "hands: colours=1..2, q=5",
            [
                "two main colours",
                "hand: full house",
                "hand: five of a kind",
            ],
        ),
        (
            "hands: colours=1..2, pairs=0, q=6..10, invalid=0..1",
            [
                "invalid: no run",
                "all operations valid",
                "hand: four of a kind",
            ],
        ),
    ] {
        let s = Texas::scope(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let out = harness::proof::sample::sample::<Texas>(&*s, 0..s.len());
        assert!(out.failure.is_none(), "{text}: {:?}", out.failure);
        assert_eq!(out.checked, s.len());
        for key in keys {
            assert!(out.reached.contains(key), "{text}: {key} not reached");
        }
        for (key, why) in s.unreachable() {
            assert!(
                !out.reached.contains(key),
                "{text}: {key} is reached, yet: {why}"
            );
        }
    }
}

#[test]
fn unreachable_keys_follow_the_parameters() {
    let keys =
        |text: &str| -> Vec<&str> { hands(text).unreachable().iter().map(|k| k.0).collect() };
    let all = keys("hands: q=5");
    assert!(!all.iter().any(|k| k.starts_with("hand:")), "{all:?}");
    assert!(all.contains(&"invalid: no run") && !all.contains(&"all operations valid"));
    assert!(!all.contains(&"two main colours"));
    let few = keys("hands: colours=1..2, pairs=0, invalid=1");
    assert!(few.contains(&"two main colours") && few.contains(&"all operations valid"));
    assert!(few.contains(&"hand: two pairs") && !few.contains(&"hand: full house"));
    let short = hands("hands: q=1..4").unreachable();
    let high = short.iter().find(|k| k.0 == "hand: high card").unwrap();
    assert!(high.1.contains("five valid operations"), "{}", high.1);
}

#[test]
fn canonical_forms_round_trip_and_named_scopes_parse() {
    assert_eq!(
        hands("hands: q=5").canonical(),
        "hands:colours=1..5,pairs=1,q=5,invalid=0"
    );
    for text in [
        "hands: colours=100,3,1, q=6..10, invalid=0..1",
        "hands: pairs=0",
    ] {
        let s = hands(text);
        let again = Texas::scope(&s.canonical()).unwrap();
        assert_eq!((again.canonical(), again.len()), (s.canonical(), s.len()));
        assert_eq!(again.case(s.len() / 2), s.case(s.len() / 2));
    }
    for named in super::super::NAMED
        .iter()
        .filter(|n| n.expr.starts_with("hands:"))
    {
        let s = Texas::scope(named.name).unwrap();
        assert_eq!(
            s.canonical(),
            hands(named.expr).canonical(),
            "{}",
            named.name
        );
    }
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |t: &str| Texas::scope(t).err().unwrap();
    let e = err("hands: n=3");
    assert_eq!(e.token, "n=3");
    assert!(
        e.why.contains("family `hands`") && e.why.contains("colours"),
        "{e}"
    );
    assert_eq!(err("hands: colours=0,1").token, "colours=0,1");
    assert!(err("hands: colours=1,101").why.contains("1..=100"));
    assert_eq!(err("hands: q=0").token, "q=0");
    let e = err("hands: q=15");
    assert_eq!(e.token, "q=15");
    assert!(e.why.contains("1..=14"), "{e}");
    assert_eq!(err("hands: invalid=2").token, "invalid=2");
    assert!(err("hands: pairs=0..1").why.contains("not a range"));
    let e = err("hands: colours=1..60, q=14");
    assert!(e.why.contains("2^64-1"), "{e}");
    let e = err("hand: q=5");
    assert_eq!(e.token, "hand:");
    assert!(e.why.contains("hands"), "{e}");
}
