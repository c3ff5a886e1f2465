//! Judging an external program: every generated case goes to the program on stdin, its stdout is
//! compared with the reference. Timeouts, crashes and floods of output are verdicts. A failing case
//! is shrunk by re-running the program on smaller cases, and written out with the expected and the
//! received output.
//!
//! Each run gets its own process group, killed as a whole when the run ends (normally or not), so no
//! child or grandchild is left behind.

use crate::game::{EngineKind, Game};
use crate::rng::case_seed;
use crate::{diff::ProfileChoice, report, shrink};
use anyhow::Context as _;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How one run of the program ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// The output is well-formed but wrong.
    Wrong(String),
    /// The output is not of the expected form (not a number, too long...).
    Malformed(String),
    /// Killed at the time limit.
    Timeout,
    /// Non-zero exit status or a signal.
    Crash(String),
}

impl Verdict {
    /// A short name for the verdict kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::Wrong(_) => "wrong answer",
            Verdict::Malformed(_) => "malformed output",
            Verdict::Timeout => "time limit exceeded",
            Verdict::Crash(_) => "runtime error",
        }
    }

    /// The verdict in one line.
    pub fn describe(&self) -> String {
        match self {
            Verdict::Accepted => "accepted".into(),
            Verdict::Wrong(m) | Verdict::Malformed(m) | Verdict::Crash(m) => {
                format!("{}: {m}", self.kind())
            }
            Verdict::Timeout => self.kind().into(),
        }
    }
}

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

/// Options of a judging run.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    pub cases: u64,
    pub seed: u64,
    pub profile: ProfileChoice,
    pub timeout: Duration,
    pub jobs: usize,
    pub max_output: usize,
    pub out_dir: PathBuf,
    pub progress: bool,
    pub shrink_budget: Duration,
    pub cmd: Vec<String>,
}

/// The verdict for one case.
pub fn judge_case<G: Game>(
    case: &G::Case,
    opts: &JudgeOptions,
) -> anyhow::Result<(Verdict, Execution, String)> {
    let reference = G::run(case, EngineKind::Reference, false);
    let expected = G::answer(&reference);
    let exec = execute(
        &opts.cmd,
        G::write(case).as_bytes(),
        opts.timeout,
        opts.max_output,
    )?;
    let verdict = if exec.timed_out {
        Verdict::Timeout
    } else if exec.flooded {
        Verdict::Malformed(format!(
            "output too long: more than {} bytes",
            opts.max_output
        ))
    } else {
        match exec.status {
            Some(Ok(0)) => match std::str::from_utf8(&exec.stdout) {
                Err(_) => Verdict::Malformed("output is not UTF-8 text".into()),
                Ok(text) => match G::malformed(text) {
                    Some(why) => Verdict::Malformed(why),
                    None => match G::judge(case, &reference, text) {
                        Ok(()) => Verdict::Accepted,
                        Err(why) => Verdict::Wrong(why),
                    },
                },
            },
            Some(Ok(code)) => {
                Verdict::Crash(format!("exit status {code}{}", stderr_tail(&exec.stderr)))
            }
            Some(Err(sig)) => Verdict::Crash(format!(
                "killed by signal {sig}{}",
                stderr_tail(&exec.stderr)
            )),
            None => Verdict::Crash("the program's status could not be read".into()),
        }
    };
    Ok((verdict, exec, expected))
}

fn stderr_tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    match text.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!(" (stderr: {})", line.chars().take(200).collect::<String>()),
        None => String::new(),
    }
}

/// Counts of verdicts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub cases: u64,
    pub accepted: u64,
    pub wrong: u64,
    pub malformed: u64,
    pub timeouts: u64,
    pub crashes: u64,
}

impl Tally {
    fn add(&mut self, v: &Verdict) {
        self.cases += 1;
        match v {
            Verdict::Accepted => self.accepted += 1,
            Verdict::Wrong(_) => self.wrong += 1,
            Verdict::Malformed(_) => self.malformed += 1,
            Verdict::Timeout => self.timeouts += 1,
            Verdict::Crash(_) => self.crashes += 1,
        }
    }
}

/// The outcome of a judging run.
#[derive(Debug, Clone)]
pub struct JudgeSummary {
    pub tally: Tally,
    /// The first failure: its verdict and the path of the saved `.in`.
    pub failure: Option<(Verdict, PathBuf)>,
}

/// One judged case of a batch.
struct Judged<C> {
    index: u64,
    profile: String,
    seed: u64,
    case: C,
    verdict: Verdict,
}

/// Judges `opts.cases` generated cases; on the first failing chunk, shrinks the lowest-numbered
/// failure, saves it and stops.
pub fn run<G: Game>(opts: &JudgeOptions, out: &mut dyn Write) -> anyhow::Result<JudgeSummary> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let bar = report::progress_bar(opts.cases, opts.progress);
    let chunk = (opts.jobs.max(1) as u64 * 8).max(16);
    let mut tally = Tally::default();
    let mut next = 0;
    let mut first_failure = None;
    while next < opts.cases && first_failure.is_none() {
        let end = (next + chunk).min(opts.cases);
        let results: Vec<anyhow::Result<Judged<G::Case>>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|index| {
                    let profile = opts.profile.of::<G>(index).to_string();
                    let seed = case_seed(opts.seed, index);
                    let case = G::generate(&profile, seed);
                    let (verdict, _, _) = judge_case::<G>(&case, opts)?;
                    bar.inc(1);
                    Ok(Judged {
                        index,
                        profile,
                        seed,
                        case,
                        verdict,
                    })
                })
                .collect()
        });
        for r in results {
            let judged = r?;
            tally.add(&judged.verdict);
            if judged.verdict != Verdict::Accepted && first_failure.is_none() {
                first_failure = Some(judged);
            }
        }
        bar.set_message(format!("{} failed", tally.cases - tally.accepted));
        next = end;
    }
    bar.finish_and_clear();
    let mut failure = None;
    if let Some(Judged {
        index,
        profile,
        seed,
        case,
        verdict,
    }) = first_failure
    {
        let kind = verdict.kind();
        // Every candidate of a hanging program costs a whole time limit: shrink those for less long.
        let budget = if verdict == Verdict::Timeout {
            opts.shrink_budget.min(Duration::from_secs(30))
        } else {
            opts.shrink_budget
        };
        let shrunk = pool.install(|| {
            shrink::shrink::<G>(
                case.clone(),
                |c| {
                    judge_case::<G>(c, opts)
                        .map(|(v, _, _)| v.kind() == kind)
                        .unwrap_or(false)
                },
                budget,
            )
        });
        let (verdict, exec, expected) = judge_case::<G>(&shrunk.case, opts)?;
        let name = format!("{}-{}-{:016x}", G::NAME, profile, seed);
        let input = report::path_in(&opts.out_dir, &name, "in")
            .with_context(|| format!("cannot create {}", opts.out_dir.display()))?;
        std::fs::write(&input, G::write(&shrunk.case))
            .with_context(|| format!("cannot write {}", input.display()))?;
        std::fs::write(input.with_extension("ans"), &expected)
            .with_context(|| format!("cannot write the .ans beside {}", input.display()))?;
        // A flood is kept only in part: the first MiB shows what the program printed.
        let got = &exec.stdout[..exec.stdout.len().min(1 << 20)];
        std::fs::write(input.with_extension("got"), got)
            .with_context(|| format!("cannot write the .got beside {}", input.display()))?;
        writeln!(
            out,
            "case {index} (profile {profile}, seed {seed}): {}",
            verdict.describe()
        )?;
        writeln!(
            out,
            "shrunk from {} to {} in {} steps",
            G::size(&case),
            G::size(&shrunk.case),
            shrunk.steps
        )?;
        writeln!(
            out,
            "reproduce: harness gen --game {} --profile {profile} --seed {seed}",
            G::NAME
        )?;
        writeln!(out, "repro: {}", input.display())?;
        failure = Some((verdict, input));
    }
    let t = &tally;
    if t.malformed > 0 {
        writeln!(
            out,
            "({} of the wrong answers were malformed output)",
            t.malformed
        )?;
    }
    writeln!(
        out,
        "{}: {} cases, {} accepted, {} wrong, {} timeouts, {} crashes",
        G::NAME,
        t.cases,
        t.accepted,
        t.wrong + t.malformed,
        t.timeouts,
        t.crashes
    )?;
    Ok(JudgeSummary { tally, failure })
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
