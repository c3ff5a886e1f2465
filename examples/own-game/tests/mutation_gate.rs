//! The gate cargo-mutants judges every mutant of the optimized 2048 engine with
//! (`scripts/mutation-2048.sh`): the main job in miniature, through the harness's own batch loop.
//! A batch over every profile the reference can finish, then more of the default mix, the
//! reference against the optimized engine with full traces; a mutant is caught when a batch
//! reports a failure (a mismatch of the traces, a panic, a hang), shrunk and saved like any.
//!
//! It is an ordinary test too: on the real engines every batch must come back clean. Each failing
//! batch prints its JSON summary on one line starting with `mutation-gate:` (the kind, the time to
//! detect, the shrunk size), which cargo-mutants keeps in the mutant's log.

use harness::batch::{BatchOptions, Silent};
use harness::diff::{self, DiffOptions};
use harness::game::{all_profiles, engines, ProfileChoice};
use harness::prelude::*;
use own_game::Game2048;
use std::time::Duration;

/// 50 times the small sizes in an optimized build (cargo-mutants' `mutants` profile), once in the
/// test suite's unoptimized build.
fn scale() -> u64 {
    if cfg!(unoptimized) {
        1
    } else {
        50
    }
}

#[test]
fn the_2048_engines_agree_on_every_batch_profile() {
    let out = std::env::temp_dir().join(format!("mutation-gate-2048-{}", std::process::id()));
    let s = scale();
    let mut failures = Vec::new();
    for (profile, n) in [
        (ProfileChoice::Cycle(all_profiles::<Game2048>()), 30 * s),
        (ProfileChoice::One(&Game2048::profiles()[0]), 100 * s),
    ] {
        let mut batch = BatchOptions::new::<Game2048>(n, 20_261_124);
        batch.profile = profile;
        let mut opts = DiffOptions::<Game2048>::new(batch, out.clone());
        opts.shrink_budget = Duration::from_secs(5);
        opts.isolate = Some(diff::isolate_by_exec::<Game2048>(
            env!("CARGO_BIN_EXE_own-game").into(),
            engines::<Game2048>().iter().map(|e| e.name).collect(),
        ));
        let mut text = Vec::new();
        let summary = diff::run::<Game2048>(&opts, &Pair::builtin(), &Silent, &mut text)
            .expect("the gate's batch runs");
        if summary.failed() > 0 {
            if let Ok(json) = serde_json::to_string(&summary) {
                eprintln!("mutation-gate: {json}");
            }
            failures.push(String::from_utf8_lossy(&text).into_owned());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(
        failures.is_empty(),
        "the 2048 engines disagree:\n{}",
        failures.join("\n")
    );
}
