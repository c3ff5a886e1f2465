//! Side-by-side benchmarks: the same generated cases through two engines, alternating in one run so
//! that both see the same machine load, reported as a ratio with its spread over the paired rounds.

use crate::rng::case_seed;
use crate::roles::engine::Engine;
use crate::roles::game::Game;
use crate::roles::Profile;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::timing::{Row, Spread};

/// Times `f` over all cases once; returns the time per case.
fn time_batch<C>(cases: &[C], mut f: impl FnMut(&C) -> u64) -> Duration {
    let start = Instant::now();
    let mut sink = 0u64;
    for c in cases {
        sink = sink.wrapping_add(f(c));
    }
    black_box(sink);
    start.elapsed() / u32::try_from(cases.len().max(1)).unwrap_or(u32::MAX)
}

/// Benchmarks one profile: `cases` cases from `seed`, then rounds alternating the engines' batches
/// until `budget` is spent (at least three rounds, unless one round takes more than ten budgets).
/// `engines` holds one or two engines; with one, only it is timed.
pub fn profile<G: Game>(
    profile: &Profile<G::Case>,
    cases: usize,
    seed: u64,
    budget: Duration,
    engines: &[Arc<dyn Engine<G>>],
) -> Row {
    let batch: Vec<G::Case> = (0..cases as u64)
        .map(|i| G::generate(profile, case_seed(seed, i)))
        .collect();
    let run = |e: &Arc<dyn Engine<G>>| {
        let e = Arc::clone(e);
        // What the engine computes (an outcome, or a program's answer), kept from the optimizer;
        // turning an outcome into the contest answer is the harness's work, not the engine's.
        move |c: &G::Case| u64::from(black_box(e.run(c, false)).is_ok())
    };
    let mut samples: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let start = Instant::now();
    let mut rounds = 0;
    loop {
        for (i, e) in engines.iter().take(2).enumerate() {
            samples[i].push(time_batch(&batch, run(e)));
        }
        rounds += 1;
        let spent = start.elapsed();
        if rounds >= 50 || (rounds >= 3 && spent >= budget) || spent >= budget * 10 {
            break;
        }
    }
    let names = |i: usize| {
        engines
            .get(i)
            .map_or("-".to_string(), |e| e.name().to_string())
    };
    let [a, b] = samples;
    if engines.len() == 1 {
        // One engine: show it in the second column, as the measured one.
        let mut row = Row::from_samples(
            profile.name.into(),
            cases,
            ["-".into(), names(0)],
            Vec::new(),
            a,
        );
        row.rounds = rounds;
        row
    } else {
        Row::from_samples(profile.name.into(), cases, [names(0), names(1)], a, b)
    }
}

/// A benchmark run as one JSON document (`harness bench --json FILE`); times in nanoseconds.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct BenchReport {
    /// Always `match3-proof.bench.v1`.
    pub schema: String,
    pub(crate) version: String,
    pub game: String,
    pub(crate) seed: u64,
    /// Built with overflow checks and debug assertions (the diff build): slower than `--profile perf`.
    pub(crate) checked_build: bool,
    pub rows: Vec<RowReport>,
}

/// One row of a [`BenchReport`].
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct RowReport {
    pub label: String,
    pub(crate) cases: usize,
    pub engines: [String; 2],
    /// Nanoseconds per case of each engine (min, median, max over the rounds).
    pub a_ns: Option<Spread<u64>>,
    pub b_ns: Option<Spread<u64>>,
    /// How many times faster `b` is (min, median, max over the paired rounds).
    pub ratio: Option<Spread<f64>>,
    pub rounds: usize,
    /// True when the ratios spread so wide that the median is not to be trusted.
    pub(crate) noisy: bool,
    pub(crate) note: Option<String>,
}

impl BenchReport {
    pub fn new(game: &str, seed: u64, rows: &[Row]) -> Self {
        let ns = |s: Option<Spread<Duration>>| {
            s.map(|s| Spread {
                min: u64::try_from(s.min.as_nanos()).unwrap_or(u64::MAX),
                median: u64::try_from(s.median.as_nanos()).unwrap_or(u64::MAX),
                max: u64::try_from(s.max.as_nanos()).unwrap_or(u64::MAX),
            })
        };
        BenchReport {
            schema: "match3-proof.bench.v1".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            game: game.into(),
            seed,
            checked_build: cfg!(debug_assertions),
            rows: rows
                .iter()
                .map(|r| RowReport {
                    label: r.label.clone(),
                    cases: r.cases,
                    engines: r.engines.clone(),
                    a_ns: ns(r.a),
                    b_ns: ns(r.b),
                    ratio: r.ratio,
                    rounds: r.rounds,
                    noisy: r.noisy(),
                    note: r.note.clone(),
                })
                .collect(),
        }
    }
}

/// A duration in the unit that suits it.
pub(crate) fn human(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.2} us", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

/// The table, in Markdown so it can go straight into the README: median times, the median ratio
/// and its spread (min..max over the paired rounds), and a warning line for noisy rows.
pub fn table(game: &str, rows: &[Row]) -> String {
    let (a, b) = rows
        .iter()
        .find(|r| r.a.is_some())
        .map_or(("reference", "optimized"), |r| {
            (r.engines[0].as_str(), r.engines[1].as_str())
        });
    let mut out = format!(
        "| {game} | cases | {a} | {b} | speed-up | spread (min..max) |\n|---|---:|---:|---:|---:|---:|\n"
    );
    for row in rows {
        let show = |s: Option<Spread<Duration>>| s.map_or("-".to_string(), |s| human(s.median));
        let (ratio, range) = match row.ratio {
            Some(r) => (
                format!("{:.1}x", r.median),
                format!("{:.1}x..{:.1}x", r.min, r.max),
            ),
            None => ("-".into(), "-".into()),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {ratio} | {range} |\n",
            row.label,
            row.cases,
            show(row.a),
            show(row.b),
        ));
    }
    for row in rows {
        if row.noisy() {
            out.push_str(&format!(
                "\nwarning: {}: the ratio spread from {:.1}x to {:.1}x over {} rounds; the machine \
                 was busy, measure again for a stable median\n",
                row.label,
                row.ratio.map_or(0.0, |r| r.min),
                row.ratio.map_or(0.0, |r| r.max),
                row.rounds
            ));
        }
        if let Some(note) = &row.note {
            out.push_str(&format!("\nnote: {}: {note}\n", row.label));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::spread;

    fn ms(x: u64) -> Duration {
        Duration::from_millis(x)
    }

    #[test]
    fn ratios_spreads_and_table() {
        let row = Row::from_samples(
            "heavy".into(),
            4,
            ["reference".into(), "optimized".into()],
            vec![ms(30), ms(31), ms(29)],
            vec![Duration::from_micros(300); 3],
        );
        let r = row.ratio.unwrap();
        assert!((r.median - 100.0).abs() < 1e-9, "{r:?}");
        assert!((r.min - 96.666).abs() < 0.01 && (r.max - 103.333).abs() < 0.01);
        assert!(!row.noisy());
        let only = Row::from_samples(
            "empty-1000".into(),
            1,
            ["-".into(), "optimized".into()],
            Vec::new(),
            vec![ms(5)],
        );
        assert!(only.ratio.is_none());
        let t = table("texas", &[row, only]);
        assert!(
            t.contains("| heavy | 4 | 30.00 ms | 300.00 us | 100.0x | 96.7x..103.3x |"),
            "{t}"
        );
        assert!(
            t.contains("| empty-1000 | 1 | - | 5.00 ms | - | - |"),
            "{t}"
        );
        assert_eq!(human(Duration::from_nanos(15)), "15 ns");
        assert_eq!(human(Duration::from_secs(2)), "2.00 s");
    }

    #[test]
    fn wide_spreads_are_flagged() {
        let row = Row::from_samples(
            "mix".into(),
            10,
            ["a".into(), "b".into()],
            vec![ms(10), ms(10), ms(10)],
            vec![ms(1), ms(2), ms(1)],
        );
        assert!(row.noisy());
        assert!(
            table("texas", &[row]).contains("warning: mix: the ratio spread from 5.0x to 10.0x")
        );
    }

    #[test]
    fn medians_ignore_outliers() {
        let s = spread(vec![ms(5), ms(1), ms(900)]).unwrap();
        assert_eq!(s.median, ms(5));
        assert_eq!((s.min, s.max), (ms(1), ms(900)));
        assert!(spread::<Duration>(Vec::new()).is_none());
    }
}
