//! The gate cargo-mutants judges every mutant of the optimized 2048 engine with
//! (`scripts/mutation-2048.sh`): the main job in miniature, through the harness's own batch loop.
//! A batch over every profile the reference can finish, then more of the default mix, the
//! reference against the optimized engine with full traces; a mutant is caught when a batch
//! reports a failure (a mismatch of the traces, a panic, a hang), shrunk and saved like any.
//!
//! It is an ordinary test too: on the real engines every batch must come back clean. Each failing
//! batch prints its JSON summary on one line starting with `mutation-gate:` (the kind, the time to
//! detect, the shrunk size), which cargo-mutants keeps in the mutant's log.

use own_game::Game2048;

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
    let s = scale();
    let failures = harness::gate::run::<Game2048>(
        30 * s,
        100 * s,
        20_261_124,
        env!("CARGO_BIN_EXE_own-game").into(),
    )
    .expect("the gate's batch runs");
    if let Some(report) = failures {
        panic!("the 2048 engines disagree:\n{report}");
    }
}
