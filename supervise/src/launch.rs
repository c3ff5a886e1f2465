//! Starting a run: the pipes, the keeper's stacks, and the keeper itself, started without copying
//! the harness's page tables, given what it and the program read (a [`Launch`]).

use super::keeper::keeper_main;
use super::plan::Launch;
use super::sys;
use libc::{c_int, pid_t};
use std::cell::Cell;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::Mutex;

thread_local! {
    /// Tests only: start the keeper on a copy of the harness's memory, as without `CLONE_VM`.
    static COPY_MEMORY: Cell<bool> = const { Cell::new(false) };
}

/// Makes the runs started from this thread give their keeper a copy of the harness's memory
/// instead of sharing it, as on architectures other than x86-64. For tests of that path.
#[doc(hidden)]
pub fn copy_keeper_memory_on_this_thread(on: bool) {
    COPY_MEMORY.with(|c| c.set(on));
}

/// Whether the keeper shares the harness's memory. Only where [`sys`] makes system calls without
/// the C library: elsewhere a failing call in the keeper would write the harness thread's `errno`.
fn shares_memory() -> bool {
    cfg!(target_arch = "x86_64") && !COPY_MEMORY.with(Cell::get)
}

/// What must outlive the keeper: freed only once it has been reaped.
pub(super) struct KeeperMemory {
    _launch: Box<Launch>,
    stack: Option<Stack>,
}

impl Drop for KeeperMemory {
    fn drop(&mut self) {
        if let Some(stack) = self.stack.take() {
            stack.recycle();
        }
    }
}

/// A started keeper, and the harness's ends of the pipes.
pub(super) struct Started {
    pub(super) keeper: pid_t,
    pub(super) stdin: Option<OwnedFd>,
    pub(super) stdout: Option<OwnedFd>,
    pub(super) stderr: OwnedFd,
    pub(super) status: OwnedFd,
    pub(super) memory: KeeperMemory,
}

/// Starts the keeper of a run, which starts the program. `given` are the program's own stdin and
/// stdout (the ends of pipes to another program, from [`pipe`]); without them the harness gets
/// the other ends of fresh pipes.
pub(super) fn start(mut launch: Launch, given: [Option<OwnedFd>; 2]) -> io::Result<Started> {
    let [given_in, given_out] = given;
    let (stdin_read, stdin) = match given_in {
        Some(fd) => (fd, None),
        None => pipe().map(|(r, w)| (r, Some(w)))?,
    };
    let (stdout, stdout_write) = match given_out {
        Some(fd) => (None, fd),
        None => pipe().map(|(r, w)| (Some(r), w))?,
    };
    let (stderr, stderr_write) = pipe()?;
    let (status, status_write) = pipe()?;
    launch.stdio = [&stdin_read, &stdout_write, &stderr_write].map(|f| f.as_raw_fd());
    launch.status_fd = status_write.as_raw_fd();
    let stack = Stack::take()?;
    launch.program_stack = stack.program_top();
    let mut launch = Box::new(launch);
    let flags = if shares_memory() {
        libc::CLONE_VM | libc::SIGCHLD
    } else {
        libc::SIGCHLD
    };
    // The keeper starts with every signal blocked: none of the harness's handlers may run there.
    // SAFETY: sigset_t is plain data; the masks are valid.
    let keeper = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
        // SAFETY: the keeper's stack is reserved for it, and `launch` outlives it (`Started`).
        let keeper = sys::clone_on(
            flags,
            stack.keeper_top(),
            keeper_main,
            (&mut *launch as *mut Launch).cast(),
        );
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        keeper
    };
    let keeper = match keeper {
        Ok(pid) => pid as pid_t,
        Err(e) => {
            stack.recycle();
            return Err(io::Error::from_raw_os_error(e));
        }
    };
    Ok(Started {
        keeper,
        stdin,
        stdout,
        stderr,
        status,
        memory: KeeperMemory {
            _launch: launch,
            stack: Some(stack),
        },
    })
}

/// A close-on-exec pipe (read end, write end), both above 2: the program's ends are about to be
/// duplicated onto 0, 1 and 2.
pub(super) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
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

const PAGE: usize = 4096;
/// The keeper's stack; the program's process needs less before its `exec`.
const KEEPER_STACK: usize = 256 << 10;
const PROGRAM_STACK: usize = 64 << 10;
/// Stacks kept for the next runs (touched pages are reused, not faulted in again).
const POOL: usize = 64;
static STACKS: Mutex<Vec<Stack>> = Mutex::new(Vec::new());

/// One mapping: a guard page, the program's stack, a guard page, the keeper's stack.
struct Stack {
    base: *mut u8,
}

// SAFETY: a mapping owned by whoever holds the `Stack`.
unsafe impl Send for Stack {}

impl Stack {
    const LEN: usize = PAGE + PROGRAM_STACK + PAGE + KEEPER_STACK;

    fn take() -> io::Result<Stack> {
        if let Some(s) = STACKS.lock().unwrap_or_else(|p| p.into_inner()).pop() {
            return Ok(s);
        }
        // SAFETY: a fresh private mapping; the guard pages are made inaccessible.
        unsafe {
            let base = libc::mmap(
                std::ptr::null_mut(),
                Stack::LEN,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            );
            if base == libc::MAP_FAILED {
                return Err(io::Error::last_os_error());
            }
            let base = base.cast::<u8>();
            libc::mprotect(base.cast(), PAGE, libc::PROT_NONE);
            libc::mprotect(base.add(PAGE + PROGRAM_STACK).cast(), PAGE, libc::PROT_NONE);
            Ok(Stack { base })
        }
    }

    fn program_top(&self) -> *mut u8 {
        // SAFETY: inside the mapping.
        unsafe { self.base.add(PAGE + PROGRAM_STACK) }
    }

    fn keeper_top(&self) -> *mut u8 {
        // SAFETY: the end of the mapping.
        unsafe { self.base.add(Stack::LEN) }
    }

    fn recycle(self) {
        let mut pool = STACKS.lock().unwrap_or_else(|p| p.into_inner());
        if pool.len() < POOL {
            pool.push(self);
            return;
        }
        drop(pool);
        // SAFETY: the mapping is ours and nothing runs on it any more.
        unsafe { libc::munmap(self.base.cast(), Stack::LEN) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{execute, Ending, Limits};
    use std::time::Duration;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    fn limits() -> Limits {
        Limits::from_cpu(Duration::from_secs(5))
    }

    /// The same runs with the keeper on shared and on copied memory.
    fn both_ways(check: impl Fn()) {
        for copy in [false, true] {
            copy_keeper_memory_on_this_thread(copy);
            check();
        }
        copy_keeper_memory_on_this_thread(false);
    }

    #[test]
    fn the_program_gets_its_arguments_input_and_marker_either_way() {
        both_ways(|| {
            let e = execute(
                &sh("cat; echo \"$0 $1\"; echo \"$MATCH3_HARNESS_RUN\" >&2; exit 5"),
                b"in\n",
                &limits(),
            )
            .unwrap();
            assert_eq!(e.ending, Ending::Exited(5), "{e:?}");
            assert_eq!(e.stdout, b"in\nsh \n");
            let marker = String::from_utf8(e.stderr).unwrap();
            assert!(
                marker.starts_with(&format!("{}.", std::process::id())),
                "{marker}"
            );
        });
    }

    #[test]
    fn a_program_that_cannot_be_started_says_why_either_way() {
        let dir = std::env::temp_dir().join(format!("launch-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plain = dir.join("not-executable");
        std::fs::write(&plain, "#!/bin/sh\n").unwrap();
        let plain = plain.to_string_lossy().into_owned();
        both_ways(|| {
            let err = execute(std::slice::from_ref(&plain), b"", &limits()).unwrap_err();
            let text = format!("{err:#}");
            assert!(
                text.contains("cannot start") && text.contains("denied"),
                "{text}"
            );
            let err = execute(&["no-such-program-anywhere".into()], b"", &limits()).unwrap_err();
            let text = format!("{err:#}");
            assert!(text.contains("No such file"), "{text}");
        });
        let _ = std::fs::remove_dir_all(&dir);
    }
}
