//! The batch's tally: failures counted by kind and grouped by signature, the stop bound that
//! falls as they come in, and the result cut at the stop case (the module doc of
//! [`crate::run::batch`]).

use super::{BatchResult, Distinct, Found, Shared, IDLE};
use crate::roles::game::Game;
use crate::roles::verdict::Kind;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// The failures of a batch: counted by kind, grouped by signature.
pub(super) struct Tally<C> {
    pub(super) kinds: [u64; Kind::ALL.len()],
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
        if let Some(bound) = stop_case(tally.groups.values().map(|g| g.lowest), n) {
            self.stop_at.fetch_min(bound, Relaxed);
        }
    }
}

/// The stop rule of a batch that goes on to `max_failures` distinct failures: given the lowest case
/// of each signature seen, the case at which the N-th signature (by lowest case) was first seen, or
/// `None` while fewer than N are known. The batch stops there, and [`crate::proof::merge`] finds the same
/// case again over the shards of a batch.
pub(crate) fn stop_case(lowest: impl IntoIterator<Item = u64>, max_failures: usize) -> Option<u64> {
    let n = max_failures.max(1);
    let mut lowest: Vec<u64> = lowest.into_iter().collect();
    if lowest.len() < n {
        return None;
    }
    let (_, bound, _) = lowest.select_nth_unstable(n - 1);
    Some(*bound)
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
    }
}

#[cfg(test)]
mod tests {
    use super::stop_case;

    #[test]
    fn the_stop_case_is_where_the_nth_signature_was_first_seen() {
        assert_eq!(stop_case([9, 2, 5], 1), Some(2));
        assert_eq!(stop_case([9, 2, 5], 2), Some(5));
        assert_eq!(stop_case([9, 2, 5], 3), Some(9));
        assert_eq!(
            stop_case([9, 2, 5], 4),
            None,
            "fewer signatures than asked for"
        );
        assert_eq!(stop_case([7], 0), Some(7), "0 counts as 1");
        assert_eq!(stop_case([], 1), None);
    }
}
