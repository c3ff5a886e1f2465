//! The stream kit and the example problems, checked by their own scripts: `stress/kit/test.sh`
//! (stress.h and stress_random.py decode the same streams to the same values and tapes, as
//! docs/stress-protocol.md says) and `examples/problems/test.py` (each problem's README: its smallest
//! failing input is what its generator makes, the brute force's answer, the solution's failure).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs a script; fails the test with its output when it does not exit 0.
fn passes(program: &str, script: &Path) {
    let out = Command::new(program)
        .arg(script)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program} {}: {e}", script.display()));
    assert!(
        out.status.success(),
        "{} failed ({}):\n{}\n{}",
        script.display(),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_cpp_and_python_kits_draw_alike_and_follow_the_protocol() {
    passes("bash", &root().join("stress/kit/test.sh"));
}

#[test]
fn each_example_problem_fails_where_its_readme_says() {
    passes("python3", &root().join("examples/problems/test.py"));
}
