//! The batch's source of cases is a value ([`harness::run::cases::Cases`]): generated cases are today's,
//! an index the source has no case for is skipped, a panicking source is a generator crash, every
//! failure carries where its case comes from, and the digest of the passing answers does not
//! depend on threads or shards.

use games::Texas;
use harness::prelude::*;
use harness::prelude::{Fault, Kind};
use harness::run::batch::{self, BatchOptions, BatchResult, Silent};
use harness::run::cases::{Cases, Origin, Seeded};
use model::texas::{Case, Outcome};
use std::sync::Arc;

fn pair() -> Pair<Texas> {
    Pair::new(
        harness::roles::game::reference::<Texas>(),
        harness::roles::game::optimized::<Texas>(),
    )
}

fn opts(cases: u64, threads: usize, shard: (u64, u64)) -> BatchOptions {
    let mut o = BatchOptions::new::<Texas>(cases, 11);
    o.threads = threads;
    o.shard = shard;
    o.digest = true;
    o
}

fn seeded(cases: u64) -> Arc<dyn Cases<Texas>> {
    Arc::new(opts(cases, 1, (0, 1)).seeded())
}

#[test]
fn the_digest_is_the_same_for_any_threads_and_shards() {
    let whole = batch::run::<Texas>(&opts(600, 1, (0, 1)), &pair(), &Silent);
    assert_eq!((whole.cases, whole.failed(), whole.skipped), (600, 0, 0));
    assert_ne!(whole.digest, 0);
    let threads = batch::run::<Texas>(&opts(600, 3, (0, 1)), &pair(), &Silent);
    assert_eq!(threads.digest, whole.digest);
    let shards: u64 = (0..3)
        .map(|i| batch::run::<Texas>(&opts(600, 2, (i, 3)), &pair(), &Silent).digest)
        .fold(0, u64::wrapping_add);
    assert_eq!(shards, whole.digest);
    let fewer = batch::run::<Texas>(&opts(599, 1, (0, 1)), &pair(), &Silent);
    assert_ne!(fewer.digest, whole.digest);
    let mut off = opts(600, 2, (0, 1));
    off.digest = false;
    assert_eq!(batch::run::<Texas>(&off, &pair(), &Silent).digest, 0);
}

/// Generated cases where only the even indices are valid; index `panic_at` panics.
struct Evens {
    inner: Seeded,
    panic_at: Option<u64>,
}

impl Cases<Texas> for Evens {
    fn len(&self) -> u64 {
        Cases::<Texas>::len(&self.inner)
    }
    fn case(&self, index: u64) -> Option<Case> {
        assert!(self.panic_at != Some(index), "planted source panic");
        index
            .is_multiple_of(2)
            .then(|| Cases::<Texas>::case(&self.inner, index))
            .flatten()
    }
    fn origin(&self, index: u64) -> Origin {
        Origin::Scope {
            scope: "evens".into(),
            index,
        }
    }
}

fn evens(panic_at: Option<u64>) -> BatchResult<Case> {
    let source = Evens {
        inner: opts(300, 1, (0, 1)).seeded(),
        panic_at,
    };
    batch::run_cases::<Texas>(&opts(0, 2, (0, 1)), Arc::new(source), &pair(), &Silent)
}

#[test]
fn indices_without_a_case_are_skipped_not_run_nor_failures() {
    let r = evens(None);
    assert_eq!((r.cases, r.skipped, r.failed()), (150, 150, 0));
}

#[test]
fn a_panicking_source_is_a_generator_crash_with_its_origin() {
    let r = evens(Some(40));
    assert_eq!(r.count(Kind::Crash), 1);
    let first = r.first.expect("the crash is reported");
    assert_eq!(first.index, 40);
    assert!(first.case.is_none());
    assert_eq!(first.failure.engine.as_deref(), Some("generator"));
    let scope = Origin::Scope {
        scope: "evens".into(),
        index: 40,
    };
    assert_eq!(first.origin, scope);
}

/// The optimized engine with a planted crash on every case of 3 operations or more.
struct Crashes;

impl Engine<Texas> for Crashes {
    fn name(&self) -> &str {
        "crashes"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        assert!(case.ops.len() < 3, "planted crash");
        harness::roles::game::optimized::<Texas>().run(case, trace)
    }
}

#[test]
fn a_failure_carries_the_seeded_origin_of_its_case() {
    let crashing = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Crashes),
    );
    let source = seeded(2_000);
    let r = batch::run_cases::<Texas>(&opts(0, 2, (0, 1)), Arc::clone(&source), &crashing, &Silent);
    let first = r.first.expect("the planted crash is found");
    assert_eq!(first.origin, source.origin(first.index));
    assert_eq!(first.case, source.case(first.index));
    match first.origin {
        Origin::Seeded { seed, .. } => assert_eq!(seed, harness::rng::case_seed(11, first.index)),
        other => panic!("not a seeded origin: {other:?}"),
    }
}
