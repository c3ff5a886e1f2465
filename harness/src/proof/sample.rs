//! Some indices of a scope through the pair, on the calling thread: what a game's scope tests run
//! (every case of the seconds-sized scope agrees, no key called unreachable is reached) and how the
//! cost of a named scope is estimated (CPU time over a sample spread through it).

use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::roles::scope::Scope;
use crate::roles::verdict::Failure;
use std::collections::BTreeSet;

/// What the built-in pair of a game made of some indices of a scope.
#[derive(Debug, Default)]
pub struct Sampled {
    /// Cases run through both engines.
    pub checked: u64,
    /// Indices that are not valid inputs.
    pub skipped: u64,
    /// The coverage keys some checked case reached.
    pub reached: BTreeSet<&'static str>,
    /// The first failing index, with its failure.
    pub failure: Option<(u64, Failure)>,
    /// CPU time of the calling thread spent on them, in nanoseconds (0 where unknown).
    pub(crate) cpu_ns: u64,
}

/// Runs `indices` of `scope` through the game's reference and optimized engines.
pub fn sample<G: Game>(scope: &dyn Scope<G::Case>, indices: impl Iterator<Item = u64>) -> Sampled {
    let pair = Pair::<G>::builtin();
    let mut hits = vec![false; G::coverage_keys().len()];
    let mut out = Sampled::default();
    let start = thread_cpu_ns();
    for i in indices {
        let Some(case) = scope.case(i) else {
            out.skipped += 1;
            continue;
        };
        let checked = pair.check(&case);
        if let Some(a) = &checked.a {
            G::coverage(&case, a, &mut hits);
        }
        out.checked += 1;
        if let Some(f) = checked.verdict.into_failure() {
            out.failure.get_or_insert((i, f));
        }
    }
    out.cpu_ns = thread_cpu_ns().saturating_sub(start);
    out.reached = G::coverage_keys()
        .iter()
        .zip(&hits)
        .filter(|(_, h)| **h)
        .map(|(k, _)| *k)
        .collect();
    out
}

/// A named scope's estimated cost, from a sample of about `size` indices spread through it.
#[derive(Debug)]
pub struct Estimate {
    pub name: &'static str,
    pub(crate) indices: u64,
    pub(crate) sampled: Sampled,
    /// CPU nanoseconds per index in the sample.
    pub(crate) ns_per_index: f64,
    /// The whole scope in core-hours, and in seconds on two cores.
    pub(crate) core_hours: f64,
    pub(crate) secs_on_two_cores: f64,
}

impl Estimate {
    /// One line for a person: counts, rate, cost, and the keys the sample did not reach.
    pub fn line(&self, keys: &[&str]) -> String {
        let missed: Vec<&str> = keys
            .iter()
            .filter(|k| !self.sampled.reached.contains(*k))
            .copied()
            .collect();
        format!(
            "{}: {} indices, sample {} checked {} skipped, {:.0} ns/index, {:.1} s on 2 cores \
             ({:.2} core-hours); not reached by the sample: {missed:?}",
            self.name,
            self.indices,
            self.sampled.checked,
            self.sampled.skipped,
            self.ns_per_index,
            self.secs_on_two_cores,
            self.core_hours
        )
    }
}

/// Estimates the cost of each named scope of `G` (only the one called `only`, if given).
pub fn estimate_named<G: Game>(size: u64, only: Option<&str>) -> Vec<Estimate> {
    let mut out = Vec::new();
    for named in G::scopes() {
        if only.is_some_and(|o| o != named.name) {
            continue;
        }
        let Ok(scope) = G::scope(named.expr) else {
            continue;
        };
        let step = (scope.len() / size.max(1)).max(1);
        let sampled = sample::<G>(&*scope, (0..scope.len()).step_by(step as usize));
        let per = sampled.cpu_ns as f64 / (sampled.checked + sampled.skipped).max(1) as f64;
        let core_hours = per * 1e-9 * scope.len() as f64 / 3600.0;
        out.push(Estimate {
            name: named.name,
            indices: scope.len(),
            sampled,
            ns_per_index: per,
            core_hours,
            secs_on_two_cores: core_hours * 1800.0,
        });
    }
    out
}

/// Nanoseconds of CPU time the calling thread has run (Linux; 0 elsewhere), so that a loaded
/// machine does not inflate an estimate.
fn thread_cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0)
}

/// The keys a scope calls unreachable that are not coverage keys of `G` (a misspelt key would
/// vanish from a certificate's rules without a word): empty when every one is a key.
pub fn unknown_unreachable<G: Game>(scope: &dyn Scope<G::Case>) -> Vec<&'static str> {
    scope
        .unreachable()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| !G::coverage_keys().contains(k))
        .collect()
}
