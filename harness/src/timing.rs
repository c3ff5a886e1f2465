//! Timings as data: the [`Spread`] of some samples and a benchmark [`Row`] of two engines side by
//! side. A leaf, so that a game can return rows of its own (`Game::bench_extra`) without the
//! benchmark code ([`crate::render::bench`]) and the game depending on each other.

use std::time::Duration;

/// Minimum, median and maximum of some samples.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Spread<T> {
    pub min: T,
    pub median: T,
    pub max: T,
}

/// The spread of some samples, `None` when there are none.
pub(crate) fn spread<T: Copy + PartialOrd>(mut v: Vec<T>) -> Option<Spread<T>> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    Some(Spread {
        min: v[0],
        median: v[v.len() / 2],
        max: v[v.len() - 1],
    })
}

/// One line of a benchmark table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Row {
    pub label: String,
    pub cases: usize,
    /// The two engines' names: `a` is the baseline (usually the reference).
    pub engines: [String; 2],
    /// Time per case over the rounds (`None`: that engine was not measured).
    pub a: Option<Spread<Duration>>,
    pub b: Option<Spread<Duration>>,
    /// How many times faster `b` is than `a`, per paired round.
    pub ratio: Option<Spread<f64>>,
    pub rounds: usize,
    /// Why a side was not measured, when it was not.
    pub(crate) note: Option<String>,
}

impl Row {
    /// A row from paired samples: round `i` of `a` and of `b` ran back to back.
    pub fn from_samples(
        label: String,
        cases: usize,
        engines: [String; 2],
        a: Vec<Duration>,
        b: Vec<Duration>,
    ) -> Row {
        let ratios: Vec<f64> = a
            .iter()
            .zip(&b)
            .filter(|(_, y)| **y > Duration::ZERO)
            .map(|(x, y)| x.as_secs_f64() / y.as_secs_f64())
            .collect();
        Row {
            label,
            cases,
            engines,
            rounds: a.len().max(b.len()),
            a: spread(a),
            b: spread(b),
            ratio: spread(ratios),
            note: None,
        }
    }

    /// True when the paired ratios spread so wide that the median is not to be trusted (the
    /// largest is more than 1.5 times the smallest): the machine was busy.
    pub(crate) fn noisy(&self) -> bool {
        self.ratio.is_some_and(|r| r.max > 1.5 * r.min)
    }
}
