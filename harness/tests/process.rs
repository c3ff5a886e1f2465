//! `harness::programs::process` on real programs: limits (CPU time, wall guard, memory, output), how runs
//! end, and above all that nothing a judged program starts survives its run: not a background
//! child, not a `setsid()` daemon, not even when the harness is interrupted, killed, or its keeper
//! is killed by the program.
//!
//! Detached processes carry a unique marker on their command line and write their pids to files, so
//! a test can check that each one is gone from `/proc` altogether (not running, not a zombie).
//!
//! Some tests need a process of their own (they interrupt or kill it): they re-run this test
//! binary on one `#[ignore]`d test, which does nothing unless `PROCESS_TEST_CHILD` is set.

use harness::programs::process::{self, execute, Ending, Limit, Limits, STDERR_TAIL};
use std::os::unix::process::ExitStatusExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// A scratch folder for one test, removed when the test ends (even by a failed assertion).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("process-tests")
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, file: &str) -> String {
        self.0.join(file).to_string_lossy().into_owned()
    }

    /// A marker for the command lines of this test's detached processes.
    fn marker(&self) -> String {
        marker_of(&self.0)
    }

    fn detach(&self, tag: &str) -> String {
        detach(&self.0, tag)
    }

    /// Asserts that the processes started by `detach(tag)` ran and are gone, and that no process
    /// carries this test's marker.
    fn assert_gone(&self, tags: &[&str]) {
        for tag in tags {
            for role in ["parent", "child"] {
                let file = self.path(&format!("{tag}.{role}"));
                let text = std::fs::read_to_string(&file)
                    .unwrap_or_else(|e| panic!("the detached {role} never started ({file}: {e})"));
                let pid: i32 = text.trim().parse().unwrap();
                let proc = format!("/proc/{pid}");
                assert!(
                    !Path::new(&proc).exists(),
                    "detached {role} {pid} is still there: {:?}",
                    std::fs::read_to_string(format!("{proc}/stat"))
                );
            }
        }
        let left = with_marker(&self.marker());
        assert!(left.is_empty(), "left behind: {left:?}");
    }

    /// Compiles a C program in the scratch folder.
    fn compile(&self, name: &str, source: &str) -> String {
        let c = self.path(&format!("{name}.c"));
        let binary = self.path(name);
        std::fs::write(&c, source).unwrap();
        let out = Command::new("gcc")
            .args(["-O1", "-o", &binary, &c])
            .output()
            .unwrap_or_else(|e| panic!("cannot run gcc ({e}); these tests need a C compiler"));
        assert!(
            out.status.success(),
            "gcc: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        binary
    }
}

/// The marker of the detached processes whose pid files go to `dir`.
fn marker_of(dir: &Path) -> String {
    format!("leak-probe-{}", dir.file_name().unwrap().to_string_lossy())
}

/// Shell code that starts a process detached from the program (`setsid`, through a subshell that
/// exits at once so it is orphaned), itself with a child, and waits until both have written their
/// pids to `dir/<tag>.parent` and `dir/<tag>.child`.
fn detach(dir: &Path, tag: &str) -> String {
    let parent = dir.join(format!("{tag}.parent"));
    let child = dir.join(format!("{tag}.child"));
    format!(
        "(setsid sh -c 'sleep 30 & echo $! > {child}; echo $$ > {parent}; wait' {marker} &); \
         while [ ! -s {parent} ] || [ ! -s {child} ]; do sleep 0.01; done; ",
        parent = parent.display(),
        child = child.display(),
        marker = marker_of(dir)
    )
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The pids of the processes whose command line contains `marker`.
fn with_marker(marker: &str) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| c.windows(marker.len()).any(|w| w == marker.as_bytes()))
        })
        .collect()
}

fn run(script: &str, limits: &Limits) -> process::Execution {
    execute(&sh(script), b"", limits).unwrap()
}

const HOG: &str = r#"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* hog MB [touch] : allocates MB megabytes, one at a time, writing to them unless touch is 0. */
int main(int argc, char **argv) {
    long mb = atol(argv[1]);
    int touch = argc < 3 || atoi(argv[2]);
    for (long i = 0; i < mb; i++) {
        char *p = malloc(1 << 20);
        if (!p) return 3;
        if (touch) memset(p, 1, 1 << 20);
    }
    return 0;
}
"#;

// ---------------------------------------------------------------------------------------------
// Input, output, endings.

#[test]
fn a_program_that_echoes_its_input_is_read_back() {
    let e = execute(&sh("cat"), b"1 2 3\n", &Limits::from_cpu(secs(2.0))).unwrap();
    assert_eq!(e.stdout, b"1 2 3\n");
    assert_eq!(e.ending, Ending::Exited(0));
    assert!(e.success(), "{e:?}");
    assert!(!e.flooded && e.limit.is_none() && !e.interrupted);
    assert!(e.cpu < secs(1.0));
}

#[test]
fn a_megabyte_goes_through_both_pipes() {
    let input: Vec<u8> = (0..1 << 20).map(|i: u32| (i % 251) as u8).collect();
    let e = execute(&sh("cat"), &input, &Limits::from_cpu(secs(5.0))).unwrap();
    assert!(e.success(), "{e:?}");
    assert!(e.stdout == input, "the output differs from the input");
}

#[test]
fn a_program_that_ignores_its_input_is_fine() {
    let input = vec![b'x'; 1 << 20];
    let e = execute(&sh("echo ok"), &input, &Limits::from_cpu(secs(5.0))).unwrap();
    assert!(e.success(), "{e:?}");
    assert_eq!(e.stdout, b"ok\n");
}

#[test]
fn exit_codes_and_signals_are_reported() {
    let limits = Limits::from_cpu(secs(2.0)).with_memory(256 << 20);
    let e = run("echo oops >&2; exit 3", &limits);
    assert_eq!(e.ending, Ending::Exited(3));
    assert_eq!(e.stderr, b"oops\n");
    assert_eq!(e.limit, None);
    let e = run("kill -SEGV $$", &limits);
    assert_eq!(e.ending, Ending::Signaled(libc::SIGSEGV));
    assert_eq!(e.limit, None, "a crash is not a limit: {e:?}");
}

#[test]
fn only_the_tail_of_stderr_is_kept() {
    let e = run(
        "yes e | head -c 100000 >&2; echo end >&2",
        &Limits::from_cpu(secs(2.0)),
    );
    assert!(e.success(), "{e:?}");
    assert_eq!(e.stderr.len(), STDERR_TAIL);
    assert!(e.stderr.ends_with(b"e\nend\n"));
}

#[test]
fn a_missing_program_is_an_error_not_a_verdict() {
    let limits = Limits::from_cpu(secs(1.0));
    let err = execute(&["/nonexistent/program".to_string()], b"", &limits).unwrap_err();
    assert!(format!("{err:#}").contains("cannot start"), "{err:#}");
    assert!(execute(&[], b"", &limits).is_err());
}

#[test]
fn a_flooding_program_is_cut_off() {
    let e = run("yes 1", &Limits::from_cpu(secs(10.0)).with_max_output(1000));
    assert!(e.flooded);
    assert_eq!(e.limit, Some(Limit::Output));
    assert_eq!(e.stdout.len(), 1000);
    assert!(e.wall < secs(5.0), "took {:?}", e.wall);
}

// ---------------------------------------------------------------------------------------------
// Time.

#[test]
fn a_busy_loop_gets_the_cpu_limit_long_before_the_wall_guard() {
    let limits = Limits::from_cpu(secs(0.2)).with_wall(secs(20.0));
    let e = run("while :; do :; done", &limits);
    assert_eq!(e.limit, Some(Limit::Cpu), "{e:?}");
    assert_eq!(e.ending, Ending::Killed);
    assert!(e.cpu >= secs(0.2), "{e:?}");
    assert!(e.wall < secs(10.0), "killed only after {:?}", e.wall);
}

#[test]
fn the_cpu_time_of_the_whole_tree_counts() {
    // The shell only waits; the work happens in two grandchildren at once.
    let limits = Limits::from_cpu(secs(0.3)).with_wall(secs(20.0));
    let e = run(
        "sh -c 'while :; do :; done; :' & sh -c 'while :; do :; done; :' & wait",
        &limits,
    );
    assert_eq!(e.limit, Some(Limit::Cpu), "{e:?}");
    assert!(e.cpu >= secs(0.3), "{e:?}");
}

#[test]
fn sleeping_is_not_cpu_time() {
    let e = run("sleep 0.3", &Limits::from_cpu(secs(0.1)));
    assert!(e.success(), "a sleeping program used no CPU time: {e:?}");
    assert!(e.cpu < secs(0.1));
    assert!(e.wall >= secs(0.3));
    // With a guard shorter than the sleep it is a hang, still not a CPU time limit.
    let e = run(
        "sleep 0.3",
        &Limits::from_cpu(secs(0.1)).with_wall(secs(0.15)),
    );
    assert_eq!(e.limit, Some(Limit::Wall), "{e:?}");
    assert_eq!(e.ending, Ending::Killed);
}

#[test]
fn a_hanging_program_is_killed_with_its_children() {
    let dir = Scratch::new("hang");
    let script = format!("{}sleep 30 & sleep 30; echo late", dir.detach("a"));
    let e = run(&script, &Limits::from_cpu(secs(0.1)).with_wall(secs(1.5)));
    assert_eq!(e.limit, Some(Limit::Wall), "{e:?}");
    assert_eq!(e.stdout, b"");
    assert!(e.wall < secs(5.0), "took {:?}", e.wall);
    dir.assert_gone(&["a"]);
}

// ---------------------------------------------------------------------------------------------
// Memory.

#[test]
fn touching_far_more_than_the_memory_limit_is_a_memory_verdict() {
    let dir = Scratch::new("hog");
    let hog = dir.compile("hog", HOG);
    let limits = Limits::from_cpu(secs(10.0)).with_memory(256 << 20);
    let e = execute(&[hog.clone(), "3072".into()], b"", &limits).unwrap();
    assert_eq!(e.limit, Some(Limit::Memory), "{e:?}");
    assert_eq!(e.ending, Ending::Killed, "not a crash: {e:?}");
    assert!(e.peak_memory.is_some_and(|p| p > 256 << 20), "{e:?}");
    assert!(e.wall < secs(5.0), "took {:?}", e.wall);

    // The same program within its limit: its peak is measured, and it is fine.
    let e = execute(&[hog.clone(), "64".into()], b"", &limits).unwrap();
    assert!(e.success(), "{e:?}");
    let peak = e.peak_memory.unwrap();
    assert!((64 << 20..256 << 20).contains(&peak), "peak {peak}");

    // Reserving without touching is not using.
    let e = execute(&[hog, "3072".into(), "0".into()], b"", &limits).unwrap();
    assert!(e.success(), "{e:?}");
}

// ---------------------------------------------------------------------------------------------
// Nothing left behind.

#[test]
fn a_detached_grandchild_does_not_outlive_a_successful_run() {
    let dir = Scratch::new("success");
    let script = format!("{}{}echo done", dir.detach("a"), dir.detach("b"));
    let e = run(&script, &Limits::from_cpu(secs(5.0)));
    assert!(e.success(), "{e:?}");
    assert_eq!(e.stdout, b"done\n");
    dir.assert_gone(&["a", "b"]);
}

#[test]
fn a_detached_grandchild_does_not_outlive_a_timeout() {
    let dir = Scratch::new("timeout");
    let script = format!("{}while :; do :; done", dir.detach("a"));
    let e = run(&script, &Limits::from_cpu(secs(0.2)).with_wall(secs(10.0)));
    assert_eq!(e.limit, Some(Limit::Cpu), "{e:?}");
    dir.assert_gone(&["a"]);
}

#[test]
fn a_detached_grandchild_does_not_outlive_a_flood() {
    let dir = Scratch::new("flood");
    let script = format!("{}yes", dir.detach("a"));
    let e = run(&script, &Limits::from_cpu(secs(10.0)).with_max_output(5000));
    assert_eq!(e.limit, Some(Limit::Output), "{e:?}");
    dir.assert_gone(&["a"]);
}

#[test]
fn a_background_daemon_in_a_new_session_is_killed_even_under_a_live_parent() {
    // `setsid` without the subshell: the daemon stays the shell's child until the end.
    let dir = Scratch::new("daemon");
    let parent = dir.path("d.parent");
    let child = dir.path("d.child");
    let script = format!(
        "setsid sh -c 'sleep 30 & echo $! > {child}; echo $$ > {parent}; wait' {} & \
         while [ ! -s {parent} ] || [ ! -s {child} ]; do sleep 0.01; done; exit 4",
        dir.marker()
    );
    let e = run(&script, &Limits::from_cpu(secs(5.0)));
    assert_eq!(e.ending, Ending::Exited(4), "{e:?}");
    dir.assert_gone(&["d"]);
}

#[test]
fn a_hundred_detached_processes_are_all_reaped() {
    let dir = Scratch::new("many");
    let script = format!(
        "for i in $(seq 100); do (setsid sh -c 'echo $$ > {d}/p$1; sleep 30; :' {m} $i &); done; \
         while [ $(ls {d} | wc -l) -lt 100 ]; do sleep 0.01; done",
        d = dir.0.display(),
        m = dir.marker()
    );
    let e = run(&script, &Limits::from_cpu(secs(10.0)));
    assert!(e.success(), "{e:?}");
    assert!(e.wall < secs(8.0), "took {:?}", e.wall);
    let pids: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .collect();
    assert_eq!(pids.len(), 100);
    for pid in pids {
        assert!(!Path::new(&format!("/proc/{}", pid.trim())).exists());
    }
    assert!(with_marker(&dir.marker()).is_empty());
}

#[test]
fn a_program_that_kills_its_keeper_still_leaves_nothing() {
    // The keeper is the program's parent. Killing it leaves the detached processes to the
    // harness, which finds them by the run's marker in their environment.
    let dir = Scratch::new("keeper");
    let program = dir.path("program");
    let script = format!(
        "echo $$ > {program}; {}sleep 30 & kill -9 $PPID; sleep 30",
        dir.detach("a")
    );
    let e = run(&script, &Limits::from_cpu(secs(10.0)));
    assert_eq!(e.ending, Ending::Signaled(libc::SIGKILL), "{e:?}");
    assert!(e.wall < secs(8.0), "took {:?}", e.wall);
    dir.assert_gone(&["a"]);
    // The program itself (killed by its parent-death signal) was reaped too.
    let pid = std::fs::read_to_string(&program).unwrap();
    assert!(!Path::new(&format!("/proc/{}", pid.trim())).exists());
}

#[test]
fn concurrent_runs_keep_their_own_statuses() {
    let dir = Scratch::new("concurrent");
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let detach = dir.detach(&format!("t{i}"));
            std::thread::spawn(move || {
                let mut seen = Vec::new();
                for round in 0..3 {
                    let input = format!("{i}.{round}\n");
                    let script = if i % 4 == 3 && round == 0 {
                        format!("{detach}cat; sleep 30")
                    } else {
                        format!("cat; exit {i}")
                    };
                    let limits = Limits::from_cpu(secs(5.0)).with_wall(secs(1.5));
                    let e = execute(&sh(&script), input.as_bytes(), &limits).unwrap();
                    seen.push((round, e));
                }
                (i, seen)
            })
        })
        .collect();
    for t in threads {
        let (i, seen) = t.join().unwrap();
        for (round, e) in seen {
            assert_eq!(e.stdout, format!("{i}.{round}\n").as_bytes(), "{e:?}");
            if i % 4 == 3 && round == 0 {
                assert_eq!(e.limit, Some(Limit::Wall), "{e:?}");
            } else {
                assert_eq!(e.ending, Ending::Exited(i), "{e:?}");
                assert_eq!(e.limit, None);
            }
        }
    }
    dir.assert_gone(&["t3", "t7"]);
}

// ---------------------------------------------------------------------------------------------
// Interrupts, `kill_all`, and a harness that dies. Each runs in a process of its own.

const CHILD: &str = "PROCESS_TEST_CHILD";
const DIR: &str = "PROCESS_TEST_DIR";
const REAP: &str = "PROCESS_TEST_REAP";

/// Runs the `#[ignore]`d test `name` of this binary in a new process.
fn child_test(name: &str, env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--exact",
        name,
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(CHILD, "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Waits until the files exist and are not empty.
fn wait_for_files(files: &[String]) {
    let deadline = Instant::now() + secs(10.0);
    while !files
        .iter()
        .all(|f| std::fs::metadata(f).is_ok_and(|m| m.len() > 0))
    {
        assert!(Instant::now() < deadline, "{files:?} never appeared");
        std::thread::sleep(secs(0.01));
    }
}

/// Starts a run that would hang for 30 s, with a detached grandchild, on another thread.
fn start_hanging_run(
    dir: &Path,
    tag: &str,
) -> std::thread::JoinHandle<anyhow::Result<process::Execution>> {
    let script = format!("{}sleep 30", detach(dir, tag));
    let limits = Limits::from_cpu(secs(30.0)).with_wall(secs(20.0));
    std::thread::spawn(move || execute(&sh(&script), b"", &limits))
}

#[test]
fn kill_all_stops_every_run() {
    let dir = Scratch::new("kill-all");
    let out = child_test("child_kill_all", &[(DIR, &dir.0.to_string_lossy())])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("1 passed"),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.assert_gone(&["a", "b"]);
}

#[test]
#[ignore = "run by kill_all_stops_every_run"]
fn child_kill_all() {
    let Ok(dir) = std::env::var(DIR) else { return };
    if std::env::var(CHILD).is_err() {
        return;
    }
    let dir = PathBuf::from(dir);
    let runs = [start_hanging_run(&dir, "a"), start_hanging_run(&dir, "b")];
    let files: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|t| ["parent", "child"].map(|r| format!("{}/{t}.{r}", dir.display())))
        .collect();
    wait_for_files(&files);
    std::thread::sleep(secs(0.05));
    assert_eq!(process::live_runs(), 2);
    process::kill_all();
    for r in runs {
        let e = r.join().unwrap().unwrap();
        assert!(e.interrupted, "{e:?}");
        assert_eq!(e.ending, Ending::Killed);
        assert_eq!(e.limit, None);
        assert!(e.wall < secs(10.0));
    }
    assert_eq!(process::live_runs(), 0);
}

/// Runs the child test `name` under a reaper: a process that is a subreaper and waits for every
/// orphan, so that when it exits everything the child left behind (its keepers, which clean up
/// after it) has finished. Returns the child's exit status (128 + signal if it was killed).
fn under_reaper(name: &str, dir: &Scratch) -> i32 {
    let out = child_test("reaper", &[(REAP, name), (DIR, &dir.0.to_string_lossy())])
        .output()
        .unwrap();
    out.status.code().unwrap_or_else(|| {
        panic!(
            "the reaper died: {:?}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
#[ignore = "run by the tests of interrupts"]
fn reaper() {
    let Ok(name) = std::env::var(REAP) else {
        return;
    };
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong, 0, 0, 0) };
    let status = child_test(&name, &[]).env_remove(REAP).status().unwrap();
    // This process runs nothing else: waiting for any child is safe here.
    loop {
        let mut s = 0;
        // SAFETY: plain waitpid.
        if unsafe { libc::waitpid(-1, &mut s, 0) } < 0
            && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR)
        {
            break;
        }
    }
    std::process::exit(
        status
            .code()
            .unwrap_or_else(|| 128 + status.signal().unwrap_or(0)),
    );
}

#[test]
fn a_second_interrupt_kills_every_run_and_exits_at_once() {
    let dir = Scratch::new("second-interrupt");
    let start = Instant::now();
    assert_eq!(under_reaper("child_second_interrupt", &dir), 130);
    assert!(start.elapsed() < secs(10.0));
    dir.assert_gone(&["a"]);
}

#[test]
#[ignore = "run by a_second_interrupt_kills_every_run_and_exits_at_once"]
fn child_second_interrupt() {
    let Ok(dir) = std::env::var(DIR) else { return };
    if std::env::var(CHILD).is_err() {
        return;
    }
    harness::run::interrupt::install().unwrap();
    let dir = PathBuf::from(dir);
    let _run = start_hanging_run(&dir, "a");
    wait_for_files(&[format!("{}/a.parent", dir.display())]);
    wait_for_files(&[format!("{}/a.child", dir.display())]);
    std::thread::sleep(secs(0.05));
    // SAFETY: the handlers are installed.
    unsafe { libc::raise(libc::SIGINT) };
    assert!(harness::run::interrupt::interrupted());
    assert_eq!(harness::run::interrupt::exit_status(), Some(130));
    // SAFETY: as above; this one exits the process.
    unsafe { libc::raise(libc::SIGINT) };
    unreachable!("the second SIGINT exits");
}

#[test]
fn a_harness_killed_outright_leaves_nothing_running() {
    let dir = Scratch::new("harness-killed");
    let start = Instant::now();
    assert_eq!(
        under_reaper("child_killed_harness", &dir),
        128 + libc::SIGKILL
    );
    assert!(start.elapsed() < secs(10.0), "took {:?}", start.elapsed());
    dir.assert_gone(&["a"]);
}

#[test]
#[ignore = "run by a_harness_killed_outright_leaves_nothing_running"]
fn child_killed_harness() {
    let Ok(dir) = std::env::var(DIR) else { return };
    if std::env::var(CHILD).is_err() {
        return;
    }
    let dir = PathBuf::from(dir);
    let _run = start_hanging_run(&dir, "a");
    wait_for_files(&[
        format!("{}/a.parent", dir.display()),
        format!("{}/a.child", dir.display()),
    ]);
    std::thread::sleep(secs(0.05));
    // SAFETY: ends this process, with no chance to clean up.
    unsafe { libc::raise(libc::SIGKILL) };
}
