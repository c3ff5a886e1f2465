//! `harness judge` on real programs: the C++ solution in `examples/texas.cpp` is accepted, its
//! planted bug is caught and shrunk to a small repro, and crashes, hangs, floods and garbage output
//! each get their verdict.
//!
//! The C++ is compiled with g++ (CI installs it). Case counts and time limits are small so the whole
//! file runs in a few seconds.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("judge-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `examples/texas.cpp` (once per flag set) and returns the binary's path.
fn compile(planted_bug: bool) -> PathBuf {
    static CORRECT: OnceLock<PathBuf> = OnceLock::new();
    static PLANTED: OnceLock<PathBuf> = OnceLock::new();
    let cell = if planted_bug { &PLANTED } else { &CORRECT };
    cell.get_or_init(|| {
        let name = if planted_bug {
            "texas-planted"
        } else {
            "texas"
        };
        let dir = scratch(&format!("bin-{name}"));
        let binary = dir.join(name);
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/texas.cpp");
        let mut cmd = Command::new("g++");
        cmd.args(["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
            .arg(&binary)
            .arg(&source);
        if planted_bug {
            cmd.arg("-DPLANTED_BUG_SPECIAL5");
        }
        let out = match cmd.output() {
            Ok(out) => out,
            Err(e) => panic!(
                "cannot run g++ ({e}): the judge tests compile examples/texas.cpp and need a C++ \
                 compiler; install g++ (for example `apt-get install g++`)"
            ),
        };
        assert!(
            out.status.success(),
            "g++ failed on {}:\n{}",
            source.display(),
            text(&out.stderr)
        );
        binary
    })
    .clone()
}

/// The summary line `texas: <N> cases, <A> accepted, <W> wrong, <T> timeouts, <R> crashes`.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    cases: u64,
    accepted: u64,
    wrong: u64,
    timeouts: u64,
    crashes: u64,
}

fn summary(stdout: &str) -> Summary {
    let line = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("texas: "))
        .unwrap_or_else(|| panic!("no `texas: ...` summary line in:\n{stdout}"));
    let parts: Vec<(u64, &str)> = line
        .split(", ")
        .map(|part| {
            let (number, word) = part
                .split_once(' ')
                .unwrap_or_else(|| panic!("bad summary part `{part}` in `{line}`"));
            let number = number
                .parse()
                .unwrap_or_else(|_| panic!("`{number}` is not a count in `{line}`"));
            (number, word)
        })
        .collect();
    let words: Vec<&str> = parts.iter().map(|p| p.1).collect();
    assert_eq!(
        words,
        ["cases", "accepted", "wrong", "timeouts", "crashes"],
        "summary line `{line}`"
    );
    let s = Summary {
        cases: parts[0].0,
        accepted: parts[1].0,
        wrong: parts[2].0,
        timeouts: parts[3].0,
        crashes: parts[4].0,
    };
    assert_eq!(
        s.cases,
        s.accepted + s.wrong + s.timeouts + s.crashes,
        "the verdicts do not add up to the cases in `{line}`"
    );
    s
}

/// The path printed as `repro: PATH`, if any.
fn repro(stdout: &str) -> Option<PathBuf> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("repro: "))
        .map(|p| PathBuf::from(p.trim()))
}

struct Judged {
    out: Output,
    stdout: String,
    elapsed: Duration,
}

impl Judged {
    fn context(&self) -> String {
        format!(
            "status {:?}\nstdout:\n{}\nstderr:\n{}",
            self.out.status,
            self.stdout,
            text(&self.out.stderr)
        )
    }
}

/// Runs `harness judge --game texas --quiet --jobs 2 --out OUT ARGS -- CMD`.
fn judge(out_dir: &Path, args: &[&str], cmd: &[&str]) -> Judged {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "judge", "--game", "texas", "--quiet", "--jobs", "2", "--out",
        ])
        .arg(out_dir)
        .args(args)
        .arg("--")
        .args(cmd)
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let stdout = text(&out.stdout);
    Judged {
        out,
        stdout,
        elapsed,
    }
}

/// Runs a program with a file on stdin and returns its stdout.
fn run_on(program: &Path, input: &Path) -> String {
    let out = Command::new(program)
        .stdin(std::fs::File::open(input).unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{} failed on {}",
        program.display(),
        input.display()
    );
    text(&out.stdout)
}

/// Processes whose command line is exactly `args` (read from /proc).
fn processes_with_cmdline(args: &[&str]) -> Vec<String> {
    let want: Vec<u8> = args.iter().flat_map(|a| a.bytes().chain([0])).collect();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            if cmdline == want {
                found.push(name);
            }
        }
    }
    found
}

#[test]
fn the_cpp_solution_prints_the_statement_samples() {
    // The same binary the judge sees, on the three statement samples.
    let binary = compile(false);
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/texas");
    for (file, want) in [
        ("sample1.in", "11692\n"),
        ("sample2.in", "684\n"),
        ("sample3.in", "3023\n"),
    ] {
        assert_eq!(run_on(&binary, &corpus.join(file)), want, "{file}");
    }
}

#[test]
fn the_correct_solution_is_accepted_on_every_case() {
    let binary = compile(false);
    let out_dir = scratch("accepted");
    let bin = binary.to_str().unwrap();
    // The default mix, then the profiles that stress one rule each; a few full-size boards.
    // (The 50x50 `max` and `heavy` profiles are left out: the reference is slow in a debug build.)
    for (profile, cases) in [
        ("mix", "300"),
        ("specials", "100"),
        ("cascade", "40"),
        ("many-colours", "40"),
        ("wide", "20"),
        ("tall", "20"),
        ("storm", "4"),
    ] {
        let j = judge(&out_dir, &["--cases", cases, "--profile", profile], &[bin]);
        assert_eq!(j.out.status.code(), Some(0), "{}", j.context());
        let cases: u64 = cases.parse().unwrap();
        assert_eq!(
            summary(&j.stdout),
            Summary {
                cases,
                accepted: cases,
                wrong: 0,
                timeouts: 0,
                crashes: 0
            },
            "{}",
            j.context()
        );
        assert_eq!(repro(&j.stdout), None, "{}", j.context());
    }
    assert!(
        std::fs::read_dir(&out_dir).unwrap().next().is_none(),
        "an accepted run wrote a repro into {}",
        out_dir.display()
    );
}

/// The header `n m k q` and the specials of a saved case, checked against the format.
struct Header {
    n: usize,
    m: usize,
    q: usize,
    specials: Vec<usize>,
}

fn parse_case(input: &str) -> Header {
    let tokens: Vec<usize> = input
        .split_whitespace()
        .map(|t| {
            t.parse()
                .unwrap_or_else(|_| panic!("`{t}` is not a number in\n{input}"))
        })
        .collect();
    assert!(tokens.len() >= 4, "no header in\n{input}");
    let (n, m, k, q) = (tokens[0], tokens[1], tokens[2], tokens[3]);
    assert!((1..=50).contains(&n) && (1..=50).contains(&m), "{input}");
    assert!((1..=100).contains(&k) && (1..=1000).contains(&q), "{input}");
    assert_eq!(
        tokens.len(),
        4 + 2 * n * m + 4 * q,
        "token count of\n{input}"
    );
    let colours = &tokens[4..4 + n * m];
    let specials = &tokens[4 + n * m..4 + 2 * n * m];
    let ops = &tokens[4 + 2 * n * m..];
    assert!(colours.iter().all(|a| (1..=k).contains(a)), "{input}");
    assert!(specials.iter().all(|&b| b <= 6), "{input}");
    for op in ops.chunks(4) {
        let rows_ok = (1..=n).contains(&op[0]) && (1..=n).contains(&op[2]);
        let cols_ok = (1..=m).contains(&op[1]) && (1..=m).contains(&op[3]);
        assert!(
            rows_ok && cols_ok,
            "operation {op:?} off the board in\n{input}"
        );
    }
    Header {
        n,
        m,
        q,
        specials: specials.to_vec(),
    }
}

#[test]
fn a_planted_bug_is_caught_and_shrunk_to_a_small_repro() {
    let planted = compile(true);
    let correct = compile(false);
    let out_dir = scratch("planted");
    // The shrinker ends at a case of 2x3 or 2x4 with one operation on every seed from 1 to 6.
    let j = judge(
        &out_dir,
        &["--cases", "200", "--profile", "specials", "--seed", "1"],
        &[planted.to_str().unwrap()],
    );
    assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
    let s = summary(&j.stdout);
    assert!(s.wrong >= 1, "{}", j.context());
    assert_eq!((s.timeouts, s.crashes), (0, 0), "{}", j.context());
    assert!(
        j.stdout.contains("wrong answer"),
        "no wrong-answer verdict:\n{}",
        j.context()
    );

    // The repro: a valid case of at most 6x6 and 6 operations, in --out, with .ans and .got.
    let input = repro(&j.stdout).unwrap_or_else(|| panic!("no repro line:\n{}", j.context()));
    assert!(
        input.starts_with(&out_dir),
        "repro {} outside --out",
        input.display()
    );
    assert_eq!(input.extension().and_then(|e| e.to_str()), Some("in"));
    let case = std::fs::read_to_string(&input).unwrap();
    let header = parse_case(&case);
    assert!(
        header.n <= 6 && header.m <= 6 && header.q <= 6,
        "the repro is not small ({}x{}, q = {}):\n{case}",
        header.n,
        header.m,
        header.q
    );
    // Only special 5 is wrong in the planted build, so the repro must hold one.
    assert!(
        header.specials.contains(&5),
        "no special 5 in the repro:\n{case}"
    );
    let reference = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["run", "--game", "texas", "--engine", "reference"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        reference.status.success(),
        "the repro is not a valid case: {}",
        text(&reference.stderr)
    );

    let ans = std::fs::read_to_string(input.with_extension("ans")).unwrap();
    let got = std::fs::read_to_string(input.with_extension("got")).unwrap();
    assert_ne!(
        ans.trim(),
        got.trim(),
        "expected and received agree in the repro"
    );
    // .ans is the reference's answer (and the correct C++'s), .got the planted build's.
    assert_eq!(ans.trim(), text(&reference.stdout).trim());
    assert_eq!(ans.trim(), run_on(&correct, &input).trim());
    assert_eq!(got.trim(), run_on(&planted, &input).trim());
}

#[test]
fn a_crashing_program_is_a_runtime_error() {
    for (script, says) in [
        ("kill -SEGV $$", "signal 11"),
        ("cat >/dev/null; echo oops >&2; exit 3", "exit status 3"),
    ] {
        let out_dir = scratch("crash");
        let j = judge(&out_dir, &["--cases", "10"], &["sh", "-c", script]);
        assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
        let s = summary(&j.stdout);
        assert!(s.cases >= 1, "{}", j.context());
        assert_eq!(s.crashes, s.cases, "{}", j.context());
        assert!(j.stdout.contains("runtime error"), "{}", j.context());
        assert!(
            j.stdout.contains(says),
            "`{says}` not in the verdict:\n{}",
            j.context()
        );
        assert!(
            repro(&j.stdout).is_some_and(|p| p.exists()),
            "{}",
            j.context()
        );
    }
}

#[test]
fn a_hanging_program_times_out_quickly_and_is_killed() {
    // Durations no other process is likely to use, so leftovers can be found by command line.
    let plain = format!("30.{}1", std::process::id());
    let forked = format!("30.{}2", std::process::id());
    // A program that hangs, and one whose child hangs in the background beside it.
    let script = format!("sleep {forked} & sleep {forked}; echo late");
    let programs: [&[&str]; 2] = [&["sleep", &plain], &["sh", "-c", &script]];
    for cmd in programs {
        let out_dir = scratch("hang");
        let j = judge(&out_dir, &["--cases", "4", "--timeout-ms", "100"], cmd);
        assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
        let s = summary(&j.stdout);
        // The batch stops at the first failing case; every case judged timed out.
        assert!(s.cases >= 1 && s.cases <= 4, "{}", j.context());
        assert_eq!(s.timeouts, s.cases, "{}", j.context());
        // It waits, using no CPU: a contest's idleness limit.
        assert!(
            j.stdout.contains("IDLENESS LIMIT EXCEEDED in case"),
            "{}",
            j.context()
        );
        assert!(
            j.stdout
                .contains("idleness limit exceeded: still running after"),
            "{}",
            j.context()
        );
        assert!(
            j.elapsed < Duration::from_secs(20),
            "judging {cmd:?} took {:?}",
            j.elapsed
        );
    }
    for duration in [&plain, &forked] {
        let left = processes_with_cmdline(&["sleep", duration]);
        assert!(
            left.is_empty(),
            "`sleep {duration}` still running: pids {left:?}"
        );
    }
}

#[test]
fn a_flooding_program_is_cut_off_and_judged_past_the_output_limit() {
    let out_dir = scratch("flood");
    let j = judge(
        &out_dir,
        &["--cases", "3", "--max-output", "65536"],
        &["yes", "1"],
    );
    assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
    let s = summary(&j.stdout);
    assert!(s.cases >= 1 && s.wrong == s.cases, "{}", j.context());
    assert!(
        j.stdout.contains("OUTPUT LIMIT EXCEEDED in case"),
        "{}",
        j.context()
    );
    assert!(
        j.stdout.contains("output limit exceeded: more than"),
        "{}",
        j.context()
    );
    assert!(
        j.elapsed < Duration::from_secs(20),
        "judging a flooding program took {:?}",
        j.elapsed
    );
    // The saved output is cut at the limit.
    let input = repro(&j.stdout).unwrap();
    let got = std::fs::metadata(input.with_extension("got"))
        .unwrap()
        .len();
    assert_eq!(got, 65536);

    // The default limit stops it too, and soon.
    let out_dir = scratch("flood-default");
    let j = judge(&out_dir, &["--cases", "2"], &["yes", "1"]);
    assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
    let s = summary(&j.stdout);
    assert!(s.cases >= 1 && s.wrong == s.cases, "{}", j.context());
    assert!(
        j.stdout.contains("output limit exceeded"),
        "{}",
        j.context()
    );
    assert!(
        j.elapsed < Duration::from_secs(30),
        "judging a flooding program took {:?}",
        j.elapsed
    );
}

#[test]
fn output_that_is_not_a_number_is_malformed() {
    for (script, says) in [
        ("cat >/dev/null; echo eleven", "not a score"),
        ("cat >/dev/null; echo 1 2", "more than one value"),
        ("cat >/dev/null", "empty output"),
    ] {
        let out_dir = scratch("malformed");
        let j = judge(&out_dir, &["--cases", "5"], &["sh", "-c", script]);
        assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
        let s = summary(&j.stdout);
        assert_eq!(s.wrong, s.cases, "{}", j.context());
        assert!(j.stdout.contains("malformed output"), "{}", j.context());
        assert!(j.stdout.contains(says), "`{says}` not in:\n{}", j.context());
    }
}

#[test]
fn a_well_formed_wrong_number_is_a_wrong_answer_not_malformed() {
    let out_dir = scratch("zero");
    let j = judge(
        &out_dir,
        &["--cases", "20"],
        &["sh", "-c", "cat >/dev/null; echo 0"],
    );
    assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
    let s = summary(&j.stdout);
    assert!(s.wrong >= 1, "{}", j.context());
    assert!(j.stdout.contains("wrong answer"), "{}", j.context());
    assert!(!j.stdout.contains("malformed"), "{}", j.context());
    let input = repro(&j.stdout).unwrap();
    assert_eq!(
        std::fs::read_to_string(input.with_extension("got")).unwrap(),
        "0\n"
    );
    let ans = std::fs::read_to_string(input.with_extension("ans")).unwrap();
    assert_ne!(ans.trim(), "0");
}

#[test]
fn a_program_that_cannot_start_is_an_error_not_a_verdict() {
    let out_dir = scratch("missing");
    let missing = out_dir.join("no-such-program");
    let j = judge(&out_dir, &["--cases", "3"], &[missing.to_str().unwrap()]);
    assert_eq!(j.out.status.code(), Some(2), "{}", j.context());
    assert!(
        text(&j.out.stderr).contains("cannot start"),
        "{}",
        j.context()
    );
    assert!(
        !j.stdout.contains("texas: "),
        "a summary was printed:\n{}",
        j.context()
    );
}

#[test]
fn a_judged_hang_is_shrunk_like_a_wrong_answer_on_every_job() {
    // The correct solution behind a wrapper that spins for ever when the board holds a special 5:
    // a hang on a 50x50 board, which only a relative limit per candidate shrinks far in time.
    let correct = compile(false);
    let dir = scratch("judged-hang");
    let marks = dir.join("marks");
    std::fs::create_dir_all(&marks).unwrap();
    let wrapper = dir.join("spin-on-special-5.sh");
    // Before spinning, a run leaves its pid in `marks` and notes how many runs spin at once.
    let script = format!(
        r#"#!/bin/sh
input=$(cat)
if printf '%s\n' "$input" | awk '{{ for (i = 1; i <= NF; i++) t[c++] = $i }}
    END {{ n = t[0]; m = t[1]; for (i = 4 + n*m; i < 4 + 2*n*m; i++) if (t[i] == 5) exit 0; exit 1 }}'; then
  : > "{marks}/$$"
  alive=0
  for f in "{marks}"/*; do kill -0 "${{f##*/}}" 2>/dev/null && alive=$((alive + 1)); done
  echo "$alive" >> "{marks}.spinning"
  while :; do :; done
fi
printf '%s\n' "$input" | "{correct}"
"#,
        marks = marks.display(),
        correct = correct.display()
    );
    std::fs::write(&wrapper, script).unwrap();
    let out_dir = dir.join("out");
    // One case (50x50, with special 5s): the batch runs the program once, so three runs spinning
    // at once can only be the shrinker's candidates on the three jobs.
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["judge", "--game", "texas", "--quiet", "--jobs", "3"])
        .args(["--profile", "full", "--cases", "1", "--out"])
        .arg(&out_dir)
        .args(["--", "sh"])
        .arg(&wrapper)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    let j = Judged {
        out,
        stdout,
        elapsed: start.elapsed(),
    };
    assert_eq!(j.out.status.code(), Some(1), "{}", j.context());
    assert_eq!(summary(&j.stdout).timeouts, 1, "{}", j.context());
    assert!(
        j.stdout.starts_with("TIME LIMIT EXCEEDED in case 0 "),
        "{}",
        j.context()
    );
    assert!(j.stdout.contains(": 50x50, "), "{}", j.context());
    // Shrunk to a fixed point within the default budget, like a wrong answer: at most 36 cells.
    assert!(!j.stdout.contains("(stopped early)"), "{}", j.context());
    let input = repro(&j.stdout).unwrap_or_else(|| panic!("no repro line:\n{}", j.context()));
    let case = std::fs::read_to_string(&input).unwrap();
    let header = parse_case(&case);
    assert!(
        header.n * header.m <= 36 && header.specials.contains(&5),
        "shrunk only to {}x{}:\n{case}\n{}",
        header.n,
        header.m,
        j.context()
    );
    // The shrunk case's verdict is the program's own limit, not the relative one.
    let shrunk = j
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("shrunk to "))
        .nth(1)
        .unwrap_or_default();
    assert!(
        shrunk.contains("time limit exceeded (2000 ms;"),
        "{}",
        j.context()
    );
    assert!(
        j.elapsed < Duration::from_secs(150),
        "took {:?}\n{}",
        j.elapsed,
        j.context()
    );
    let spinning = std::fs::read_to_string(dir.join("marks.spinning")).unwrap();
    let most = spinning
        .lines()
        .filter_map(|l| l.trim().parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    assert!(most >= 3, "at most {most} runs spun at once with --jobs 3");
}

/// `harness judge ... ARGS` in `dir`, with the compile cache under the target folder.
fn judge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("judge")
        .args(args)
        .current_dir(dir)
        .env(
            "HARNESS_STRESS_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-cache"),
        )
        .output()
        .unwrap()
}

#[test]
fn a_source_after_the_double_dash_is_compiled_once_and_judged_warm() {
    let dir = scratch("source");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/texas.cpp");
    std::fs::copy(&source, dir.join("texas.cpp")).unwrap();
    let o = dir.join("out");
    let args = [
        "--game",
        "texas",
        "--cases",
        "60",
        "-q",
        "--out",
        o.to_str().unwrap(),
    ];
    let out = judge_in(&dir, &[&args[..], &["--", "texas.cpp"]].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("60 accepted"), "{stdout}");
    assert!(stdout.contains("runs started warm"), "{stdout}");
    assert!(
        !stdout.contains("programs: 0 runs started warm"),
        "{stdout}"
    );
    // --cold: the same verdicts, every run by exec.
    let out = judge_in(
        &dir,
        &[&["--cold"][..], &args, &["--", "texas.cpp"]].concat(),
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("programs: 0 runs started warm"), "{stdout}");
    // A source that does not compile is bad input: exit 2 with the compiler's message.
    std::fs::write(dir.join("broken.cpp"), "int main( {\n").unwrap();
    let out = judge_in(&dir, &[&args[..], &["--", "broken.cpp"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("does not compile"),
        "{}",
        text(&out.stderr)
    );
}
