//! Running a judged program the way a contest judge does: a CPU-time limit, a memory limit, a cap
//! on the output, a wall-clock guard against programs that hang, and no process left behind.
//!
//! # What is enforced, and how
//!
//! Each run gets a **keeper**: a small process that starts the program and owns everything the
//! program starts. Neither the keeper nor the program's process copies the harness's page tables:
//!
//! ```text
//! harness ──clone(CLONE_VM)──▶ keeper (own process group, child subreaper, parent-death SIGTERM)
//!            └──clone(CLONE_VM|CLONE_VFORK)+exec──▶ program (own process group, parent-death SIGKILL)
//!                                                     └── its children, setsid() daemons...
//! ```
//!
//! * **Starting cheaply.** A `fork` of the harness copies its page tables, and every page either
//!   side then writes is copied again; it was most of a supervised run's cost. So the keeper is
//!   started with `CLONE_VM`: a process of its own (its pid, its children, its descriptor table,
//!   its signal dispositions) that shares the harness's memory and runs on a stack of its own
//!   (pooled, with guard pages). It never execs, never allocates, takes no lock and writes no
//!   memory but its stack; it makes its system calls itself (`sys`) because the C library's wrappers
//!   would write `errno`, which is the harness thread's. Everything it reads (the program's argv,
//!   environment and candidate paths, the pipes) is built beforehand in a `Launch` that the harness
//!   frees only after reaping the keeper. The keeper starts the program the way `posix_spawn` does,
//!   with `CLONE_VM | CLONE_VFORK` on a second stack: the keeper waits until the program has
//!   exec'd; a program that cannot be started writes the error to the status pipe (`cannot start`).
//!   The keeper is started with every signal blocked, so none of the harness's handlers can run in
//!   it; the program unblocks them just before its `exec`. On architectures other than x86-64 the
//!   keeper is started on a copy of the harness's memory instead (as with `fork`).
//!   `cargo bench -p supervise --bench overhead` measures a supervised run of an empty C program
//!   beside a plain `fork`/`exec`/`wait` and a `vfork`/`exec`/`wait` of it.
//! * **No threads, no early sampling.** The harness serves the program's pipes and the keeper's
//!   status pipe from one `poll` loop in the calling thread, and samples `/proc` only from
//!   [`SAMPLE_PERIOD`] on: a run that ends sooner is judged by the keeper's exact figures alone.
//! * **No process left behind.** The keeper is a *child subreaper* (`PR_SET_CHILD_SUBREAPER`):
//!   whatever the program starts, even through `setsid()` or a double fork, stays in the keeper's
//!   tree, because an orphan is reparented to the keeper instead of to init. When the program ends
//!   (on its own or because a limit was hit), the keeper kills its process group, reaps what has
//!   ended and, while it still has children, walks its own tree (`/proc/PID/task/TID/children`),
//!   killing every process in it, until it has reaped every last one (a keeper without children
//!   has an empty tree: a program that started nothing costs no walk). Only then does it report
//!   and exit. The keeper is the only process that waits on the program's tree, so `waitpid(-1)`
//!   is correct there; the harness itself only ever waits for the pid of a keeper it started (and,
//!   in the rare case below, for the specific pids of processes it has identified), so concurrent
//!   runs from rayon threads never steal each other's statuses.
//! * **Interrupts and crashes of the harness.** Every live keeper is in a lock-free registry;
//!   [`kill_all`] (async-signal-safe, used by the harness's interrupt handler) sends each one SIGTERM, which
//!   makes it kill and reap its tree. The keeper also gets SIGTERM when the harness dies, even by
//!   SIGKILL (`PR_SET_PDEATHSIG`), so even a killed harness leaves nothing running.
//! * **A keeper that dies** (killed from outside, or by the program itself): the program gets
//!   SIGKILL through its own parent-death signal, and the rest of the tree is reparented to the
//!   harness, which is a child subreaper too (set once, on the first run). The harness then finds
//!   the survivors by a marker in their environment ([`RUN_MARKER`], inherited by everything the
//!   program starts), kills them and reaps those that become its children, by pid. The program
//!   itself (a zombie has no environment) is known by its pid and its start time, which the keeper
//!   bounds by reading the boot clock just before and after starting it.
//! * **CPU time** is the user + system time of the whole tree. While the program runs, the harness
//!   samples it every [`SAMPLE_PERIOD`] from `/proc` (the keeper's reaped children plus every live
//!   process in the tree) and stops the run soon after the limit is passed. The final figure is
//!   exact: `getrusage(RUSAGE_CHILDREN)` in the keeper after it has reaped the whole tree. A run
//!   that finishes on its own but used more CPU than allowed also gets the CPU limit. As a backstop
//!   (for instance while the harness is stopped with Ctrl-Z), every process of the program has
//!   `RLIMIT_CPU` at the limit rounded up plus one second.
//! * **Wall-clock guard.** A program that sleeps or waits does not use CPU time; it is stopped at
//!   [`Limits::wall`] (by default three times the CPU limit plus a second) and reported as a hang
//!   ([`Limit::Wall`]) unless it also used more CPU than allowed.
//! * **Memory** is resident memory: the sum over the live processes of the tree of their peak
//!   resident set (`VmHWM`), sampled with the CPU time; the run is stopped when the sum passes the
//!   limit, and gets [`Limit::Memory`], never an ordinary crash verdict. A process that touches
//!   more than the limit and exits between two samples is still caught at the end: the keeper
//!   reports the largest peak of any process of the tree (`ru_maxrss`; see the limits below).
//! * **Output**: stdout is kept up to [`Limits::max_output`] bytes; more makes the run `flooded`,
//!   stopped at once. The last [`STDERR_TAIL`] bytes of stderr are kept; stderr is always drained
//!   so the program never blocks on it.
//!
//! * **Two programs talking** (an interactor and a solution): [`execute_pair`] connects each one's
//!   stdout to the other's stdin and supervises both as above, each under its own keeper and
//!   limits, from one `poll` loop; when one side ends, the other is stopped after [`PAIR_GRACE`].
//!
//! # Limits of the approach
//!
//! * Linux only (`prctl`, `/proc`). Without `/proc/PID/task/TID/children` (a kernel built without
//!   `CONFIG_PROC_CHILDREN`) the keeper falls back to scanning `/proc`, which is slower.
//! * Sampling: the CPU limit is enforced within about one sample (10 ms, and `/proc` counts CPU in
//!   clock ticks of 10 ms) plus scheduling delays on a loaded machine; the verdict itself uses the
//!   exact figure. Memory can overshoot the limit by what the program touches in one sample
//!   period before it is stopped.
//! * Memory counts touched pages, not reservations: a program that allocates 3 GB and never
//!   touches it is not over a 256 MB limit. Pages shared between processes of the tree are counted
//!   once per process. There is deliberately no `RLIMIT_AS`: it would turn "too much memory" into a
//!   failed allocation inside the program (a crash that cannot be told from any other), and it
//!   breaks programs that reserve address space (sanitizers, some runtimes).
//! * `ru_maxrss` of a process that exec'd keeps the peak of the memory it ran on before (here the
//!   harness's, shared or copied), so the keeper's figure is trusted only when it clearly exceeds
//!   the keeper's own peak (the harness's resident size); below that, only the samples count.
//! * The program is found along `PATH` as `execvp` does, but a file without a `#!` line and not in
//!   a format the kernel runs is not handed to `/bin/sh`: it cannot be started.
//! * A fork bomb is killed layer by layer and may take a few rounds.
//! * A program that deliberately kills its keeper *and* starts processes with a cleared
//!   environment can leave processes the harness cannot identify. The program runs with the
//!   harness's user id: anything that user may do (`kill -9 -1` included), it may do.
//! * Runs shorter than one sample that stay below the harness's own size get no memory figure
//!   ([`Execution::peak_memory`] is `None`).
//! * The program is made the preferred victim of the kernel's out-of-memory killer
//!   (`oom_score_adj` 1000) and cannot write core files (`RLIMIT_CORE` 0).

mod keeper;
mod launch;
mod pair;
mod plan;
mod procfs;
mod raw;
mod registry;
mod report;
mod streams;
mod sys;
mod warm;
mod watch;

pub use pair::{execute_pair, run_pair, PAIR_GRACE};
pub use registry::{kill_all, live_runs};
pub use warm::{
    run, run_with_env, set_warm_starts, start_counts, warm_starts, Program, StartCounts, WarmStart,
    C_RUNTIME, MAX_SERVER_FAILURES, PYTHON_SERVER, WARM_FD,
};

use anyhow::Context as _;
pub use launch::copy_keeper_memory_on_this_thread;

use libc::{c_int, pid_t};
use plan::Launch;
use procfs::{children_files_available, sweep};
use registry::{register, Running, KILL_EPOCH};
use report::Reports;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};
use streams::{poll, pollfd, Streams};
use watch::Watch;

/// How many bytes of the end of stderr an [`Execution`] keeps.
pub const STDERR_TAIL: usize = 4096;
/// The output cap of [`Limits::from_cpu`].
pub const DEFAULT_MAX_OUTPUT: usize = 16 << 20;
/// The environment variable that marks every process of a run (`<harness pid>.<run number>`).
pub const RUN_MARKER: &str = "MATCH3_HARNESS_RUN";
/// How often the CPU time and memory of a running program are sampled.
pub const SAMPLE_PERIOD: Duration = Duration::from_millis(10);
/// How long a keeper may take to clean up after being told to, before it is killed outright.
const KEEPER_GRACE: Duration = Duration::from_secs(2);
/// How long the harness keeps reading the program's output once its whole tree is gone.
const DRAIN_LIMIT: Duration = Duration::from_secs(2);
/// Peaks reported by the keeper below its own size plus this margin are not trusted (see above).
const RUSAGE_MARGIN: u64 = 1 << 20;

/// The limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) of the program and everything it starts.
    pub cpu: Duration,
    /// Wall-clock guard against programs that sleep or wait; a few times `cpu`. A run still busy at
    /// the guard (a tenth of the period's time or more in CPU: a loaded machine, not a wait) gets
    /// another period, up to four more; its CPU limit ends it if it keeps working.
    pub wall: Duration,
    /// Peak resident memory of the program's process tree, in bytes.
    pub memory_bytes: Option<u64>,
    /// Bytes of stdout kept; more is a flood and stops the run.
    pub max_output: usize,
}

impl Limits {
    /// A CPU limit with the wall guard derived from it ([`Limits::wall_guard`]), no memory limit and
    /// [`DEFAULT_MAX_OUTPUT`].
    pub fn from_cpu(cpu: Duration) -> Limits {
        Limits {
            cpu,
            wall: Limits::wall_guard(cpu),
            memory_bytes: None,
            max_output: DEFAULT_MAX_OUTPUT,
        }
    }

    /// The wall guard for a CPU limit: three times it plus one second, so that a program slowed
    /// down by a loaded machine still gets judged on its CPU time.
    pub fn wall_guard(cpu: Duration) -> Duration {
        cpu.saturating_mul(3).saturating_add(Duration::from_secs(1))
    }

    /// The same limits with a memory limit.
    pub fn with_memory(self, bytes: u64) -> Limits {
        Limits {
            memory_bytes: Some(bytes),
            ..self
        }
    }

    /// The same limits with another CPU limit, and the wall guard derived from it
    /// ([`Limits::wall_guard`]).
    pub fn with_cpu(self, cpu: Duration) -> Limits {
        Limits {
            cpu,
            wall: Limits::wall_guard(cpu),
            ..self
        }
    }

    /// The same limits with another wall guard.
    pub fn with_wall(self, wall: Duration) -> Limits {
        Limits { wall, ..self }
    }

    /// The same limits with another output cap.
    pub fn with_max_output(self, max_output: usize) -> Limits {
        Limits { max_output, ..self }
    }

    /// The stack limit a run gets, in bytes: the memory limit, as contest judges set it (a deep
    /// recursion that fits in the memory limit runs as on the judge); 0 (the harness's own)
    /// without one.
    pub fn stack_bytes(&self) -> u64 {
        self.memory_bytes.unwrap_or(0)
    }
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status.
    Exited(i32),
    /// A signal ended it, not sent by the harness (a crash, an abort, the kernel's OOM killer...).
    Signaled(i32),
    /// The harness stopped it (a limit, a flood, or [`kill_all`]).
    Killed,
}

/// The limit a run hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// It used more CPU time than [`Limits::cpu`].
    Cpu,
    /// It was still running at [`Limits::wall`] without having used its CPU time: it hung
    /// (sleeping, or waiting for something).
    Wall,
    /// Its resident memory went past [`Limits::memory_bytes`].
    Memory,
    /// It wrote more than [`Limits::max_output`] bytes to stdout.
    Output,
}

impl Limit {
    /// The limit in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Limit::Cpu => "CPU time limit exceeded",
            Limit::Wall => "hung: still running at the wall-clock guard",
            Limit::Memory => "memory limit exceeded",
            Limit::Output => "output limit exceeded",
        }
    }
}

/// What one run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Execution {
    /// Standard output, at most [`Limits::max_output`] bytes.
    pub stdout: Vec<u8>,
    /// The program offered more output than the cap.
    pub flooded: bool,
    /// The last [`STDERR_TAIL`] bytes of standard error.
    pub stderr: Vec<u8>,
    pub ending: Ending,
    /// The limit hit, if any (a run can hit one and still exit on its own, e.g. memory).
    pub limit: Option<Limit>,
    /// The run was stopped by [`kill_all`] (or a SIGTERM to its keeper from elsewhere).
    pub interrupted: bool,
    /// User + system CPU time of the whole process tree.
    pub cpu: Duration,
    /// Wall-clock time from start to the end of the whole tree.
    pub wall: Duration,
    /// Peak resident memory of the tree in bytes, when it could be measured.
    pub peak_memory: Option<u64>,
}

impl Execution {
    /// A run's streams and wall time, before it is judged: stopped by the harness, no limit yet.
    pub(crate) fn stopped(
        stdout: Vec<u8>,
        flooded: bool,
        stderr: Vec<u8>,
        wall: Duration,
    ) -> Execution {
        Execution {
            stdout,
            flooded,
            stderr,
            ending: Ending::Killed,
            limit: None,
            interrupted: false,
            cpu: Duration::ZERO,
            wall,
            peak_memory: None,
        }
    }

    /// Exit status 0, no limit hit, not interrupted.
    pub fn success(&self) -> bool {
        self.ending == Ending::Exited(0) && self.limit.is_none() && !self.interrupted
    }
}

thread_local! {
    /// Tests only: find children by scanning `/proc`, as on kernels without children files.
    static FORCE_PROC_SCAN: Cell<bool> = const { Cell::new(false) };
}

/// Makes the runs started from this thread find processes by scanning `/proc` instead of reading
/// children files, as on kernels without them. For tests of that fallback.
#[doc(hidden)]
pub fn force_proc_scan_on_this_thread(on: bool) {
    FORCE_PROC_SCAN.with(|f| f.set(on));
}

static NEXT_RUN: AtomicU64 = AtomicU64::new(0);

/// Runs `cmd` with `input` on stdin under `limits`, and returns once the program and everything it
/// started are gone. An error means the program could not be started (or the harness is out of
/// resources); everything the program itself does is in the [`Execution`].
pub fn execute(cmd: &[String], input: &[u8], limits: &Limits) -> anyhow::Result<Execution> {
    execute_with_env(cmd, &[], input, limits)
}

/// [`execute`] with `env` set in the program's environment (over the harness's own).
pub fn execute_with_env(
    cmd: &[String],
    env: &[(String, String)],
    input: &[u8],
    limits: &Limits,
) -> anyhow::Result<Execution> {
    let (program, args) = cmd
        .split_first()
        .context("no program to run: give it after `--`")?;
    become_subreaper();
    let marker = new_marker();
    let scan = scan_proc();
    let cannot_start = || format!("cannot start `{program}`");
    let launch =
        Launch::new(program, args, env, &marker, limits, scan).with_context(cannot_start)?;
    let epoch = KILL_EPOCH.load(Ordering::SeqCst);
    let start = Instant::now();
    let started = launch::start(launch, [None, None]).with_context(cannot_start)?;
    let mut running = Running {
        pid: started.keeper,
        slot: None,
        reaped: false,
        memory: Some(started.memory),
    };
    let mut streams = Streams::new(
        started.stdin,
        started.stdout,
        Some(started.stderr),
        input,
        limits.max_output,
    )?;
    running.slot =
        Some(register(running.pid).context("too many programs running at once to keep track of")?);
    if KILL_EPOCH.load(Ordering::SeqCst) != epoch {
        // `kill_all` ran while this run was starting: it may have missed it.
        signal(running.pid, libc::SIGTERM);
    }
    let mut reports = Reports::new(started.status)?;
    let mut watch = Watch::new(running.pid, scan, *limits, start);
    serve(&mut streams, &mut reports, &mut watch)?;
    streams.close_stdin();
    let keeper_usage = running.reap();
    if let Some(error) = reports.failed {
        return Err(std::io::Error::from_raw_os_error(error)).with_context(cannot_start);
    }
    if reports.end.is_none() {
        sweep(&marker, reports.start);
    }
    streams.drain(DRAIN_LIMIT);
    let wall = start.elapsed();
    let (stdout, flooded, stderr) = streams.finish();
    let mut e = Execution::stopped(stdout, flooded, stderr, wall);
    watch.judge(&mut e, reports.end.as_ref(), &keeper_usage);
    Ok(e)
}

/// Serves one run until its keeper reports its end (or is gone): the program's streams, the
/// keeper's records, the limits.
fn serve(streams: &mut Streams, reports: &mut Reports, watch: &mut Watch) -> std::io::Result<()> {
    while !reports.finished() {
        let now = Instant::now();
        let wake = watch.tick(now, streams.flooded);
        let mut fds = streams.poll_fds();
        let status_index = fds.len();
        fds.push(pollfd(reports.raw_fd()));
        poll(&mut fds, wake.saturating_duration_since(now))?;
        streams.service(&fds[..status_index]);
        if fds[status_index].revents != 0 {
            reports.service();
        }
    }
    Ok(())
}

/// A fresh run marker, `<harness pid>.<run number>` ([`RUN_MARKER`]).
fn new_marker() -> String {
    format!(
        "{}.{}",
        std::process::id(),
        NEXT_RUN.fetch_add(1, Ordering::Relaxed)
    )
}

/// Whether this run finds the program's tree by scanning `/proc` (no children files, or a test).
fn scan_proc() -> bool {
    FORCE_PROC_SCAN.with(Cell::get) || !children_files_available()
}

fn signal(pid: pid_t, sig: c_int) {
    if pid > 0 {
        // SAFETY: kill(2) touches no memory.
        unsafe { libc::kill(pid, sig) };
    }
}

/// Makes the harness a child subreaper, once: a tree whose keeper died is reparented to the
/// harness rather than to init, so it can still be found and reaped.
fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with integer arguments.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0) };
    });
}

#[cfg(test)]
mod tests {
    use super::procfs::all_pids;
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn the_wall_guard_is_three_times_the_cpu_limit_and_a_second() {
        let l = Limits::from_cpu(Duration::from_millis(500));
        assert_eq!(l.wall, Duration::from_millis(2500));
        assert_eq!(l.memory_bytes, None);
        assert_eq!(l.with_memory(7).memory_bytes, Some(7));
    }

    #[test]
    fn without_children_files_the_tree_is_found_by_scanning_proc() {
        force_proc_scan_on_this_thread(true);
        let marker = format!("proc-scan-{}", std::process::id());
        let script = format!(
            "(setsid sh -c 'sleep 30; :' {marker} &); sh -c 'while :; do :; done' & sleep 30"
        );
        let limits = Limits::from_cpu(Duration::from_millis(200)).with_wall(Duration::from_secs(5));
        let e = execute(&sh(&script), b"", &limits).unwrap();
        force_proc_scan_on_this_thread(false);
        assert_eq!(e.limit, Some(Limit::Cpu), "{e:?}");
        assert_eq!(e.ending, Ending::Killed);
        let left: Vec<pid_t> = all_pids()
            .into_iter()
            .filter(|p| {
                std::fs::read(format!("/proc/{p}/cmdline"))
                    .is_ok_and(|c| c.windows(marker.len()).any(|w| w == marker.as_bytes()))
            })
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
}
