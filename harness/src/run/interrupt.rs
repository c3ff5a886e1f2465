//! Ctrl-C (SIGINT) and SIGTERM for the harness.
//!
//! [`install`] sets handlers that only record the signal: long runs poll [`interrupted`], stop
//! starting work, call [`crate::programs::process::kill_all`] so no judged program outlives them, report
//! what they have, and exit with [`exit_status`] (130 for SIGINT, 143 for SIGTERM).
//!
//! A second signal does not wait for any of that: the handler itself kills every judged process
//! tree ([`crate::programs::process::kill_all`]) and exits at once with 128 + that signal's number.
//!
//! The handlers are async-signal-safe: they touch only atomics and call `getpid`, `kill` and
//! `_exit`. They are installed with `SA_RESTART`, so ordinary blocking calls in the harness carry
//! on; a `poll` may still return early (the run loop retries). A process forked from the harness
//! inherits the handlers until it execs: they do nothing in any process but the one that called
//! [`install`].

use libc::c_int;
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

/// The first signal received, 0 if none.
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The process that installed the handlers.
static OWNER: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(sig: c_int) {
    // SAFETY: getpid, kill (inside kill_all) and _exit are async-signal-safe; errno is restored.
    unsafe {
        let errno = *libc::__errno_location();
        if libc::getpid() == OWNER.load(Ordering::SeqCst) && SIGNAL.swap(sig, Ordering::SeqCst) != 0
        {
            crate::programs::process::kill_all();
            libc::_exit(128 + sig);
        }
        *libc::__errno_location() = errno;
    }
}

/// Installs the SIGINT and SIGTERM handlers (again, if called twice).
pub fn install() -> io::Result<()> {
    // SAFETY: getpid has no preconditions.
    OWNER.store(unsafe { libc::getpid() }, Ordering::SeqCst);
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: a zeroed sigaction is valid; the handler has the one-argument signature that
        // sa_sigaction without SA_SIGINFO expects.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(sig, &action, std::ptr::null_mut()) != 0 {
                return Err(io::Error::last_os_error());
            }
        }
    }
    Ok(())
}

/// A SIGINT or SIGTERM has been received since [`install`] (or the last `reset`).
pub fn interrupted() -> bool {
    SIGNAL.load(Ordering::SeqCst) != 0
}

/// The first signal received, if any.
pub(crate) fn signal_number() -> Option<c_int> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// The conventional exit status after the signal: 128 + its number (130 for SIGINT, 143 for
/// SIGTERM).
pub fn exit_status() -> Option<i32> {
    signal_number().map(|sig| 128 + sig)
}

/// Forgets any signal received, so the next one counts as a first one again. For tests, and for
/// a harness that has fully handled an interrupt and goes on.
#[cfg(test)]
pub(crate) fn reset() {
    SIGNAL.store(0, Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sigint_sets_the_flag_and_the_exit_status() {
        install().unwrap();
        reset();
        assert!(!interrupted());
        assert_eq!(signal_number(), None);
        // SAFETY: raise delivers the signal to this thread; the handler is installed.
        assert_eq!(unsafe { libc::raise(libc::SIGINT) }, 0);
        assert!(interrupted());
        assert_eq!(signal_number(), Some(libc::SIGINT));
        assert_eq!(exit_status(), Some(130));
        reset();
        assert!(!interrupted());
        assert_eq!(exit_status(), None);
    }
}
