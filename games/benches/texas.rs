//! Criterion benches for Texas Match-3: the optimized engine against the reference on the same
//! cases, in one run (`cargo bench -p games --bench texas`). Throughput is in operations, so the
//! report reads as time per operation.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use games::texas::gen;
use harness::rng::{case_seed, rng};
use model::texas::{Case, NoTrace};
use std::hint::black_box;

fn case(profile: &str, i: u64) -> Case {
    gen::generate(profile, &mut rng(case_seed(1, i)))
}

fn engines(c: &mut Criterion, group_name: &str, cases: &[Case], sample_size: usize) {
    let ops: usize = cases.iter().map(|c| c.ops.len()).sum();
    let mut group = c.benchmark_group(group_name);
    group.sample_size(sample_size);
    group.throughput(Throughput::Elements(ops as u64));
    group.bench_function(BenchmarkId::new("optimized", cases.len()), |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| engine::texas::play(black_box(c), &mut NoTrace).0.total())
                .sum::<u64>()
        })
    });
    group.bench_function(BenchmarkId::new("reference", cases.len()), |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| reference::texas::play(black_box(c), &mut NoTrace).0.total())
                .sum::<u64>()
        })
    });
    group.finish();
}

fn heavy(c: &mut Criterion) {
    engines(c, "texas/heavy", &[case("heavy", 0)], 10);
}

fn storm(c: &mut Criterion) {
    engines(c, "texas/storm", &[case("storm", 0)], 10);
}

fn mix(c: &mut Criterion) {
    let cases: Vec<Case> = (0..300).map(|i| case("mix", i)).collect();
    engines(c, "texas/mix", &cases, 20);
}

/// Invalid operations only: adjacent swaps that make no run, on a full 50x50 board.
fn invalid(c: &mut Criterion) {
    let mut base = case("heavy", 0);
    base.ops = games::texas::costs::invalid_swaps(&base, 1000, 1);
    engines(c, "texas/invalid-ops", &[base], 20);
}

criterion_group!(benches, invalid, mix, heavy, storm);
criterion_main!(benches);
