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

use games::{Mayan, Nogo, Texas};
use harness::prelude::Game;

/// How many times the small (unoptimized test build) sizes to run: 20 in an optimized build such
/// as the `mutants` profile, times `MUTATION_GATE_SCALE` when set.
fn scale() -> u64 {
    let base = if cfg!(unoptimized) { 1 } else { 20 };
    base * std::env::var("MUTATION_GATE_SCALE")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1)
}

/// The gate of `harness::gate` for game `G`, with the seed the campaign's table was measured with.
fn gate<G: Game>(cases: u64, default: u64) -> Option<String> {
    harness::gate::run::<G>(
        cases,
        default,
        20_261_122,
        env!("CARGO_BIN_EXE_harness").into(),
    )
    .expect("the gate's batch runs")
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
