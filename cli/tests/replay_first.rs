//! `diff` and `judge` replay the game's saved cases (the failures saved under `--out`, and the
//! `.in` files directly in `corpus/<game>/`) before they generate any: a saved case that still
//! fails is reported with its path and no case is generated; `--no-replay` skips the replay; a
//! passing corpus says so in one line.

use harness::run::summary::Summary;
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::Scratch;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn repo(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

/// Runs the harness in `dir` (where `corpus/texas/` is looked for).
fn harness(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn read(json: &Path) -> Summary {
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}

/// `corpus/texas/` in `dir` with the three statement samples and their answers.
fn samples(dir: &Path) {
    let corpus = dir.join("corpus/texas");
    std::fs::create_dir_all(corpus.join("regressions")).unwrap();
    for i in 1..=3 {
        for ext in ["in", "out"] {
            let name = format!("sample{i}.{ext}");
            std::fs::copy(repo(&format!("corpus/texas/{name}")), corpus.join(&name)).unwrap();
        }
    }
}

const DIFF: &[&str] = &["diff", "--game", "texas", "--cases", "200", "--quiet"];

#[test]
fn a_saved_case_that_still_fails_is_reported_before_any_case_is_generated() {
    let s = Scratch::new("replay-fails");
    samples(&s.0);
    // A saved case whose expected answer beside it is wrong: both engines disagree with it.
    let out = s.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let saved = out.join("texas-mix-00000000000000aa.in");
    std::fs::copy(repo("corpus/texas/sample2.in"), &saved).unwrap();
    std::fs::write(saved.with_extension("ans"), "685\n").unwrap();
    let json = s.join("run.json");
    let mut args = DIFF.to_vec();
    args.extend([
        "--out",
        out.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let run = harness(&s.0, &args);
    let stdout = text(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{stdout}\n{}",
        text(&run.stderr)
    );
    assert!(
        stdout.starts_with(&format!("MISMATCH in saved case {}: ", saved.display())),
        "{stdout}"
    );
    assert!(stdout.contains("expected answer"), "{stdout}");
    assert!(
        stdout.contains(&format!("repro: {}\n", saved.display())),
        "{stdout}"
    );
    // Nothing generated, nothing shrunk or saved again.
    assert!(!stdout.contains("rule coverage"), "{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("texas: 1 cases, 1 mismatches, ")),
        "{stdout}"
    );
    let files: Vec<_> = std::fs::read_dir(&out).unwrap().flatten().collect();
    assert_eq!(files.len(), 2, "{files:?}");
    let report = read(&json);
    let replay = report.replay.clone().expect("the replay is in the report");
    let failing = replay.failing.expect("its failing case");
    assert_eq!(failing.path, saved);
    assert_eq!(failing.kind, harness::prelude::Kind::Mismatch);
    assert_eq!((replay.passed, replay.saved_cases), (0, 4));
    assert_eq!((report.cases, report.failed()), (1, 1));
    // Reported as it is: the engines agree, nothing to shrink, the file stays the repro.
    let first = report.first.expect("the saved failure is the report's");
    assert_eq!(first.repro.as_deref(), Some(saved.as_path()));
    assert_eq!((first.shrink_steps, report.failures_found.len()), (0, 1));

    // --no-replay generates the cases as if nothing were saved.
    let mut args = DIFF.to_vec();
    args.extend(["--no-replay", "--out", out.to_str().unwrap()]);
    args.extend(["--json", json.to_str().unwrap()]);
    let run = harness(&s.0, &args);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("saved case"), "{stdout}");
    assert!(
        stdout.contains("texas: 200 cases, 0 mismatches"),
        "{stdout}"
    );
    assert!(read(&json).replay.is_none());
}

#[test]
fn a_passing_corpus_says_so_and_the_batch_runs() {
    let s = Scratch::new("replay-passes");
    samples(&s.0);
    // A saved case of the game in the default --out, and one of another game that is not replayed.
    let regressions = s.join("corpus/texas/regressions");
    std::fs::copy(
        repo("corpus/texas/sample3.in"),
        regressions.join("texas-small-0000000000000001.in"),
    )
    .unwrap();
    std::fs::copy(
        repo("corpus/mayan/sample1.in"),
        regressions.join("mayan-mix-0000000000000001.in"),
    )
    .unwrap();
    let json = s.join("run.json");
    let mut args = DIFF.to_vec();
    args.extend(["--json", json.to_str().unwrap()]);
    let run = harness(&s.0, &args);
    let stdout = text(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&run.stderr)
    );
    assert_eq!(
        stdout.lines().next(),
        Some("4 saved cases: all pass"),
        "{stdout}"
    );
    assert!(
        stdout.contains("texas: 200 cases, 0 mismatches"),
        "{stdout}"
    );
    let replay = read(&json).replay.expect("replayed");
    assert_eq!(
        (replay.saved_cases, replay.passed, replay.skipped),
        (4, 4, 0)
    );
    assert!(replay.failing.is_none());
}

#[test]
fn judge_replays_its_saved_failures_through_the_program() {
    let s = Scratch::new("replay-judge");
    let out = s.join("out");
    let judge = |extra: &[&str]| {
        let mut args = vec!["judge", "--game", "texas", "--cases", "30", "--quiet"];
        args.extend(["--shrink-secs", "5", "--out", out.to_str().unwrap()]);
        args.extend(extra);
        args.extend(["--", "sh", "-c", "cat >/dev/null; echo 0"]);
        harness(&s.0, &args)
    };
    // The first run finds a wrong answer and saves it...
    let first = judge(&[]);
    let stdout = text(&first.stdout);
    assert_eq!(first.status.code(), Some(1), "{stdout}");
    let saved = stdout
        .lines()
        .find_map(|l| l.strip_prefix("repro: "))
        .unwrap_or_else(|| panic!("no repro: {stdout}"))
        .to_string();
    assert!(stdout.starts_with("WRONG ANSWER in case "), "{stdout}");
    // ...the next one reports it again from disk, before generating.
    let again = judge(&[]);
    let stdout = text(&again.stdout);
    assert_eq!(again.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with(&format!("WRONG ANSWER in saved case {saved}: ")),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("repro: {saved}\n")), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l == "texas: 1 cases, 0 accepted, 1 wrong, 0 timeouts, 0 crashes"),
        "{stdout}"
    );
    // A correct program passes the saved case, and the batch goes on.
    let mut args = vec![
        "judge", "--game", "texas", "--cases", "10", "--quiet", "--out",
    ];
    args.push(out.to_str().unwrap());
    let exe = env!("CARGO_BIN_EXE_harness");
    args.extend(["--", exe, "run"]);
    let ok = harness(&s.0, &args);
    let stdout = text(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().next(),
        Some("1 saved cases: all pass"),
        "{stdout}"
    );
}
