//! Texas-specific benchmark rows: the cost of one invalid and of one valid operation, per engine,
//! measured side by side on heavy boards through the engines' public `play`.

use super::{gen, sim};
use harness::rng::{case_seed, rng};
use harness::roles::source::Source;
use harness::timing::Row;
use model::texas::{Case, NoTrace, Op, Pos};
use std::hint::black_box;
use std::time::{Duration, Instant};

type Play = fn(&Case) -> u64;

fn play_reference(c: &Case) -> u64 {
    reference::texas::play(c, &mut NoTrace).0.total()
}
fn play_optimized(c: &Case) -> u64 {
    engine::texas::play(c, &mut NoTrace).0.total()
}

/// Median over rounds of the time of one `play` of `case`.
fn time_play(play: Play, case: &Case, reps: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..reps {
        black_box(play(black_box(case)));
    }
    start.elapsed() / reps
}

/// Adjacent swaps on the initial board of `case` that make no run (so they are invalid and leave
/// the board as it is: every one of them meets the same board).
pub fn invalid_swaps(case: &Case, count: usize, seed: u64) -> Vec<Op> {
    let (n, m) = (case.n(), case.m());
    let mut g = case.board.colour.clone();
    let mut src = rng(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let horizontal = src.chance(0.5);
        let (r, c) = (
            src.below(if horizontal { n } else { n - 1 }),
            src.below(if horizontal { m - 1 } else { m }),
        );
        let (a, b) = if horizontal {
            (Pos::new(r, c), Pos::new(r, c + 1))
        } else {
            (Pos::new(r, c), Pos::new(r + 1, c))
        };
        let (ia, ib) = (a.r() * m + a.c(), b.r() * m + b.c());
        g.swap(ia, ib);
        let run =
            sim::run_through(&g, n, m, a.r(), a.c()) || sim::run_through(&g, n, m, b.r(), b.c());
        g.swap(ia, ib);
        if !run {
            out.push(Op { a, b });
        }
    }
    out
}

/// Rows "invalid operation" and "valid operation" for the heavy profile, each engine timed in
/// alternation over `rounds` rounds.
pub fn op_costs(seed: u64, rounds: usize) -> Vec<Row> {
    let base = gen::generate("heavy", &mut rng(case_seed(seed, 0)));
    // Invalid: 1000 invalid swaps against 1, so that loading the board cancels out.
    let mut many = base.clone();
    many.ops = invalid_swaps(&base, 1000, seed);
    let mut one = base.clone();
    one.ops.truncate(0);
    one.ops.push(many.ops[0]);
    // Valid: a heavy game where every operation that can be a valid swap is one.
    let params = gen::Params {
        valid: 1.0,
        ..gen::params("heavy").unwrap_or_else(|| unreachable!())
    };
    let valid_case = gen::generate_with(&params, &mut rng(case_seed(seed, 1)));
    let valid_ops = reference::texas::outcome(&valid_case)
        .ops
        .iter()
        .filter(|t| t.invalid.is_none())
        .count()
        .max(1);
    let mut inv = [Vec::new(), Vec::new()];
    let mut val = [Vec::new(), Vec::new()];
    for _ in 0..rounds.max(1) {
        for (e, play) in [play_reference as Play, play_optimized as Play]
            .into_iter()
            .enumerate()
        {
            let reps = if e == 0 { 3 } else { 30 };
            let t_many = time_play(play, &many, reps);
            let t_one = time_play(play, &one, reps);
            inv[e].push(t_many.saturating_sub(t_one) / 999);
            val[e]
                .push(time_play(play, &valid_case, if e == 0 { 1 } else { 5 }) / valid_ops as u32);
        }
    }
    let [ir, io] = inv;
    let [vr, vo] = val;
    let names = || ["reference".to_string(), "optimized".to_string()];
    vec![
        Row::from_samples(
            "one invalid operation (50x50)".into(),
            1000,
            names(),
            ir,
            io,
        ),
        Row::from_samples(
            format!("one valid operation (50x50, {valid_ops} valid)"),
            1,
            names(),
            vr,
            vo,
        ),
    ]
}
