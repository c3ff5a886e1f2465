//! The generic shrinker: greedy reduction over a game's candidate list.
//!
//! Starting from a failing case, it evaluates the game's smaller variants in order (a batch at a time,
//! in parallel) and moves to the first one that still fails, until none does or the time budget is
//! spent. The result depends only on the case and the predicate, never on thread timing.

use crate::game::Game;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// What the shrinker did.
#[derive(Debug, Clone)]
pub struct Shrunk<C> {
    pub case: C,
    /// Successful reductions.
    pub steps: usize,
    /// Candidates evaluated.
    pub tries: usize,
    /// True when the time budget ran out before a fixed point.
    pub timed_out: bool,
}

/// Shrinks `case` while `fails` holds. `fails` must be deterministic.
pub fn shrink<G: Game>(
    case: G::Case,
    fails: impl Fn(&G::Case) -> bool + Sync,
    budget: Duration,
) -> Shrunk<G::Case> {
    let start = Instant::now();
    let batch = (rayon::current_num_threads() * 2).max(2);
    let mut current = case;
    let (mut steps, mut tries) = (0, 0);
    loop {
        let weight = G::weight(&current);
        let candidates: Vec<G::Case> = G::shrink_candidates(&current)
            .into_iter()
            .filter(|c| G::weight(c) < weight)
            .collect();
        let mut next = None;
        for chunk in candidates.chunks(batch) {
            if start.elapsed() > budget {
                return Shrunk {
                    case: current,
                    steps,
                    tries,
                    timed_out: true,
                };
            }
            tries += chunk.len();
            let verdicts: Vec<bool> = chunk.par_iter().map(&fails).collect();
            if let Some(i) = verdicts.iter().position(|&f| f) {
                next = Some(chunk[i].clone());
                break;
            }
        }
        match next {
            Some(c) => {
                current = c;
                steps += 1;
            }
            None => {
                return Shrunk {
                    case: current,
                    steps,
                    tries,
                    timed_out: false,
                }
            }
        }
    }
}
