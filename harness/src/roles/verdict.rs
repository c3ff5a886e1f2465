//! Verdicts: the words every other module uses for what went wrong, and nothing else. A leaf:
//! it depends on no other module of the harness.
//!
//! [`Kind`] is the class of a failing verdict, [`Side`] which side of the comparison failed,
//! [`Fault`] why one engine produced nothing usable, [`Divergence`] the first difference between
//! two outcomes (at [`At`], of a [`Difference`]), [`Failure`] a failing verdict on one case,
//! [`Verdict`] what the oracle made of a case, [`Names`] the two engines compared; [`Explanation`]
//! which parts of a repro do not matter to its failure. The kinds of differences are in
//! [`crate::roles::difference`], the one module this one uses.

use crate::roles::difference::{Difference, Differs};
use std::fmt;

/// The names of the two engines whose outcomes are compared, for the words of a report.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    /// The trusted engine (usually the reference).
    pub a: &'a str,
    /// The engine under test.
    pub b: &'a str,
}

impl Default for Names<'static> {
    fn default() -> Self {
        Names {
            a: "reference",
            b: "optimized",
        }
    }
}

/// Which side of the comparison a failure is of: a type, so that two engines of the same name
/// (`--engine reference --against reference`) are still told apart.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The trusted engine (`a`, usually the reference).
    Trusted,
    /// The engine under test (`b`).
    UnderTest,
    /// The judge of answers (a checker): on the trusted side, never blamed on the engine under
    /// test.
    Judge,
    /// Neither engine: the generator of the case, or the comparison of the outcomes.
    Harness,
}

/// The first difference between two engines' outcomes.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Divergence {
    /// Where it happens: the answers, or an event such as "operation 3, round 2".
    pub at: At,
    /// The kind of the difference, set by the game's comparison (`removed cells differ`), or
    /// token-level differences of two answers: what a failure's signature is built from. Not
    /// written to JSON (the signature is).
    #[serde(skip)]
    pub event: Difference,
    /// What differs, in one line, e.g. "removed cells differ: reference 12 cells, optimized 9".
    pub what: String,
    /// What the trusted engine saw at that moment (a board picture, a move list), one item per line.
    pub a_view: String,
    /// The same for the engine under test.
    pub b_view: String,
    /// Machine-readable context for the JSON report (for instance both traces around the event).
    pub context: serde_json::Value,
}

/// Where two outcomes first differ. Written (and serialized, as a string) as `answer` or as the
/// event's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum At {
    /// The answers: the traces agree (or there are none, as with a program's printed answer).
    Answer,
    /// An event of the traces, in words: "operation 3, round 2", "move 4", "end of game".
    Event(String),
}

impl At {
    /// The words of the place: `answer`, or the event's.
    pub fn as_str(&self) -> &str {
        match self {
            At::Answer => "answer",
            At::Event(words) => words,
        }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for At {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where a panic was raised: the source file and line the panic hook reports.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Place {
    pub(crate) file: String,
    pub(crate) line: u32,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Why an engine produced nothing usable for a case.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// An in-process engine panicked: its message, and where when the panic hook saw it.
    Panic {
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<Place>,
    },
    /// The engine ran past its time limit (CPU time; a program that sleeps is stopped by a
    /// wall-clock guard). `what` says which and how much was used.
    TimeLimit { limit_ms: u64, what: String },
    /// A program was still running at the wall-clock guard without having used its CPU time: it
    /// waited or slept (a contest's idleness limit). A time limit of its kind.
    IdlenessLimit {
        limit_ms: u64,
        wall_ms: u64,
        cpu_ms: u64,
    },
    /// A program went past its memory limit.
    MemoryLimit { limit_mb: u64 },
    /// A program wrote more than its output cap. Malformed output of its kind.
    OutputLimit {
        limit_bytes: u64,
        #[serde(skip)]
        output: String,
    },
    /// A program ended with a non-zero status or a signal.
    RuntimeError {
        /// "exit status 3", "killed by signal 9"...
        status: String,
        /// The last line it wrote to standard error, when there is one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stderr: Option<String>,
        /// What it printed before (kept for the `.got` file, not in reports).
        #[serde(skip)]
        output: String,
    },
    /// A program's output is not of the expected form (too long, not text, not a number...).
    Malformed {
        why: String,
        #[serde(skip)]
        output: String,
    },
    /// The run was stopped because the harness is being interrupted: no verdict.
    Interrupted,
}

impl Fault {
    /// What the program printed, when the fault keeps it.
    pub(crate) fn output(&self) -> Option<&str> {
        match self {
            Fault::RuntimeError { output, .. }
            | Fault::Malformed { output, .. }
            | Fault::OutputLimit { output, .. } => Some(output),
            _ => None,
        }
    }

    /// The verdict class of this fault.
    pub(crate) fn kind(&self) -> Kind {
        match self {
            Fault::Panic { .. } | Fault::RuntimeError { .. } => Kind::Crash,
            Fault::TimeLimit { .. } | Fault::IdlenessLimit { .. } => Kind::TimeLimit,
            // Not a verdict (the oracle says so with `Verdict::Interrupted`); a crash if asked.
            Fault::Interrupted => Kind::Crash,
            Fault::MemoryLimit { .. } => Kind::MemoryLimit,
            Fault::Malformed { .. } | Fault::OutputLimit { .. } => Kind::Malformed,
        }
    }
}

/// The classes of failing verdicts, in the order reports list them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The two engines' outcomes (or answers) differ.
    Mismatch,
    /// Output not of the expected form.
    Malformed,
    /// A hang or a time limit.
    TimeLimit,
    /// A memory limit.
    MemoryLimit,
    /// A panic or a runtime error.
    Crash,
    /// The trusted engine's own fault, or a checker's: never blamed on the engine under test.
    Trusted,
}

impl Kind {
    pub(crate) const ALL: [Kind; 6] = [
        Kind::Mismatch,
        Kind::Malformed,
        Kind::TimeLimit,
        Kind::MemoryLimit,
        Kind::Crash,
        Kind::Trusted,
    ];

    /// The words of a report.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Kind::Mismatch => "mismatch",
            Kind::Malformed => "malformed output",
            Kind::TimeLimit => "time limit",
            Kind::MemoryLimit => "memory limit",
            Kind::Crash => "crash",
            Kind::Trusted => "failure of the trusted side",
        }
    }
}

/// What the oracle made of one case: the engines agree, or a failure, or no verdict because the
/// harness is being interrupted.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// Both engines gave usable outcomes and they agree.
    Agree,
    /// A failing verdict.
    Fails(Box<Failure>),
    /// An engine's run was stopped by an interrupt of the harness (the engine named): no verdict,
    /// and not a case that ran.
    Interrupted(String),
}

impl Verdict {
    /// The failure, when the case fails.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            Verdict::Fails(f) => Some(f),
            Verdict::Agree | Verdict::Interrupted(_) => None,
        }
    }

    /// The failure, when the case fails, taken out of the verdict.
    pub(crate) fn into_failure(self) -> Option<Failure> {
        match self {
            Verdict::Fails(f) => Some(*f),
            Verdict::Agree | Verdict::Interrupted(_) => None,
        }
    }
}

/// A failing verdict on one case.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Failure {
    pub kind: Kind,
    /// The engine that faulted, by name (for the words of a report); `None` for a mismatch
    /// between the two.
    pub engine: Option<String>,
    /// Which side faulted; `None` for a mismatch. What tells the engines apart: their names may
    /// be the same.
    #[serde(skip)]
    pub side: Option<Side>,
    /// For a mismatch, the kind of the difference (its divergence's, when it has one).
    #[serde(skip)]
    pub(crate) event: Option<Difference>,
    /// What went wrong, in one line.
    pub(crate) what: String,
    /// For a mismatch: the first differing event with both views.
    pub divergence: Option<Divergence>,
    /// The trusted engine's answer, when it gave one.
    pub(crate) expected: Option<String>,
    /// What the engine under test printed, when it is a program.
    pub(crate) got: Option<String>,
    /// Why the engine named produced nothing usable, for a fault of one engine (the words of
    /// `what` are made from it).
    #[serde(skip)]
    pub fault: Option<Fault>,
}

impl Failure {
    /// A fault of one engine, `engine` on side `side`.
    pub fn fault(side: Side, engine: &str, fault: &Fault) -> Failure {
        Failure {
            kind: fault.kind(),
            engine: Some(engine.to_string()),
            side: Some(side),
            event: None,
            what: format!("{engine} {fault}"),
            divergence: None,
            expected: None,
            got: fault.output().map(str::to_string),
            fault: Some(fault.clone()),
        }
    }

    /// A mismatch between the two engines, first differing at `divergence` (of its kind).
    pub fn mismatch(
        what: String,
        divergence: Option<Divergence>,
        expected: Option<String>,
        got: Option<String>,
    ) -> Failure {
        Failure {
            kind: Kind::Mismatch,
            engine: None,
            side: None,
            event: divergence.as_ref().map(|d| d.event.clone()),
            what,
            divergence,
            expected,
            got,
            fault: None,
        }
    }

    /// The engines agree but not with the expected answer beside a saved case: `why` says how
    /// the expected answer (`expected`) differs from theirs.
    pub(crate) fn unexpected(why: &Differs, expected: String) -> Failure {
        let what = format!(
            "{UNEXPECTED} (expected: the engines' answer; got: the file's): {}",
            why.what
        );
        let mut f = Failure::mismatch(what, None, Some(expected), None);
        f.event = Some(Difference::named(UNEXPECTED_KIND));
        f
    }

    /// True when `other` is the same kind of failure (same class, same side): what a shrinker
    /// keeps to, so it does not drift from one bug to another.
    pub fn same_kind(&self, other: &Failure) -> bool {
        self.kind == other.kind && self.side == other.side
    }

    /// What kind of failure this is, in one short line that cases failing the same way share,
    /// built from the failure's structure: the verdict kind, the side and its engine's name, the
    /// kind of the first difference. `--max-failures` groups failures by it.
    ///
    /// - a mismatch: the kind of its difference ([`Difference::words`]), e.g. `mismatch: removed
    ///   cells differ`; for a judged program's answer that differs token by token, `mismatch:
    ///   wrong answer`; a mismatch of no kind is `mismatch` alone;
    /// - a panic: `crash: ENGINE panicked at FILE` (the file of the panic, no line number);
    /// - a runtime error of a program: `crash: ENGINE runtime error: exit status 3` (or the
    ///   signal), without its standard error;
    /// - a time limit, a memory limit, malformed output, a failure of the trusted side: the kind
    ///   and the engine.
    ///
    /// Numbers in a difference's words become `N`, so that "move 3" and "move 7" are one
    /// signature.
    pub fn signature(&self) -> String {
        let kind = self.kind.describe();
        let engine = self.engine.as_deref().unwrap_or("");
        match self.kind {
            Kind::Mismatch => match self.mismatch_detail() {
                Some(detail) => format!("{kind}: {detail}"),
                None => kind.to_string(),
            },
            Kind::Crash => match &self.fault {
                Some(Fault::Panic {
                    place: Some(place), ..
                }) => format!("{kind}: {engine} panicked at {}", place.file),
                Some(Fault::Panic { place: None, .. }) => format!("{kind}: {engine} panicked"),
                Some(Fault::RuntimeError { status, .. }) => {
                    format!("{kind}: {engine} runtime error: {}", status.trim())
                }
                _ => format!("{kind}: {engine}"),
            },
            Kind::TimeLimit | Kind::MemoryLimit | Kind::Malformed | Kind::Trusted => {
                format!("{kind}: {engine}")
            }
        }
    }

    /// The part of a mismatch's signature after its kind: a program's answer that differs token
    /// by token is a wrong answer; otherwise the words of the difference's kind.
    fn mismatch_detail(&self) -> Option<String> {
        let judged =
            self.got.is_some() && self.divergence.as_ref().is_some_and(|d| d.at == At::Answer);
        match self.event.as_ref()? {
            Difference::Tokens(_) if judged => Some("wrong answer".to_string()),
            event => Some(event.words()),
        }
    }
}

/// The first words of [`Failure::unexpected`]'s line, and its kind.
const UNEXPECTED: &str = "the engines agree but not with the expected answer beside the case";
const UNEXPECTED_KIND: &str =
    "the engines agree but not with the expected answer beside the case (expected";

// ----------------------------------------------------------------------------------------------
// What a repro needs (the explain phase, crate::run::explain).

/// Where a part of a case is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum Where {
    /// A cell of the board (0-based row and column) and which of its values ("colour",
    /// "special", "tile"...).
    Cell {
        row: usize,
        col: usize,
        value: String,
    },
    /// An operation (0-based index).
    Operation { index: usize },
    /// Anything else, named in the label.
    Other,
}

/// One part of a case and the variants of the case where only that part differs.
#[derive(Debug, Clone)]
pub struct Part<C> {
    pub at: Where,
    /// What the report says of it: "colour of (2 3)", "operation 4".
    pub label: String,
    pub variants: Vec<C>,
}

/// A part that does not matter to the failure.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Free {
    #[serde(flatten)]
    pub at: Where,
    pub label: String,
    /// How many other values were tried (all still fail the same way).
    pub tried: usize,
}

/// What the explain phase found.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Explanation {
    /// The parts that do not matter, in the game's order.
    pub free: Vec<Free>,
    /// Parts examined.
    pub parts: usize,
    /// False when the budget ran out before every part was examined.
    pub complete: bool,
}

impl Explanation {
    /// True when the cell (row, col) has a free value called `value`.
    pub fn cell_is_free(&self, row: usize, col: usize, value: &str) -> bool {
        self.free.iter().any(|f| {
            matches!(&f.at, Where::Cell { row: r, col: c, value: v } if *r == row && *c == col && v == value)
        })
    }

    /// True when operation `index` is free.
    pub fn operation_is_free(&self, index: usize) -> bool {
        self.free.iter().any(|f| f.at == Where::Operation { index })
    }

    /// The report's lines: what can change without changing the failure.
    pub(crate) fn text(&self) -> String {
        if self.parts == 0 {
            return String::new();
        }
        let mut out = String::new();
        if self.free.is_empty() {
            out.push_str("explained: every part of the repro matters");
        } else {
            let labels: Vec<&str> = self.free.iter().map(|f| f.label.as_str()).collect();
            out.push_str(&format!(
                "explained: these can take other values and the case still fails the same way: {}",
                labels.join(", ")
            ));
        }
        if !self.complete {
            out.push_str(" (explanation stopped early: not every part was tried)");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests;
