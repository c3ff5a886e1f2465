//! Texas Match-3, optimized against reference on heavy games: 50x50, k 4..8, few specials,
//! 1000 operations, valid swaps chosen with probability 0.95 while the board still offers one.
//!
//! `cargo bench -p engine --bench texas` prints nanoseconds per valid and per invalid operation for
//! both engines and their ratio. Invalid operations leave the board unchanged, so a game without
//! them evolves the same way, and so does a game where each of them is repeated: the valid cost is
//! measured on the game without them (less the cost of loading), the invalid cost is the difference
//! between the game with every invalid operation repeated `REPEAT` times and the game itself, at
//! the board states where they really occur. Two invalid kinds are also timed directly on a full
//! board.

#[path = "../tests/common/mod.rs"]
mod common;

use common::Profile;
use engine::texas::Engine;
use model::texas::{Case, Invalid, NoTrace, Op, Recorder};
use std::hint::black_box;
use std::time::{Duration, Instant};

const GAMES: u64 = 20;
const REPEAT: usize = 11;

/// The median over `reps` runs of `f`, in nanoseconds.
fn time(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut samples: Vec<Duration> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort_unstable();
    samples[reps / 2].as_nanos() as f64
}

struct Game {
    all: Case,
    valid_only: Case,
    /// `all` with each invalid operation played `REPEAT` times.
    repeated: Case,
    invalid: usize,
    /// Operations invalid on the (full) initial board: adjacent swaps without a run, and pairs of
    /// cells that are not adjacent.
    no_run: Vec<Op>,
    not_adjacent: Vec<Op>,
}

fn game(seed: u64) -> Game {
    let mut rng = common::rng(seed);
    let profile = Profile {
        n: 50,
        m: 50,
        k: 4 + (seed % 5) as u8,
        palette: Vec::new(),
        special_density: 0.002,
        special_types: (1..=6).collect(),
        q: 1000,
        p_valid: 0.95,
    };
    let all = common::game(&mut rng, &profile).expect("k >= 4 always allows a stable board");
    let traced = engine::texas::outcome(&all);
    let mut valid_only = all.clone();
    valid_only.ops = all
        .ops
        .iter()
        .zip(&traced.ops)
        .filter(|(_, t)| t.invalid.is_none())
        .map(|(op, _)| *op)
        .collect();
    let invalid = all.ops.len() - valid_only.ops.len();
    let mut repeated = all.clone();
    repeated.ops = all
        .ops
        .iter()
        .zip(&traced.ops)
        .flat_map(|(op, t)| {
            let times = if t.invalid.is_some() { REPEAT } else { 1 };
            std::iter::repeat_n(*op, times)
        })
        .collect();

    let mut no_run = Vec::new();
    let mut not_adjacent = Vec::new();
    let mut board = all.board.clone();
    let mut engine = Engine::new();
    engine.load(&all);
    use rand::Rng as _;
    while no_run.len() < 1000 || not_adjacent.len() < 1000 {
        let (r, c) = (rng.random_range(0..49), rng.random_range(0..49));
        let a = model::texas::Pos::new(r, c);
        let b = if rng.random_bool(0.5) {
            model::texas::Pos::new(r + 1, c)
        } else {
            model::texas::Pos::new(r, c + 1)
        };
        if !common::is_valid_swap(&mut board, a, b) && no_run.len() < 1000 {
            no_run.push(Op { a, b });
        }
        let far = model::texas::Pos::new(rng.random_range(0..50), rng.random_range(0..50));
        if a.r().abs_diff(far.r()) + a.c().abs_diff(far.c()) != 1 && not_adjacent.len() < 1000 {
            not_adjacent.push(Op { a, b: far });
        }
    }
    let mut check = Recorder::default();
    for &op in &no_run {
        engine.apply(op, &mut check);
    }
    assert!(check.ops.iter().all(|t| t.invalid == Some(Invalid::NoRun)));
    Game {
        all,
        valid_only,
        repeated,
        invalid,
        no_run,
        not_adjacent,
    }
}

fn engine_game(engine: &mut Engine, case: &Case) -> u64 {
    engine.load(case);
    for &op in &case.ops {
        engine.apply(op, &mut NoTrace);
    }
    engine.finish().total()
}

fn main() {
    let games: Vec<Game> = (0..GAMES).map(|s| game(0xbe7c_0000 + s)).collect();
    let valid: usize = games.iter().map(|g| g.valid_only.ops.len()).sum();
    let invalid: usize = games.iter().map(|g| g.invalid).sum();
    println!("{GAMES} games 50x50, k 4..8: {valid} valid and {invalid} invalid operations");
    let mut engine = Engine::new();
    for g in &games {
        // Both engines agree, and invalid operations (left out or repeated) change only the 1000.
        let scores = [&g.all, &g.valid_only, &g.repeated].map(|case| {
            let score = engine_game(&mut engine, case);
            assert_eq!(score, reference::texas::score(case));
            score
        });
        assert_eq!(scores[0], scores[2]);
        assert_eq!(scores[0] + 1000, scores[1]);
    }

    let reps = 21;
    let mut opt = [0.0f64; 3]; // valid-only games, whole games, repeated invalid operations
    for g in &games {
        for (slot, case) in [(0, &g.valid_only), (1, &g.all), (2, &g.repeated)] {
            opt[slot] += time(reps, || {
                black_box(engine_game(&mut engine, black_box(case)));
            });
        }
    }
    let load = games
        .iter()
        .map(|g| {
            time(reps, || {
                engine.load(black_box(&g.all));
                black_box(engine.finish());
            })
        })
        .sum::<f64>();
    let extra_invalid = ((REPEAT - 1) * invalid) as f64;
    let opt_valid = (opt[0] - load) / valid as f64;
    let opt_invalid = (opt[2] - opt[1]) / extra_invalid;

    // On the full initial board: a game of 1000 operations of one invalid kind, less a game of one.
    let mut direct = [0.0f64; 4]; // optimized no run, optimized not adjacent, reference both
    for g in &games {
        for (slot, ops) in [(0, &g.no_run), (1, &g.not_adjacent)] {
            let mut many = g.all.clone();
            many.ops = ops.clone();
            let mut one = g.all.clone();
            one.ops = ops[..1].to_vec();
            let per_op = |t_many: f64, t_one: f64| (t_many - t_one) / (ops.len() - 1) as f64;
            direct[slot] += per_op(
                time(reps, || {
                    black_box(engine_game(&mut engine, black_box(&many)));
                }),
                time(reps, || {
                    black_box(engine_game(&mut engine, black_box(&one)));
                }),
            );
            direct[slot + 2] += per_op(
                time(3, || {
                    black_box(reference::texas::score(black_box(&many)));
                }),
                time(3, || {
                    black_box(reference::texas::score(black_box(&one)));
                }),
            );
        }
    }
    let direct = direct.map(|t| t / GAMES as f64);

    let mut refs = [0.0f64; 3];
    for g in &games {
        for (slot, case) in [(0, &g.valid_only), (1, &g.all), (2, &g.repeated)] {
            refs[slot] += time(3, || {
                black_box(reference::texas::score(black_box(case)));
            });
        }
    }
    let ref_valid = refs[0] / valid as f64;
    let ref_invalid = (refs[2] - refs[1]) / extra_invalid;

    println!("                      optimized      reference      ratio");
    println!(
        "valid operation    {:>10.0} ns  {:>10.0} ns  {:>8.1}x",
        opt_valid,
        ref_valid,
        ref_valid / opt_valid
    );
    println!(
        "invalid operation  {:>10.1} ns  {:>10.0} ns  {:>8.1}x",
        opt_invalid,
        ref_invalid,
        ref_invalid / opt_invalid
    );
    println!(
        "whole game         {:>10.0} ns  {:>10.0} ns  {:>8.1}x",
        opt[1] / GAMES as f64,
        refs[1] / GAMES as f64,
        refs[1] / opt[1]
    );
    for (name, slot) in [("no run (direct)", 0), ("not adjacent (direct)", 1)] {
        println!(
            "{name:<22} {:>5.1} ns  {:>10.0} ns  {:>8.1}x",
            direct[slot],
            direct[slot + 2],
            direct[slot + 2] / direct[slot]
        );
    }
}
