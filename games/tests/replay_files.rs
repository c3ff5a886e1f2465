//! `harness replay FILE...` as a run of the pipeline (`diff::run` with the files as its cases):
//! each file gets its verdict line and entry, a failing file is reported as it is (nothing
//! written) unless shrinking is asked for, and a hang of an in-process engine is a time-limit
//! verdict after which the next file still runs.

mod common;
use common::Scratch;
use games::Texas;
use harness::prelude::*;
use harness::prelude::{Fault, Kind};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::{CaseSource, DiffOptions, ReplayFiles};
use harness::run::summary::ReplayVerdict as Verdict;
use harness::run::summary::Summary;
use model::texas::{Case, Outcome};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

#[path = "common/planted.rs"]
mod planted_engine;
use planted_engine::planted_pair;

/// A case of the default profile that the planted engine gets wrong (`wrong`) or right.
fn case(wrong: bool) -> Case {
    let pair = planted_pair();
    (0..20_000)
        .map(|seed| Texas::generate(&Texas::PROFILES[0], seed))
        .find(|c| pair.failure(c).is_some() == wrong)
        .expect("a case")
}

/// Replays `files` through `pair`, saving (with `shrink`) under `out`.
fn replay(pair: &Pair<Texas>, files: &[PathBuf], out: &Path, shrink: bool) -> (Summary, String) {
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(0, 0), out.into());
    opts.cases = CaseSource::Files(ReplayFiles {
        files: files.to_vec(),
        shrink,
        pages: None,
    });
    opts.batch.case_timeout = Some(Duration::from_millis(200));
    opts.shrink_budget = Duration::from_secs(20);
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, pair, &Silent, &mut text).unwrap();
    (summary, String::from_utf8(text).unwrap())
}

fn verdicts(s: &Summary) -> Vec<(Verdict, Option<Kind>)> {
    let files = &s.replay.as_ref().expect("replayed").files;
    files.iter().map(|v| (v.verdict, v.kind)).collect()
}

#[test]
fn a_failing_file_is_reported_as_it_is_and_shrunk_only_when_asked() {
    let s = Scratch::new("replay-files");
    let (bad, good) = (s.join("bad.in"), s.join("good.in"));
    std::fs::write(&bad, case(true).write()).unwrap();
    std::fs::write(&good, case(false).write()).unwrap();
    let files = [bad.clone(), good.clone()];

    let (summary, text) = replay(&planted_pair(), &files, &s.join("out"), false);
    assert_eq!(
        verdicts(&summary),
        vec![
            (Verdict::Mismatch, Some(Kind::Mismatch)),
            (Verdict::Ok, None)
        ]
    );
    let first_difference = format!("{}: MISMATCH\nfirst difference at ", bad.display());
    assert!(text.starts_with(&first_difference), "{text}");
    assert!(
        text.contains(&format!(
            "{}: ok, reference and planted answer ",
            good.display()
        )),
        "{text}"
    );
    assert_eq!(
        text.matches("MISMATCH").count(),
        1,
        "one verdict, no report: {text}"
    );
    assert!(
        !s.join("out").exists(),
        "nothing is written without shrinking"
    );
    let repro = summary.first.as_ref().and_then(|f| f.repro.clone());
    assert_eq!(repro, Some(bad.clone()), "the file is its own repro");

    let (summary, text) = replay(&planted_pair(), &files, &s.join("out"), true);
    let repro = summary.first.as_ref().and_then(|f| f.repro.clone());
    let repro = repro.expect("the shrunk case is saved");
    assert!(repro.starts_with(s.join("out")), "{}", repro.display());
    assert!(
        text.contains(&format!("repro: {}", repro.display())),
        "{text}"
    );
    assert!(summary.first.as_ref().is_some_and(|f| f.shrink_steps > 0));
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        case(true).write(),
        "the replayed file is untouched"
    );
}

/// An engine that never finishes.
struct Hangs;

impl Engine<Texas> for Hangs {
    fn name(&self) -> &str {
        "hangs"
    }
    fn run(&self, _case: &Case, _trace: bool) -> Result<Output<Outcome>, Fault> {
        loop {
            std::thread::sleep(Duration::from_secs(1));
        }
    }
}

#[test]
fn a_hang_is_a_time_limit_and_the_next_file_still_runs() {
    let s = Scratch::new("replay-hangs");
    let files: Vec<PathBuf> = (0..2).map(|i| s.join(&format!("{i}.in"))).collect();
    for f in &files {
        std::fs::write(f, case(false).write()).unwrap();
    }
    let pair = Pair::new(harness::roles::game::reference::<Texas>(), Arc::new(Hangs));
    let (summary, text) = replay(&pair, &files, &s.join("out"), false);
    let hung = (Verdict::Mismatch, Some(Kind::TimeLimit));
    assert_eq!(verdicts(&summary), vec![hung, hung], "{text}");
    assert_eq!(text.matches("TIME LIMIT").count(), 2, "{text}");
}
