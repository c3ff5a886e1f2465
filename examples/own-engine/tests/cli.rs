//! The `own-engine` binary: the harness command line with the arrays engine registered.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn own_engine(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_own-engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.unwrap_or_default()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../corpus/texas/{name}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_engine_is_registered_next_to_the_built_in_ones() {
    let out = own_engine(&["engines", "--game", "texas"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let names: Vec<String> = text(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert_eq!(names, ["reference", "optimized", "arrays"]);
}

#[test]
fn run_and_exec_print_the_sample_scores() {
    for sample in ["sample1", "sample2", "sample3"] {
        let input = corpus(&format!("{sample}.in"));
        let want = std::fs::read_to_string(corpus(&format!("{sample}.out"))).unwrap();
        let out = own_engine(
            &["run", "--engine", "arrays", input.to_str().unwrap()],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), want.trim(), "run {sample}");
        // `exec-engine` (hidden) is how the harness runs the engine out of process to shrink a hang.
        let bytes = std::fs::read(&input).unwrap();
        let out = own_engine(
            &["exec-engine", "--game", "texas", "--engine", "arrays"],
            Some(&bytes),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), want.trim(), "exec {sample}");
    }
}

#[test]
fn diff_against_the_reference_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("own-engine-cli-{}", std::process::id()));
    let out = own_engine(
        &[
            "diff",
            "--game",
            "texas",
            "--engine",
            "arrays",
            "--cases",
            "300",
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ],
        None,
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("texas: 300 cases, 0 mismatches, "),
        "{last}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    let out = own_engine(&["diff", "--engine", "nope", "--cases", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown engine `nope` for texas: choose one of reference, optimized, arrays"),
        "{err}"
    );
}
