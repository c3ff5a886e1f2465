//! The 2048 scope gate: the named scopes of 2048 (`src/scope.rs`), smallest first, each verified
//! in full (the reference against the optimized engine, through the harness's `verify` pipeline)
//! until one fails. A mutation campaign judged by it (`bash scripts/small-scope.sh OUT 2048 2
//! examples/own-game/src/optimized.rs examples/own-game/src/optimized/*.rs`) says for every mutant the smallest scope that kills it and
//! how long that took (`scripts/small-scope-table.py`, docs/verify.md).
//!
//! The same contract as the built-in games' gate (games/tests/scope_gate.rs), through the same
//! public helper, `harness::gate::scopes`: each scope prints one `scope-gate:` line with a JSON
//! object, a failing scope ends the test with a panic (cargo-mutants counts the mutant as caught),
//! the first two scopes run by default and `SCOPE_GATE_SCOPES=N` runs the first N. In the test
//! suite's unoptimized build it is ignored: `src/scope/tests.rs` verifies `tiny` there, and
//! `tests/harness.rs` shows that the gate's `tiny` catches the planted engine. This file holds the
//! gate alone, so that a mutant is caught here only by a scope that fails.

use harness::prelude::Pair;
use harness::roles::Bounded;
use own_game::Game2048;

#[test]
#[cfg_attr(
    unoptimized,
    ignore = "the mutation campaign's gate: run in an optimized profile"
)]
fn the_2048_scopes_verify_smallest_first() {
    let scopes = harness::gate::scope_count().min(Game2048::scopes().len());
    assert!(scopes > 0, "SCOPE_GATE_SCOPES must name at least one scope");
    if let Some(report) =
        harness::gate::scopes::<Game2048>(scopes, &Pair::builtin()).expect("the scope gate runs")
    {
        panic!("a 2048 scope failed:\n{report}");
    }
}
