//! The problem's programs as the pipeline's engines and judge: the reference (the brute force)
//! gives the expected answer, the solution is the engine under test (talking to the interactor when
//! there is one), and the checker judges the solution's output with testlib's exit codes. Each
//! engine holds the installed problem; a run pairs them ([`pair`]).

use crate::game::case::{Case, Installed};
use crate::game::kind::{Answer, Stress};
use crate::programs::program::{ending, said_once, scratch_path, stderr_tail};
use harness::roles::difference::Differs;
use harness::roles::engine::{Engine, Output};
use harness::roles::oracle::Pair;
use harness::roles::verdict::Fault;
use harness::roles::Judgement;
use std::sync::Arc;
use supervise::{Ending, Execution};

/// The brute force: its output is the expected answer.
pub struct Reference {
    installed: Arc<Installed>,
}

/// The program under test.
pub struct Solution {
    installed: Arc<Installed>,
}

impl Reference {
    /// The brute force of the installed problem.
    pub fn new(installed: &Arc<Installed>) -> Self {
        Reference {
            installed: Arc::clone(installed),
        }
    }
}

impl Solution {
    /// The solution of the installed problem.
    pub fn new(installed: &Arc<Installed>) -> Self {
        Solution {
            installed: Arc::clone(installed),
        }
    }
}

/// The engines of a run: the brute force trusted, the solution under test.
pub fn pair(installed: &Arc<Installed>) -> Pair<Stress> {
    Pair::new(
        Arc::new(Reference::new(installed)),
        Arc::new(Solution::new(installed)),
    )
}

/// An engine of the game's static table ([`harness::roles::game::Game::reference`] and
/// [`harness::roles::game::Game::optimized`] build engines with no problem at hand): no verdict on
/// any case, as an engine with no problem installed gave before. A run of the plug-in builds its
/// own engines from its problem ([`pair`]).
pub struct Unbound(pub &'static str);

impl Engine<Stress> for Unbound {
    fn name(&self) -> &str {
        self.0
    }
    fn isolated(&self) -> bool {
        true
    }
    fn run(&self, _case: &Case, _trace: bool) -> Result<Output<Answer>, Fault> {
        Err(Fault::Interrupted)
    }
}

/// The input of a case, bound first to the engine's problem when it has none (a saved case), or
/// no verdict when it cannot be made (a rejected shrink candidate, or a fresh case the problem
/// failed on: [`Installed::fail`] stops the batch).
fn input_of<'c>(case: &'c Case, installed: &Arc<Installed>) -> Result<&'c str, Fault> {
    case.bind(installed);
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
        let input = input_of(case, &self.installed)?;
        let p = &self.installed.problem;
        let limits = p.limits();
        if let Some(interactor) = &p.interactor {
            // The brute force through the interactor: what the interactor wrote is the answer.
            let i = crate::programs::interact::run(interactor, &p.reference, input, &limits)?;
            return match i.code {
                Some(0) => {
                    let sanitized = p.sanitized.reference.as_ref();
                    crate::game::sanitized::checked_interactive(
                        sanitized, interactor, input, &limits,
                    )?;
                    Ok(Output::Outcome(Answer(i.output)))
                }
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
        let answer = match harness::programs::judge::classify::<Answer>(exec, &limits)? {
            Output::Answer(text) => Answer(text),
            Output::Outcome(o) => o,
        };
        crate::game::sanitized::checked(p.sanitized.reference.as_ref(), input.as_bytes(), &limits)?;
        Ok(Output::Outcome(answer))
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
        let input = input_of(case, &self.installed)?;
        let p = &self.installed.problem;
        let limits = p.limits();
        if let Some(interactor) = &p.interactor {
            let interaction =
                crate::programs::interact::run(interactor, &p.solution, input, &limits)?;
            let sanitized = p.sanitized.solution.as_ref();
            crate::game::sanitized::checked_interactive(sanitized, interactor, input, &limits)?;
            return Ok(interaction.answer());
        }
        let exec = p
            .solution
            .run(&[], input.as_bytes(), &crate::game::slow::measured(&limits))
            .map_err(start_fault)?;
        let output = crate::game::slow::judged(exec, &limits, case.shrinking())?;
        crate::game::sanitized::checked(p.sanitized.solution.as_ref(), input.as_bytes(), &limits)?;
        Ok(output)
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

/// Judges `output` against the expected `answer` with the checker of the case's problem, or token
/// by token without one.
pub fn judge(case: &Case, answer: &str, output: &str) -> Judgement {
    let Some(installed) = case.installed() else {
        return Judgement::JudgeFailed("no problem is installed".into());
    };
    let p = &installed.problem;
    let mut output = output;
    if p.interactor.is_some() {
        // The interactor's exit status, carried as the solution's answer, comes first; then, as
        // Polygon judges, the checker judges what the interactor wrote against the reference's.
        let verdict = crate::programs::interact::verdict_of(output);
        if verdict != Judgement::Accepted || p.checker.is_none() {
            return verdict;
        }
        output = crate::programs::interact::written(output);
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
    use crate::programs::program::tests::ended as exec;
    use supervise::Limit;

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
