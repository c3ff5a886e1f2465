//! Criterion benches for the optimized Texas Match-3 engine on heavy games: 50x50, k 4..8,
//! specials on at most 0.5% of the cells, 1000 operations, each a valid swap with probability 0.95
//! while the board still offers one.
//!
//! `cargo bench -p engine --bench texas` reports:
//! - `texas/heavy-game`: one whole game (load, 1000 operations, finish), optimized and reference;
//! - `texas/valid-op`: one valid operation (swap and every round it causes), the time per
//!   iteration being the time per operation: the games' valid operations are applied in order
//!   and only the `apply` calls are timed (loading a game is not);
//! - `texas/invalid-op`: one invalid operation (an adjacent swap that makes no run) on the full
//!   initial board, timed the same way.
//!
//! The games are generated here, from fixed seeds, by walking cells (independently of the
//! engine's masks); the engine only steps the board forward between choices, and every game is
//! checked against the reference before anything is timed.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine::texas::Engine;
use model::texas::{Board, Case, NoTrace, Op, Pos, Recorder};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

const GAMES: u64 = 10;
const SIDE: usize = 50;

/// Whether (r, c) lies in a run of three or more equal colours, by walking the cells.
fn in_run(b: &Board, r: usize, c: usize) -> bool {
    let x = b.colour_at(r, c);
    let same = |rr: isize, cc: isize| {
        rr >= 0
            && cc >= 0
            && (rr as usize) < b.n
            && (cc as usize) < b.m
            && b.colour_at(rr as usize, cc as usize) == x
    };
    let count = |dr: isize, dc: isize| {
        (1..)
            .take_while(|&k| same(r as isize + k * dr, c as isize + k * dc))
            .count()
    };
    x != 0 && (count(0, -1) + count(0, 1) >= 2 || count(-1, 0) + count(1, 0) >= 2)
}

fn swap(b: &mut Board, a: Pos, p: Pos) {
    let (i, j) = (b.idx(a.r(), a.c()), b.idx(p.r(), p.c()));
    b.colour.swap(i, j);
    b.special.swap(i, j);
}

/// Whether swapping the neighbours `a` and `p` is a valid operation on the stable board `b`.
fn valid(b: &mut Board, a: Pos, p: Pos) -> bool {
    if b.is_empty_at(a.r(), a.c()) || b.is_empty_at(p.r(), p.c()) {
        return false;
    }
    swap(b, a, p);
    let found = in_run(b, a.r(), a.c()) || in_run(b, p.r(), p.c());
    swap(b, a, p);
    found
}

/// Every adjacent pair of cells, as operations.
fn neighbours() -> impl Iterator<Item = Op> {
    (0..SIDE).flat_map(|r| {
        (0..SIDE).flat_map(move |c| {
            let a = Pos::new(r, c);
            [(0, 1), (1, 0)]
                .into_iter()
                .filter(move |&(dr, dc)| r + dr < SIDE && c + dc < SIDE)
                .map(move |(dr, dc)| Op {
                    a,
                    b: Pos::new(r + dr, c + dc),
                })
        })
    })
}

/// A heavy game from `seed`.
fn heavy_game(seed: u64) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let k = rng.random_range(4..=8u8);
    let density = rng.random_range(0.0..0.005);
    let mut board = Board::empty(SIDE, SIDE);
    for r in 0..SIDE {
        for c in 0..SIDE {
            let i = board.idx(r, c);
            let first = rng.random_range(1..=k);
            // With k >= 4 some colour always fits: at most two are ruled out.
            board.colour[i] = (0..k)
                .map(|t| (first - 1 + t) % k + 1)
                .find(|&x| {
                    board.colour[i] = x;
                    !in_run(&board, r, c)
                })
                .unwrap_or(first);
            if rng.random_bool(density) {
                board.special[i] = rng.random_range(1..=6);
            }
        }
    }
    let mut case = Case {
        k,
        board,
        ops: Vec::with_capacity(1000),
    };
    let mut engine = Engine::new();
    engine.load(&case);
    let mut now = case.board.clone();
    while case.ops.len() < 1000 {
        let choices: Vec<Op> = if rng.random_bool(0.95) {
            neighbours()
                .filter(|op| valid(&mut now, op.a, op.b))
                .collect()
        } else {
            Vec::new()
        };
        let op = if choices.is_empty() {
            let r = rng.random_range(0..SIDE);
            let c = rng.random_range(0..SIDE - 1);
            Op {
                a: Pos::new(r, c),
                b: Pos::new(r, c + 1),
            }
        } else {
            choices[rng.random_range(0..choices.len())]
        };
        case.ops.push(op);
        engine.apply(op, &mut NoTrace);
        now = engine.board();
    }
    case
}

/// The valid operations of a game (the game without its invalid ones evolves the same way).
fn valid_only(case: &Case) -> Case {
    let traced = engine::texas::outcome(case);
    Case {
        ops: case
            .ops
            .iter()
            .zip(&traced.ops)
            .filter(|(_, t)| t.invalid.is_none())
            .map(|(op, _)| *op)
            .collect(),
        ..case.clone()
    }
}

/// The game's initial board with 1000 adjacent swaps on it that make no run.
fn invalid_only(case: &Case, seed: u64) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = case.board.clone();
    let all: Vec<Op> = neighbours()
        .filter(|op| !valid(&mut board, op.a, op.b))
        .collect();
    Case {
        ops: (0..1000)
            .map(|_| all[rng.random_range(0..all.len())])
            .collect(),
        ..case.clone()
    }
}

/// Applies `iters` operations taken in order from the games (starting each game afresh when its
/// operations run out), timing only the `apply` calls.
fn time_ops(engine: &mut Engine, games: &[Case], iters: u64) -> Duration {
    let mut left = iters;
    let mut total = Duration::ZERO;
    while left > 0 {
        for case in games {
            engine.load(case);
            let take = (left as usize).min(case.ops.len());
            let start = Instant::now();
            for &op in &case.ops[..take] {
                engine.apply(black_box(op), &mut NoTrace);
            }
            total += start.elapsed();
            left -= take as u64;
            if left == 0 {
                break;
            }
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let games: Vec<Case> = (0..GAMES).map(|s| heavy_game(0x7e4a_5000 + s)).collect();
    for case in &games {
        let want = reference::texas::outcome(case);
        assert_eq!(engine::texas::outcome(case), want, "the engines disagree");
    }
    let valid: Vec<Case> = games.iter().map(valid_only).collect();
    let invalid: Vec<Case> = games.iter().map(|g| invalid_only(g, 1)).collect();
    for case in &invalid {
        let mut trace = Recorder::default();
        engine::texas::play(case, &mut trace);
        assert!(trace.ops.iter().all(|t| t.invalid.is_some()));
    }
    let valid_ops: usize = valid.iter().map(|g| g.ops.len()).sum();
    println!(
        "{GAMES} heavy games 50x50, k 4..8: {valid_ops} valid operations of {}",
        GAMES * 1000
    );

    let mut group = c.benchmark_group("texas/heavy-game");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1000));
    group.bench_function(BenchmarkId::new("optimized", "game 0"), |b| {
        b.iter(|| {
            engine::texas::play(black_box(&games[0]), &mut NoTrace)
                .0
                .total()
        })
    });
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("reference", "game 0"), |b| {
        b.iter(|| {
            reference::texas::play(black_box(&games[0]), &mut NoTrace)
                .0
                .total()
        })
    });
    group.finish();

    let mut engine = Engine::new();
    let mut group = c.benchmark_group("texas");
    group.bench_function("valid-op", |b| {
        b.iter_custom(|iters| time_ops(&mut engine, &valid, iters))
    });
    group.bench_function("invalid-op", |b| {
        b.iter_custom(|iters| time_ops(&mut engine, &invalid, iters))
    });
    group.finish();
}

criterion_group!(texas, benches);
criterion_main!(texas);
