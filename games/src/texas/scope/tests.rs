use super::*;
use crate::texas::{coverage, Texas};
use harness::roles::oracle::Pair;
use std::collections::HashSet;

fn scope(text: &str) -> TexasScope {
    parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every valid case within the bounds, found without the scope's numbering: all colour grids,
/// all special grids, all operation sequences, kept when `Case::validate` accepts them.
#[allow(clippy::too_many_arguments)]
fn brute(
    sides: (RangeInclusive<usize>, RangeInclusive<usize>),
    k: RangeInclusive<u8>,
    specials: RangeInclusive<usize>,
    kinds: RangeInclusive<u8>,
    q: RangeInclusive<usize>,
    far: bool,
) -> HashSet<Case> {
    let mut out = HashSet::new();
    for n in sides.0.clone() {
        for m in sides.1.clone() {
            let cells: Vec<Pos> = (0..n * m).map(|i| Pos::new(i / m, i % m)).collect();
            let mut ops = Vec::new();
            for &a in &cells {
                for &b in &cells {
                    let d = a.r().abs_diff(b.r()) + a.c().abs_diff(b.c());
                    if far || d == 1 {
                        ops.push(Op { a, b });
                    }
                }
            }
            let mut values = vec![0u8];
            values.extend(kinds.clone());
            for k in k.clone() {
                for colour in grids(n * m, &(1..=k).collect::<Vec<_>>()) {
                    for special in grids(n * m, &values) {
                        let count = special.iter().filter(|&&s| s != 0).count();
                        if !specials.contains(&count) {
                            continue;
                        }
                        for len in q.clone() {
                            for seq in grids(len, &ops) {
                                let case = Case {
                                    k,
                                    board: Board {
                                        n,
                                        m,
                                        colour: colour.clone(),
                                        special: special.clone(),
                                    },
                                    ops: seq,
                                };
                                if case.validate().is_ok() {
                                    out.insert(case);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every sequence of `len` values from `values`.
fn grids<T: Clone>(len: usize, values: &[T]) -> Vec<Vec<T>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|g| {
                values.iter().map(move |v| {
                    let mut g = g.clone();
                    g.push(v.clone());
                    g
                })
            })
            .collect();
    }
    out
}

/// Every case of the scope; each is valid, round-trips through the text format and is new.
fn all(s: &TexasScope) -> (HashSet<Case>, u64) {
    let mut seen = HashSet::new();
    let mut skipped = 0;
    for i in 0..s.len() {
        match s.case(i) {
            None => skipped += 1,
            Some(c) => {
                c.validate().unwrap();
                assert_eq!(Case::parse(c.write().as_bytes()).unwrap(), c);
                assert!(seen.insert(c), "index {i} repeats a case");
            }
        }
    }
    assert_eq!(s.case(s.len()), None);
    (seen, skipped)
}

#[test]
fn every_case_of_the_bounds_once() {
    let s = scope("n<=2,m<=3,k<=2,specials<=2,kinds=3..4,q=1");
    let (got, skipped) = all(&s);
    let want = brute((1..=2, 1..=3), 1..=2, 0..=2, 3..=4, 1..=1, false);
    assert_eq!(got.len() + skipped as usize, s.len() as usize);
    assert!(skipped > 0 && !want.is_empty());
    assert_eq!(got, want);

    let s = scope("n=1..2,m=2,k=2..3,specials=1,kinds=6,q=1..2,far=1");
    let (got, _) = all(&s);
    assert_eq!(got, brute((1..=2, 2..=2), 2..=3, 1..=1, 6..=6, 1..=2, true));
}

#[test]
fn a_batch_walking_the_scope_sees_every_case_and_skips_only_boards_with_a_run() {
    for text in [
        "n<=3,m<=3,k<=2,specials<=1,kinds=2..3,q=1",
        "n=1..2,m=2..3,k=2..3,specials=1..2,kinds=5..6,q=1,far=1",
        "n=1,m=3..4,k=2,specials=1,kinds=6,q=1..2,far=1",
        "n=5,m=1,k=2,q=1..2",
        "n=3,m=3,k=1..2,specials=0",
    ] {
        let s = scope(text);
        let jumped = harness::roles::scope::fill_agrees(&s, 0..s.len()).unwrap();
        assert!(jumped > 0, "{text}: no run of boards with a run was jumped");
        // From the middle of a run and of a block, too.
        harness::roles::scope::fill_agrees(&s, s.len() / 3..s.len() / 2).unwrap();
    }
    // 1x4 boards in 2 colours, 6 swaps each: 1111 and 1112 begin with the run 111 (12 indices
    // from the first, 9 from inside it), 1121 is the first board without a run.
    let s = scope("n=1,m=4,k=2,q=1");
    let mut buffer = None;
    assert_eq!(s.fill(0, &mut buffer), Filled::Skip(12));
    assert_eq!(s.fill(3, &mut buffer), Filled::Skip(9));
    assert_eq!(s.fill(12, &mut buffer), Filled::Case);
    assert_eq!(buffer.map(|c| c.board.colour), Some(vec![1, 1, 2, 1]));
}

#[test]
fn smaller_cases_come_first() {
    let s = scope("n<=3,m<=2,k<=2,specials<=1,kinds=1,q<=2");
    let size = |c: &Case| {
        let specials = c.board.special.iter().filter(|&&x| x != 0).count();
        (c.n() * c.m(), c.n(), c.k, specials, c.ops.len())
    };
    let sizes: Vec<_> = (0..s.len())
        .filter_map(|i| s.case(i))
        .map(|c| size(&c))
        .collect();
    assert!(sizes.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(sizes.first(), Some(&(2, 1, 1, 0, 1)));
    assert_eq!(sizes.last(), Some(&(6, 3, 2, 1, 2)));
}

#[test]
fn the_canonical_form_gives_the_same_scope() {
    for text in ["minute", "n=2..3,m<=3,k=3,specials<=2,kinds=4..5,q=2,far=1"] {
        let s = scope(text);
        let again = scope(&s.canonical());
        assert_eq!(again.canonical(), s.canonical());
        assert_eq!(again.len(), s.len());
        let step = (s.len() / 997).max(1);
        for i in (0..s.len()).step_by(step as usize) {
            assert_eq!(again.case(i), s.case(i));
        }
    }
    assert_eq!(
        scope("n<=2").canonical(),
        "n=1..2,m=1..3,k=1..3,specials=0,kinds=1..6,q=1,far=0"
    );
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |text: &str| parse(text).unwrap_err();
    let e = err("n<=3,colours=2");
    assert_eq!(e.token, "colours=2");
    assert!(
        e.why.contains("unknown parameter") && e.why.contains("specials"),
        "{e}"
    );
    let e = err("n<=60");
    assert_eq!(e.token, "n<=60");
    assert!(e.why.contains("1..=50"), "{e}");
    assert_eq!(err("k=0").token, "k=0");
    assert_eq!(err("kinds=7").token, "kinds=7");
    assert_eq!(err("specials<=65").token, "specials<=65");
    assert!(err("far=0..1").why.contains("not a range"));
    let e = err("n<=8,m<=8,k=3");
    assert_eq!(e.token, "n<=8,m<=8,k=3");
    assert!(e.why.contains("more than 2^64-1"), "{e}");
    let e = err("n<=50,m<=50,k<=100,q<=1000");
    assert!(e.why.contains("combinations"), "{e}");
}

#[test]
fn unreachable_keys_follow_the_bounds() {
    let keys =
        |text: &str| -> Vec<&str> { scope(text).unreachable().iter().map(|k| k.0).collect() };
    let small = keys("n<=3,m<=3,k<=3,specials<=1,kinds=1..5,q=1");
    for key in [
        "hand: one pair",
        "special 6 (colour)",
        "invalid: not adjacent",
    ] {
        assert!(small.contains(&key), "{key}");
    }
    assert!(small.contains(&"special set off by special"));
    assert!(small.contains(&"invalid: empty cell"));
    assert!(!small.contains(&"special 5 (5x5)"));
    assert!(!small.contains(&"chain of 2 rounds"));
    // Bounds whose scope would overflow: the reasons depend on the largest values alone.
    let far: Vec<&str> = reach::unreachable(&reach::Bounds {
        n: 5,
        m: 3,
        k: 5,
        specials: 2,
        kinds: 1..=6,
        q: 5,
        far: true,
    })
    .iter()
    .map(|k| k.0)
    .collect();
    assert!(far.is_empty(), "{far:?}");
    assert!(!far
        .iter()
        .any(|k| k.starts_with("hand") || k.starts_with("special")));
    assert!(!far.contains(&"invalid: not adjacent"));
    let few_cells = scope("n<=3,m<=4,q=5,k=5").unreachable();
    let hand = few_cells.iter().find(|k| k.0 == "hand: one pair").unwrap();
    assert!(hand.1.contains("at most 12 cells"), "{}", hand.1);
    let long_chain = few_cells
        .iter()
        .find(|k| k.0 == "chain of 5+ rounds")
        .unwrap();
    assert!(
        long_chain.1.contains("at least 15 pieces"),
        "{}",
        long_chain.1
    );
    assert!(!few_cells.iter().any(|k| k.0 == "chain of 3-4 rounds"));
    let tiny = keys("n<=2,m<=2,q<=2,far=1");
    assert_eq!(tiny.len(), crate::texas::COVERAGE_KEYS.len() - 2);
}

/// The smallest named scope, all of it: the reference against the optimized engine, no failure;
/// the count of checked cases worked out apart; no key reached that is said unreachable.
#[test]
fn the_smoke_scope_agrees() {
    let s = scope(NAMED[0].name);
    let pair = Pair::<Texas>::builtin();
    let mut checked = 0u64;
    let mut hits = [false; crate::texas::COVERAGE_KEYS.len()];
    for i in 0..s.len() {
        let Some(case) = s.case(i) else { continue };
        let out = pair.check(&case);
        assert!(
            out.verdict.failure().is_none(),
            "index {i}: {:?}",
            out.verdict
        );
        checked += 1;
        let Some(reference) = out.a else {
            panic!("no outcome")
        };
        coverage::mark(&case, &reference, &mut hits);
    }
    assert_eq!(checked, expected_checked(&s));
    for (key, why) in s.unreachable() {
        let at = crate::texas::COVERAGE_KEYS.iter().position(|k| *k == key);
        assert!(!hits[at.unwrap()], "{key} reached though {why}");
    }
    assert!(hits.iter().filter(|&&h| h).count() >= 10);
}

/// Run-free colourings times specials times operations, over the scope's blocks, counted apart.
fn expected_checked(s: &TexasScope) -> u64 {
    let p = &s.params;
    let kinds = p.kinds.end() - p.kinds.start() + 1;
    let mut total = 0;
    for n in p.n.clone() {
        for m in p.m.clone() {
            let cells = (n * m) as usize;
            let pairs = match p.ops {
                Ops::Adjacent => 2 * (n * (m - 1) + m * (n - 1)),
                Ops::Any => n * n * m * m,
            };
            for k in p.k.clone() {
                let colours: Vec<u8> = (1..=k as u8).collect();
                let free = grids(cells, &colours)
                    .into_iter()
                    .filter(|g| {
                        let b = Board {
                            n: n as usize,
                            m: m as usize,
                            colour: g.clone(),
                            special: vec![0; cells],
                        };
                        b.find_run().is_none()
                    })
                    .count() as u64;
                for sp in p.specials.clone().filter(|&sp| sp <= cells as u64) {
                    let choose = (0..sp).fold(1u64, |c, i| c * (cells as u64 - i) / (i + 1));
                    for q in p.q.clone() {
                        total += free * choose * kinds.pow(sp as u32) * pairs.pow(q as u32);
                    }
                }
            }
        }
    }
    total
}

#[test]
fn named_scopes_parse_smallest_first_with_their_counts() {
    // The plain scopes, in their order; the scopes by construction are tested by their family.
    let plain: Vec<&harness::roles::scope::NamedScope> =
        NAMED.iter().filter(|s| !s.expr.contains(':')).collect();
    let lens: Vec<u64> = plain.iter().map(|s| scope(s.expr).len()).collect();
    for named in &plain {
        assert!(
            !named.cost.contains("indices"),
            "the count is printed once: {named:?}"
        );
        assert_eq!(scope(named.name).canonical(), scope(named.expr).canonical());
    }
    let names: HashSet<&str> = NAMED.iter().map(|s| s.name).collect();
    assert_eq!(names.len(), NAMED.len());
    // Smallest first by cost: the cluster scopes come last, each larger than the one before.
    assert!(lens[4..].windows(2).all(|w| w[0] < w[1]), "{lens:?}");
    assert!(lens[..4].windows(2).all(|w| w[0] < w[1]), "{lens:?}");
}
