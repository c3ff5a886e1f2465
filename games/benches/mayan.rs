//! Mayan puzzle: the optimized solver against the exhaustive reference, side by side.
//!
//! The dense boards are the first three seeds of the `dense` profile (24 to 33 blocks, colours in
//! threes, unsolvable in 5 moves).
//! - `mayan/dense-n5`: n = 5. The optimized solver on every board; the reference on the lightest
//!   board only, since it tries every sequence and takes seconds per board (about 3.5 s on the
//!   24-block board, 17 to 20 s on the 30-block ones). Set `MAYAN_REFERENCE_N5=1` to also time both
//!   solvers once per board at n = 5 before the criterion runs, printed side by side.
//! - `mayan/dense-n3`: the same boards with n cut to 3, both solvers on every board.
//! - `mayan/solvable`: every solvable puzzle of `corpus/mayan` (the statement sample, the
//!   hand-made cases and the planted n = 4 and n = 5 puzzles), both solvers, all puzzles per
//!   iteration.
//!
//! Run with `cargo bench -p games --bench mayan`.

use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode};
use games::mayan::Mayan;
use harness::prelude::*;
use model::mayan::{parse_answer, Case};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The dense boards: the first seeds of the `dense` profile.
fn dense_boards() -> Vec<Case> {
    (0..3)
        .map(|seed| Mayan::generate(Mayan::profile("dense").expect("a profile"), seed))
        .collect()
}

/// The solvable puzzles of the corpus.
fn solvable_corpus() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/mayan");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter_map(|p| {
            let case = Case::parse(&std::fs::read(p).ok()?).ok()?;
            let answer = parse_answer(&std::fs::read(p.with_extension("out")).ok()?, case.n);
            matches!(answer, Ok(Some(_))).then_some(case)
        })
        .collect()
}

fn dense(c: &mut Criterion) {
    let boards = dense_boards();
    let label = |i: usize, case: &Case| format!("board{i}-{}blocks", case.board.blocks());

    let mut group = c.benchmark_group("mayan/dense-n5");
    group.sample_size(10);
    for (i, case) in boards.iter().enumerate() {
        group.bench_with_input(
            BenchmarkId::new("optimized", label(i, case)),
            case,
            |b, c| b.iter(|| engine::mayan::solve(black_box(c))),
        );
    }
    if let Some((i, lightest)) = boards
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| c.board.blocks())
    {
        // Seconds per run: one run per sample.
        group.sampling_mode(SamplingMode::Flat);
        group.measurement_time(Duration::from_secs(60));
        group.bench_with_input(
            BenchmarkId::new("reference", label(i, lightest)),
            lightest,
            |b, c| b.iter(|| reference::mayan::solve(black_box(c))),
        );
    }
    group.finish();

    let mut group = c.benchmark_group("mayan/dense-n3");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for (i, case) in boards.iter().enumerate() {
        let case = Case { n: 3, ..*case };
        group.bench_with_input(
            BenchmarkId::new("reference", label(i, &case)),
            &case,
            |b, c| b.iter(|| reference::mayan::solve(black_box(c))),
        );
        group.bench_with_input(
            BenchmarkId::new("optimized", label(i, &case)),
            &case,
            |b, c| b.iter(|| engine::mayan::solve(black_box(c))),
        );
    }
    group.finish();
}

fn solvable(c: &mut Criterion) {
    let puzzles = solvable_corpus();
    assert!(!puzzles.is_empty(), "no solvable puzzle in corpus/mayan");
    let mut group = c.benchmark_group("mayan/solvable");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(8));
    let label = format!("{}puzzles", puzzles.len());
    group.bench_with_input(BenchmarkId::new("reference", &label), &puzzles, |b, p| {
        b.iter(|| {
            for c in p {
                black_box(reference::mayan::solve(black_box(c)));
            }
        })
    });
    group.bench_with_input(BenchmarkId::new("optimized", &label), &puzzles, |b, p| {
        b.iter(|| {
            for c in p {
                black_box(engine::mayan::solve(black_box(c)));
            }
        })
    });
    group.finish();
}

/// One timed solve per dense board at n = 5 with both solvers (the reference takes seconds each).
fn reference_n5_once() {
    for (i, case) in dense_boards().iter().enumerate() {
        let start = Instant::now();
        let optimized = engine::mayan::solve(case);
        let fast = start.elapsed();
        let start = Instant::now();
        let reference = reference::mayan::solve(case);
        let slow = start.elapsed();
        println!(
            "mayan/dense-n5 board{i}-{}blocks: reference {slow:.2?}, optimized {fast:.2?} \
             ({:.0}x), answers {}",
            case.board.blocks(),
            slow.as_secs_f64() / fast.as_secs_f64(),
            if reference == optimized {
                "agree"
            } else {
                "DIFFER"
            }
        );
    }
}

criterion_group!(benches, dense, solvable);

fn main() {
    if std::env::var_os("MAYAN_REFERENCE_N5").is_some() {
        reference_n5_once();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
