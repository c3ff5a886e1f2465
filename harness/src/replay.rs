//! Re-running saved cases: each file through both engines, and against its expected answer
//! (`.out` or `.ans` beside it) when there is one.

use crate::corpus::expected_beside;
use crate::engine::Fault;
use crate::game::Game;
use crate::oracle::{bounded, Failure, Pair, Phase, Verdict};
use crate::report;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

/// The wall-clock limit of a saved case, from the case.
pub type CaseLimit<'a, C> = &'a dyn Fn(&C) -> Duration;

/// A saved case replayed before a batch (`diff` and `judge` replay their saved cases first).
#[derive(Debug)]
pub enum Saved<C> {
    /// Both engines agree (and agree with the expected answer beside it, when there is one).
    Passes,
    /// It still fails: the case and how.
    Fails(Box<(C, Failure)>),
    /// The engines agree with each other but not with the expected answer beside it.
    Unexpected(Box<(C, Failure)>),
    /// The file cannot be read, or is not a case of the game.
    NotACase(String),
    /// An interrupt of the harness stopped an engine: no verdict.
    Interrupted,
}

/// Replays one saved case through `pair`, and checks the trusted engine's answer against the
/// `.out`/`.ans` beside it. With `limit` the check runs on a thread of its own and a run past
/// `limit(case)` of wall-clock time is a time-limit failure of the engine that was running (for two
/// in-process engines, which cannot be stopped from outside: the thread is left behind).
pub fn check_saved<G: Game>(
    path: &Path,
    pair: &Pair<G>,
    limit: Option<CaseLimit<'_, G::Case>>,
) -> Saved<G::Case> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Saved::NotACase(format!("cannot read: {e}")),
    };
    let case = match G::parse(&bytes) {
        Ok(c) => c,
        Err(e) => return Saved::NotACase(e.to_string()),
    };
    let checked = match limit {
        None => pair.check(&case),
        Some(limit) => {
            let limit = limit(&case);
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
            match bounded(limit, run) {
                Some(checked) => checked,
                None => {
                    let engine = match phase.load(Relaxed) {
                        1 => pair.b.name(),
                        2 => "comparison",
                        _ => pair.a.name(),
                    };
                    let fault = Fault::TimeLimit {
                        limit_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
                        what: "wall-clock time, in process, replaying a saved case".into(),
                    };
                    let failure = Failure::fault(engine, &fault);
                    return Saved::Fails(Box::new((case, failure)));
                }
            }
        }
    };
    match checked.verdict {
        Verdict::Fails(f) => return Saved::Fails(Box::new((case, *f))),
        Verdict::Interrupted(_) => return Saved::Interrupted,
        Verdict::Agree => {}
    }
    if let (Some(trusted), Some(want)) = (&checked.a, expected_beside(path)) {
        // Judged as if the file were a program's answer: "expected" is the engines', "got" the file's.
        if let Err(why) = G::judge(&case, trusted, &want) {
            let what = format!(
                "the engines agree but not with the expected answer beside the case \
                 (expected: the engines' answer; got: the file's): {why}"
            );
            let failure = Failure::mismatch(what, None, Some(want), None);
            return Saved::Unexpected(Box::new((case, failure)));
        }
    }
    Saved::Passes
}

/// The verdict for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay {
    /// Both engines agree (and match the expected answer when there is one).
    Ok {
        answer: String,
        checked_expected: bool,
    },
    /// The engines disagree.
    Mismatch(String),
    /// The engines agree with each other but not with the expected answer.
    Unexpected(String),
    /// The file does not parse (or cannot be read).
    BadInput(String),
}

/// Replays one case file through a pair of engines.
pub fn replay_file<G: Game>(path: &Path, pair: &Pair<G>, colour: bool) -> Replay {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Replay::BadInput(format!("cannot read: {e}")),
    };
    let case = match G::parse(&bytes) {
        Ok(c) => c,
        Err(e) => return Replay::BadInput(e.to_string()),
    };
    let checked = pair.check(&case);
    match checked.verdict {
        Verdict::Fails(f) => {
            return Replay::Mismatch(match &f.divergence {
                Some(d) => report::divergence(d, pair.names(), colour),
                None => format!("{}\n", f.what),
            })
        }
        Verdict::Interrupted(engine) => return Replay::Mismatch(format!("{engine} interrupted\n")),
        Verdict::Agree => {}
    }
    let Some(trusted) = checked.a else {
        return Replay::BadInput(format!(
            "{} gives no outcome to replay against",
            pair.a.name()
        ));
    };
    let answer = G::answer(&trusted);
    match expected_beside(path) {
        Some(want) => match G::judge(&case, &trusted, &want) {
            Ok(()) => Replay::Ok {
                answer,
                checked_expected: true,
            },
            Err(why) => Replay::Unexpected(format!(
                "the engines agree but differ from the expected answer: {why}"
            )),
        },
        None => Replay::Ok {
            answer,
            checked_expected: false,
        },
    }
}

/// Replays files, printing a verdict line per file; returns the exit status (0 all fine, 1 a
/// mismatch or unexpected answer, 2 a bad input) and the verdicts as JSON values.
pub fn run<G: Game>(
    paths: &[std::path::PathBuf],
    pair: &Pair<G>,
    colour: bool,
    out: &mut dyn Write,
) -> std::io::Result<(u8, Vec<serde_json::Value>)> {
    let mut status = 0;
    let mut verdicts = Vec::new();
    for path in paths {
        let verdict = replay_file::<G>(path, pair, colour);
        verdicts.push(match &verdict {
            Replay::Ok {
                answer,
                checked_expected,
            } => serde_json::json!({"file": path, "game": G::NAME, "verdict": "ok", "answer": answer, "checked_expected": checked_expected}),
            Replay::Mismatch(t) => serde_json::json!({"file": path, "game": G::NAME, "verdict": "mismatch", "detail": t}),
            Replay::Unexpected(t) => serde_json::json!({"file": path, "game": G::NAME, "verdict": "unexpected", "detail": t}),
            Replay::BadInput(t) => serde_json::json!({"file": path, "game": G::NAME, "verdict": "bad-input", "detail": t}),
        });
        match verdict {
            Replay::Ok {
                answer,
                checked_expected,
            } => {
                let first = answer.lines().next().unwrap_or("(empty)");
                let more = if answer.lines().count() > 1 {
                    " ..."
                } else {
                    ""
                };
                let note = if checked_expected {
                    ", as expected"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "{}: ok, {} and {} answer {first}{more}{note}",
                    path.display(),
                    pair.a.name(),
                    pair.b.name()
                )?;
            }
            Replay::Mismatch(text) => {
                writeln!(out, "{}: MISMATCH\n{text}", path.display())?;
                status = status.max(1);
            }
            Replay::Unexpected(why) => {
                writeln!(out, "{}: WRONG: {why}", path.display())?;
                status = status.max(1);
            }
            Replay::BadInput(why) => {
                writeln!(out, "{}: bad input: {why}", path.display())?;
                status = 2;
            }
        }
    }
    Ok((status, verdicts))
}
