//! Re-running saved cases: each file through both engines, and against its expected answer
//! (`.out` or `.ans` beside it) when there is one. The replay of the saved cases
//! (`run::saved`) runs every saved case through [`check_saved`]: the saved cases `diff`
//! and `judge` replay first, and the files of `harness replay`, each of which gets a
//! [`FileVerdict`] (its line, its JSON entry) and, with `--html`, its page, drawn from the
//! outcomes of that one run.

use crate::render::corpus::expected_beside;
use crate::render::report;
use crate::roles::game::Game;
use crate::roles::oracle::{bounded, Checked, Pair, Phase, Pictured};
use crate::roles::verdict::Fault;
use crate::roles::verdict::Names;
use crate::roles::verdict::Side;
use crate::roles::verdict::{Failure, Verdict};
use crate::run::record::headline;
use crate::run::summary::{FileVerdict, ReplayVerdict};
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

/// The wall-clock limit of a saved case, from the case.
pub(crate) type CaseLimit<'a, C> = &'a dyn Fn(&C) -> Duration;

/// What a saved case showed.
#[derive(Debug)]
pub enum Saved {
    /// Both engines agree (and agree with the expected answer beside it, when there is one:
    /// `checked_expected`).
    Passes { checked_expected: bool },
    /// It still fails: how.
    Fails(Box<Failure>),
    /// The engines agree with each other but not with the expected answer beside it.
    Unexpected(Box<Failure>),
    /// An interrupt of the harness stopped an engine: no verdict.
    Interrupted,
}

/// A saved case run through a pair: the case, what the engines made of it, and the verdict.
pub struct SavedRun<G: Game> {
    pub(crate) case: G::Case,
    /// The engines' traced outcomes, when they gave them (none after a time limit).
    pub(crate) outcomes: Pictured<G::Outcome>,
    pub saved: Saved,
}

impl<G: Game> SavedRun<G> {
    /// The failure, when the case fails.
    pub fn failure(&self) -> Option<&Failure> {
        match &self.saved {
            Saved::Passes { .. } | Saved::Interrupted => None,
            Saved::Fails(f) | Saved::Unexpected(f) => Some(f),
        }
    }
}

/// Reads and parses a saved case; `Err` says why the file is not a case of `G`.
pub(crate) fn read_case<G: Game>(path: &Path) -> Result<G::Case, String> {
    if path.is_dir() {
        return Err(format!(
            "a folder, not a case: give its cases ({}/*.in)",
            path.display()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    G::parse(&bytes).map_err(|e| e.to_string())
}

/// Replays one saved case through `pair`, and checks the trusted engine's answer against the
/// `.out`/`.ans` beside it; `Err` says why the file is not a case of `G`. With `limit` the check
/// runs on a thread of its own and a run past `limit(case)` of wall-clock time is a time-limit
/// failure of the engine that was running (for two in-process engines, which cannot be stopped
/// from outside: the thread is left behind).
pub fn check_saved<G: Game>(
    path: &Path,
    pair: &Pair<G>,
    limit: Option<CaseLimit<'_, G::Case>>,
) -> Result<SavedRun<G>, String> {
    let case = read_case::<G>(path)?;
    let checked = match limit {
        None => pair.check(&case),
        Some(limit) => match check_bounded(pair, &case, limit(&case)) {
            Ok(checked) => checked,
            Err(failure) => {
                return Ok(SavedRun {
                    case,
                    outcomes: Pictured::default(),
                    saved: Saved::Fails(failure),
                })
            }
        },
    };
    let saved = verdict::<G>(path, &case, &checked);
    let outcomes = Pictured {
        a: checked.a,
        b: checked.b,
    };
    Ok(SavedRun {
        case,
        outcomes,
        saved,
    })
}

/// Checks `case` on a thread of its own; `Err` is the time-limit failure of the engine that was
/// still running after `limit`.
fn check_bounded<G: Game>(
    pair: &Pair<G>,
    case: &G::Case,
    limit: Duration,
) -> Result<Checked<G::Outcome>, Box<Failure>> {
    let phase = Arc::new(AtomicU8::new(0));
    let (p, c, seen) = (pair.clone(), case.clone(), Arc::clone(&phase));
    let run = move || {
        p.check_phased(&c, &mut |ph| {
            let code = match ph {
                Phase::B => 1,
                Phase::Comparing => 2,
                _ => 0,
            };
            seen.store(code, Relaxed);
        })
    };
    bounded(limit, run).ok_or_else(|| {
        let (side, engine) = match phase.load(Relaxed) {
            1 => (Side::UnderTest, pair.b.name()),
            2 => (Side::Harness, "comparison"),
            _ => (Side::Trusted, pair.a.name()),
        };
        let fault = Fault::TimeLimit {
            limit_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
            what: "wall-clock time, in process, replaying a saved case".into(),
        };
        Box::new(Failure::fault(side, engine, &fault))
    })
}

/// The verdict of a checked saved case: its failure, or the trusted answer judged against the
/// expected answer beside the file.
fn verdict<G: Game>(path: &Path, case: &G::Case, checked: &Checked<G::Outcome>) -> Saved {
    match &checked.verdict {
        Verdict::Fails(f) => return Saved::Fails(f.clone()),
        Verdict::Interrupted(_) => return Saved::Interrupted,
        Verdict::Agree => {}
    }
    let (Some(trusted), Some(want)) = (&checked.a, expected_beside(path)) else {
        return Saved::Passes {
            checked_expected: false,
        };
    };
    // Judged as if the file were a program's answer: "expected" is the engines', "got" the file's.
    match G::judge(case, trusted, &want) {
        Ok(()) => Saved::Passes {
            checked_expected: true,
        },
        Err(why) => Saved::Unexpected(Box::new(Failure::unexpected(&why, want))),
    }
}

/// How a failure reads under its file's verdict line: the first difference, or what happened.
fn detail(f: &Failure, names: Names<'_>, colour: bool) -> String {
    match &f.divergence {
        Some(d) => report::divergence(d, names, colour),
        None => format!("{}\n", f.what),
    }
}

/// The verdict of saved file `path` of game `G`, from its run (`Err`: not a case of `G`).
pub(crate) fn file_verdict<G: Game>(
    path: &Path,
    run: &Result<SavedRun<G>, String>,
    names: Names<'_>,
) -> FileVerdict {
    let mut v = FileVerdict {
        file: path.to_path_buf(),
        game: G::NAME.to_string(),
        verdict: ReplayVerdict::Ok,
        answer: None,
        checked_expected: None,
        kind: None,
        detail: None,
    };
    match run.as_ref().map(|r| (&r.saved, r)) {
        Err(why) => (v.verdict, v.detail) = (ReplayVerdict::BadInput, Some(why.clone())),
        Ok((Saved::Passes { checked_expected }, r)) => {
            v.answer = r.outcomes.a.as_ref().map(G::answer);
            v.checked_expected = Some(*checked_expected);
        }
        Ok((Saved::Fails(f), _)) => {
            (v.verdict, v.kind) = (ReplayVerdict::Mismatch, Some(f.kind));
            v.detail = Some(detail(f, names, false));
        }
        Ok((Saved::Unexpected(f), _)) => {
            (v.verdict, v.detail) = (ReplayVerdict::Unexpected, Some(f.what.clone()));
        }
        Ok((Saved::Interrupted, _)) => v.verdict = ReplayVerdict::Interrupted,
    }
    v
}

/// The verdict line of a file (more lines for a difference): `FILE: ok, A and B answer 11692, as
/// expected`, `FILE: MISMATCH` and the first difference, `FILE: WRONG: ...`, `FILE: bad input:
/// ...`. `failure` is the file's failure, drawn in colour with `colour`.
pub(crate) fn verdict_text(
    v: &FileVerdict,
    failure: Option<&Failure>,
    names: Names<'_>,
    colour: bool,
) -> String {
    let file = v.file.display();
    let none = String::new();
    let said = v.detail.as_ref().unwrap_or(&none);
    match v.verdict {
        ReplayVerdict::Ok => {
            let agree = match &v.answer {
                Some(answer) => {
                    // At most the first line's first 60 characters: an answer of 200,000
                    // numbers is not a verdict line.
                    let first = answer.lines().next().unwrap_or("(empty)");
                    let cut = first.char_indices().nth(60).map(|(i, _)| i);
                    let shown = &first[..cut.unwrap_or(first.len())];
                    let more = if cut.is_some() || answer.lines().count() > 1 {
                        " ..."
                    } else {
                        ""
                    };
                    format!("answer {shown}{more}")
                }
                None => "agree".into(),
            };
            let note = if v.checked_expected == Some(true) {
                ", as expected"
            } else {
                ""
            };
            format!("{file}: ok, {} and {} {agree}{note}\n", names.a, names.b)
        }
        ReplayVerdict::Mismatch => match failure {
            Some(f) => format!(
                "{file}: {}\n{}",
                headline(f, false),
                detail(f, names, colour)
            ),
            None => format!("{file}: MISMATCH\n{said}"),
        },
        ReplayVerdict::Unexpected => format!("{file}: WRONG: {said}\n"),
        ReplayVerdict::BadInput => format!("{file}: bad input: {said}\n"),
        ReplayVerdict::Interrupted => format!("{file}: interrupted, no verdict\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::summary::{FileVerdict, ReplayVerdict};

    fn ok_line(answer: &str) -> String {
        let v = FileVerdict {
            file: "case.in".into(),
            game: "g".into(),
            verdict: ReplayVerdict::Ok,
            answer: Some(answer.into()),
            checked_expected: None,
            kind: None,
            detail: None,
        };
        let names = Names {
            a: "reference",
            b: "solution",
        };
        verdict_text(&v, None, names, false)
    }

    #[test]
    fn an_ok_line_shows_at_most_the_start_of_a_long_answer() {
        assert_eq!(
            ok_line("42\n"),
            "case.in: ok, reference and solution answer 42\n"
        );
        assert_eq!(
            ok_line("1\n2\n"),
            "case.in: ok, reference and solution answer 1 ...\n"
        );
        let long = vec!["7"; 200_000].join(" ");
        let line = ok_line(&long);
        assert!(line.len() < 120, "{line}");
        assert!(line.ends_with(" ...\n"), "{line}");
    }
}
