//! Criterion benches for the contest-format parsers (`cargo bench -p model --bench parse`).
//!
//! - `texas/heavy`: a 50x50 board with q = 1000 (the `heavy` profile, seed 1), throughput in bytes;
//! - `texas/error-at-end`: the same input whose last operation is out of range, so the whole input
//!   is read and then one error message is formatted;
//! - `texas/error-at-start`: a header error, the cost of an error alone;
//! - `mayan/dense`: a full Mayan board (the `dense` profile, seed 1).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const TEXAS_HEAVY: &[u8] = include_bytes!("data/texas-heavy-seed1.in");
const MAYAN_DENSE: &[u8] = include_bytes!("data/mayan-dense-seed1.in");

/// The heavy input with its last operation's first coordinate replaced by 51 (out of range).
fn texas_error_at_end() -> Vec<u8> {
    let mut input = TEXAS_HEAVY.to_vec();
    while input.last() == Some(&b'\n') {
        input.pop();
    }
    let start = input.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let end = start
        + input[start..]
            .iter()
            .position(|&b| b == b' ')
            .unwrap_or(input.len() - start);
    input.splice(start..end, *b"51");
    input.push(b'\n');
    input
}

fn texas(c: &mut Criterion) {
    let case = model::texas::Case::parse(TEXAS_HEAVY).expect("the heavy fixture parses");
    assert_eq!((case.n(), case.m(), case.ops.len()), (50, 50, 1000));
    let broken = texas_error_at_end();
    let err = model::texas::Case::parse(&broken).expect_err("the broken fixture fails");
    assert!(err.rule.contains("x1 = 51 is out of range"), "{err}");

    let mut group = c.benchmark_group("texas");
    group.throughput(Throughput::Bytes(TEXAS_HEAVY.len() as u64));
    group.bench_function("heavy", |b| {
        b.iter(|| model::texas::Case::parse(black_box(TEXAS_HEAVY)))
    });
    group.throughput(Throughput::Bytes(broken.len() as u64));
    group.bench_function("error-at-end", |b| {
        b.iter(|| model::texas::Case::parse(black_box(&broken)))
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("error-at-start", |b| {
        b.iter(|| model::texas::Case::parse(black_box(b"50 50 x 1000\n")))
    });
    group.finish();
}

fn mayan(c: &mut Criterion) {
    assert!(model::mayan::Case::parse(MAYAN_DENSE).is_ok());
    let mut group = c.benchmark_group("mayan");
    group.throughput(Throughput::Bytes(MAYAN_DENSE.len() as u64));
    group.bench_function("dense", |b| {
        b.iter(|| model::mayan::Case::parse(black_box(MAYAN_DENSE)))
    });
    group.finish();
}

criterion_group!(benches, texas, mayan);
criterion_main!(benches);
