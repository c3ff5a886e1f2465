//! The `harness` binary against the mistakes a user makes: every subcommand given bad flag values
//! is refused with exit status 2 and a message naming the flag or the value (never a panic, never
//! after work has started), every subcommand that prints ends quietly when its output is closed,
//! and missing files and folders are reported as missing without anything being created.

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::Scratch;

fn repo(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Run {
    fn code(&self) -> Option<i32> {
        self.status.code()
    }
}

/// Runs the harness in `dir` with no input, stopping it after `limit` (a run that should have
/// been refused at once must not go on for minutes).
fn run_in(dir: &Path, args: &[String], limit: Duration) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        status,
        elapsed: start.elapsed(),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Asserts that the harness refuses `args` at once: exit status 2, `needle` in its message, no
/// panic.
fn assert_refused(dir: &Path, args: &[String], needle: &str) {
    let r = run_in(dir, args, Duration::from_secs(20));
    let shown = format!(
        "harness {}\nstatus {:?} after {:?}\nstdout:\n{}\nstderr:\n{}",
        args.join(" "),
        r.status,
        r.elapsed,
        r.stdout,
        r.stderr
    );
    assert_eq!(r.code(), Some(2), "{shown}");
    assert!(
        !r.stderr.contains("panicked"),
        "a panic instead of a message: {shown}"
    );
    assert!(
        !r.stderr.contains("cannot be used multiple times"),
        "refused for a flag given twice: {shown}"
    );
    assert!(
        r.stderr.contains(needle),
        "the message does not name `{needle}`: {shown}"
    );
    // Refused before any work: the longest check of these (creating a folder, opening a file) takes
    // milliseconds, while every run below that got through would take minutes.
    assert!(
        r.elapsed < Duration::from_secs(10),
        "not refused at once: {shown}"
    );
}

type Case = (Vec<String>, String);

/// Runs `command` with each case's arguments (and `tail`) and checks that each is refused. Each
/// `defaults` flag is added unless the case gives that flag itself (clap refuses a flag given
/// twice, which would pass for the wrong reason).
fn refuse_all(
    dir: &Path,
    command: &str,
    defaults: &[(&str, &str)],
    tail: &[String],
    cases: &[Case],
) {
    assert!(!cases.is_empty());
    for (extra, needle) in cases {
        let mut args = vec![command.to_string()];
        for (flag, value) in defaults {
            let given = extra
                .iter()
                .any(|a| a == flag || a.starts_with(&format!("{flag}=")));
            if !given {
                args.push(flag.to_string());
                args.push(value.to_string());
            }
        }
        args.extend(extra.iter().cloned());
        args.extend(tail.iter().cloned());
        assert_refused(dir, &args, needle);
    }
}

fn case(args: &[&str], needle: &str) -> Case {
    (strings(args), needle.to_string())
}

/// Bad values shared by every flag that takes a number of seconds.
fn bad_seconds(flag: &str) -> Vec<Case> {
    ["-1", "0", "nan", "NaN", "inf", "-inf", "abc", "", "1e10"]
        .iter()
        .map(|v| (vec![format!("{flag}={v}")], flag.to_string()))
        .collect()
}

/// Bad values shared by every flag that takes a count of at least one.
fn bad_count(flag: &str) -> Vec<Case> {
    ["0", "-1", "1.5", "nan", "x", "", "99999999999999999999999"]
        .iter()
        .map(|v| (vec![format!("{flag}={v}")], flag.to_string()))
        .collect()
}

fn bad_shards() -> Vec<Case> {
    [
        "3/3", "4/3", "1/0", "0/0", "x", "1", "0/x", "x/4", "-1/4", "/", "",
    ]
    .iter()
    .map(|v| (vec![format!("--shard={v}")], "--shard".to_string()))
    .collect()
}

#[test]
fn diff_refuses_every_bad_value_before_running_a_case() {
    let s = Scratch::new("diff");
    let readme = repo("README.md");
    let readme_before = std::fs::read(&readme).unwrap();
    // A batch this long runs for hours: any bad value that got through would be caught by the
    // time limit of `assert_refused`.
    let out = s.path("out");
    let defaults = [("--cases", "100000000"), ("--out", out.as_str())];
    let mut cases = Vec::new();
    cases.extend(bad_seconds("--time"));
    cases.extend(bad_seconds("--shrink-secs"));
    cases.extend(bad_seconds("--case-timeout"));
    cases.extend(bad_count("--threads"));
    cases.extend(bad_count("--cases"));
    cases.extend(bad_count("--max-failures"));
    cases.extend(bad_shards());
    cases.extend([
        case(&["--threads", "0"], "--threads"),
        case(&["--threads", "-1"], "-1"),
        case(&["--threads", "100000"], "--threads"),
        case(&["--cases", "0"], "--cases"),
        case(&["--seed=-1"], "--seed"),
        case(&["--seed", "x"], "--seed"),
        case(&["--seed=18446744073709551616"], "--seed"),
        case(&["--shard", "3/3"], "--shard"),
        case(&["--shard", "x"], "--shard"),
        case(&["--profile", "nope"], "nope"),
        case(&["--profile", ""], "profile"),
        case(&["--engine", "nope"], "nope"),
        case(&["--against", "nope"], "nope"),
        case(&["--game", "chess"], "chess"),
        case(&["--out", &readme], "--out"),
        case(&["--out", &format!("{readme}/sub")], "--out"),
        case(&["--out", "/proc"], "--out"),
        case(&["--json", &s.path("missing/report.json")], "--json"),
        case(&["--json", &s.path("")], "--json"),
        case(&["--time", "-1"], "-1"),
        case(&["--shrink-secs", "nan"], "--shrink-secs"),
    ]);
    refuse_all(&s.0, "diff", &defaults, &strings(&["-q"]), &cases);
    assert_eq!(std::fs::read(&readme).unwrap(), readme_before);
    assert!(!Path::new(&s.path("missing")).exists());
}

#[test]
fn judge_refuses_every_bad_value_before_running_the_program() {
    let s = Scratch::new("judge");
    let readme = repo("README.md");
    let ran = s.path("program-ran");
    let out = s.path("out");
    let defaults = [("--out", out.as_str())];
    // The program leaves a mark when it runs: none of these may get that far.
    let program = strings(&[
        "--",
        "sh",
        "-c",
        &format!("touch '{ran}'; cat >/dev/null; echo 0"),
    ]);
    let mut cases = Vec::new();
    cases.extend(bad_count("--timeout-ms"));
    cases.extend(bad_count("--memory-mb"));
    // `--jobs` is the alias of `--threads`: a bad value is refused under the flag's name.
    cases.extend(
        bad_count("--jobs")
            .into_iter()
            .map(|(args, _)| (args, "--threads".to_string())),
    );
    cases.extend(bad_count("--max-output"));
    cases.extend(bad_count("--cases"));
    cases.extend(bad_count("--max-failures"));
    cases.extend(bad_seconds("--shrink-secs"));
    cases.extend(bad_shards());
    cases.extend([
        case(&["--timeout-ms", "0"], "--timeout-ms"),
        case(&["--timeout-ms", "-5"], "-5"),
        case(&["--memory-mb", "0"], "--memory-mb"),
        // 2^44 MiB is 2^64 bytes: it must not wrap round to a limit of 0.
        case(&["--memory-mb", "17592186044416"], "--memory-mb"),
        case(&["--memory-mb", "99999999999999999"], "--memory-mb"),
        case(&["--jobs", "0"], "--threads"),
        case(&["--jobs", "100000"], "--threads"),
        case(&["-j", "0"], "--threads"),
        case(&["--threads", "0"], "--threads"),
        case(&["--time", "-1"], "-1"),
        case(&["--cases", "0"], "--cases"),
        case(&["--shard", "3/3"], "--shard"),
        case(&["--shard", "x"], "--shard"),
        case(&["--seed=-1"], "--seed"),
        case(&["--profile", "nope"], "nope"),
        case(&["--profile", "all", "--shard", "2/2"], "--shard"),
        case(&["--engine", "optimized"], "--engine"),
        case(&["--game", "chess"], "chess"),
        case(&["--out", &readme], "--out"),
        case(&["--out", "/proc"], "--out"),
        case(&["--out", &format!("{readme}/sub")], "--out"),
        case(&["--json", &s.path("missing/report.json")], "--json"),
        case(&["--json", &s.path("")], "--json"),
    ]);
    refuse_all(&s.0, "judge", &defaults, &program, &cases);
    assert!(
        !Path::new(&ran).exists(),
        "the program ran although the command was refused"
    );
    // No program, or one that does not exist.
    assert_refused(&s.0, &strings(&["judge", "-n", "3"]), "<CMD>");
    assert_refused(
        &s.0,
        &strings(&["judge", "-n", "3", "--", "/nonexistent/program"]),
        "/nonexistent/program",
    );
    assert!(!Path::new(&out).exists(), "a refused run created --out");
}

#[test]
fn bench_refuses_every_bad_value_before_measuring() {
    let s = Scratch::new("bench");
    // Thirty seconds of measuring: a refusal comes long before.
    let defaults = [("--profile", "tiny")];
    let mut cases = Vec::new();
    cases.extend(bad_seconds("--seconds"));
    cases.extend(bad_count("--cases"));
    cases.extend([
        case(&["--seconds", "-1"], "-1"),
        case(&["--seconds", "nan"], "--seconds"),
        case(&["--seed=-1"], "--seed"),
        case(&["--profile", "nope"], "nope"),
        case(&["--profile", "all"], "all"),
        case(&["--engine", "nope"], "nope"),
        case(&["--against", "nope"], "nope"),
        case(&["--game", "chess"], "chess"),
        case(
            &["--seconds", "30", "--json", &s.path("missing/b.json")],
            "--json",
        ),
        case(&["--seconds", "30", "--json", &s.path("")], "--json"),
    ]);
    refuse_all(&s.0, "bench", &defaults, &[], &cases);
}

#[test]
fn the_other_subcommands_refuse_bad_values_and_missing_files() {
    let s = Scratch::new("others");
    let readme = repo("README.md");
    let sample = repo("corpus/texas/sample1.in");
    let board = repo("corpus/nogo/empty-2.in");
    let moves = repo("corpus/nogo/empty-2.out");
    let missing = s.path("missing.in");
    let dir = s.path("");
    let cases = vec![
        // run
        case(&["run", "--engine", "nope", &sample], "nope"),
        case(&["run", "--game", "chess", &sample], "chess"),
        case(&["run", &missing], "missing.in"),
        case(&["run", &dir], &dir),
        case(&["run", &readme], "line 1"),
        // replay
        case(&["replay"], "<FILES>"),
        case(&["replay", "--engine", "nope", &sample], "nope"),
        case(&["replay", "--against", "nope", &sample], "nope"),
        case(&["replay", "--game", "chess", &sample], "chess"),
        case(&["replay", &readme], "--game"),
        case(
            &["replay", "--json", &s.path("missing/r.json"), &sample],
            "--json",
        ),
        // gen, profiles, engines
        case(&["gen", "--profile", "nope"], "nope"),
        case(&["gen", "--profile", "all"], "all"),
        case(&["gen", "--seed=-1"], "--seed"),
        case(&["gen", "--seed", "x"], "--seed"),
        case(&["gen", "--game", "chess"], "chess"),
        case(&["gen", "--game", "nogo", "--profile", "max"], "max"),
        case(&["profiles", "--game", "chess"], "chess"),
        case(&["engines", "--game", "chess"], "chess"),
        // seeds
        case(&["seeds", "--corpus", &readme], "--corpus"),
        case(&["seeds", "--corpus="], "--corpus"),
        // check
        case(&["check"], "<BOARD>"),
        case(&["check", &board], "<MOVES>"),
        case(&["check", "--game", "texas", &board, &moves], "nogo"),
        case(&["check", &missing, &moves], "missing.in"),
        case(&["check", &board, &missing], "missing.in"),
        case(&["check", "-", "-"], "`-`"),
        case(&["check", &readme, &moves], "README.md"),
        // merge
        case(&["merge"], "<REPORTS>"),
        case(&["merge", &s.path("missing.json")], "missing.json"),
        case(&["merge", &readme], "README.md"),
        case(
            &["merge", "--json", &s.path("missing/m.json"), &readme],
            "--json",
        ),
        // completions
        case(&["completions"], "<SHELL>"),
        case(&["completions", "nosh"], "nosh"),
        // no subcommand, an unknown one, an unknown flag
        case(&[], "Usage"),
        case(&["frobnicate"], "frobnicate"),
        case(&["gen", "--frobnicate"], "--frobnicate"),
        case(&["--color", "purple", "gen"], "purple"),
    ];
    for (args, needle) in &cases {
        assert_refused(&s.0, args, needle);
    }
    assert!(!Path::new(&s.path("missing")).exists());
}

#[test]
fn a_refused_run_keeps_an_existing_json_report() {
    let s = Scratch::new("keep-json");
    let report = s.path("report.json");
    let sample = repo("corpus/texas/sample1.in");
    for (i, args) in [
        vec!["diff", "--profile", "nope"],
        vec!["judge", "--profile", "nope", "--", "cat"],
        vec!["bench", "--profile", "nope"],
        vec!["replay", "--engine", "nope", &sample],
        vec!["merge", "missing.json"],
    ]
    .into_iter()
    .enumerate()
    {
        let before = format!("{{\"kept\": {i}}}\n");
        std::fs::write(&report, &before).unwrap();
        let mut full = strings(&args);
        full.splice(1..1, strings(&["--json", &report]));
        let r = run_in(&s.0, &full, Duration::from_secs(20));
        assert_eq!(r.code(), Some(2), "{full:?}: {}", r.stderr);
        assert_eq!(
            std::fs::read_to_string(&report).unwrap(),
            before,
            "{full:?} wiped the report of an earlier run"
        );
    }
    // Nor is an empty report left behind where there was none.
    std::fs::remove_file(&report).unwrap();
    let r = run_in(
        &s.0,
        &strings(&["diff", "--json", &report, "--profile", "nope"]),
        Duration::from_secs(20),
    );
    assert_eq!(r.code(), Some(2));
    assert!(!Path::new(&report).exists());
}

#[test]
fn an_unwritable_out_fails_before_any_case_runs() {
    let s = Scratch::new("unwritable");
    let ran = s.path("program-ran");
    for out in [
        "/proc".to_string(),
        repo("README.md"),
        format!("{}/x", repo("README.md")),
    ] {
        // diff: a batch of a hundred million heavy cases would take days; refused in moments.
        let r = run_in(
            &s.0,
            &strings(&[
                "diff",
                "--profile",
                "heavy",
                "-n",
                "100000000",
                "-q",
                "--out",
                &out,
            ]),
            Duration::from_secs(20),
        );
        assert_eq!(r.code(), Some(2), "--out {out}: {}", r.stderr);
        assert!(
            r.stderr.contains("--out") && r.stderr.contains(&out),
            "{}",
            r.stderr
        );
        assert!(
            r.elapsed < Duration::from_secs(5),
            "--out {out} took {:?}",
            r.elapsed
        );
        assert!(!r.stdout.contains("cases"), "a batch ran: {}", r.stdout);
        // judge: the program never runs.
        let r = run_in(
            &s.0,
            &strings(&[
                "judge",
                "--out",
                &out,
                "--",
                "sh",
                "-c",
                &format!("touch '{ran}'; cat >/dev/null; echo 0"),
            ]),
            Duration::from_secs(20),
        );
        assert_eq!(r.code(), Some(2), "--out {out}: {}", r.stderr);
        assert!(r.stderr.contains("--out"), "{}", r.stderr);
        assert!(!Path::new(&ran).exists(), "--out {out}: the program ran");
    }
}

#[test]
fn replay_says_which_file_is_missing() {
    let s = Scratch::new("replay-missing");
    let sample = repo("corpus/texas/sample1.in");
    // A shell passes a pattern that matches nothing as it is.
    let pattern = s.path("texas/*.in");
    let missing = s.path("texas/gone.in");
    for args in [
        vec![pattern.clone()],
        vec!["--game".into(), "texas".into(), missing.clone()],
        vec![sample.clone(), missing.clone()],
    ] {
        let mut full = strings(&["replay"]);
        full.extend(args.iter().cloned());
        let r = run_in(&s.0, &full, Duration::from_secs(20));
        let all = format!("{}{}", r.stdout, r.stderr);
        assert_eq!(r.code(), Some(2), "{full:?}: {all}");
        let named = args.last().unwrap();
        assert!(
            all.contains(&format!("{named}: no such file")),
            "{full:?} does not say {named} is missing: {all}"
        );
        assert!(!all.contains("panicked"));
    }
    // The file that exists is still replayed.
    let r = run_in(
        &s.0,
        &strings(&["replay", &sample, &missing]),
        Duration::from_secs(20),
    );
    assert!(
        r.stdout.contains("sample1.in") && r.stdout.contains("ok"),
        "{}",
        r.stdout
    );
    assert!(!Path::new(&s.path("texas")).exists());
}

#[test]
fn seeds_refuses_a_missing_corpus_and_creates_nothing() {
    let s = Scratch::new("seeds");
    let missing = s.path("no-corpus");
    let r = run_in(
        &s.0,
        &strings(&["seeds", "--corpus", &missing]),
        Duration::from_secs(20),
    );
    assert_eq!(r.code(), Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("--corpus") && r.stderr.contains(&missing),
        "{}",
        r.stderr
    );
    assert!(!Path::new(&missing).exists(), "seeds created {missing}");
    assert_eq!(
        std::fs::read_dir(&s.0).unwrap().count(),
        0,
        "seeds left something in the working folder"
    );
    // The default, `corpus`, is missing from this working folder too.
    let r = run_in(&s.0, &strings(&["seeds"]), Duration::from_secs(20));
    assert_eq!(r.code(), Some(2), "{}", r.stderr);
    assert_eq!(std::fs::read_dir(&s.0).unwrap().count(), 0);
}

#[test]
fn check_works_without_game_and_reads_either_file_from_standard_input() {
    let s = Scratch::new("check");
    let board = repo("corpus/nogo/empty-2.in");
    let moves = repo("corpus/nogo/empty-2.out");
    let check = |args: &[&str], input: &[u8]| -> (Option<i32>, String, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
            .args(args)
            .current_dir(&s.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut stdin, &input);
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let board_text = std::fs::read(&board).unwrap();
    let moves_text = std::fs::read(&moves).unwrap();
    assert_eq!(check(&["check", &board, &moves], b"").0, Some(0));
    assert_eq!(check(&["check", &board, &moves], b"").1, "ok\n");
    assert_eq!(check(&["check", &board, "-"], &moves_text).1, "ok\n");
    assert_eq!(check(&["check", "-", &moves], &board_text).1, "ok\n");
    // A wrong move list read from standard input is judged, not refused.
    let (code, out, _) = check(&["check", &board, "-"], b"1 1\n1 1\n");
    assert_eq!(
        (code, out.as_str()),
        (Some(1), "move 2 (1 1): occupied by X\n")
    );
    let (code, out, _) = check(&["check", &board, "-"], b"1 1\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.starts_with("game not over"), "{out}");
    // Unreadable standard input names it.
    let (code, _, err) = check(&["check", &board, "-"], b"1 x\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("<stdin>") && err.contains("line 1"), "{err}");
    let (code, _, err) = check(&["check", "-", &moves], b"2\n..\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("<stdin>"), "{err}");
}

/// Runs the harness with its standard output a pipe nobody reads (the reader is closed before it
/// starts), as `harness gen | head -c 0` would; with `both`, standard error too, as
/// `harness gen 2>&1 | head -c 0` would. Returns the status and what reached standard error.
fn with_closed_output(dir: &Path, args: &[String], both: bool) -> (ExitStatus, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let stderr = if both {
        Stdio::from(writer.try_clone().unwrap())
    } else {
        Stdio::piped()
    };
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(stderr)
        .output()
        .unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_printing_subcommand_ends_quietly_when_its_output_is_closed() {
    let s = Scratch::new("closed");
    let sample = repo("corpus/texas/sample1.in");
    let board = repo("corpus/nogo/empty-2.in");
    let moves = repo("corpus/nogo/empty-2.out");
    let harness = env!("CARGO_BIN_EXE_harness");
    std::fs::create_dir_all(s.path("corpus/texas")).unwrap();
    std::fs::copy(&sample, s.path("corpus/texas/sample1.in")).unwrap();
    // Two shard reports for merge.
    for shard in ["0/2", "1/2"] {
        let json = s.path(&format!("shard-{}.json", &shard[..1]));
        let r = run_in(
            &s.0,
            &strings(&[
                "diff",
                "-n",
                "20",
                "-q",
                "--profile",
                "tiny",
                "--shard",
                shard,
                "--json",
                &json,
                "--out",
                &s.path("out"),
            ]),
            Duration::from_secs(60),
        );
        assert_eq!(r.code(), Some(0), "{}", r.stderr);
    }
    // (arguments, the exit status it has with its output open)
    let runs: Vec<(Vec<String>, i32)> = vec![
        (strings(&["gen"]), 0),
        (
            strings(&["gen", "--game", "nogo", "--profile", "empty-1000"]),
            0,
        ),
        (strings(&["gen", "--game", "mayan"]), 0),
        (strings(&["profiles"]), 0),
        (strings(&["profiles", "--game", "nogo"]), 0),
        (strings(&["engines"]), 0),
        (strings(&["completions", "bash"]), 0),
        (strings(&["--help"]), 0),
        (strings(&["--version"]), 0),
        (strings(&["judge", "--help"]), 0),
        // Refused: the message goes to standard error, which may be closed as well.
        (strings(&["gen", "--profile", "nope"]), 2),
        (strings(&["diff", "--threads", "0"]), 2),
        (strings(&["run", &sample, &sample]), 0),
        (
            strings(&[
                "diff",
                "-n",
                "20",
                "--profile",
                "tiny",
                "--out",
                &s.path("out"),
            ]),
            0,
        ),
        (
            strings(&[
                "judge",
                "-n",
                "4",
                "--profile",
                "tiny",
                "--out",
                &s.path("out"),
                "--",
                harness,
                "run",
            ]),
            0,
        ),
        (
            strings(&[
                "judge",
                "-n",
                "4",
                "--profile",
                "tiny",
                "--shrink-secs",
                "2",
                "--out",
                &s.path("out"),
                "--",
                "sh",
                "-c",
                "cat >/dev/null; echo 0",
            ]),
            1,
        ),
        (
            strings(&["bench", "--profile", "tiny", "-n", "2", "--seconds", "0.1"]),
            0,
        ),
        (strings(&["replay", &sample]), 0),
        (strings(&["seeds", "--corpus", &s.path("corpus")]), 0),
        (strings(&["check", &board, &moves]), 0),
        (
            strings(&["merge", &s.path("shard-0.json"), &s.path("shard-1.json")]),
            0,
        ),
    ];
    for (args, status) in runs {
        for both in [false, true] {
            let (got, stderr) = with_closed_output(&s.0, &args, both);
            let shown = format!(
                "harness {} (standard error closed too: {both}) -> {got:?}\n{stderr}",
                args.join(" ")
            );
            assert_ne!(got.code(), Some(101), "{shown}");
            assert!(!stderr.contains("panicked"), "{shown}");
            assert!(!stderr.contains("Broken pipe"), "{shown}");
            assert_eq!(got.code(), Some(status), "{shown}");
        }
    }
}
