//! External programs as engines: every case goes to the program on stdin, its stdout is the answer.
//! Timeouts, crashes and floods of output are faults of the run. `harness judge` is a differential
//! run ([`crate::diff`]) of the reference against a [`Program`]: a failing case is shrunk by
//! re-running the program on smaller cases, and saved with the expected and the received output.
//!
//! Each run gets its own process group, killed as a whole when the run ends (normally or not), so no
//! child or grandchild is left behind.

use crate::engine::{Engine, Fault, Output};
use crate::game::Game;
use anyhow::Context as _;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What running a program produced.
#[derive(Debug, Clone)]
pub struct Execution {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Exit code, or the signal that ended it (as `Err(signal)`), or `None` when killed by us.
    pub status: Option<Result<i32, i32>>,
    pub timed_out: bool,
    /// The program wrote more than the output limit.
    pub flooded: bool,
    pub elapsed: Duration,
}

/// Kills a whole process group.
fn kill_group(pgid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pgid) {
        // SAFETY: kill(2) with a negative pid signals a process group; it touches no memory.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// Reads up to `limit` bytes, then reports whether more were offered (and stops reading).
fn read_capped(mut r: impl Read, limit: usize) -> (Vec<u8>, bool) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match r.read(&mut chunk) {
            Ok(0) | Err(_) => return (buf, false),
            Ok(k) => {
                if buf.len() + k > limit {
                    let take = limit - buf.len();
                    buf.extend_from_slice(&chunk[..take]);
                    return (buf, true);
                }
                buf.extend_from_slice(&chunk[..k]);
            }
        }
    }
}

/// Runs `cmd` with `input` on stdin, a time limit and a cap on the output it may write.
pub fn execute(
    cmd: &[String],
    input: &[u8],
    timeout: Duration,
    max_output: usize,
) -> anyhow::Result<Execution> {
    let (program, args) = cmd
        .split_first()
        .context("no program to judge: give it after `--`")?;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .with_context(|| format!("cannot start `{program}`"))?;
    let pgid = child.id();
    let mut stdin = child.stdin.take();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        if let Some(s) = stdin.as_mut() {
            let _ = s.write_all(&input);
        }
        drop(stdin);
    });
    let stdout = child.stdout.take();
    let (tx, rx) = std::sync::mpsc::channel();
    let out_reader = std::thread::spawn(move || {
        let result = stdout
            .map(|s| read_capped(s, max_output))
            .unwrap_or_default();
        if result.1 {
            // Flooding: stop the program now rather than wait for the time limit.
            kill_group(pgid);
        }
        let _ = tx.send(());
        result
    });
    let stderr = child.stderr.take();
    let err_reader = std::thread::spawn(move || {
        let Some(mut s) = stderr else {
            return Vec::new();
        };
        let (buf, more) = read_capped(&mut s, 4096);
        if more {
            // Keep draining so the program never blocks on a full stderr pipe.
            let _ = std::io::copy(&mut s, &mut std::io::sink());
        }
        buf
    });
    let deadline = start + timeout;
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) => {}
            Err(_) => break None,
        }
        let now = Instant::now();
        if now >= deadline {
            timed_out = true;
            kill_group(pgid);
            break child.wait().ok();
        }
        let slice = (deadline - now).min(Duration::from_millis(2));
        if let Err(std::sync::mpsc::RecvTimeoutError::Disconnected) = rx.recv_timeout(slice) {
            // The program closed its output but runs on: poll at the same pace, without spinning.
            std::thread::sleep(slice);
        }
    };
    let elapsed = start.elapsed();
    // Whatever the program left running in its group goes too, so the pipes close.
    kill_group(pgid);
    let _ = writer.join();
    let (stdout, flooded) = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let status = status.map(|s| match (s.code(), s.signal()) {
        (Some(code), _) => Ok(code),
        (None, Some(sig)) => Err(sig),
        (None, None) => Err(0),
    });
    Ok(Execution {
        stdout,
        stderr,
        status,
        timed_out,
        flooded,
        elapsed,
    })
}

/// An external program as an engine: it reads the contest input on standard input and prints the
/// answer. It gives answers only, runs out of process and enforces its own limits, so a hang, a
/// crash or a flood of output is a [`Fault`] of this run, never of the harness.
#[derive(Debug, Clone)]
pub struct Program {
    /// The program and its arguments.
    pub cmd: Vec<String>,
    /// The name in reports (default: `program <cmd...>`).
    pub name: String,
    /// The time limit of one run; `None`: the game's limit for the case.
    pub timeout: Option<Duration>,
    /// Output beyond this many bytes is cut off and judged malformed.
    pub max_output: usize,
}

impl Program {
    pub fn new(cmd: Vec<String>, timeout: Duration) -> Self {
        let name = format!("program {}", cmd.join(" "));
        Program {
            cmd,
            name,
            timeout: Some(timeout),
            max_output: 16 << 20,
        }
    }

    /// Checks that the program can be started at all (a missing program is an error of the
    /// command line, not a verdict of every case).
    pub fn check_startable(&self) -> anyhow::Result<()> {
        let program = self
            .cmd
            .first()
            .context("no program to judge: give it after `--`")?;
        let found = if program.contains('/') {
            std::path::Path::new(program).is_file()
        } else {
            std::env::var_os("PATH").is_some_and(|paths| {
                std::env::split_paths(&paths).any(|d| d.join(program).is_file())
            })
        };
        if !found {
            anyhow::bail!("cannot start `{program}`: no such program");
        }
        Ok(())
    }
}

impl<G: Game> Engine<G> for Program {
    fn name(&self) -> &str {
        &self.name
    }
    fn traces(&self) -> bool {
        false
    }
    fn isolated(&self) -> bool {
        true
    }
    fn run(&self, case: &G::Case, _trace: bool) -> Result<Output<G::Outcome>, Fault> {
        let timeout = self.timeout.unwrap_or_else(|| G::time_limit(case));
        let exec = execute(
            &self.cmd,
            G::write(case).as_bytes(),
            timeout,
            self.max_output,
        )
        .map_err(|e| Fault::RuntimeError {
            status: format!("{e:#}"),
            output: String::new(),
        })?;
        classify(exec, timeout, self.max_output)
    }
}

/// The outcome of one run of a program.
pub fn classify<O>(
    exec: Execution,
    timeout: Duration,
    max_output: usize,
) -> Result<Output<O>, Fault> {
    if exec.timed_out {
        return Err(Fault::TimeLimit {
            limit_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
        });
    }
    let output = String::from_utf8_lossy(&exec.stdout).into_owned();
    if exec.flooded {
        return Err(Fault::Malformed {
            why: format!("output too long: more than {max_output} bytes"),
            output,
        });
    }
    match exec.status {
        Some(Ok(0)) => match String::from_utf8(exec.stdout) {
            Ok(text) => Ok(Output::Answer(text)),
            Err(_) => Err(Fault::Malformed {
                why: "output is not UTF-8 text".into(),
                output,
            }),
        },
        Some(Ok(code)) => Err(Fault::RuntimeError {
            status: format!("exit status {code}{}", stderr_tail(&exec.stderr)),
            output,
        }),
        Some(Err(sig)) => Err(Fault::RuntimeError {
            status: format!("killed by signal {sig}{}", stderr_tail(&exec.stderr)),
            output,
        }),
        None => Err(Fault::RuntimeError {
            status: "the program's status could not be read".into(),
            output,
        }),
    }
}

fn stderr_tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    match text.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!(" (stderr: {})", line.chars().take(200).collect::<String>()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn a_program_that_echoes_its_input_is_read_back() {
        let e = execute(&sh("cat"), b"1 2 3\n", Duration::from_secs(5), 1 << 20).unwrap();
        assert_eq!(e.stdout, b"1 2 3\n");
        assert_eq!(e.status, Some(Ok(0)));
        assert!(!e.timed_out && !e.flooded);
    }

    #[test]
    fn a_hanging_program_is_killed_with_its_children() {
        let e = execute(
            &sh("sleep 30 & sleep 30; echo late"),
            b"",
            Duration::from_millis(200),
            1 << 20,
        )
        .unwrap();
        assert!(e.timed_out);
        assert!(e.elapsed < Duration::from_secs(10), "took {:?}", e.elapsed);
    }

    #[test]
    fn a_flooding_program_is_cut_off() {
        let e = execute(&sh("yes 1"), b"", Duration::from_secs(20), 1000).unwrap();
        assert!(e.flooded);
        assert_eq!(e.stdout.len(), 1000);
        assert!(e.elapsed < Duration::from_secs(10));
    }

    #[test]
    fn exit_codes_and_signals_are_reported() {
        let e = execute(
            &sh("echo oops >&2; exit 3"),
            b"",
            Duration::from_secs(5),
            100,
        )
        .unwrap();
        assert_eq!(e.status, Some(Ok(3)));
        assert_eq!(e.stderr, b"oops\n");
        let e = execute(&sh("kill -SEGV $$"), b"", Duration::from_secs(5), 100).unwrap();
        assert_eq!(e.status, Some(Err(libc::SIGSEGV)));
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_verdict() {
        assert!(execute(
            &["/nonexistent/program".to_string()],
            b"",
            Duration::from_secs(1),
            10
        )
        .is_err());
    }
}
