//! The harness's side of a live run: when to sample, when to stop it, and how it ended.

use super::procfs::{sample_tree, Usage};
use super::report::EndReport;
use super::{signal, Ending, Execution, Limit, Limits, KEEPER_GRACE, RUSAGE_MARGIN, SAMPLE_PERIOD};
use libc::{c_int, pid_t};
use std::time::{Duration, Instant};

/// How many times the wall-clock guard moves on for a run that is busy, not idle.
const GUARD_MOVES: u32 = 4;

/// The harness's side of a live run: samples the tree, decides when a limit is hit and tells the
/// keeper to stop the run.
pub(super) struct Watch {
    keeper: pid_t,
    scan: bool,
    limits: Limits,
    wall_deadline: Instant,
    /// The run's CPU time when the current wall-clock period began, and how many times the guard
    /// was moved on because the run was busy, not idle.
    guard_cpu: Duration,
    guard_moves: u32,
    next_sample: Instant,
    /// The latest CPU time, and the highest memory seen.
    usage: Usage,
    sampled: bool,
    /// CPU time the keeper's reaped children had before the run (a warm server's earlier runs).
    base_cpu: Duration,
    /// The limit for which the harness stopped the run.
    reason: Option<Limit>,
    /// When the keeper was told to stop the run.
    told_at: Option<Instant>,
    /// The keeper did not finish in time and was killed.
    keeper_killed: bool,
}

impl Watch {
    pub(super) fn new(keeper: pid_t, scan: bool, limits: Limits, start: Instant) -> Watch {
        Watch {
            keeper,
            scan,
            limits,
            wall_deadline: start + limits.wall,
            guard_cpu: Duration::ZERO,
            guard_moves: 0,
            next_sample: start + SAMPLE_PERIOD,
            usage: Usage::default(),
            sampled: false,
            base_cpu: Duration::ZERO,
            reason: None,
            told_at: None,
            keeper_killed: false,
        }
    }

    /// The same watch over a keeper whose reaped children had used `cpu` before this run: a warm
    /// server, which outlives its runs.
    pub(super) fn with_base_cpu(mut self, cpu: Duration) -> Watch {
        self.base_cpu = cpu;
        self
    }

    /// The limit for which the harness stopped the run, if it did.
    pub(super) fn stopped_for(&self) -> Option<Limit> {
        self.reason
    }

    /// Whether the harness told the keeper to stop the run (for a limit or its partner's end).
    pub(super) fn told(&self) -> bool {
        self.told_at.is_some()
    }

    /// Samples if it is time, stops the run if a limit is hit; returns when to look again.
    pub(super) fn tick(&mut self, now: Instant, flooded: bool) -> Instant {
        let Some(told) = self.told_at else {
            let mut decided = flooded.then_some(Limit::Output);
            if decided.is_none() && (now >= self.next_sample || now >= self.wall_deadline) {
                if let Some(u) = sample_tree(self.keeper, self.scan) {
                    self.usage.cpu = u.cpu.saturating_sub(self.base_cpu);
                    self.usage.memory = self.usage.memory.max(u.memory);
                    self.sampled = true;
                }
                self.next_sample = now + SAMPLE_PERIOD;
                decided = if self.usage.cpu > self.limits.cpu {
                    Some(Limit::Cpu)
                } else if self
                    .limits
                    .memory_bytes
                    .is_some_and(|m| self.usage.memory > m)
                {
                    Some(Limit::Memory)
                } else if now >= self.wall_deadline && !self.busy_guard_moved() {
                    Some(Limit::Wall)
                } else {
                    None
                };
            }
            if decided.is_none() {
                return self.next_sample.min(self.wall_deadline);
            }
            self.reason = decided;
            signal(self.keeper, libc::SIGTERM);
            self.told_at = Some(now);
            return now + KEEPER_GRACE;
        };
        if self.keeper_killed {
            return now + Duration::from_secs(1);
        }
        if now < told + KEEPER_GRACE {
            return told + KEEPER_GRACE;
        }
        // A keeper that cannot finish its cleanup: the harness takes over (see `sweep`).
        signal(self.keeper, libc::SIGKILL);
        self.keeper_killed = true;
        now + Duration::from_secs(1)
    }

    /// At the wall-clock guard: a run that used at least a tenth of the period's wall-clock time
    /// in CPU is working on a loaded machine, not idle, and the guard moves on by another period
    /// (at most [`GUARD_MOVES`] times; its CPU limit ends it if it keeps working). Says whether it
    /// moved.
    fn busy_guard_moved(&mut self) -> bool {
        let used = self.usage.cpu.saturating_sub(self.guard_cpu);
        if self.guard_moves >= GUARD_MOVES || used < self.limits.wall / 10 {
            return false;
        }
        self.guard_moves += 1;
        self.guard_cpu = self.usage.cpu;
        self.wall_deadline += self.limits.wall;
        true
    }

    /// Tells the keeper to stop the run now, for no limit of its own (its partner has ended).
    pub(super) fn stop(&mut self, now: Instant) {
        if self.told_at.is_none() {
            signal(self.keeper, libc::SIGTERM);
            self.told_at = Some(now);
        }
    }

    /// Fills in how the run ended, its CPU time, memory and the limit hit, from the keeper's
    /// report (or, if it died, its rusage) and what was sampled.
    pub(super) fn judge(
        &self,
        e: &mut Execution,
        report: Option<&EndReport>,
        keeper: &libc::rusage,
    ) {
        e.peak_memory = self.sampled.then_some(self.usage.memory);
        match report {
            Some(end) => {
                e.ending = if end.killed_while_running {
                    Ending::Killed
                } else {
                    decode_status(end.status)
                };
                e.cpu = end.cpu;
                if end.maxrss > end.self_maxrss.saturating_add(RUSAGE_MARGIN) {
                    e.peak_memory = Some(e.peak_memory.unwrap_or(0).max(end.maxrss));
                }
                e.interrupted = end.kill_requested && self.told_at.is_none();
            }
            None => {
                // The keeper died before reporting (the program got SIGKILL from its parent-death
                // signal); its rusage still covers what it had reaped.
                e.ending = if self.told_at.is_some() {
                    Ending::Killed
                } else {
                    Ending::Signaled(libc::SIGKILL)
                };
                e.cpu = timeval(keeper.ru_utime) + timeval(keeper.ru_stime);
            }
        }
        let over_memory = self
            .limits
            .memory_bytes
            .is_some_and(|m| e.peak_memory.is_some_and(|p| p > m));
        let over_cpu = e.cpu > self.limits.cpu;
        e.limit = match self.reason {
            Some(Limit::Wall) if over_cpu => Some(Limit::Cpu),
            Some(r) => Some(r),
            None if e.flooded => Some(Limit::Output),
            None if e.interrupted => None,
            None if over_memory => Some(Limit::Memory),
            None if over_cpu => Some(Limit::Cpu),
            None => None,
        };
    }
}

fn decode_status(status: c_int) -> Ending {
    if libc::WIFEXITED(status) {
        Ending::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        Ending::Signaled(libc::WTERMSIG(status))
    } else {
        Ending::Killed
    }
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
}
#[cfg(test)]
mod tests {
    use super::*;

    fn report(status: c_int, cpu_ms: u64, maxrss_mb: u64, self_mb: u64) -> EndReport {
        EndReport {
            kill_requested: false,
            killed_while_running: false,
            status,
            cpu: Duration::from_millis(cpu_ms),
            maxrss: maxrss_mb << 20,
            self_maxrss: self_mb << 20,
        }
    }

    fn judged(watch: &Watch, end: Option<&EndReport>, flooded: bool) -> Execution {
        let mut e = Execution {
            stdout: Vec::new(),
            flooded,
            stderr: Vec::new(),
            ending: Ending::Killed,
            limit: None,
            interrupted: false,
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory: None,
        };
        // SAFETY: rusage is plain data.
        watch.judge(&mut e, end, &unsafe { std::mem::zeroed() });
        e
    }

    #[test]
    fn the_wall_guard_moves_on_for_a_busy_run_and_not_for_an_idle_one() {
        let limits = Limits::from_cpu(Duration::from_millis(1000));
        let start = Instant::now();
        let mut watch = Watch::new(1, false, limits, start);
        // Idle: 50 ms of CPU in the guard's 4 s.
        watch.usage.cpu = Duration::from_millis(50);
        assert!(!watch.busy_guard_moved());
        // Busy on a loaded machine: 900 ms of CPU in the period; the guard moves on a period.
        watch.usage.cpu = Duration::from_millis(900);
        assert!(watch.busy_guard_moved());
        assert_eq!(watch.wall_deadline, start + limits.wall * 2);
        // The next period counts from there: 100 ms more is idle again.
        watch.usage.cpu = Duration::from_millis(1000);
        assert!(!watch.busy_guard_moved());
        // Busy forever: the guard moves at most GUARD_MOVES times in all.
        for i in 2..10 {
            watch.usage.cpu = Duration::from_millis(900 * i);
            watch.busy_guard_moved();
        }
        assert_eq!(watch.guard_moves, GUARD_MOVES);
        assert_eq!(watch.wall_deadline, start + limits.wall * (GUARD_MOVES + 1));
    }

    #[test]
    fn runs_are_classified_from_the_keeper_report_and_the_samples() {
        let limits = Limits::from_cpu(Duration::from_millis(1000)).with_memory(256 << 20);
        let mut watch = Watch::new(1, false, limits, Instant::now());
        // Exit 0 within every limit; a peak below the keeper's own size plus the margin is not
        // trusted.
        let e = judged(&watch, Some(&report(0, 500, 20, 19)), false);
        assert!(e.success(), "{e:?}");
        assert_eq!(e.peak_memory, None);
        // A peak only the keeper saw (between two samples) still makes a memory verdict, ahead of
        // the CPU time, even though the program exited 0.
        let e = judged(&watch, Some(&report(0, 1500, 300, 20)), false);
        assert_eq!(
            (e.ending, e.limit),
            (Ending::Exited(0), Some(Limit::Memory))
        );
        assert_eq!(e.peak_memory, Some(300 << 20));
        let e = judged(&watch, Some(&report(0, 1500, 30, 20)), false);
        assert_eq!(e.limit, Some(Limit::Cpu));
        // A crash is a crash.
        let e = judged(&watch, Some(&report(libc::SIGSEGV, 10, 30, 20)), false);
        assert_eq!((e.ending, e.limit), (Ending::Signaled(libc::SIGSEGV), None));
        // A flood found while draining the output.
        assert_eq!(
            judged(&watch, Some(&report(0, 10, 30, 20)), true).limit,
            Some(Limit::Output)
        );
        // Stopped by `kill_all`: interrupted, no limit.
        let mut stopped = report(libc::SIGKILL, 1500, 300, 20);
        stopped.kill_requested = true;
        stopped.killed_while_running = true;
        let e = judged(&watch, Some(&stopped), false);
        assert_eq!(
            (e.ending, e.limit, e.interrupted),
            (Ending::Killed, None, true)
        );
        // Stopped at the wall guard: a hang, unless the exact CPU time is over the limit.
        watch.reason = Some(Limit::Wall);
        watch.told_at = Some(Instant::now());
        let e = judged(&watch, Some(&stopped), false);
        assert_eq!((e.limit, e.interrupted), (Some(Limit::Cpu), false));
        let mut slept = stopped;
        slept.cpu = Duration::from_millis(5);
        assert_eq!(judged(&watch, Some(&slept), false).limit, Some(Limit::Wall));
        // The samples' peak counts too.
        watch.reason = None;
        watch.told_at = None;
        watch.sampled = true;
        watch.usage.memory = 100 << 20;
        let e = judged(&watch, Some(&report(0, 10, 30, 20)), false);
        assert_eq!(e.peak_memory, Some(100 << 20));
        // A keeper that died without reporting.
        let e = judged(&watch, None, false);
        assert_eq!(e.ending, Ending::Signaled(libc::SIGKILL));
    }
}
