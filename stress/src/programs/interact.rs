//! Interactive problems: the interactor (`interactor INPUT OUTPUT`) and the solution talk over
//! cross-connected pipes (the solution's standard output is the interactor's standard input and
//! the other way round); the interactor's exit status is the verdict (0 OK, 1 WA, 2 PE, 3 FAIL).
//!
//! Both are supervised as every other run is ([`supervise::execute_pair`]): each under its own
//! keeper, with the CPU-time, memory and wall-clock limits, and nothing either starts is left
//! running; when one side ends, the other has half a second to end too before it is stopped. A
//! fault of the program (a crash, a limit) is its verdict, a pair still waiting on each other at
//! the wall-clock guard a hang; otherwise the [`Interaction`]: the interactor's status (none if it
//! was stopped or hit a limit: its own failure), what it said, and what it wrote to OUTPUT. The brute force runs through the interactor too: what the interactor wrote
//! for it is the expected answer. The solution's interaction travels to the judge as its answer,
//! `interactor N`, what the interactor said, then OUTPUT ([`Interaction::answer`], [`verdict_of`]).

use crate::programs::program::Cmd;
use harness::roles::engine::Output;
use harness::roles::verdict::Fault;
use harness::roles::Judgement;
use supervise::{Ending, Execution, Limit, Limits, Program};

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
    pub fn answer<O>(&self) -> Output<O> {
        Output::Answer(self.text())
    }

    /// The text of [`Interaction::answer`]: `interactor N`, what the interactor said, then OUTPUT.
    pub fn text(&self) -> String {
        let code = self.code.map_or("killed".into(), |c| c.to_string());
        format!("interactor {code}\n{}\n{}", self.said, self.output)
    }
}

/// Runs `program` (the solution, or the brute force) against the interactor on `input`.
pub fn run(
    interactor: &Cmd,
    solution: &Cmd,
    input: &str,
    limits: &Limits,
) -> Result<Interaction, Fault> {
    let (sol, int, output) = pair(
        interactor,
        (&solution.program, solution.args()),
        input,
        limits,
    )?;
    verdict(sol, int, limits, output)
}

/// Runs `cmd` with `env` in its environment against the interactor on `input` ([`pair`]). A side
/// of an interaction takes no environment of its own, so the program is started by exec through
/// `env`.
pub fn pair_with_env(
    interactor: &Cmd,
    cmd: &Cmd,
    env: &[(String, String)],
    input: &str,
    limits: &Limits,
) -> Result<(Execution, Execution, String), Fault> {
    let words = std::iter::once("env".to_string())
        .chain(env.iter().map(|(k, v)| format!("{k}={v}")))
        .chain(cmd.program.exec.iter().cloned())
        .collect();
    pair(
        interactor,
        (&Program::exec(words), cmd.args()),
        input,
        limits,
    )
}

/// Runs `program` with its arguments against the interactor on `input` (both under `limits`): the
/// program's run, the interactor's, and what the interactor wrote to OUTPUT.
pub fn pair(
    interactor: &Cmd,
    (program, args): (&Program, &[String]),
    input: &str,
    limits: &Limits,
) -> Result<(Execution, Execution, String), Fault> {
    let input_path = crate::programs::program::scratch_path();
    let output_path = crate::programs::program::scratch_path();
    let result = (|| {
        std::fs::write(&input_path, input).map_err(|e| start_fault(e.into()))?;
        let mut judge = interactor.args().to_vec();
        judge.push(input_path.display().to_string());
        judge.push(output_path.display().to_string());
        let (sol, int) = supervise::run_pair(
            (program, args, limits),
            (&interactor.program, &judge, limits),
        )
        .map_err(start_fault)?;
        let output = std::fs::read_to_string(&output_path).unwrap_or_default();
        Ok((sol, int, output))
    })();
    let _ = std::fs::remove_file(&input_path);
    let _ = std::fs::remove_file(&output_path);
    result
}

/// The verdict of an interaction: the program's limits, a hang of the pair, the interactor's wrong
/// answer or presentation error, the program's own fault (a crash, a non-zero exit), or else what
/// the interactor said.
pub fn verdict(
    sol: Execution,
    int: Execution,
    limits: &Limits,
    output: String,
) -> Result<Interaction, Fault> {
    if sol.interrupted || int.interrupted {
        return Err(Fault::Interrupted);
    }
    if int.limit == Some(Limit::Wall) && sol.limit.is_none_or(|l| l == Limit::Wall) {
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        return Err(Fault::IdlenessLimit {
            limit_ms: ms(limits.cpu),
            wall_ms: ms(sol.wall.max(int.wall)),
            cpu_ms: ms(sol.cpu),
        });
    }
    if sol.limit.is_some() {
        // Every limit is a fault of the program.
        return match harness::programs::judge::classify::<String>(sol, limits) {
            Err(fault) => Err(fault),
            Ok(_) => Err(runtime("a limit".into())),
        };
    }
    let interactor_ended = matches!(int.ending, Ending::Exited(_));
    // The interactor's wrong answer (or presentation error) comes first, as testlib judges: the
    // solution's crash or exit status after it is only the echo of a closed pipe.
    let interactor_rejected = int.limit.is_none() && matches!(int.ending, Ending::Exited(1 | 2));
    match sol.ending {
        _ if interactor_rejected => {}
        Ending::Exited(0) => {}
        Ending::Exited(code) => return Err(runtime(format!("exit status {code}"))),
        // Stopped, or cut off, after the interactor had ended: the interactor's verdict stands.
        Ending::Killed | Ending::Signaled(libc::SIGPIPE) if interactor_ended => {}
        Ending::Killed => return Err(runtime("killed".into())),
        Ending::Signaled(sig) => return Err(runtime(format!("killed by signal {sig}"))),
    }
    let said = String::from_utf8_lossy(&int.stderr);
    let line = said
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string();
    Ok(Interaction {
        code: match int.ending {
            Ending::Exited(code) if int.limit.is_none() => Some(code),
            _ => None,
        },
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

/// What the interactor wrote to its OUTPUT file, from the answer [`Interaction::answer`] made.
pub fn written(answer: &str) -> &str {
    answer.splitn(3, '\n').nth(2).unwrap_or("")
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
            crate::programs::program::said_once(
                &or("the interactor says wrong answer"),
                "wrong answer",
            ),
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

    use crate::programs::program::tests::ended as exec;

    #[test]
    fn the_programs_limits_and_crashes_come_before_the_interactors_word() {
        let limits = Limits::from_cpu(std::time::Duration::from_secs(1)).with_memory(64 << 20);
        let judged = |sol, int| verdict(sol, int, &limits, "out".into());
        let said = exec(Ending::Exited(1), None, "read 3\nexpected 4\n");
        // Stopped after the interactor had ended: the interactor's verdict stands.
        let i = judged(exec(Ending::Killed, None, ""), said.clone()).unwrap();
        assert_eq!((i.code, i.said.as_str()), (Some(1), "expected 4"));
        let memory = exec(Ending::Killed, Some(Limit::Memory), "");
        let fault = judged(memory, said.clone()).unwrap_err();
        assert!(
            matches!(fault, Fault::MemoryLimit { limit_mb: 64 }),
            "{fault:?}"
        );
        // A crash after the interactor said wrong answer: the interactor's verdict, as testlib's.
        let crash = judged(
            exec(Ending::Signaled(libc::SIGSEGV), None, ""),
            said.clone(),
        );
        assert_eq!(crash.map(|i| i.code), Ok(Some(1)));
        let exited = judged(exec(Ending::Exited(1), None, ""), said.clone());
        assert_eq!(exited.map(|i| i.code), Ok(Some(1)));
        // A crash where the interactor accepted: the program's runtime error.
        let crash = judged(
            exec(Ending::Signaled(libc::SIGSEGV), None, ""),
            exec(Ending::Exited(0), None, ""),
        );
        assert!(
            matches!(crash, Err(Fault::RuntimeError { .. })),
            "{crash:?}"
        );
        let waiting = exec(Ending::Killed, Some(Limit::Wall), "");
        let hang = judged(waiting.clone(), waiting.clone()).unwrap_err();
        assert!(matches!(hang, Fault::IdlenessLimit { .. }), "{hang:?}");
        // The interactor over its own limit has no status: its own failure.
        let i = judged(
            exec(Ending::Exited(0), None, ""),
            exec(Ending::Killed, Some(Limit::Cpu), ""),
        );
        assert_eq!(i.unwrap().code, None);
    }
}
