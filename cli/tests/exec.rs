//! `harness exec` end to end: the lines of a stress report name the programs as they were given
//! (a source through `harness exec`, never its compiled program in the cache), and pasted into a
//! shell where the run started they make the failure again; `harness exec` itself passes the
//! program's standard streams and exit status through, and a missing or broken source is an error
//! with exit status 2.

use std::path::{Path, PathBuf};
use std::process::Command;

mod fixture_programs;

use fixture_programs::{fixtures, harness, last_line, ran, replay_of, repro_of, shell};

/// The line of `stdout` that starts with `prefix`, without it (the test fails without one).
fn line<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line: {stdout}"))
}

/// The compile cache of the tests' runs.
fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-cache")
}

#[test]
fn a_pasted_reproduce_line_of_c_sources_prints_the_failing_output_again() {
    let out = fixture_programs::scratch("exec", "seed");
    let (code, stdout, stderr) = harness(&[
        "stress",
        "--gen",
        "gen_seed.c 10",
        "--reference",
        "sum.c",
        "--cases",
        "100",
        "--out",
        out.to_str().unwrap(),
        "-q",
        "--",
        "sum_bug.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(last_line(&stdout).starts_with("stress: "), "{stdout}");
    let reproduce = line(&stdout, "reproduce: ");
    let call = line(&stdout, "generator call: ");
    for shown in [reproduce, call] {
        assert!(
            !shown.contains(cache().to_str().unwrap()) && !shown.contains("harness-stress"),
            "a path into the compile cache: {shown}"
        );
    }
    assert!(reproduce.starts_with(&format!("{call} | ")), "{reproduce}");
    assert!(
        call.starts_with("harness exec gen_seed.c ")
            && reproduce.ends_with("harness exec sum_bug.c"),
        "{reproduce}"
    );
    // Pasted where the run started: the input the repro saved, and the solution's wrong output.
    let repro = PathBuf::from(repro_of(&stdout));
    let (code, input, stderr) = shell(call, &fixtures());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(input, std::fs::read_to_string(&repro).unwrap());
    let (code, got, stderr) = shell(reproduce, &fixtures());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        got,
        std::fs::read_to_string(repro.with_extension("got")).unwrap()
    );
    assert!(
        stdout.contains(&format!("got `{}`", got.trim())),
        "the report shows another output than {got}: {stdout}"
    );
    // The replay line, pasted too, judges the same failure.
    assert_eq!(replay_of(&stdout)[..2], ["replay", "--gen"], "{stdout}");
    let (code, replayed, stderr) = shell(line(&stdout, "replay: "), &fixtures());
    assert_eq!(code, 1, "{replayed}{stderr}");
    assert!(
        replayed.contains(&format!("got `{}`", got.trim())),
        "{replayed}"
    );
}

#[test]
fn an_interactive_reproduce_line_runs_the_solution_against_the_interactor() {
    let out = fixture_programs::scratch("exec", "interactive");
    let (code, stdout, stderr) = harness(&[
        "stress",
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--interactor",
        "interactor.c",
        "--out",
        out.to_str().unwrap(),
        "-q",
        "--",
        "sum_bug.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let reproduce = line(&stdout, "reproduce: ");
    assert!(
        reproduce.contains("harness exec sum_bug.c")
            && reproduce.contains("| harness exec interactor.c ")
            && !reproduce.contains(cache().to_str().unwrap()),
        "{reproduce}"
    );
    // The interactor's wrong answer: its status and its words, as the report gave them.
    let (code, _, said) = shell(reproduce, &fixtures());
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("expected 60, got 61"), "{said}");
    assert!(stdout.contains("expected 60, got 61"), "{stdout}");
}

/// Runs `harness exec ARGS` in `dir` with `input`: (status, stdout, stderr).
fn exec(args: &[&str], dir: &Path, input: &str) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_harness"));
    cmd.arg("exec").args(args);
    ran(cmd, dir, input.as_bytes())
}

#[test]
fn exec_passes_the_streams_and_the_status_through_and_a_missing_source_is_status_2() {
    let dir = fixture_programs::scratch("exec", "status");
    std::fs::write(
        dir.join("twice.c"),
        "#include <stdio.h>\n#include <stdlib.h>\n\
         int main(int argc, char **argv) {\n\
         int n; if (scanf(\"%d\", &n) != 1) return 9;\n\
         printf(\"%d\\n\", 2 * n); fprintf(stderr, \"said %s\\n\", argv[2]);\n\
         return atoi(argv[1]);\n}\n",
    )
    .unwrap();
    let (code, stdout, stderr) = exec(&["twice.c", "3", "--word"], &dir, "21\n");
    assert_eq!((code, stdout.as_str()), (3, "42\n"), "{stderr}");
    assert_eq!(stderr, "said --word\n");
    // From elsewhere, its path taken from --problem.
    let d = dir.to_str().unwrap();
    let (code, stdout, stderr) = exec(&["--problem", d, "twice.c", "0", "x"], &fixtures(), "1");
    assert_eq!((code, stdout.as_str()), (0, "2\n"), "{stderr}");
    // A command's words; killed by a signal: 128 + its number, as a shell says.
    let (code, _, _) = exec(&["sh -c 'exit 7'"], &dir, "");
    assert_eq!(code, 7);
    let (code, _, _) = exec(&["sh", "-c", "kill -9 $$"], &dir, "");
    assert_eq!(code, 128 + 9);
    let (code, _, stderr) = exec(&["missing.cpp", "1"], &dir, "");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no such source file"), "{stderr}");
    std::fs::write(dir.join("broken.c"), "int main( {\n").unwrap();
    let (code, _, stderr) = exec(&["broken.c"], &dir, "");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("does not compile"), "{stderr}");
}
