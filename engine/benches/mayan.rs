//! Mayan puzzle: the optimized solver on dense unsolvable boards (n = 5, so the whole tree is
//! searched).
//!
//! The dense boards are seeds of the harness's `dense` profile, copied here because the engine
//! does not depend on the harness (`harness gen --game mayan --profile dense --seed S` prints
//! them): seed 0, and the seeds among the first twenty on which the solver works hardest. Before
//! the criterion runs, the search counters of each board are printed.
//!
//! - `engine mayan/dense-n5`: one solve per board.
//!
//! The reference solver takes seconds per dense board; `games/benches/mayan.rs` times it beside
//! the optimized one, and both solvers on the solvable puzzles of `corpus/mayan`. The whole-process comparison with a plain C++ search is in
//! `docs/mayan-nogo.md`.
//!
//! Run with `cargo bench -p engine --bench mayan`.

use criterion::{criterion_group, BenchmarkId, Criterion};
use model::mayan::Case;
use std::hint::black_box;
use std::time::Duration;

/// (seed, case text) of the `dense` profile.
const DENSE: &[(u64, &str)] = &[
    (
        0,
        "5\n4 8 6 0\n5 5 1 5 8 1 0\n6 8 5 5 2 5 4 0\n5 4 6 2 2 6 5 0\n5 6 5 1 6 5 5 0\n",
    ),
    (
        1,
        "5\n6 6 2 6 2 1 2 0\n3 5 1 6 5 6 5 0\n5 2 1 4 3 2 2 0\n2 4 3 5 0\n5 4 2 2 6 0\n",
    ),
    (
        5,
        "5\n5 5 3 5 5 0\n5 0\n2 5 2 2 0\n5 5 3 4 3 2 3 0\n4 3 2 5 2 3 4 0\n",
    ),
    (
        8,
        "5\n4 3 3 4 3 4 3 0\n3 2 4 3 3 0\n1 1 2 3 1 1 3 0\n1 0\n4 3 3 2 4 1 3 0\n",
    ),
    (
        9,
        "5\n4 3 3 4 3 3 0\n2 3 1 4 3 4 1 0\n3 2 4 2 4 2 4 0\n3 4 1 0\n4 2 2 4 4 3 4 0\n",
    ),
    (
        15,
        "5\n7 1 1 7 1 1 4 0\n1 7 4 1 7 5 1 0\n4 4 1 7 1 1 5 0\n1 5 0\n1 7 1 4 4 1 1 0\n",
    ),
    (
        18,
        "5\n1 0\n2 3 4 1 2 1 1 0\n3 1 2 4 1 1 2 0\n1 2 1 4 1 3 1 0\n2 1 0\n",
    ),
];

fn dense_boards() -> Vec<(u64, Case)> {
    DENSE
        .iter()
        .map(|&(seed, text)| {
            let case = Case::parse(text.as_bytes()).expect("a dense board of the harness");
            (seed, case)
        })
        .collect()
}

fn dense(c: &mut Criterion) {
    let boards = dense_boards();
    for (seed, case) in &boards {
        let (answer, stats) = engine::mayan::solve_with_stats(case);
        assert!(answer.is_none(), "dense seed {seed} is unsolvable");
        println!(
            "dense seed {seed}, {} blocks: {} positions ({} known hopeless, {} cut by colour \
             spread), {} moves, {} settled",
            case.board.blocks(),
            stats.nodes,
            stats.memo_hits,
            stats.too_far,
            stats.moves,
            stats.settled
        );
    }
    let mut group = c.benchmark_group("engine mayan/dense-n5");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    for (seed, case) in &boards {
        let label = format!("seed{seed}-{}blocks", case.board.blocks());
        group.bench_with_input(BenchmarkId::new("optimized", label), case, |b, c| {
            b.iter(|| engine::mayan::solve(black_box(c)))
        });
    }
    group.finish();
}

criterion_group!(benches, dense);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
