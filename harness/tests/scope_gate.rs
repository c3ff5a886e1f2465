//! The scope gate: the named scopes of each game, smallest first, each verified in full (reference
//! against optimized, through `verify`'s pipeline), until one fails. It measures what a
//! certificate is worth: a mutation campaign judged by this gate says, for every mutant, the
//! smallest scope that kills it and how long that took (`scripts/small-scope-table.py`,
//! docs/verify.md).
//!
//! Each scope prints one line starting `scope-gate:` with a JSON object (game, scope, indices,
//! whether it failed, the seconds it took, the kind of failure); a failing scope ends the test with
//! a panic, so cargo-mutants counts the mutant as caught. It runs the first two named scopes of each
//! game by default; `SCOPE_GATE_SCOPES=N` runs the first N, `SCOPE_GATE_GAMES=texas,nogo` only those
//! games. In the test suite's unoptimized build it is ignored: each game's own tests already
//! verify its smallest scope there (`the_smoke_scope_agrees`, `the_tiny_scope_agrees_everywhere`).
//!
//! ```sh
//! cargo mutants --no-config -f engine/src/texas/gravity.rs --test-package harness \
//!     -C --test -C scope_gate --profile mutants --baseline skip --timeout 900
//! ```

use harness::batch::{BatchOptions, Silent};
use harness::diff::DiffOptions;
use harness::games::{Mayan, Nogo, Texas};
use harness::verify::{Given, ScopeCases};
use harness::{Game, Pair};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn scopes_to_run() -> usize {
    std::env::var("SCOPE_GATE_SCOPES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

fn game_selected(name: &str) -> bool {
    std::env::var("SCOPE_GATE_GAMES").map_or(true, |g| g.split(',').any(|x| x.trim() == name))
}

/// Verifies the first named scopes of `G` in order; returns the report of the first that fails.
fn ladder<G: Game>() -> Option<String> {
    if !game_selected(G::NAME) {
        return None;
    }
    let out = std::env::temp_dir().join(format!("scope-gate-{}-{}", G::NAME, std::process::id()));
    for named in G::scopes().iter().take(scopes_to_run()) {
        let scope = G::scope(named.expr).expect("a named scope parses");
        let indices = scope.len();
        let given = Given {
            cases: Arc::new(ScopeCases::<G>::new(scope)),
            name: Some(named.name.to_string()),
        };
        let mut opts = DiffOptions::<G>::new(BatchOptions::new::<G>(0, 0), out.clone());
        opts.shrink_budget = Duration::from_secs(5);
        let started = Instant::now();
        let mut text = Vec::new();
        let argv = vec!["scope-gate".to_string()];
        let summary =
            harness::verify::run::<G>(opts, &given, &Pair::builtin(), &Silent, &mut text, &argv)
                .expect("the scope runs");
        let secs = started.elapsed().as_secs_f64();
        let failed = summary.failed() > 0;
        let kind = summary.first.as_ref().map(|f| format!("{:?}", f.kind));
        let line = serde_json::json!({
            "game": G::NAME,
            "scope": named.name,
            "indices": indices,
            "failed": failed,
            "secs": secs,
            "kind": kind,
            "size_after": summary.first.as_ref().map(|f| f.size_after.clone()),
        });
        eprintln!("scope-gate: {line}");
        if failed {
            let _ = std::fs::remove_dir_all(&out);
            return Some(String::from_utf8_lossy(&text).into_owned());
        }
        let verified = summary.certificate.as_ref().is_some_and(|c| c.verified);
        assert!(
            verified,
            "scope {} of {} ran but was not verified",
            named.name,
            G::NAME
        );
    }
    let _ = std::fs::remove_dir_all(&out);
    None
}

#[test]
#[cfg_attr(
    unoptimized,
    ignore = "the mutation campaign's gate: run in an optimized profile"
)]
fn texas_scopes_verify_smallest_first() {
    if let Some(report) = ladder::<Texas>() {
        panic!("a Texas scope failed:\n{report}");
    }
}

#[test]
#[cfg_attr(
    unoptimized,
    ignore = "the mutation campaign's gate: run in an optimized profile"
)]
fn mayan_scopes_verify_smallest_first() {
    if let Some(report) = ladder::<Mayan>() {
        panic!("a Mayan scope failed:\n{report}");
    }
}

#[test]
#[cfg_attr(
    unoptimized,
    ignore = "the mutation campaign's gate: run in an optimized profile"
)]
fn nogo_scopes_verify_smallest_first() {
    if let Some(report) = ladder::<Nogo>() {
        panic!("a NoGo scope failed:\n{report}");
    }
}
