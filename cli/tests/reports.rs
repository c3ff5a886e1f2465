//! Reports for machines and people: `--json` on diff, judge, bench and replay read back as typed
//! documents; shard reports merged equal one run over all shards; colour obeys --color and
//! NO_COLOR; shell completions.

use harness::roles::verdict::Kind;
use harness::run::summary::Summary;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn harness() -> Command {
    Command::new(env!("CARGO_BIN_EXE_harness"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

mod common;
use common::Scratch;

fn run(args: &[&str]) -> Output {
    harness().args(args).output().unwrap()
}

fn read_summary(p: &Path) -> Summary {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

#[test]
fn diff_json_reads_back_as_the_run_it_reports() {
    let dir = Scratch::new("diff");
    let json = dir.join("run.json");
    let out = run(&[
        "diff",
        "--game",
        "texas",
        "--cases",
        "300",
        "--seed",
        "5",
        "--quiet",
        "--out",
        dir.join("out").to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = read_summary(&json);
    assert_eq!(s.schema, harness::run::summary::SCHEMA);
    assert_eq!((s.command.as_str(), s.game.as_str()), ("diff", "texas"));
    assert_eq!(
        s.engines,
        ["reference".to_string(), "optimized".to_string()]
    );
    assert_eq!((s.cases, s.seed, s.cases_requested), (300, 5, 300));
    assert_eq!(s.failed(), 0);
    assert_eq!(s.shards, vec![[0, 1]]);
    assert_eq!(s.coverage.len(), games::texas::COVERAGE_KEYS.len());
    assert!(s.coverage.iter().any(|(_, c)| *c > 0));
    // The printed last line is the report's own.
    assert_eq!(text(&out.stdout).lines().last(), Some(s.line().as_str()));
}

#[test]
fn shard_reports_merge_into_what_one_run_reports() {
    let dir = Scratch::new("merge");
    let common = [
        "--game",
        "texas",
        "--cases",
        "1200",
        "--seed",
        "11",
        "--profile",
        "small",
        "--quiet",
    ];
    let whole = dir.join("whole.json");
    let mut args: Vec<&str> = vec!["diff"];
    args.extend(common);
    let out_dir = dir.join("out");
    args.extend([
        "--out",
        out_dir.to_str().unwrap(),
        "--json",
        whole.to_str().unwrap(),
    ]);
    assert_eq!(run(&args).status.code(), Some(0));
    let shard_files: Vec<PathBuf> = (0..3)
        .map(|i| dir.join(&format!("shard-{i}.json")))
        .collect();
    let children: Vec<_> = (0..3)
        .map(|i| {
            let shard = format!("{i}/3");
            harness()
                .arg("diff")
                .args(common)
                .args(["--shard", &shard, "--out", out_dir.to_str().unwrap()])
                .args(["--json", shard_files[i].to_str().unwrap()])
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let merged_json = dir.join("merged.json");
    let mut margs: Vec<String> = vec!["merge".into()];
    margs.extend(shard_files.iter().map(|p| p.display().to_string()));
    margs.extend(["--json".into(), merged_json.display().to_string()]);
    let out = harness().args(&margs).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (one, merged) = (read_summary(&whole), read_summary(&merged_json));
    assert_eq!(merged.command, "merge");
    assert_eq!(merged.cases, one.cases);
    assert_eq!(merged.coverage, one.coverage);
    assert_eq!(merged.failures, one.failures);
    assert_eq!(merged.shards, vec![[0, 3], [1, 3], [2, 3]]);
    assert!(text(&out.stdout).contains("merged shards 0/3 1/3 2/3"));
    // A shard given twice, or a report of another batch, is refused with exit 2.
    let twice = harness()
        .args([
            "merge",
            shard_files[0].to_str().unwrap(),
            shard_files[0].to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        text(&twice.stderr).contains("given twice"),
        "{}",
        text(&twice.stderr)
    );
    let other = harness()
        .args([
            "merge",
            whole.to_str().unwrap(),
            shard_files[1].to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stdout));
}

/// Compiles examples/texas.cpp with the planted special-5 bug.
fn planted_solution(dir: &Scratch) -> PathBuf {
    let binary = dir.join("texas-planted");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/texas.cpp");
    let out = Command::new("g++")
        .args(["-std=c++17", "-O2", "-DPLANTED_BUG_SPECIAL5", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("g++ is needed to compile examples/texas.cpp");
    assert!(out.status.success(), "{}", text(&out.stderr));
    binary
}

#[test]
fn judge_shards_merge_to_the_lowest_failure_and_colour_follows_the_flags() {
    let dir = Scratch::new("judge");
    let program = planted_solution(&dir);
    let program = program.to_str().unwrap();
    let judge = |extra: &[&str], json: &Path, envs: &[(&str, &str)]| {
        // Each run saves into a folder of its own: a run replays the failures saved in its folder
        // before generating cases, and would report the whole run's repro instead of its own.
        let stem = json.file_stem().unwrap().to_str().unwrap();
        let out_dir = dir.join(&format!("out-{stem}"));
        let mut c = harness();
        c.args([
            "judge",
            "--game",
            "texas",
            "--cases",
            "400",
            "--profile",
            "specials",
        ])
        .args([
            "--shrink-secs",
            "2",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ])
        .args(["--json", json.to_str().unwrap()])
        .args(extra);
        for (k, v) in envs {
            c.env(k, v);
        }
        c.args(["--", program]).output().unwrap()
    };
    let whole = dir.join("whole.json");
    let out = judge(&["--color", "always"], &whole, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\x1b[1;31m"),
        "no colour with --color always"
    );
    let one = read_summary(&whole);
    assert!(one.judging && one.count(Kind::Mismatch) >= 1);
    let first = one.first.clone().expect("a failure");
    assert!(first.repro.as_ref().is_some_and(|p| p.exists()));

    let mut shards = Vec::new();
    for i in 0..2 {
        let f = dir.join(&format!("s{i}.json"));
        let shard = format!("{i}/2");
        let envs: &[(&str, &str)] = if i == 0 { &[("NO_COLOR", "1")] } else { &[] };
        let out = judge(&["--shard", &shard], &f, envs);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            !text(&out.stdout).contains('\x1b'),
            "colour in a pipe without --color"
        );
        shards.push(f);
    }
    let never = judge(&["--color", "never"], &dir.join("never.json"), &[]);
    assert!(!text(&never.stdout).contains('\x1b'));
    let merged_json = dir.join("merged.json");
    let out = harness()
        .args([
            "merge",
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
        ])
        .args(["--json", merged_json.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let merged = read_summary(&merged_json);
    let m = merged.first.expect("the merged report keeps a failure");
    assert_eq!((m.index, m.seed), (first.index, first.seed));
    assert!(text(&out.stdout).contains(&format!("first failure: case {}", first.index)));
}

#[test]
fn bench_and_replay_json_read_back() {
    let dir = Scratch::new("bench");
    let json = dir.join("bench.json");
    let out = run(&[
        "bench",
        "--game",
        "texas",
        "--profile",
        "tiny",
        "--cases",
        "20",
        "--seconds",
        "0.05",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let b: harness::render::bench::BenchReport =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        (b.schema.as_str(), b.game.as_str()),
        ("match3-proof.bench.v1", "texas")
    );
    assert_eq!(b.rows.len(), 1);
    let row = &b.rows[0];
    assert_eq!(row.label, "tiny");
    assert!(row.a_ns.is_some() && row.b_ns.is_some() && row.ratio.is_some());
    assert!(row.rounds >= 3);

    let json = dir.join("replay.json");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/texas/sample1.in");
    let out = run(&[
        "replay",
        "--json",
        json.to_str().unwrap(),
        sample.to_str().unwrap(),
        "/nonexistent.in",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(r["files"][0]["verdict"], "ok");
    assert_eq!(r["files"][0]["answer"], "11692\n");
    assert_eq!(r["files"][1]["verdict"], "bad-input");
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success());
        let t = text(&out.stdout);
        assert!(
            t.contains("harness") && t.contains("diff") && t.contains("judge"),
            "{shell}"
        );
    }
    let bad = run(&["completions", "cmd.exe"]);
    assert_eq!(bad.status.code(), Some(2));
}
