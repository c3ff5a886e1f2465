//! The keeper, and the program's process before its `exec`. Everything here runs in processes
//! that share the harness's memory (or, on some architectures, a copy of it) while the harness's
//! other threads go on: it may only make system calls through [`super::sys`] (never touching
//! `errno`), must not allocate or take locks, must not panic, and writes nothing to memory but its
//! own stack.

use super::plan::Launch;
use super::raw;
use super::report::{
    FLAG_KILLED_WHILE_RUNNING, FLAG_KILL_REQUESTED, TAG_ENDED, TAG_FAILED, TAG_STARTED,
};
use super::sys;
use libc::{c_int, c_void, pid_t};

/// What the program's process gets from its keeper (on the keeper's stack, which stays put while
/// the keeper waits for the program's `exec`).
struct ProgramStart {
    launch: *const Launch,
    keeper: pid_t,
}

/// The keeper's life, from the moment it is started with every signal blocked: start the program,
/// wait for it (or for an order to stop it), kill and reap the whole tree, report, exit.
pub(super) extern "C" fn keeper_main(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the run's `Launch`, which the harness frees only after reaping this process.
    let launch = unsafe { &*(arg as *const Launch) };
    sys::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM as usize);
    if sys::getppid() != launch.harness {
        // The harness is already gone: nobody wants this run.
        sys::exit(1);
    }
    sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
    sys::setpgid(0, 0);
    // The harness's handlers must not run here, nor its ignored signals stay ignored in the program.
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGCHLD, libc::SIGPIPE] {
        sys::default_action(sig);
    }
    let keeper = sys::getpid();
    // Bounds on the program's start time, read from the clock rather than from `/proc`.
    let earliest = sys::boot_ticks(launch.ticks_per_second);
    let mut start = ProgramStart { launch, keeper };
    // The program's process shares this memory and runs until its `exec` while this one waits
    // (`CLONE_VFORK`): no page tables are copied.
    // SAFETY: the program's stack is reserved for it; `program_main` follows the rules above.
    let program = unsafe {
        sys::clone_on(
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            launch.program_stack,
            program_main,
            (&mut start as *mut ProgramStart).cast(),
        )
    };
    let latest = sys::boot_ticks(launch.ticks_per_second);
    match program {
        Ok(program) => keep(launch, keeper, program as pid_t, (earliest, latest)),
        Err(e) => {
            raw::write_record(launch.status_fd, &[TAG_FAILED, e as u64, 0, 0, 0, 0, 0, 0]);
            sys::exit(1)
        }
    }
}

/// In the program's process: set it up and `exec` it; on failure, report why and exit 127.
extern "C" fn program_main(arg: *mut c_void) -> c_int {
    // SAFETY: the keeper's `ProgramStart` and the run's `Launch`, both alive while it waits.
    let start = unsafe { &*(arg as *const ProgramStart) };
    // SAFETY: as above.
    let launch = unsafe { &*start.launch };
    sys::setpgid(0, 0);
    sys::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as usize);
    if sys::getppid() != start.keeper {
        sys::exit(127);
    }
    for (fd, &from) in (0..).zip(&launch.stdio) {
        if let Err(e) = sys::dup_to(from, fd) {
            failed(launch, e);
        }
    }
    limit_resources(launch.cpu_backstop, launch.stack);
    sys::set_mask(0);
    let mut error = libc::ENOENT;
    let mut denied = false;
    for &path in &launch.paths {
        // SAFETY: the strings and arrays are NUL- and NULL-terminated (see `Launch`).
        error = unsafe { sys::execve(path, launch.argv.as_ptr(), launch.envp.as_ptr()) };
        denied |= error == libc::EACCES;
        if !matches!(
            error,
            libc::ENOENT | libc::ENOTDIR | libc::EACCES | libc::ESTALE | libc::ENODEV
        ) {
            break;
        }
    }
    if denied && matches!(error, libc::ENOENT | libc::ENOTDIR) {
        error = libc::EACCES;
    }
    failed(launch, error)
}

fn failed(launch: &Launch, error: c_int) -> ! {
    raw::write_record(
        launch.status_fd,
        &[TAG_FAILED, error as u64, 0, 0, 0, 0, 0, 0],
    );
    sys::exit(127)
}

/// No core files, the CPU backstop, the stack limit (when given), and the program first in line
/// for the OOM killer.
fn limit_resources(backstop: (u64, u64), stack: u64) {
    limit_stack(stack);
    let no_core = libc::rlimit64 {
        rlim_cur: 0,
        rlim_max: 0,
    };
    sys::prlimit(libc::RLIMIT_CORE as c_int, Some(&no_core));
    if let Some(mut cpu) = sys::prlimit(libc::RLIMIT_CPU as c_int, None) {
        let hard = cpu.rlim_max.min(backstop.1);
        cpu.rlim_max = hard;
        cpu.rlim_cur = hard.min(backstop.0);
        sys::prlimit(libc::RLIMIT_CPU as c_int, Some(&cpu));
    }
    if let Ok(fd) = sys::open(c"/proc/self/oom_score_adj".as_ptr(), libc::O_WRONLY) {
        let _ = sys::write(fd as c_int, b"1000");
        sys::close(fd as c_int);
    }
}

/// Sets this process's stack limit to `stack` bytes (within its hard limit; 0: leaves it), before
/// an exec: the program exec'd by a keeper, or a warm server (whose runs inherit it). Raw system
/// calls only, so it may run between a fork and an exec.
pub(super) fn limit_stack(stack: u64) {
    if stack == 0 {
        return;
    }
    if let Some(mut limit) = sys::prlimit(libc::RLIMIT_STACK as c_int, None) {
        limit.rlim_cur = stack.min(limit.rlim_max);
        sys::prlimit(libc::RLIMIT_STACK as c_int, Some(&limit));
    }
}

/// Waits until the program ends or the keeper is told to stop it; whether it was told.
fn watch(program: pid_t) -> bool {
    let waited = sys::bit(libc::SIGCHLD) | sys::bit(libc::SIGTERM);
    let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL;
    loop {
        // Reap the orphans that have died, but leave the program's zombie in place: while it is
        // unreaped its pid, and so its process group id, cannot be reused.
        loop {
            match sys::waitid(libc::P_ALL, 0, options) {
                Err(libc::EINTR) => continue,
                Err(_) => return false,
                Ok(0) => break,
                Ok(pid) if pid as pid_t == program => return false,
                Ok(pid) => {
                    let _ = sys::wait4(pid as pid_t, libc::__WALL);
                }
            }
        }
        if sys::wait_signal(waited) == Ok(libc::SIGTERM as usize) {
            return true;
        }
    }
}

/// The keeper's watch: report the start, wait, kill and reap the whole tree, report, exit.
fn keep(launch: &Launch, keeper: pid_t, program: pid_t, started: (u64, u64)) -> ! {
    // Also set from this side, so that the group exists whoever runs first.
    sys::setpgid(program, program);
    sys::ignore(libc::SIGPIPE);
    let fd = launch.status_fd;
    let (earliest, latest) = started;
    raw::write_record(
        fd,
        &[TAG_STARTED, program as u64, earliest, latest, 0, 0, 0, 0],
    );
    raw::close_all_but(fd);

    let kill_requested = watch(program);
    let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL;
    let program_done = sys::waitid(libc::P_PID, program, options) == Ok(program as usize);
    let killed_while_running = kill_requested && !program_done;

    // The program is unreaped, so these cannot reach anybody else.
    sys::kill(-program, libc::SIGKILL);
    sys::kill(program, libc::SIGKILL);
    let program_status = reap_tree(keeper, program, launch.scan);

    let tree = sys::getrusage(libc::RUSAGE_CHILDREN);
    let own = sys::getrusage(libc::RUSAGE_SELF);
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
    sys::exit(0)
}

/// Kills every process of the tree, round after round, and reaps them all; the program's status.
/// A keeper without children has an empty tree (an orphan is reparented to the keeper, so every
/// live descendant has a chain of live parents up to it): the usual run, a program that started
/// nothing, needs no walk of `/proc` at all.
fn reap_tree(keeper: pid_t, program: pid_t, scan: bool) -> c_int {
    let mut program_status = 0;
    loop {
        loop {
            match sys::wait4(-1, libc::__WALL | libc::WNOHANG) {
                Err(libc::EINTR) => continue,
                Err(_) => return program_status, // ECHILD: the tree is gone.
                Ok((pid, _)) if pid <= 0 => break,
                Ok((pid, status)) if pid == program => program_status = status,
                Ok(_) => {}
            }
        }
        raw::kill_descendants(keeper, scan);
        match sys::wait4(-1, libc::__WALL) {
            Err(libc::EINTR) => continue,
            Err(_) => return program_status,
            Ok((pid, status)) if pid == program => program_status = status,
            Ok(_) => {}
        }
    }
}
