//! `harness stress` end to end, with tiny C and C++ programs (stress/tests/fixtures): a correct solution
//! passes; a planted bug is found, shrunk, saved and replayed first on the next run; a checker's
//! failure and a brute force's crash are their own verdicts; bad usage exits with status 2.

use std::path::{Path, PathBuf};

mod fixture_programs;

use fixture_programs::{harness, last_line, replay_of, repro_of};

/// A fresh folder for one test's repros.
fn scratch(name: &str) -> PathBuf {
    fixture_programs::scratch("stress", name)
}

/// Runs `harness stress ARGS` in the fixtures folder: (status, stdout, stderr).
fn stress(args: &[&str]) -> (i32, String, String) {
    harness(&[&["stress"], args].concat())
}

#[test]
fn a_correct_solution_passes_every_case() {
    let out = scratch("pass");
    let o = out.to_str().unwrap();
    let args = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--cases",
        "60",
    ];
    let (code, stdout2, stderr) =
        stress(&[&args[..], &["--out", o, "-q", "--", "./sum.c"]].concat());
    assert_eq!(code, 0, "{stdout2}{stderr}");
    assert!(
        last_line(&stdout2).starts_with("stress: 60 cases, 0 failures, "),
        "{stdout2}"
    );
}

#[test]
fn a_planted_bug_is_shrunk_to_the_smallest_stream_saved_and_replayed_first() {
    let out = scratch("bug");
    let o = out.to_str().unwrap();
    let json = out.join("report.json");
    let j = json.to_str().unwrap();
    let args = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--cases",
        "300",
        "--out",
        o,
        "-q",
        "--json",
        j,
        "--",
        "sum_bug.c",
    ];
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    // n = 1 (byte 00), a_1 = 60 (byte 3c): the smallest stream that fails.
    assert!(
        stdout.contains("generator stream: 2 bytes (hex 003c)"),
        "{stdout}"
    );
    assert!(stdout.contains("WRONG ANSWER"), "{stdout}");
    let repro = repro_of(&stdout);
    let repro = PathBuf::from(repro);
    assert_eq!(std::fs::read_to_string(&repro).unwrap(), "1\n60\n");
    assert_eq!(
        std::fs::read_to_string(repro.with_extension("ans")).unwrap(),
        "60\n"
    );
    assert_eq!(
        std::fs::read_to_string(repro.with_extension("got")).unwrap(),
        "61\n"
    );
    assert_eq!(
        std::fs::read(repro.with_extension("bin")).unwrap(),
        [0, 0x3c]
    );
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repro.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(meta["regenerate"]["kind"], "stream");
    assert_eq!(meta["regenerate"]["stream_hex"], "003c");
    assert!(
        meta["reproduce"].as_str().unwrap().contains(".bin"),
        "{meta}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["command"], "stress");
    assert!(
        report["failures"]["mismatch"].as_u64().unwrap() >= 1,
        "{report}"
    );
    // The line a user pastes: the repro through the programs the run was given, as given.
    let words = replay_of(&stdout);
    assert_eq!(
        words[..5],
        ["replay", "--gen-stream", "gen.cpp", "--reference", "sum.c"],
        "{words:?}"
    );
    assert_eq!(words[words.len() - 2..], ["--", "sum_bug.c"], "{words:?}");
    let (code, again, stderr) = harness(&words);
    assert_eq!(code, 1, "{again}{stderr}");
    assert!(again.contains("expected `60`, got `61`"), "{again}");
    // The same repro through the right solution passes.
    let fixed = [&words[..words.len() - 1], &["sum.c"]].concat();
    let (code, again, stderr) = harness(&fixed);
    assert_eq!(code, 0, "{again}{stderr}");
    // The next run replays the repro first, and generates nothing more.
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("saved case"), "{stdout}");
    assert!(stdout.contains("no new case was generated"), "{stdout}");
    // Its lines name the saved repro itself (no new file is written for it), and the pasted
    // replay line fails on it again.
    let saved = repro_of(&stdout);
    let words = replay_of(&stdout);
    assert!(words.contains(&saved), "{words:?} {saved}");
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: "))
        .unwrap_or_default();
    let stem = saved.trim_end_matches(".in");
    assert!(reproduce.contains(stem), "{reproduce} names {stem}");
    let (code, again, stderr) = harness(&words);
    assert_eq!(code, 1, "{again}{stderr}");
}

#[test]
fn a_seed_generator_gets_the_seed_last_and_its_sizes_are_lowered() {
    let out = scratch("seed");
    let o = out.to_str().unwrap();
    let (code, stdout, stderr) = stress(&[
        "--gen",
        "gen_seed.c 10",
        "--reference",
        "sum.c",
        "--cases",
        "100",
        "--out",
        o,
        "-q",
        "--",
        "sum_bug.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    // MAXN is lowered to 1 (0 makes the generator fail: that candidate is not taken).
    let call = stdout
        .lines()
        .find_map(|l| l.strip_prefix("generator call: "))
        .expect("the generator call");
    let words: Vec<&str> = call.split_whitespace().collect();
    assert_eq!(words[..3], ["harness", "exec", "gen_seed.c"], "{stdout}");
    assert_eq!(words[words.len() - 2], "1", "{stdout}");
    let repro = repro_of(&stdout);
    let input = std::fs::read_to_string(repro).unwrap();
    assert!(input.starts_with("1\n"), "{input}");
}

#[test]
fn behind_a_validator_the_input_text_itself_is_reduced() {
    let out = scratch("text");
    let o = out.to_str().unwrap();
    let (code, stdout, stderr) = stress(&[
        "--gen",
        "gen_seed.c 10",
        "--reference",
        "sum.c",
        "--validator",
        "validator.c",
        "--cases",
        "100",
        "--out",
        o,
        "-q",
        "--",
        "sum_bug.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let repro = repro_of(&stdout);
    assert_eq!(
        std::fs::read_to_string(repro).unwrap(),
        "1\n60\n",
        "{stdout}"
    );
}

#[test]
fn a_checker_that_fails_is_its_own_verdict_and_exit_status_2() {
    let out = scratch("checker");
    let o = out.to_str().unwrap();
    let json = out.join("report.json");
    let (code, stdout, stderr) = stress(&[
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--checker",
        "sh -c 'exit 3'",
        "--cases",
        "20",
        "--out",
        o,
        "-q",
        "--json",
        json.to_str().unwrap(),
        "--",
        "sum.c",
    ]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("the checker failed"), "{stderr}");
    assert!(
        stdout.contains("repro: "),
        "what was found is saved: {stdout}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(
        report["failures"]["trusted"].as_u64().unwrap() >= 1,
        "{report}"
    );
    assert!(report["failures"].get("mismatch").is_none(), "{report}");
}

#[test]
fn a_checker_verdict_of_wrong_answer_and_presentation_error() {
    let out = scratch("checker-wa");
    let o = out.to_str().unwrap();
    let (code, stdout, stderr) = stress(&[
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--checker",
        "sh -c 'echo nope >&2; exit 2'",
        "--cases",
        "20",
        "--out",
        o,
        "-q",
        "--",
        "sum.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("presentation error: nope"), "{stdout}");
}

#[test]
fn a_crash_of_the_brute_force_is_the_references_verdict() {
    let out = scratch("brute");
    let o = out.to_str().unwrap();
    let json = out.join("report.json");
    let (code, stdout, stderr) = stress(&[
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum_crash.c",
        "--cases",
        "200",
        "--out",
        o,
        "-q",
        "--json",
        json.to_str().unwrap(),
        "--",
        "sum.c",
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("reference runtime error"), "{stdout}");
    assert!(
        last_line(&stdout).contains("of the reference or the checker"),
        "{stdout}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["first"]["kind"], "trusted", "{report}");
    assert_eq!(report["first"]["engine"], "reference", "{report}");
}

/// An interactive problem of the fixtures judged with `judging` (the interactor, and a checker or
/// none): the correct solution passes, the planted bug is caught with the interactor's or the
/// checker's words.
fn interactive(name: &str, judging: &[&str]) {
    let out = scratch(name);
    let o = out.to_str().unwrap();
    let base = [
        &["--gen-stream", "gen.cpp", "--reference", "sum.c"][..],
        judging,
        &["--cases", "100", "--out", o, "-q", "--"],
    ]
    .concat();
    let (code, stdout, stderr) = stress(&[&base[..], &["sum.c"]].concat());
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, stdout, stderr) = stress(&[&base[..], &["sum_bug.c"]].concat());
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("expected 60, got 61"), "{stdout}");
}

#[test]
fn an_interactor_gives_the_verdict() {
    interactive("interactor", &["--interactor", "interactor.c"]);
}

#[test]
fn with_an_interactor_and_a_checker_the_checker_judges_what_the_interactor_wrote() {
    // The interactor accepts everything (exit 0): only the checker catches the planted bug.
    interactive(
        "interactor-checker",
        &[
            "--interactor",
            "interactor_polygon.c",
            "--checker",
            "check_first.c",
        ],
    );
}

#[test]
fn a_fresh_stream_never_runs_dry() {
    let out = scratch("dry");
    let o = out.to_str().unwrap();
    // The generator's rejection loop reads past the 64 KiB a fresh case is given: the stream
    // extends from the case's seed, so the loop ends as it would with testlib.
    let args = [
        "--gen-stream",
        "gen_distinct.cpp",
        "--reference",
        "sum.c",
        "--cases",
        "4",
        "--timeout-ms",
        "10000",
        "--out",
        o,
        "-q",
        "--",
        "sum.c",
    ];
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        last_line(&stdout).starts_with("stress: 4 cases, 0 failures"),
        "{stdout}"
    );
}

#[test]
fn time_alone_bounds_the_run_by_its_time_not_by_the_default_cases() {
    let out = scratch("time-alone");
    let o = out.to_str().unwrap();
    let json = out.join("run.json");
    let j = json.to_str().unwrap();
    let common = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--out",
        o,
        "-q",
        "--json",
        j,
    ];
    let requested = |extra: &[&str]| {
        let (code, stdout, stderr) = stress(&[&common[..], extra, &["--", "sum.c"]].concat());
        assert_eq!(code, 0, "{stdout}{stderr}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        report["cases_requested"].as_u64().unwrap()
    };
    assert_eq!(requested(&["--time", "0.2"]), u64::MAX);
    assert_eq!(requested(&["--time", "0.2", "--cases", "7"]), 7);
    assert_eq!(requested(&["--cases", "3"]), 3);
}

#[test]
fn a_stream_generators_size_from_argv_is_lowered_too() {
    let out = scratch("sized");
    let o = out.to_str().unwrap();
    // Thirty values a case, the size from argv: the smallest failing input has one.
    let args = [
        "--gen-stream",
        "gen_sized.cpp 30",
        "--reference",
        "sum.c",
        "--out",
        o,
        "-q",
        "--",
        "sum_bug.c",
    ];
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let repro = repro_of(&stdout);
    let repro = PathBuf::from(repro);
    assert_eq!(std::fs::read_to_string(&repro).unwrap(), "1\n60\n");
    assert_eq!(std::fs::read(repro.with_extension("bin")).unwrap(), [0x3c]);
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repro.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(meta["regenerate"]["args"], serde_json::json!(["1"]));
    let reproduce = meta["reproduce"].as_str().unwrap();
    assert!(reproduce.contains(" 1 < "), "{reproduce}");
    assert!(
        reproduce.starts_with("harness exec gen_sized.cpp 1 < ")
            && reproduce.ends_with(" | harness exec sum_bug.c"),
        "{reproduce}"
    );
    let generator = meta["regenerate"]["generator"].as_str().unwrap();
    assert_eq!(generator, "harness exec gen_sized.cpp 1", "{meta}");
}

#[test]
fn bad_usage_exits_with_status_2_and_a_clear_message() {
    let out = scratch("usage");
    let o = out.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "--gen-stream",
                "gen.cpp",
                "--reference",
                "no-such-brute",
                "--",
                "sum.c",
            ],
            "no-such-brute",
        ),
        (
            &[
                "--gen-stream",
                "gen.cpp",
                "--reference",
                "broken.cpp",
                "--",
                "sum.c",
            ],
            "undefined_name",
        ),
        (
            &[
                "--gen-stream",
                "false",
                "--reference",
                "sum.c",
                "--",
                "sum.c",
            ],
            "seed",
        ),
        (
            &[
                "--gen-stream",
                "gen.cpp",
                "--validator",
                "false",
                "--reference",
                "sum.c",
                "--",
                "sum.c",
            ],
            "the validator",
        ),
        (&["--reference", "sum.c", "--", "sum.c"], "no generator"),
        (
            &[
                "--gen",
                "gen_seed.c 10",
                "--reference",
                "sum.c",
                "--search",
                "slow",
                "--",
                "sum.c",
            ],
            "--search mutates a stream generator's choices",
        ),
    ];
    for (args, says) in cases {
        let (code, stdout, stderr) = stress(&[args, &["--out", o, "-q", "--cases", "20"]].concat());
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        // The batch was stopped by the problem's own error, not by an interrupt.
        assert!(!stdout.contains("interrupted"), "{args:?}: {stdout}");
        if matches!(says, "seed" | "the validator") {
            assert!(
                stdout.contains("stopped: a program of the problem failed on a fresh case"),
                "{args:?}: {stdout}"
            );
        }
    }
    // replay's problem flags: a problem, or its programs with their generator.
    let replays: [(&[&str], &str); 2] = [
        (&["replay", "--timeout-ms", "5", "x.in"], "give the problem"),
        (
            &["replay", "--reference", "sum.c", "x.in", "--", "sum.c"],
            "without --problem, give the generator",
        ),
    ];
    for (args, says) in replays {
        let (code, stdout, stderr) = harness(args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// An example problem of the repository, run as it is (its own problem file), with its repros in
/// a fresh folder: the planted bug is found (exit status 1) and shrunk; its stdout and the repro's
/// input, for the smallest failing input its README gives.
fn shrunk_example(name: &str) -> (String, String) {
    let out = scratch(name);
    let problem = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/problems")
        .join(name);
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    let (code, stdout, stderr) =
        stress(&[p, "--cases", "300", "--out", o, "-q", "--shrink-secs", "60"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let repro = repro_of(&stdout);
    let input = std::fs::read_to_string(repro).unwrap();
    (stdout, input)
}

#[test]
fn a_solution_that_passes_by_luck_is_caught_with_sanitize() {
    let out = scratch("wrapping-sum");
    let problem = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/problems/wrapping-sum");
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    let (code, stdout, stderr) = stress(&[p, "--cases", "200", "--out", o, "-q"]);
    assert_eq!(
        code, 0,
        "its int wraps to the right answer: {stdout}{stderr}"
    );
    let (code, stdout, stderr) = stress(&[p, "--cases", "200", "--out", o, "-q", "--sanitize"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("RUNTIME ERROR in case "), "{stdout}");
    assert!(
        stdout.contains("runtime error: signed integer overflow"),
        "{stdout}"
    );
    assert!(
        stdout.contains("reproduce: UBSAN_OPTIONS=") || stdout.contains("ASAN_OPTIONS="),
        "{stdout}"
    );
    // The sanitized build is named by its source too: `harness exec --sanitize` builds it.
    let sol = problem.join("sol.cpp");
    assert!(
        stdout.contains(&format!("harness exec --sanitize {}", sol.display())),
        "{stdout}"
    );
    let repro = repro_of(&stdout);
    let input = std::fs::read_to_string(repro).unwrap();
    // Shrunk by the stream: the fewest values whose sum overflows, two.
    assert_eq!(input.split_whitespace().count(), 3, "{input}");
    // replay does not make the sanitized build that judged it: no replay line.
    assert!(!stdout.contains("replay: "), "{stdout}");
    // A Python solution has no sanitized build: a clear error.
    let py = out.join("sum.py");
    std::fs::write(&py, "print(sum(map(int, input().split()[1:])))\n").unwrap();
    let (code, _, stderr) = stress(&[
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--sanitize",
        "--out",
        o,
        "--",
        py.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not a C or C++ source"), "{stderr}");
}

#[test]
fn an_interactive_solution_that_passes_by_luck_is_caught_with_sanitize() {
    let out = scratch("interactive-lucky");
    let o = out.to_str().unwrap();
    let args = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--interactor",
        "interactor.c",
        "--cases",
        "200",
        "--no-replay",
        "--out",
        o,
        "-q",
    ];
    // Its int overflows and wraps back: every answer is right.
    let (code, stdout, stderr) = stress(&[&args[..], &["--", "sum_lucky.c"]].concat());
    assert_eq!(code, 0, "{stdout}{stderr}");
    // Its sanitized build, talking to the interactor, reports the overflow.
    let (code, stdout, stderr) =
        stress(&[&args[..], &["--sanitize", "--", "sum_lucky.c"]].concat());
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("RUNTIME ERROR in case "), "{stdout}");
    assert!(
        stdout.contains("runtime error: signed integer overflow"),
        "{stdout}"
    );
    // Shrunk by the stream to one value past 47, the first that overflows.
    let input = std::fs::read_to_string(repro_of(&stdout)).unwrap();
    assert_eq!(input.split_whitespace().collect::<Vec<_>>(), ["1", "48"]);
}

#[test]
fn the_interactive_example_judged_polygons_way_is_caught_by_its_checker() {
    // Its interactor accepts every answer: only the checker, judging what the interactor wrote,
    // sees the planted bug.
    let (stdout, input) = shrunk_example("interactive-sum");
    assert!(stdout.starts_with("WRONG ANSWER in case "), "{stdout}");
    assert!(
        stdout.contains("generator stream: 2 bytes (hex 0009)"),
        "{stdout}"
    );
    assert!(stdout.contains("expected 9, found 8"), "{stdout}");
    assert_eq!(input, "1\n9\n");
}

#[test]
fn the_example_with_a_checker_is_shrunk_to_its_smallest_failing_input() {
    let (stdout, input) = shrunk_example("pair-sum");
    assert!(
        stdout.contains("generator stream: 3 bytes (hex 020001)"),
        "{stdout}"
    );
    assert_eq!(input, "3 0\n1 0 0\n");
}

#[test]
fn the_python_example_with_a_validator_is_shrunk() {
    let (stdout, input) = shrunk_example("max-subarray");
    // The smallest failing stream, 00 01 01, as its README gives it.
    assert!(
        stdout.contains("generator stream: 3 bytes (hex 000101)"),
        "{stdout}"
    );
    assert_eq!(input, "1\n-1\n");
}

#[test]
fn the_example_with_an_interactor_is_shrunk_to_its_smallest_stream() {
    let (stdout, input) = shrunk_example("guess-number");
    assert!(
        stdout.contains("generator stream: 2 bytes (hex 0101)"),
        "{stdout}"
    );
    assert_eq!(input, "2 2\n");
}

#[test]
fn the_example_with_a_seed_generator_is_shrunk_to_three_numbers() {
    let (stdout, input) = shrunk_example("distinct-count");
    let tokens: Vec<&str> = input.split_whitespace().collect();
    assert_eq!(tokens.len(), 4, "{input:?}\n{stdout}");
    assert_eq!(tokens[0], "3", "{input:?}");
    assert_eq!(tokens[1], tokens[3], "{input:?}");
    assert_ne!(tokens[1], tokens[2], "{input:?}");
}

#[test]
fn a_scope_checks_every_small_input_once() {
    let out = scratch("scope");
    let o = out.to_str().unwrap();
    let base = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--scope",
        "draws<=3,values<=1",
        "--out",
        o,
        "-q",
        "--no-replay",
        "--",
    ];
    // n in 1..2, then the values 0 or 1 of the first two draws after it: 1 + 2 + 4 inputs (n = 1
    // with its one value, n = 2 with two), listed once each.
    let (code, stdout, stderr) = stress(&[&base[..], &["sum.c"]].concat());
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("6 distinct inputs"), "{stdout}");
    assert!(
        last_line(&stdout).starts_with("stress: 6 cases, 0 failures"),
        "{stdout}"
    );
    // Values up to 1 never reach the planted bug (60 and more); up to 60 they do.
    let wider = [
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--scope",
        "draws<=2,values<=60",
        "--out",
        o,
        "-q",
        "--no-replay",
        "--",
        "sum_bug.c",
    ];
    let (code, stdout, stderr) = stress(&wider);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("generator stream: 2 bytes (hex 003c)"),
        "{stdout}"
    );
}

#[test]
fn a_problem_file_with_an_unknown_key_is_refused_with_its_line() {
    let dir = scratch("bad-problem");
    let file = dir.join("problem.toml");
    std::fs::write(&file, "gen-stream = \"gen.cpp\"\nrefrence = \"sum.c\"\n").unwrap();
    let (code, stdout, stderr) = stress(&[dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
    assert!(stderr.contains("unknown field `refrence`"), "{stderr}");
}
