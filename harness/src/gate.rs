//! The gate a mutation campaign judges every mutant with: the main job in miniature. A batch over
//! every profile the reference can finish, then more of the default profile, the reference
//! against the optimized engine with full traces, through the same batch loop as `diff` (a panic
//! is a crash verdict, a hang a time-limit verdict, a wrong trace a mismatch); failures are shrunk
//! (5 s each) and saved like any. A mutant is caught when a batch reports a failure.
//!
//! Each failing batch prints its JSON summary on one line starting with `mutation-gate:` (the kind,
//! the time to detect, the shrunk size), which cargo-mutants keeps in the mutant's log and the
//! table scripts read. Used by `harness/tests/mutation_gate.rs` (the built-in engines) and
//! `examples/own-game/tests/mutation_gate.rs` (2048).

use crate::batch::{BatchOptions, Silent};
use crate::diff::{self, DiffOptions};
use crate::game::{all_profile_ids, engines, Game, ProfileChoice, ProfileId};
use crate::oracle::Pair;
use std::path::PathBuf;
use std::time::Duration;

/// Runs `cases` cases of every batch profile of `G` and `default` more of its first profile, from
/// `seed`; `exe` is a binary with `G` registered (a hang is shrunk through its hidden `exec`).
/// Returns the reports of the failing batches, or `None` when every batch came back clean.
pub fn run<G: Game>(
    cases: u64,
    default: u64,
    seed: u64,
    exe: PathBuf,
) -> anyhow::Result<Option<String>> {
    let out =
        std::env::temp_dir().join(format!("mutation-gate-{}-{}", G::NAME, std::process::id()));
    let mut failures = Vec::new();
    for (profile, n) in [
        (ProfileChoice::Cycle(all_profile_ids::<G>()), cases),
        (ProfileChoice::One(ProfileId::default_of::<G>()), default),
    ] {
        let mut batch = BatchOptions::new::<G>(n, seed);
        batch.profile = profile;
        let mut opts = DiffOptions::<G>::new(batch, out.clone());
        opts.shrink_budget = Duration::from_secs(5);
        // As in `diff`: once a smaller case hangs the engine in process, the shrink goes on with
        // the engine out of process (the binary's `exec`).
        opts.isolate = Some(crate::cli::exec::isolate_by_exec::<G>(
            exe.clone(),
            engines::<G>().iter().map(|e| e.name).collect(),
        ));
        let mut text = Vec::new();
        let summary = diff::run::<G>(&opts, &Pair::builtin(), &Silent, &mut text)?;
        if summary.failed() > 0 {
            if let Ok(json) = serde_json::to_string(&summary) {
                eprintln!("mutation-gate: {json}");
            }
            failures.push(String::from_utf8_lossy(&text).into_owned());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    Ok((!failures.is_empty()).then(|| failures.join("\n")))
}
