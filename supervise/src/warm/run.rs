//! One warm run: asked of a server, supervised, judged.

use super::server::Server;
use super::START_TIMEOUT;
use crate::launch::pipe;
use crate::plan::cpu_backstop;
use crate::procfs::{clock_ticks_per_second, sweep};
use crate::registry::{register, unregister, KILL_EPOCH};
use crate::report::Reports;
use crate::streams::{poll, pollfd, Streams};
use crate::watch::Watch;
use crate::{new_marker, scan_proc, signal, Execution, Limits, DRAIN_LIMIT};
use libc::pid_t;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Why a warm run has no verdict: it is made again by exec.
#[derive(Debug)]
pub(crate) struct Lost;

impl std::fmt::Display for Lost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the warm server was lost during the run")
    }
}

impl std::error::Error for Lost {}

/// The server's run as a registered keeper: unregistered when the run is over, even on a panic.
pub(crate) struct Registered {
    slot: usize,
    pid: pid_t,
}

impl Drop for Registered {
    fn drop(&mut self) {
        unregister(self.slot, self.pid);
    }
}

/// A warm run that has started: its reports (the server's records), its registration as a
/// keeper, and the CPU time the server's reaped children had before it.
pub(crate) struct Begun {
    pub(crate) reports: Reports,
    pub(crate) registered: Registered,
    pub(crate) base_cpu: Duration,
}

/// Asks `server` for a run of `argv` whose stdin, stdout and stderr are `stdio` (the child's
/// ends), and waits until it has forked it.
pub(crate) fn begin(
    server: &Server,
    argv: &[String],
    env: &[(String, String)],
    stdio: [&OwnedFd; 3],
    marker: &str,
    limits: &Limits,
) -> Result<Begun, Lost> {
    let (status, status_write) = pipe().map_err(|_| Lost)?;
    let epoch = KILL_EPOCH.load(Ordering::SeqCst);
    let [stdin, stdout, stderr] = stdio.map(AsRawFd::as_raw_fd);
    let theirs = [stdin, stdout, stderr, status_write.as_raw_fd()];
    server
        .request(theirs, marker, cpu_backstop(limits.cpu), env, argv)
        .map_err(|_| Lost)?;
    drop(status_write);
    let mut reports = Reports::new(status).map_err(|_| Lost)?;
    let deadline = Instant::now() + START_TIMEOUT;
    while reports.start.is_none() && reports.failed.is_none() && !reports.finished() {
        let now = Instant::now();
        if now >= deadline {
            return Err(Lost);
        }
        let mut fds = [pollfd(reports.raw_fd())];
        poll(&mut fds, deadline - now).map_err(|_| Lost)?;
        reports.service();
    }
    if reports.start.is_none() {
        return Err(Lost);
    }
    let registered = Registered {
        slot: register(server.pid).ok_or(Lost)?,
        pid: server.pid,
    };
    if KILL_EPOCH.load(Ordering::SeqCst) != epoch {
        // `kill_all` ran while this run was starting: it may have missed it.
        signal(server.pid, libc::SIGTERM);
    }
    let hz = clock_ticks_per_second().clamp(1, 1_000_000_000);
    let base_cpu = Duration::from_nanos(reports.base_ticks.saturating_mul(1_000_000_000 / hz));
    Ok(Begun {
        reports,
        registered,
        base_cpu,
    })
}

/// The end of a warm run once its loop is over: what is left of a run whose server died is found
/// by its marker; a run whose server died on its own is lost (made again by exec).
pub(crate) fn ended(reports: &Reports, marker: &str, told: bool) -> Result<(), Lost> {
    if reports.end.is_none() {
        sweep(marker, reports.start);
        if !told {
            return Err(Lost);
        }
    }
    Ok(())
}

/// One run forked from `server`, supervised like [`execute`](crate::execute)'s.
pub(crate) fn execute_warm(
    server: &mut Server,
    argv: &[String],
    env: &[(String, String)],
    input: &[u8],
    limits: &Limits,
) -> Result<Execution, Lost> {
    let marker = new_marker();
    let (stdin_read, stdin) = pipe().map_err(|_| Lost)?;
    let (stdout, stdout_write) = pipe().map_err(|_| Lost)?;
    let (stderr, stderr_write) = pipe().map_err(|_| Lost)?;
    let start = Instant::now();
    let stdio = [&stdin_read, &stdout_write, &stderr_write];
    let Begun {
        mut reports,
        registered,
        base_cpu,
    } = begin(server, argv, env, stdio, &marker, limits)?;
    drop((stdin_read, stdout_write, stderr_write));
    let mut streams = Streams::new(
        Some(stdin),
        Some(stdout),
        Some(stderr),
        input,
        limits.max_output,
    )
    .map_err(|_| Lost)?;
    let mut watch = Watch::new(server.pid, scan_proc(), *limits, start).with_base_cpu(base_cpu);
    // A failed poll ends the loop: the run is then judged as its server left it, or lost.
    let _ = crate::serve(&mut streams, &mut reports, &mut watch);
    streams.close_stdin();
    drop(registered);
    ended(&reports, &marker, watch.told())?;
    streams.drain(DRAIN_LIMIT);
    let wall = start.elapsed();
    let (stdout, flooded, stderr) = streams.finish();
    let mut e = Execution::stopped(stdout, flooded, stderr, wall);
    // SAFETY: rusage is plain data; a server reports its run's figures in its records.
    let none: libc::rusage = unsafe { std::mem::zeroed() };
    watch.judge(&mut e, reports.end.as_ref(), &none);
    if reports.end.is_none() {
        return Err(Lost);
    }
    Ok(e)
}
