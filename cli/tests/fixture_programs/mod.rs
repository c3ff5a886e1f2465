//! What the tests of problems given by programs share: the tiny C and C++ programs of
//! stress/tests/fixtures, a fresh folder per test, and the binary run in the fixtures folder with
//! its compile cache kept under the target directory (a report's line pasted into a shell too,
//! the binary's folder on the `PATH`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folder of the fixture programs.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../stress/tests/fixtures")
}

/// A fresh, empty folder `PREFIX-NAME` for one test's files.
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{prefix}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `harness ARGS` in the fixtures folder: (status, stdout, stderr).
pub fn harness(args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_harness"));
    cmd.args(args);
    ran(cmd, &fixtures(), b"")
}

/// Runs `line` through `sh -c` in `dir`, as a line of a report pasted into a shell: the binary's
/// folder first on the `PATH` (so that `harness` is this binary), the same compile cache.
#[allow(dead_code)] // Not every test file runs a report's line.
pub fn shell(line: &str, dir: &Path) -> (i32, String, String) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(line);
    ran(cmd, dir, b"")
}

/// Runs `cmd` in `dir` with `input` on its standard input, `harness` on the `PATH` and the
/// compile cache kept under the target directory: (status, stdout, stderr).
pub fn ran(mut cmd: Command, dir: &Path, input: &[u8]) -> (i32, String, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_harness"));
    let mut path = vec![bin.parent().unwrap().to_path_buf()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let mut child = cmd
        .current_dir(dir)
        .env("PATH", std::env::join_paths(path).unwrap())
        .env(
            "HARNESS_STRESS_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-cache"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().expect("the command runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The last line of a command's output (its summary).
pub fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

/// The words of a run's `replay: harness ...` line after `harness` (the test fails without one):
/// the arguments that replay the repro as the run judged it.
pub fn replay_of(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("replay: harness "))
        .unwrap_or_else(|| panic!("no replay line: {stdout}"))
        .split_whitespace()
        .collect()
}

/// The path a run's report gives on its `repro: PATH` line (the test fails without one).
pub fn repro_of(stdout: &str) -> &str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("repro: "))
        .unwrap_or_else(|| panic!("no repro line: {stdout}"))
}
