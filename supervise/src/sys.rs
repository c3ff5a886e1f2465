//! System calls for the keeper and for the program before its `exec`, which never touch `errno`.
//!
//! On x86-64 the keeper shares the harness's memory (`CLONE_VM`) and so the calling thread's
//! thread-local storage: a failing libc wrapper there would overwrite that thread's `errno` under
//! its feet. These wrappers issue the `syscall` instruction themselves and return `-errno` in the
//! result instead. On other architectures they go through `libc::syscall`, and the keeper gets a
//! copy of the harness's memory instead of sharing it (see `launch::shares_memory`).

use libc::{c_int, c_long, c_void, pid_t};

/// A system call's result: its value, or the error number.
pub(super) type SysResult = Result<usize, c_int>;

#[cfg(target_arch = "x86_64")]
unsafe fn syscall6(n: c_long, a: [usize; 6]) -> isize {
    let ret: isize;
    // SAFETY: the caller passes arguments valid for system call `n`.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") n as isize => ret,
            in("rdi") a[0],
            in("rsi") a[1],
            in("rdx") a[2],
            in("r10") a[3],
            in("r8") a[4],
            in("r9") a[5],
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn syscall6(n: c_long, a: [usize; 6]) -> isize {
    // SAFETY: as above; here the keeper has memory (and errno) of its own.
    unsafe {
        let r = libc::syscall(n, a[0], a[1], a[2], a[3], a[4], a[5]);
        if r == -1 {
            -(*libc::__errno_location() as isize)
        } else {
            r as isize
        }
    }
}

/// System call `n` with up to six arguments (missing ones are 0).
///
/// # Safety
/// The arguments must be valid for that system call (pointers to live memory of the right size).
pub(super) unsafe fn call(n: c_long, args: &[usize]) -> SysResult {
    let mut a = [0usize; 6];
    for (slot, &v) in a.iter_mut().zip(args) {
        *slot = v;
    }
    // SAFETY: forwarded from the caller.
    let r = unsafe { syscall6(n, a) };
    if (-4095..0).contains(&r) {
        Err((-r) as c_int)
    } else {
        Ok(r as usize)
    }
}

/// Retries a call interrupted by a signal.
pub(super) fn retry(mut f: impl FnMut() -> SysResult) -> SysResult {
    loop {
        match f() {
            Err(libc::EINTR) => continue,
            r => return r,
        }
    }
}

pub(super) fn getpid() -> pid_t {
    // SAFETY: no arguments.
    unsafe { call(libc::SYS_getpid, &[]) }.unwrap_or(0) as pid_t
}

pub(super) fn getppid() -> pid_t {
    // SAFETY: no arguments.
    unsafe { call(libc::SYS_getppid, &[]) }.unwrap_or(0) as pid_t
}

pub(super) fn kill(pid: pid_t, sig: c_int) {
    // SAFETY: kill touches no memory.
    let _ = unsafe { call(libc::SYS_kill, &[pid as usize, sig as usize]) };
}

pub(super) fn prctl(option: c_int, value: usize) {
    // SAFETY: the options used take integers.
    let _ = unsafe { call(libc::SYS_prctl, &[option as usize, value]) };
}

pub(super) fn setpgid(pid: pid_t, group: pid_t) {
    // SAFETY: integers only.
    let _ = unsafe { call(libc::SYS_setpgid, &[pid as usize, group as usize]) };
}

/// `open(path, O_RDONLY | O_CLOEXEC | extra)`, as `openat` (which every architecture has).
pub(super) fn open(path: *const libc::c_char, flags: c_int) -> SysResult {
    retry(|| {
        // SAFETY: `path` is NUL-terminated (the callers build it so).
        unsafe {
            call(
                libc::SYS_openat,
                &[
                    libc::AT_FDCWD as usize,
                    path as usize,
                    (flags | libc::O_CLOEXEC) as usize,
                ],
            )
        }
    })
}

pub(super) fn read(fd: c_int, buf: &mut [u8]) -> SysResult {
    retry(|| {
        // SAFETY: the buffer is valid for its length.
        unsafe {
            call(
                libc::SYS_read,
                &[fd as usize, buf.as_mut_ptr() as usize, buf.len()],
            )
        }
    })
}

pub(super) fn write(fd: c_int, buf: &[u8]) -> SysResult {
    retry(|| {
        // SAFETY: the buffer is valid for its length.
        unsafe {
            call(
                libc::SYS_write,
                &[fd as usize, buf.as_ptr() as usize, buf.len()],
            )
        }
    })
}

pub(super) fn close(fd: c_int) {
    // SAFETY: closes a descriptor of this process.
    let _ = unsafe { call(libc::SYS_close, &[fd as usize]) };
}

/// `dup3(from, to, 0)`: `to` becomes a copy of `from`, without close-on-exec.
pub(super) fn dup_to(from: c_int, to: c_int) -> SysResult {
    // SAFETY: integers only.
    retry(|| unsafe { call(libc::SYS_dup3, &[from as usize, to as usize, 0]) })
}

/// Sets the disposition of `sig` to the default.
pub(super) fn default_action(sig: c_int) {
    // The kernel's struct sigaction: handler (SIG_DFL = 0), flags, restorer, mask.
    let action = [0u64; 4];
    // SAFETY: a valid kernel sigaction and an 8-byte signal set.
    let _ = unsafe {
        call(
            libc::SYS_rt_sigaction,
            &[sig as usize, action.as_ptr() as usize, 0, 8],
        )
    };
}

/// Ignores `sig`.
pub(super) fn ignore(sig: c_int) {
    let action = [libc::SIG_IGN as u64, 0, 0, 0];
    // SAFETY: as in `default_action`.
    let _ = unsafe {
        call(
            libc::SYS_rt_sigaction,
            &[sig as usize, action.as_ptr() as usize, 0, 8],
        )
    };
}

/// Replaces the signal mask with `mask` (a bit per signal, signal n at bit n - 1).
pub(super) fn set_mask(mask: u64) {
    // SAFETY: an 8-byte signal set.
    let _ = unsafe {
        call(
            libc::SYS_rt_sigprocmask,
            &[
                libc::SIG_SETMASK as usize,
                &mask as *const u64 as usize,
                0,
                8,
            ],
        )
    };
}

/// The bit of `sig` in a kernel signal set.
pub(super) fn bit(sig: c_int) -> u64 {
    1u64 << (sig - 1)
}

/// Waits for one of the (blocked) signals of `set`; the signal.
pub(super) fn wait_signal(set: u64) -> SysResult {
    // SAFETY: an 8-byte signal set; no siginfo, no timeout.
    unsafe {
        call(
            libc::SYS_rt_sigtimedwait,
            &[&set as *const u64 as usize, 0, 0, 8],
        )
    }
}

/// `waitid(idtype, id, options)`: the pid of the child found (0 if none, with `WNOHANG`).
pub(super) fn waitid(idtype: libc::idtype_t, id: pid_t, options: c_int) -> SysResult {
    // SAFETY: siginfo_t is plain data, written by the kernel.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: valid out-pointer; no rusage.
    unsafe {
        call(
            libc::SYS_waitid,
            &[
                idtype as usize,
                id as usize,
                &mut info as *mut libc::siginfo_t as usize,
                options as usize,
                0,
            ],
        )
    }?;
    // SAFETY: filled in by the kernel (zero if no child was waitable).
    Ok(unsafe { info.si_pid() }.max(0) as usize)
}

/// `wait4(pid, &status, options, NULL)`: the pid reaped (0 with `WNOHANG` if none), its status.
pub(super) fn wait4(pid: pid_t, options: c_int) -> Result<(pid_t, c_int), c_int> {
    let mut status: c_int = 0;
    // SAFETY: valid out-pointer.
    let r = unsafe {
        call(
            libc::SYS_wait4,
            &[
                pid as usize,
                &mut status as *mut c_int as usize,
                options as usize,
                0,
            ],
        )
    }?;
    Ok((r as pid_t, status))
}

pub(super) fn getrusage(who: c_int) -> libc::rusage {
    // SAFETY: rusage is plain data, filled by the kernel.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: valid out-pointer.
    let _ = unsafe {
        call(
            libc::SYS_getrusage,
            &[who as usize, &mut usage as *mut libc::rusage as usize],
        )
    };
    usage
}

/// `prlimit64(0, resource, new, old)`.
pub(super) fn prlimit(resource: c_int, new: Option<&libc::rlimit64>) -> Option<libc::rlimit64> {
    let mut old = libc::rlimit64 {
        rlim_cur: 0,
        rlim_max: 0,
    };
    let new = new.map_or(0, |n| n as *const libc::rlimit64 as usize);
    // SAFETY: valid pointers to rlimit64 (or none).
    unsafe {
        call(
            libc::SYS_prlimit64,
            &[
                0,
                resource as usize,
                new,
                &mut old as *mut libc::rlimit64 as usize,
            ],
        )
    }
    .ok()
    .map(|_| old)
}

/// Starts a process (or with `CLONE_VM`, a process sharing this one's memory) that runs
/// `f(arg)` on the stack whose top is `stack_top` (16-byte aligned) and exits with what it returns;
/// the new pid. Without the C library's wrapper on x86-64, which would set `errno` on failure.
///
/// # Safety
/// `stack_top` must be the top of a stack nothing else uses while the process runs, and `f` must
/// be able to run with `arg` in the new process.
#[cfg(target_arch = "x86_64")]
pub(super) unsafe fn clone_on(
    flags: c_int,
    stack_top: *mut u8,
    f: extern "C" fn(*mut c_void) -> c_int,
    arg: *mut c_void,
) -> SysResult {
    let ret: isize;
    // SAFETY: clone(flags, stack, NULL, NULL, 0). In the child (rax = 0) the stack is the new one:
    // call f(arg) there and exit with its result; the child never returns into this function.
    unsafe {
        core::arch::asm!(
            "syscall",
            "test rax, rax",
            "jnz 2f",
            "mov rdi, r13",
            "call r12",
            "mov edi, eax",
            "mov eax, 231",
            "syscall",
            "ud2",
            "2:",
            inlateout("rax") libc::SYS_clone as isize => ret,
            in("rdi") flags as isize as usize,
            in("rsi") stack_top as usize & !15,
            in("rdx") 0usize,
            in("r10") 0usize,
            in("r8") 0usize,
            in("r12") f as usize,
            in("r13") arg as usize,
            lateout("rcx") _,
            lateout("r11") _,
        );
    }
    if (-4095..0).contains(&ret) {
        Err((-ret) as c_int)
    } else {
        Ok(ret as usize)
    }
}

/// As above, through the C library (the keeper has memory of its own on these architectures).
///
/// # Safety
/// As above.
#[cfg(not(target_arch = "x86_64"))]
pub(super) unsafe fn clone_on(
    flags: c_int,
    stack_top: *mut u8,
    f: extern "C" fn(*mut c_void) -> c_int,
    arg: *mut c_void,
) -> SysResult {
    // SAFETY: forwarded from the caller.
    let r = unsafe { libc::clone(f, stack_top.cast(), flags, arg) };
    if r < 0 {
        // SAFETY: the thread's errno location is always valid.
        Err(unsafe { *libc::__errno_location() })
    } else {
        Ok(r as usize)
    }
}

/// `execve(path, argv, envp)`; returns only on failure, with the error.
///
/// # Safety
/// NUL-terminated strings, and NULL-terminated arrays of them.
pub(super) unsafe fn execve(
    path: *const libc::c_char,
    argv: *const *const libc::c_char,
    envp: *const *const libc::c_char,
) -> c_int {
    // SAFETY: forwarded from the caller.
    match unsafe {
        call(
            libc::SYS_execve,
            &[path as usize, argv as usize, envp as usize],
        )
    } {
        Err(e) => e,
        Ok(_) => 0,
    }
}

/// `CLOCK_BOOTTIME` in clock ticks (`hz` a second), as `/proc/PID/stat` counts start times.
pub(super) fn boot_ticks(hz: u64) -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out-pointer.
    let _ = unsafe {
        call(
            libc::SYS_clock_gettime,
            &[
                libc::CLOCK_BOOTTIME as usize,
                &mut t as *mut libc::timespec as usize,
            ],
        )
    };
    let nanos = (t.tv_sec.max(0) as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(t.tv_nsec.max(0) as u64);
    nanos / (1_000_000_000 / hz.clamp(1, 1_000_000_000))
}

pub(super) fn exit(status: c_int) -> ! {
    loop {
        // SAFETY: ends the process.
        let _ = unsafe { call(libc::SYS_exit_group, &[status as usize]) };
    }
}
