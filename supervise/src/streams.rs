//! The program's standard streams, served from one poll loop (no helper threads).

use super::raw;
use super::STDERR_TAIL;
use libc::c_int;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

pub(super) struct Streams<'a> {
    stdin: Option<OwnedFd>,
    input: &'a [u8],
    written: usize,
    stdout: Option<OwnedFd>,
    out: Vec<u8>,
    pub(super) flooded: bool,
    max_output: usize,
    stderr: Option<OwnedFd>,
    err: Vec<u8>,
    buf: Vec<u8>,
}

impl<'a> Streams<'a> {
    pub(super) fn new(
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

    pub(super) fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The descriptors to poll, in the order `service` expects: stdin, stdout, stderr (those open).
    pub(super) fn poll_fds(&self) -> Vec<libc::pollfd> {
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

    pub(super) fn service(&mut self, fds: &[libc::pollfd]) {
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
    pub(super) fn read_some(fd: &OwnedFd, buf: &mut [u8]) -> Option<usize> {
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
    pub(super) fn drain(&mut self, limit: Duration) {
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

    pub(super) fn finish(mut self) -> (Vec<u8>, bool, Vec<u8>) {
        if self.err.len() > STDERR_TAIL {
            self.err.drain(..self.err.len() - STDERR_TAIL);
        }
        (self.out, self.flooded, self.err)
    }
}

pub(super) fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

pub(super) fn pollfd(fd: RawFd) -> libc::pollfd {
    libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    }
}

pub(super) fn poll(fds: &mut [libc::pollfd], timeout: Duration) -> io::Result<()> {
    // Round up, so that a wait of less than a millisecond is not a busy loop.
    let ms = timeout.as_micros().div_ceil(1000).min(1000) as c_int;
    // SAFETY: `fds` is a valid array of its length.
    let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if r < 0 && raw::errno() != libc::EINTR {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
