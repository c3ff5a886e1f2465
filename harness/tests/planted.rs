//! A planted bug must be found, shrunk and pinned: a test-only copy of the reference engine in which
//! special 5 clears a 3x3 square (instead of 5x5) plays the part of the optimized engine. The batch
//! diff must find a mismatch in its first chunk of cases, shrink it to at most a 6x6 board with at
//! most 6 operations, save it, and name the round in which a special 5 first goes off.

use arbitrary::Unstructured;
use harness::diff::{self, DiffOptions, ProfileChoice};
use harness::games::Texas;
use harness::{Divergence, EngineKind, Game, Profile};
use model::texas::{Board, Case, Cells, NoTrace, Outcome, Pos};
use std::time::Duration;

#[allow(dead_code)]
mod planted {
    include!(concat!(env!("OUT_DIR"), "/planted_texas.rs"));
}

/// Texas, with the planted copy as its "optimized" engine.
struct Planted;

impl Game for Planted {
    const NAME: &'static str = "texas";
    type Case = Case;
    type Outcome = Outcome;
    fn profiles() -> &'static [Profile] {
        Texas::profiles()
    }
    fn generate(profile: &str, seed: u64) -> Case {
        Texas::generate(profile, seed)
    }
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        Texas::arbitrary_case(u)
    }
    fn parse(input: &[u8]) -> Result<Case, model::ParseError> {
        Texas::parse(input)
    }
    fn write(case: &Case) -> String {
        Texas::write(case)
    }
    fn run(case: &Case, engine: EngineKind, trace: bool) -> Outcome {
        match (engine, trace) {
            (EngineKind::Reference, _) => Texas::run(case, engine, trace),
            (EngineKind::Optimized, true) => planted::outcome(case),
            (EngineKind::Optimized, false) => {
                let (score, board) = planted::play(case, &mut NoTrace);
                Outcome {
                    score,
                    ops: Vec::new(),
                    board,
                }
            }
        }
    }
    fn answer(outcome: &Outcome) -> String {
        Texas::answer(outcome)
    }
    fn compare(case: &Case, reference: &Outcome, optimized: &Outcome) -> Option<Divergence> {
        Texas::compare(case, reference, optimized)
    }
    fn shrink_candidates(case: &Case) -> Vec<Case> {
        Texas::shrink_candidates(case)
    }
    fn size(case: &Case) -> String {
        Texas::size(case)
    }
    fn weight(case: &Case) -> u64 {
        Texas::weight(case)
    }
    fn coverage_keys() -> &'static [&'static str] {
        Texas::coverage_keys()
    }
    fn coverage(case: &Case, outcome: &Outcome) -> Vec<&'static str> {
        Texas::coverage(case, outcome)
    }
}

/// The (operation, round) pairs, 0-based, in which a special 5 is among the removed cells, found by
/// replaying the reference's own trace (swap, remove, fall).
fn rounds_with_special_5(case: &Case) -> Vec<(usize, usize)> {
    let outcome = reference::texas::outcome(case);
    let mut board = case.board.clone();
    let mut found = Vec::new();
    let fall = |b: &mut Board, removed: &Cells| {
        for p in removed.iter() {
            let i = b.idx(p.r(), p.c());
            b.colour[i] = 0;
            b.special[i] = 0;
        }
        for c in 0..b.m {
            let pieces: Vec<(u8, u8)> = (0..b.n)
                .filter(|&r| b.colour_at(r, c) != 0)
                .map(|r| (b.colour_at(r, c), b.special_at(r, c)))
                .collect();
            let top = b.n - pieces.len();
            for r in 0..b.n {
                let i = b.idx(r, c);
                (b.colour[i], b.special[i]) = if r < top { (0, 0) } else { pieces[r - top] };
            }
        }
    };
    for (i, (op, t)) in case.ops.iter().zip(&outcome.ops).enumerate() {
        if t.invalid.is_some() {
            continue;
        }
        let (a, b) = (board.idx(op.a.r(), op.a.c()), board.idx(op.b.r(), op.b.c()));
        board.colour.swap(a, b);
        board.special.swap(a, b);
        for (r, round) in t.rounds.iter().enumerate() {
            if round
                .removed
                .iter()
                .any(|p: Pos| board.special_at(p.r(), p.c()) == 5)
            {
                found.push((i, r));
            }
            fall(&mut board, &round.removed);
        }
    }
    found
}

#[test]
fn a_planted_special_5_bug_is_found_shrunk_and_pinned_to_its_round() {
    let out_dir = std::env::temp_dir().join(format!("planted-{}", std::process::id()));
    let opts = DiffOptions {
        cases: 50_000,
        seed: 1,
        profile: ProfileChoice::One("mix".into()),
        threads: None,
        shard: (0, 1),
        time: None,
        out_dir: out_dir.clone(),
        progress: false,
        shrink_budget: Duration::from_secs(120),
        colour: false,
    };
    let mut report = Vec::new();
    let summary = diff::run::<Planted>(&opts, &mut report).unwrap();
    let report = String::from_utf8(report).unwrap();
    assert!(
        summary.mismatches > 0,
        "the planted bug was not found:\n{report}"
    );
    assert!(
        summary.cases <= 1024,
        "found only after {} cases",
        summary.cases
    );
    let last = report.lines().last().unwrap();
    assert!(
        last.starts_with(&format!(
            "texas: {} cases, {} mismatches, ",
            summary.cases, summary.mismatches
        )),
        "{last}"
    );

    // The saved case is small and still shows the bug.
    let path = summary.saved.clone().expect("the mismatch is saved");
    assert!(
        report.contains(&format!("repro: {}", path.display())),
        "{report}"
    );
    let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert!(
        case.n() <= 6 && case.m() <= 6,
        "shrunk only to {}x{}:\n{}",
        case.n(),
        case.m(),
        case.write()
    );
    assert!(
        case.ops.len() <= 6,
        "shrunk only to {} operations:\n{}",
        case.ops.len(),
        case.write()
    );
    assert!(
        harness::oracle::check::<Planted>(&case).is_some(),
        "the saved case no longer fails"
    );
    assert!(
        harness::oracle::check::<Texas>(&case).is_none(),
        "the real engines disagree on the saved case"
    );

    // The report points at the first round in which a special 5 goes off.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    let op = json["divergence"]["context"]["operation"].as_u64().unwrap() as usize;
    let round = json["divergence"]["context"]["round"]
        .as_u64()
        .expect("the divergence names a round") as usize;
    let fives = rounds_with_special_5(&case);
    assert_eq!(
        fives.first(),
        Some(&(op - 1, round - 1)),
        "report points at operation {op} round {round}; special 5 goes off in {fives:?}\n{report}"
    );
    let at = json["divergence"]["at"].as_str().unwrap();
    assert!(
        at.contains(&format!("operation {op}")) && at.contains(&format!("round {round}")),
        "{at}"
    );
    assert!(
        json["divergence"]["what"]
            .as_str()
            .unwrap()
            .starts_with("removed cells differ"),
        "{json}"
    );
    for key in ["seed", "profile", "size_before", "size_after", "reproduce"] {
        assert!(!json[key].is_null(), "{key} missing from the report");
    }
    let _ = std::fs::remove_dir_all(out_dir);
}
