//! Interactive problems: the interactor (`interactor INPUT OUTPUT`) and the solution talk over
//! cross-connected pipes (the solution's standard output is the interactor's standard input and
//! the other way round); the interactor's exit status is the verdict (0 OK, 1 WA, 2 PE, 3 FAIL).
//!
//! Both run in process groups of their own, under the CPU-time limit (`RLIMIT_CPU`, the limit
//! rounded up to whole seconds) and the wall-clock guard; when either ends, or the guard passes,
//! both groups are killed, so nothing is left running. A fault of the program (a crash, a limit)
//! is its verdict; otherwise the [`Interaction`]: the interactor's status, what it said, and what
//! it wrote to OUTPUT. The brute force runs through the interactor too: what the interactor wrote
//! for it is the expected answer. The solution's interaction travels to the judge as its answer,
//! `interactor N`, what the interactor said, then OUTPUT ([`Interaction::answer`], [`verdict_of`]).

use crate::kind::Answer;
use crate::program::Cmd;
use harness::roles::engine::Output;
use harness::roles::verdict::Fault;
use harness::roles::Judgement;
use std::io::Read as _;
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use supervise::Limits;

/// What an interaction ended with, when the program did not fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interaction {
    /// The interactor's exit status (`None`: killed).
    pub code: Option<i32>,
    /// The last line of the interactor's standard error.
    pub said: String,
    /// What the interactor wrote to OUTPUT.
    pub output: String,
}

impl Interaction {
    /// The interaction as a solution's answer, for the judge ([`verdict_of`]).
    pub fn answer(&self) -> Output<Answer> {
        let code = self.code.map_or("killed".into(), |c| c.to_string());
        Output::Answer(format!("interactor {code}\n{}\n{}", self.said, self.output))
    }
}

/// Runs `program` (the solution, or the brute force) against the interactor on `input`.
pub fn run(
    interactor: &Cmd,
    solution: &Cmd,
    input: &str,
    limits: &Limits,
) -> Result<Interaction, Fault> {
    let input_path = crate::program::scratch_path();
    let output_path = crate::program::scratch_path();
    let result = (|| {
        std::fs::write(&input_path, input).map_err(|e| start_fault(e.into()))?;
        let mut sol = spawn(solution, &[], Stdio::piped(), Stdio::piped(), limits)?;
        let (to_sol, from_sol) = match (sol.stdin.take(), sol.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(start_fault(anyhow::anyhow!("no pipes to the solution"))),
        };
        let args = [
            input_path.display().to_string(),
            output_path.display().to_string(),
        ];
        let mut int = match spawn(interactor, &args, from_sol.into(), to_sol.into(), limits) {
            Ok(c) => c,
            Err(f) => {
                kill(&mut sol);
                return Err(f);
            }
        };
        let said = int.stderr.take().map(|mut e| {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = e.read_to_string(&mut text);
                text
            })
        });
        let (sol_status, int_status, hung) = wait_both(&mut sol, &mut int, limits.wall);
        let said = said.and_then(|h| h.join().ok()).unwrap_or_default();
        let output = std::fs::read_to_string(&output_path).unwrap_or_default();
        verdict(sol_status, int_status, hung, &said, limits, output)
    })();
    let _ = std::fs::remove_file(&input_path);
    let _ = std::fs::remove_file(&output_path);
    result
}

/// Starts one side in a process group of its own, with its CPU-time limit.
fn spawn(
    cmd: &Cmd,
    extra: &[String],
    stdin: Stdio,
    stdout: Stdio,
    limits: &Limits,
) -> Result<Child, Fault> {
    let (program, args) = cmd
        .argv
        .split_first()
        .ok_or_else(|| start_fault(anyhow::anyhow!("an empty command")))?;
    let secs = limits.cpu.as_secs() + u64::from(limits.cpu.subsec_nanos() > 0);
    let mut c = Command::new(program);
    c.args(args)
        .args(extra)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: setrlimit is async-signal-safe and allocates nothing.
    unsafe {
        c.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: secs as libc::rlim_t,
                rlim_max: (secs + 1) as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &lim);
            Ok(())
        });
    }
    c.spawn()
        .map_err(|e| start_fault(anyhow::anyhow!("cannot start `{program}`: {e}")))
}

/// Waits for both sides until `wall`; kills both groups when one is done and the other lingers
/// past a short grace, or at the guard. Returns both statuses and whether the guard struck.
fn wait_both(
    sol: &mut Child,
    int: &mut Child,
    wall: Duration,
) -> (Option<ExitStatus>, Option<ExitStatus>, bool) {
    let start = Instant::now();
    let (mut a, mut b) = (None, None);
    let mut hung = false;
    let mut one_done: Option<Instant> = None;
    while a.is_none() || b.is_none() {
        if a.is_none() {
            a = sol.try_wait().ok().flatten();
        }
        if b.is_none() {
            b = int.try_wait().ok().flatten();
        }
        if (a.is_some() || b.is_some()) && one_done.is_none() {
            one_done = Some(Instant::now());
        }
        let lingering = one_done.is_some_and(|t| t.elapsed() > Duration::from_millis(500));
        if start.elapsed() > wall || lingering {
            hung = start.elapsed() > wall;
            kill(sol);
            kill(int);
            a = a.or_else(|| sol.wait().ok());
            b = b.or_else(|| int.wait().ok());
            break;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    kill(sol);
    kill(int);
    (a, b, hung)
}

/// Kills a side's whole process group.
fn kill(c: &mut Child) {
    let pgid = c.id() as libc::pid_t;
    // SAFETY: kill(2) touches no memory.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
}

/// The verdict of an interaction.
fn verdict(
    sol: Option<ExitStatus>,
    int: Option<ExitStatus>,
    hung: bool,
    said: &str,
    limits: &Limits,
    output: String,
) -> Result<Interaction, Fault> {
    let limit_ms = u64::try_from(limits.cpu.as_millis()).unwrap_or(u64::MAX);
    if hung {
        return Err(Fault::TimeLimit {
            limit_ms,
            what: "hung: the interaction was still going at the wall-clock guard".into(),
        });
    }
    if let Some(sig) = sol.and_then(|s| s.signal()) {
        let interactor_ended = int.is_some_and(|i| i.code().is_some());
        match sig {
            libc::SIGXCPU => {
                let what = "CPU time".to_string();
                return Err(Fault::TimeLimit { limit_ms, what });
            }
            // Stopped after the interactor had ended: the interactor's verdict stands.
            libc::SIGKILL | libc::SIGPIPE if interactor_ended => {}
            _ => return Err(runtime(format!("killed by signal {sig}"))),
        }
    }
    if let Some(code) = sol.and_then(|s| s.code()).filter(|&c| c != 0) {
        return Err(runtime(format!("exit status {code}")));
    }
    let line = said
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string();
    Ok(Interaction {
        code: int.and_then(|s| s.code()),
        said: line,
        output,
    })
}

fn runtime(status: String) -> Fault {
    Fault::RuntimeError {
        status,
        stderr: None,
        output: String::new(),
    }
}

fn start_fault(e: anyhow::Error) -> Fault {
    runtime(format!("{e:#}"))
}

/// The judge's verdict from the answer [`run`] gave: the interactor's status in testlib's codes.
pub fn verdict_of(answer: &str) -> Judgement {
    let mut lines = answer.lines();
    let code = lines.next().and_then(|l| l.strip_prefix("interactor "));
    let said = lines.next().unwrap_or("").trim().to_string();
    let or = |default: &str| {
        if said.is_empty() {
            default.to_string()
        } else {
            said.clone()
        }
    };
    match code {
        Some("0") => Judgement::Accepted,
        Some("1") => Judgement::WrongAnswer(harness::roles::difference::Differs::with_kind(
            "wrong answer",
            crate::program::said_once(&or("the interactor says wrong answer"), "wrong answer"),
        )),
        Some("2") => Judgement::PresentationError(or("the interactor says presentation error")),
        Some(other) => {
            Judgement::JudgeFailed(format!("the interactor ended with {other}: {}", or("")))
        }
        None => Judgement::JudgeFailed("no verdict from the interactor".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interactors_status_is_the_verdict() {
        assert_eq!(verdict_of("interactor 0\n\n"), Judgement::Accepted);
        assert_eq!(
            verdict_of("interactor 1\nexpected 3\n"),
            Judgement::WrongAnswer(harness::roles::difference::Differs::with_kind(
                "wrong answer",
                "expected 3".into()
            ))
        );
        assert!(matches!(
            verdict_of("interactor 2\n\n"),
            Judgement::PresentationError(_)
        ));
        assert!(matches!(
            verdict_of("interactor 3\nbad\n"),
            Judgement::JudgeFailed(_)
        ));
        assert!(matches!(verdict_of("garbage"), Judgement::JudgeFailed(_)));
    }
}
