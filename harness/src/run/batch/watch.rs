//! The batch's watchdog: what each worker is doing ([`Slot`]), read on the calling thread, and
//! the CPU clocks that tell a hung part from a slow one (the module doc of [`crate::run::batch`]).

use super::{found, Progress, Shared, IDLE, RELATIVE_FLOOR, RELATIVE_LIMIT, SLOWDOWN};
use crate::roles::game::Game;
use crate::roles::oracle::{catching, Phase};
use crate::roles::verdict::Failure;
use crate::roles::verdict::Side;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Duration;

/// The CPU clock of the calling thread, for the watchdog to read from another thread.
pub(super) fn own_cpu_clock() -> Option<libc::clockid_t> {
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
#[repr(align(128))]
pub(super) struct Slot {
    /// Cases this worker ran to a verdict, and indices it skipped (each written by its worker
    /// alone; a slot fills its own cache lines, so workers never write to a line another reads
    /// for every case).
    pub(super) done: AtomicU64,
    pub(super) skipped: AtomicU64,
    /// The case number `j` being run, or IDLE.
    pub(super) case: AtomicU64,
    /// When the current part started (nanoseconds since the batch started).
    pub(super) since: AtomicU64,
    /// The current part (a `Phase` as u8).
    pub(super) phase: AtomicU8,
    /// The time limit of the current case, in nanoseconds.
    pub(super) limit: AtomicU64,
    /// Set by the watchdog once it has reported this worker as hanging.
    pub(super) hung: AtomicBool,
    /// The worker thread's CPU clock (`clockid_t`), or -1 when unknown.
    pub(super) clock: AtomicI64,
    /// Counts the parts the worker has started: a new value is a new part.
    pub(super) part: AtomicU64,
    /// The part the watchdog last saw, and the thread's CPU time when it first saw it (0: unknown),
    /// both written by the watchdog alone. CPU time since then is a lower bound of the part's: a
    /// part has hung when it has run past its limit in wall-clock time and used it since then.
    pub(super) seen_part: AtomicU64,
    pub(super) cpu_start: AtomicU64,
}

impl Slot {
    pub(super) fn new() -> Self {
        Slot {
            done: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
            case: AtomicU64::new(IDLE),
            since: AtomicU64::new(0),
            phase: AtomicU8::new(0),
            limit: AtomicU64::new(0),
            hung: AtomicBool::new(false),
            clock: AtomicI64::new(-1),
            part: AtomicU64::new(0),
            seen_part: AtomicU64::new(u64::MAX),
            cpu_start: AtomicU64::new(0),
        }
    }
}

/// Adds one to a counter of a slot that only its own worker writes (`done`, `skipped`, `part`):
/// a load and a store, not a locked read-modify-write, on every case.
#[inline]
pub(super) fn bump(counter: &AtomicU64) {
    add(counter, 1);
}

/// Adds `n` to a counter of a slot that only its own worker writes ([`bump`]).
#[inline]
pub(super) fn add(counter: &AtomicU64, n: u64) {
    counter.store(counter.load(Relaxed).wrapping_add(n), Relaxed);
}

pub(super) fn phase_code(p: Phase) -> u8 {
    match p {
        Phase::Generating => 0,
        Phase::A => 1,
        Phase::B => 2,
        Phase::Comparing => 3,
    }
}

impl<G: Game> Shared<G> {
    /// Looks for a part that ran past its limit; records it once. Returns the number of hung workers.
    pub(super) fn watch(&self) -> usize {
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
            let (side, engine) = match phase {
                0 => (Side::Harness, "generator".to_string()),
                1 if !self.pair.a.isolated() => (Side::Trusted, self.pair.a.name().to_string()),
                2 if !self.pair.b.isolated() => (Side::UnderTest, self.pair.b.name().to_string()),
                3 => (Side::Harness, "comparison".to_string()),
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
            let fault = crate::roles::verdict::Fault::TimeLimit { limit_ms, what };
            let failure = Failure::fault(side, &engine, &fault);
            // Its thread is lost: the cases above it would not all run.
            let origin = self.source.origin(index);
            self.record(j, found(index, origin, case, failure), true);
        }
        hung
    }
}

/// The watchdog's loop on the calling thread, until every worker finished or hung; returns the
/// number of hung workers.
pub(super) fn watch_until_done<G: Game>(shared: &Shared<G>, progress: &dyn Progress) -> usize {
    let mut hung = 0;
    loop {
        let alive = shared.alive.load(Relaxed) as usize;
        if alive <= hung {
            return hung;
        }
        std::thread::sleep(Duration::from_millis(20));
        shared.tick();
        hung = shared.watch();
        shared.show(progress);
    }
}
