//! What the keeper reports: fixed 64-byte records, written atomically to the status pipe.

use super::procfs::ProgramStart;
use super::streams::{set_nonblocking, Streams};
use libc::{c_int, pid_t};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::time::Duration;

const RECORD: usize = 64;
pub(super) const TAG_STARTED: u64 = 0x6d33_6b65_6570_0001;
pub(super) const TAG_ENDED: u64 = 0x6d33_6b65_6570_0002;
/// The program could not be started (the second word is the error number).
pub(super) const TAG_FAILED: u64 = 0x6d33_6b65_6570_0003;
pub(super) const FLAG_KILL_REQUESTED: u64 = 1;
pub(super) const FLAG_KILLED_WHILE_RUNNING: u64 = 2;

pub(super) struct EndReport {
    /// The keeper was told to stop the run (by the harness or `kill_all`).
    pub(super) kill_requested: bool,
    /// ... and the program was still running then.
    pub(super) killed_while_running: bool,
    /// The program's wait status.
    pub(super) status: c_int,
    /// CPU time of everything the keeper reaped: the whole tree.
    pub(super) cpu: Duration,
    /// The largest `ru_maxrss` of the tree, in bytes.
    pub(super) maxrss: u64,
    /// The keeper's own `ru_maxrss`, in bytes.
    pub(super) self_maxrss: u64,
}

pub(super) struct Reports {
    fd: OwnedFd,
    buf: Vec<u8>,
    /// The program's pid and when it started, once known.
    pub(super) start: Option<ProgramStart>,
    /// A warm server's reaped-children CPU ticks before the run (0 from a keeper).
    pub(super) base_ticks: u64,
    pub(super) end: Option<EndReport>,
    /// Why the program could not be started.
    pub(super) failed: Option<c_int>,
    closed: bool,
}

impl Reports {
    pub(super) fn new(fd: OwnedFd) -> io::Result<Reports> {
        set_nonblocking(fd.as_raw_fd())?;
        Ok(Reports {
            fd,
            buf: Vec::new(),
            start: None,
            base_ticks: 0,
            end: None,
            failed: None,
            closed: false,
        })
    }

    pub(super) fn raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// The keeper has reported the end of the run, or is gone.
    pub(super) fn finished(&self) -> bool {
        self.end.is_some() || self.closed
    }

    pub(super) fn service(&mut self) {
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
                TAG_STARTED => {
                    self.start = Some(ProgramStart {
                        pid: record[1] as pid_t,
                        earliest: record[2],
                        latest: record[3],
                    });
                    self.base_ticks = record[4];
                }
                TAG_FAILED => self.failed = Some(record[1] as c_int),
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
