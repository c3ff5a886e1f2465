//! NoGo: the optimized play-out and checker.
//!
//! - `engine nogo/empty play-out`: empty boards of side 250, 500 and 1000 (time per point should
//!   stay flat).
//! - `engine nogo/striped play-out`: 1000x1000 boards with random stones (density 0.3 and 0.6,
//!   colours even) on two rows of every three; the third row stays empty, so every stone has a
//!   liberty.
//! - `engine nogo/1000x1000`: the contest run in memory (parse the board, play out, write the
//!   moves), writing the million moves alone, and checking them.
//!
//! Run with `cargo bench -p engine --bench nogo`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use model::nogo::{write_moves, Board, Colour};
use std::hint::black_box;
use std::time::Duration;

/// A board of side n with stones of either colour at random (density `density`) on the rows r
/// with r % 3 != 1 and the last row; the other rows stay empty.
fn striped(n: usize, density: f64, seed: u64) -> Board {
    let mut b = Board::empty(n);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    for r in 0..n {
        if r % 3 == 1 || r + 1 == n {
            continue;
        }
        for c in 0..n {
            let x = next();
            if (x >> 11) as f64 / (1u64 << 53) as f64 >= density {
                continue;
            }
            let colour = if x & 1 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            b.set(r, c, Some(colour));
        }
    }
    assert!(b.dead_group().is_none());
    b
}

fn empty_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine nogo/empty play-out");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in [250, 500, 1000] {
        let board = Board::empty(n);
        group.throughput(Throughput::Elements((n * n) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &board, |b, board| {
            b.iter(|| engine::nogo::playout(black_box(board)))
        });
    }
    group.finish();
}

fn striped_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine nogo/striped play-out");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for density in [0.3, 0.6] {
        let board = striped(1000, density, 7);
        group.bench_with_input(
            BenchmarkId::new("1000", format!("density {density}")),
            &board,
            |b, board| b.iter(|| engine::nogo::playout(black_box(board))),
        );
    }
    group.finish();
}

fn contest_run_1000(c: &mut Criterion) {
    let board = Board::empty(1000);
    let input = board.write();
    let moves = engine::nogo::playout(&board);
    let mut group = c.benchmark_group("engine nogo/1000x1000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("parse, play out, write", |b| {
        b.iter(|| {
            let board = Board::parse(black_box(input.as_bytes())).expect("a valid board");
            write_moves(&engine::nogo::playout(&board))
        })
    });
    group.bench_function("write the moves", |b| {
        b.iter(|| write_moves(black_box(&moves)))
    });
    group.bench_function("check the moves", |b| {
        b.iter(|| engine::nogo::check(black_box(&board), black_box(&moves)))
    });
    group.finish();
}

criterion_group!(benches, empty_boards, striped_boards, contest_run_1000);
criterion_main!(benches);
