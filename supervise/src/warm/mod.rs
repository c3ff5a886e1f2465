//! Warm starts: a program started once and forked for every run, supervised like an exec'd one.
//!
//! A [`Program`] the harness has built with a warm start ([`WarmStart`]: a C or C++ program
//! linked with [`C_RUNTIME`], or a Python script run by [`PYTHON_SERVER`]) is started once per
//! worker thread as a *server*: it sets itself up (the C library and the C++ run-time, or the
//! interpreter, the script compiled and its library imports done), stops before the program's own
//! code, and for each run forks a fresh copy of that stopped state whose standard streams are the
//! run's. Every run starts from the same pristine state, as a freshly exec'd program would, at the
//! cost of a fork.
//!
//! The server is the run's keeper: it speaks the keeper's protocol on the run's status pipe (the
//! same records, `report.rs`), is a child subreaper (whatever the run starts stays in its tree and
//! is killed and reaped when the run ends), and reports the run's own CPU time (the difference of
//! its `RUSAGE_CHILDREN` across the run) and the largest peak resident set of a process of the run.
//! So a warm run is judged by the code that judges an exec'd one ([`Watch`]): the CPU limit
//! (sampled, then exact), the wall-clock guard, the output cap, the exit status or signal, the
//! stderr tail, nothing left running.
//!
//! **Memory** is the peak resident set of the run's own processes. A forked child's resident set
//! starts with the pages of the stopped program it maps (as an exec'd program has its own copies of
//! them by the same point), so a warm run's figure is the figure of a cold run; the server's own
//! pages are never added to it.
//!
//! **Never a verdict against the program.** A server that cannot be started, does not answer, or
//! dies during a run (killed from outside, or by the run) is dropped, and the run is made again by
//! exec: its verdict is the exec'd run's. After [`MAX_SERVER_FAILURES`] such failures a thread
//! runs that program by exec only. [`set_warm_starts`]`(false)` (the harness's `--cold`) runs every
//! program by exec.
//!
//! **Nothing left running.** A server lives as long as its thread's pool: it exits when its control
//! socket closes (the pool dropped, or the harness gone, even by SIGKILL), and a run in progress is
//! stopped like any other by [`kill_all`](crate::kill_all) (the server is registered as the run's
//! keeper while the run lasts) or by the server's parent-death signal.

use super::{execute_with_env, Execution, Limits};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The server's C source: linked as an object into every C and C++ program the harness builds,
/// and built as a shared library (`-DWARM_LIBRARY`) for [`PYTHON_SERVER`].
pub const C_RUNTIME: &str = include_str!("../../warm/warm.c");
/// The resident Python interpreter: `PYTHON warm_server.py LIBWARM SCRIPT`.
pub const PYTHON_SERVER: &str = include_str!("../../warm/warm_server.py");
/// The environment variable that makes a program built with [`C_RUNTIME`] a server (the number of
/// its control socket). Without it the program runs as a plain program.
pub const WARM_FD: &str = "HARNESS_WARM_FD";
/// Server failures after which a thread runs a program by exec only.
pub const MAX_SERVER_FAILURES: u32 = 3;
/// How long a server may take to set itself up (an interpreter importing a script's libraries).
pub(crate) const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a server may take to report that it has forked a run.
pub(crate) const START_TIMEOUT: Duration = Duration::from_secs(5);

/// How a program the harness built is started warm.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WarmStart {
    /// The command that starts the server: the program itself (built with [`C_RUNTIME`]), or the
    /// interpreter with [`PYTHON_SERVER`], the runtime library and the script.
    pub server: Vec<String>,
    /// The first words of every run's `argv`, as the program sees them when exec'd: its path, or
    /// the script's.
    pub argv: Vec<String>,
}

/// A program as the harness runs it: by exec, or warm when it was built for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// The words that start it by exec (the program, or the interpreter and the script), before
    /// the arguments of a run.
    pub exec: Vec<String>,
    /// How it starts warm, when it can.
    pub warm: Option<WarmStart>,
}

impl Program {
    /// A program started by exec only.
    pub fn exec(words: Vec<String>) -> Program {
        Program {
            exec: words,
            warm: None,
        }
    }

    /// The words of an exec'd run with `args`.
    pub fn command(&self, args: &[String]) -> Vec<String> {
        let mut argv = self.exec.clone();
        argv.extend(args.iter().cloned());
        argv
    }

    /// How its runs start warm, when it was built for it and warm starts are on.
    pub(crate) fn warm_start(&self) -> Option<&WarmStart> {
        self.warm.as_ref().filter(|_| warm_starts())
    }
}

impl WarmStart {
    /// The `argv` of a run with `args`: the words every run starts with, then the run's own.
    pub(crate) fn argv_with(&self, args: &[String]) -> Vec<String> {
        let mut argv = self.argv.clone();
        argv.extend(args.iter().cloned());
        argv
    }
}

static WARM_STARTS: AtomicBool = AtomicBool::new(true);
static WARM_RUNS: AtomicU64 = AtomicU64::new(0);
static EXEC_RUNS: AtomicU64 = AtomicU64::new(0);
static FALLBACKS: AtomicU64 = AtomicU64::new(0);

/// Turns warm starts on or off for the whole process (off: every program by exec, every run).
pub fn set_warm_starts(on: bool) {
    WARM_STARTS.store(on, Ordering::SeqCst);
}

/// Whether programs built for it start warm.
pub fn warm_starts() -> bool {
    WARM_STARTS.load(Ordering::SeqCst)
}

/// How the runs of this process were started so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StartCounts {
    /// Runs forked from a warm server.
    pub warm: u64,
    /// Runs started by exec (programs without a warm start, `--cold`, and fallbacks).
    pub exec: u64,
    /// Of those by exec, runs whose server failed and that were made again by exec.
    pub fallbacks: u64,
}

/// Counts a run started warm (`true`) or by exec.
pub(crate) fn count_start(warm: bool) {
    let counter = if warm { &WARM_RUNS } else { &EXEC_RUNS };
    counter.fetch_add(1, Ordering::Relaxed);
}

/// How the runs of this process were started so far.
pub fn start_counts() -> StartCounts {
    StartCounts {
        warm: WARM_RUNS.load(Ordering::Relaxed),
        exec: EXEC_RUNS.load(Ordering::Relaxed),
        fallbacks: FALLBACKS.load(Ordering::Relaxed),
    }
}

/// Runs `program` with `args`, `input` on stdin, under `limits`: forked from this thread's warm
/// server when it has one (started on first use), else by exec. Judged the same either way; an
/// error means the program could not be started at all.
pub fn run(
    program: &Program,
    args: &[String],
    input: &[u8],
    limits: &Limits,
) -> anyhow::Result<Execution> {
    run_with_env(program, args, &[], input, limits)
}

/// [`run`] with `env` set in the program's environment (over the harness's own).
pub fn run_with_env(
    program: &Program,
    args: &[String],
    env: &[(String, String)],
    input: &[u8],
    limits: &Limits,
) -> anyhow::Result<Execution> {
    if let Some(warm) = program.warm_start() {
        if let Some(mut server) = pool::take(warm, limits.stack_bytes()) {
            match run::execute_warm(&mut server, &warm.argv_with(args), env, input, limits) {
                Ok(e) => {
                    count_start(true);
                    pool::give_back(warm, server);
                    return Ok(e);
                }
                Err(_) => {
                    FALLBACKS.fetch_add(1, Ordering::Relaxed);
                    pool::failed(warm);
                }
            }
        }
    }
    count_start(false);
    execute_with_env(&program.command(args), env, input, limits)
}

pub(crate) mod pool;
mod run;
mod server;

pub(crate) use run::{begin, ended, Begun, Lost, Registered};
pub(crate) use server::Server;
