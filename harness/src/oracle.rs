//! The differential oracle: a [`Pair`] of engines runs a case and says whether they agree.
//!
//! Engine `a` is trusted (usually the reference), engine `b` is under test. A panic in either
//! engine is caught here and becomes a crash verdict naming the engine; a fault an out-of-process
//! engine reports (time or memory limit, runtime error, malformed output) becomes its verdict; two
//! outcomes are compared down to the first differing event, an outcome and an answer through the
//! game's judge, two answers token by token.

use crate::engine::{Engine, Fault, Kind, Output};
use crate::game::{compare_tokens, Divergence, Game, Names};
pub use crate::verdict::Failure;
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Once};

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static QUIET: RefCell<bool> = const { RefCell::new(false) };
}

/// Installs (once) a panic hook that records the message and location of a panic raised while
/// [`catching`] runs and keeps it off the terminal; other panics print as usual.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| *q.borrow()) {
                let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    (*s).to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "panic with a non-string payload".to_string()
                };
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{place}")));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f` on a thread of its own and waits for it at most `limit` of wall-clock time: `None`
/// when it ran past the limit (its thread is left behind: a hang cannot be stopped from outside)
/// or died without an answer.
pub fn bounded<T: Send + 'static>(
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

/// Runs `f`, turning a panic into `Err(message)` without printing it.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    let was = QUIET.with(|q| q.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| *q.borrow_mut() = was);
    result.map_err(|_| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

/// What a pair made of a case.
pub struct Checked<O> {
    /// The trusted engine's traced outcome, when it gave one (for coverage).
    pub a: Option<O>,
    /// The traced outcome of the engine under test, when it gave one (for a page).
    pub b: Option<O>,
    pub failure: Option<Failure>,
}

/// What the engines of a pair made of a failing case, kept from when the failure was recorded so
/// that its page is drawn without running an engine again ([`Pair::pictured`]).
pub struct Pictured<O> {
    /// The trusted engine's traced outcome, when it was run and gave one.
    pub a: Option<O>,
    /// The traced outcome of the engine under test, when it was run and gave one.
    pub b: Option<O>,
}

impl<O> Default for Pictured<O> {
    fn default() -> Self {
        Pictured { a: None, b: None }
    }
}

/// Which part of a check is running (for the watchdog that names a hanging engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
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

fn run_one<G: Game>(
    engine: &dyn Engine<G>,
    case: &G::Case,
) -> Result<Output<G::Outcome>, Box<Failure>> {
    match catching(|| engine.run(case, true)) {
        Ok(Ok(out)) => Ok(out),
        Ok(Err(fault)) => Err(Box::new(Failure::fault(engine.name(), &fault))),
        Err(message) => Err(Box::new(Failure::fault(
            engine.name(),
            &Fault::Panic { message },
        ))),
    }
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
        Pair::new(crate::game::reference::<G>(), crate::game::optimized::<G>())
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
    pub fn check_phased(
        &self,
        case: &G::Case,
        phase: &mut dyn FnMut(Phase),
    ) -> Checked<G::Outcome> {
        phase(Phase::A);
        let a = match run_one(&*self.a, case) {
            Ok(a) => a,
            Err(f) => {
                return Checked {
                    a: None,
                    b: None,
                    failure: Some(*f),
                }
            }
        };
        phase(Phase::B);
        let b = run_one(&*self.b, case);
        phase(Phase::Comparing);
        let names = self.names();
        let outcome = |o: Output<G::Outcome>| match o {
            Output::Outcome(o) => Some(o),
            Output::Answer(_) => None,
        };
        match b {
            Err(mut f) => {
                if let Output::Outcome(o) = &a {
                    f.expected = Some(G::answer(o));
                }
                Checked {
                    a: outcome(a),
                    b: None,
                    failure: Some(*f),
                }
            }
            Ok(b) => {
                let failure = self.compare(case, &a, &b, names);
                Checked {
                    a: outcome(a),
                    b: outcome(b),
                    failure,
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
        let mismatch = |d: Divergence, expected: Option<String>, got: Option<String>| Failure {
            kind: Kind::Mismatch,
            engine: None,
            what: if d.at == "answer" && got.is_some() {
                format!("wrong answer: {}", d.what)
            } else {
                format!("{}: {}", d.at, d.what)
            },
            divergence: Some(d),
            expected,
            got,
            interrupted: false,
        };
        let answer_divergence = |why: String, want: &str, got: &str| Divergence {
            at: "answer".into(),
            what: why,
            a_view: clip(want),
            b_view: clip(got),
            context: serde_json::json!({}),
        };
        match (a, b) {
            (Output::Outcome(x), Output::Outcome(y)) => {
                G::compare(case, x, y, names).map(|d| mismatch(d, Some(G::answer(x)), None))
            }
            (Output::Outcome(x), Output::Answer(text)) => {
                let want = G::answer(x);
                if let Some(why) = G::malformed(text) {
                    let output = text.clone();
                    let mut f = Failure::fault(names.b, &Fault::Malformed { why, output });
                    f.expected = Some(want);
                    return Some(f);
                }
                G::judge(case, x, text).err().map(|why| {
                    mismatch(
                        answer_divergence(why, &want, text),
                        Some(want.clone()),
                        Some(text.clone()),
                    )
                })
            }
            (Output::Answer(want), b) => {
                let got = match b {
                    Output::Outcome(y) => G::answer(y),
                    Output::Answer(t) => {
                        if let Some(why) = G::malformed(t) {
                            let output = t.clone();
                            let mut f = Failure::fault(names.b, &Fault::Malformed { why, output });
                            f.expected = Some(want.clone());
                            return Some(f);
                        }
                        t.clone()
                    }
                };
                compare_tokens(want, &got).err().map(|why| {
                    mismatch(
                        answer_divergence(why, want, &got),
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
        } else if failure
            .engine
            .as_deref()
            .is_some_and(|e| e != self.a.name())
        {
            Pictured {
                a: run(&*self.a),
                b: None,
            }
        } else {
            Pictured::default()
        }
    }

    /// Runs both engines on a case; `Some` describes the first difference or fault.
    pub fn failure(&self, case: &G::Case) -> Option<Failure> {
        self.check(case).failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_messages() {
        let r: Result<(), String> = catching(|| panic!("boom {}", 7));
        let msg = r.unwrap_err();
        assert!(msg.starts_with("boom 7 at "), "{msg}");
        assert!(msg.contains("oracle.rs"), "{msg}");
        assert_eq!(catching(|| 5), Ok(5));
    }

    fn mismatch(at: &str, what: &str, got: Option<&str>) -> Failure {
        Failure {
            kind: Kind::Mismatch,
            engine: None,
            what: format!("{at}: {what}"),
            divergence: Some(Divergence {
                at: at.into(),
                what: what.into(),
                a_view: String::new(),
                b_view: String::new(),
                context: serde_json::json!({}),
            }),
            expected: None,
            got: got.map(str::to_string),
            interrupted: false,
        }
    }

    #[test]
    fn signatures_name_the_kind_of_failure_not_the_case() {
        let removed = mismatch(
            "operation 3, round 2",
            "removed cells differ: reference 6 cells, planted 5",
            None,
        );
        assert_eq!(removed.signature(), "mismatch: removed cells differ");
        let other_case = mismatch(
            "operation 1, round 1",
            "removed cells differ: reference 9 cells, planted 2",
            None,
        );
        assert_eq!(other_case.signature(), removed.signature());
        assert_eq!(
            mismatch(
                "move 4",
                "reference plays (1 2), optimized plays (3 4)",
                None
            )
            .signature(),
            "mismatch: reference plays (N N), optimized plays (N N)"
        );
        // A judged program's answer: the token is left out.
        let judged = mismatch("answer", "token 1: expected `11692`, got `0`", Some("0\n"));
        assert_eq!(judged.signature(), "mismatch: wrong answer");
        let early = mismatch(
            "answer",
            "output ends early: expected `3` as token 2",
            Some(""),
        );
        assert_eq!(early.signature(), "mismatch: wrong answer");

        let panic = Failure::fault(
            "optimized",
            &Fault::Panic {
                message: "attempt to add with overflow at engine/src/texas/line.rs:120".into(),
            },
        );
        assert_eq!(
            panic.signature(),
            "crash: optimized panicked at engine/src/texas/line.rs"
        );
        let r: Result<(), String> = catching(|| panic!("boom: {}", 7));
        let caught = Failure::fault(
            "planted",
            &Fault::Panic {
                message: r.unwrap_err(),
            },
        );
        assert!(
            caught
                .signature()
                .starts_with("crash: planted panicked at ")
                && caught.signature().ends_with("oracle.rs"),
            "{}",
            caught.signature()
        );
        let exited = Failure::fault(
            "program ./sol",
            &Fault::RuntimeError {
                status: "exit status 3 (stderr: oops at line 9)".into(),
                output: String::new(),
            },
        );
        assert_eq!(
            exited.signature(),
            "crash: program ./sol runtime error: exit status 3"
        );
        let hang = Failure::fault(
            "program ./sol",
            &Fault::TimeLimit {
                limit_ms: 2000,
                what: "CPU time, used 2001 ms".into(),
            },
        );
        assert_eq!(hang.signature(), "time limit: program ./sol");
        let memory = Failure::fault("program ./sol", &Fault::MemoryLimit { limit_mb: 64 });
        assert_eq!(memory.signature(), "memory limit: program ./sol");
    }
}
