//! The keeper. [`Keeper::start`] and everything it calls (the helpers in [`super::raw`]) run in a
//! child forked from a multithreaded process: they may only make async-signal-safe calls, must not
//! allocate or take locks, and must not panic.

use super::raw;
use super::report::{FLAG_KILLED_WHILE_RUNNING, FLAG_KILL_REQUESTED, TAG_ENDED, TAG_STARTED};
use libc::{c_int, pid_t};
use std::io;
use std::time::Duration;

/// `RLIMIT_CPU` (soft, hard) in seconds for a CPU limit: rounded up, plus one, plus one more.
pub(super) fn cpu_backstop(cpu: Duration) -> (u64, u64) {
    let soft = cpu
        .as_secs()
        .saturating_add(u64::from(cpu.subsec_nanos() > 0))
        .saturating_add(1);
    (soft, soft.saturating_add(1))
}

#[derive(Clone, Copy)]
pub(super) struct Keeper {
    pub(super) harness: pid_t,
    pub(super) status_fd: c_int,
    pub(super) cpu_backstop: (u64, u64),
    pub(super) scan: bool,
}

impl Keeper {
    /// The `pre_exec` hook. In the forked child (which becomes the keeper) it forks again: the
    /// grandchild sets itself up and returns `Ok` to be exec'd as the program; the keeper never
    /// returns.
    pub(super) fn start(&self) -> io::Result<()> {
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
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_backstop_rounds_up_and_adds_a_second() {
        assert_eq!(cpu_backstop(Duration::from_millis(100)), (2, 3));
        assert_eq!(cpu_backstop(Duration::from_secs(2)), (3, 4));
        assert_eq!(cpu_backstop(Duration::from_millis(2001)), (4, 5));
    }
}
