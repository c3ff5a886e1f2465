//! A worker of the batch: takes case numbers, makes each case through the source, runs it through
//! the pair, and records what it finds (the module doc of [`super`] says in which order and why).

use super::*;
use crate::roles::oracle::catching_fault;
use crate::roles::scope::Filled;
use crate::roles::verdict::Fault;
use crate::roles::verdict::Side;
use crate::roles::verdict::Verdict;

/// What a worker does after an index.
enum Next {
    /// Go on with the next case number.
    Case,
    /// The case numbers below this one have no case (a run the source saw at once).
    Skip(u64),
    /// The case was interrupted: the worker stops.
    Stop,
}

impl<G: Game> Shared<G> {
    /// The next case numbers this worker takes, in increasing order: `chunk` of them (fewer at the
    /// end), or none once the shard's cases are all taken.
    fn claim(&self, chunk: u64) -> std::ops::Range<u64> {
        let first = self.next.fetch_add(chunk, Relaxed);
        first.min(self.total)..first.saturating_add(chunk).min(self.total)
    }

    /// Extends a claim that ends at `end` up to `to`, when no worker has claimed past `end` since:
    /// the new end of the claim (`end` when another worker was first).
    fn extend_claim(&self, end: u64, to: u64) -> u64 {
        let to = to.min(self.total);
        match self.next.compare_exchange(end, to, Relaxed, Relaxed) {
            Ok(_) => to,
            Err(_) => end,
        }
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
            relative: self.relative_limit(),
        };
        let mut case = None;
        // Case numbers are taken in chunks: one at a time while a chunk takes a tick of the coarse
        // clock or more (slow cases stay spread over the workers), doubling up to CHUNK while
        // cases are fast (one shared counter per case would cost more than a fast case). A run of
        // indices with no case extends the claim over itself when no other worker claimed past it.
        let mut chunk = 1;
        'claims: loop {
            let started = self.coarse();
            let claimed = self.claim(chunk);
            let (mut j, mut end) = (claimed.start, claimed.end);
            if j == end {
                break;
            }
            while j < end {
                if self.should_stop() || j > self.stop_at.load(Relaxed) {
                    break 'claims;
                }
                match self.index(slot, j, &mut case, &mut own) {
                    Next::Stop => break 'claims,
                    Next::Case => j += 1,
                    Next::Skip(after) => {
                        // Never past the stop bound: no index above it is looked at.
                        let after = after.min(self.stop_at.load(Relaxed).saturating_add(1));
                        if after > end {
                            end = self.extend_claim(end, after);
                        }
                        let to = after.min(end).max(j + 1);
                        add(&slot.skipped, to - j);
                        j = to;
                    }
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

    /// Makes case `j` of the shard into `case` through the source and runs it.
    fn index(&self, slot: &Slot, j: u64, case: &mut Option<G::Case>, own: &mut Own) -> Next {
        let (shard, shards) = self.opts.shard;
        let index = shard + j * shards;
        self.start_part(slot, Phase::Generating, nanos(GENERATOR_LIMIT));
        slot.case.store(j, Relaxed);
        let fault = match (
            catching_fault(|| self.source.fill(index, case)),
            case.as_ref(),
        ) {
            (Ok(Filled::Case), Some(c)) => {
                return if self.run_case(slot, j, index, c, own) {
                    Next::Case
                } else {
                    Next::Stop
                };
            }
            (Ok(Filled::Skip(n)), _) => {
                slot.case.store(IDLE, Relaxed);
                // The first case number of the shard at or past index + n.
                return Next::Skip(j.saturating_add(n.max(1).div_ceil(shards)));
            }
            (Err(panic), _) => panic,
            (Ok(Filled::Case), None) => Fault::Panic {
                message: "the source said it made a case and made none".into(),
                place: None,
            },
        };
        slot.case.store(IDLE, Relaxed);
        let failure = Failure::fault(Side::Harness, "generator", &fault);
        // A panic may have left the buffer half made: the next case starts afresh.
        *case = None;
        let origin = self.source.origin(index);
        self.record(j, found(index, origin, None, failure), false);
        bump(&slot.done);
        Next::Case
    }

    /// Runs case `j` (batch index `index`) through the pair and records its verdict; `false` when
    /// the case was interrupted (the worker stops).
    fn run_case(&self, slot: &Slot, j: u64, index: u64, case: &G::Case, own: &mut Own) -> bool {
        let limit = self.opts.limits().case::<G>(case);
        slot.limit.store(nanos(limit), Relaxed);
        let relative = own.relative;
        let mut a_started = 0;
        let checked = self.pair.check_phased(case, &mut |p| {
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
            G::coverage(case, outcome, &mut own.hits);
            for (count, hit) in own.coverage.iter_mut().zip(&mut own.hits) {
                *count += u64::from(std::mem::take(hit));
            }
            if self.opts.digest && checked.verdict.failure().is_none() {
                own.answer.clear();
                G::write_answer(outcome, &mut own.answer);
                let answer = fnv1a_64(own.answer.as_bytes());
                own.digest = own.digest.wrapping_add(mix(index ^ mix(answer)));
            }
        }
        slot.case.store(IDLE, Relaxed);
        if let Verdict::Fails(failure) = checked.verdict {
            let origin = self.source.origin(index);
            self.record(j, found(index, origin, Some(case.clone()), *failure), false);
        }
        bump(&slot.done);
        true
    }
}
