//! The scope gate: the named scopes of each game, smallest first, each verified in full (reference
//! against optimized, through `verify`'s pipeline), until one fails. It measures what a
//! certificate is worth: a mutation campaign judged by this gate says, for every mutant, the
//! smallest scope that kills it and how long that took (`scripts/small-scope-table.py`,
//! docs/verify.md).
//!
//! Each scope prints one line starting `scope-gate:` with a JSON object (game, scope, indices,
//! whether it failed, the seconds it took, the kind of failure), from `harness::gate::scopes`,
//! which the 2048 gate of examples/own-game calls too; a failing scope ends the test with a panic,
//! so cargo-mutants counts the mutant as caught. It runs the first two named scopes of each game
//! by default; `SCOPE_GATE_SCOPES=N` runs the first N, `SCOPE_GATE_GAMES=texas,nogo` only those
//! games. In the test suite's unoptimized build it is ignored: each game's own tests already
//! verify its smallest scope there (`the_smoke_scope_agrees`, `the_tiny_scope_agrees_everywhere`).
//!
//! ```sh
//! cargo mutants --no-config -f engine/src/texas/gravity.rs --test-package harness \
//!     -C --test -C scope_gate --profile mutants --baseline skip --timeout 900
//! ```

use games::{Mayan, Nogo, Texas};
use harness::prelude::{Game, Pair};

fn game_selected(name: &str) -> bool {
    std::env::var("SCOPE_GATE_GAMES").map_or(true, |g| g.split(',').any(|x| x.trim() == name))
}

/// Verifies the first named scopes of `G` in order (`harness::gate::scopes`); returns the report
/// of the first that fails.
fn ladder<G: Game>() -> Option<String> {
    if !game_selected(G::NAME) {
        return None;
    }
    harness::gate::scopes::<G>(harness::gate::scope_count(), &Pair::builtin())
        .expect("the scope gate runs")
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
