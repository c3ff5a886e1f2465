//! NoGo benchmarks: the optimized play-out on empty boards of growing size (time per point should
//! stay flat), the whole contest run (parse, play out, write) and the checker on the largest board,
//! and the optimized engine beside the reference on 12x12 boards.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use games::nogo::{random_board, Nogo};
use harness::prelude::*;
use harness::rng::{case_seed, rng};
use model::nogo::{parse_moves, write_moves, Board};
use std::hint::black_box;
use std::time::Duration;

fn empty_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("nogo/empty play-out");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for profile in ["empty-250", "empty-500", "empty-1000"] {
        let board = Nogo::generate(Nogo::profile(profile).expect("a profile"), 0);
        group.throughput(Throughput::Elements((board.n * board.n) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(board.n), &board, |b, board| {
            b.iter(|| engine::nogo::playout(black_box(board)))
        });
    }
    group.finish();
}

fn contest_run_1000(c: &mut Criterion) {
    let board = Board::empty(1000);
    let input = board.write();
    let moves = engine::nogo::playout(&board);
    let output = write_moves(&moves);
    let mut group = c.benchmark_group("nogo/1000x1000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("parse, play out, write", |b| {
        b.iter(|| {
            let board = Board::parse(black_box(input.as_bytes())).unwrap();
            write_moves(&engine::nogo::playout(&board))
        })
    });
    group.bench_function("parse the play-out and check it", |b| {
        b.iter(|| {
            let moves = parse_moves(black_box(output.as_bytes())).unwrap();
            engine::nogo::check(&board, &moves)
        })
    });
    group.finish();
}

fn side_by_side_12(c: &mut Criterion) {
    let boards: Vec<Board> = (0..32)
        .map(|i| {
            let mut r = rng(case_seed(12, i));
            let density = [0.0, 0.2, 0.4, 0.6][i as usize % 4];
            random_board(&mut r, 12, density, 0.5)
        })
        .collect();
    let mut group = c.benchmark_group("nogo/12x12 play-out, 32 boards");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("optimized", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(engine::nogo::playout(black_box(board)));
            }
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(reference::nogo::playout(black_box(board)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, empty_boards, contest_run_1000, side_by_side_12);
criterion_main!(benches);
