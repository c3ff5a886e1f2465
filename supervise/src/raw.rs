//! Helpers for the keeper: system calls through [`super::sys`], fixed buffers, no allocation, no
//! panics (every index is checked).

use super::sys;
use libc::{c_char, c_int, pid_t};

/// The calling thread's `errno` (for the harness's side only: the keeper never reads it).
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
    let Ok(fd) = sys::open(path, libc::O_RDONLY) else {
        return false;
    };
    let fd = fd as c_int;
    let mut buf = [0u8; 512];
    let mut number: Option<u64> = None;
    while let Ok(n) = sys::read(fd, &mut buf) {
        if n == 0 {
            break;
        }
        parse_numbers(buf.get(..n).unwrap_or(&[]), &mut number, &mut f);
    }
    if let Some(v) = number {
        f(v);
    }
    sys::close(fd);
    true
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
    let fd = sys::open(path, libc::O_RDONLY).ok()? as c_int;
    let mut len = 0;
    while let Some(rest) = buf.get_mut(len..) {
        match sys::read(fd, rest) {
            Ok(n) if n > 0 => len += n,
            _ => break,
        }
    }
    sys::close(fd);
    Some(len)
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

/// Writes one report record (64 bytes: atomic on a pipe).
pub(super) fn write_record(fd: c_int, words: &[u64; 8]) {
    let mut bytes = [0u8; 64];
    for (chunk, w) in bytes.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_ne_bytes());
    }
    // Errors (the harness is gone) are of no consequence.
    let _ = sys::write(fd, &bytes);
}

/// Closes every descriptor but `keep`: the keeper must not hold the program's pipes (nor the
/// harness's other files) open.
pub(super) fn close_all_but(keep: c_int) {
    for fd in 0..3 {
        if fd != keep {
            sys::close(fd);
        }
    }
    let ranges = [(3, keep - 1), (keep + 1, c_int::MAX)];
    for (first, last) in ranges {
        if first > last {
            continue;
        }
        // SAFETY: closes descriptors of this process only.
        let r = unsafe {
            sys::call(
                libc::SYS_close_range,
                &[
                    first as libc::c_uint as usize,
                    last as libc::c_uint as usize,
                    0,
                ],
            )
        };
        if r.is_err() {
            // Kernels before 5.9: one by one, up to the descriptor limit.
            let top = sys::prlimit(libc::RLIMIT_NOFILE as c_int, None)
                .map_or(1024, |l| l.rlim_cur.min(1 << 16) as c_int);
            for fd in first..=last.min(top) {
                sys::close(fd);
            }
        }
    }
}

/// Calls `f` on every process whose parent is `parent`, by scanning `/proc` (for kernels
/// without children files).
pub(super) fn scan_children(parent: pid_t, mut f: impl FnMut(pid_t)) {
    let Ok(dir) = sys::open(c"/proc".as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY) else {
        return;
    };
    let mut buf = [0u8; 4096];
    {
        loop {
            // SAFETY: getdents64 into a buffer of the given length; records are bounds-checked.
            let n = unsafe {
                sys::call(
                    libc::SYS_getdents64,
                    &[dir, buf.as_mut_ptr() as usize, buf.len()],
                )
            };
            let n = match n {
                Ok(n) if n > 0 => n,
                _ => break,
            };
            let entries = buf.get(..n).unwrap_or(&[]);
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
        sys::close(dir as c_int);
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
        sys::kill(pid, libc::SIGKILL);
        if direct {
            // A child of the keeper cannot be reaped by anyone else, so if it leads a process
            // group (say, after setsid), that group is part of the tree.
            sys::kill(-pid, libc::SIGKILL);
        }
    }
}
#[cfg(test)]
mod tests {
    use crate::raw;

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
}
