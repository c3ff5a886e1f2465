//! The batch's tally: failures counted by kind and grouped by signature, the stop bound that
//! falls as they come in, and the result cut at the stop case (the module doc of
//! [`crate::batch`]).

use super::{BatchResult, Distinct, Found, Shared, IDLE};
use crate::engine::Kind;
use crate::game::Game;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// The failures of a batch: counted by kind, grouped by signature.
pub(super) struct Tally<C> {
    pub(super) kinds: [u64; 5],
    pub(super) groups: HashMap<String, Group<C>>,
}

/// One signature's failures: the lowest case number `j` with its case, and every `j` that hit it.
pub(super) struct Group<C> {
    pub(super) lowest: u64,
    pub(super) found: Found<C>,
    pub(super) hits: Vec<u64>,
}

impl<G: Game> Shared<G> {
    /// Records a failure of case `j` and lowers the stop bound (module doc); `halt` stops the batch
    /// at this case whatever the signatures (a hang that took its worker thread).
    pub(super) fn record(&self, j: u64, found: Found<G::Case>, halt: bool) {
        self.detected.fetch_min(self.now(), Relaxed);
        let n = self.opts.max_failures.max(1);
        if halt || n == 1 {
            // At once: no worker starts a case above this one from now on.
            self.stop_at.fetch_min(j, Relaxed);
        }
        self.failed.fetch_add(1, Relaxed);
        let signature = found.failure.signature();
        let kind = Kind::ALL.iter().position(|k| *k == found.failure.kind);
        let mut tally = self.tally();
        if let Some(i) = kind {
            tally.kinds[i] += 1;
        }
        match tally.groups.get_mut(&signature) {
            Some(g) => {
                g.hits.push(j);
                if j < g.lowest {
                    g.lowest = j;
                    g.found = found;
                }
            }
            None => {
                let group = Group {
                    lowest: j,
                    found,
                    hits: vec![j],
                };
                tally.groups.insert(signature, group);
            }
        }
        if tally.groups.len() >= n {
            let mut lowest: Vec<u64> = tally.groups.values().map(|g| g.lowest).collect();
            let (_, bound, _) = lowest.select_nth_unstable(n - 1);
            self.stop_at.fetch_min(*bound, Relaxed);
        }
    }
}

/// The batch's result from what the workers and the watchdog recorded.
pub(super) fn result<G: Game>(
    shared: &Shared<G>,
    elapsed: Duration,
    hung: usize,
) -> BatchResult<G::Case> {
    let (failures, groups) = {
        let mut tally = shared.tally();
        (tally.kinds, std::mem::take(&mut tally.groups))
    };
    // The signatures up to the stop case (module doc), by their lowest case.
    let cutoff = shared.stop_at.load(Relaxed);
    let (shard, shards) = shared.opts.shard;
    let mut distinct: Vec<(u64, Distinct<G::Case>)> = groups
        .into_iter()
        .filter(|(_, g)| g.lowest <= cutoff)
        .map(|(signature, g)| {
            let mut hits: Vec<u64> = g
                .hits
                .iter()
                .filter(|&&j| j <= cutoff)
                .map(|&j| shard + j * shards)
                .collect();
            hits.sort_unstable();
            let d = Distinct {
                signature,
                found: g.found,
                hits,
            };
            (g.lowest, d)
        })
        .collect();
    distinct.sort_by_key(|(j, _)| *j);
    let distinct: Vec<Distinct<G::Case>> = distinct.into_iter().map(|(_, d)| d).collect();
    let coverage = shared
        .coverage
        .lock()
        .map(|c| c.clone())
        .unwrap_or_default();
    BatchResult {
        cases: shared.done() + hung as u64,
        skipped: shared.skipped(),
        digest: shared.digest.load(Relaxed),
        failures,
        coverage,
        first: distinct.first().map(|d| d.found.clone()),
        distinct,
        elapsed,
        detected: match shared.detected.load(Relaxed) {
            IDLE => None,
            n => Some(Duration::from_nanos(n)),
        },
        interrupted: shared.opts.stop.load(Relaxed),
        hung,
    }
}
