//! The searches over the generator's choices (`harness stress --search GOAL`). Each keeps a pool
//! of streams; each round mutates streams of the pool at the level of the generator's draws
//! ([`crate::game::mutate`]), makes their inputs (validator-gated), probes them on workers and
//! offers them to the pool. A search ends at its time budget, at an interrupt, or as soon as a
//! probe fails; what it found is then judged by the run's pipeline like any case.
//!
//! - `slow`: a climb on the solution's cost, as SlowFuzz climbs on resource use; the pool keeps the
//!   costliest streams, a failure is a run past a limit (a time limit above all). The cost is the
//!   solution's work where it is a C, C++ or Python source: the basic blocks (lines, in Python) its
//!   build with counters executed, exact and the same on every run of an input, so the climb
//!   follows the input and not the machine's noise, as SlowFuzz counts edges executed (hardware
//!   instruction counts are not used: virtual machines often have no performance counters). The
//!   verdict is always the solution's own build's CPU time against the limit, measured for every
//!   input whose work is at least half the costliest's. A solution with no counted build (a
//!   prebuilt program, a command) is climbed on CPU time: a small difference between two inputs
//!   is then noise, the large ones a slow shape makes are not.
//! - `coverage`: the solution and the brute force built with coverage counters
//!   ([`crate::game::guided`]); the pool is a corpus of the streams that reached an edge (or an
//!   edge's hit-count bucket) no stream reached before, as AFL keeps its queue; the constants the
//!   programs compared against go into draws, and where a draw of an input gave one value of a
//!   pair its runs compared with each other, the other; a quarter of each round is fresh random
//!   cases. A
//!   failure is a wrong answer (or a crash) of the solution.

use crate::game::case::{Case, Installed};
use crate::game::guided::Novelty;
use crate::game::kind::Stress;
use crate::game::mutate::mutate;
pub use crate::game::probe::{Goal, Probe};
use crate::game::probe::{Job, Measure, Prober};
use harness::run::cases::{Cases, Origin};
use peaks::Peaks;
use rand::Rng as _;
use std::collections::BTreeSet;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// How a search goes.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    /// Time allowed for the climb.
    pub budget: Duration,
    /// The search's seed: its first streams and its choices of mutations.
    pub seed: u64,
    /// Inputs probed at once.
    pub threads: usize,
    /// Streams kept in the pool (`slow`; the coverage corpus keeps every stream that was new).
    pub pool: usize,
    pub goal: Goal,
}

/// What a search found.
#[derive(Debug)]
pub struct Found {
    /// The pool at the end, costliest first (a failing probe first of all).
    pub pool: Vec<Probe>,
    /// Inputs probed (made, validated and run).
    pub probed: u64,
    /// Mutated streams the generator or the validator refused.
    pub refused: u64,
    pub elapsed: Duration,
    pub goal: Goal,
    /// `coverage`: edges the programs reached, and constants they compared against.
    pub edges: usize,
    pub constants: usize,
    /// `slow`: what the climb was on.
    pub climbed: Climbed,
}

/// What the slow search's climb was on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Climbed {
    /// The solution's work (basic blocks or lines executed, counted by its build with counters)
    /// for the whole search: its inputs stayed too cheap to be told apart by CPU time.
    Work,
    /// Work while the inputs were cheap, then CPU time.
    WorkThenCpuTime,
    /// CPU time: the solution has no build with counters (or the goal is `coverage`).
    CpuTime,
}

impl Found {
    /// The costliest input found.
    pub fn slowest(&self) -> Option<&Probe> {
        self.pool.first()
    }

    /// The search's figures for the run's JSON report, against the CPU `limit`.
    pub fn figures(&self, limit: Duration) -> Figures {
        let slowest = self.slowest().map_or(Duration::ZERO, |p| p.cost);
        Figures {
            goal: self.goal,
            cost: self.climbed,
            slowest_work: self.slowest().and_then(|p| p.work),
            edges: self.edges,
            constants: self.constants,
            probed: self.probed,
            refused: self.refused,
            elapsed_secs: self.elapsed.as_secs_f64(),
            pool: self.pool.len(),
            slowest_ms: u64::try_from(slowest.as_millis()).unwrap_or(u64::MAX),
            limit_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
            share_of_limit: share(slowest, limit),
            failed: self.slowest().is_some_and(|p| p.failed),
        }
    }
}

/// What a search did, as the run's JSON report carries it (`search`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Figures {
    /// What it looked for: `slow` or `coverage`.
    pub goal: Goal,
    /// What the climb's cost was: `work` (the basic blocks or lines the solution's counted build
    /// executed), `work-then-cpu-time`, or `cpu-time`.
    pub cost: Climbed,
    /// `slow`, when its work was counted: the costliest input's.
    pub slowest_work: Option<u64>,
    /// `coverage`: edges reached by the solution and the brute force; 0 for `slow`.
    pub edges: usize,
    /// `coverage`: constants the programs compared against; 0 for `slow`.
    pub constants: usize,
    pub probed: u64,
    pub refused: u64,
    pub elapsed_secs: f64,
    /// Inputs in the pool at the end.
    pub pool: usize,
    /// The costliest input's cost, and the limit.
    pub slowest_ms: u64,
    pub limit_ms: u64,
    pub share_of_limit: f64,
    /// The costliest input's run failed (a time limit above all).
    pub failed: bool,
}

/// Searches the choices of the stream generator of `installed` for what `opts.goal` looks for
/// (module doc): seed the pool with fresh inputs, then mutate, probe and offer until the budget, an
/// interrupt or a failing probe. `note` receives a line about the pool now and then.
pub fn search(installed: &Arc<Installed>, opts: &SearchOptions, note: &dyn Fn(&str)) -> Found {
    let started = Instant::now();
    let threads = opts.threads.max(1);
    let round = opts.goal.round(threads);
    let mut climb = Climb::new(opts);
    if opts.goal == Goal::Slow && installed.problem.covered.is_some() {
        climb.climbed = Climbed::Work;
    }
    let measure = Measure::new(climb.counting());
    std::thread::scope(|scope| {
        let probers = Probers::start(scope, installed, threads, opts.goal, &measure);
        let seeds = (0..round * 2).map(|_| climb.fresh()).collect();
        climb.offer(probers.run(seeds));
        climb.measured(installed.problem.limits.cpu, &measure);
        let mut last_note = Instant::now();
        while !climb.done(started, installed) {
            let jobs = climb.jobs(round);
            climb.offer(probers.run(jobs));
            climb.measured(installed.problem.limits.cpu, &measure);
            if last_note.elapsed() >= Duration::from_secs(5) {
                note(&climb.describe(installed));
                last_note = Instant::now();
            }
        }
    });
    climb.finish(started.elapsed())
}

/// Workers that probe for the whole search, one a thread, so that each keeps its programs' warm
/// servers (and, for `coverage`, its counters' files) from round to round (a thread's servers are
/// its own, `supervise::run`).
struct Probers {
    jobs: mpsc::Sender<(usize, Job)>,
    results: mpsc::Receiver<(usize, Option<Probe>)>,
}

impl Probers {
    /// `threads` workers in `scope`, probing inputs of `installed` for `goal` until the probers
    /// are dropped; `measure`: how `slow` measures its probes.
    fn start<'s, 'e: 's>(
        scope: &'s std::thread::Scope<'s, 'e>,
        installed: &'e Arc<Installed>,
        threads: usize,
        goal: Goal,
        measure: &'e Measure,
    ) -> Probers {
        let (jobs, job_queue) = mpsc::channel::<(usize, Job)>();
        let (done, results) = mpsc::channel();
        let job_queue = Arc::new(Mutex::new(job_queue));
        for _ in 0..threads {
            let (queue, done) = (Arc::clone(&job_queue), done.clone());
            scope.spawn(move || {
                let prober = Prober::new(goal, installed.problem.covered.as_ref(), measure);
                loop {
                    let next = queue
                        .lock()
                        .map_err(|_| ())
                        .and_then(|q| q.recv().map_err(|_| ()));
                    let Ok((index, job)) = next else {
                        return;
                    };
                    if done.send((index, prober.probe(installed, job))).is_err() {
                        return;
                    }
                }
            });
        }
        Probers { jobs, results }
    }

    /// Probes every job (on the workers, at once), the results in the jobs' order.
    fn run(&self, jobs: Vec<Job>) -> Vec<Option<Probe>> {
        let count = jobs.len();
        let mut sent = 0;
        for job in jobs.into_iter().enumerate() {
            if self.jobs.send(job).is_err() {
                break;
            }
            sent += 1;
        }
        let mut got: Vec<(usize, Option<Probe>)> = self.results.iter().take(sent).collect();
        got.sort_by_key(|(index, _)| *index);
        let mut out: Vec<Option<Probe>> = got.into_iter().map(|(_, p)| p).collect();
        out.resize_with(count, || None);
        out
    }
}

/// The most constants the mutations choose from.
const MOST_CONSTANTS: usize = 1024;

/// `slow` counts work until the costliest input takes this share (1/TIMED) of the limit.
const TIMED: u32 = 10;

/// The most streams the coverage corpus keeps (the first ones kept stay).
const MOST_CORPUS: usize = 4096;

/// The climb's state: the pool, its random choices, its counts.
struct Climb {
    goal: Goal,
    pool: Vec<Probe>,
    size: usize,
    rng: harness::rng::Rng,
    seed: u64,
    budget: Duration,
    probed: u64,
    refused: u64,
    fresh: u64,
    /// `coverage`: what the programs compared against, for the mutations.
    constants: BTreeSet<i64>,
    listed: Vec<i64>,
    /// `coverage`: every (edge, bucket) the probes reached, merged in the order of the probes.
    novelty: Novelty,
    /// `slow`, while counting: the inputs that raised an edge's highest hit count.
    peaks: Peaks,
    /// `slow`: what the climb is on (`Work` while it counts), and was on before.
    climbed: Climbed,
}

impl Climb {
    fn new(opts: &SearchOptions) -> Climb {
        Climb {
            goal: opts.goal,
            pool: Vec::new(),
            size: opts.pool.max(2),
            rng: harness::rng::rng(opts.seed ^ 0x5eed_5107),
            seed: opts.seed,
            budget: opts.budget,
            probed: 0,
            refused: 0,
            fresh: 0,
            constants: BTreeSet::new(),
            listed: Vec::new(),
            novelty: Novelty::default(),
            climbed: Climbed::CpuTime,
            peaks: Peaks::default(),
        }
    }

    /// Whether the search is over: its time spent, an interrupt, or a failing probe found.
    fn done(&self, started: Instant, installed: &Installed) -> bool {
        started.elapsed() >= self.budget
            || installed.stop.load(Relaxed)
            || self.pool.is_empty()
            || self.pool[0].failed
    }

    /// A fresh case: the next seed of the search's own.
    fn fresh(&mut self) -> Job {
        self.fresh += 1;
        Job::Fresh(harness::rng::case_seed(self.seed, self.fresh - 1))
    }

    /// Takes the probes made (`None`: refused by the generator or validator) into the pool:
    /// `slow` keeps the costliest, `coverage` every probe that reached something new.
    fn offer(&mut self, probes: Vec<Option<Probe>>) {
        for p in probes {
            let Some(mut p) = p else {
                self.refused += 1;
                continue;
            };
            self.probed += 1;
            if let Some(reached) = p.reached.take() {
                match self.goal {
                    Goal::Coverage => p.novel = self.novelty.merge(&reached),
                    Goal::Slow => {
                        self.peaks.offer(&reached.solution, &p);
                    }
                }
            }
            for c in std::mem::take(&mut p.constants) {
                if self.constants.len() < MOST_CONSTANTS && self.constants.insert(c) {
                    self.listed.push(c);
                }
            }
            let kept = match self.goal {
                Goal::Slow => true,
                // The first failing probe (in the order of the probes) ends the search and is its
                // failure; a later one of the same round is left out.
                Goal::Coverage if p.failed => !self.pool.iter().any(|q| q.failed),
                Goal::Coverage => p.novel > 0 && self.pool.len() < MOST_CORPUS,
            };
            if kept {
                self.pool.push(p);
            }
        }
        self.rank();
    }

    /// The pool in order: `slow`, a failure first, then the costliest (by work while counting,
    /// else by CPU time), as many as it keeps; `coverage`, a failure first.
    fn rank(&mut self) {
        match self.goal {
            Goal::Slow if self.counting() => {
                self.pool
                    .sort_by_key(|p| std::cmp::Reverse((p.failed, p.work, p.cost)));
                self.pool.truncate(self.size);
            }
            Goal::Slow => {
                self.pool
                    .sort_by_key(|p| std::cmp::Reverse((p.failed, p.cost)));
                self.pool.truncate(self.size);
            }
            Goal::Coverage => self.pool.sort_by_key(|p| !p.failed),
        }
    }

    /// After a round of `slow`: the climb stops counting work once the costliest input's CPU time
    /// is [`TIMED`] of the `limit` (CPU times then tell inputs apart; a counted run costs several
    /// plain ones), re-sorting its pool by CPU time; `measure` tells the workers.
    fn measured(&mut self, limit: Duration, measure: &Measure) {
        let costliest = self.pool.iter().map(|p| p.cost).max().unwrap_or_default();
        if self.counting() && costliest >= limit / TIMED {
            self.climbed = Climbed::WorkThenCpuTime;
            self.rank();
        }
        let best = self.pool.iter().filter_map(|p| p.work).max().unwrap_or(0);
        let counting = self.counting();
        measure.set(counting, if counting { best } else { 0 });
    }

    /// Whether the slow climb is on counted work now.
    fn counting(&self) -> bool {
        self.climbed == Climbed::Work
    }

    /// The round's `n` jobs: mutations of streams of the pool (`coverage`: a quarter of them fresh
    /// cases instead).
    fn jobs(&mut self, n: usize) -> Vec<Job> {
        (0..n)
            .map(|_| {
                if self.goal == Goal::Coverage && self.rng.random_range(0..4u8) == 0 {
                    return self.fresh();
                }
                // `slow`: a quarter of the parents hold an edge's highest hit count (PerfFuzz).
                let holders = &self.peaks.holders;
                let from_peaks = !holders.is_empty() && self.rng.random_range(0..4u8) == 0;
                let parents = if from_peaks { holders } else { &self.pool };
                let parent = self.rng.random_range(0..parents.len());
                let other = self.rng.random_range(0..self.pool.len());
                let (p, o) = (parents[parent].parent(), self.pool[other].parent());
                Job::Stream(mutate(p, o, &self.listed, &mut self.rng))
            })
            .collect()
    }

    /// A line about the pool: `slow`, its size and the costliest input's cost against the limit;
    /// `coverage`, the corpus, the edges reached and the constants found.
    fn describe(&self, installed: &Installed) -> String {
        if self.goal == Goal::Coverage {
            let edges = self.novelty.edges();
            return format!(
                "search: {} inputs probed, corpus {}, {edges} edges reached, {} constants",
                self.probed,
                self.pool.len(),
                self.constants.len()
            );
        }
        let limit = installed.problem.limits.cpu;
        let best = self.pool.first().map_or(Duration::ZERO, |p| p.cost);
        let work = match self.pool.first().and_then(|p| p.work) {
            Some(w) => format!("{w} blocks or lines executed, "),
            None => String::new(),
        };
        format!(
            "search: {} inputs probed, pool {}, the costliest {work}{} ms ({:.0}% of the {} ms \
             limit)",
            self.probed,
            self.pool.len(),
            best.as_millis(),
            share(best, limit) * 100.0,
            limit.as_millis()
        )
    }

    fn finish(self, elapsed: Duration) -> Found {
        let edges = self.novelty.edges();
        Found {
            constants: self.constants.len(),
            pool: self.pool,
            probed: self.probed,
            refused: self.refused,
            elapsed,
            goal: self.goal,
            edges,
            climbed: self.climbed,
        }
    }
}

/// The streams a search found as the run's cases, costliest first: the pipeline judges them, and
/// shrinks and saves what fails.
pub struct Listed {
    streams: Vec<Vec<u8>>,
    installed: Arc<Installed>,
    /// The search that found them: its goal and seed, as the cases' origin says it.
    goal: Goal,
    seed: u64,
}

impl Listed {
    pub fn new(found: &Found, installed: &Arc<Installed>, seed: u64) -> Listed {
        Listed {
            streams: found.pool.iter().map(|p| p.stream.clone()).collect(),
            installed: Arc::clone(installed),
            goal: found.goal,
            seed,
        }
    }
}

impl Cases<Stress> for Listed {
    fn len(&self) -> u64 {
        self.streams.len() as u64
    }

    fn case(&self, index: u64) -> Option<Case> {
        crate::game::case::listed(&self.installed, &self.streams, index)
    }

    fn origin(&self, index: u64) -> Origin {
        Origin::Search {
            goal: self.goal.name(),
            seed: self.seed,
            rank: index,
        }
    }
}

/// `cost` as a share of `limit`.
pub fn share(cost: Duration, limit: Duration) -> f64 {
    cost.as_secs_f64() / limit.as_secs_f64().max(1e-9)
}

mod peaks;

#[cfg(test)]
mod tests;
