//! The `harness` binary as a user runs it: answers, exit statuses, error messages, determinism.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn harness() -> Command {
    Command::new(env!("CARGO_BIN_EXE_harness"))
}

fn corpus(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel)
}

fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = harness()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn run_prints_one_score_per_file_with_either_engine() {
    let files: Vec<PathBuf> = ["sample1.in", "sample2.in", "sample3.in"]
        .iter()
        .map(|f| corpus(&format!("texas/{f}")))
        .collect();
    for engine in ["reference", "optimized"] {
        let out = harness()
            .args(["run", "--game", "texas", "--engine", engine])
            .args(&files)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "11692\n684\n3023\n", "engine {engine}");
    }
}

#[test]
fn run_reads_standard_input() {
    let input = std::fs::read(corpus("texas/sample3.in")).unwrap();
    let out = run_with_stdin(&["run"], &input);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "3023\n");
}

#[test]
fn bad_input_exits_2_with_a_message_and_never_panics() {
    let sample = std::fs::read_to_string(corpus("texas/sample3.in")).unwrap();
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "unexpected end of input"),
        ("5 5 2".into(), "expected 4 values"),
        (sample.replace("5 5 2 1", "5 5 2 x"), "q must be an integer"),
        (
            sample.replace("5 5 2 1", "5 5 2 1001"),
            "q = 1001 is out of range",
        ),
        (
            sample.replace("5 5 2 1", "0 5 2 1"),
            "n = 0 is out of range",
        ),
        (
            sample.replace("5 5 2 1", "5 5 101 1"),
            "k = 101 is out of range",
        ),
        (sample.replace("3 3 4 3", "3 3 4"), "expected 4 values"),
        (
            sample.replace("3 3 4 3", "3 3 4 9"),
            "y2 = 9 is out of range",
        ),
        (sample.replace("3 3 4 3\n", ""), "unexpected end of input"),
        (format!("{sample}1 1 1 2\n"), "unexpected trailing input"),
        (
            sample.replacen("1 1 2 1 1", "1 1 1 2 2", 1),
            "must have no run",
        ),
        (
            sample.replacen("0 0 0 0 0", "0 0 7 0 0", 1),
            "special b[1][3] = 7 is out of range",
        ),
        (
            sample.replacen("1 1 2 1 1", "1 1 3 1 1", 1),
            "colour a[1][3] = 3 is out of range",
        ),
        (
            sample.replacen("1 1 2 1 1", "1 1 2 1 1 1", 1),
            "extra value",
        ),
        (sample.replacen("1 1 2 1 1", "1 1 2 1", 1), "found only 4"),
        ("5 5 2 99999999999999999999999\n".into(), "out of range"),
        ("\u{0}\u{1}\u{ff}garbage".into(), "expected 4 values"),
        ("\u{0}\u{1} \u{ff} garbage 3".into(), "n must be an integer"),
    ];
    for (input, want) in cases {
        let out = run_with_stdin(&["run", "--game", "texas"], input.as_bytes());
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "input {input:?}: {err}");
        assert!(
            err.contains(want),
            "input {input:?}: expected `{want}` in: {err}"
        );
        assert!(err.contains("line "), "no line number: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            out.stdout.is_empty(),
            "a score was guessed for bad input {input:?}"
        );
    }
    let binary = run_with_stdin(&["run"], &[0xff, 0xfe, 0x00, 0x12]);
    assert_eq!(binary.status.code(), Some(2));
}

#[test]
fn a_missing_file_exits_2() {
    let out = harness()
        .args(["run", "/nonexistent/case.in"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/case.in"));
}

#[test]
fn gen_is_a_function_of_profile_and_seed() {
    let a = harness()
        .args(["gen", "--profile", "small", "--seed", "42"])
        .output()
        .unwrap();
    let b = harness()
        .args(["gen", "--profile", "small", "--seed", "42"])
        .output()
        .unwrap();
    let c = harness()
        .args(["gen", "--profile", "small", "--seed", "43"])
        .output()
        .unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    // What gen prints is a valid input.
    let out = run_with_stdin(&["run"], &a.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bad = harness()
        .args(["gen", "--profile", "nonsense"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("unknown profile `nonsense`"));
}

#[test]
fn diff_ends_with_the_summary_line_and_agrees_across_threads_and_shards() {
    let dir = tempdir("diff");
    let run = |extra: &[&str]| {
        let out = harness()
            .args([
                "diff", "--game", "texas", "--cases", "600", "--seed", "9", "--quiet", "--out",
            ])
            .arg(&*dir)
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}{}",
            text(&out.stdout),
            text(&out.stderr)
        );
        text(&out.stdout)
    };
    let one = run(&["--threads", "1"]);
    let two = run(&["--threads", "2"]);
    let last = one.lines().last().unwrap();
    assert!(
        last.starts_with("texas: 600 cases, 0 mismatches, "),
        "{last}"
    );
    assert!(last.ends_with(" cases/s"), "{last}");
    // The coverage table is the same whatever the thread count (only the rate differs).
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("texas:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&one), body(&two));
    let shard0 = run(&["--shard", "0/2"]);
    let shard1 = run(&["--shard", "1/2"]);
    assert!(shard0
        .lines()
        .last()
        .unwrap()
        .starts_with("texas: 300 cases, 0 mismatches"));
    assert!(shard1
        .lines()
        .last()
        .unwrap()
        .starts_with("texas: 300 cases, 0 mismatches"));
}

#[test]
fn profiles_lists_every_profile() {
    let out = harness()
        .args(["profiles", "--game", "texas"])
        .output()
        .unwrap();
    let t = text(&out.stdout);
    for p in [
        "mix",
        "tiny",
        "small",
        "medium",
        "max",
        "heavy",
        "specials",
        "plain",
        "many-colours",
        "wide",
        "tall",
    ] {
        assert!(
            t.lines().any(|l| l.starts_with(p)),
            "{p} missing from:\n{t}"
        );
    }
}

#[test]
fn replay_reports_each_file() {
    let out = harness()
        .arg("replay")
        .arg(corpus("texas/sample1.in"))
        .arg(corpus("texas/sample2.in"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stdout));
    let t = text(&out.stdout);
    assert!(
        t.contains("sample1.in: ok, reference and optimized answer 11692, as expected"),
        "{t}"
    );
    assert!(
        t.contains("sample2.in: ok, reference and optimized answer 684, as expected"),
        "{t}"
    );
    let dir = tempdir("replay");
    let bad = dir.join("texas-bad.in");
    std::fs::write(&bad, "1 1 1 1\n1\n0\n1 1 1 1\nextra\n").unwrap();
    let out = harness()
        .args(["replay", "--game", "texas"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stdout).contains("bad input: line 5"),
        "{}",
        text(&out.stdout)
    );
    // A folder is not a case: the message says how to give its cases.
    let out = harness()
        .args(["replay", "--game", "texas"])
        .arg(&*dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = format!(
        "bad input: a folder, not a case: give its cases ({}/*.in)",
        dir.display()
    );
    assert!(text(&out.stdout).contains(&said), "{}", text(&out.stdout));
}

#[test]
fn replay_checks_the_answer_beside_a_file_and_writes_nothing() {
    let dir = tempdir("replay-answer");
    let texas = dir.join("texas");
    std::fs::create_dir_all(&texas).unwrap();
    let case = texas.join("wrong.in");
    std::fs::copy(corpus("texas/sample1.in"), &case).unwrap();
    std::fs::write(texas.join("wrong.out"), "11693\n").unwrap();
    let json = dir.join("replay.json");
    let out = harness()
        .arg("replay")
        .arg("--json")
        .arg(&json)
        .arg(&case)
        .arg(corpus("texas/sample2.in"))
        .output()
        .unwrap();
    let t = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{t}");
    let want = format!(
        "{}: WRONG: the engines agree but not with the expected answer beside the case",
        case.display()
    );
    assert!(t.contains(&want), "{t}");
    assert!(
        t.contains("sample2.in: ok, reference and optimized answer 684"),
        "{t}"
    );
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(r["files"][0]["verdict"], "unexpected");
    assert_eq!(r["files"][1]["verdict"], "ok");
    // Reported as it is: no copy saved anywhere.
    let names: Vec<_> = std::fs::read_dir(&texas).unwrap().flatten().collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn help_teaches_the_commands() {
    let out = harness().arg("--help").output().unwrap();
    let t = text(&out.stdout);
    for cmd in ["run", "diff", "judge", "bench", "replay", "gen", "check"] {
        assert!(t.contains(cmd), "{cmd} missing from --help");
    }
    assert!(t.contains("Examples:"));
    // The binary's own examples: its games and problems given by programs.
    assert!(t.contains("harness diff --game texas --cases"), "{t}");
    assert!(
        t.contains("harness stress examples/problems/pair-sum"),
        "{t}"
    );
    assert!(t.contains("Exit status: 0 success"), "{t}");
    let out = harness().args(["diff", "--help"]).output().unwrap();
    assert!(text(&out.stdout).contains("--shard"));
    // A command a plug-in adds flags to keeps its own description, and shows the flags.
    for (cmd, about, flag) in [
        (
            "verify",
            "Check every case of a bounded scope",
            "--gen-stream",
        ),
        ("replay", "Re-run saved cases", "--reference"),
    ] {
        let out = harness().args([cmd, "--help"]).output().unwrap();
        let t = text(&out.stdout);
        assert!(t.starts_with(about), "{cmd}: {t}");
        assert!(t.contains(flag), "{cmd}: {t}");
    }
}

/// A scratch folder, removed when dropped (so the tests leave nothing behind).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempdir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("harness-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

#[test]
fn profiles_the_reference_cannot_finish_are_refused_for_it() {
    let bench = harness()
        .args([
            "bench",
            "--game",
            "nogo",
            "--profile",
            "empty-1000",
            "--engine",
            "reference",
        ])
        .output()
        .unwrap();
    assert_eq!(bench.status.code(), Some(2));
    assert!(
        text(&bench.stderr).contains("empty-1000"),
        "{}",
        text(&bench.stderr)
    );
    let diff = harness()
        .args([
            "diff",
            "--game",
            "nogo",
            "--profile",
            "empty-250",
            "--cases",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(diff.status.code(), Some(2));
    assert!(
        text(&diff.stderr).contains("benchmarks"),
        "{}",
        text(&diff.stderr)
    );
    // `all` means every profile the reference can finish: the benchmark boards are left out.
    let profiles = harness()
        .args(["profiles", "--game", "nogo"])
        .output()
        .unwrap();
    assert!(text(&profiles.stdout).contains("empty-1000"));
    assert!(text(&profiles.stdout).contains("[benchmarks only]"));
}

#[test]
fn off_board_nogo_moves_are_one_verdict_whichever_side_they_fall() {
    let dir = tempdir("offboard");
    let board = dir.join("board.txt");
    std::fs::write(&board, "3\n...\n...\n...\n").unwrap();
    for (moves, shown) in [("0 0\n", "(0 0)"), ("4 1\n", "(4 1)"), ("1 0\n", "(1 0)")] {
        let list = dir.join("moves.txt");
        std::fs::write(&list, moves).unwrap();
        let out = harness()
            .arg("check")
            .arg(&board)
            .arg(&list)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{moves}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout).trim(),
            format!("move 1 {shown}: off the 3x3 board")
        );
    }
}
