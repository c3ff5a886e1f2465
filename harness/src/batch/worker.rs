//! A worker of the batch: takes case numbers, makes each case through the source, runs it through
//! the pair, and records what it finds (the module doc of [`super`] says in which order and why).

use super::*;
use crate::game::OutcomeText;
use crate::oracle::{catching_fault, Verdict};

impl<G: Game> Shared<G> {
    /// The next case numbers this worker takes, in increasing order: `chunk` of them (fewer at the
    /// end), or none once the shard's cases are all taken.
    fn claim(&self, chunk: u64) -> std::ops::Range<u64> {
        let first = self.next.fetch_add(chunk, Relaxed);
        first.min(self.total)..first.saturating_add(chunk).min(self.total)
    }

    pub(super) fn worker(&self, w: usize) {
        let slot = &self.slots[w];
        if let Some(c) = own_cpu_clock() {
            slot.clock.store(i64::from(c), Relaxed);
        }
        let keys = G::coverage_keys().len();
        let mut own = Own {
            coverage: vec![0u64; keys],
            hits: vec![false; keys],
            digest: 0,
            answer: String::new(),
        };
        // Case numbers are taken in chunks: one at a time while a chunk takes a tick of the coarse
        // clock or more (slow cases stay spread over the workers), doubling up to CHUNK while
        // cases are fast (one shared counter per case would cost more than a fast case).
        let mut chunk = 1;
        'claims: loop {
            let started = self.coarse();
            let claimed = self.claim(chunk);
            if claimed.is_empty() {
                break;
            }
            for j in claimed {
                if self.should_stop() || j > self.stop_at.load(Relaxed) {
                    break 'claims;
                }
                if !self.index(slot, j, &mut own) {
                    break 'claims;
                }
            }
            chunk = if self.coarse() == started {
                (chunk * 2).min(CHUNK)
            } else {
                1
            };
        }
        self.digest.fetch_add(own.digest, Relaxed);
        if let Ok(mut c) = self.coverage.lock() {
            c.iter_mut().zip(&own.coverage).for_each(|(x, y)| *x += y);
        }
    }

    /// Makes and runs case `j` of the shard; `false` when the case was interrupted (the worker
    /// stops).
    fn index(&self, slot: &Slot, j: u64, own: &mut Own) -> bool {
        let (shard, shards) = self.opts.shard;
        let index = shard + j * shards;
        self.start_part(slot, Phase::Generating, nanos(GENERATOR_LIMIT));
        slot.case.store(j, Relaxed);
        let case = match catching_fault(|| self.source.case(index)) {
            Ok(Some(c)) => c,
            Ok(None) => {
                slot.case.store(IDLE, Relaxed);
                bump(&slot.skipped);
                return true;
            }
            Err(panic) => {
                slot.case.store(IDLE, Relaxed);
                let failure = Failure::fault("generator", &panic);
                let origin = self.source.origin(index);
                self.record(j, found(index, origin, None, failure), false);
                bump(&slot.done);
                return true;
            }
        };
        self.run_case(slot, j, index, case, own)
    }

    /// Runs case `j` (batch index `index`) through the pair and records its verdict; `false` when
    /// the case was interrupted (the worker stops).
    fn run_case(&self, slot: &Slot, j: u64, index: u64, case: G::Case, own: &mut Own) -> bool {
        let limit = self.opts.limits().case::<G>(&case);
        slot.limit.store(nanos(limit), Relaxed);
        let relative = self.relative_limit();
        let mut a_started = 0;
        let checked = self.pair.check_phased(&case, &mut |p| {
            let now = self.coarse();
            let mut phase_limit = nanos(limit);
            if relative {
                // Engine b may take RELATIVE_LIMIT times engine a's time (wall-clock time: never
                // less than its CPU time, so the limit only errs on the generous side).
                match p {
                    Phase::A => a_started = now,
                    Phase::B => {
                        phase_limit =
                            Limits::relative_nanos(now.saturating_sub(a_started), phase_limit)
                    }
                    _ => {}
                }
                slot.limit.store(phase_limit, Relaxed);
            }
            slot.phase.store(phase_code(p), Relaxed);
            slot.since.store(now, Relaxed);
            bump(&slot.part);
        });
        if let Verdict::Interrupted(_) = checked.verdict {
            // A program stopped by the interrupt: no verdict, not a case that ran.
            slot.case.store(IDLE, Relaxed);
            return false;
        }
        if let Some(outcome) = &checked.a {
            G::coverage(&case, outcome, &mut own.hits);
            for (count, hit) in own.coverage.iter_mut().zip(&mut own.hits) {
                *count += u64::from(std::mem::take(hit));
            }
            if self.opts.digest && checked.verdict.failure().is_none() {
                own.answer.clear();
                outcome.write_answer(&mut own.answer);
                let answer = fnv1a_64(own.answer.as_bytes());
                own.digest = own.digest.wrapping_add(mix(index ^ mix(answer)));
            }
        }
        slot.case.store(IDLE, Relaxed);
        if let Verdict::Fails(failure) = checked.verdict {
            let origin = self.source.origin(index);
            self.record(j, found(index, origin, Some(case), *failure), false);
        }
        bump(&slot.done);
        true
    }
}
