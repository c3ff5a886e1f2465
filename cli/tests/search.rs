//! `harness stress --search` end to end on the repository's example problems: the slow search finds
//! the shape random cases miss (`slow-sort`), the coverage search the value they miss
//! (`product-sign`) and the relation of two values they miss (`linear-pair`), each judged, shrunk
//! and saved like any failure, its figures in the JSON report.

use std::path::{Path, PathBuf};

mod fixture_programs;

use fixture_programs::{harness, last_line, replay_of, repro_of};

/// A fresh folder for one test's repros.
fn scratch(name: &str) -> PathBuf {
    fixture_programs::scratch("search", name)
}

/// Runs `harness stress ARGS` in the fixtures folder: (status, stdout, stderr).
fn stress(args: &[&str]) -> (i32, String, String) {
    harness(&[&["stress"], args].concat())
}

/// Runs `harness stress ARGS`, a coverage search that must end with a failing input: the report,
/// the saved repro's text and its numbers.
fn found_by_coverage(args: &[&str]) -> (String, String, Vec<i64>) {
    let (code, stdout, stderr) = stress(args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("a failing input found"), "{stdout}");
    let input = std::fs::read_to_string(repro_of(&stdout)).unwrap();
    let numbers = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    (stdout, input, numbers)
}

/// The path of an example problem of the repository.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/problems")
        .join(name)
}

#[test]
fn the_search_finds_the_slow_shape_that_random_cases_miss() {
    let out = scratch("slow-sort");
    let problem = example("slow-sort");
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    let json = out.join("report.json");
    let j = json.to_str().unwrap();
    // Random cases: distinct values, n log n steps, far within the limit.
    let (code, stdout, stderr) = stress(&[p, "--cases", "30", "--out", o, "-q"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // The search climbs to a run of equal or sorted values: n^2 steps, many times the limit.
    let args = [
        p,
        "--search",
        "slow",
        "--search-secs",
        "300",
        "--shrink-secs",
        "5",
        "--no-replay",
        "--out",
        o,
        "-q",
        "--json",
        j,
    ];
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("search slow: "), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["command"], "stress");
    // A C++ solution: the climb counts its work (exactly, by its build with counters) while the
    // inputs are cheap; the failing input is past the limit, so it went on CPU time by then, or
    // failed in the round that counted.
    let cost = report["search"]["cost"].as_str().unwrap();
    assert!(["work", "work-then-cpu-time"].contains(&cost), "{report}");
    assert_eq!(report["search"]["failed"], true, "{report}");
    assert!(
        report["search"]["probed"].as_u64().unwrap() >= 1,
        "{report}"
    );
    let verdict = stdout.lines().nth(1).unwrap_or_default().to_lowercase();
    assert!(verdict.contains("time limit"), "{stdout}");
    assert!(verdict.contains("(search slow, seed "), "{stdout}");
    // Named by the search's goal, seed and input: another search's into the same folder is
    // another file.
    let repro = repro_of(&stdout);
    assert!(repro.contains("/stress-search-slow-"), "{stdout}");
    assert!(Path::new(repro).is_file(), "{stdout}");
}

#[test]
fn a_solution_without_a_build_with_counters_is_climbed_on_cpu_time_and_the_slowest_saved() {
    let out = scratch("slow-command");
    let problem = example("slow-sort");
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    let json = out.join("report.json");
    let j = json.to_str().unwrap();
    // A command, not a source: nothing to build with counters. It answers at once (wrongly, but
    // the slow search judges only its time; the pipeline then judges the inputs it found).
    let args = [
        p,
        "--search",
        "slow",
        "--search-secs",
        "2",
        "--no-replay",
        "--out",
        o,
        "-q",
        "--json",
        j,
        "--",
        "sh",
        "-c",
        "cat > /dev/null; echo 0",
    ];
    let (_, stdout, stderr) = stress(&args);
    assert!(stdout.contains("climbed on CPU time"), "{stdout}{stderr}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["search"]["cost"], "cpu-time", "{report}");
    assert_eq!(report["search"]["slowest_work"], serde_json::Value::Null);
    assert!(stdout.contains("slowest input: "), "{stdout}");
    let saved = stdout
        .split("slowest input: ")
        .nth(1)
        .and_then(|s| s.split(' ').next());
    let saved = Path::new(saved.unwrap_or_default());
    assert!(saved.is_file(), "{stdout}");
    assert_eq!(saved.parent(), Some(out.as_path()), "{stdout}");
    let name = saved.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("stress-search-slow-") && name.ends_with("-slowest.in"));
    assert!(saved.with_extension("bin").is_file());
}

#[test]
fn the_coverage_search_finds_the_value_random_cases_miss() {
    let out = scratch("product-sign");
    let problem = example("product-sign");
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    let json = out.join("report.json");
    let j = json.to_str().unwrap();
    // Random cases: a zero factor is one draw in 2 * 10^9.
    let (code, stdout, stderr) = stress(&[p, "--cases", "2000", "--out", o, "-q"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // The search puts the constant the programs compare against (0) into a draw.
    let args = [
        p,
        "--search",
        "coverage",
        "--search-secs",
        "300",
        "--out",
        o,
        "-q",
        "--json",
        j,
    ];
    let (code, stdout, stderr) = stress(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("search coverage: "), "{stdout}");
    assert!(stdout.contains("a failing input found"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["search"]["goal"], "coverage");
    assert_eq!(report["search"]["failed"], true, "{report}");
    assert!(report["search"]["edges"].as_u64().unwrap() > 0, "{report}");
    assert!(
        report["search"]["constants"].as_u64().unwrap() > 0,
        "{report}"
    );
    assert!(stdout.contains("WRONG ANSWER in case "), "{stdout}");
    // Shrunk by the stream to the README's smallest failing input.
    assert!(
        stdout.contains("generator stream: 4 bytes (hex 003b9aca)"),
        "{stdout}"
    );
    let repro = repro_of(&stdout);
    assert_eq!(std::fs::read_to_string(repro).unwrap(), "1\n0\n");
    assert!(last_line(&stdout).contains(" 1 failure"), "{stdout}");
    // The line a setter pastes: the repro replayed through the problem's own programs.
    let words = replay_of(&stdout);
    let (code, again, stderr) = harness(&words);
    assert_eq!(code, 1, "{again}{stderr}");
    assert!(again.contains("expected `0`, got `1`"), "{again}");
    // A solution given on the command line is named after `--` in the line, and judged there.
    let sol = problem.join("sol.cpp");
    let s = sol.to_str().unwrap();
    let (code, stdout, stderr) = stress(&[
        p,
        "--search",
        "coverage",
        "--search-secs",
        "20",
        "--out",
        o,
        "--no-replay",
        "-q",
        "--",
        s,
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let words = replay_of(&stdout);
    assert_eq!(words[words.len() - 2..], ["--", s], "{words:?}");
    let (code, again, stderr) = harness(&words);
    assert_eq!(code, 1, "{again}{stderr}");
}

#[test]
fn the_coverage_search_puts_one_compared_value_where_the_input_had_the_other() {
    let out = scratch("linear-pair");
    let problem = example("linear-pair");
    let (p, o) = (problem.to_str().unwrap(), out.to_str().unwrap());
    // Random cases never meet b == 3a + 7.
    let (code, stdout, stderr) = stress(&[p, "--cases", "2000", "--out", o, "-q"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let args = [
        p,
        "--search",
        "coverage",
        "--search-secs",
        "120",
        "--threads",
        "3",
        "--no-replay",
        "--out",
        o,
        "-q",
    ];
    let (stdout, input, v) = found_by_coverage(&args);
    assert_eq!(v.len(), 2, "{input}");
    assert_eq!(v[1], 3 * v[0] + 7, "{input}");
    // The search is a function of its seed: one worker or three probe the same inputs in the same
    // order, and find the same one.
    let probed = |stdout: &str| {
        let line = stdout.lines().find(|l| l.starts_with("search coverage: "));
        line.and_then(|l| l.split(" in ").next()).map(String::from)
    };
    let serial = scratch("linear-pair-serial");
    let s = serial.to_str().unwrap();
    let one = [&args[..5], &["--out", s, "-q", "--threads", "1"]].concat();
    let (code, again, stderr) = stress(&one);
    assert_eq!(code, 1, "{again}{stderr}");
    assert_eq!(probed(&again), probed(&stdout), "{again}\n{stdout}");
    assert_eq!(std::fs::read_to_string(repro_of(&again)).unwrap(), input);
}

#[test]
fn the_coverage_search_needs_a_source_it_can_count() {
    let out = scratch("coverage-refused");
    let o = out.to_str().unwrap();
    let rs = out.join("sum.rs");
    std::fs::write(
        &rs,
        "fn main() { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); \
         println!(\"0\"); }\n",
    )
    .unwrap();
    let (code, _, stderr) = stress(&[
        "--gen-stream",
        "gen.cpp",
        "--reference",
        "sum.c",
        "--search",
        "coverage",
        "--out",
        o,
        "--",
        rs.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("only those are built with coverage counters"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn the_coverage_search_talks_through_an_interactor() {
    let out = scratch("coverage-interactive");
    let o = out.to_str().unwrap();
    // The sum, told to the interactor, one too many for a value 0: one draw in 2 * 10^9.
    let sol = out.join("sum_zero.c");
    std::fs::write(
        &sol,
        "#include <stdio.h>\nint main(void) { int n; long long s = 0, x;\n\
         if (scanf(\"%d\", &n) != 1) return 1;\n\
         for (int i = 0; i < n; i++) { if (scanf(\"%lld\", &x) != 1) return 1; s += x;\n\
         if (x == 0) s++; }\nprintf(\"%lld\\n\", s); return 0; }\n",
    )
    .unwrap();
    let gen = example("product-sign").join("gen.cpp");
    let args = [
        "--gen-stream",
        gen.to_str().unwrap(),
        "--reference",
        "sum.c",
        "--interactor",
        "interactor.c",
        "--no-replay",
        "--out",
        o,
        "-q",
    ];
    let s = sol.to_str().unwrap();
    let (code, stdout, stderr) = stress(&[&args[..], &["--cases", "300", "--", s]].concat());
    assert_eq!(code, 0, "random cases miss it: {stdout}{stderr}");
    let search = ["--search", "coverage", "--search-secs", "300", "--", s];
    let (code, stdout, stderr) = stress(&[&args[..], &search[..]].concat());
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("a failing input found"), "{stdout}");
    let input = std::fs::read_to_string(repro_of(&stdout)).unwrap();
    assert!(
        input.split_whitespace().skip(1).any(|t| t == "0"),
        "{input}"
    );
}

#[test]
fn the_coverage_search_counts_a_python_solution_by_its_lines() {
    let out = scratch("product-sign-python-solution");
    let o = out.to_str().unwrap();
    // The example's bug in Python: a zero factor is forgotten.
    let sol = out.join("sol.py");
    std::fs::write(
        &sol,
        "input()\nneg = sum(1 for x in map(int, input().split()) if x < 0)\n\
         print(-1 if neg % 2 else 1)\n",
    )
    .unwrap();
    let problem = example("product-sign");
    let json = out.join("report.json");
    let (code, stdout, stderr) = stress(&[
        problem.to_str().unwrap(),
        "--search",
        "coverage",
        "--search-secs",
        "300",
        "--no-replay",
        "--out",
        o,
        "-q",
        "--json",
        json.to_str().unwrap(),
        "--",
        sol.to_str().unwrap(),
    ]);
    // The script's constant 0 (of `x < 0`) goes into a draw: a zero factor.
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("a failing input found"), "{stdout}");
    assert!(stdout.contains("expected `0`, got `1`"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(
        report["search"]["constants"].as_u64().unwrap() > 0,
        "{report}"
    );
}

#[test]
fn the_coverage_search_counts_a_python_brute_force_too() {
    let out = scratch("product-sign-python");
    let o = out.to_str().unwrap();
    let brute = out.join("brute.py");
    std::fs::write(
        &brute,
        "input()\ns = 1\nfor x in map(int, input().split()):\n    \
         s = 0 if x == 0 else (-s if x < 0 else s)\nprint(s)\n",
    )
    .unwrap();
    let problem = example("product-sign");
    let (gen, sol) = (problem.join("gen.cpp"), problem.join("sol.cpp"));
    let (code, stdout, stderr) = stress(&[
        "--gen-stream",
        gen.to_str().unwrap(),
        "--reference",
        brute.to_str().unwrap(),
        "--search",
        "coverage",
        "--search-secs",
        "300",
        "--out",
        o,
        "-q",
        "--",
        sol.to_str().unwrap(),
    ]);
    // The solution's `x < 0` and the brute force's `x == 0` give the constant 0.
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("a failing input found"), "{stdout}");
    assert!(stdout.contains("expected `0`, got `1`"), "{stdout}");
}

#[test]
fn the_coverage_search_keeps_equal_draws_equal_when_it_puts_a_compared_value() {
    // The bug needs two equal neighbours (from the fourth value on) that are also 31337: a
    // comparison of two draws, then one against a constant that both must meet at once.
    let dir = scratch("twin-constant");
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../stress/kit/stress.h");
    let files = [
        (
            "gen.cpp",
            "int main(int argc, char *argv[]) {\n    registerGen(argc, argv, 1);\n    \
             int n = rnd.next(1, 10);\n    std::vector<int> a(n);\n    \
             for (int &x : a) x = rnd.next(1, 1000000);\n    println(n);\n    println(a);\n}\n",
        ),
        (
            "brute.cpp",
            "#include <cstdio>\nint main() {\n    int n; long long x, best = 0;\n    \
             if (scanf(\"%d\", &n) != 1) return 1;\n    for (int i = 0; i < n; i++) {\n        \
             if (scanf(\"%lld\", &x) != 1) return 1;\n        if (x > best) best = x;\n    }\n    \
             printf(\"%lld\\n\", best);\n}\n",
        ),
        (
            "sol.cpp",
            "#include <cstdio>\n#include <vector>\nint main() {\n    int n;\n    \
             if (scanf(\"%d\", &n) != 1) return 1;\n    std::vector<long long> a(n);\n    \
             for (auto &x : a) if (scanf(\"%lld\", &x) != 1) return 1;\n    \
             long long best = a[0];\n    for (int i = 1; i < n; i++) {\n        \
             if (a[i] > best) best = a[i];\n        \
             if (i >= 3 && a[i] == a[i - 1] && a[i] == 31337) best = 0;\n    }\n    \
             printf(\"%lld\\n\", best);\n}\n",
        ),
        (
            "problem.toml",
            "gen-stream = \"gen.cpp\"\nreference = \"brute.cpp\"\nsolution = \"sol.cpp\"\n",
        ),
    ];
    for (name, text) in files {
        let text = match name {
            "gen.cpp" => format!("#include \"{}\"\n{text}", kit.display()),
            _ => text.to_string(),
        };
        std::fs::write(dir.join(name), text).unwrap();
    }
    let (p, o) = (dir.to_str().unwrap(), dir.join("out"));
    let o = o.to_str().unwrap();
    let args = [
        p,
        "--search",
        "coverage",
        "--search-secs",
        "120",
        "--no-replay",
        "--out",
        o,
        "-q",
    ];
    let (_, input, v) = found_by_coverage(&args);
    let twins = v[1..].windows(2).enumerate();
    assert!(
        twins
            .filter(|&(i, _)| i >= 2)
            .any(|(_, w)| w == [31337, 31337]),
        "{input}"
    );
}
