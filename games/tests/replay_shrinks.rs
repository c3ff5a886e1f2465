//! A failing saved case is a failure like any other, as a user meets it: with the repository's
//! corpus (the statement samples of `corpus/texas`) replayed first, a planted bug of the reference
//! (`games/build.rs` writes the mutants) that a statement sample catches comes out shrunk to a
//! repro of a few cells, saved as a regression, the sample itself untouched; with two planted bugs
//! and `--max-failures 5`, both are reported.

use games::Texas;
use harness::prelude::Fault;
use harness::prelude::*;
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use harness::run::summary::Summary;
use model::texas::{Case, Outcome};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

mod common;
use common::Scratch;

#[allow(dead_code)]
mod mutants {
    include!(concat!(env!("OUT_DIR"), "/mutants.rs"));
}
use mutants::{Mutant, MUTANTS};

/// The optimized engine's part played by mutants: the first whose outcome differs from the
/// reference's on the case gives it (one mutant: one planted bug; two: two bugs).
struct Planted(Vec<&'static Mutant>);

impl Engine<Texas> for Planted {
    fn name(&self) -> &str {
        "planted"
    }
    fn run(&self, case: &Case, _trace: bool) -> Result<Output<Outcome>, Fault> {
        let reference = reference::texas::outcome(case);
        let outcome = self
            .0
            .iter()
            .map(|m| (m.outcome)(case))
            .find(|o| *o != reference)
            .unwrap_or(reference);
        Ok(Output::Outcome(outcome))
    }
}

fn pair(mutants: Vec<&'static Mutant>) -> Pair<Texas> {
    Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Planted(mutants)),
    )
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/texas")
}

fn samples() -> Vec<Case> {
    (1..=3)
        .map(|i| std::fs::read(corpus().join(format!("sample{i}.in"))).unwrap())
        .map(|b| Texas::parse(&b).unwrap())
        .collect()
}

/// The signature of the failure a statement sample shows with `m` planted, if one does.
fn caught_by_a_sample(m: &'static Mutant) -> Option<String> {
    let p = pair(vec![m]);
    samples()
        .iter()
        .find_map(|c| p.failure(c))
        .map(|f| f.signature())
}

/// `harness diff` as run from the repository root: the corpus replayed first, failures saved
/// under `out`.
fn run(mutants: Vec<&'static Mutant>, out: &Path, max_failures: usize) -> (Summary, String) {
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(3_000, 1), out.into());
    opts.set_saved_first(true);
    opts.corpus_dir = corpus();
    opts.batch.max_failures = max_failures;
    opts.batch.threads = 2;
    opts.shrink_budget = Duration::from_secs(120);
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair(mutants), &Silent, &mut text).unwrap();
    (summary, String::from_utf8(text).unwrap())
}

fn cells(path: &Path) -> usize {
    let case = Texas::parse(&std::fs::read(path).unwrap()).unwrap();
    case.n() * case.m()
}

#[test]
fn a_bug_a_statement_sample_catches_is_shrunk_and_saved() {
    let caught: Vec<(&Mutant, String)> = MUTANTS
        .iter()
        .filter_map(|m| caught_by_a_sample(m).map(|s| (m, s)))
        .collect();
    assert!(caught.len() >= 2, "too few mutants caught by a sample");
    let dir = Scratch::new("replay-shrinks");
    let (m, _) = caught[0];
    let (s, text) = run(vec![m], &dir.join("one"), 1);
    let sample = s.replay.as_ref().and_then(|r| r.failing.clone());
    let sample = sample.expect("a statement sample fails").path;
    assert!(sample.starts_with(corpus()), "{}", sample.display());
    assert!(
        text.starts_with(&format!("MISMATCH in saved case {}: ", sample.display())),
        "{text}"
    );
    let first = s.first.clone().expect("reported");
    let repro = first.repro.clone().expect("the shrunk case is saved");
    assert!(repro.starts_with(dir.join("one")), "{}", repro.display());
    assert!(first.shrink_steps > 0, "{text}");
    assert!(
        cells(&repro) <= 16,
        "{}: {} cells:\n{text}",
        m.name,
        cells(&repro)
    );
    assert!(cells(&repro) < cells(&sample));
    assert_eq!((s.failures_found.len(), s.cases), (1, 1), "{text}");
    assert!(text.contains(&format!("repro: {}\n", repro.display())));

    // Two bugs of different signatures: --max-failures 5 reports both, each shrunk.
    let other = caught.iter().find(|(_, sig)| *sig != caught[0].1);
    let (other, _) = other.expect("two signatures among the caught mutants");
    let (s, text) = run(vec![m, other], &dir.join("two"), 5);
    assert!(s.failures_found.len() >= 2, "{text}");
    let mut signatures: Vec<&str> = s
        .failures_found
        .iter()
        .map(|r| r.signature.as_str())
        .collect();
    signatures.dedup();
    assert_eq!(signatures.len(), s.failures_found.len(), "{text}");
    for r in &s.failures_found {
        let repro = r.repro.as_ref().expect("saved");
        assert!(
            cells(repro) <= 36,
            "{}: {} cells",
            r.signature,
            cells(repro)
        );
    }
}
