//! The generic shrinker: greedy descent over a game's candidate list, to a fixed point.
//!
//! Starting from a failing case, it asks the game for smaller variants ([`crate::roles::Shrink::shrink_candidates`],
//! the most aggressive first), keeps those strictly lighter by [`crate::roles::Shrink::weight`], and evaluates them
//! in order (a batch at a time, in parallel). The first one that still fails becomes the current
//! case and the game is asked again. When none fails, the game is asked for its costly candidates
//! ([`crate::roles::Shrink::shrink_candidates_costly`], too many to build at every step), tried the same way. It
//! stops when no candidate of either list fails: the result is then a fixed point of every
//! candidate the game offers (for Texas: no single operation, row, column, special or colour step
//! can be removed or lowered, and no compound step either; see `docs/shrinking.md`). Since the
//! weight strictly decreases, it always ends.
//!
//! **Deterministic.** The result depends only on the case and the predicate: the candidate lists
//! are pure functions of the case, and of a batch evaluated in parallel only the first failing
//! candidate *in list order* counts, so the thread count and timing change how many candidates are
//! tried, never which case wins. Only the time budget can cut the descent short (`timed_out`).
//!
//! **The predicate decides what "still fails" means.** The shrinker uses nothing but the predicate
//! (no engine, no trace), so a predicate that accepts any failure can drift from the bug it was
//! given to another one that a smaller case shows. Callers should test for the *same kind* of
//! failure: the same verdict kind for an external program (wrong answer, crash, timeout), the same
//! kind of divergence for two engines. The predicate must be deterministic.

use crate::roles::{Format, Shrink};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// What the shrinker did.
#[derive(Debug, Clone)]
pub struct Shrunk<C> {
    /// The smallest failing case found.
    pub case: C,
    /// Successful reductions.
    pub steps: usize,
    /// Candidates evaluated (this one depends on the number of threads: a batch is evaluated
    /// whole).
    pub(crate) tries: usize,
    /// Candidates the game offered that were lighter than the case they came from, over all steps.
    pub offered: usize,
    /// True when the time budget ran out before a fixed point.
    pub timed_out: bool,
}

/// A list of candidates of a game ([`Game::shrink_candidates`] or
/// [`Game::shrink_candidates_costly`]).
type Candidates<G> = fn(&<G as Format>::Case) -> Vec<<G as Format>::Case>;

/// Shrinks `case` while `fails` holds, for at most `budget`. `fails(&case)` should hold; it must be
/// deterministic, and should test for the same kind of failure as the original one.
pub fn shrink<G: Shrink>(
    case: G::Case,
    fails: impl Fn(&G::Case) -> bool + Sync,
    budget: Duration,
) -> Shrunk<G::Case> {
    shrink_traced::<G>(case, fails, budget, |_| {})
}

/// [`shrink`], calling `step` with every case it moves to, in order (the last one is the result).
pub(crate) fn shrink_traced<G: Shrink>(
    case: G::Case,
    fails: impl Fn(&G::Case) -> bool + Sync,
    budget: Duration,
    mut step: impl FnMut(&G::Case),
) -> Shrunk<G::Case> {
    let start = Instant::now();
    let batch = (rayon::current_num_threads() * 2).max(2);
    let mut shrunk = Shrunk {
        case,
        steps: 0,
        tries: 0,
        offered: 0,
        timed_out: false,
    };
    'step: loop {
        let weight = G::weight(&shrunk.case);
        // The costly candidates only when none of the others fails.
        let tiers: [Candidates<G>; 2] = [G::shrink_candidates, G::shrink_candidates_costly];
        for tier in tiers {
            if start.elapsed() > budget {
                shrunk.timed_out = true;
                return shrunk;
            }
            let mut candidates: Vec<G::Case> = tier(&shrunk.case)
                .into_iter()
                .filter(|c| G::weight(c) < weight)
                .collect();
            shrunk.offered += candidates.len();
            for (k, chunk) in candidates.chunks(batch).enumerate() {
                if start.elapsed() > budget {
                    shrunk.timed_out = true;
                    return shrunk;
                }
                shrunk.tries += chunk.len();
                let verdicts: Vec<bool> = chunk.par_iter().map(&fails).collect();
                // The first failing candidate in list order, whatever the batch size.
                if let Some(i) = verdicts.iter().position(|&f| f) {
                    shrunk.case = candidates.swap_remove(k * batch + i);
                    shrunk.steps += 1;
                    step(&shrunk.case);
                    continue 'step;
                }
            }
        }
        return shrunk;
    }
}
