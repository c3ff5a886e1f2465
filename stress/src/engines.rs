//! The problem's programs as the pipeline's engines and judge: the reference (the brute force)
//! gives the expected answer, the solution is the engine under test (talking to the interactor when
//! there is one), and the checker judges the solution's output with testlib's exit codes.

use crate::case::Case;
use crate::kind::{Answer, Stress};
use crate::problem;
use crate::program::{ending, said_once, scratch_path, stderr_tail};
use harness::roles::difference::Differs;
use harness::roles::engine::{Engine, Output};
use harness::roles::verdict::Fault;
use harness::roles::Judgement;
use supervise::{Ending, Execution};

/// The brute force: its output is the expected answer.
pub struct Reference;

/// The program under test.
pub struct Solution;

/// The input of a case, or no verdict when it cannot be made (a rejected shrink candidate, or a
/// fresh case the problem failed on: [`crate::problem::fail`] stops the batch).
fn input_of(case: &Case) -> Result<&str, Fault> {
    case.input().map_err(|_| Fault::Interrupted)
}

impl Engine<Stress> for Reference {
    fn name(&self) -> &str {
        "reference"
    }
    fn isolated(&self) -> bool {
        true
    }
    fn run(&self, case: &Case, _trace: bool) -> Result<Output<Answer>, Fault> {
        let input = input_of(case)?;
        let installed = problem::get().ok_or(Fault::Interrupted)?;
        let p = &installed.problem;
        let limits = p.limits();
        if let Some(interactor) = &p.interactor {
            // The brute force through the interactor: what the interactor wrote is the answer.
            let i = crate::interact::run(interactor, &p.reference, input, &limits)?;
            return match i.code {
                Some(0) => Ok(Output::Outcome(Answer(i.output))),
                code => Err(Fault::RuntimeError {
                    status: format!("rejected by the interactor (status {code:?}): {}", i.said),
                    stderr: None,
                    output: i.output,
                }),
            };
        }
        let exec = p
            .reference
            .run(&[], input.as_bytes(), &limits)
            .map_err(start_fault)?;
        match harness::programs::judge::classify::<Answer>(exec, &limits)? {
            Output::Answer(text) => Ok(Output::Outcome(Answer(text))),
            Output::Outcome(o) => Ok(Output::Outcome(o)),
        }
    }
}

impl Engine<Stress> for Solution {
    fn name(&self) -> &str {
        "solution"
    }
    fn traces(&self) -> bool {
        false
    }
    fn isolated(&self) -> bool {
        true
    }
    fn run(&self, case: &Case, _trace: bool) -> Result<Output<Answer>, Fault> {
        let input = input_of(case)?;
        let installed = problem::get().ok_or(Fault::Interrupted)?;
        let p = &installed.problem;
        let limits = p.limits();
        if let Some(interactor) = &p.interactor {
            return crate::interact::run(interactor, &p.solution, input, &limits)
                .map(|i| i.answer());
        }
        let exec = p
            .solution
            .run(&[], input.as_bytes(), &limits)
            .map_err(start_fault)?;
        harness::programs::judge::classify(exec, &limits)
    }
}

/// A program that could not be started at all.
fn start_fault(e: anyhow::Error) -> Fault {
    Fault::RuntimeError {
        status: format!("{e:#}"),
        stderr: None,
        output: String::new(),
    }
}

/// Judges `output` against the expected `answer` with the problem's checker, or token by token
/// without one.
pub fn judge(case: &Case, answer: &str, output: &str) -> Judgement {
    let Some(installed) = problem::get() else {
        return Judgement::JudgeFailed("no problem is installed".into());
    };
    let p = &installed.problem;
    if p.interactor.is_some() {
        // The interactor's exit status, carried as the solution's answer.
        return crate::interact::verdict_of(output);
    }
    let Some(checker) = &p.checker else {
        return match harness::roles::difference::compare_tokens(answer, output) {
            Ok(()) => Judgement::Accepted,
            Err(why) => Judgement::WrongAnswer(why.into()),
        };
    };
    let Ok(input) = case.input() else {
        return Judgement::JudgeFailed("the case's input cannot be made".into());
    };
    let files = [scratch_path(), scratch_path(), scratch_path()];
    let written = files
        .iter()
        .zip([input, output, answer])
        .try_for_each(|(path, text)| std::fs::write(path, text));
    let verdict = match written {
        Err(e) => Judgement::JudgeFailed(format!("cannot write the checker's files: {e}")),
        Ok(()) => {
            let args: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            match checker.run(&args, b"", &p.limits()) {
                Err(e) => Judgement::JudgeFailed(format!("the checker cannot run: {e:#}")),
                Ok(e) => checker_verdict(&checker.spec, &e),
            }
        }
    };
    for f in &files {
        let _ = std::fs::remove_file(f);
    }
    verdict
}

/// A checker's (or an interactor's) exit status as a verdict: 0 OK, 1 WA, 2 PE, anything else
/// (3, a signal, a limit) its own failure.
pub fn checker_verdict(spec: &str, e: &Execution) -> Judgement {
    let said = || {
        let text = String::from_utf8_lossy(&e.stderr);
        let line = text.lines().rev().find(|l| !l.trim().is_empty());
        line.map(|l| l.chars().take(200).collect::<String>())
    };
    match (e.limit, e.ending) {
        (None, Ending::Exited(0)) => Judgement::Accepted,
        (None, Ending::Exited(1)) => {
            let why = said().map(|s| said_once(&s, "wrong answer"));
            let why = why.unwrap_or_else(|| "the checker says wrong answer".into());
            Judgement::WrongAnswer(Differs::with_kind("wrong answer", why))
        }
        (None, Ending::Exited(2)) => Judgement::PresentationError(
            said().unwrap_or_else(|| "the checker says presentation error".into()),
        ),
        _ => Judgement::JudgeFailed(format!("`{spec}` {}{}", ending(e), stderr_tail(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use supervise::Limit;

    fn exec(ending: Ending, limit: Option<Limit>, stderr: &str) -> Execution {
        Execution {
            stdout: Vec::new(),
            flooded: false,
            stderr: stderr.as_bytes().to_vec(),
            ending,
            limit,
            interrupted: false,
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory: None,
        }
    }

    #[test]
    fn a_checkers_exit_status_is_its_verdict_and_3_its_own_failure() {
        let v = |code, limit, err| checker_verdict("chk", &exec(Ending::Exited(code), limit, err));
        assert_eq!(v(0, None, ""), Judgement::Accepted);
        assert_eq!(
            v(1, None, "wrong answer expected 5, found 6\n"),
            Judgement::WrongAnswer(Differs::with_kind(
                "wrong answer",
                "expected 5, found 6".into()
            ))
        );
        assert_eq!(
            v(2, None, "no number\n"),
            Judgement::PresentationError("no number".into())
        );
        assert!(
            matches!(v(3, None, "fail"), Judgement::JudgeFailed(w) if w.contains("exit status 3"))
        );
        assert!(matches!(
            v(0, Some(Limit::Cpu), ""),
            Judgement::JudgeFailed(_)
        ));
        let killed = checker_verdict("chk", &exec(Ending::Signaled(11), None, ""));
        assert!(matches!(killed, Judgement::JudgeFailed(w) if w.contains("signal 11")));
    }
}
