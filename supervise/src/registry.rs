//! The registry of live keepers, which [`kill_all`] signals, and the harness's handle on one.

use super::launch::KeeperMemory;
use super::raw;
use super::{signal, KEEPER_GRACE};
use libc::pid_t;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Stops every running program and everything it started: each keeper is told (SIGTERM) to kill
/// and reap its tree, and the [`execute`](super::execute) calls waiting on them return with
/// [`Execution::interrupted`](super::Execution::interrupted). Runs starting at the same moment
/// are stopped as soon as they are registered. Async-signal-safe: only atomics and `kill(2)`, so
/// signal handlers may call it.
pub fn kill_all() {
    KILL_EPOCH.fetch_add(1, Ordering::SeqCst);
    for slot in &KEEPERS {
        let pid = slot.load(Ordering::SeqCst);
        // While the slot holds `-pid`, the run cannot unregister and reap its keeper, so the pid
        // cannot be reused under our feet.
        if pid > 0
            && slot
                .compare_exchange(pid, -pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            signal(pid, libc::SIGTERM);
            let _ = slot.compare_exchange(-pid, pid, Ordering::SeqCst, Ordering::SeqCst);
        }
    }
}

/// How many runs are in progress.
pub fn live_runs() -> usize {
    KEEPERS
        .iter()
        .filter(|s| s.load(Ordering::SeqCst) != 0)
        .count()
}

const SLOTS: usize = 1024;
static KEEPERS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
pub(super) static KILL_EPOCH: AtomicUsize = AtomicUsize::new(0);

pub(super) fn register(pid: pid_t) -> Option<usize> {
    KEEPERS.iter().position(|s| {
        s.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

pub(super) fn unregister(slot: usize, pid: pid_t) {
    let Some(s) = KEEPERS.get(slot) else { return };
    loop {
        match s.compare_exchange(pid, 0, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => return,
            // `kill_all` is signalling this keeper right now (another thread): wait for it.
            Err(v) if v == -pid => std::thread::yield_now(),
            Err(_) => return,
        }
    }
}

/// A started keeper: unregistered and reaped exactly once, even if the harness code panics.
pub(super) struct Running {
    pub(super) pid: pid_t,
    pub(super) slot: Option<usize>,
    pub(super) reaped: bool,
    /// The keeper's stack and what it reads: freed once it is reaped, never before.
    pub(super) memory: Option<KeeperMemory>,
}

impl Running {
    /// Waits for the keeper (which is exiting or about to) and returns its rusage.
    pub(super) fn reap(&mut self) -> libc::rusage {
        if let Some(slot) = self.slot.take() {
            unregister(slot, self.pid);
        }
        let mut status = 0;
        // SAFETY: rusage is plain data.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: valid out-pointers; waits for our own child, by pid.
            let r = unsafe { libc::wait4(self.pid, &mut status, libc::__WALL, &mut usage) };
            if r == self.pid || raw::errno() != libc::EINTR {
                break;
            }
        }
        self.reaped = true;
        self.memory = None;
        usage
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if self.reaped {
            return;
        }
        // An early return or a panic: the keeper still has to clean up its tree.
        if let Some(slot) = self.slot.take() {
            unregister(slot, self.pid);
        }
        signal(self.pid, libc::SIGTERM);
        let deadline = Instant::now() + KEEPER_GRACE;
        let mut status = 0;
        loop {
            // SAFETY: waits for our own child, by pid.
            let r = unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG | libc::__WALL) };
            if r == self.pid || (r < 0 && raw::errno() != libc::EINTR) {
                break;
            }
            if Instant::now() >= deadline {
                signal(self.pid, libc::SIGKILL);
                // SAFETY: as above; the keeper is dead or about to be.
                unsafe { libc::waitpid(self.pid, &mut status, libc::__WALL) };
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.reaped = true;
        self.memory = None;
    }
}
