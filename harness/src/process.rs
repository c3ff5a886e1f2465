//! Running a judged program the way a contest judge does: a CPU-time limit, a memory limit, a cap
//! on the output, a wall-clock guard against programs that hang, and no process left behind.
//!
//! # What is enforced, and how
//!
//! Each run gets a **keeper**: a small process forked from the harness (it never execs) that starts
//! the program and owns everything the program starts.
//!
//! ```text
//! harness ──fork──▶ keeper (own process group, child subreaper, parent-death signal SIGTERM)
//!                     └──fork+exec──▶ program (own process group, parent-death signal SIGKILL)
//!                                       └── its children, grandchildren, setsid() daemons...
//! ```
//!
//! * **No process left behind.** The keeper is a *child subreaper* (`PR_SET_CHILD_SUBREAPER`):
//!   whatever the program starts, even through `setsid()` or a double fork, stays in the keeper's
//!   tree, because an orphan is reparented to the keeper instead of to init. When the program ends
//!   (on its own or because a limit was hit), the keeper kills its process group and then walks
//!   its own tree (`/proc/PID/task/TID/children`), killing every process in it, and repeats until
//!   it has reaped every last one. Only then does it report and exit. The keeper is the only
//!   process that waits on the program's tree, so `waitpid(-1)` is correct there; the harness
//!   itself only ever waits for the pid of a keeper it started (and, in the rare case below, for
//!   the specific pids of processes it has identified), so concurrent runs from rayon threads never
//!   steal each other's statuses.
//! * **Interrupts and crashes of the harness.** Every live keeper is in a lock-free registry;
//!   [`kill_all`] (async-signal-safe, used by [`crate::interrupt`]) sends each one SIGTERM, which
//!   makes it kill and reap its tree. The keeper also gets SIGTERM when the harness dies, even by
//!   SIGKILL (`PR_SET_PDEATHSIG`), so even a killed harness leaves nothing running.
//! * **A keeper that dies** (killed from outside, or by the program itself): the program gets
//!   SIGKILL through its own parent-death signal, and the rest of the tree is reparented to the
//!   harness, which is a child subreaper too (set once, on the first run). The harness then finds
//!   the survivors by a marker in their environment ([`RUN_MARKER`], inherited by everything the
//!   program starts), kills them and reaps those that become its children, by pid.
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
//! * `ru_maxrss` of a forked-then-exec'd process includes the memory of the process it was forked
//!   from, so the keeper's figure is trusted only when it clearly exceeds the keeper's own resident
//!   size (a copy of the harness); below that, only the samples count.
//! * A fork bomb is killed layer by layer and may take a few rounds.
//! * A program that deliberately kills its keeper *and* starts processes with a cleared
//!   environment can leave processes the harness cannot identify. The program runs with the
//!   harness's user id: anything that user may do (`kill -9 -1` included), it may do.
//! * Runs shorter than one sample that stay below the harness's own size get no memory figure
//!   ([`Execution::peak_memory`] is `None`).
//! * The program is made the preferred victim of the kernel's out-of-memory killer
//!   (`oom_score_adj` 1000) and cannot write core files (`RLIMIT_CORE` 0).

use anyhow::Context as _;
use libc::{c_int, pid_t};
use std::cell::Cell;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt as _;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};
use std::time::{Duration, Instant};

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
    /// Wall-clock guard against programs that sleep or wait; a few times `cpu`.
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

    /// The same limits with another wall guard.
    pub fn with_wall(self, wall: Duration) -> Limits {
        Limits { wall, ..self }
    }

    /// The same limits with another output cap.
    pub fn with_max_output(self, max_output: usize) -> Limits {
        Limits { max_output, ..self }
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
    let (program, args) = cmd
        .split_first()
        .context("no program to run: give it after `--`")?;
    become_subreaper();
    let (status_read, status_write) =
        status_pipe().context("cannot create a pipe for the program's keeper")?;
    let marker = format!(
        "{}.{}",
        std::process::id(),
        NEXT_RUN.fetch_add(1, Ordering::Relaxed)
    );
    let scan = FORCE_PROC_SCAN.with(Cell::get) || !children_files_available();
    let keeper = Keeper {
        // SAFETY: getpid has no preconditions.
        harness: unsafe { libc::getpid() },
        status_fd: status_write.as_raw_fd(),
        cpu_backstop: cpu_backstop(limits.cpu),
        scan,
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .env(RUN_MARKER, &marker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: the closure runs between fork and exec and only makes async-signal-safe calls without
    // allocating (see `Keeper::start`).
    unsafe {
        command.pre_exec(move || keeper.start());
    }
    let epoch = KILL_EPOCH.load(Ordering::SeqCst);
    let start = Instant::now();
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot start `{program}`"))?;
    drop(status_write);
    let mut running = Running {
        pid: child.id() as pid_t,
        slot: None,
        reaped: false,
    };
    let mut streams = Streams::new(
        child.stdin.take().map(OwnedFd::from),
        child.stdout.take().map(OwnedFd::from),
        child.stderr.take().map(OwnedFd::from),
        input,
        limits.max_output,
    )?;
    drop(child);
    running.slot =
        Some(register(running.pid).context("too many programs running at once to keep track of")?);
    if KILL_EPOCH.load(Ordering::SeqCst) != epoch {
        // `kill_all` ran while this run was starting: it may have missed it.
        signal(running.pid, libc::SIGTERM);
    }
    let mut reports = Reports::new(status_read)?;
    let mut watch = Watch::new(running.pid, scan, *limits, start);
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
    streams.close_stdin();
    let keeper_usage = running.reap();
    if reports.end.is_none() {
        sweep(&marker, reports.start);
    }
    streams.drain(DRAIN_LIMIT);
    let wall = start.elapsed();
    let (stdout, flooded, stderr) = streams.finish();
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
    watch.judge(&mut e, reports.end.as_ref(), &keeper_usage);
    Ok(e)
}

/// The harness's side of a live run: samples the tree, decides when a limit is hit and tells the
/// keeper to stop the run.
struct Watch {
    keeper: pid_t,
    scan: bool,
    limits: Limits,
    wall_deadline: Instant,
    next_sample: Instant,
    /// The latest CPU time, and the highest memory seen.
    usage: Usage,
    sampled: bool,
    /// The limit for which the harness stopped the run.
    reason: Option<Limit>,
    /// When the keeper was told to stop the run.
    told_at: Option<Instant>,
    /// The keeper did not finish in time and was killed.
    keeper_killed: bool,
}

impl Watch {
    fn new(keeper: pid_t, scan: bool, limits: Limits, start: Instant) -> Watch {
        Watch {
            keeper,
            scan,
            limits,
            wall_deadline: start + limits.wall,
            next_sample: start + SAMPLE_PERIOD,
            usage: Usage::default(),
            sampled: false,
            reason: None,
            told_at: None,
            keeper_killed: false,
        }
    }

    /// Samples if it is time, stops the run if a limit is hit; returns when to look again.
    fn tick(&mut self, now: Instant, flooded: bool) -> Instant {
        let Some(told) = self.told_at else {
            let mut decided = flooded.then_some(Limit::Output);
            if decided.is_none() && (now >= self.next_sample || now >= self.wall_deadline) {
                if let Some(u) = sample_tree(self.keeper, self.scan) {
                    self.usage.cpu = u.cpu;
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
                } else if now >= self.wall_deadline {
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

    /// Fills in how the run ended, its CPU time, memory and the limit hit, from the keeper's
    /// report (or, if it died, its rusage) and what was sampled.
    fn judge(&self, e: &mut Execution, report: Option<&EndReport>, keeper: &libc::rusage) {
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

/// Stops every running program and everything it started: each keeper is told (SIGTERM) to kill
/// and reap its tree, and the [`execute`] calls waiting on them return with
/// [`Execution::interrupted`]. Runs starting at the same moment are stopped as soon as they are
/// registered. Async-signal-safe: only atomics and `kill(2)`, so signal handlers may call it.
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

// ---------------------------------------------------------------------------------------------
// The registry of live keepers.

const SLOTS: usize = 1024;
static KEEPERS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
static KILL_EPOCH: AtomicUsize = AtomicUsize::new(0);

fn register(pid: pid_t) -> Option<usize> {
    KEEPERS.iter().position(|s| {
        s.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

fn unregister(slot: usize, pid: pid_t) {
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
struct Running {
    pid: pid_t,
    slot: Option<usize>,
    reaped: bool,
}

impl Running {
    /// Waits for the keeper (which is exiting or about to) and returns its rusage.
    fn reap(&mut self) -> libc::rusage {
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
    }
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

/// Whether this kernel has `/proc/PID/task/TID/children`.
fn children_files_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| std::path::Path::new("/proc/thread-self/children").exists())
}

/// `RLIMIT_CPU` (soft, hard) in seconds for a CPU limit: rounded up, plus one, plus one more.
fn cpu_backstop(cpu: Duration) -> (u64, u64) {
    let soft = cpu
        .as_secs()
        .saturating_add(u64::from(cpu.subsec_nanos() > 0))
        .saturating_add(1);
    (soft, soft.saturating_add(1))
}

/// A close-on-exec pipe whose ends are not 0, 1 or 2 (those are about to become the program's
/// standard streams in the child).
fn status_pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: pipe2 fills the two-element array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the two descriptors were just created and are owned by nobody else.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(read)?, above_stdio(write)?))
}

fn above_stdio(fd: OwnedFd) -> io::Result<OwnedFd> {
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // SAFETY: duplicates a descriptor we own.
    let dup = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if dup < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `dup` is a fresh descriptor.
    Ok(unsafe { OwnedFd::from_raw_fd(dup) })
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

fn pollfd(fd: RawFd) -> libc::pollfd {
    libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    }
}

fn poll(fds: &mut [libc::pollfd], timeout: Duration) -> io::Result<()> {
    // Round up, so that a wait of less than a millisecond is not a busy loop.
    let ms = timeout.as_micros().div_ceil(1000).min(1000) as c_int;
    // SAFETY: `fds` is a valid array of its length.
    let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if r < 0 && raw::errno() != libc::EINTR {
        return Err(io::Error::last_os_error());
    }
    Ok(())
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

// ---------------------------------------------------------------------------------------------
// The program's standard streams, served from one poll loop (no helper threads).

struct Streams<'a> {
    stdin: Option<OwnedFd>,
    input: &'a [u8],
    written: usize,
    stdout: Option<OwnedFd>,
    out: Vec<u8>,
    flooded: bool,
    max_output: usize,
    stderr: Option<OwnedFd>,
    err: Vec<u8>,
    buf: Vec<u8>,
}

impl<'a> Streams<'a> {
    fn new(
        stdin: Option<OwnedFd>,
        stdout: Option<OwnedFd>,
        stderr: Option<OwnedFd>,
        input: &'a [u8],
        max_output: usize,
    ) -> io::Result<Streams<'a>> {
        for fd in [&stdin, &stdout, &stderr].into_iter().flatten() {
            set_nonblocking(fd.as_raw_fd())?;
        }
        let mut streams = Streams {
            stdin,
            input,
            written: 0,
            stdout,
            out: Vec::new(),
            flooded: false,
            max_output,
            stderr,
            err: Vec::new(),
            buf: vec![0; 1 << 16],
        };
        if streams.input.is_empty() {
            streams.close_stdin();
        }
        Ok(streams)
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The descriptors to poll, in the order `service` expects: stdin, stdout, stderr (those open).
    fn poll_fds(&self) -> Vec<libc::pollfd> {
        let mut fds = Vec::with_capacity(4);
        if let Some(fd) = &self.stdin {
            fds.push(libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLOUT,
                revents: 0,
            });
        }
        for fd in [&self.stdout, &self.stderr].into_iter().flatten() {
            fds.push(pollfd(fd.as_raw_fd()));
        }
        fds
    }

    fn service(&mut self, fds: &[libc::pollfd]) {
        for p in fds {
            if p.revents == 0 {
                continue;
            }
            if self.stdin.as_ref().is_some_and(|f| f.as_raw_fd() == p.fd) {
                self.write_input();
            } else if self.stdout.as_ref().is_some_and(|f| f.as_raw_fd() == p.fd) {
                self.read_stdout();
            } else if self.stderr.as_ref().is_some_and(|f| f.as_raw_fd() == p.fd) {
                self.read_stderr();
            }
        }
    }

    fn write_input(&mut self) {
        let Some(fd) = &self.stdin else { return };
        while self.written < self.input.len() {
            let rest = &self.input[self.written..];
            let chunk = &rest[..rest.len().min(1 << 16)];
            // SAFETY: writes from a valid slice to a descriptor we own.
            let n = unsafe { libc::write(fd.as_raw_fd(), chunk.as_ptr().cast(), chunk.len()) };
            if n > 0 {
                self.written += n as usize;
                continue;
            }
            match raw::errno() {
                libc::EINTR => continue,
                libc::EAGAIN => return,
                // EPIPE: the program does not read its input (or no longer); that is its business.
                _ => break,
            }
        }
        self.close_stdin();
    }

    /// Reads what is available; `None` once the stream is at its end.
    fn read_some(fd: &OwnedFd, buf: &mut [u8]) -> Option<usize> {
        loop {
            // SAFETY: reads into a valid buffer from a descriptor we own.
            let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n > 0 {
                return Some(n as usize);
            }
            if n == 0 {
                return None;
            }
            match raw::errno() {
                libc::EINTR => continue,
                libc::EAGAIN => return Some(0),
                _ => return None,
            }
        }
    }

    fn read_stdout(&mut self) {
        let Some(fd) = &self.stdout else { return };
        loop {
            match Streams::read_some(fd, &mut self.buf) {
                None => {
                    self.stdout = None;
                    return;
                }
                Some(0) => return,
                Some(n) => {
                    let room = self.max_output - self.out.len();
                    if n > room {
                        self.flooded = true;
                    }
                    self.out.extend_from_slice(&self.buf[..n.min(room)]);
                }
            }
        }
    }

    fn read_stderr(&mut self) {
        let Some(fd) = &self.stderr else { return };
        loop {
            match Streams::read_some(fd, &mut self.buf) {
                None => {
                    self.stderr = None;
                    return;
                }
                Some(0) => return,
                Some(n) => {
                    self.err.extend_from_slice(&self.buf[..n]);
                    if self.err.len() > 2 * STDERR_TAIL {
                        self.err.drain(..self.err.len() - STDERR_TAIL);
                    }
                }
            }
        }
    }

    /// Reads stdout and stderr to their ends (the tree is gone, so they end), for at most `limit`.
    fn drain(&mut self, limit: Duration) {
        let deadline = Instant::now() + limit;
        loop {
            let mut fds = self.poll_fds();
            if fds.is_empty() {
                return;
            }
            let now = Instant::now();
            if now >= deadline || poll(&mut fds, deadline - now).is_err() {
                return;
            }
            self.service(&fds);
        }
    }

    fn finish(mut self) -> (Vec<u8>, bool, Vec<u8>) {
        if self.err.len() > STDERR_TAIL {
            self.err.drain(..self.err.len() - STDERR_TAIL);
        }
        (self.out, self.flooded, self.err)
    }
}

// ---------------------------------------------------------------------------------------------
// What the keeper reports: fixed 64-byte records, written atomically to the status pipe.

const RECORD: usize = 64;
const TAG_STARTED: u64 = 0x6d33_6b65_6570_0001;
const TAG_ENDED: u64 = 0x6d33_6b65_6570_0002;
const FLAG_KILL_REQUESTED: u64 = 1;
const FLAG_KILLED_WHILE_RUNNING: u64 = 2;

struct EndReport {
    /// The keeper was told to stop the run (by the harness or `kill_all`).
    kill_requested: bool,
    /// ... and the program was still running then.
    killed_while_running: bool,
    /// The program's wait status.
    status: c_int,
    /// CPU time of everything the keeper reaped: the whole tree.
    cpu: Duration,
    /// The largest `ru_maxrss` of the tree, in bytes.
    maxrss: u64,
    /// The keeper's own `ru_maxrss`, in bytes.
    self_maxrss: u64,
}

struct Reports {
    fd: OwnedFd,
    buf: Vec<u8>,
    /// The program's pid and start time (in clock ticks since boot), once known.
    start: Option<(pid_t, u64)>,
    end: Option<EndReport>,
    closed: bool,
}

impl Reports {
    fn new(fd: OwnedFd) -> io::Result<Reports> {
        set_nonblocking(fd.as_raw_fd())?;
        Ok(Reports {
            fd,
            buf: Vec::new(),
            start: None,
            end: None,
            closed: false,
        })
    }

    fn raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// The keeper has reported the end of the run, or is gone.
    fn finished(&self) -> bool {
        self.end.is_some() || self.closed
    }

    fn service(&mut self) {
        let mut chunk = [0u8; 4 * RECORD];
        loop {
            match Streams::read_some(&self.fd, &mut chunk) {
                None => {
                    self.closed = true;
                    break;
                }
                Some(0) => break,
                Some(n) => self.buf.extend_from_slice(&chunk[..n]),
            }
        }
        while self.buf.len() >= RECORD {
            let record: Vec<u64> = self.buf[..RECORD]
                .chunks_exact(8)
                .map(|w| u64::from_ne_bytes(w.try_into().unwrap_or([0; 8])))
                .collect();
            self.buf.drain(..RECORD);
            match record[0] {
                TAG_STARTED => self.start = Some((record[1] as pid_t, record[2])),
                TAG_ENDED => {
                    self.end = Some(EndReport {
                        kill_requested: record[1] & FLAG_KILL_REQUESTED != 0,
                        killed_while_running: record[1] & FLAG_KILLED_WHILE_RUNNING != 0,
                        status: record[2] as u32 as c_int,
                        cpu: Duration::from_micros(record[3]),
                        maxrss: record[4].saturating_mul(1024),
                        self_maxrss: record[5].saturating_mul(1024),
                    })
                }
                _ => {}
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sampling the tree from the harness.

#[derive(Debug, Default, Clone, Copy)]
struct Usage {
    cpu: Duration,
    memory: u64,
}

/// What the harness reads of `/proc/PID/stat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stat {
    state: u8,
    ppid: pid_t,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
    /// cutime + cstime only.
    child_ticks: u64,
    threads: u64,
    start: u64,
}

fn parse_stat(text: &[u8]) -> Option<Stat> {
    let field = |n| raw::stat_field(text, n);
    let state = *text.get(text.iter().rposition(|&b| b == b')')? + 2)?;
    let child_ticks = field(16)?.saturating_add(field(17)?);
    Some(Stat {
        state,
        ppid: field(4)? as pid_t,
        ticks: field(14)?
            .saturating_add(field(15)?)
            .saturating_add(child_ticks),
        child_ticks,
        threads: field(20)?,
        start: field(22)?,
    })
}

fn read_stat(pid: pid_t) -> Option<Stat> {
    parse_stat(&std::fs::read(format!("/proc/{pid}/stat")).ok()?)
}

/// The peak resident set of a process (`VmHWM`), in bytes.
fn peak_resident(pid: pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

fn parse_pids(text: &str) -> impl Iterator<Item = pid_t> + '_ {
    text.split_ascii_whitespace().filter_map(|w| w.parse().ok())
}

/// The children of `pid` (of all its threads), from the children files.
fn children(pid: pid_t, threads: u64) -> Vec<pid_t> {
    let read = |tid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).unwrap_or_default()
    };
    if threads <= 1 {
        return parse_pids(&read(&pid.to_string())).collect();
    }
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|t| t.ok())
        .flat_map(|t| parse_pids(&read(&t.file_name().to_string_lossy())).collect::<Vec<_>>())
        .collect()
}

fn all_pids() -> Vec<pid_t> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

fn clock_ticks_per_second() -> u64 {
    static TICKS: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *TICKS.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_CLK_TCK) } {
        t if t > 0 => t as u64,
        _ => 100,
    })
}

/// The CPU time and summed peak resident memory of the keeper's tree (the keeper excluded, the
/// processes it has already reaped included for CPU).
fn sample_tree(keeper: pid_t, scan: bool) -> Option<Usage> {
    let own = read_stat(keeper)?;
    let mut ticks = own.child_ticks;
    let mut memory = 0u64;
    // Without children files: one pass over /proc gives every parent link at once.
    let table: Vec<(pid_t, Stat)> = if scan {
        all_pids()
            .into_iter()
            .filter_map(|p| Some((p, read_stat(p)?)))
            .collect()
    } else {
        Vec::new()
    };
    let children_of = |pid: pid_t, threads: u64| -> Vec<pid_t> {
        if scan {
            table
                .iter()
                .filter(|(_, s)| s.ppid == pid)
                .map(|&(p, _)| p)
                .collect()
        } else {
            children(pid, threads)
        }
    };
    let mut queue = children_of(keeper, 1);
    let mut i = 0;
    while let Some(&pid) = queue.get(i) {
        i += 1;
        let Some(stat) = read_stat(pid) else { continue };
        ticks = ticks.saturating_add(stat.ticks);
        memory = memory.saturating_add(peak_resident(pid).unwrap_or(0));
        if queue.len() < 100_000 {
            queue.extend(children_of(pid, stat.threads));
        }
    }
    let hz = clock_ticks_per_second();
    Some(Usage {
        cpu: Duration::from_secs(ticks / hz)
            + Duration::from_nanos((ticks % hz) * 1_000_000_000 / hz),
        memory,
    })
}

/// After a keeper died without cleaning up: finds what is left of its tree by the run's marker,
/// kills it, and reaps those processes that were reparented to the harness (by pid: never
/// `waitpid(-1)`, which could take the status of another run's keeper).
fn sweep(marker: &str, program: Option<(pid_t, u64)>) {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let entry = format!("{RUN_MARKER}={marker}");
    // Processes known to belong to the run, by (pid, start time) so that a reused pid is not
    // mistaken for one of them.
    let mut known: Vec<(pid_t, u64)> = program.into_iter().collect();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut pending = false;
        for pid in all_pids() {
            let Some(stat) = read_stat(pid) else { continue };
            let is_known = known.contains(&(pid, stat.start));
            if !is_known {
                if stat.state == b'Z' || !has_marker(pid, &entry) {
                    continue;
                }
                known.push((pid, stat.start));
            }
            if stat.state != b'Z' {
                signal(pid, libc::SIGKILL);
                pending = true;
            } else if stat.ppid == me {
                let mut status = 0;
                // SAFETY: reaps one specific zombie child of ours, identified above.
                unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG | libc::__WALL) };
            } else {
                // A zombie whose parent is being killed: it will come to us.
                pending = true;
            }
        }
        if !pending || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn has_marker(pid: pid_t, entry: &str) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|env| env.split(|&b| b == 0).any(|e| e == entry.as_bytes()))
}

// ---------------------------------------------------------------------------------------------
// The keeper. Everything from here on runs in a child forked from a multithreaded process: it may
// only make async-signal-safe calls, must not allocate or take locks, and must not panic.

#[derive(Clone, Copy)]
struct Keeper {
    harness: pid_t,
    status_fd: c_int,
    cpu_backstop: (u64, u64),
    scan: bool,
}

impl Keeper {
    /// The `pre_exec` hook. In the forked child (which becomes the keeper) it forks again: the
    /// grandchild sets itself up and returns `Ok` to be exec'd as the program; the keeper never
    /// returns.
    fn start(&self) -> io::Result<()> {
        // SAFETY: plain system calls on values we own; see the section comment.
        unsafe {
            let mut blocked: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut blocked);
            libc::sigaddset(&mut blocked, libc::SIGTERM);
            libc::sigaddset(&mut blocked, libc::SIGCHLD);
            libc::sigaddset(&mut blocked, libc::SIGINT);
            libc::sigprocmask(libc::SIG_BLOCK, &blocked, std::ptr::null_mut());
            // The harness's own handlers must not run here (nor be inherited by the program).
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            libc::signal(libc::SIGCHLD, libc::SIG_DFL);
            libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGTERM as libc::c_ulong,
                0,
                0,
                0,
            );
            if libc::getppid() != self.harness {
                // The harness is already gone: nobody wants this run.
                libc::_exit(1);
            }
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0);
            let keeper = libc::getpid();
            let program = libc::fork();
            if program < 0 {
                return Err(io::Error::last_os_error());
            }
            if program == 0 {
                self.prepare_program(keeper);
                return Ok(());
            }
            self.keep(keeper, program)
        }
    }

    /// In the program's process, just before exec.
    unsafe fn prepare_program(&self, keeper: pid_t) {
        libc::setpgid(0, 0);
        libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
            0,
            0,
            0,
        );
        if libc::getppid() != keeper {
            libc::_exit(127);
        }
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
        let mut cpu = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_CPU, &mut cpu) == 0 {
            let hard = cpu.rlim_max.min(self.cpu_backstop.1 as libc::rlim_t);
            cpu.rlim_max = hard;
            cpu.rlim_cur = hard.min(self.cpu_backstop.0 as libc::rlim_t);
            libc::setrlimit(libc::RLIMIT_CPU, &cpu);
        }
        let fd = libc::open(
            c"/proc/self/oom_score_adj".as_ptr(),
            libc::O_WRONLY | libc::O_CLOEXEC,
        );
        if fd >= 0 {
            libc::write(fd, b"1000".as_ptr().cast(), 4);
            libc::close(fd);
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    }

    /// The keeper's life: wait for the program (or an order to stop it), kill and reap the whole
    /// tree, report, exit.
    unsafe fn keep(&self, keeper: pid_t, program: pid_t) -> ! {
        // Also set from this side, so that the group exists whoever runs first.
        libc::setpgid(program, program);
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        let fd = self.status_fd;
        let started = raw::start_time(program).unwrap_or(0);
        raw::write_record(fd, &[TAG_STARTED, program as u64, started, 0, 0, 0, 0, 0]);
        raw::close_all_but(fd);

        let mut waited: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut waited);
        libc::sigaddset(&mut waited, libc::SIGCHLD);
        libc::sigaddset(&mut waited, libc::SIGTERM);
        let mut kill_requested = false;
        'watch: loop {
            // Reap the orphans that have died, but leave the program's zombie in place: while it
            // is unreaped its pid, and so its process group id, cannot be reused.
            loop {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                let r = libc::waitid(
                    libc::P_ALL,
                    0,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL,
                );
                if r != 0 {
                    if raw::errno() == libc::EINTR {
                        continue;
                    }
                    break 'watch;
                }
                let pid = info.si_pid();
                if pid == 0 {
                    break;
                }
                if pid == program {
                    break 'watch;
                }
                let mut status = 0;
                libc::waitpid(pid, &mut status, libc::__WALL);
            }
            if libc::sigwaitinfo(&waited, std::ptr::null_mut()) == libc::SIGTERM {
                kill_requested = true;
                break;
            }
        }
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let program_done = libc::waitid(
            libc::P_PID,
            program as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL,
        ) == 0
            && info.si_pid() == program;
        let killed_while_running = kill_requested && !program_done;

        // The program is unreaped, so these cannot reach anybody else.
        libc::kill(-program, libc::SIGKILL);
        libc::kill(program, libc::SIGKILL);
        let mut program_status = 0;
        loop {
            raw::kill_descendants(keeper, self.scan);
            let mut status = 0;
            let r = libc::waitpid(-1, &mut status, libc::__WALL);
            if r < 0 {
                if raw::errno() == libc::EINTR {
                    continue;
                }
                break; // ECHILD: the tree is gone.
            }
            if r == program {
                program_status = status;
            }
            loop {
                let r = libc::waitpid(-1, &mut status, libc::__WALL | libc::WNOHANG);
                if r <= 0 {
                    break;
                }
                if r == program {
                    program_status = status;
                }
            }
        }

        let mut tree: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut tree);
        let mut own: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut own);
        let micros = |t: libc::timeval| {
            (t.tv_sec.max(0) as u64)
                .saturating_mul(1_000_000)
                .saturating_add(t.tv_usec.max(0) as u64)
        };
        let mut flags = 0;
        if kill_requested {
            flags |= FLAG_KILL_REQUESTED;
        }
        if killed_while_running {
            flags |= FLAG_KILLED_WHILE_RUNNING;
        }
        raw::write_record(
            fd,
            &[
                TAG_ENDED,
                flags,
                program_status as u32 as u64,
                micros(tree.ru_utime).saturating_add(micros(tree.ru_stime)),
                tree.ru_maxrss.max(0) as u64,
                own.ru_maxrss.max(0) as u64,
                0,
                0,
            ],
        );
        libc::_exit(0)
    }
}

/// Helpers for the keeper: system calls, fixed buffers, no allocation, no panics (every index is
/// checked).
mod raw {
    use libc::{c_char, c_int, pid_t};

    pub(super) fn errno() -> c_int {
        // SAFETY: the thread's errno location is always valid.
        unsafe { *libc::__errno_location() }
    }

    /// A NUL-terminated path built in place.
    pub(super) struct PathBuf {
        buf: [u8; 64],
        len: usize,
    }

    impl PathBuf {
        pub(super) fn new() -> PathBuf {
            PathBuf {
                buf: [0; 64],
                len: 0,
            }
        }

        pub(super) fn push(&mut self, s: &[u8]) -> &mut PathBuf {
            for &b in s {
                if let Some(slot) = self.buf.get_mut(self.len) {
                    if self.len < 63 {
                        *slot = b;
                        self.len += 1;
                    }
                }
            }
            self
        }

        pub(super) fn push_number(&mut self, mut n: u64) -> &mut PathBuf {
            let mut digits = [0u8; 20];
            let mut i = digits.len();
            loop {
                i -= 1;
                if let Some(d) = digits.get_mut(i) {
                    *d = b'0' + (n % 10) as u8;
                }
                n /= 10;
                if n == 0 || i == 0 {
                    break;
                }
            }
            let tail = digits.get(i..).unwrap_or(&[]);
            self.push(tail)
        }

        pub(super) fn as_ptr(&mut self) -> *const c_char {
            if let Some(end) = self.buf.get_mut(self.len) {
                *end = 0;
            }
            self.buf.as_ptr().cast()
        }

        #[cfg(test)]
        pub(super) fn as_bytes(&self) -> &[u8] {
            self.buf.get(..self.len).unwrap_or(&[])
        }
    }

    /// `/proc/<pid>/<rest>`.
    pub(super) fn proc_path(pid: pid_t, rest: &[u8]) -> PathBuf {
        let mut path = PathBuf::new();
        path.push(b"/proc/")
            .push_number(pid.max(0) as u64)
            .push(rest);
        path
    }

    /// `/proc/<pid>/task/<pid>/children`: the children of the main thread.
    pub(super) fn children_path(pid: pid_t) -> PathBuf {
        let mut path = proc_path(pid, b"/task/");
        path.push_number(pid.max(0) as u64).push(b"/children");
        path
    }

    /// Calls `f` on each decimal number of the file, read in small chunks; false if the file could
    /// not be opened.
    pub(super) fn for_each_number(path: *const c_char, mut f: impl FnMut(u64)) -> bool {
        // SAFETY: `path` is NUL-terminated; the buffer is valid for its length.
        unsafe {
            let fd = libc::open(path, libc::O_RDONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return false;
            }
            let mut buf = [0u8; 512];
            let mut number: Option<u64> = None;
            loop {
                let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
                if n < 0 && errno() == libc::EINTR {
                    continue;
                }
                if n <= 0 {
                    break;
                }
                parse_numbers(buf.get(..n as usize).unwrap_or(&[]), &mut number, &mut f);
            }
            if let Some(v) = number {
                f(v);
            }
            libc::close(fd);
            true
        }
    }

    /// Feeds the numbers of `bytes` to `f`; a number cut at the end is kept in `number`.
    pub(super) fn parse_numbers(bytes: &[u8], number: &mut Option<u64>, f: &mut impl FnMut(u64)) {
        for &b in bytes {
            if b.is_ascii_digit() {
                let v = number.unwrap_or(0);
                *number = Some(v.wrapping_mul(10).wrapping_add(u64::from(b - b'0')));
            } else if let Some(v) = number.take() {
                f(v);
            }
        }
    }

    /// Reads a small file whole into `buf`; its length.
    pub(super) fn read_small(path: *const c_char, buf: &mut [u8]) -> Option<usize> {
        // SAFETY: as in `for_each_number`.
        unsafe {
            let fd = libc::open(path, libc::O_RDONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return None;
            }
            let mut len = 0;
            while let Some(rest) = buf.get_mut(len..) {
                if rest.is_empty() {
                    break;
                }
                let n = libc::read(fd, rest.as_mut_ptr().cast(), rest.len());
                if n < 0 && errno() == libc::EINTR {
                    continue;
                }
                if n <= 0 {
                    break;
                }
                len += n as usize;
            }
            libc::close(fd);
            Some(len)
        }
    }

    /// Field `n` (numbered from 1 as in proc(5)) of a `/proc/PID/stat` line, if it is a number.
    /// Fields are counted after the command name, which may itself contain spaces and brackets.
    pub(super) fn stat_field(stat: &[u8], n: usize) -> Option<u64> {
        let close = stat.iter().rposition(|&b| b == b')')?;
        let rest = stat.get(close + 1..)?;
        let word = rest
            .split(|&b| b == b' ' || b == b'\n')
            .filter(|w| !w.is_empty())
            .nth(n.checked_sub(3)?)?;
        if word.is_empty() || !word.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut number = None;
        parse_numbers(word, &mut number, &mut |_| {});
        number
    }

    fn stat_of(pid: pid_t, field: usize) -> Option<u64> {
        let mut buf = [0u8; 1024];
        let len = read_small(proc_path(pid, b"/stat").as_ptr(), &mut buf)?;
        stat_field(buf.get(..len)?, field)
    }

    /// A process's start time (clock ticks after boot), which tells it apart from a later process
    /// with the same pid.
    pub(super) fn start_time(pid: pid_t) -> Option<u64> {
        stat_of(pid, 22)
    }

    /// Writes one report record (64 bytes: atomic on a pipe).
    pub(super) fn write_record(fd: c_int, words: &[u64; 8]) {
        let mut bytes = [0u8; 64];
        for (chunk, w) in bytes.chunks_exact_mut(8).zip(words) {
            chunk.copy_from_slice(&w.to_ne_bytes());
        }
        // SAFETY: writes a valid buffer; errors (the harness is gone) are of no consequence.
        unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
    }

    /// Closes every descriptor but `keep`: the keeper must not hold the program's pipes (nor the
    /// harness's other files) open.
    pub(super) fn close_all_but(keep: c_int) {
        // SAFETY: closing descriptors of this (forked) process only.
        unsafe {
            for fd in 0..3 {
                if fd != keep {
                    libc::close(fd);
                }
            }
            let ranges = [(3, keep - 1), (keep + 1, c_int::MAX)];
            for (first, last) in ranges {
                if first > last {
                    continue;
                }
                let r = libc::syscall(
                    libc::SYS_close_range,
                    first as libc::c_uint,
                    last as libc::c_uint,
                    0 as libc::c_uint,
                );
                if r != 0 {
                    // Kernels before 5.9: one by one, up to the descriptor limit.
                    let mut limit = libc::rlimit {
                        rlim_cur: 0,
                        rlim_max: 0,
                    };
                    let top = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
                        limit.rlim_cur.min(1 << 16) as c_int
                    } else {
                        1024
                    };
                    for fd in first..=last.min(top) {
                        libc::close(fd);
                    }
                }
            }
        }
    }

    /// Calls `f` on every process whose parent is `parent`, by scanning `/proc` (for kernels
    /// without children files).
    pub(super) fn scan_children(parent: pid_t, mut f: impl FnMut(pid_t)) {
        // SAFETY: raw getdents64 into a buffer of the given length; records are bounds-checked.
        unsafe {
            let dir = libc::open(
                c"/proc".as_ptr(),
                libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
            );
            if dir < 0 {
                return;
            }
            let mut buf = [0u8; 4096];
            loop {
                let n = libc::syscall(libc::SYS_getdents64, dir, buf.as_mut_ptr(), buf.len());
                if n <= 0 {
                    break;
                }
                let entries = buf.get(..n as usize).unwrap_or(&[]);
                let mut offset = 0usize;
                // struct linux_dirent64: u64 inode, i64 offset, u16 length, u8 type, name.
                while let Some(header) = entries.get(offset..offset + 19) {
                    let length = usize::from(u16::from_ne_bytes([header[16], header[17]]));
                    if length == 0 {
                        break;
                    }
                    let name = entries
                        .get(offset + 19..offset + length)
                        .unwrap_or(&[])
                        .split(|&b| b == 0)
                        .next()
                        .unwrap_or(&[]);
                    offset += length;
                    if name.is_empty() || !name.iter().all(u8::is_ascii_digit) {
                        continue;
                    }
                    let mut pid = None;
                    parse_numbers(name, &mut pid, &mut |_| {});
                    let Some(pid) = pid.and_then(|p| pid_t::try_from(p).ok()) else {
                        continue;
                    };
                    if stat_of(pid, 4) == Some(parent as u64) {
                        f(pid);
                    }
                }
            }
            libc::close(dir);
        }
    }

    /// One round of killing: every process of the keeper's tree that can be found, walking down
    /// from the keeper's children. A process whose children are missed (they appear while it is
    /// being killed, or belong to one of its other threads) is reparented to the keeper when it
    /// dies and killed in the next round.
    pub(super) fn kill_descendants(keeper: pid_t, scan: bool) {
        // (pid, is a child of the keeper)
        let mut stack = [(0 as pid_t, false); 512];
        let mut top = 0usize;
        let push = |stack: &mut [(pid_t, bool); 512], top: &mut usize, pid: u64, direct| {
            if let (Ok(pid), Some(slot)) = (pid_t::try_from(pid), stack.get_mut(*top)) {
                if pid > 0 {
                    *slot = (pid, direct);
                    *top += 1;
                }
            }
        };
        if scan {
            scan_children(keeper, |p| push(&mut stack, &mut top, p as u64, true));
        } else {
            for_each_number(children_path(keeper).as_ptr(), |p| {
                push(&mut stack, &mut top, p, true)
            });
        }
        while top > 0 {
            top -= 1;
            let Some(&(pid, direct)) = stack.get(top) else {
                break;
            };
            if !scan {
                for_each_number(children_path(pid).as_ptr(), |c| {
                    push(&mut stack, &mut top, c, false)
                });
            }
            // SAFETY: kill(2) touches no memory.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                if direct {
                    // A child of the keeper cannot be reaped by anyone else, so if it leads a
                    // process group (say, after setsid), that group is part of the tree.
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn stat_fields_are_counted_after_the_command_name() {
        let line = b"4242 (a b) c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 25 7 3 1 20 0 3 0 98765 \
                     1000 200 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        assert_eq!(raw::stat_field(line, 4), Some(17));
        assert_eq!(raw::stat_field(line, 14), Some(25));
        assert_eq!(raw::stat_field(line, 22), Some(98765));
        assert_eq!(raw::stat_field(line, 3), None, "the state is a letter");
        let stat = parse_stat(line).unwrap();
        assert_eq!(
            stat,
            Stat {
                state: b'S',
                ppid: 17,
                ticks: 25 + 7 + 3 + 1,
                child_ticks: 3 + 1,
                threads: 3,
                start: 98765,
            }
        );
        assert_eq!(parse_stat(b"12 (no closing"), None);
    }

    #[test]
    fn numbers_cut_between_two_reads_are_joined() {
        let mut got = Vec::new();
        let mut number = None;
        let mut f = |v| got.push(v);
        raw::parse_numbers(b"12 345", &mut number, &mut f);
        raw::parse_numbers(b"67 8 ", &mut number, &mut f);
        raw::parse_numbers(b"9", &mut number, &mut f);
        assert_eq!(number, Some(9));
        assert_eq!(got, [12, 34567, 8]);
    }

    #[test]
    fn proc_paths_are_built_without_allocating() {
        assert_eq!(
            raw::children_path(1234).as_bytes(),
            b"/proc/1234/task/1234/children"
        );
        assert_eq!(raw::proc_path(0, b"/stat").as_bytes(), b"/proc/0/stat");
        let mut long = raw::PathBuf::new();
        long.push(&[b'x'; 100]);
        assert_eq!(long.as_bytes().len(), 63, "capped, room left for the NUL");
    }

    #[test]
    fn the_keeper_reads_its_own_children_and_start_time() {
        // This process is not the keeper, but the helpers work on any pid.
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        let me = std::process::id() as pid_t;
        let mut found = Vec::new();
        let threads = read_stat(me).unwrap().threads;
        let listed = children(me, threads);
        raw::scan_children(me, |p| found.push(p));
        let _ = child.kill();
        let _ = child.wait();
        let pid = child.id() as pid_t;
        assert!(listed.contains(&pid), "{listed:?} lacks {pid}");
        assert!(found.contains(&pid), "{found:?} lacks {pid}");
        assert!(raw::start_time(me).is_some_and(|t| t > 0));
    }

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

    #[test]
    fn the_cpu_backstop_rounds_up_and_adds_a_second() {
        assert_eq!(cpu_backstop(Duration::from_millis(100)), (2, 3));
        assert_eq!(cpu_backstop(Duration::from_secs(2)), (3, 4));
        assert_eq!(cpu_backstop(Duration::from_millis(2001)), (4, 5));
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
