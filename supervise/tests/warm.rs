//! Warm starts judge as exec does: every kind of ending, run both ways on the same input, gets the
//! same verdict; every warm run starts from the pristine stopped program; nothing is left running.
//!
//! The programs are built here with gcc and python3 as the harness builds them (the C runtime
//! linked in; the Python server with the runtime as a library).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;
use supervise::{Ending, Execution, Limit, Limits, Program, WarmStart};

/// Tests that flip the process-wide switch, or count runs, take turns.
static SERIAL: Mutex<()> = Mutex::new(());

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("supervise-warm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sh(cmd: &mut Command) {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The runtime, as an object and as a library, built once per test process.
fn runtime() -> (PathBuf, PathBuf) {
    static BUILT: Mutex<Option<(PathBuf, PathBuf)>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(b) = built.as_ref() {
        return b.clone();
    }
    let dir = scratch();
    let source = dir.join("warm.c");
    std::fs::write(&source, supervise::C_RUNTIME).unwrap();
    let object = dir.join("warm.o");
    let library = dir.join("libwarm.so");
    sh(Command::new("gcc")
        .args(["-O2", "-c"])
        .arg(&source)
        .arg("-o")
        .arg(&object));
    sh(Command::new("gcc")
        .args(["-O2", "-shared", "-fPIC", "-DWARM_LIBRARY"])
        .arg(&source)
        .arg("-o")
        .arg(&library));
    std::fs::write(dir.join("warm_server.py"), supervise::PYTHON_SERVER).unwrap();
    *built = Some((object, library));
    built.clone().unwrap()
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// A C++ program built with the runtime linked in.
fn cpp(name: &str, source: &str) -> Program {
    let (object, _) = runtime();
    let dir = scratch();
    let src = dir.join(format!("{name}.cpp"));
    std::fs::write(&src, source).unwrap();
    let exe = dir.join(name);
    sh(Command::new("g++")
        .args(["-O2", "-std=c++17"])
        .arg(&src)
        .arg(&object)
        .arg("-o")
        .arg(&exe));
    Program {
        exec: vec![s(&exe)],
        warm: Some(WarmStart {
            server: vec![s(&exe)],
            argv: vec![s(&exe)],
        }),
    }
}

fn python() -> String {
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A Python script run by the resident interpreter.
fn py(name: &str, source: &str) -> Program {
    let (_, library) = runtime();
    let dir = scratch();
    let script = dir.join(format!("{name}.py"));
    std::fs::write(&script, source).unwrap();
    let python = python();
    Program {
        exec: vec![python.clone(), s(&script)],
        warm: Some(WarmStart {
            server: vec![
                python,
                s(&dir.join("warm_server.py")),
                s(&library),
                s(&script),
            ],
            argv: vec![s(&script)],
        }),
    }
}

/// What a verdict is made of.
fn verdict(e: &Execution) -> (Ending, Option<Limit>, bool, String, String) {
    let tail = String::from_utf8_lossy(&e.stderr);
    let last = tail
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string();
    (
        e.ending,
        e.limit,
        e.flooded,
        String::from_utf8_lossy(&e.stdout).into_owned(),
        last,
    )
}

/// Runs `program` warm and cold on the same input and asserts the same verdict; returns it.
fn both(program: &Program, args: &[&str], input: &str, limits: &Limits) -> Execution {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    supervise::set_warm_starts(true);
    let before = supervise::start_counts();
    let warm = supervise::run(program, &args, input.as_bytes(), limits).unwrap();
    let after = supervise::start_counts();
    assert_eq!(after.warm, before.warm + 1, "the run did not start warm");
    supervise::set_warm_starts(false);
    let cold = supervise::run(program, &args, input.as_bytes(), limits).unwrap();
    supervise::set_warm_starts(true);
    assert_eq!(
        verdict(&warm),
        verdict(&cold),
        "warm {warm:?}\ncold {cold:?}"
    );
    warm
}

fn limits() -> Limits {
    Limits::from_cpu(Duration::from_millis(400))
        .with_wall(Duration::from_secs(2))
        .with_memory(64 << 20)
        .with_max_output(1 << 16)
}

const CPP: &str = r#"
#include <bits/stdc++.h>
#include <unistd.h>
#include <sys/resource.h>
static int counter = 0;
struct Init { Init() { counter += 10; } } init;
static int deep(int n) {
    volatile char pad[1024];
    pad[0] = (char)n;
    return n == 0 ? pad[0] : deep(n - 1) + pad[0];
}
int main(int argc, char **argv) {
    std::string mode = argc > 1 ? argv[1] : "ok";
    long long a = 0, b = 0;
    std::cin >> a >> b;
    counter++;
    if (mode == "ok") { std::cout << a + b << "\n"; return 0; }
    if (mode == "unsynced") { std::ios::sync_with_stdio(false); std::cout << a + b << "\n"; return 0; }
    if (mode == "state") { std::cout << counter << " " << argc << "\n"; return 0; }
    if (mode == "wrong") { std::cout << a + b + 1 << "\n"; return 0; }
    if (mode == "rlimit") { struct rlimit r; getrlimit(RLIMIT_STACK, &r); std::cout << r.rlim_cur << "\n"; return 0; }
    if (mode == "deep") { std::cout << (deep(24 * 1024) != 1) << "\n"; return 0; }
    if (mode == "spaces") { std::cout << a + b << "   \n\n"; return 0; }
    if (mode == "status") { std::cerr << "bad input " << a << "\n"; return 3; }
    if (mode == "abort") { std::cerr << "about to abort\n"; abort(); }
    if (mode == "segv") { volatile int *p = nullptr; return *p; }
    if (mode == "spin") { volatile unsigned long x = 0; for (;;) x++; }
    if (mode == "memory") {
        std::vector<char> v(300u << 20, 1);
        std::cout << (int)v[12345] << "\n"; return 0;
    }
    if (mode == "flood") { for (;;) std::cout << "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n"; }
    if (mode == "hang") { sleep(30); return 0; }
    if (mode == "children") {
        if (fork() == 0) { setsid(); if (fork() == 0) { sleep(30); _exit(0); } _exit(0); }
        std::cout << a + b << "\n"; return 0;
    }
    return 9;
}
"#;

const PY: &str = r#"
import sys, os, time
counter = 0
mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
a, b = map(int, input().split())
counter += 1
if mode == "ok":
    print(a + b)
elif mode == "state":
    print(counter, len(sys.argv), __name__, sys.path[0] == os.path.dirname(os.path.abspath(__file__)))
elif mode == "wrong":
    print(a + b + 1)
elif mode == "spaces":
    print(a + b, "  \n")
elif mode == "status":
    print("bad input", a, file=sys.stderr)
    sys.exit(3)
elif mode == "message":
    sys.exit("a message")
elif mode == "quit":
    print(a)
    exit()
elif mode == "raise":
    print(1 // (a - a))
elif mode == "abort":
    os.abort()
elif mode == "spin":
    while True:
        pass
elif mode == "memory":
    v = bytearray(300 << 20)
    for i in range(0, len(v), 4096):
        v[i] = 1
    print(len(v))
elif mode == "flood":
    while True:
        print("y" * 40)
elif mode == "hang":
    time.sleep(30)
elif mode == "children":
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(30)
        os._exit(0)
    print(a + b)
elif mode == "recursion":
    def f(n):
        return 0 if n == 0 else 1 + f(n - 1)
    print(f(int(sys.argv[2])), sys.getrecursionlimit())
elif mode == "thread":
    import threading
    out = []
    t = threading.Thread(target=lambda: (time.sleep(0.05), out.append(a * b), print(out[0])))
    t.start()
elif mode == "atexit":
    import atexit
    atexit.register(lambda: print("bye"))
    sys.stdout.write(str(a))
"#;

fn every_kind(program: &Program, python: bool) {
    let l = limits();
    let ok = both(program, &["ok"], "3 4\n", &l);
    assert_eq!((ok.ending, ok.limit), (Ending::Exited(0), None));
    assert_eq!(String::from_utf8_lossy(&ok.stdout).trim(), "7");
    if !python {
        // A recursion 25 MiB deep: the stack limit is the memory limit (64 MiB), as on a judge,
        // not the harness's 8 MiB.
        let e = both(program, &["rlimit"], "3 4\n", &l);
        assert_eq!(
            String::from_utf8_lossy(&e.stdout).trim(),
            (64u64 << 20).to_string()
        );
        let e = both(program, &["deep"], "3 4\n", &l);
        assert_eq!((e.ending, e.limit), (Ending::Exited(0), None), "{e:?}");
        // The C++ streams, unsynchronised from stdio, are flushed at exit only.
        let e = both(program, &["unsynced"], "3 4\n", &l);
        assert_eq!(String::from_utf8_lossy(&e.stdout), "7\n");
    }
    both(program, &["wrong"], "3 4\n", &l);
    both(program, &["spaces"], "3 4\n", &l);
    let e = both(program, &["status"], "3 4\n", &l);
    assert_eq!(e.ending, Ending::Exited(3));
    let e = both(program, &["abort"], "3 4\n", &l);
    assert_eq!(e.ending, Ending::Signaled(libc::SIGABRT));
    let e = both(program, &["spin"], "3 4\n", &l);
    assert_eq!(e.limit, Some(Limit::Cpu));
    let e = both(program, &["memory"], "3 4\n", &l);
    assert_eq!(e.limit, Some(Limit::Memory));
    let e = both(program, &["flood"], "3 4\n", &l);
    assert_eq!(e.limit, Some(Limit::Output));
    let e = both(program, &["hang"], "3 4\n", &l);
    assert_eq!(e.limit, Some(Limit::Wall));
    let marker_free = supervise::live_runs();
    let e = both(program, &["children"], "3 4\n", &l);
    assert_eq!(e.ending, Ending::Exited(0));
    assert_eq!(supervise::live_runs(), marker_free);
    if python {
        let e = both(program, &["raise"], "3 4\n", &l);
        assert_eq!(e.ending, Ending::Exited(1));
        assert!(String::from_utf8_lossy(&e.stderr).contains("ZeroDivisionError"));
        let e = both(program, &["message"], "3 4\n", &l);
        assert_eq!(e.ending, Ending::Exited(1));
        both(program, &["quit"], "3 4\n", &l);
        let e = both(program, &["recursion", "990"], "3 4\n", &l);
        assert_eq!(String::from_utf8_lossy(&e.stdout).trim(), "990 1000");
        let e = both(program, &["recursion", "1200"], "3 4\n", &l);
        assert_eq!(e.ending, Ending::Exited(1));
        let e = both(program, &["thread"], "3 4\n", &l);
        assert_eq!(String::from_utf8_lossy(&e.stdout).trim(), "12");
        let e = both(program, &["atexit"], "3 4\n", &l);
        assert_eq!(String::from_utf8_lossy(&e.stdout), "3bye\n");
    } else {
        let e = both(program, &["segv"], "3 4\n", &l);
        assert_eq!(e.ending, Ending::Signaled(libc::SIGSEGV));
    }
}

#[test]
fn a_cpp_program_gets_every_verdict_warm_as_cold() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    every_kind(&cpp("kinds", CPP), false);
}

#[test]
fn a_python_script_gets_every_verdict_warm_as_cold() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    every_kind(&py("kinds", PY), true);
}

#[test]
fn every_warm_run_starts_from_the_pristine_program() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for program in [cpp("state", CPP), py("state", PY)] {
        for _ in 0..5 {
            let e = both(&program, &["state"], "1 2\n", &limits());
            let out = String::from_utf8_lossy(&e.stdout).into_owned();
            // The static constructor ran once and the counter was incremented once: no run sees
            // an earlier run's state; the arguments are the run's.
            let want = if program.exec.len() == 1 {
                "11 2"
            } else {
                "1 2 __main__ True"
            };
            assert_eq!(out.trim(), want);
        }
    }
}

#[test]
fn a_server_that_dies_is_replaced_and_its_run_made_again_by_exec() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let program = cpp(
        "parricide",
        r#"
#include <csignal>
#include <cstdio>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc > 1) kill(getppid(), SIGKILL);
    std::puts("done");
}
"#,
    );
    supervise::set_warm_starts(true);
    let before = supervise::start_counts();
    let args = vec!["kill-parent".to_string()];
    let e = supervise::run(&program, &args, b"", &limits()).unwrap();
    let after = supervise::start_counts();
    // The warm run lost its server: the run was made again by exec, where the program kills its
    // keeper, as an exec'd run always does.
    assert_eq!(after.fallbacks, before.fallbacks + 1);
    let cold = {
        supervise::set_warm_starts(false);
        let c = supervise::run(&program, &args, b"", &limits()).unwrap();
        supervise::set_warm_starts(true);
        c
    };
    // (Whether its output got out before the parent-death signal is a race either way.)
    assert_eq!((e.ending, e.limit), (cold.ending, cold.limit));
    assert_eq!(e.ending, Ending::Signaled(libc::SIGKILL));
    // A new server serves the next run.
    let ok = supervise::run(&program, &[], b"", &limits()).unwrap();
    assert_eq!(String::from_utf8_lossy(&ok.stdout), "done\n");
    assert_eq!(supervise::start_counts().warm, after.warm + 1);
}

#[test]
fn a_run_sees_its_own_environment_entries_warm_as_cold() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let c = cpp(
        "env",
        r#"
#include <cstdio>
#include <cstdlib>
int main() { const char *v = getenv("STRESS_TAPE"); std::printf("%s %d\n", v ? v : "-", getenv("MATCH3_HARNESS_RUN") != nullptr); }
"#,
    );
    let p = py(
        "env",
        "import os\nprint(os.environ.get('STRESS_TAPE', '-'), int('MATCH3_HARNESS_RUN' in os.environ))\n",
    );
    for program in [c, p] {
        for (i, value) in ["/tmp/a", "/tmp/b"].iter().enumerate() {
            let env = vec![("STRESS_TAPE".to_string(), value.to_string())];
            let mut outs = Vec::new();
            for warm in [true, false] {
                supervise::set_warm_starts(warm);
                let e = supervise::run_with_env(&program, &[], &env, b"", &limits()).unwrap();
                outs.push(String::from_utf8_lossy(&e.stdout).into_owned());
            }
            supervise::set_warm_starts(true);
            assert_eq!(outs[0], outs[1], "run {i}");
            assert_eq!(outs[0], format!("{value} 1\n"));
        }
        let e = supervise::run(&program, &[], b"", &limits()).unwrap();
        assert_eq!(String::from_utf8_lossy(&e.stdout), "- 1\n");
    }
}

#[test]
fn a_run_may_not_dump_core_and_is_the_first_the_oom_killer_takes_warm_as_cold() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let c = cpp(
        "standing",
        r#"
#include <cstdio>
#include <sys/resource.h>
int main() {
    struct rlimit core;
    getrlimit(RLIMIT_CORE, &core);
    int adj = -1;
    if (FILE *f = std::fopen("/proc/self/oom_score_adj", "r")) { std::fscanf(f, "%d", &adj); std::fclose(f); }
    std::printf("core %llu %llu oom %d\n", (unsigned long long)core.rlim_cur, (unsigned long long)core.rlim_max, adj);
}
"#,
    );
    let e = both(&c, &[], "", &limits());
    assert_eq!(String::from_utf8_lossy(&e.stdout), "core 0 0 oom 1000\n");
}

#[test]
fn an_interactive_pair_gets_the_same_verdicts_warm_as_cold() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let interactor = cpp(
        "interactor",
        r#"
#include <cstdio>
int main() {
    std::printf("5\n"); std::fflush(stdout);
    long x = 0;
    if (std::scanf("%ld", &x) != 1) { std::fprintf(stderr, "wrong answer: nothing read\n"); return 1; }
    if (x != 10) { std::fprintf(stderr, "wrong answer: %ld\n", x); return 1; }
    std::fprintf(stderr, "ok\n"); return 0;
}
"#,
    );
    let solution = py(
        "solution",
        r#"
import sys, time
mode = sys.argv[1]
n = int(input())
if mode == "ok":
    print(2 * n, flush=True)
elif mode == "wrong":
    print(n, flush=True)
elif mode == "crash":
    raise ValueError("no")
elif mode == "hang":
    time.sleep(30)
"#,
    );
    let l = limits();
    for mode in ["ok", "wrong", "crash", "hang"] {
        let args = vec![mode.to_string()];
        let mut verdicts = Vec::new();
        for warm in [true, false] {
            supervise::set_warm_starts(warm);
            let before = supervise::start_counts();
            let (sol, int) =
                supervise::run_pair((&solution, &args, &l), (&interactor, &[], &l)).unwrap();
            let started = supervise::start_counts().warm - before.warm;
            assert_eq!(started, if warm { 2 } else { 0 }, "{mode}");
            // What a side stopped at the wall-clock guard wrote is not its verdict: it may have
            // seen its partner's end in the instant between the two stops, warm or cold alike.
            let said = if int.limit.is_none() {
                verdict(&int).4
            } else {
                String::new()
            };
            verdicts.push(((sol.ending, sol.limit), (int.ending, int.limit, said)));
        }
        supervise::set_warm_starts(true);
        assert_eq!(verdicts[0], verdicts[1], "{mode}");
        match mode {
            "ok" => assert_eq!(verdicts[0].1 .0, Ending::Exited(0)),
            "wrong" => assert_eq!(verdicts[0].1 .0, Ending::Exited(1)),
            "crash" => assert_eq!(verdicts[0].0 .0, Ending::Exited(1)),
            _ => {}
        }
    }
}

#[test]
#[ignore = "a measurement, not a test: cargo test -p supervise --release --test warm -- --ignored --nocapture"]
fn measure_warm_and_cold_runs() {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let programs = [("c++", cpp("measure", CPP)), ("python", py("measure", PY))];
    for (name, program) in programs {
        for warm in [true, false] {
            supervise::set_warm_starts(warm);
            let args = vec!["ok".to_string()];
            let _ = supervise::run(&program, &args, b"1 2\n", &limits()).unwrap();
            let n: u32 = std::env::var("MEASURE_RUNS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(200);
            let start = std::time::Instant::now();
            let mut cpu = Duration::ZERO;
            for _ in 0..n {
                let e = supervise::run(&program, &args, b"1 2\n", &limits()).unwrap();
                cpu += e.cpu;
            }
            let wall = start.elapsed();
            eprintln!(
                "{name} {}: {:.3} ms a run, {:.3} ms of the run's own CPU",
                if warm { "warm" } else { "cold" },
                wall.as_secs_f64() * 1000.0 / n as f64,
                cpu.as_secs_f64() * 1000.0 / n as f64
            );
        }
    }
    supervise::set_warm_starts(true);
}
