//! The differential oracle: a [`Pair`] of engines runs a case and says whether they agree.
//!
//! Engine `a` is trusted (usually the reference), engine `b` is under test. A panic in either
//! engine is caught here and becomes a crash verdict naming the engine; a fault an out-of-process
//! engine reports (time or memory limit, runtime error, malformed output) becomes its verdict; two
//! outcomes are compared down to the first differing event, an outcome and an answer through the
//! game's judge, two answers token by token.

use crate::roles::difference::{compare_tokens, Differs};
use crate::roles::engine::{Engine, Output};
use crate::roles::game::Game;
use crate::roles::verdict::{At, Place, Side};
use crate::roles::verdict::{Divergence, Names};
use crate::roles::verdict::{Failure, Verdict};
use crate::roles::verdict::{Fault, Kind};
use crate::roles::Judgement;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Once};

thread_local! {
    static LAST_PANIC: RefCell<Option<(String, Option<Place>)>> = const { RefCell::new(None) };
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Installs (once) a panic hook that records the message and location of a panic raised while
/// [`catching`] runs and keeps it off the terminal; other panics print as usual.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    (*s).to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "panic with a non-string payload".to_string()
                };
                let place = info.location().map(|l| Place {
                    file: l.file().to_string(),
                    line: l.line(),
                });
                LAST_PANIC.with(|p| *p.borrow_mut() = Some((msg, place)));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f` on a thread of its own and waits for it at most `limit` of wall-clock time: `None`
/// when it ran past the limit (its thread is left behind: a hang cannot be stopped from outside)
/// or died without an answer.
pub(crate) fn bounded<T: Send + 'static>(
    limit: std::time::Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("bounded-check".into())
        .spawn(move || {
            let _ = tx.send(f());
        })
        .ok()?;
    rx.recv_timeout(limit).ok()
}

/// Runs `f`, turning a panic into `Err(message)` without printing it: the panic's message, then
/// ` at FILE:LINE` when its place is known.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catching_fault(f).map_err(|fault| match fault {
        Fault::Panic {
            message,
            place: Some(place),
        } => format!("{message} at {place}"),
        Fault::Panic { message, .. } => message,
        other => other.to_string(),
    })
}

/// Runs `f`, turning a panic into a [`Fault::Panic`] (its message and place) without printing it.
pub(crate) fn catching_fault<T>(f: impl FnOnce() -> T) -> Result<T, Fault> {
    install_hook();
    let was = QUIET.with(|q| q.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.map_err(|_| {
        let (message, place) = LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| ("unknown panic".into(), None));
        Fault::Panic { message, place }
    })
}

/// What a pair made of a case.
pub struct Checked<O> {
    /// The trusted engine's traced outcome, when it gave one (for coverage).
    pub a: Option<O>,
    /// The traced outcome of the engine under test, when it gave one (for a page).
    pub(crate) b: Option<O>,
    pub verdict: Verdict,
}

impl<O> Checked<O> {
    /// The verdict on a fault of `engine` on side `side`, the trusted engine's answer `expected`
    /// when it gave one; a fault of the trusted engine is of [`Kind::Trusted`].
    fn faulted(side: Side, engine: &str, fault: Fault, expected: Option<String>) -> Self {
        let verdict = if fault == Fault::Interrupted {
            Verdict::Interrupted(engine.to_string())
        } else {
            let mut failure = Failure::fault(side, engine, &fault);
            failure.expected = expected;
            if side == Side::Trusted {
                failure.kind = Kind::Trusted;
            }
            Verdict::Fails(Box::new(failure))
        };
        Checked {
            a: None,
            b: None,
            verdict,
        }
    }
}

/// What the engines of a pair made of a failing case, kept from when the failure was recorded so
/// that its page is drawn without running an engine again ([`Pair::pictured`]).
pub struct Pictured<O> {
    /// The trusted engine's traced outcome, when it was run and gave one.
    pub a: Option<O>,
    /// The traced outcome of the engine under test, when it was run and gave one.
    pub(crate) b: Option<O>,
}

impl<O> Default for Pictured<O> {
    fn default() -> Self {
        Pictured { a: None, b: None }
    }
}

/// Which part of a check is running (for the watchdog that names a hanging engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    Generating,
    A,
    B,
    Comparing,
}

/// Two engines: `a` trusted, `b` under test.
pub struct Pair<G: Game> {
    pub a: Arc<dyn Engine<G>>,
    pub b: Arc<dyn Engine<G>>,
}

impl<G: Game> Clone for Pair<G> {
    fn clone(&self) -> Self {
        Pair {
            a: Arc::clone(&self.a),
            b: Arc::clone(&self.b),
        }
    }
}

/// One engine's run of a case with a trace, a panic caught as its fault.
fn run_one<G: Game>(engine: &dyn Engine<G>, case: &G::Case) -> Result<Output<G::Outcome>, Fault> {
    catching_fault(|| engine.run(case, true)).and_then(|run| run)
}

const SHOW: usize = 2000;

fn clip(s: &str) -> String {
    if s.len() <= SHOW {
        s.to_string()
    } else {
        let mut end = SHOW;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} bytes in all)", &s[..end], s.len())
    }
}

impl<G: Game> Pair<G> {
    pub fn new(a: Arc<dyn Engine<G>>, b: Arc<dyn Engine<G>>) -> Self {
        Pair { a, b }
    }

    /// The reference against the optimized engine.
    pub fn builtin() -> Self {
        Pair::new(
            crate::roles::game::reference::<G>(),
            crate::roles::game::optimized::<G>(),
        )
    }

    pub fn names(&self) -> Names<'_> {
        Names {
            a: self.a.name(),
            b: self.b.name(),
        }
    }

    /// Runs both engines on a case and compares them.
    pub fn check(&self, case: &G::Case) -> Checked<G::Outcome> {
        self.check_phased(case, &mut |_| {})
    }

    /// [`Pair::check`], telling `phase` which part runs.
    pub(crate) fn check_phased(
        &self,
        case: &G::Case,
        phase: &mut dyn FnMut(Phase),
    ) -> Checked<G::Outcome> {
        // Both engines run under one catch: a panic is the fault of the engine whose phase it
        // was, and engine a's output is kept outside the catch for the report of a fault of b.
        // (One catch per case instead of one per engine: a small case paid for the second one
        // and for moving each outcome through it.)
        let mut a = None;
        let ran = catching_fault(|| {
            phase(Phase::A);
            a = Some(self.a.run(case, true)?);
            phase(Phase::B);
            Ok(self.b.run(case, true))
        });
        let (a, b) = match (ran, a) {
            (Ok(Ok(b)), Some(a)) => (a, b),
            // Engine a gave its output: the panic was b's.
            (Err(panic), Some(a)) => (a, Err(panic)),
            (Ok(Err(fault)) | Err(fault), None) => {
                return Checked::faulted(Side::Trusted, self.a.name(), fault, None)
            }
            (Ok(Ok(_)), None) | (Ok(Err(_)), Some(_)) => {
                unreachable!("engine a's output is kept exactly when it gave one")
            }
        };
        phase(Phase::Comparing);
        let names = self.names();
        let outcome = |o: Output<G::Outcome>| match o {
            Output::Outcome(o) => Some(o),
            Output::Answer(_) => None,
        };
        match b {
            Err(fault) => {
                let expected = match &a {
                    Output::Outcome(o) => Some(G::answer(o)),
                    Output::Answer(_) => None,
                };
                Checked {
                    a: outcome(a),
                    ..Checked::faulted(Side::UnderTest, self.b.name(), fault, expected)
                }
            }
            Ok(b) => {
                let verdict = match self.compare(case, &a, &b, names) {
                    Some(failure) => Verdict::Fails(Box::new(failure)),
                    None => Verdict::Agree,
                };
                Checked {
                    a: outcome(a),
                    b: outcome(b),
                    verdict,
                }
            }
        }
    }

    fn compare(
        &self,
        case: &G::Case,
        a: &Output<G::Outcome>,
        b: &Output<G::Outcome>,
        names: Names<'_>,
    ) -> Option<Failure> {
        match (a, b) {
            (Output::Outcome(x), Output::Outcome(y)) => {
                G::compare(case, x, y, names).map(|d| mismatch(d, Some(G::answer(x)), None))
            }
            (Output::Outcome(x), Output::Answer(text)) => judged::<G>(case, x, text, names),
            (Output::Answer(want), b) => {
                let got = match b {
                    Output::Outcome(y) => G::answer(y),
                    Output::Answer(t) => match G::malformed(t) {
                        Some(why) => return Some(malformed(names, why, t, want)),
                        None => t.clone(),
                    },
                };
                compare_tokens(want, &got).err().map(|why| {
                    mismatch(
                        answer_divergence(why.into(), want, &got),
                        Some(want.clone()),
                        Some(got.clone()),
                    )
                })
            }
        }
    }

    /// Runs the engines that picture `case`, which fails with `failure`, with a trace. For a
    /// mismatch both engines that give traces run. For a crash, a hang or another fault of one
    /// engine, the trusted engine (`a`) runs, when it gives traces and is not the engine that
    /// failed (a panic of it is caught): the engine that failed is not run again.
    pub fn pictured(&self, case: &G::Case, failure: &Failure) -> Pictured<G::Outcome> {
        let run = |e: &dyn Engine<G>| match e.traces().then(|| run_one(e, case)) {
            Some(Ok(Output::Outcome(o))) => Some(o),
            _ => None,
        };
        if failure.kind == Kind::Mismatch {
            Pictured {
                a: run(&*self.a),
                b: run(&*self.b),
            }
        } else if failure.side.is_some_and(|s| s != Side::Trusted) {
            Pictured {
                a: run(&*self.a),
                b: None,
            }
        } else {
            Pictured::default()
        }
    }

    /// Runs both engines on a case; `Some` describes the first difference or fault (`None` too
    /// when an interrupt of the harness stopped an engine: no verdict).
    pub fn failure(&self, case: &G::Case) -> Option<Failure> {
        self.check(case).verdict.into_failure()
    }
}

/// A mismatch failure from its divergence, with what was expected and what a program printed.
fn mismatch(d: Divergence, expected: Option<String>, got: Option<String>) -> Failure {
    let what = if d.at == At::Answer && got.is_some() {
        format!("wrong answer: {}", d.what)
    } else {
        format!("{}: {}", d.at, d.what)
    };
    Failure::mismatch(what, Some(d), expected, got)
}

/// The divergence of a wrong answer: the judge's kind and words, both answers clipped.
fn answer_divergence(why: Differs, want: &str, got: &str) -> Divergence {
    Divergence {
        at: At::Answer,
        event: why.kind,
        what: why.what,
        a_view: clip(want),
        b_view: clip(got),
        context: serde_json::json!({}),
    }
}

/// The engine under test printed something not of the answer's form (`why`).
fn malformed(names: Names<'_>, why: String, output: &str, want: &str) -> Failure {
    let output = output.to_string();
    let mut f = Failure::fault(Side::UnderTest, names.b, &Fault::Malformed { why, output });
    f.expected = Some(want.to_string());
    f
}

/// A program's answer `text` judged by the game against the trusted outcome `x`, in a contest
/// checker's four verdicts.
fn judged<G: Game>(
    case: &G::Case,
    x: &G::Outcome,
    text: &str,
    names: Names<'_>,
) -> Option<Failure> {
    let want = G::answer(x);
    if let Some(why) = G::malformed(text) {
        return Some(malformed(names, why, text, &want));
    }
    let fault = |side: Side, engine: &str, fault: Fault, kind: Option<Kind>| {
        let mut f = Failure::fault(side, engine, &fault);
        f.expected = Some(want.clone());
        f.got = Some(text.to_string());
        if let Some(kind) = kind {
            f.kind = kind;
        }
        Some(f)
    };
    match G::judge_output(case, x, text) {
        Judgement::Accepted => None,
        Judgement::WrongAnswer(why) => Some(mismatch(
            answer_divergence(why, &want, text),
            Some(want.clone()),
            Some(text.to_string()),
        )),
        Judgement::PresentationError(why) => {
            let why = format!("presentation error: {why}");
            let output = text.to_string();
            fault(
                Side::UnderTest,
                names.b,
                Fault::Malformed { why, output },
                None,
            )
        }
        Judgement::JudgeFailed(why) => {
            let status = format!("the judge of answers failed: {why}");
            let f = Fault::RuntimeError {
                status,
                stderr: None,
                output: String::new(),
            };
            fault(Side::Judge, "checker", f, Some(Kind::Trusted))
        }
    }
}
