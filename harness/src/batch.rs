//! The batch loop shared by `diff` and `judge`: generated cases through a [`Pair`] of engines on
//! worker threads, with a watchdog that turns a hang into a verdict.
//!
//! Case `j` of a shard is case `index = shard + j * shards` of the batch, taken from the batch's
//! source of cases ([`Cases`]: for generated cases `(profile(index), case_seed(seed, index))`), so
//! cases never depend on threads or shards. An index the source has no case for is skipped:
//! counted, never run, never a failure. Workers
//! take case numbers in increasing order from one counter; when a case fails, no worker starts a
//! case with a higher number, and those already started finish. Every case below the lowest failing
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
//! Unoptimized builds (the test suite) stretch every limit twentyfold.
//!
//! A panic in a generator or an engine is caught per case and becomes a crash verdict.
//!
//! With `digest`, every passing case adds `mix(index ^ mix(fnv1a_64(answer)))` of the trusted
//! engine's answer into [`BatchResult::digest`] (wrapping): a fingerprint of the answers that does
//! not depend on the order the cases ran in, nor on how they were cut into shards.

pub use crate::cases::Origin;
use crate::cases::{Cases, Seeded};
use crate::engine::Kind;
use crate::game::{Game, Generate, ProfileChoice};
use crate::oracle::{catching, Failure, Pair, Phase};
use crate::rng::{fnv1a_64, mix};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Cases in the whole batch (all shards together).
    pub cases: u64,
    pub seed: u64,
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
            profile: ProfileChoice::One(&G::profiles()[0]),
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            shard: (0, 1),
            time: None,
            case_timeout: None,
            stop: Arc::new(AtomicBool::new(false)),
            max_failures: 1,
            digest: false,
        }
    }

    /// Cases in this shard.
    pub fn shard_cases(&self) -> u64 {
        self.shard_of(self.cases)
    }

    /// Indices of a run of `total` that fall in this shard.
    pub fn shard_of(&self, total: u64) -> u64 {
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
    pub signature: String,
    /// Its lowest-numbered failing case.
    pub found: Found<C>,
    /// The numbers in the batch of the cases up to the stop case that failed with this signature,
    /// in increasing order (the first is `found.index`).
    pub hits: Vec<u64>,
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
    pub failures: [u64; 5],
    /// Cases that reached each coverage key, in `G::coverage_keys()` order.
    pub coverage: Vec<u64>,
    /// The lowest-numbered failure.
    pub first: Option<Found<C>>,
    /// The distinct failure signatures up to the stop case (at most `max_failures`), by their
    /// lowest case; `first` is the first one's.
    pub distinct: Vec<Distinct<C>>,
    pub elapsed: Duration,
    /// When the first failure (of any case) was found, from the start of the batch: the time to
    /// detect a bug.
    pub detected: Option<Duration>,
    /// The batch stopped early because `stop` was set.
    pub interrupted: bool,
    /// Worker threads left behind in a hanging engine.
    pub hung: usize,
}

impl<C> BatchResult<C> {
    pub fn failed(&self) -> u64 {
        self.failures.iter().sum()
    }

    pub fn count(&self, kind: Kind) -> u64 {
        self.failures[Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)]
    }

    pub fn rate(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// How long a generator may take before it counts as hanging.
const GENERATOR_LIMIT: Duration = Duration::from_secs(20);
const IDLE: u64 = u64::MAX;

/// With two in-process engines, the engine under test may take this many times the trusted
/// engine's CPU time on a case (a correct optimized engine is many times faster)...
pub const RELATIVE_LIMIT: u32 = 20;
/// ...and at least this long (times [`SLOWDOWN`]), within the case's own limit: so a hang of
/// the engine under test is a verdict after a fraction of a second, not after the whole limit.
/// (While a judged program's hang is shrunk, its candidates get the same relative limit:
/// `crate::diff`.)
pub const RELATIVE_FLOOR: Duration = Duration::from_millis(200);

/// How much slower an unoptimized build runs the engines.
pub const SLOWDOWN: u32 = if cfg!(unoptimized) { 20 } else { 1 };

/// The CPU clock of the calling thread, for the watchdog to read from another thread.
fn own_cpu_clock() -> Option<libc::clockid_t> {
    let mut id: libc::clockid_t = 0;
    // SAFETY: pthread_self() is the calling thread; the call writes one clockid_t to `id`.
    let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
    (rc == 0).then_some(id)
}

/// Nanoseconds of CPU time on `clock`, or `None` (for instance when its thread is gone).
fn cpu_nanos(clock: libc::clockid_t) -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec; an invalid clock id is reported as an error.
    let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
    if rc != 0 {
        return None;
    }
    Some(u64::try_from(ts.tv_sec).ok()? * 1_000_000_000 + u64::try_from(ts.tv_nsec).ok()?)
}

/// What one worker is doing, for the watchdog.
struct Slot {
    /// The case number `j` being run, or IDLE.
    case: AtomicU64,
    /// When the current part started (nanoseconds since the batch started).
    since: AtomicU64,
    /// The current part (a `Phase` as u8).
    phase: AtomicU8,
    /// The time limit of the current case, in nanoseconds.
    limit: AtomicU64,
    /// Set by the watchdog once it has reported this worker as hanging.
    hung: AtomicBool,
    /// The worker thread's CPU clock (`clockid_t`), or -1 when unknown.
    clock: std::sync::atomic::AtomicI64,
    /// Counts the parts the worker has started: a new value is a new part.
    part: AtomicU64,
    /// The part the watchdog last saw, and the thread's CPU time when it first saw it (0: unknown),
    /// both written by the watchdog alone. CPU time since then is a lower bound of the part's: a
    /// part has hung when it has run past its limit in wall-clock time and used it since then.
    seen_part: AtomicU64,
    cpu_start: AtomicU64,
}

impl Slot {
    fn new() -> Self {
        Slot {
            case: AtomicU64::new(IDLE),
            since: AtomicU64::new(0),
            phase: AtomicU8::new(0),
            limit: AtomicU64::new(0),
            hung: AtomicBool::new(false),
            clock: std::sync::atomic::AtomicI64::new(-1),
            part: AtomicU64::new(0),
            seen_part: AtomicU64::new(u64::MAX),
            cpu_start: AtomicU64::new(0),
        }
    }
}

fn phase_code(p: Phase) -> u8 {
    match p {
        Phase::Generating => 0,
        Phase::A => 1,
        Phase::B => 2,
        Phase::Comparing => 3,
    }
}

/// The failures of a batch: counted by kind, grouped by signature.
struct Tally<C> {
    kinds: [u64; 5],
    groups: HashMap<String, Group<C>>,
}

/// One signature's failures: the lowest case number `j` with its case, and every `j` that hit it.
struct Group<C> {
    lowest: u64,
    found: Found<C>,
    hits: Vec<u64>,
}

/// What one worker gathers on its own, added to the batch's when it finishes.
struct Own {
    coverage: Vec<u64>,
    /// The coverage keys the current case reached (reset per case).
    hits: Vec<bool>,
    digest: u64,
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
    done: AtomicU64,
    skipped: AtomicU64,
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

    /// Whether engine b's limit is relative to engine a's time: with two in-process engines and
    /// no fixed per-case limit.
    fn relative_limit(&self) -> bool {
        self.opts.case_timeout.is_none() && !self.pair.a.isolated() && !self.pair.b.isolated()
    }

    /// Reports progress: cases that ran (skipped ones included) of the shard's.
    fn show(&self, progress: &dyn Progress) {
        let done = self.done.load(Relaxed) + self.skipped.load(Relaxed);
        progress.update(done, self.total, self.failed.load(Relaxed));
    }

    fn should_stop(&self) -> bool {
        self.opts.stop.load(Relaxed) || self.opts.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    fn tally(&self) -> MutexGuard<'_, Tally<G::Case>> {
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records a failure of case `j` and lowers the stop bound (module doc); `halt` stops the batch
    /// at this case whatever the signatures (a hang that took its worker thread).
    fn record(&self, j: u64, found: Found<G::Case>, halt: bool) {
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
        if tally.groups.len() >= n {
            let mut lowest: Vec<u64> = tally.groups.values().map(|g| g.lowest).collect();
            let (_, bound, _) = lowest.select_nth_unstable(n - 1);
            self.stop_at.fetch_min(*bound, Relaxed);
        }
    }

    /// Marks the start of a part of case `j` on `slot`, with its time limit.
    fn start_part(&self, slot: &Slot, phase: Phase, limit: u64) {
        slot.limit.store(limit, Relaxed);
        slot.phase.store(phase_code(phase), Relaxed);
        slot.since.store(self.now(), Relaxed);
        slot.part.fetch_add(1, Relaxed);
    }

    fn worker(&self, w: usize) {
        let slot = &self.slots[w];
        if let Some(c) = own_cpu_clock() {
            slot.clock.store(i64::from(c), Relaxed);
        }
        let keys = G::coverage_keys().len();
        let mut own = Own {
            coverage: vec![0u64; keys],
            hits: vec![false; keys],
            digest: 0,
        };
        let (shard, shards) = self.opts.shard;
        loop {
            if self.should_stop() {
                break;
            }
            let j = self.next.fetch_add(1, Relaxed);
            if j >= self.total || j > self.stop_at.load(Relaxed) {
                break;
            }
            let index = shard + j * shards;
            self.start_part(slot, Phase::Generating, nanos(GENERATOR_LIMIT));
            slot.case.store(j, Relaxed);
            let case = match catching(|| self.source.case(index)) {
                Ok(Some(c)) => c,
                Ok(None) => {
                    slot.case.store(IDLE, Relaxed);
                    self.skipped.fetch_add(1, Relaxed);
                    continue;
                }
                Err(message) => {
                    slot.case.store(IDLE, Relaxed);
                    let failure =
                        Failure::fault("generator", &crate::engine::Fault::Panic { message });
                    let origin = self.source.origin(index);
                    self.record(j, found(index, origin, None, failure), false);
                    self.done.fetch_add(1, Relaxed);
                    continue;
                }
            };
            if !self.run_case(slot, j, index, case, &mut own) {
                break;
            }
        }
        self.digest.fetch_add(own.digest, Relaxed);
        if let Ok(mut c) = self.coverage.lock() {
            c.iter_mut().zip(&own.coverage).for_each(|(x, y)| *x += y);
        }
    }

    /// Runs case `j` (batch index `index`) through the pair and records its verdict; `false` when
    /// the case was interrupted (the worker stops).
    fn run_case(&self, slot: &Slot, j: u64, index: u64, case: G::Case, own: &mut Own) -> bool {
        let limit = self
            .opts
            .case_timeout
            .unwrap_or_else(|| G::time_limit(&case) * SLOWDOWN);
        slot.limit.store(nanos(limit), Relaxed);
        let relative = self.relative_limit();
        let mut a_started = 0;
        let checked = self.pair.check_phased(&case, &mut |p| {
            let now = self.now();
            let mut phase_limit = nanos(limit);
            if relative {
                // Engine b may take RELATIVE_LIMIT times engine a's time (wall-clock time: never
                // less than its CPU time, so the limit only errs on the generous side).
                match p {
                    Phase::A => a_started = now,
                    Phase::B => {
                        phase_limit = phase_limit.min(
                            now.saturating_sub(a_started)
                                .saturating_mul(u64::from(RELATIVE_LIMIT))
                                .max(nanos(RELATIVE_FLOOR * SLOWDOWN)),
                        )
                    }
                    _ => {}
                }
                slot.limit.store(phase_limit, Relaxed);
            }
            slot.phase.store(phase_code(p), Relaxed);
            slot.since.store(now, Relaxed);
            slot.part.fetch_add(1, Relaxed);
        });
        if checked.failure.as_ref().is_some_and(|f| f.interrupted) {
            // A program stopped by the interrupt: no verdict, not a case that ran.
            slot.case.store(IDLE, Relaxed);
            return false;
        }
        if let Some(outcome) = &checked.a {
            G::coverage(&case, outcome, &mut own.hits);
            for (count, hit) in own.coverage.iter_mut().zip(&mut own.hits) {
                *count += u64::from(std::mem::take(hit));
            }
            if self.opts.digest && checked.failure.is_none() {
                let answer = fnv1a_64(G::answer(outcome).as_bytes());
                own.digest = own.digest.wrapping_add(mix(index ^ mix(answer)));
            }
        }
        slot.case.store(IDLE, Relaxed);
        if let Some(failure) = checked.failure {
            let origin = self.source.origin(index);
            self.record(j, found(index, origin, Some(case), failure), false);
        }
        self.done.fetch_add(1, Relaxed);
        true
    }

    /// Looks for a part that ran past its limit; records it once. Returns the number of hung workers.
    fn watch(&self) -> usize {
        let now = self.now();
        let mut hung = 0;
        for slot in &self.slots {
            if slot.hung.load(Relaxed) {
                hung += 1;
                continue;
            }
            let j = slot.case.load(Relaxed);
            if j == IDLE {
                continue;
            }
            let phase = slot.phase.load(Relaxed);
            let engine = match phase {
                0 => "generator".to_string(),
                1 if !self.pair.a.isolated() => self.pair.a.name().to_string(),
                2 if !self.pair.b.isolated() => self.pair.b.name().to_string(),
                3 => "comparison".to_string(),
                _ => continue,
            };
            let since = slot.since.load(Relaxed);
            let limit = slot.limit.load(Relaxed);
            let cpu = libc::clockid_t::try_from(slot.clock.load(Relaxed))
                .ok()
                .and_then(cpu_nanos);
            let part = slot.part.load(Relaxed);
            if slot.seen_part.load(Relaxed) != part {
                // A part not seen before: its CPU time is counted from now.
                slot.seen_part.store(part, Relaxed);
                slot.cpu_start.store(cpu.unwrap_or(0), Relaxed);
            }
            if now.saturating_sub(since) <= limit || slot.case.load(Relaxed) != j {
                continue;
            }
            // Past the limit in wall-clock time: it must also have used the limit in CPU time (a
            // loaded machine slows a part down without making it hang).
            let start = slot.cpu_start.load(Relaxed);
            if let Some(cpu) = cpu {
                if start != 0 && cpu.saturating_sub(start) <= limit {
                    continue;
                }
            }
            slot.hung.store(true, Relaxed);
            hung += 1;
            let (shard, shards) = self.opts.shard;
            let index = shard + j * shards;
            // The case is a pure function of its index: make it again for the report.
            let case = if phase == 0 {
                None
            } else {
                catching(|| self.source.case(index)).ok().flatten()
            };
            let limit_ms = limit / 1_000_000;
            let relative = phase == 2 && self.relative_limit();
            let what = if relative {
                format!(
                    "CPU time, in process: {RELATIVE_LIMIT} times what {} took, at least {} ms",
                    self.pair.a.name(),
                    (RELATIVE_FLOOR * SLOWDOWN).as_millis()
                )
            } else {
                "CPU time, in process".into()
            };
            let failure =
                Failure::fault(&engine, &crate::engine::Fault::TimeLimit { limit_ms, what });
            // Its thread is lost: the cases above it would not all run.
            let origin = self.source.origin(index);
            self.record(j, found(index, origin, case, failure), true);
        }
        hung
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
        done: AtomicU64::new(0),
        skipped: AtomicU64::new(0),
        digest: AtomicU64::new(0),
        failed: AtomicU64::new(0),
        tally: Mutex::new(Tally {
            kinds: [0; 5],
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

/// The watchdog's loop on the calling thread, until every worker finished or hung; returns the
/// number of hung workers.
fn watch_until_done<G: Game>(shared: &Shared<G>, progress: &dyn Progress) -> usize {
    let mut hung = 0;
    loop {
        let alive = shared.alive.load(Relaxed) as usize;
        if alive <= hung {
            return hung;
        }
        std::thread::sleep(Duration::from_millis(20));
        hung = shared.watch();
        shared.show(progress);
    }
}

/// The batch's result from what the workers and the watchdog recorded.
fn result<G: Game>(shared: &Shared<G>, elapsed: Duration, hung: usize) -> BatchResult<G::Case> {
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
        cases: shared.done.load(Relaxed) + hung as u64,
        skipped: shared.skipped.load(Relaxed),
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
        hung,
    }
}
