//! What a run's keeper and program read (a [`Launch`]): built by the harness beforehand, since
//! they cannot allocate, and the CPU backstop the keeper sets.

use super::procfs::clock_ticks_per_second;
use super::{Limits, RUN_MARKER};
use libc::{c_char, c_int, pid_t};
use std::ffi::{CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt as _;
use std::time::Duration;

/// `RLIMIT_CPU` (soft, hard) in seconds for a CPU limit: rounded up, plus one, plus one more.
pub(super) fn cpu_backstop(cpu: Duration) -> (u64, u64) {
    let soft = cpu
        .as_secs()
        .saturating_add(u64::from(cpu.subsec_nanos() > 0))
        .saturating_add(1);
    (soft, soft.saturating_add(1))
}

/// Everything the keeper and the program's process read, built by the harness beforehand (they
/// cannot allocate). It lives in the harness's memory until the keeper has been reaped.
pub(super) struct Launch {
    pub(super) harness: pid_t,
    /// The keeper's end of the status pipe.
    pub(super) status_fd: c_int,
    /// The program's ends of its stdin, stdout and stderr pipes (all above 2).
    pub(super) stdio: [c_int; 3],
    pub(super) cpu_backstop: (u64, u64),
    /// `RLIMIT_STACK` of the program in bytes (0: the harness's own).
    pub(super) stack: u64,
    pub(super) scan: bool,
    /// Clock ticks a second, the unit of start times in `/proc`.
    pub(super) ticks_per_second: u64,
    /// The top of the stack the program's process runs on until its `exec`.
    pub(super) program_stack: *mut u8,
    /// Where to look for the program, in order (one path, or one per `PATH` entry).
    pub(super) paths: Vec<*const c_char>,
    /// NULL-terminated.
    pub(super) argv: Vec<*const c_char>,
    /// NULL-terminated: the harness's environment and the run's marker.
    pub(super) envp: Vec<*const c_char>,
    /// Owns what the pointers above point to.
    _strings: Vec<CString>,
}

// SAFETY: the raw pointers point into `strings` and the stack, owned with the launch.
unsafe impl Send for Launch {}

fn c_string(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "a NUL byte in the command or environment",
        )
    })
}

impl Launch {
    pub(super) fn new(
        program: &str,
        args: &[String],
        env: &[(String, String)],
        marker: &str,
        limits: &Limits,
        scan: bool,
    ) -> io::Result<Launch> {
        let mut strings = Vec::new();
        let mut paths = Vec::new();
        if program.contains('/') {
            strings.push(c_string(program.as_bytes())?);
        } else {
            let search = std::env::var_os("PATH").unwrap_or_else(|| "/bin:/usr/bin".into());
            for dir in search.as_bytes().split(|&b| b == b':') {
                let dir: &[u8] = if dir.is_empty() { b"." } else { dir };
                strings.push(c_string(&[dir, b"/", program.as_bytes()].concat())?);
            }
        }
        paths.extend(strings.iter().map(|s| s.as_ptr()));
        let first_arg = strings.len();
        strings.push(c_string(program.as_bytes())?);
        for a in args {
            strings.push(c_string(a.as_bytes())?);
        }
        let first_env = strings.len();
        for (key, value) in std::env::vars_os() {
            let set_here = env.iter().any(|(k, _)| OsStr::new(k) == key);
            if key != OsStr::new(RUN_MARKER) && !set_here {
                strings.push(c_string(
                    &[key.as_bytes(), b"=", value.as_bytes()].concat(),
                )?);
            }
        }
        for (key, value) in env {
            strings.push(c_string(format!("{key}={value}").as_bytes())?);
        }
        strings.push(c_string(format!("{RUN_MARKER}={marker}").as_bytes())?);
        let pointers = |range: std::ops::Range<usize>| -> Vec<*const c_char> {
            let mut v: Vec<_> = strings[range].iter().map(|s| s.as_ptr()).collect();
            v.push(std::ptr::null());
            v
        };
        let argv = pointers(first_arg..first_env);
        let envp = pointers(first_env..strings.len());
        Ok(Launch {
            harness: std::process::id() as pid_t,
            status_fd: -1,
            stdio: [-1; 3],
            cpu_backstop: cpu_backstop(limits.cpu),
            stack: limits.stack_bytes(),
            scan,
            ticks_per_second: clock_ticks_per_second(),
            program_stack: std::ptr::null_mut(),
            paths,
            argv,
            envp,
            _strings: strings,
        })
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
