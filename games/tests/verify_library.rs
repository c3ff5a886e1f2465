//! `verify` through the library: a planted bug (found, shrunk, saved, not verified), and the named
//! scopes' unreachable keys.

mod common;

use common::Scratch;
use games::Texas;
use harness::prelude::*;
use harness::proof::scope_run::{Given, ScopeCases};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::plan::DiffOptions;
use std::sync::Arc;
use std::time::Duration;

#[path = "common/planted.rs"]
mod planted_engine;

#[test]
fn a_planted_bug_is_found_shrunk_saved_and_the_scope_not_verified() {
    let dir = Scratch::new("verify-planted");
    let scope = Texas::scope("n<=3,m<=3,k=2,specials<=1,kinds=5,q=1").expect("a scope");
    let given = Given {
        cases: Arc::new(ScopeCases::<Texas>::new(scope)),
        name: None,
    };
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(0, 0), dir.join("out"));
    opts.shrink_budget = Duration::from_secs(20);
    let pair = planted_engine::planted_pair();
    let mut text = Vec::new();
    let argv = vec!["harness".to_string()];
    let summary =
        harness::proof::scope_run::run::<Texas>(opts, &given, &pair, &Silent, &mut text, &argv)
            .unwrap();
    let text = String::from_utf8_lossy(&text);
    assert!(summary.failed() > 0, "{text}");
    let c = summary.certificate.as_ref().unwrap();
    assert!(!c.verified && !c.complete, "{c:?}");
    let first = summary.first.as_ref().expect("the failure is reported");
    let repro = first.repro.as_ref().expect("and saved");
    assert!(repro.exists());
    assert!(
        first.reproduce.contains("gen --game texas --scope"),
        "{}",
        first.reproduce
    );
    // The first failing index of a scope ordered by size is already small: a 3x3 board at most.
    let case = Texas::parse(&std::fs::read(repro).unwrap()).unwrap();
    assert!(case.n() * case.m() <= 9, "{}", Texas::write(&case));
    assert!(
        text.lines().last().unwrap().contains("NOT verified"),
        "{text}"
    );
}

/// Every key a named scope calls unreachable is one of its game's coverage keys (a misspelt one
/// would drop out of the certificate's rules unseen).
#[test]
fn unreachable_keys_are_coverage_keys() {
    use games::{Mayan, Nogo};
    use harness::proof::sample::unknown_unreachable;
    fn check<G: Game>() {
        for named in G::scopes() {
            let scope = G::scope(named.expr).expect("a named scope parses");
            let unknown = unknown_unreachable::<G>(&*scope);
            assert!(
                unknown.is_empty(),
                "{} {}: {unknown:?}",
                G::NAME,
                named.name
            );
        }
    }
    check::<Texas>();
    check::<Mayan>();
    check::<Nogo>();
}
