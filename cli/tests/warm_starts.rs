//! Warm starts judge as exec does, end to end: each example problem's planted bug is found and
//! shrunk to the same repro whether its programs start warm (the default) or by exec (`--cold`),
//! and the report says which way they started.

use std::path::Path;
use std::process::Command;

/// `harness stress` on the example problem `name` (its own problem file), with `extra` flags,
/// its repros in a fresh folder: (status, stdout, stderr, the repro's input).
fn stress(name: &str, extra: &[&str]) -> (i32, String, String, String) {
    let tag = if extra.contains(&"--cold") {
        "cold"
    } else {
        "warm"
    };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("warm-starts-{name}-{tag}"));
    let _ = std::fs::remove_dir_all(&out);
    let problem = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/problems")
        .join(name);
    let run = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("stress")
        .arg(&problem)
        .args(["--cases", "300", "--shrink-secs", "120", "-q", "--out"])
        .arg(&out)
        .args(extra)
        .env(
            "HARNESS_STRESS_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-cache"),
        )
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let input = stdout
        .lines()
        .find_map(|l| l.strip_prefix("repro: "))
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_default();
    (run.status.code().unwrap_or(-1), stdout, stderr, input)
}

/// The lines of a report that say what was found, without timings and paths.
fn findings(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| {
            !l.starts_with("reproduce:")
                && (l.starts_with("generator stream:")
                    || l.starts_with("first difference")
                    || l.starts_with("shrunk to")
                    || l.contains(" | "))
        })
        .collect()
}

/// The same problem warm and cold: the same status, findings and repro; the report's `programs:`
/// line says warm for the first and exec for the second.
fn same_both_ways(name: &str) {
    let (warm_code, warm_out, warm_err, warm_input) = stress(name, &[]);
    let (cold_code, cold_out, cold_err, cold_input) = stress(name, &["--cold"]);
    assert_eq!(warm_code, 1, "{warm_out}{warm_err}");
    assert_eq!(cold_code, 1, "{cold_out}{cold_err}");
    assert_eq!(
        findings(&warm_out),
        findings(&cold_out),
        "{warm_out}\n---\n{cold_out}"
    );
    assert!(!warm_input.is_empty(), "{warm_out}");
    assert_eq!(warm_input, cold_input);
    let programs = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("programs: "))
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(
        programs(&warm_out).contains(" by exec")
            && !programs(&warm_out).starts_with("programs: 0 runs started warm"),
        "{warm_out}"
    );
    assert!(
        programs(&cold_out).starts_with("programs: 0 runs started warm"),
        "{cold_out}"
    );
}

#[test]
fn the_c_plus_plus_example_with_a_checker_shrinks_the_same_warm_and_cold() {
    same_both_ways("pair-sum");
}

#[test]
fn the_python_example_with_a_validator_shrinks_the_same_warm_and_cold() {
    same_both_ways("max-subarray");
}

#[test]
fn the_interactive_example_shrinks_the_same_warm_and_cold() {
    same_both_ways("guess-number");
}

#[test]
fn the_seed_generator_example_shrinks_the_same_warm_and_cold() {
    same_both_ways("distinct-count");
}
