//! One probe of a search ([`crate::game::search`]): a job's input made (a fresh case, or a mutated
//! stream), then run as the search's goal asks: the solution alone for its cost (`slow`), or the
//! covered programs judged and counted (`coverage`, [`crate::game::guided`]).

use crate::game::case::{Case, Installed, Source};
use crate::game::guided::{self, Counters, Reached};
use crate::game::mutate::Parent;
use crate::programs::problem::Covered as CoveredPrograms;
use crate::protocol::tape::Tape;
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
    /// The CPU time of the solution's run.
    pub cost: Duration,
    /// `slow`: the solution's run did not succeed (a limit, a crash); `coverage`: its answer was
    /// wrong or it crashed. The search ends with it.
    pub failed: bool,
    /// `coverage`: (edge, bucket) pairs no probe reached before this one (the search counts them
    /// from `reached`, in the order of its probes).
    pub novel: usize,
    /// `coverage`: the edges this probe's runs took, until the search has counted them.
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
    Slow,
    Coverage {
        programs: &'a CoveredPrograms,
        counters: Counters,
    },
}

impl<'a> Prober<'a> {
    /// A worker's prober for `goal` (`coverage` needs the covered programs).
    pub fn new(goal: Goal, programs: Option<&'a CoveredPrograms>) -> Prober<'a> {
        match (goal, programs) {
            (Goal::Coverage, Some(programs)) => Prober::Coverage {
                programs,
                counters: Counters::new(),
            },
            _ => Prober::Slow,
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
            failed: false,
            novel: 0,
            reached: None,
            constants: Vec::new(),
            pairs: Vec::new(),
        };
        match self {
            Prober::Slow => {
                let problem = &installed.problem;
                let run = problem
                    .solution
                    .run(&[], input.as_bytes(), &problem.limits)
                    .ok()?;
                probe.cost = run.cpu;
                probe.failed = !run.success() && !run.interrupted;
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
