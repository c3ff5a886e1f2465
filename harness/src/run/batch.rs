//! The batch loop shared by `diff` and `judge`: generated cases through a [`Pair`] of engines on
//! worker threads, with a watchdog that turns a hang into a verdict.
//!
//! Case `j` of a shard is case `index = shard + j * shards` of the batch, taken from the batch's
//! source of cases ([`Cases`]: for generated cases `(profile(index), case_seed(seed, index))`), so
//! cases never depend on threads or shards. An index the source has no case for is skipped:
//! counted, never run, never a failure. Workers
//! take case numbers in increasing order from one counter (in chunks of up to 64 while cases are
//! fast, one at a time once a chunk takes 20 ms: a shared counter bumped per case would cost more
//! than a small case of a bounded scope); when a case fails, no worker starts a case with a higher
//! number, and those already started finish. Every case below the lowest failing
//! one has therefore run, so the failure reported is the same for any thread count.
//!
//! **Keep going (`max_failures` = N > 1).** Failures are grouped by [`Failure::signature`]. The
//! batch stops at the *stop case* `J`: the lowest case number at which the cases `0..=J` hold N
//! distinct signatures (when there are fewer in the whole shard, every case runs). The result is
//! the signatures seen in cases `0..=J`, each with its lowest failing case and the number of cases
//! `0..=J` that hit it: a function of the cases alone, whatever the thread count. Workers cannot
//! know `J` in advance, so they stop at a bound that never falls below it: with the failures found
//! so far, the N-th smallest of the signatures' lowest case numbers. Those failures are a subset
//! of all, so the cases up to that bound already hold N signatures (`J` <= bound); the bound only
//! falls as failures come in, no case above the bound at the time starts, and every case up to
//! the final bound (which is then `J` itself) has run. Cases above it that were already running
//! finish, and count in the tally by kind, not in the signatures. For N = 1 the bound is the
//! lowest failing case: the rule above. A shard finds `J` within its own cases; since each shard
//! ran every one of its cases up to its own `J`, which is at least the whole batch's, a merge can
//! cut every shard's hits at the batch's `J` (the hits' case numbers are kept for that).
//!
//! A hang of an in-process engine (or of a generator) also stops the batch at its case: its worker
//! thread is lost, so the cases above it are not all run; the signatures below it are kept.
//!
//! The calling thread is the watchdog: each worker publishes which case it runs, which part of it
//! (generating, engine a, engine b, comparing) and since when. A part that runs longer than the
//! case's time limit is a hang: the watchdog records a time-limit failure naming the engine (or the
//! generator) and stops the batch without waiting for that worker, whose thread is left behind (the
//! process ends soon after; an engine cannot be stopped from outside its thread). Engines that run
//! out of process enforce their own limits and are left to them.
//!
//! The limit is on CPU time, so a loaded machine does not turn a slow case into a hang: a part has
//! hung once it has run past the limit in wall-clock time and its thread has used the limit in CPU
//! time since the watchdog first saw the part (the watchdog reads the worker thread's CPU clock on
//! each tick; the workers never read a CPU clock, a system call per part that cost 5% of a diff).
//! Nor do they read the wall clock: they stamp their parts with a coarse clock the watchdog
//! advances on each tick (every 20 ms), so a stamp is at most a tick early and a limit errs by at
//! most a tick, while a small case pays no clock read at all.
//! Unoptimized builds (the test suite) stretch every limit twentyfold.
//!
//! A panic in a generator or an engine is caught per case and becomes a crash verdict.
//!
//! With `digest`, every passing case adds `mix(index ^ mix(fnv1a_64(answer)))` of the trusted
//! engine's answer into [`BatchResult::digest`] (wrapping): a fingerprint of the answers that does
//! not depend on the order the cases ran in, nor on how they were cut into shards.

use crate::rng::{fnv1a_64, mix};
use crate::roles::game::{Game, ProfileChoice, ProfileId};
use crate::roles::oracle::{Pair, Phase};
use crate::roles::verdict::Failure;
use crate::roles::verdict::Kind;
use crate::roles::Generate;
use crate::run::cases::Origin;
use crate::run::cases::{Cases, Seeded};
use crate::run::limits::Limits;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

mod tally;
pub(crate) use tally::stop_case;
mod watch;
mod worker;

use tally::{result, Tally};
use watch::{add, bump, own_cpu_clock, phase_code, watch_until_done, Slot};

/// What to run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Cases in the whole batch (all shards together).
    pub cases: u64,
    pub(crate) seed: u64,
    pub profile: ProfileChoice,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Run only the cases `i` with `i % shard.1 == shard.0`.
    pub shard: (u64, u64),
    /// Stop starting new cases after this long.
    pub time: Option<Duration>,
    /// Per-case time limit of in-process engines (default: the game's, from the case's size).
    pub case_timeout: Option<Duration>,
    /// Set from outside (an interrupt) to stop starting new cases.
    pub stop: Arc<AtomicBool>,
    /// Distinct failure signatures to find before the batch stops (1: stop at the first failure).
    pub max_failures: usize,
    /// Sum up the digest of the passing cases' answers (module doc); off, a batch pays nothing.
    pub digest: bool,
}

impl BatchOptions {
    /// Options for `cases` cases of the game's default profile, on all cores.
    pub fn new<G: Generate>(cases: u64, seed: u64) -> Self {
        BatchOptions {
            cases,
            seed,
            profile: ProfileChoice::One(ProfileId::default_of::<G>()),
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            shard: (0, 1),
            time: None,
            case_timeout: None,
            stop: Arc::new(AtomicBool::new(false)),
            max_failures: 1,
            digest: false,
        }
    }

    /// The per-case time limits these options set.
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            case_timeout: self.case_timeout,
        }
    }

    /// Cases in this shard.
    pub fn shard_cases(&self) -> u64 {
        self.shard_of(self.cases)
    }

    /// Indices of a run of `total` that fall in this shard.
    pub(crate) fn shard_of(&self, total: u64) -> u64 {
        let (shard, shards) = self.shard;
        if total > shard {
            (total - shard).div_ceil(shards.max(1))
        } else {
            0
        }
    }

    /// The generated cases these options describe (`cases` cases of `profile` from `seed`).
    pub fn seeded(&self) -> Seeded {
        Seeded {
            profile: self.profile.clone(),
            seed: self.seed,
            cases: self.cases,
        }
    }
}

/// A failing case.
#[derive(Debug, Clone)]
pub struct Found<C> {
    /// The case's number in the batch.
    pub index: u64,
    /// Where the case comes from.
    pub origin: Origin,
    /// `None` only when the generator itself failed.
    pub case: Option<C>,
    pub failure: Failure,
}

/// The lowest failing case of one failure signature, and the cases that hit it.
#[derive(Debug, Clone)]
pub struct Distinct<C> {
    /// [`Failure::signature`] of its failures.
    pub(crate) signature: String,
    /// Its lowest-numbered failing case.
    pub(crate) found: Found<C>,
    /// The numbers in the batch of the cases up to the stop case that failed with this signature,
    /// in increasing order (the first is `found.index`).
    pub(crate) hits: Vec<u64>,
}

/// A failure to report: a distinct failure, and whether it is reported as it is (a saved case
/// whose engines agree with each other but not with the answer saved beside it: nothing for the
/// pair to shrink).
#[derive(Debug, Clone)]
pub(crate) struct Failing<C> {
    pub(crate) distinct: Distinct<C>,
    pub(crate) as_is: bool,
}

/// What a batch did.
#[derive(Debug, Clone)]
pub struct BatchResult<C> {
    /// Cases that ran to a verdict.
    pub cases: u64,
    /// Indices the source had no case for: never run.
    pub skipped: u64,
    /// With `BatchOptions::digest`, the sum of the passing cases' digests (module doc), else 0.
    pub digest: u64,
    /// Failing cases, by kind (`Kind::ALL` order).
    pub(crate) failures: [u64; Kind::ALL.len()],
    /// Cases that reached each coverage key, in `G::coverage_keys()` order.
    pub(crate) coverage: Vec<u64>,
    /// The lowest-numbered failure.
    pub first: Option<Found<C>>,
    /// The distinct failure signatures up to the stop case (at most `max_failures`), by their
    /// lowest case; `first` is the first one's.
    pub(crate) distinct: Vec<Distinct<C>>,
    pub(crate) elapsed: Duration,
    /// When the first failure (of any case) was found, from the start of the batch: the time to
    /// detect a bug.
    pub(crate) detected: Option<Duration>,
    /// The batch stopped early because `stop` was set.
    pub(crate) interrupted: bool,
}

impl<C> BatchResult<C> {
    pub fn failed(&self) -> u64 {
        self.failures.iter().sum()
    }

    pub fn count(&self, kind: Kind) -> u64 {
        self.failures[Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)]
    }

    pub(crate) fn rate(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The most case numbers a worker takes at once (while cases are fast).
const CHUNK: u64 = 64;

/// How long a generator may take before it counts as hanging.
const GENERATOR_LIMIT: Duration = Duration::from_secs(20);
const IDLE: u64 = u64::MAX;

use crate::run::limits::{RELATIVE_FLOOR, RELATIVE_LIMIT, SLOWDOWN};

/// What one worker gathers on its own, added to the batch's when it finishes.
struct Own {
    coverage: Vec<u64>,
    /// The coverage keys the current case reached (reset per case).
    hits: Vec<bool>,
    digest: u64,
    /// The current case's answer, for the digest (a buffer kept from case to case).
    answer: String,
    /// [`Shared::relative_limit`], asked once.
    relative: bool,
}

fn found<C>(index: u64, origin: Origin, case: Option<C>, failure: Failure) -> Found<C> {
    Found {
        index,
        origin,
        case,
        failure,
    }
}

struct Shared<G: Game> {
    opts: BatchOptions,
    source: Arc<dyn Cases<G>>,
    /// Indices of the source in this shard.
    total: u64,
    pair: Pair<G>,
    start: Instant,
    next: AtomicU64,
    /// No case above this number starts (IDLE: none yet): the stop bound of the module doc.
    stop_at: AtomicU64,
    /// Nanoseconds from the start to the first failure found (IDLE: none yet).
    detected: AtomicU64,
    slots: Vec<Slot>,
    /// Nanoseconds since the start, as of the watchdog's last tick (every 20 ms): what workers
    /// stamp parts with, so that a case reads no clock (module doc).
    clock: AtomicU64,
    digest: AtomicU64,
    failed: AtomicU64,
    tally: Mutex<Tally<G::Case>>,
    coverage: Mutex<Vec<u64>>,
    /// Workers that have not finished (hung ones included).
    alive: AtomicU64,
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl<G: Game> Shared<G> {
    fn now(&self) -> u64 {
        nanos(self.start.elapsed())
    }

    /// The watchdog's tick: the coarse clock workers read advances.
    fn tick(&self) {
        self.clock.store(self.now(), Relaxed);
    }

    /// The coarse clock: nanoseconds since the start as of the last tick (at most 20 ms behind).
    fn coarse(&self) -> u64 {
        self.clock.load(Relaxed)
    }

    /// Cases that ran to a verdict, over every worker.
    fn done(&self) -> u64 {
        self.slots.iter().map(|s| s.done.load(Relaxed)).sum()
    }

    /// Indices skipped (not valid inputs), over every worker.
    fn skipped(&self) -> u64 {
        self.slots.iter().map(|s| s.skipped.load(Relaxed)).sum()
    }

    /// Whether engine b's limit is relative to engine a's time: with two in-process engines and
    /// no fixed per-case limit.
    fn relative_limit(&self) -> bool {
        self.opts.limits().relative() && !self.pair.a.isolated() && !self.pair.b.isolated()
    }

    /// Reports progress: cases that ran (skipped ones included) of the shard's.
    fn show(&self, progress: &dyn Progress) {
        let done = self.done() + self.skipped();
        progress.update(done, self.total, self.failed.load(Relaxed));
    }

    /// Whether to start no more cases: an interrupt, or `--time` is up (on the coarse clock).
    fn should_stop(&self) -> bool {
        self.opts.stop.load(Relaxed) || self.opts.time.is_some_and(|t| self.coarse() >= nanos(t))
    }

    fn tally(&self) -> MutexGuard<'_, Tally<G::Case>> {
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks the start of a part of case `j` on `slot`, with its time limit.
    fn start_part(&self, slot: &Slot, phase: Phase, limit: u64) {
        slot.limit.store(limit, Relaxed);
        slot.phase.store(phase_code(phase), Relaxed);
        slot.since.store(self.coarse(), Relaxed);
        bump(&slot.part);
    }
}

/// Progress callbacks of a batch (the command line draws a bar with them).
pub trait Progress: Sync {
    /// `done` cases of `total` ran; `failed` of them failed.
    fn update(&self, done: u64, total: u64, failed: u64);
    /// A line for the person watching (what happens after the batch: shrinking, saving).
    fn note(&self, _line: &str) {}
}

/// No progress display.
pub struct Silent;

impl Progress for Silent {
    fn update(&self, _: u64, _: u64, _: u64) {}
}

/// Runs a batch of generated cases (`opts.cases` of `opts.profile` from `opts.seed`) through `pair`.
pub fn run<G: Game>(
    opts: &BatchOptions,
    pair: &Pair<G>,
    progress: &dyn Progress,
) -> BatchResult<G::Case> {
    run_cases(opts, Arc::new(opts.seeded()), pair, progress)
}

/// Runs the cases of `source` through `pair` (`opts.cases`, `seed` and `profile` are not read:
/// the source says how many cases there are and what they are).
pub fn run_cases<G: Game>(
    opts: &BatchOptions,
    source: Arc<dyn Cases<G>>,
    pair: &Pair<G>,
    progress: &dyn Progress,
) -> BatchResult<G::Case> {
    let threads = opts.threads.max(1);
    let total = opts.shard_of(source.len());
    let shared = Arc::new(Shared::<G> {
        opts: opts.clone(),
        source,
        total,
        pair: pair.clone(),
        start: Instant::now(),
        next: AtomicU64::new(0),
        stop_at: AtomicU64::new(IDLE),
        detected: AtomicU64::new(IDLE),
        slots: (0..threads).map(|_| Slot::new()).collect(),
        clock: AtomicU64::new(0),
        digest: AtomicU64::new(0),
        failed: AtomicU64::new(0),
        tally: Mutex::new(Tally {
            kinds: [0; Kind::ALL.len()],
            groups: HashMap::new(),
        }),
        coverage: Mutex::new(vec![0; G::coverage_keys().len()]),
        alive: AtomicU64::new(threads as u64),
    });
    let handles = spawn_workers(&shared, threads);
    let hung = watch_until_done(&shared, progress);
    let elapsed = shared.start.elapsed();
    for h in handles {
        if h.is_finished() {
            let _ = h.join();
        }
    }
    shared.show(progress);
    result(&shared, elapsed, hung)
}

/// Starts `threads` workers (on this thread when none can start: no watchdog then).
fn spawn_workers<G: Game>(
    shared: &Arc<Shared<G>>,
    threads: usize,
) -> Vec<std::thread::JoinHandle<()>> {
    let mut handles = Vec::new();
    for w in 0..threads {
        let s = Arc::clone(shared);
        let spawned = std::thread::Builder::new()
            .name(format!("case-worker-{w}"))
            .spawn(move || {
                s.worker(w);
                s.alive.fetch_sub(1, Relaxed);
            });
        match spawned {
            Ok(h) => handles.push(h),
            Err(_) => {
                // Fewer workers: the others take the cases.
                shared.alive.fetch_sub(1, Relaxed);
            }
        }
    }
    if handles.is_empty() {
        shared.alive.fetch_add(1, Relaxed);
        shared.worker(0);
        shared.alive.fetch_sub(1, Relaxed);
    }
    handles
}
