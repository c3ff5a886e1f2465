//! What a supervised run costs beside a plain `fork`/`exec`/`wait` of the same program, in CPU
//! time (user + system, of this process and its children, from `getrusage`) and wall time.
//!
//! `cargo bench -p supervise --bench overhead -- [--runs N] [--rounds R] [--ballast MB]
//! [--threads T] [PROGRAM ARGS...]`
//!
//! Without a program, an empty C program is compiled with `gcc -O2`. The ways of running it are
//! measured in turn, round after round (so that a drifting machine hits them alike), and each
//! line gives the median over the rounds of the cost per run and its ratio to the plain run:
//!
//! * `fork+exec+wait`: `fork`, `execv`, `waitpid`, nothing else: the floor.
//! * `vfork+exec+wait`: the same with `vfork`, which copies no page tables.
//! * `supervised`: [`supervise::execute`] with no input and the default limits.
//!
//! `--only WAY` runs only the ways whose names start with WAY (for a profiler).
//! `--ballast MB` (default 8) touches that much memory and `--threads T` (default 3) starts idle
//! threads first, so that this process looks like the harness judging (a few threads, a few MB).

use std::ffi::CString;
use std::hint::black_box;
use std::time::{Duration, Instant};
use supervise::{execute, Limits};

struct Options {
    runs: usize,
    rounds: usize,
    ballast_mb: usize,
    threads: usize,
    only: Option<String>,
    program: Vec<String>,
}

fn parse_options() -> Options {
    let mut o = Options {
        runs: 300,
        rounds: 7,
        ballast_mb: 8,
        threads: 3,
        only: None,
        program: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> usize {
            let v = args.next().unwrap_or_default();
            v.parse().unwrap_or_else(|_| {
                eprintln!("overhead: {name} needs a number, not `{v}`");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--runs" => o.runs = number("--runs"),
            "--rounds" => o.rounds = number("--rounds"),
            "--ballast" => o.ballast_mb = number("--ballast"),
            "--threads" => o.threads = number("--threads"),
            "--only" => o.only = args.next(),
            // `cargo bench` passes this to every bench.
            "--bench" => {}
            _ => {
                o.program.push(a);
                o.program.extend(args.by_ref());
            }
        }
    }
    o
}

/// Compiles `int main(void) { return 0; }` with `gcc -O2`; its path.
fn empty_program() -> String {
    let dir = std::env::temp_dir().join(format!("supervise-overhead-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let source = dir.join("empty.c");
    let binary = dir.join("empty");
    std::fs::write(&source, "int main(void) { return 0; }\n").expect("writing empty.c");
    let status = std::process::Command::new("gcc")
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("gcc, to compile the empty program");
    assert!(status.success(), "gcc failed");
    binary.to_string_lossy().into_owned()
}

/// User + system time of this process and its reaped children.
fn cpu_now() -> Duration {
    let mut total = Duration::ZERO;
    for who in [libc::RUSAGE_SELF, libc::RUSAGE_CHILDREN] {
        // SAFETY: rusage is plain data, filled by getrusage.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: a valid out-pointer.
        unsafe { libc::getrusage(who, &mut u) };
        for t in [u.ru_utime, u.ru_stime] {
            total += Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
        }
    }
    total
}

/// The program as C strings for `execv`.
struct Argv {
    _strings: Vec<CString>,
    pointers: Vec<*const libc::c_char>,
}

impl Argv {
    fn new(program: &[String]) -> Argv {
        let strings: Vec<CString> = program
            .iter()
            .map(|s| CString::new(s.as_str()).expect("no NUL in arguments"))
            .collect();
        let mut pointers: Vec<_> = strings.iter().map(|s| s.as_ptr()).collect();
        pointers.push(std::ptr::null());
        Argv {
            _strings: strings,
            pointers,
        }
    }
}

fn forked(argv: &Argv, use_vfork: bool) {
    // SAFETY: the child only calls execv and _exit (async-signal-safe) on prepared pointers.
    unsafe {
        #[allow(deprecated)]
        let pid = if use_vfork {
            libc::vfork()
        } else {
            libc::fork()
        };
        if pid == 0 {
            libc::execv(argv.pointers[0], argv.pointers.as_ptr());
            libc::_exit(127);
        }
        assert!(pid > 0, "fork failed");
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
        assert_eq!(status, 0, "the program failed");
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Way {
    Fork,
    Vfork,
    Supervised,
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Fork => "fork+exec+wait",
            Way::Vfork => "vfork+exec+wait",
            Way::Supervised => "supervised",
        }
    }
}

/// CPU and wall time per run of `runs` runs one way.
fn measure(way: Way, program: &[String], argv: &Argv, runs: usize) -> (Duration, Duration) {
    let limits = Limits::from_cpu(Duration::from_secs(2));
    let cpu = cpu_now();
    let wall = Instant::now();
    for _ in 0..runs {
        match way {
            Way::Fork => forked(argv, false),
            Way::Vfork => forked(argv, true),
            Way::Supervised => {
                let e = execute(program, b"", &limits).expect("the program starts");
                assert!(e.success(), "{e:?}");
                black_box(e);
            }
        }
    }
    let n = runs as u32;
    ((cpu_now() - cpu) / n, wall.elapsed() / n)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut o = parse_options();
    if o.program.is_empty() {
        o.program = vec![empty_program()];
    }
    let ballast: Vec<u8> = vec![1; o.ballast_mb << 20];
    black_box(&ballast);
    let _idle: Vec<_> = (0..o.threads)
        .map(|_| std::thread::spawn(std::thread::park))
        .collect();
    let argv = Argv::new(&o.program);
    let ways: Vec<Way> = [Way::Fork, Way::Vfork, Way::Supervised]
        .into_iter()
        .filter(|w| {
            o.only
                .as_ref()
                .is_none_or(|only| w.name().starts_with(only.as_str()))
        })
        .collect();
    let mut results: Vec<(Vec<Duration>, Vec<Duration>)> = vec![Default::default(); ways.len()];
    measure(Way::Supervised, &o.program, &argv, o.runs / 10 + 1);
    for _ in 0..o.rounds {
        for (way, r) in ways.iter().zip(&mut results) {
            let (cpu, wall) = measure(*way, &o.program, &argv, o.runs);
            r.0.push(cpu);
            r.1.push(wall);
        }
    }
    println!(
        "{} runs x {} rounds of {:?}; {} MB ballast, {} idle threads; medians per run:",
        o.runs, o.rounds, o.program, o.ballast_mb, o.threads
    );
    let base = median(results[0].0.clone());
    for (way, (cpu, wall)) in ways.iter().zip(results) {
        let cpu = median(cpu);
        println!(
            "  {:<16} cpu {:>7.1} us  wall {:>7.1} us  cpu x{:.2} of fork+exec+wait",
            way.name(),
            cpu.as_secs_f64() * 1e6,
            median(wall).as_secs_f64() * 1e6,
            cpu.as_secs_f64() / base.as_secs_f64()
        );
    }
}
