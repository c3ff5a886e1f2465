//! A warm server: started, asked for runs, stopped.

use super::{WarmStart, READY_TIMEOUT, WARM_FD};
use crate::registry::KILL_EPOCH;
use crate::streams::{poll, pollfd};
use crate::{become_subreaper, signal, RUN_MARKER};
use libc::{c_int, pid_t};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt as _;
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A started server: its pid and the harness's end of its control socket.
pub(crate) struct Server {
    pub(crate) pid: pid_t,
    /// The stack limit it was started with (0: the harness's own); its runs inherit it.
    pub(crate) stack: u64,
    control: OwnedFd,
}

impl Server {
    /// Starts the server of `warm` with the stack limit `stack` (0: the harness's own) and waits
    /// until it is ready.
    pub(crate) fn start(warm: &WarmStart, stack: u64) -> io::Result<Server> {
        become_subreaper();
        let (ours, theirs) = seqpacket_pair()?;
        let (program, args) = warm
            .server
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no server command"))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env_remove(RUN_MARKER)
            .env(WARM_FD, theirs.as_raw_fd().to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let their_fd = theirs.as_raw_fd();
        // SAFETY: only async-signal-safe calls (fcntl, setpgid, prctl, rlimits) between fork and
        // exec.
        unsafe { cmd.pre_exec(move || before_exec(their_fd, stack)) };
        let child = cmd.spawn()?;
        drop(theirs);
        let server = Server {
            pid: child.id() as pid_t,
            stack,
            control: ours,
        };
        // The server is reaped by pid when dropped, not through `Child`.
        drop(child);
        server.wait_ready()?;
        Ok(server)
    }

    /// Waits for the server's `READY`, in slices, so that an interrupt (`kill_all`) is not held
    /// up by a server still setting itself up: it is dropped (killed) instead.
    fn wait_ready(&self) -> io::Result<()> {
        let epoch = KILL_EPOCH.load(Ordering::SeqCst);
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            let mut fds = [pollfd(self.control.as_raw_fd())];
            poll(&mut fds, Duration::from_millis(20))?;
            if fds[0].revents != 0 {
                break;
            }
            if KILL_EPOCH.load(Ordering::SeqCst) != epoch || Instant::now() >= deadline {
                return Err(io::Error::other("the warm server was not ready in time"));
            }
        }
        let mut ready = [0u8; 8];
        // SAFETY: reads into a local buffer.
        let n = unsafe {
            libc::recv(
                self.control.as_raw_fd(),
                ready.as_mut_ptr().cast(),
                ready.len(),
                libc::MSG_DONTWAIT,
            )
        };
        if n != 5 || &ready[..5] != b"READY" {
            return Err(io::Error::other("the warm server did not start"));
        }
        Ok(())
    }

    /// Asks for a run: `fds` are the run's stdin, stdout, stderr and status pipe ends.
    pub(crate) fn request(
        &self,
        fds: [RawFd; 4],
        marker: &str,
        backstop: (u64, u64),
        env: &[(String, String)],
        argv: &[String],
    ) -> io::Result<()> {
        let mut payload = Vec::new();
        let head = [
            marker.to_string(),
            backstop.0.to_string(),
            backstop.1.to_string(),
            env.len().to_string(),
        ];
        let entries = env.iter().map(|(k, v)| format!("{k}={v}"));
        for word in head.into_iter().chain(entries).chain(argv.iter().cloned()) {
            if word.as_bytes().contains(&0) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a NUL byte in an argument",
                ));
            }
            payload.extend_from_slice(word.as_bytes());
            payload.push(0);
        }
        send_with_fds(self.control.as_raw_fd(), &payload, &fds)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Idle: nothing of a run is left. Closing the socket would end it too; this is at once.
        signal(self.pid, libc::SIGKILL);
        let mut status = 0;
        loop {
            // SAFETY: waits for our own child, by pid.
            let r = unsafe { libc::waitpid(self.pid, &mut status, libc::__WALL) };
            if r == self.pid || crate::raw::errno() != libc::EINTR {
                break;
            }
        }
    }
}

/// In the server's process before its exec: keep the control socket open across the exec, a
/// process group of its own, SIGTERM when the harness's thread dies, and the stack limit (before
/// the exec, so that the program's address space leaves its stack that room).
fn before_exec(control: RawFd, stack: u64) -> io::Result<()> {
    // SAFETY: fcntl, setpgid and prctl on this process, async-signal-safe.
    unsafe {
        if libc::fcntl(control, libc::F_SETFD, 0) != 0 {
            return Err(io::Error::last_os_error());
        }
        libc::setpgid(0, 0);
        libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGTERM as libc::c_ulong,
            0,
            0,
            0,
        );
    }
    crate::keeper::limit_stack(stack);
    Ok(())
}

fn seqpacket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: socketpair fills the two-element array.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: two fresh descriptors owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sends `payload` as one message with `fds` attached.
fn send_with_fds(socket: RawFd, payload: &[u8], fds: &[RawFd; 4]) -> io::Result<()> {
    const SPACE: usize = 64;
    // SAFETY: CMSG_SPACE is a pure computation.
    let space = unsafe { libc::CMSG_SPACE(std::mem::size_of_val(fds) as u32) } as usize;
    let mut control = [0u64; SPACE / 8];
    if space > SPACE {
        return Err(io::Error::other("control message too large"));
    }
    let mut iov = libc::iovec {
        iov_base: payload.as_ptr() as *mut libc::c_void,
        iov_len: payload.len(),
    };
    // SAFETY: msghdr is plain data; every pointer set below outlives the call.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = space as _;
    // SAFETY: the control buffer holds one header of the right size (checked above).
    unsafe {
        let header = libc::CMSG_FIRSTHDR(&msg);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(std::mem::size_of_val(fds) as u32) as _;
        std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(header).cast::<RawFd>(), 4);
    }
    loop {
        // SAFETY: `msg` is fully initialized.
        let n = unsafe { libc::sendmsg(socket, &msg, libc::MSG_NOSIGNAL) };
        if n >= 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}
