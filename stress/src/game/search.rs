//! The search for slow inputs (`harness stress --search slow`): a climb on the solution's cost over
//! the generator's choices, as SlowFuzz climbs on resource use. A pool keeps the costliest streams
//! found; each round mutates streams of the pool at the level of the generator's draws (fill a run
//! of draws with one value, make a run ascend, draw a run afresh, raise a draw to its largest value,
//! copy a run elsewhere, splice two streams at a draw), makes their inputs (validator-gated), runs
//! the solution on each under the problem's limits and offers them to the pool. The search ends at
//! its time budget, at an interrupt, or as soon as a run of the solution fails (a time limit above
//! all); what it found is then judged by the run's pipeline like any case.
//!
//! The cost is the CPU time of the solution's run (user and system, its whole process tree): this
//! machine's kernels may not count instructions (`perf_event_open`), so the climb is on time, and a
//! small difference between two inputs is noise; the large ones a slow shape makes are not.

use crate::game::case::{Case, Installed, Source};
use crate::game::kind::Stress;
use crate::protocol::tape::{bytes_for, read_raw, write_raw, Tape};
use harness::run::cases::{Cases, Origin};
use rand::{Rng as _, RngCore as _};
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
    /// Streams kept in the pool.
    pub pool: usize,
}

/// An input the search made and ran: its stream (trimmed to what the generator read), the draws
/// the generator made from it, and the solution's run on it.
#[derive(Debug, Clone)]
pub struct Probe {
    pub stream: Vec<u8>,
    tape: Tape,
    /// The CPU time of the solution's run.
    pub cost: Duration,
    /// The solution's run did not succeed (a limit, a crash): the search ends with it.
    pub failed: bool,
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
            goal: "slow",
            cost: "cpu-time",
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
    /// What it looked for: `slow`.
    pub goal: &'static str,
    /// What it climbed on: `cpu-time` (instruction counts where the kernel gives them: not yet).
    pub cost: &'static str,
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

/// Searches the choices of the stream generator of `installed` for inputs that make its solution
/// slow (module doc): seed the pool with fresh inputs, then climb until the budget, an interrupt
/// or a failing run. `note` receives a line about the pool now and then.
pub fn search(installed: &Arc<Installed>, opts: &SearchOptions, note: &dyn Fn(&str)) -> Found {
    let started = Instant::now();
    let threads = opts.threads.max(1);
    let mut climb = Climb::new(opts);
    std::thread::scope(|scope| {
        let probers = Probers::start(scope, installed, threads);
        let seeds = (0..threads as u64 * 2)
            .map(|i| Job::Fresh(harness::rng::case_seed(opts.seed, i)))
            .collect();
        climb.offer(probers.run(seeds));
        let mut last_note = Instant::now();
        while !climb.done(started, installed) {
            let jobs = climb
                .mutations(threads)
                .into_iter()
                .map(Job::Stream)
                .collect();
            climb.offer(probers.run(jobs));
            if last_note.elapsed() >= Duration::from_secs(5) {
                note(&climb.describe(installed));
                last_note = Instant::now();
            }
        }
    });
    climb.finish(started.elapsed())
}

/// What a prober makes and runs: a fresh case of a seed, or a mutated stream.
enum Job {
    Fresh(u64),
    Stream(Vec<u8>),
}

/// Workers that probe for the whole search, one a thread, so that each keeps its programs' warm
/// servers from round to round (a thread's servers are its own, `supervise::run`).
struct Probers {
    jobs: mpsc::Sender<(usize, Job)>,
    results: mpsc::Receiver<(usize, Option<Probe>)>,
}

impl Probers {
    /// `threads` workers in `scope`, probing inputs of `installed` until the probers are dropped.
    fn start<'s, 'e: 's>(
        scope: &'s std::thread::Scope<'s, 'e>,
        installed: &'e Arc<Installed>,
        threads: usize,
    ) -> Probers {
        let (jobs, job_queue) = mpsc::channel::<(usize, Job)>();
        let (done, results) = mpsc::channel();
        let job_queue = Arc::new(Mutex::new(job_queue));
        for _ in 0..threads {
            let (queue, done) = (Arc::clone(&job_queue), done.clone());
            scope.spawn(move || loop {
                let next = queue
                    .lock()
                    .map_err(|_| ())
                    .and_then(|q| q.recv().map_err(|_| ()));
                let Ok((index, job)) = next else {
                    return;
                };
                if done.send((index, probe(installed, job))).is_err() {
                    return;
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

/// The climb's state: the pool, its random choices, its counts.
struct Climb {
    pool: Vec<Probe>,
    size: usize,
    rng: harness::rng::Rng,
    budget: Duration,
    probed: u64,
    refused: u64,
}

impl Climb {
    fn new(opts: &SearchOptions) -> Climb {
        Climb {
            pool: Vec::new(),
            size: opts.pool.max(2),
            rng: harness::rng::rng(opts.seed ^ 0x5eed_5107),
            budget: opts.budget,
            probed: 0,
            refused: 0,
        }
    }

    /// Whether the search is over: its time spent, an interrupt, or a failing run found.
    fn done(&self, started: Instant, installed: &Installed) -> bool {
        started.elapsed() >= self.budget
            || installed.stop.load(Relaxed)
            || self.pool.is_empty()
            || self.pool[0].failed
    }

    /// Takes the probes made (`None`: refused by the generator or validator) into the pool.
    fn offer(&mut self, probes: Vec<Option<Probe>>) {
        for p in probes {
            match p {
                Some(p) => {
                    self.probed += 1;
                    self.pool.push(p);
                }
                None => self.refused += 1,
            }
        }
        self.pool
            .sort_by(|a, b| b.failed.cmp(&a.failed).then(b.cost.cmp(&a.cost)));
        self.pool.truncate(self.size);
    }

    /// `n` new streams, each a mutation of a stream of the pool.
    fn mutations(&mut self, n: usize) -> Vec<Vec<u8>> {
        (0..n)
            .map(|_| {
                let parent = self.rng.random_range(0..self.pool.len());
                let other = self.rng.random_range(0..self.pool.len());
                mutate(&self.pool[parent], &self.pool[other], &mut self.rng)
            })
            .collect()
    }

    /// A line about the pool: its size, the costliest input's cost against the limit.
    fn describe(&self, installed: &Installed) -> String {
        let limit = installed.problem.limits.cpu;
        let best = self.pool.first().map_or(Duration::ZERO, |p| p.cost);
        format!(
            "search: {} inputs probed, pool {}, the slowest {} ms ({:.0}% of the {} ms limit)",
            self.probed,
            self.pool.len(),
            best.as_millis(),
            share(best, limit) * 100.0,
            limit.as_millis()
        )
    }

    fn finish(self, elapsed: Duration) -> Found {
        Found {
            pool: self.pool,
            probed: self.probed,
            refused: self.refused,
            elapsed,
        }
    }
}

/// The streams a search found as the run's cases, costliest first: the pipeline judges them, and
/// shrinks and saves what fails.
pub struct Listed {
    streams: Vec<Vec<u8>>,
    installed: Arc<Installed>,
    /// The search that found them, as the cases' origin says it.
    name: String,
}

impl Listed {
    pub fn new(found: &Found, installed: &Arc<Installed>, seed: u64) -> Listed {
        Listed {
            streams: found.pool.iter().map(|p| p.stream.clone()).collect(),
            installed: Arc::clone(installed),
            name: format!("search slow, seed {seed}"),
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
        Origin::Scope {
            scope: self.name.clone(),
            index,
        }
    }
}

/// `cost` as a share of `limit`.
pub fn share(cost: Duration, limit: Duration) -> f64 {
    cost.as_secs_f64() / limit.as_secs_f64().max(1e-9)
}

/// Makes the input of `job` and runs the solution on it; `None` when the generator or the
/// validator refuses it, or the solution cannot be started.
fn probe(installed: &Arc<Installed>, job: Job) -> Option<Probe> {
    let case = match job {
        Job::Fresh(seed) => Case::fresh(installed, seed),
        Job::Stream(stream) => Case::probe(installed, Source::Stream(stream)),
    };
    let input = case.input().ok()?;
    let tape = case.tape()?;
    let Source::Stream(stream) = case.trimmed() else {
        return None;
    };
    let problem = &installed.problem;
    let run = problem
        .solution
        .run(&[], input.as_bytes(), &problem.limits)
        .ok()?;
    Some(Probe {
        stream,
        tape,
        cost: run.cpu,
        failed: !run.success() && !run.interrupted,
    })
}

/// Where each draw of `tape` sits in a stream of `len` bytes: (start, bytes), draws of one value
/// (no bytes) left out.
fn draw_spans(tape: &Tape, len: usize) -> Vec<(usize, usize)> {
    let mut at = 0;
    let mut spans = Vec::new();
    for d in &tape.draws {
        let k = bytes_for(d.n);
        if k > 0 && at + k <= len {
            spans.push((at, k));
        }
        at += k;
    }
    spans
}

/// A run of draws `[from, from + len)` of `count`: its length a power of two up to all of them,
/// so that long runs (a sorted half of an array) are as likely as short ones.
fn run_of(count: usize, rng: &mut harness::rng::Rng) -> (usize, usize) {
    let from = rng.random_range(0..count);
    let most = count - from;
    let bits = usize::BITS - most.leading_zeros();
    let len = (1usize << rng.random_range(0..bits)).min(most);
    (from, len)
}

/// A mutation of `parent`'s stream at the level of its draws (`other` for a splice).
fn mutate(parent: &Probe, other: &Probe, rng: &mut harness::rng::Rng) -> Vec<u8> {
    let mut s = parent.stream.clone();
    let spans = draw_spans(&parent.tape, s.len());
    if spans.is_empty() {
        let mut fresh = vec![0u8; 16];
        rng.fill_bytes(&mut fresh);
        return fresh;
    }
    let (from, len) = run_of(spans.len(), rng);
    let run = &spans[from..from + len];
    match rng.random_range(0..6u8) {
        0 => fill(&mut s, run),
        1 => ascend(&mut s, run, rng.random_range(0..2u8) == 0),
        2 => {
            for &(at, k) in run {
                write_raw(&mut s, at, k, rng.random::<u64>());
            }
        }
        3 => {
            for &(at, k) in run {
                write_raw(&mut s, at, k, u64::MAX);
            }
        }
        4 => copy_run(&mut s, &spans, (from, len), rng),
        _ => return splice(parent, other, rng),
    }
    s
}

/// Every draw of `run` takes the first one's raw value.
fn fill(s: &mut Vec<u8>, run: &[(usize, usize)]) {
    let (at, k) = run[0];
    let value = read_raw(s, at, k);
    for &(at, k) in run {
        write_raw(s, at, k, value);
    }
}

/// The draws of `run` ascend (or descend) by one from the first one's raw value.
fn ascend(s: &mut Vec<u8>, run: &[(usize, usize)], up: bool) {
    let (at, k) = run[0];
    let first = read_raw(s, at, k);
    for (i, &(at, k)) in run.iter().enumerate() {
        let step = i as u64;
        let value = if up {
            first.saturating_add(step)
        } else {
            first.saturating_sub(step)
        };
        write_raw(s, at, k, value);
    }
}

/// The raw values of the run `(from, len)` copied onto another run of draws.
fn copy_run(
    s: &mut Vec<u8>,
    spans: &[(usize, usize)],
    (from, len): (usize, usize),
    rng: &mut harness::rng::Rng,
) {
    let to = rng.random_range(0..spans.len());
    let values: Vec<u64> = spans[from..from + len]
        .iter()
        .map(|&(at, k)| read_raw(s, at, k))
        .collect();
    for (&(at, k), value) in spans[to..].iter().zip(values) {
        write_raw(s, at, k, value);
    }
}

/// `parent`'s stream up to one of its draws, `other`'s from the same draw on.
fn splice(parent: &Probe, other: &Probe, rng: &mut harness::rng::Rng) -> Vec<u8> {
    let spans = draw_spans(&parent.tape, parent.stream.len());
    let cut = spans
        .get(rng.random_range(0..spans.len().max(1)))
        .map_or(0, |&(at, _)| at);
    let mut s = parent.stream[..cut.min(parent.stream.len())].to_vec();
    s.extend_from_slice(other.stream.get(cut..).unwrap_or(&[]));
    s
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
