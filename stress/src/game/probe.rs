//! One probe of a search ([`crate::game::search`]): a job's input made (a fresh case, or a mutated
//! stream), then run as the search's goal asks: the solution alone for its cost (`slow`: its
//! counted build for its work where it has one, then its own build for its CPU time and verdict),
//! or the covered programs judged and counted (`coverage`, [`crate::game::guided`]).

use crate::game::case::{Case, Installed, Source};
use crate::game::guided::{self, Counters, Reached};
use crate::game::mutate::Parent;
use crate::programs::problem::Covered as CoveredPrograms;
use crate::programs::program::Cmd;
use crate::protocol::tape::Tape;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// What a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// An input past the time limit, or the slowest one.
    Slow,
    /// A wrong answer, guided by the programs' coverage.
    Coverage,
}

/// The probes of one round of a coverage search, whatever the number of workers: the search is
/// then a function of its seed (the same probes in the same order with one thread or many; its
/// time only says how far it gets).
const COVERAGE_ROUND: usize = 16;

impl Goal {
    /// The probes of one round on `threads` workers: `slow` climbs a round a worker (its costs are
    /// CPU times, never the same twice); `coverage` a fixed round of 16.
    pub fn round(self, threads: usize) -> usize {
        match self {
            Goal::Slow => threads.max(1),
            Goal::Coverage => COVERAGE_ROUND,
        }
    }

    /// The goal as `--search` names it.
    pub fn name(self) -> &'static str {
        match self {
            Goal::Slow => "slow",
            Goal::Coverage => "coverage",
        }
    }
}

/// How the slow search measures its probes, shared with its workers: whether the solution's work
/// is counted (while the inputs are too cheap for their CPU times to tell them apart), and the
/// largest work judged so far (an input of less than half of it is not run by the solution's own
/// build: it cannot be near the limit when the costliest is not).
#[derive(Debug, Default)]
pub struct Measure {
    counting: AtomicBool,
    best_work: AtomicU64,
}

impl Measure {
    pub fn new(counting: bool) -> Measure {
        Measure {
            counting: AtomicBool::new(counting),
            best_work: AtomicU64::new(0),
        }
    }

    pub fn counting(&self) -> bool {
        self.counting.load(Relaxed)
    }

    pub fn best_work(&self) -> u64 {
        self.best_work.load(Relaxed)
    }

    /// What the next round measures: counted or not, and the largest work judged.
    pub fn set(&self, counting: bool, best_work: u64) {
        self.counting.store(counting, Relaxed);
        self.best_work.store(best_work, Relaxed);
    }
}

/// What a prober makes and runs: a fresh case of a seed, or a mutated stream.
pub enum Job {
    Fresh(u64),
    Stream(Vec<u8>),
}

/// An input the search made and ran: its stream (trimmed to what the generator read), the draws
/// the generator made from it, and what its runs said.
#[derive(Debug, Clone)]
pub struct Probe {
    pub stream: Vec<u8>,
    pub tape: Tape,
    /// The CPU time of the solution's run (zero when `slow` left it unrun: its work was far below
    /// the costliest input's).
    pub cost: Duration,
    /// `slow`: the solution's work on the input (basic blocks or lines executed, counted by its
    /// build with counters), when it has such a build: the same on every run of the input.
    pub work: Option<u64>,
    /// `slow`: the solution's run did not succeed (a limit, a crash); `coverage`: its answer was
    /// wrong or it crashed. The search ends with it.
    pub failed: bool,
    /// `coverage`: (edge, bucket) pairs no probe reached before this one (the search counts them
    /// from `reached`, in the order of its probes).
    pub novel: usize,
    /// `coverage`: the edges this probe's runs took, until the search has counted them (`slow`,
    /// counting: the solution's, for the per-edge maxima).
    pub reached: Option<Reached>,
    /// `coverage`: the constants the programs compared against (taken by the search).
    pub constants: Vec<i64>,
    /// `coverage`: pairs of values the programs compared with each other, for the mutations of
    /// this probe's stream.
    pub pairs: Vec<(i64, i64)>,
}

impl Probe {
    /// The probe's stream and tape, to mutate.
    pub fn parent(&self) -> Parent<'_> {
        Parent {
            stream: &self.stream,
            tape: &self.tape,
            pairs: &self.pairs,
        }
    }
}

/// A worker's way of probing: the goal, and for `coverage` the programs with counters and the
/// files they count into (the worker's own).
pub enum Prober<'a> {
    Slow {
        /// The solution's build with counters, and the file it counts into.
        counted: Option<(&'a Cmd, Counters)>,
        measure: &'a Measure,
    },
    Coverage {
        programs: &'a CoveredPrograms,
        counters: Counters,
    },
}

impl<'a> Prober<'a> {
    /// A worker's prober for `goal` (`coverage` needs the covered programs; `slow` counts the
    /// solution's work with them when there are some, as `measure` says).
    pub fn new(
        goal: Goal,
        programs: Option<&'a CoveredPrograms>,
        measure: &'a Measure,
    ) -> Prober<'a> {
        match (goal, programs) {
            (Goal::Coverage, Some(programs)) => Prober::Coverage {
                programs,
                counters: Counters::new(),
            },
            (_, programs) => Prober::Slow {
                counted: programs.map(|p| (&p.solution, Counters::new())),
                measure,
            },
        }
    }

    /// Makes the input of `job` and runs it; `None` when the generator or the validator refuses
    /// it, or a program cannot be started (or, for `coverage`, the brute force gives no answer).
    pub fn probe(&self, installed: &std::sync::Arc<Installed>, job: Job) -> Option<Probe> {
        let case = match job {
            Job::Fresh(seed) => Case::fresh(installed, seed),
            Job::Stream(stream) => Case::probe(installed, Source::Stream(stream)),
        };
        let input = case.input().ok()?;
        let tape = case.tape()?;
        let Source::Stream(stream) = case.trimmed() else {
            return None;
        };
        let mut probe = Probe {
            stream,
            tape,
            cost: Duration::ZERO,
            work: None,
            failed: false,
            novel: 0,
            reached: None,
            constants: Vec::new(),
            pairs: Vec::new(),
        };
        match self {
            Prober::Slow { counted, measure } => {
                let problem = &installed.problem;
                // Both runs under the slow search's raised CPU limit: a plain run is measured to
                // completion up to the cap, and a build with counters runs slower (a run stopped
                // by a limit has counted its work so far).
                let limits = crate::game::slow::measured(&problem.limits);
                if let Some((cmd, counters)) = counted.as_ref().filter(|_| measure.counting()) {
                    let (_, counted) =
                        guided::counted_run(cmd, counters.solution(), input.as_bytes(), &limits)?;
                    let work = counted.work;
                    probe.work = Some(work);
                    probe.reached = Some(Reached {
                        solution: counted.edges,
                        reference: Vec::new(),
                    });
                    if work.saturating_mul(2) < measure.best_work() {
                        return Some(probe);
                    }
                }
                let run = problem.solution.run(&[], input.as_bytes(), &limits).ok()?;
                probe.cost = run.cpu;
                probe.failed = slow_failure(&run, problem.limits.cpu);
            }
            Prober::Coverage { programs, counters } => {
                let covered = guided::probe(installed, &case, programs, counters)?;
                probe.cost = covered.cost;
                probe.failed = covered.failed;
                probe.reached = Some(covered.reached);
                probe.constants = covered.constants;
                probe.pairs = covered.pairs;
            }
        }
        Some(probe)
    }
}

/// Whether a plain run of the slow search (measured up to [`crate::game::slow::CAP`] times the
/// CPU limit `limit`) ends the search: at [`crate::game::slow::MARGIN`] times the limit or more, so
/// that what it found fails on any judge (an input just past the limit is climbed on, and judged
/// by the pipeline when the search ends without a slower one), or any other failure. A run stopped
/// by the wall-clock guard used little CPU: the machine was loaded, or it waited; the climb is on
/// CPU, and the pipeline judges the inputs it lists.
fn slow_failure(run: &supervise::Execution, limit: Duration) -> bool {
    use crate::game::slow::MARGIN;
    match run.limit {
        Some(supervise::Limit::Wall) => false,
        Some(_) => !run.interrupted,
        None => !run.interrupted && (!run.success() || run.cpu >= limit.saturating_mul(MARGIN)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::program::tests::ended;
    use supervise::{Ending, Limit};

    #[test]
    fn a_slow_probe_fails_at_twice_the_limit_not_just_past_it() {
        let limit = Duration::from_millis(100);
        let run = |ms, ending, limit_hit| {
            let mut e = ended(ending, limit_hit, "");
            e.cpu = Duration::from_millis(ms);
            slow_failure(&e, limit)
        };
        // Just past the limit: climbed on; the pipeline judges it if nothing slower comes.
        assert!(!run(130, Ending::Exited(0), None));
        assert!(!run(199, Ending::Exited(0), None));
        assert!(run(200, Ending::Exited(0), None));
        // Stopped at the cap, or another failure of the solution.
        assert!(run(300, Ending::Killed, Some(Limit::Cpu)));
        assert!(run(5, Ending::Exited(1), None));
        // The wall-clock guard: the machine was loaded, not the solution slow.
        assert!(!run(20, Ending::Killed, Some(Limit::Wall)));
    }
}
