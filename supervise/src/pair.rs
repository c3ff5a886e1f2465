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

use super::launch::{self, pipe};
use super::plan::Launch;
use super::procfs::sweep;
use super::registry::{register, Running, KILL_EPOCH};
use super::report::Reports;
use super::streams::{poll, pollfd, Streams};
use super::warm::{self, pool, Begun, Lost, Registered, Server};
use super::watch::Watch;
use super::{become_subreaper, new_marker, scan_proc, signal, DRAIN_LIMIT};
use super::{Ending, Execution, Limit, Limits, Program, WarmStart};
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
    let [a, b] = [first, second].map(|(cmd, limits)| (Program::exec(cmd.to_vec()), limits));
    run_pair((&a.0, &[], a.1), (&b.0, &[], b.1))
}

/// [`execute_pair`] for two [`Program`]s with their arguments: each side forked from this
/// thread's warm server when it has one (see [`run`](crate::run)). A side whose server fails
/// makes the whole interaction again with both sides exec'd, so no verdict comes of it.
pub fn run_pair(
    first: (&Program, &[String], &Limits),
    second: (&Program, &[String], &Limits),
) -> anyhow::Result<(Execution, Execution)> {
    match interact([first, second], true) {
        Err(e) if e.is::<Lost>() => interact([first, second], false),
        done => done,
    }
}

/// One interaction of the two sides, warm where they can be when `warm`.
fn interact(
    sides: [(&Program, &[String], &Limits); 2],
    warm: bool,
) -> anyhow::Result<(Execution, Execution)> {
    become_subreaper();
    let scan = scan_proc();
    let (second_in, first_out) = pipe().context("cannot connect the two programs")?;
    let (first_in, second_out) = pipe().context("cannot connect the two programs")?;
    let [first, second] = sides;
    // One start for both: the two wall-clock guards fall due in the same turn of the loop, so a
    // pair that hangs is stopped whole, never one side first (the other then reading an end of
    // input it would not have seen).
    let start = Instant::now();
    let a = Side::start(first, [first_in, first_out], scan, warm, start)?;
    let b = Side::start(second, [second_in, second_out], scan, warm, start)?;
    let mut sides = [a, b];
    serve(&mut sides)?;
    let [a, b] = sides;
    let (a, b) = (a.finish(), b.finish());
    Ok((a?, b?))
}

/// Who keeps a side's tree: a keeper of its own, or its warm server.
enum Keeper {
    Cold(Running),
    Warm {
        server: Server,
        warm: WarmStart,
        registered: Registered,
    },
}

/// One side of a pair while it runs.
struct Side {
    program: String,
    marker: String,
    keeper: Keeper,
    streams: Streams<'static>,
    reports: Reports,
    watch: Watch,
    start: Instant,
    ended_at: Option<Instant>,
}

impl Side {
    /// Starts `program` with `args` on `stdio`: forked from a warm server when `warm` and it has
    /// one that starts the run, else under a keeper of its own.
    fn start(
        (program, args, limits): (&Program, &[String], &Limits),
        stdio: [OwnedFd; 2],
        scan: bool,
        warm: bool,
        start: Instant,
    ) -> anyhow::Result<Side> {
        if let Some(w) = program.warm_start().filter(|_| warm) {
            if let Some(server) = pool::take(w, limits.stack_bytes()) {
                let argv = w.argv_with(args);
                match Side::start_warm(server, w, &argv, &stdio, limits, (scan, start)) {
                    Ok(side) => {
                        warm::count_start(true);
                        return Ok(side);
                    }
                    Err(_) => pool::failed(w),
                }
            }
        }
        warm::count_start(false);
        Side::start_cold((&program.command(args), limits), stdio, scan, start)
    }

    /// Forks the side from `server` with `stdio` as its stdin and stdout.
    fn start_warm(
        server: Server,
        warm: &WarmStart,
        argv: &[String],
        stdio: &[OwnedFd; 2],
        limits: &Limits,
        (scan, start): (bool, Instant),
    ) -> Result<Side, Lost> {
        let marker = new_marker();
        let (stderr, stderr_write) = pipe().map_err(|_| Lost)?;
        let [stdin, stdout] = stdio;
        let Begun {
            reports,
            registered,
            base_cpu,
        } = warm::begin(
            &server,
            argv,
            &[],
            [stdin, stdout, &stderr_write],
            &marker,
            limits,
        )?;
        let streams =
            Streams::new(None, None, Some(stderr), b"", limits.max_output).map_err(|_| Lost)?;
        let watch = Watch::new(server.pid, scan, *limits, start).with_base_cpu(base_cpu);
        Ok(Side {
            program: argv.first().cloned().unwrap_or_default(),
            marker,
            keeper: Keeper::Warm {
                server,
                warm: warm.clone(),
                registered,
            },
            streams,
            reports,
            watch,
            start,
            ended_at: None,
        })
    }

    /// Starts `cmd` under its keeper with `stdio` (its stdin and stdout) as its standard input and
    /// output; the harness keeps only its stderr and the keeper's status pipe.
    fn start_cold(
        (cmd, limits): (&[String], &Limits),
        stdio: [OwnedFd; 2],
        scan: bool,
        start: Instant,
    ) -> anyhow::Result<Side> {
        let (program, args) = cmd.split_first().context("no program to run")?;
        let marker = new_marker();
        let cannot_start = || format!("cannot start `{program}`");
        let launch =
            Launch::new(program, args, &[], &marker, limits, scan).with_context(cannot_start)?;
        let epoch = KILL_EPOCH.load(Ordering::SeqCst);
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
            keeper: Keeper::Cold(running),
            streams,
            reports,
            watch,
            start,
            ended_at: None,
        })
    }

    /// Reaps the keeper (or gives the warm server back) and judges the run (as `execute` does
    /// once its loop is over). A warm server that died on its own loses the interaction ([`Lost`]).
    fn finish(self) -> anyhow::Result<Execution> {
        let Side {
            program,
            marker,
            keeper,
            mut streams,
            reports,
            watch,
            start,
            ..
        } = self;
        // SAFETY: rusage is plain data; a warm server reports its run's figures in its records.
        let mut keeper_usage: libc::rusage = unsafe { std::mem::zeroed() };
        match keeper {
            Keeper::Cold(mut running) => {
                keeper_usage = running.reap();
                if let Some(error) = reports.failed {
                    return Err(std::io::Error::from_raw_os_error(error))
                        .with_context(|| format!("cannot start `{program}`"));
                }
                if reports.end.is_none() {
                    sweep(&marker, reports.start);
                }
            }
            Keeper::Warm {
                server,
                warm,
                registered,
            } => {
                drop(registered);
                warm::ended(&reports, &marker, watch.told())?;
                if reports.end.is_some() {
                    pool::give_back(&warm, server);
                }
            }
        }
        streams.drain(DRAIN_LIMIT);
        let wall = start.elapsed();
        let (stdout, flooded, stderr) = streams.finish();
        let mut e = Execution::stopped(stdout, flooded, stderr, wall);
        watch.judge(&mut e, reports.end.as_ref(), &keeper_usage);
        if watch.stopped_for() == Some(Limit::Wall) {
            // Both guards fall due in one turn of the loop: a side that ended in the instant
            // between being told and being killed only read the other side's end.
            e.ending = Ending::Killed;
        }
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
