//! The optimized engine against the reference: one 4x4 move, a 4x4 game of 100000 moves, an 8x8
//! game of 100000 moves. Run with `cargo bench -p own-game`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use own_game::{gen, optimized, reference, Board, Case, Move};

/// Positions from real 4x4 games: the board before each move and the move.
fn positions() -> Vec<(Board, Move)> {
    let mut out = Vec::new();
    for seed in 0.. {
        if out.len() >= POSITIONS {
            break;
        }
        let case = gen::case("classic", seed).expect("a profile");
        let outcome = reference::run(&case, true);
        let mut before = case.board.clone();
        for (mv, event) in case.moves.iter().zip(&outcome.events) {
            out.push((before, *mv));
            before = event.board.clone();
        }
    }
    out.truncate(POSITIONS);
    out
}

/// How many positions the one-move benchmarks cycle through (a power of two: the next index is a
/// mask, not a division).
const POSITIONS: usize = 4096;

/// The first `huge` case on an `side` x `side` board.
fn huge(side: usize) -> Case {
    (0..)
        .map(|seed| gen::case("huge", seed).expect("a profile"))
        .find(|c| c.board.n == side)
        .expect("both sides come up")
}

fn one_move(c: &mut Criterion) {
    let positions = positions();
    let packed: Vec<(u64, own_game::Dir)> = positions
        .iter()
        .map(|(b, mv)| {
            (
                optimized::pack4(b).expect("classic tiles fit nibbles"),
                mv.dir,
            )
        })
        .collect();
    let mut group = c.benchmark_group("one 4x4 move");
    let mut i = 0;
    group.bench_function("optimized", |b| {
        b.iter(|| {
            i = (i + 1) & (POSITIONS - 1);
            let (board, dir) = packed[i];
            optimized::move4(black_box(board), black_box(dir))
        })
    });
    let mut i = 0;
    group.bench_function("reference", |b| {
        b.iter(|| {
            i = (i + 1) & (POSITIONS - 1);
            let (board, mv) = &positions[i];
            let mut board = board.clone();
            reference::step(black_box(&mut board), black_box(mv));
            board
        })
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    for (name, side) in [("4x4 game, 100000 moves", 4), ("8x8 game, 100000 moves", 8)] {
        let case = huge(side);
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.throughput(Throughput::Elements(case.moves.len() as u64));
        group.bench_function("optimized", |b| {
            b.iter(|| optimized::run(black_box(&case), false))
        });
        group.bench_function("reference", |b| {
            b.iter(|| reference::run(black_box(&case), false))
        });
        group.finish();
    }
}

criterion_group!(benches, one_move, games);
criterion_main!(benches);
