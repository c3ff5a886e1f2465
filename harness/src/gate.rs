//! The gate a mutation campaign judges every mutant with: the main job in miniature. A batch over
//! every profile the reference can finish, then more of the default profile, the reference
//! against the optimized engine with full traces, through the same batch loop as `diff` (a panic
//! is a crash verdict, a hang a time-limit verdict, a wrong trace a mismatch); failures are shrunk
//! (5 s each) and saved like any. A mutant is caught when a batch reports a failure.
//!
//! Each failing batch prints its JSON summary on one line starting with `mutation-gate:` (the kind,
//! the time to detect, the shrunk size), which cargo-mutants keeps in the mutant's log and the
//! table scripts read. Used by `cli/tests/mutation_gate.rs` (the built-in engines) and
//! `examples/own-game/tests/mutation_gate.rs` (2048).
//!
//! [`scopes`] is the other gate, the scope gate: a game's named scopes verified smallest first
//! until one fails, which says for every mutant the smallest scope that kills it
//! (`games/tests/scope_gate.rs`, `examples/own-game/tests/scope_gate.rs`,
//! `scripts/small-scope.sh`).

use crate::proof::scope_run::{Given, ScopeCases};
use crate::roles::game::{all_profile_ids, engines, Game, ProfileChoice, ProfileId};
use crate::roles::oracle::Pair;
use crate::run::batch::{BatchOptions, Silent};
use crate::run::pipeline;
use crate::run::plan::DiffOptions;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs `cases` cases of every batch profile of `G` and `default` more of its first profile, from
/// `seed`; `exe` is a binary with `G` registered (a hang is shrunk through its hidden `exec-engine`).
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
        opts.isolate = Some(crate::cli::game::isolate_by_exec::<G>(
            exe.clone(),
            engines::<G>().iter().map(|e| e.name).collect(),
        ));
        let mut text = Vec::new();
        let summary = pipeline::run::<G>(&opts, &Pair::builtin(), &Silent, &mut text)?;
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

/// How many named scopes the scope gate verifies: `SCOPE_GATE_SCOPES`, or 2 when it is unset or
/// not a number.
pub fn scope_count() -> usize {
    std::env::var("SCOPE_GATE_SCOPES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

/// The scope gate: verifies the first `count` named scopes of `G` in order, each in full (the two
/// engines of `pair`, `Pair::builtin()` for the mutation campaign, through `verify`'s pipeline,
/// failures shrunk 5 s), and
/// stops at the first that fails. Each scope prints one line to stderr, `scope-gate: ` and a JSON
/// object (game, scope, indices, failed, secs, kind, size_after), which cargo-mutants keeps in a
/// mutant's log and `scripts/small-scope-table.py` reads. Returns the report of the failing scope,
/// or `None` when every scope was verified; an error when a named scope does not parse, the run
/// fails, or a scope ran without failing yet was not verified.
pub fn scopes<G: Game>(count: usize, pair: &Pair<G>) -> anyhow::Result<Option<String>> {
    let out = std::env::temp_dir().join(format!("scope-gate-{}-{}", G::NAME, std::process::id()));
    let result = ladder::<G>(count, pair, &out);
    let _ = std::fs::remove_dir_all(&out);
    result
}

fn ladder<G: Game>(
    count: usize,
    pair: &Pair<G>,
    out: &std::path::Path,
) -> anyhow::Result<Option<String>> {
    for named in G::scopes().iter().take(count) {
        let scope = G::scope(named.expr)
            .map_err(|e| anyhow::anyhow!("named scope {} of {}: {e}", named.name, G::NAME))?;
        let indices = scope.len();
        let given = Given {
            cases: Arc::new(ScopeCases::<G>::new(scope)),
            name: Some(named.name.to_string()),
        };
        let mut opts = DiffOptions::<G>::new(BatchOptions::new::<G>(0, 0), out.to_path_buf());
        opts.shrink_budget = Duration::from_secs(5);
        let started = Instant::now();
        let mut text = Vec::new();
        let argv = vec!["scope-gate".to_string()];
        let summary =
            crate::proof::scope_run::run::<G>(opts, &given, pair, &Silent, &mut text, &argv)?;
        let failed = summary.failed() > 0;
        let line = serde_json::json!({
            "game": G::NAME,
            "scope": named.name,
            "indices": indices,
            "failed": failed,
            "secs": started.elapsed().as_secs_f64(),
            "kind": summary.first.as_ref().map(|f| format!("{:?}", f.kind)),
            "size_after": summary.first.as_ref().map(|f| f.size_after.clone()),
        });
        eprintln!("scope-gate: {line}");
        if failed {
            return Ok(Some(String::from_utf8_lossy(&text).into_owned()));
        }
        if !summary.certificate.as_ref().is_some_and(|c| c.verified) {
            anyhow::bail!(
                "scope {} of {} ran but was not verified",
                named.name,
                G::NAME
            );
        }
    }
    Ok(None)
}
