//! The gate cargo-mutants judges every mutant of the optimized engines with (`.cargo/mutants.toml`):
//! the main job in miniature. For each game, a batch over every profile the reference can finish,
//! the reference against the optimized engine with full traces, through the same batch loop as
//! `harness diff` (a panic is a crash verdict, a hang a time-limit verdict, a wrong trace a
//! mismatch). A mutant is caught when any batch reports a failure.
//!
//! It is an ordinary test too: on the real engines every batch must come back clean. In the test
//! suite's unoptimized build it runs small batches; in the optimized `mutants` profile twenty times
//! more, in seconds; `MUTATION_GATE_SCALE` multiplies them for a stronger (slower) gate.
//!
//! Each failing batch also prints its JSON summary on one line starting with `mutation-gate:`
//! (the kind, the time to detect, the shrunk size), which cargo-mutants keeps in the mutant's log;
//! `.cargo/mutation-table.py` turns those logs into the README's table.

use harness::batch::{BatchOptions, Silent};
use harness::diff::{self, DiffOptions};
use harness::game::{all_profiles, ProfileChoice};
use harness::games::{Mayan, Nogo, Texas};
use harness::{Game, Pair};
use std::time::Duration;

/// How many times the small (unoptimized test build) sizes to run: 20 in an optimized build such
/// as the `mutants` profile, times `MUTATION_GATE_SCALE` when set.
fn scale() -> u64 {
    let base = if cfg!(unoptimized) { 1 } else { 20 };
    base * std::env::var("MUTATION_GATE_SCALE")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1)
}

/// Runs `cases` cases of every batch profile of `G` (and `default` more of the default mix) and
/// returns the report text when anything failed.
fn gate<G: Game>(cases: u64, default: u64) -> Option<String> {
    let out =
        std::env::temp_dir().join(format!("mutation-gate-{}-{}", G::NAME, std::process::id()));
    let mut failures = Vec::new();
    for (profile, n) in [
        (ProfileChoice::Cycle(all_profiles::<G>()), cases),
        (ProfileChoice::One(&G::profiles()[0]), default),
    ] {
        let mut batch = BatchOptions::new::<G>(n, 20_261_122);
        batch.profile = profile;
        let mut opts = DiffOptions::<G>::new(batch, out.clone());
        opts.shrink_budget = Duration::from_secs(5);
        // As in `harness diff`: once a smaller case hangs the engine in process, the shrink goes
        // on with the engine out of process (the harness binary's `exec`).
        opts.isolate = Some(diff::isolate_by_exec::<G>(
            env!("CARGO_BIN_EXE_harness").into(),
            harness::game::engines::<G>()
                .iter()
                .map(|e| e.name)
                .collect(),
        ));
        let mut text = Vec::new();
        let summary = diff::run::<G>(&opts, &Pair::builtin(), &Silent, &mut text)
            .expect("the gate's batch runs");
        if summary.failed() > 0 {
            if let Ok(json) = serde_json::to_string(&summary) {
                eprintln!("mutation-gate: {json}");
            }
            failures.push(String::from_utf8_lossy(&text).into_owned());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    (!failures.is_empty()).then(|| failures.join("\n"))
}

#[test]
fn texas_engines_agree_on_every_batch_profile() {
    let s = scale();
    if let Some(report) = gate::<Texas>(24 * s, 200 * s) {
        panic!("the Texas engines disagree:\n{report}");
    }
}

#[test]
fn mayan_solvers_agree_on_every_batch_profile() {
    let s = scale();
    if let Some(report) = gate::<Mayan>(10 * s, 30 * s) {
        panic!("the Mayan solvers disagree:\n{report}");
    }
}

#[test]
fn nogo_engines_agree_on_every_batch_profile() {
    let s = scale();
    if let Some(report) = gate::<Nogo>(20 * s, 60 * s) {
        panic!("the NoGo engines disagree:\n{report}");
    }
}
