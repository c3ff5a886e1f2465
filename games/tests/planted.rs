//! A planted bug must be found, shrunk and pinned: a test-only copy of the reference engine in which
//! special 5 clears a 3x3 square (instead of 5x5) plays the part of the optimized engine. The batch
//! diff must find a mismatch in its first chunk of cases, shrink it to at most a 6x6 board with at
//! most 6 operations, save it, and name the round in which a special 5 first goes off.

use games::Texas;
use harness::prelude::Pair;
use harness::run::batch::BatchOptions;
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use model::texas::Case;
use std::time::Duration;

#[path = "common/planted.rs"]
mod planted_engine;

use planted_engine::planted_pair;

/// The (operation, round) pairs, 0-based, in which a special 5 is among the removed cells, found by
/// replaying the reference's own trace with the harness's one simulation.
fn rounds_with_special_5(case: &Case) -> Vec<(usize, usize)> {
    let outcome = reference::texas::outcome(case);
    let mut found = Vec::new();
    games::texas::sim::replay(case, &outcome.ops, |i, r, board| {
        let removed = &outcome.ops[i].rounds[r].removed;
        if removed.iter().any(|p| board.special_at(p.r(), p.c()) == 5) {
            found.push((i, r));
        }
    });
    found
}

#[test]
fn a_planted_special_5_bug_is_found_shrunk_and_pinned_to_its_round() {
    let out_dir = std::env::temp_dir().join(format!("planted-{}", std::process::id()));
    let mut opts =
        DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(50_000, 1), out_dir.clone());
    opts.shrink_budget = Duration::from_secs(120);
    let mut report = Vec::new();
    let summary = pipeline::run::<Texas>(
        &opts,
        &planted_pair(),
        &harness::run::batch::Silent,
        &mut report,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert!(
        summary.failed() > 0,
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
            summary.cases,
            summary.failed()
        )),
        "{last}"
    );

    // The saved case is small and still shows the bug.
    let path = summary
        .first
        .as_ref()
        .and_then(|f| f.repro.clone())
        .expect("the mismatch is saved");
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
        planted_pair().failure(&case).is_some(),
        "the saved case no longer fails"
    );
    assert!(
        Pair::<Texas>::builtin().failure(&case).is_none(),
        "the real engines disagree on the saved case"
    );

    // The report points at the first round in which a special 5 goes off.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    let op = json["failure"]["divergence"]["context"]["operation"]
        .as_u64()
        .unwrap() as usize;
    let round = json["failure"]["divergence"]["context"]["round"]
        .as_u64()
        .expect("the divergence names a round") as usize;
    let fives = rounds_with_special_5(&case);
    assert_eq!(
        fives.first(),
        Some(&(op - 1, round - 1)),
        "report points at operation {op} round {round}; special 5 goes off in {fives:?}\n{report}"
    );
    let at = json["failure"]["divergence"]["at"].as_str().unwrap();
    assert!(
        at.contains(&format!("operation {op}")) && at.contains(&format!("round {round}")),
        "{at}"
    );
    assert!(
        json["failure"]["divergence"]["what"]
            .as_str()
            .unwrap()
            .starts_with("removed cells differ"),
        "{json}"
    );
    for key in ["seed", "profile", "size_before", "size_after", "reproduce"] {
        assert!(!json[key].is_null(), "{key} missing from the report");
    }

    // The explain phase ran on the repro: every part it calls free really is (each of its
    // variants still fails), and the special 5 itself is not among them.
    assert!(report.contains("explained: "), "{report}");
    let explained = &json["explained"];
    assert!(explained["parts"].as_u64().unwrap() > 0, "{json}");
    let free = explained["free"].as_array().unwrap();
    assert_eq!(
        free.len(),
        summary.first.as_ref().unwrap().free.len(),
        "the run's report and the saved one agree"
    );
    let fives: Vec<(usize, usize)> = (0..case.n())
        .flat_map(|r| (0..case.m()).map(move |c| (r, c)))
        .filter(|&(r, c)| case.board.special[case.board.idx(r, c)] == 5)
        .collect();
    for f in free {
        if f["at"] == "cell" && f["value"] == "special" {
            let at = (
                f["row"].as_u64().unwrap() as usize,
                f["col"].as_u64().unwrap() as usize,
            );
            assert!(!fives.contains(&at), "a special 5 called free: {f}");
        }
    }
    // The page says it too, and marks the free cells of the initial board.
    let page = std::fs::read_to_string(path.with_extension("html")).unwrap();
    if free.iter().any(|f| f["at"] == "cell") {
        assert!(page.contains("What does not matter: "), "{page}");
        assert!(page.contains(" f\" title="), "{page}");
    }
    let _ = std::fs::remove_dir_all(out_dir);
}
