//! Side-by-side benchmarks: the same generated cases through the reference and the optimized
//! engine, alternating in one run so that both see the same machine load, reported as a ratio.

use crate::game::{EngineKind, Game};
use crate::rng::case_seed;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One line of a benchmark table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Row {
    pub label: String,
    pub cases: usize,
    /// Median time per case over the rounds, reference and optimized (`None`: not measured).
    pub reference: Option<Duration>,
    pub optimized: Option<Duration>,
    pub rounds: usize,
}

impl Row {
    /// How many times faster the optimized engine is.
    pub fn ratio(&self) -> Option<f64> {
        match (self.reference, self.optimized) {
            (Some(r), Some(o)) if o > Duration::ZERO => Some(r.as_secs_f64() / o.as_secs_f64()),
            _ => None,
        }
    }
}

fn median(mut v: Vec<Duration>) -> Option<Duration> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    Some(v[v.len() / 2])
}

/// Times `f` over all cases once; returns the time per case.
fn time_batch<C>(cases: &[C], mut f: impl FnMut(&C) -> u64) -> Duration {
    let start = Instant::now();
    let mut sink = 0u64;
    for c in cases {
        sink = sink.wrapping_add(f(c));
    }
    black_box(sink);
    start.elapsed() / cases.len().max(1) as u32
}

/// Benchmarks one profile: `cases` cases from `seed`, then rounds alternating reference and
/// optimized batches until `budget` is spent (at least three rounds, unless one round takes more
/// than ten budgets).
pub fn profile<G: Game>(
    profile: &str,
    cases: usize,
    seed: u64,
    budget: Duration,
    engines: &[EngineKind],
) -> Row {
    let batch: Vec<G::Case> = (0..cases as u64)
        .map(|i| G::generate(profile, case_seed(seed, i)))
        .collect();
    let run = |engine: EngineKind| {
        move |c: &G::Case| {
            let out = G::run(c, engine, false);
            G::answer(&out).len() as u64
        }
    };
    let (mut r, mut o) = (Vec::new(), Vec::new());
    let start = Instant::now();
    let mut rounds = 0;
    loop {
        if engines.contains(&EngineKind::Reference) {
            r.push(time_batch(&batch, run(EngineKind::Reference)));
        }
        if engines.contains(&EngineKind::Optimized) {
            o.push(time_batch(&batch, run(EngineKind::Optimized)));
        }
        rounds += 1;
        let spent = start.elapsed();
        // At least three rounds for a median, unless one round alone took ten budgets.
        if rounds >= 50 || (rounds >= 3 && spent >= budget) || spent >= budget * 10 {
            break;
        }
    }
    Row {
        label: profile.to_string(),
        cases,
        reference: median(r),
        optimized: median(o),
        rounds,
    }
}

/// A duration in the unit that suits it.
pub fn human(d: Duration) -> String {
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

/// The table, in Markdown so it can go straight into the README.
pub fn table(game: &str, rows: &[Row]) -> String {
    let mut out = format!(
        "| {game} | cases | reference | optimized | speed-up |\n|---|---:|---:|---:|---:|\n"
    );
    for row in rows {
        let show = |d: Option<Duration>| d.map_or("-".to_string(), human);
        let ratio = row.ratio().map_or("-".to_string(), |x| format!("{x:.1}x"));
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            row.label,
            row.cases,
            show(row.reference),
            show(row.optimized),
            ratio
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_and_table() {
        let row = Row {
            label: "heavy".into(),
            cases: 4,
            reference: Some(Duration::from_millis(30)),
            optimized: Some(Duration::from_micros(300)),
            rounds: 3,
        };
        assert!((row.ratio().unwrap() - 100.0).abs() < 1e-9);
        let only = Row {
            reference: None,
            ..row.clone()
        };
        assert_eq!(only.ratio(), None);
        let t = table("texas", &[row, only]);
        assert!(
            t.contains("| heavy | 4 | 30.00 ms | 300.00 us | 100.0x |"),
            "{t}"
        );
        assert!(t.contains("| heavy | 4 | - | 300.00 us | - |"), "{t}");
        assert_eq!(human(Duration::from_nanos(15)), "15 ns");
        assert_eq!(human(Duration::from_secs(2)), "2.00 s");
    }

    #[test]
    fn medians_ignore_outliers() {
        let v = vec![
            Duration::from_millis(5),
            Duration::from_millis(1),
            Duration::from_millis(900),
        ];
        assert_eq!(median(v), Some(Duration::from_millis(5)));
        assert_eq!(median(Vec::new()), None);
    }
}
