//! The harness as a library, on an engine of one's own: a batch diff of the arrays engine against
//! the reference, the shrinker on a deliberately broken variant, and a short side-by-side benchmark.

use games::Texas;
use harness::prelude::*;
use harness::prelude::{Engine, Kind, Pair};
use harness::render::bench;
use harness::rng;
use harness::roles::game::reference;
use harness::roles::game::ProfileChoice;
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use harness::run::shrink;
use model::texas::Case;
use own_engine::Arrays;
use std::sync::Arc;
use std::time::Duration;

fn arrays() -> Arc<dyn Engine<Texas>> {
    Arc::new(Arrays::new())
}

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("own-engine-{name}-{}", std::process::id()))
}

/// Runs `cases` cases of `profile` through reference and arrays; returns the summary and the report.
fn diff_run(profile: &str, cases: u64, seed: u64) -> (harness::run::summary::Summary, String) {
    let dir = scratch(&format!("diff-{profile}"));
    let mut batch = BatchOptions::new::<Texas>(cases, seed);
    batch.profile = ProfileChoice::parse::<Texas>(Some(profile)).unwrap();
    let opts = DiffOptions::<Texas>::new(batch, dir.clone());
    let pair = Pair::new(reference::<Texas>(), arrays());
    let mut report = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut report).unwrap();
    let _ = std::fs::remove_dir_all(dir);
    (summary, String::from_utf8(report).unwrap())
}

#[test]
fn the_arrays_engine_agrees_with_the_reference_trace_for_trace() {
    let (summary, report) = diff_run("mix", 3000, 1);
    assert_eq!(summary.failed(), 0, "{report}");
    assert_eq!(summary.cases, 3000);
    assert_eq!(summary.engines, ["reference", "arrays"]);
    let last = report.lines().last().unwrap();
    assert!(
        last.starts_with("texas: 3000 cases, 0 mismatches, "),
        "{last}"
    );

    // Dense specials: every special type must have gone off in the batch, or agreeing proves little.
    let (summary, report) = diff_run("specials", 1000, 2);
    assert_eq!(summary.failed(), 0, "{report}");
    assert_eq!(summary.cases, 1000);
    for (key, hits) in &summary.coverage {
        if key.starts_with("special ") {
            assert!(*hits > 0, "{key} never reached:\n{report}");
        }
    }
}

#[test]
fn a_broken_variant_is_caught_and_shrunk_to_a_small_repro() {
    let broken = Pair::<Texas>::new(reference::<Texas>(), Arc::new(Arrays::with_planted_bug()));
    let profile = Texas::profile("mix").unwrap();
    let (case, failure) = (0..2000)
        .map(|i| Texas::generate(profile, rng::case_seed(5, i)))
        .find_map(|c| broken.failure(&c).map(|f| (c, f)))
        .expect("special 4 clearing only its centre is found within 2000 cases");
    assert_eq!(failure.kind, Kind::Mismatch);

    let shrunk = shrink::shrink::<Texas>(
        case.clone(),
        |c| broken.failure(c).is_some_and(|f| f.same_kind(&failure)),
        Duration::from_secs(120),
    );
    assert!(!shrunk.timed_out, "the shrinker ran out of time");
    assert!(shrunk.steps > 0);
    let small: &Case = &shrunk.case;
    assert!(
        small.n() * small.m() < case.n() * case.m() && small.ops.len() < case.ops.len(),
        "{} is not smaller than the original {}",
        Texas::size(small),
        Texas::size(&case)
    );
    // A special 4 beside a run of three, one or two swaps: a handful of cells is enough.
    assert!(
        small.n() * small.m() <= 12 && small.ops.len() <= 2,
        "shrunk only to {}:\n{}",
        Texas::size(small),
        small.write()
    );
    assert!(
        small.board.special.contains(&4),
        "the repro has no special 4:\n{}",
        small.write()
    );
    let f = broken.failure(small).expect("the shrunk case still fails");
    let d = f.divergence.expect("a mismatch names its first divergence");
    assert!(d.what.starts_with("removed cells differ"), "{}", d.what);
    assert!(
        d.at.as_str().contains(", round "),
        "the divergence names its round: {}",
        d.at
    );
    assert!(
        Pair::new(reference::<Texas>(), arrays())
            .failure(small)
            .is_none(),
        "the correct engine disagrees on the repro"
    );
}

#[test]
fn a_short_benchmark_measures_both_engines_side_by_side() {
    let profile = Texas::profile("small").unwrap();
    let engines = [reference::<Texas>(), arrays()];
    let row = bench::profile::<Texas>(profile, 40, 1, Duration::from_millis(300), &engines);
    assert_eq!(row.engines, ["reference", "arrays"]);
    assert_eq!((row.label.as_str(), row.cases), ("small", 40));
    assert!(row.rounds >= 3, "{row:?}");
    let (a, b) = (
        row.a.expect("reference timed"),
        row.b.expect("arrays timed"),
    );
    assert!(a.min <= a.median && a.median <= a.max, "{a:?}");
    assert!(b.min <= b.median && b.median <= b.max, "{b:?}");
    let ratio = row.ratio.expect("a ratio per paired round");
    assert!(ratio.min > 0.0 && ratio.min <= ratio.max, "{ratio:?}");
    let table = bench::table("texas", std::slice::from_ref(&row));
    assert!(
        table.starts_with("| texas | cases | reference | arrays |"),
        "{table}"
    );
    assert!(table.contains("| small | 40 |"), "{table}");
}
