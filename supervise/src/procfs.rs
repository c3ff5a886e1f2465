//! Sampling the tree from the harness, and sweeping up after a keeper that died.

use super::{raw, signal, RUN_MARKER};
use libc::pid_t;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Whether this kernel has `/proc/PID/task/TID/children`.
pub(super) fn children_files_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| std::path::Path::new("/proc/thread-self/children").exists())
}

#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Usage {
    pub(super) cpu: Duration,
    pub(super) memory: u64,
}

/// What the harness reads of `/proc/PID/stat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stat {
    state: u8,
    ppid: pid_t,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
    /// cutime + cstime only.
    child_ticks: u64,
    threads: u64,
    start: u64,
}

fn parse_stat(text: &[u8]) -> Option<Stat> {
    let field = |n| raw::stat_field(text, n);
    let state = *text.get(text.iter().rposition(|&b| b == b')')? + 2)?;
    let child_ticks = field(16)?.saturating_add(field(17)?);
    Some(Stat {
        state,
        ppid: field(4)? as pid_t,
        ticks: field(14)?
            .saturating_add(field(15)?)
            .saturating_add(child_ticks),
        child_ticks,
        threads: field(20)?,
        start: field(22)?,
    })
}

fn read_stat(pid: pid_t) -> Option<Stat> {
    parse_stat(&std::fs::read(format!("/proc/{pid}/stat")).ok()?)
}

/// The peak resident set of a process (`VmHWM`), in bytes.
fn peak_resident(pid: pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

fn parse_pids(text: &str) -> impl Iterator<Item = pid_t> + '_ {
    text.split_ascii_whitespace().filter_map(|w| w.parse().ok())
}

/// The children of `pid` (of all its threads), from the children files.
fn children(pid: pid_t, threads: u64) -> Vec<pid_t> {
    let read = |tid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).unwrap_or_default()
    };
    if threads <= 1 {
        return parse_pids(&read(&pid.to_string())).collect();
    }
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|t| t.ok())
        .flat_map(|t| parse_pids(&read(&t.file_name().to_string_lossy())).collect::<Vec<_>>())
        .collect()
}

pub(super) fn all_pids() -> Vec<pid_t> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

pub(super) fn clock_ticks_per_second() -> u64 {
    static TICKS: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *TICKS.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_CLK_TCK) } {
        t if t > 0 => t as u64,
        _ => 100,
    })
}

/// The CPU time and summed peak resident memory of the keeper's tree (the keeper excluded, the
/// processes it has already reaped included for CPU).
pub(super) fn sample_tree(keeper: pid_t, scan: bool) -> Option<Usage> {
    let own = read_stat(keeper)?;
    let mut ticks = own.child_ticks;
    let mut memory = 0u64;
    // Without children files: one pass over /proc gives every parent link at once.
    let table: Vec<(pid_t, Stat)> = if scan {
        all_pids()
            .into_iter()
            .filter_map(|p| Some((p, read_stat(p)?)))
            .collect()
    } else {
        Vec::new()
    };
    let children_of = |pid: pid_t, threads: u64| -> Vec<pid_t> {
        if scan {
            table
                .iter()
                .filter(|(_, s)| s.ppid == pid)
                .map(|&(p, _)| p)
                .collect()
        } else {
            children(pid, threads)
        }
    };
    let mut queue = children_of(keeper, 1);
    let mut i = 0;
    while let Some(&pid) = queue.get(i) {
        i += 1;
        let Some(stat) = read_stat(pid) else { continue };
        ticks = ticks.saturating_add(stat.ticks);
        memory = memory.saturating_add(peak_resident(pid).unwrap_or(0));
        if queue.len() < 100_000 {
            queue.extend(children_of(pid, stat.threads));
        }
    }
    let hz = clock_ticks_per_second();
    Some(Usage {
        cpu: Duration::from_secs(ticks / hz)
            + Duration::from_nanos((ticks % hz) * 1_000_000_000 / hz),
        memory,
    })
}

/// After a keeper died without cleaning up: finds what is left of its tree by the run's marker,
/// kills it, and reaps those processes that were reparented to the harness (by pid: never
/// `waitpid(-1)`, which could take the status of another run's keeper).
pub(super) fn sweep(marker: &str, program: Option<ProgramStart>) {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let entry = format!("{RUN_MARKER}={marker}");
    // Processes known to belong to the run, by (pid, start time) so that a reused pid is not
    // mistaken for one of them.
    let mut known: Vec<(pid_t, u64)> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut pending = false;
        for pid in all_pids() {
            let Some(stat) = read_stat(pid) else { continue };
            let is_program = program.is_some_and(|p| p.is(pid, stat.start));
            let is_known = is_program || known.contains(&(pid, stat.start));
            if !is_known {
                if stat.state == b'Z' || !has_marker(pid, &entry) {
                    continue;
                }
                known.push((pid, stat.start));
            }
            if stat.state != b'Z' {
                signal(pid, libc::SIGKILL);
                pending = true;
            } else if stat.ppid == me {
                let mut status = 0;
                // SAFETY: reaps one specific zombie child of ours, identified above.
                unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG | libc::__WALL) };
            } else {
                // A zombie whose parent is being killed: it will come to us.
                pending = true;
            }
        }
        if !pending || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The program of a run: its pid, and bounds on its start time (clock ticks after boot, as in
/// `/proc/PID/stat`), which tell it apart from a later process with the same pid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ProgramStart {
    pub(super) pid: pid_t,
    pub(super) earliest: u64,
    pub(super) latest: u64,
}

impl ProgramStart {
    fn is(&self, pid: pid_t, start: u64) -> bool {
        pid == self.pid && (self.earliest..=self.latest).contains(&start)
    }
}

fn has_marker(pid: pid_t, entry: &str) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|env| env.split(|&b| b == 0).any(|e| e == entry.as_bytes()))
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn stat_fields_are_counted_after_the_command_name() {
        let line = b"4242 (a b) c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 25 7 3 1 20 0 3 0 98765 \
                     1000 200 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        assert_eq!(raw::stat_field(line, 4), Some(17));
        assert_eq!(raw::stat_field(line, 14), Some(25));
        assert_eq!(raw::stat_field(line, 22), Some(98765));
        assert_eq!(raw::stat_field(line, 3), None, "the state is a letter");
        let stat = parse_stat(line).unwrap();
        assert_eq!(
            stat,
            Stat {
                state: b'S',
                ppid: 17,
                ticks: 25 + 7 + 3 + 1,
                child_ticks: 3 + 1,
                threads: 3,
                start: 98765,
            }
        );
        assert_eq!(parse_stat(b"12 (no closing"), None);
    }

    #[test]
    fn children_are_listed_and_start_times_fall_within_the_clock_bounds() {
        // This process is not the keeper, but the helpers work on any pid.
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        let me = std::process::id() as pid_t;
        let mut found = Vec::new();
        let threads = read_stat(me).unwrap().threads;
        let listed = children(me, threads);
        raw::scan_children(me, |p| found.push(p));
        let _ = child.kill();
        let _ = child.wait();
        let pid = child.id() as pid_t;
        assert!(listed.contains(&pid), "{listed:?} lacks {pid}");
        assert!(found.contains(&pid), "{found:?} lacks {pid}");
        // The keeper's bounds on a start time hold the figure of /proc.
        let before = crate::sys::boot_ticks(clock_ticks_per_second());
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        let after = crate::sys::boot_ticks(clock_ticks_per_second());
        let pid = child.id() as pid_t;
        let start = read_stat(pid).unwrap().start;
        let _ = child.kill();
        let _ = child.wait();
        let program = ProgramStart {
            pid,
            earliest: before,
            latest: after,
        };
        assert!(program.is(pid, start), "{start} not in {program:?}");
        assert!(!program.is(pid + 1, start));
    }
}
