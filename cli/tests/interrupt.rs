//! Ctrl-C and SIGTERM as a user gives them to the `harness` binary: a run stops promptly with exit
//! status 130 (143), prints its summary, saves the failure it was shrinking, and leaves no judged
//! process behind (not even one that detached itself); a second Ctrl-C exits at once; commands
//! that do not watch for Ctrl-C end at its first press.

use std::io::Read as _;
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

mod common;
use common::Scratch;

/// A `sleep` argument no other process on the machine uses: `<whole>.<this test process's pid>`.
fn unique_sleep(whole: u32) -> String {
    format!("{whole}.{:07}", std::process::id())
}

/// Every process's pid and command line (its words, NUL-separated).
fn command_lines() -> Vec<(i32, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            found.push((pid, cmdline));
        }
    }
    found
}

/// The pids of the processes whose command line is exactly `args`.
fn processes(args: &[&str]) -> Vec<i32> {
    command_lines()
        .into_iter()
        .filter(|(_, cmdline)| {
            let words: Vec<&[u8]> = cmdline
                .split(|&b| b == 0)
                .filter(|w| !w.is_empty())
                .collect();
            words.len() == args.len() && words.iter().zip(args).all(|(w, a)| *w == a.as_bytes())
        })
        .map(|(pid, _)| pid)
        .collect()
}

/// Waits up to `limit` for a process running `args` to show up.
fn wait_for_process(args: &[&str], limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !processes(args).is_empty() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// The processes running `args` that are still there after a moment (for the kernel to finish
/// reaping), killed, so that a failing test leaves nothing behind either.
fn left_behind(args: &[&str]) -> Vec<i32> {
    let start = Instant::now();
    let mut left = processes(args);
    while !left.is_empty() && start.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(20));
        left = processes(args);
    }
    for &pid in &left {
        // SAFETY: kill has no memory-safety preconditions.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    left
}

fn assert_none_left(args: &[&str]) {
    let left = left_behind(args);
    assert!(left.is_empty(), "left behind: {args:?} as pids {left:?}");
}

/// True once `pid` has a handler for `sig` (the SigCgt mask of /proc/PID/status).
fn catches(pid: u32, sig: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (sig - 1)) != 0)
}

/// A running harness with its output collected as it comes.
struct Live {
    child: Child,
    stdout: JoinHandle<String>,
    stderr: Arc<Mutex<String>>,
    stderr_reader: JoinHandle<()>,
}

/// Starts the harness in `dir` as a terminal would: SIGINT at its default action (a test runner
/// started in the background may have it ignored, which a child would inherit).
fn start(dir: &Path, args: &[&str], stdin: Stdio) -> Live {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_harness"));
    cmd.args(args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: signal() is async-signal-safe, as pre_exec requires.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let stdout = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let stderr = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&stderr);
    let stderr_reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = err.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    Live {
        child,
        stdout,
        stderr,
        stderr_reader,
    }
}

struct Ended {
    status: ExitStatus,
    /// From the last signal sent (or the start of the wait) to the end.
    after: Duration,
    stdout: String,
    stderr: String,
}

impl Live {
    fn signal(&self, sig: i32) {
        // SAFETY: kill has no memory-safety preconditions; the pid is our child's, not yet reaped.
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, sig) }, 0);
    }

    fn stderr_has(&self, needle: &str, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.stderr.lock().unwrap().contains(needle) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    fn ready_for(&self, sig: i32, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if catches(self.child.id(), sig) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Sends `sig` and waits up to `limit` for the end (then kills it: the test fails).
    fn stop_with(self, sig: i32, limit: Duration) -> Ended {
        self.signal(sig);
        self.finish(limit)
    }

    /// Waits up to `limit` for the end (then kills it: the test fails).
    fn finish(mut self, limit: Duration) -> Ended {
        let sent = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if sent.elapsed() > limit {
                let _ = self.child.kill();
                break self.child.wait().unwrap();
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let after = sent.elapsed();
        let stdout = self.stdout.join().unwrap();
        self.stderr_reader.join().unwrap();
        let stderr = self.stderr.lock().unwrap().clone();
        Ended {
            status,
            after,
            stdout,
            stderr,
        }
    }
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "status {:?}, {:?} after the signal\nstdout:\n{}\nstderr:\n{}",
            self.status, self.after, self.stdout, self.stderr
        )
    }
}

/// A judge run of `sleep` (which never answers) stopped by `sig`.
fn judged_sleep_stopped_by(sig: i32, name: &str, whole: u32) -> (Ended, Scratch) {
    let s = Scratch::new(name);
    let pause = unique_sleep(whole);
    let (out, json) = (s.path("out"), s.path("run.json"));
    let live = start(
        &s.0,
        &[
            "judge", "-n", "6", "--jobs", "2", "--out", &out, "--json", &json, "--", "sleep",
            &pause,
        ],
        Stdio::null(),
    );
    // The programs are running, so the batch (and the handler) is under way.
    assert!(
        wait_for_process(&["sleep", &pause], Duration::from_secs(10)),
        "the judged program never started"
    );
    let ended = live.stop_with(sig, Duration::from_secs(10));
    assert_none_left(&["sleep", &pause]);
    (ended, s)
}

fn assert_stopped_run(ended: &Ended, s: &Scratch, code: i32) {
    assert_eq!(ended.status.code(), Some(code), "{ended}");
    assert!(ended.after < Duration::from_secs(3), "not prompt: {ended}");
    assert!(!ended.stderr.contains("panicked"), "{ended}");
    assert!(
        ended.stdout.contains("interrupted: "),
        "no word of the interrupt: {ended}"
    );
    // The killed runs are no verdicts: nothing was accepted (sleep never answers) nor counted.
    assert!(
        ended
            .stdout
            .lines()
            .any(|l| l == "texas: 0 cases, 0 accepted, 0 wrong, 0 timeouts, 0 crashes"),
        "no summary line, or stopped runs counted as verdicts: {ended}"
    );
    let report = std::fs::read_to_string(s.path("run.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(report["interrupted"], true, "{report}");
    assert_eq!(report["cases"], 0, "{report}");
    assert!(
        !Path::new(&s.path("out")).exists()
            || std::fs::read_dir(s.path("out")).unwrap().next().is_none(),
        "a stopped run was saved as a failure"
    );
}

#[test]
fn ctrl_c_stops_a_judge_run_at_once_with_130_and_its_summary() {
    let (ended, s) = judged_sleep_stopped_by(libc::SIGINT, "sigint", 7101);
    assert_stopped_run(&ended, &s, 130);
}

#[test]
fn sigterm_stops_a_judge_run_with_143() {
    let (ended, s) = judged_sleep_stopped_by(libc::SIGTERM, "sigterm", 7102);
    assert_stopped_run(&ended, &s, 143);
}

#[test]
fn ctrl_c_while_shrinking_still_saves_the_failure() {
    let s = Scratch::new("shrinking");
    // Wrong on every case, and slow enough that shrinking takes a while.
    let nap = format!("0.2{:07}", std::process::id());
    let program = format!("cat >/dev/null; sleep {nap}; echo 0");
    let (out, json) = (s.path("out"), s.path("run.json"));
    let live = start(
        &s.0,
        &[
            "judge",
            "-n",
            "4",
            "--jobs",
            "2",
            "--shrink-secs",
            "600",
            "--out",
            &out,
            "--json",
            &json,
            "--",
            "sh",
            "-c",
            &program,
        ],
        Stdio::null(),
    );
    assert!(
        live.stderr_has("shrinking", Duration::from_secs(20)),
        "no shrinking note: {}",
        live.stderr.lock().unwrap()
    );
    std::thread::sleep(Duration::from_millis(400));
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(10));
    assert_eq!(ended.status.code(), Some(130), "{ended}");
    assert!(ended.after < Duration::from_secs(3), "not prompt: {ended}");
    assert!(ended.stdout.contains("WRONG ANSWER"), "{ended}");
    assert!(ended.stdout.contains("(stopped early)"), "{ended}");
    assert!(ended.stdout.contains("interrupted: "), "{ended}");
    let repro = ended
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("repro: "))
        .unwrap_or_else(|| panic!("no repro line: {ended}"));
    let repro = Path::new(repro);
    assert_eq!(repro.extension().and_then(|e| e.to_str()), Some("in"));
    assert!(repro.starts_with(&out), "{}", repro.display());
    assert!(std::fs::metadata(repro).unwrap().len() > 0);
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repro.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(meta["shrink_complete"], false, "{meta}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["interrupted"], true, "{report}");
    assert_eq!(
        report["first"]["repro"],
        repro.to_str().unwrap(),
        "{report}"
    );
    assert_none_left(&["sleep", &nap]);
}

#[test]
fn a_second_ctrl_c_exits_at_once() {
    let s = Scratch::new("second");
    // One big case through two in-process engines, which cannot be stopped halfway: after the
    // first Ctrl-C the run would finish that case (seconds in this build) and report.
    let out = s.path("out");
    let mut live = start(
        &s.0,
        &[
            "diff",
            "--profile",
            "heavy",
            "--engine",
            "reference",
            "-n",
            "1",
            "-t",
            "1",
            "-q",
            "--out",
            &out,
        ],
        Stdio::null(),
    );
    assert!(live.ready_for(libc::SIGINT, Duration::from_secs(10)));
    std::thread::sleep(Duration::from_millis(200));
    live.signal(libc::SIGINT);
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        live.running(),
        "the case ended too soon to test a second Ctrl-C"
    );
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(10));
    assert_eq!(ended.status.code(), Some(130), "{ended}");
    assert!(
        ended.after < Duration::from_millis(500),
        "not at once: {ended}"
    );
    assert!(
        !ended.stdout.contains("mismatches"),
        "it waited for the case and reported: {ended}"
    );
}

#[test]
fn a_detached_grandchild_is_gone_after_a_run_and_after_an_interrupted_one() {
    let s = Scratch::new("detached");
    let out = s.path("out");
    // A run to its end: every case wrong, a short shrink.
    let daemon = unique_sleep(7103);
    let program =
        format!("setsid -f sleep {daemon} </dev/null >/dev/null 2>&1; cat >/dev/null; echo 0");
    let live = start(
        &s.0,
        &[
            "judge",
            "-n",
            "3",
            "--jobs",
            "1",
            "--shrink-secs",
            "1",
            "--out",
            &out,
            "--",
            "sh",
            "-c",
            &program,
        ],
        Stdio::null(),
    );
    let ended = live.finish(Duration::from_secs(20));
    let left = left_behind(&["sleep", &daemon]);
    assert_eq!(ended.status.code(), Some(1), "{ended}");
    assert!(ended.stdout.contains("WRONG ANSWER"), "{ended}");
    assert!(
        left.is_empty(),
        "the detached sleep was left behind: {left:?}"
    );

    // An interrupted run: the detached sleep is up, the program itself waits.
    let daemon = unique_sleep(7104);
    let pause = unique_sleep(7105);
    let program = format!(
        "setsid -f sleep {daemon} </dev/null >/dev/null 2>&1; cat >/dev/null; sleep {pause}"
    );
    let live = start(
        &s.0,
        &[
            "judge", "-n", "3", "--jobs", "1", "--out", &out, "--", "sh", "-c", &program,
        ],
        Stdio::null(),
    );
    assert!(wait_for_process(
        &["sleep", &daemon],
        Duration::from_secs(10)
    ));
    assert!(wait_for_process(
        &["sleep", &pause],
        Duration::from_secs(10)
    ));
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(10));
    let left = [
        left_behind(&["sleep", &daemon]),
        left_behind(&["sleep", &pause]),
    ];
    assert_eq!(ended.status.code(), Some(130), "{ended}");
    assert!(ended.after < Duration::from_secs(3), "not prompt: {ended}");
    assert!(left.iter().all(Vec::is_empty), "left behind: {left:?}");
}

#[test]
fn commands_that_do_not_watch_for_ctrl_c_end_at_the_first() {
    let s = Scratch::new("plain");
    // bench measures for the time it is given (here half a minute); one Ctrl-C must not be
    // swallowed.
    let live = start(
        &s.0,
        &["bench", "--profile", "max", "-n", "2", "--seconds", "60"],
        Stdio::null(),
    );
    assert!(live.stderr_has("measuring", Duration::from_secs(10)));
    std::thread::sleep(Duration::from_millis(200));
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(5));
    assert!(
        ended.status.signal() == Some(libc::SIGINT) || ended.status.code() == Some(130),
        "{ended}"
    );
    assert!(ended.after < Duration::from_secs(2), "{ended}");
    // run waits for standard input, which never ends here.
    let live = start(&s.0, &["run"], Stdio::piped());
    std::thread::sleep(Duration::from_millis(300));
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(5));
    assert!(
        ended.status.signal() == Some(libc::SIGINT) || ended.status.code() == Some(130),
        "{ended}"
    );
    assert!(ended.after < Duration::from_secs(2), "{ended}");
}

/// The pids of the processes whose command line mentions `needle` (a warm server of a program in
/// a test's folder, and the runs forked from it, share the server's command line).
fn mentioning(needle: &str) -> Vec<i32> {
    command_lines()
        .into_iter()
        .filter(|(_, cmdline)| {
            cmdline
                .windows(needle.len())
                .any(|w| w == needle.as_bytes())
        })
        .map(|(pid, _)| pid)
        .collect()
}

/// Waits up to `limit` for no process to mention `needle`; those left, killed.
fn none_mention(needle: &str, limit: Duration) -> Vec<i32> {
    let start = Instant::now();
    let mut left = mentioning(needle);
    while !left.is_empty() && start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(20));
        left = mentioning(needle);
    }
    for &pid in &left {
        // SAFETY: kill has no memory-safety preconditions.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    left
}

/// A stress run of Python programs started warm, whose solution sleeps: the servers of the
/// generator and brute force idle, the solution's server mid-run. Returns it once the solution's
/// run is under way.
fn warm_stress_with_a_sleeping_solution(s: &Scratch) -> Live {
    std::fs::write(s.join("gen.py"), "print(1, 2)\n").unwrap();
    std::fs::write(
        s.join("brute.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    std::fs::write(s.join("sol.py"), "import time\ntime.sleep(60)\n").unwrap();
    let (gen, brute, sol) = (s.path("gen.py"), s.path("brute.py"), s.path("sol.py"));
    let args = [
        "stress",
        "--gen-stream",
        &gen,
        "--reference",
        &brute,
        "--timeout-ms",
        "20000",
        "--cases",
        "50",
        "--threads",
        "1",
        "--out",
        "repros",
        "-q",
        "--",
        &sol,
    ];
    let live = start(&s.0, &args, Stdio::null());
    let start = Instant::now();
    // The server and its forked run both name the script (as the harness's own command line does).
    let harness = live.child.id() as i32;
    let warm = || {
        mentioning(&sol)
            .into_iter()
            .filter(|&p| p != harness)
            .count()
    };
    while warm() < 2 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    if warm() < 2 {
        live.signal(libc::SIGKILL);
        let ended = live.finish(Duration::from_secs(5));
        panic!("the warm run never started: {ended}");
    }
    live
}

#[test]
fn a_killed_harness_leaves_no_warm_server_and_no_run_behind() {
    let s = Scratch::new("warm-killed");
    let live = warm_stress_with_a_sleeping_solution(&s);
    live.signal(libc::SIGKILL);
    let _ = live.finish(Duration::from_secs(10));
    let folder = s.0.to_string_lossy().into_owned();
    let left = none_mention(&folder, Duration::from_secs(5));
    assert!(left.is_empty(), "left behind: pids {left:?}");
}

#[test]
fn ctrl_c_stops_a_warm_run_and_every_server() {
    let s = Scratch::new("warm-ctrl-c");
    let live = warm_stress_with_a_sleeping_solution(&s);
    assert!(live.ready_for(libc::SIGINT, Duration::from_secs(10)));
    let ended = live.stop_with(libc::SIGINT, Duration::from_secs(10));
    assert_eq!(ended.status.code(), Some(130), "{ended}");
    let folder = s.0.to_string_lossy().into_owned();
    let left = none_mention(&folder, Duration::from_secs(5));
    assert!(left.is_empty(), "left behind: pids {left:?}");
}
