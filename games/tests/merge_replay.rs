//! Sharded runs replay each saved case once: the i-th saved case (in the order the saved cases' replay
//! takes them) runs in shard `i % K` only, so a failing saved case merges as one failure and the
//! shards' replays add up to the whole set, as one unsharded run replays it.

mod common;
use common::Scratch;
use games::Texas;
use harness::prelude::*;
use harness::run::batch::{BatchOptions, Silent};
use harness::run::cases::{Listed, Origin};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use harness::run::summary::Summary;
use model::texas::Case;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

#[path = "common/planted.rs"]
mod planted_engine;
use planted_engine::planted_pair;

/// Generated cases of the default profile, the first `n` that the planted engine gets `wrong` (or
/// right).
fn cases(n: usize, wrong: bool) -> Vec<Case> {
    let pair = planted_pair();
    let found: Vec<Case> = (0..20_000)
        .map(|seed| Texas::generate(&Texas::PROFILES[0], seed))
        .filter(|c| pair.failure(c).is_some() == wrong)
        .take(n)
        .collect();
    assert_eq!(
        found.len(),
        n,
        "too few cases the planted engine gets {wrong}"
    );
    found
}

/// A diff of the planted pair over `corpus` (its saved cases replayed first) and the passing
/// cases of `batch`, as shard `shard`, saving under `out`.
fn run(corpus: &Path, out: PathBuf, batch: &[Case], shard: (u64, u64)) -> Summary {
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(0, 1), out);
    opts.set_saved_first(true);
    opts.corpus_dir = corpus.to_path_buf();
    opts.batch.shard = shard;
    opts.batch.threads = 1;
    opts.batch.max_failures = 5;
    opts.shrink_budget = Duration::from_secs(5);
    opts.set_listed(Arc::new(Listed::<Texas> {
        cases: batch
            .iter()
            .enumerate()
            .map(|(i, c)| (Origin::Saved(format!("batch-{i}.in").into()), c.clone()))
            .collect(),
    }));
    let mut text = Vec::new();
    pipeline::run::<Texas>(&opts, &planted_pair(), &Silent, &mut text).unwrap()
}

#[test]
fn a_failing_saved_case_is_replayed_by_one_shard_and_merged_once() {
    let s = Scratch::new("merge-replay");
    let corpus = s.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    // In the replay's order: the failing case first, then three that pass.
    let failing = corpus.join("a-planted.in");
    std::fs::write(&failing, cases(1, true)[0].write()).unwrap();
    for (i, c) in cases(3, false).iter().enumerate() {
        std::fs::write(corpus.join(format!("b-passes-{i}.in")), c.write()).unwrap();
    }
    let batch = cases(6, false);

    let whole = run(&corpus, s.join("whole"), &batch, (0, 1));
    let shards: Vec<Summary> = (0..2)
        .map(|i| run(&corpus, s.join(&format!("shard-{i}")), &batch, (i, 2)))
        .collect();
    for (i, shard) in shards.iter().enumerate() {
        let r = shard.replay.as_ref().expect("each shard replays");
        assert_eq!((r.saved_cases, r.replayed), (4, 2), "shard {i}: {r:?}");
    }
    let s0 = shards[0].replay.as_ref().unwrap();
    assert_eq!(
        s0.failing.as_ref().map(|f| f.path.clone()),
        Some(failing.clone())
    );
    assert!(shards[1].replay.as_ref().unwrap().failing.is_none());
    assert_eq!(shards[1].failed(), 0, "shard 1 has no saved failure");

    let named: Vec<(String, Summary)> = shards
        .into_iter()
        .enumerate()
        .map(|(i, r)| (format!("shard-{i}.json"), r))
        .collect();
    let merged = harness::proof::merge::merge(&named).unwrap();
    assert_eq!(
        merged.count(harness::prelude::Kind::Mismatch),
        1,
        "counted once"
    );
    assert_eq!(merged.failures_found.len(), 1);
    assert_eq!(merged.failures_found[0].hits, 1);
    assert_eq!(merged.replay, whole.replay, "the replay of one process");
    assert_eq!(merged.cases, whole.cases);
    assert_eq!(merged.failures, whole.failures);
    let r = whole.replay.expect("replayed");
    assert_eq!((r.saved_cases, r.replayed, r.passed), (4, 4, 3));
}
