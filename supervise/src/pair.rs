//! Two programs talking to each other, as an interactive problem's interactor and solution do:
//! the first one's standard output is the second one's standard input and the other way round.
//!
//! Each side is supervised as [`execute`](crate::execute) supervises one program: a keeper of its
//! own (everything the side starts stays in its tree and is killed and reaped), its CPU-time,
//! memory and wall-clock limits, its standard error's tail. Both sides are served from one `poll`
//! loop in the calling thread. When one side's tree is gone, the other gets [`PAIR_GRACE`] to end
//! on its own (it usually does: its input ends, or its output has no reader), and is then stopped:
//! [`Ending::Killed`] with no limit. Neither side's standard output reaches the harness, so both
//! [`Execution::stdout`]s are empty.

use super::keeper::cpu_backstop;
use super::launch::{self, pipe, Launch};
use super::procfs::sweep;
use super::registry::{register, Running, KILL_EPOCH};
use super::report::Reports;
use super::streams::{poll, pollfd, Streams};
use super::watch::Watch;
use super::{become_subreaper, new_marker, scan_proc, signal, DRAIN_LIMIT};
use super::{Ending, Execution, Limits};
use anyhow::Context as _;
use std::os::fd::OwnedFd;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long one side of a pair may run on once the other has ended.
pub const PAIR_GRACE: Duration = Duration::from_millis(500);

/// Runs `first` and `second` (each a command and its limits) connected to each other, and returns
/// once both, and everything they started, are gone: their executions, in that order. An error
/// means a side could not be started; the other is then stopped and reaped too.
pub fn execute_pair(
    first: (&[String], &Limits),
    second: (&[String], &Limits),
) -> anyhow::Result<(Execution, Execution)> {
    become_subreaper();
    let scan = scan_proc();
    let (second_in, first_out) = pipe().context("cannot connect the two programs")?;
    let (first_in, second_out) = pipe().context("cannot connect the two programs")?;
    let a = Side::start(first, [first_in, first_out], scan)?;
    let b = Side::start(second, [second_in, second_out], scan)?;
    let mut sides = [a, b];
    serve(&mut sides)?;
    let [a, b] = sides;
    Ok((a.finish()?, b.finish()?))
}

/// One side of a pair while it runs.
struct Side {
    program: String,
    marker: String,
    running: Running,
    streams: Streams<'static>,
    reports: Reports,
    watch: Watch,
    start: Instant,
    ended_at: Option<Instant>,
}

impl Side {
    /// Starts `cmd` under its keeper with `stdio` (its stdin and stdout) as its standard input and
    /// output; the harness keeps only its stderr and the keeper's status pipe.
    fn start(
        (cmd, limits): (&[String], &Limits),
        stdio: [OwnedFd; 2],
        scan: bool,
    ) -> anyhow::Result<Side> {
        let (program, args) = cmd.split_first().context("no program to run")?;
        let marker = new_marker();
        let cannot_start = || format!("cannot start `{program}`");
        let launch = Launch::new(program, args, &marker, cpu_backstop(limits.cpu), scan)
            .with_context(cannot_start)?;
        let epoch = KILL_EPOCH.load(Ordering::SeqCst);
        let start = Instant::now();
        let [stdin, stdout] = stdio;
        let started =
            launch::start(launch, [Some(stdin), Some(stdout)]).with_context(cannot_start)?;
        let mut running = Running {
            pid: started.keeper,
            slot: None,
            reaped: false,
            memory: Some(started.memory),
        };
        let streams = Streams::new(None, None, Some(started.stderr), b"", limits.max_output)?;
        running.slot = Some(
            register(running.pid).context("too many programs running at once to keep track of")?,
        );
        if KILL_EPOCH.load(Ordering::SeqCst) != epoch {
            // `kill_all` ran while this side was starting: it may have missed it.
            signal(running.pid, libc::SIGTERM);
        }
        let reports = Reports::new(started.status)?;
        let watch = Watch::new(running.pid, scan, *limits, start);
        Ok(Side {
            program: program.clone(),
            marker,
            running,
            streams,
            reports,
            watch,
            start,
            ended_at: None,
        })
    }

    /// Reaps the keeper and judges the run (as `execute` does once its loop is over).
    fn finish(mut self) -> anyhow::Result<Execution> {
        let keeper_usage = self.running.reap();
        if let Some(error) = self.reports.failed {
            return Err(std::io::Error::from_raw_os_error(error))
                .with_context(|| format!("cannot start `{}`", self.program));
        }
        if self.reports.end.is_none() {
            sweep(&self.marker, self.reports.start);
        }
        self.streams.drain(DRAIN_LIMIT);
        let wall = self.start.elapsed();
        let (stdout, flooded, stderr) = self.streams.finish();
        let mut e = Execution {
            stdout,
            flooded,
            stderr,
            ending: Ending::Killed,
            limit: None,
            interrupted: false,
            cpu: Duration::ZERO,
            wall,
            peak_memory: None,
        };
        self.watch
            .judge(&mut e, self.reports.end.as_ref(), &keeper_usage);
        Ok(e)
    }
}

/// Serves both sides (their stderr, their keepers' reports, their limits) until both have ended,
/// stopping the one still running [`PAIR_GRACE`] after the other ended.
fn serve(sides: &mut [Side; 2]) -> anyhow::Result<()> {
    loop {
        let now = Instant::now();
        for side in sides.iter_mut() {
            if side.ended_at.is_none() && side.reports.finished() {
                side.ended_at = Some(now);
            }
        }
        if sides.iter().all(|s| s.ended_at.is_some()) {
            return Ok(());
        }
        let grace_end = sides
            .iter()
            .filter_map(|s| s.ended_at)
            .min()
            .map(|t| t + PAIR_GRACE);
        let mut wake = now + Duration::from_secs(1);
        for side in sides.iter_mut().filter(|s| s.ended_at.is_none()) {
            wake = wake.min(side.watch.tick(now, side.streams.flooded));
            match grace_end {
                Some(end) if now >= end => side.watch.stop(now),
                Some(end) => wake = wake.min(end),
                None => {}
            }
        }
        let mut fds = Vec::with_capacity(4);
        let mut spans = [(0, 0, false); 2];
        for (side, span) in sides.iter().zip(spans.iter_mut()) {
            let begin = fds.len();
            fds.extend(side.streams.poll_fds());
            let status = fds.len();
            let live = side.ended_at.is_none();
            if live {
                fds.push(pollfd(side.reports.raw_fd()));
            }
            *span = (begin, status, live);
        }
        poll(&mut fds, wake.saturating_duration_since(now))?;
        for (side, &(begin, status, live)) in sides.iter_mut().zip(spans.iter()) {
            side.streams.service(&fds[begin..status]);
            if live && fds[status].revents != 0 {
                side.reports.service();
            }
        }
    }
}
