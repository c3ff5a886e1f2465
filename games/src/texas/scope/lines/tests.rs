//! Tests of the `lines:` family: every index a valid case the engines agree on, the colourings
//! against their definition, exact counts, the keys said unreachable never reached, bad
//! expressions.

use crate::texas::{coverage, Texas, COVERAGE_KEYS};
use harness::roles::oracle::Pair;
use harness::roles::scope::Scope;
use harness::roles::Bounded;
use model::texas::Case;
use std::collections::HashSet;

fn scope(text: &str) -> Box<dyn Scope<Case>> {
    Texas::scope(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Walks every index of `text`: each a valid case that reads back from its text and that the
/// reference and the optimized engine agree on. Returns the cases and the keys reached.
pub(crate) fn walk(text: &str) -> (Vec<Case>, Vec<bool>) {
    let s = scope(text);
    let pair = Pair::<Texas>::builtin();
    let mut hits = vec![false; COVERAGE_KEYS.len()];
    let mut cases = Vec::new();
    for i in 0..s.len() {
        let case = s
            .case(i)
            .unwrap_or_else(|| panic!("{text}: index {i} skipped"));
        case.validate()
            .unwrap_or_else(|e| panic!("{text} #{i}: {e}"));
        assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case);
        let out = pair.check(&case);
        assert!(
            out.verdict.failure().is_none(),
            "{text} #{i}: {:?}",
            out.verdict
        );
        let reference = out.a.expect("the reference's outcome");
        coverage::mark(&case, &reference, &mut hits);
        cases.push(case);
    }
    assert!(s.case(s.len()).is_none());
    for (key, why) in s.unreachable() {
        let at = COVERAGE_KEYS.iter().position(|k| *k == key).unwrap();
        assert!(!hits[at], "{text}: {key} reached though {why}");
    }
    (cases, hits)
}

/// Whether `key` is among the hits.
pub(crate) fn hit(hits: &[bool], key: &str) -> bool {
    hits[COVERAGE_KEYS.iter().position(|k| *k == key).unwrap()]
}

/// The line's colours by definition: colours of the set, at most two, period 3, and no three
/// cells in a row of one colour (so one colour once in every three cells, the other twice).
fn is_pattern(colour: &[u8], set: &[u8]) -> bool {
    let distinct: HashSet<u8> = colour.iter().copied().collect();
    let periodic = colour.windows(4).all(|w| w[0] == w[3]);
    let no_run = colour.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]));
    distinct.len() <= 2 && distinct.iter().all(|c| set.contains(c)) && periodic && no_run
}

#[test]
fn every_line_is_valid_and_the_engines_agree() {
    // The keys said unreachable under one operation are checked by `walk` on the last one.
    let scopes: [(&str, &[u8]); 3] = [
        ("lines: len<=7, colours=1,3,64,65, q=1..2", &[1, 3, 64, 65]),
        ("lines: len=46..50, colours=2,3, q=1", &[2, 3]),
        ("lines: len<=12, colours=1..3, q=1", &[1, 2, 3]),
    ];
    for (text, set) in scopes {
        let s = scope(text);
        let (cases, hits) = walk(text);
        assert_eq!(cases.len() as u64, s.len());
        for c in &cases {
            assert!(c.n() == 1 || c.m() == 1, "{text}: not a line");
            assert_eq!(c.k, *set.last().unwrap());
            assert!(is_pattern(&c.board.colour, set), "{:?}", c.board.colour);
            for op in &c.ops {
                let d = op.a.r().abs_diff(op.b.r()) + op.a.c().abs_diff(op.b.c());
                assert!(d == 1 || c.n() * c.m() == 1, "{op:?}");
            }
        }
        // Lines of three cells or more are all different.
        let long: Vec<&Case> = cases.iter().filter(|c| c.n() * c.m() >= 3).collect();
        let distinct: HashSet<&Case> = long.iter().copied().collect();
        assert_eq!(distinct.len(), long.len(), "{text}");
        for key in ["invalid: no run", "all operations valid"] {
            assert!(hit(&hits, key), "{text}: {key}");
        }
    }
}

#[test]
fn counts_are_exact() {
    // Per length l: pairs x 3 phases x (2(l - 1))^q for the row, the same for the column; a 1x1
    // board has one operation.
    let count = |lens: std::ops::RangeInclusive<u64>, colours: u64, q: u32| -> u64 {
        let pairs = colours * (colours - 1) * 3;
        lens.map(|l| match l {
            1 => pairs,
            l => 2 * pairs * (2 * (l - 1)).pow(q),
        })
        .sum()
    };
    assert_eq!(
        scope("lines: len<=5, colours=1,2, q=1").len(),
        count(1..=5, 2, 1)
    );
    let both = count(2..=9, 4, 1) + count(2..=9, 4, 2);
    assert_eq!(scope("lines: len=2..9, colours=1..4, q=1..2").len(), both);
    assert_eq!(scope("lines").len(), count(1..=50, 6, 1));
}

#[test]
fn lines_reach_every_offset_both_borders_and_cascade_in_columns() {
    let (cases, hits) = walk("lines: len=9, colours=1,2, q<=2");
    let outcomes: Vec<_> = cases.iter().map(reference::texas::outcome).collect();
    // One swap removes a run of three starting at every offset of a row of 9.
    let mut starts = HashSet::new();
    for (c, o) in cases.iter().zip(&outcomes) {
        if c.n() == 1 && c.ops.len() == 1 && o.ops[0].invalid.is_none() {
            let row = o.ops[0].rounds[0].matched.rows[0];
            assert_eq!(row.count_ones(), 3, "{c:?}");
            starts.insert(row.trailing_zeros());
        }
    }
    assert_eq!(starts, (0..7).collect());
    assert!(hit(&hits, "invalid: empty cell"));
    let chained = outcomes
        .iter()
        .any(|o| o.ops.iter().any(|t| t.rounds.len() >= 2));
    assert!(chained, "no cascade in a column");
}

#[test]
fn the_canonical_form_and_the_name_give_the_same_scope() {
    let s = scope("lines");
    assert_eq!(s.canonical(), "lines:len=1..50,colours=1..3,64,65,100,q=1");
    let again = scope(&s.canonical());
    assert_eq!(again.len(), s.len());
    for i in (0..s.len()).step_by(997) {
        assert_eq!(again.case(i), s.case(i));
    }
    let small = scope("lines: q=2, len=2..3, colours=5,7");
    assert_eq!(small.canonical(), "lines:len=2..3,colours=5,7,q=2");
    assert_eq!(small.params()[1], ("colours".into(), "5,7".into()));
}

#[test]
fn bad_lines_name_the_token() {
    let err = |text: &str| Texas::scope(text).err().unwrap();
    assert_eq!(err("lines: len<=51").token, "len<=51");
    assert_eq!(err("lines: len=0..3").token, "len=0..3");
    let e = err("lines: colours=5");
    assert_eq!(e.token, "colours=5");
    assert!(e.why.contains("two colours"), "{e}");
    assert_eq!(err("lines: colours=0,1").token, "colours=0,1");
    assert_eq!(err("lines: colours=1,101").token, "colours=1,101");
    assert_eq!(err("lines: q=3").token, "q=3");
    let e = err("lines: n=3");
    assert!(
        e.why.contains("unknown parameter") && e.why.contains("colours"),
        "{e}"
    );
    let e = err("rows: n=3");
    assert_eq!(e.token, "rows:");
    assert!(e.why.contains("lines") && e.why.contains("specials"), "{e}");
}
