//! `--max-failures N`: a batch goes on after a failure and reports the lowest case of each distinct
//! failure signature, shrunk and saved, with how many cases hit it; the signatures, their lowest
//! cases and their hits are the same for any thread count and for shards merged back. With N = 1
//! (the default) a run is what it always was.

use games::Texas;
use harness::prelude::*;
use harness::prelude::{Fault, Kind};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use harness::run::summary::{Reported, Summary};
use model::texas::{Case, Outcome};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

mod common;
use common::Scratch;

/// The optimized engine with two bugs: it panics on boards of 13 rows or more and at most 2 columns, and scores one
/// endgame point too many on cases of 4 operations or more.
struct TwoBugs;

impl Engine<Texas> for TwoBugs {
    fn name(&self) -> &str {
        "two-bugs"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        assert!(
            case.n() < 13 || case.m() > 2,
            "planted crash on a tall board"
        );
        match harness::roles::game::optimized::<Texas>().run(case, trace)? {
            Output::Outcome(mut o) if case.ops.len() >= 4 => {
                o.score.endgame += 1;
                Ok(Output::Outcome(o))
            }
            other => Ok(other),
        }
    }
}

fn two_bugs() -> Pair<Texas> {
    Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(TwoBugs),
    )
}

/// A run of 4,000 default-profile cases against [`TwoBugs`], saving to `out`.
fn run(out: &Path, threads: usize, shard: (u64, u64), max_failures: usize) -> (Summary, String) {
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(4_000, 3), out.into());
    opts.batch.threads = threads;
    opts.batch.shard = shard;
    opts.batch.max_failures = max_failures;
    opts.shrink_budget = Duration::from_secs(60);
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &two_bugs(), &Silent, &mut text).unwrap();
    (summary, String::from_utf8(text).unwrap())
}

/// What must not depend on threads or shards: per signature, its lowest case, its hits and their
/// case numbers.
fn found(s: &Summary) -> Vec<(String, u64, u64, Vec<u64>)> {
    s.failures_found
        .iter()
        .map(|r| (r.signature.clone(), r.index, r.hits, r.hit_cases.clone()))
        .collect()
}

fn repro_case(r: &Reported) -> Case {
    let path = r.repro.clone().expect("saved");
    Case::parse(&std::fs::read(&path).unwrap()).unwrap()
}

#[test]
fn two_bugs_give_two_repros_whatever_the_threads() {
    let dir = Scratch::new("keep-going");
    let (one, text) = run(&dir.join("t1"), 1, (0, 1), 2);
    let two = run(&dir.join("t2"), 2, (0, 1), 2).0;
    assert_eq!(one.max_failures, 2);
    assert_eq!(found(&one), found(&two), "{text}");
    // Two signatures, both bugs, each saved as its own shrunk repro.
    let signatures: Vec<&str> = one
        .failures_found
        .iter()
        .map(|r| r.signature.as_str())
        .collect();
    assert_eq!(signatures.len(), 2, "{text}");
    assert!(
        signatures
            .iter()
            .any(|s| s.starts_with("crash: two-bugs panicked at ") && s.ends_with("keep_going.rs")),
        "{signatures:?}"
    );
    assert!(
        signatures.contains(&"mismatch: score breakdowns differ"),
        "{signatures:?}"
    );
    for r in &one.failures_found {
        let case = repro_case(r);
        let failure = two_bugs().failure(&case).expect("the repro fails");
        assert_eq!(failure.signature(), r.signature, "{}", Texas::size(&case));
        if r.kind == Kind::Crash {
            assert_eq!(case.n(), 13, "{}", Texas::size(&case));
        } else {
            assert_eq!(case.ops.len(), 4, "{}", Texas::size(&case));
        }
        assert!(r.hits >= 1 && r.hit_cases[0] == r.index, "{r:?}");
    }
    // The batch stopped at the second signature's first case: the hits of the first are its
    // failures below that case.
    let second = one.failures_found[1].index;
    assert!(
        one.failures_found[0].hits > 1,
        "the batch went on after its first failure: {:?}",
        found(&one)
    );
    assert!(one.failures_found[0].hit_cases.iter().all(|&i| i <= second));
    assert_eq!(
        one.first.as_ref().map(|f| f.index),
        Some(one.failures_found[0].index)
    );
    assert!(
        text.contains("2 distinct failures (--max-failures 2):"),
        "{text}"
    );
    assert!(
        text.contains("signature: mismatch: score breakdowns differ ("),
        "{text}"
    );
    // Reports are saved before they are printed: both repros are on disk.
    for r in &one.failures_found {
        assert!(r.repro.as_ref().is_some_and(|p| p.exists()));
        assert!(text.contains(&format!("repro: {}", r.repro.as_ref().unwrap().display())));
    }
}

#[test]
fn shards_merged_find_what_one_run_finds() {
    let dir = Scratch::new("keep-going-shards");
    let (whole, text) = run(&dir.join("whole"), 2, (0, 1), 2);
    assert_eq!(whole.failures_found.len(), 2, "{text}");
    let shards: Vec<(String, Summary)> = (0..2)
        .map(|i| {
            let s = run(&dir.join(&format!("s{i}")), 2, (i, 2), 2).0;
            (format!("s{i}"), s)
        })
        .collect();
    let merged = harness::proof::merge::merge(&shards).unwrap();
    assert_eq!(found(&merged), found(&whole));
    assert_eq!(
        merged.first.as_ref().map(|f| (f.index, f.hits)),
        whole.first.as_ref().map(|f| (f.index, f.hits))
    );
    // A report written as JSON and read back keeps what the merge needs.
    let json = dir.join("s0.json");
    shards[0].1.write_json(&json).unwrap();
    let back = harness::proof::merge::read(&json).unwrap();
    assert_eq!(found(&back), found(&shards[0].1));
}

#[test]
fn one_failure_is_the_default_and_stops_at_the_first() {
    let dir = Scratch::new("keep-going-one");
    let (s, text) = run(&dir.join("out"), 2, (0, 1), 1);
    let first = s.first.clone().expect("a failure");
    assert_eq!(s.failures_found.len(), 1);
    let only = &s.failures_found[0];
    assert_eq!((only.index, only.hits), (first.index, 1));
    assert_eq!(only.hit_cases, vec![first.index]);
    assert_eq!(first.signature, only.signature);
    assert!(!text.contains("distinct failure"), "{text}");
    assert!(!text.contains("signature: "), "{text}");
    assert_eq!(s.max_failures, 1);
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A judged program with two bugs: it exits with status 3 when the case has 4 operations or more,
/// and prints 0 otherwise (a wrong answer).
const TWO_BUGS: &str = "read n m k q; cat >/dev/null; if [ \"$q\" -ge 4 ]; then exit 3; fi; echo 0";

fn judge(out: &Path, json: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "judge",
            "--game",
            "texas",
            "--cases",
            "300",
            "--profile",
            "small",
        ])
        .args(["--max-failures", "2", "--shrink-secs", "20", "--quiet"])
        .arg("--out")
        .arg(out)
        .arg("--json")
        .arg(json)
        .args(extra)
        .args(["--", "sh", "-c", TWO_BUGS])
        .output()
        .unwrap()
}

fn read(json: &Path) -> Summary {
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}

#[test]
fn judge_keeps_going_across_jobs_and_shards() {
    let dir = Scratch::new("keep-going-judge");
    let runs: Vec<(PathBuf, Vec<&str>)> = vec![
        (dir.join("j1.json"), vec!["--jobs", "1"]),
        (dir.join("j2.json"), vec!["--jobs", "2"]),
        (dir.join("s0.json"), vec!["--jobs", "2", "--shard", "0/2"]),
        (dir.join("s1.json"), vec!["--jobs", "2", "--shard", "1/2"]),
    ];
    for (json, extra) in &runs {
        let stem = json.file_stem().unwrap().to_str().unwrap();
        let out = judge(&dir.join(&format!("out-{stem}")), json, extra);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let repros = stdout.lines().filter(|l| l.starts_with("repro: ")).count();
        assert_eq!(repros, 2, "{stdout}");
    }
    let one = read(&runs[0].0);
    let signatures: Vec<&str> = one
        .failures_found
        .iter()
        .map(|r| r.signature.as_str())
        .collect();
    assert_eq!(signatures.len(), 2, "{signatures:?}");
    assert!(
        signatures.contains(&"mismatch: wrong answer"),
        "{signatures:?}"
    );
    assert!(
        signatures
            .iter()
            .any(|s| s.starts_with("crash: program sh -c")
                && s.ends_with(" runtime error: exit status 3")),
        "{signatures:?}"
    );
    assert_eq!(found(&one), found(&read(&runs[1].0)));
    let merged_json = dir.join("merged.json");
    let merged = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["merge"])
        .arg(&runs[2].0)
        .arg(&runs[3].0)
        .arg("--json")
        .arg(&merged_json)
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(1), "{}", text(&merged.stderr));
    assert_eq!(found(&read(&merged_json)), found(&one));
}
