//! Verdicts: the words every other module uses for what went wrong, and nothing else. A leaf:
//! it depends on no other module of the harness.
//!
//! [`Kind`] is the class of a failing verdict, [`Fault`] why one engine produced nothing usable,
//! [`Divergence`] the first difference between two outcomes (at [`At`]), [`Failure`] a failing
//! verdict on one case, [`Verdict`] what the oracle made of a case, [`Names`] the two engines
//! compared; [`Explanation`] which parts of a repro do not matter to its failure.

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

/// The first difference between two engines' outcomes.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Divergence {
    /// Where it happens: the answers, or an event such as "operation 3, round 2".
    pub at: At,
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
    pub file: String,
    pub line: u32,
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
    /// A program went past its memory limit.
    MemoryLimit { limit_mb: u64 },
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
    pub fn output(&self) -> Option<&str> {
        match self {
            Fault::RuntimeError { output, .. } | Fault::Malformed { output, .. } => Some(output),
            _ => None,
        }
    }

    /// The verdict class of this fault.
    pub fn kind(&self) -> Kind {
        match self {
            Fault::Panic { .. } | Fault::RuntimeError { .. } => Kind::Crash,
            Fault::TimeLimit { .. } => Kind::TimeLimit,
            // Not a verdict (the oracle says so with `Verdict::Interrupted`); a crash if asked.
            Fault::Interrupted => Kind::Crash,
            Fault::MemoryLimit { .. } => Kind::MemoryLimit,
            Fault::Malformed { .. } => Kind::Malformed,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Panic { message, place } => match place {
                Some(place) => write!(f, "panicked: {message} at {place}"),
                None => write!(f, "panicked: {message}"),
            },
            Fault::TimeLimit { limit_ms, what } => {
                write!(f, "time limit exceeded ({limit_ms} ms; {what})")
            }
            Fault::Interrupted => write!(f, "interrupted"),
            Fault::MemoryLimit { limit_mb } => write!(f, "memory limit exceeded ({limit_mb} MB)"),
            Fault::RuntimeError { status, stderr, .. } => match stderr {
                Some(line) => write!(f, "runtime error: {status} (stderr: {line})"),
                None => write!(f, "runtime error: {status}"),
            },
            Fault::Malformed { why, .. } => write!(f, "malformed output: {why}"),
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
    /// The trusted side failed, not the engine under test: the trusted engine's own fault (a
    /// brute force that crashes or runs past its limit), or the judge of answers (a checker)
    /// failed. Counted, never blamed on the engine under test.
    Trusted,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Mismatch,
        Kind::Malformed,
        Kind::TimeLimit,
        Kind::MemoryLimit,
        Kind::Crash,
        Kind::Trusted,
    ];

    /// The words of a report.
    pub fn describe(self) -> &'static str {
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
    pub fn into_failure(self) -> Option<Failure> {
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
    /// The engine that faulted; `None` for a mismatch between the two.
    pub engine: Option<String>,
    /// What went wrong, in one line.
    pub what: String,
    /// For a mismatch: the first differing event with both views.
    pub divergence: Option<Divergence>,
    /// The trusted engine's answer, when it gave one.
    pub expected: Option<String>,
    /// What the engine under test printed, when it is a program.
    pub got: Option<String>,
    /// Why the engine named produced nothing usable, for a fault of one engine (the words of
    /// `what` are made from it).
    #[serde(skip)]
    pub fault: Option<Fault>,
}

impl Failure {
    /// A fault of one engine.
    pub fn fault(engine: &str, fault: &Fault) -> Failure {
        Failure {
            kind: fault.kind(),
            engine: Some(engine.to_string()),
            what: format!("{engine} {fault}"),
            divergence: None,
            expected: None,
            got: fault.output().map(str::to_string),
            fault: Some(fault.clone()),
        }
    }

    /// A mismatch between the two engines, first differing at `divergence`.
    pub fn mismatch(
        what: String,
        divergence: Option<Divergence>,
        expected: Option<String>,
        got: Option<String>,
    ) -> Failure {
        Failure {
            kind: Kind::Mismatch,
            engine: None,
            what,
            divergence,
            expected,
            got,
            fault: None,
        }
    }

    /// True when `other` is the same kind of failure (same class, same engine): what a shrinker
    /// keeps to, so it does not drift from one bug to another.
    pub fn same_kind(&self, other: &Failure) -> bool {
        self.kind == other.kind && self.engine == other.engine
    }

    /// What kind of failure this is, in one short line that cases failing the same way share:
    /// the verdict kind, then the kind of the first differing event. `--max-failures` groups
    /// failures by it.
    ///
    /// - a mismatch: the divergence's `what` up to its first `:` (or `;`), e.g. `mismatch: removed
    ///   cells differ`; for a judged program's answer, `mismatch: wrong answer` (the token it
    ///   differs at is left out), or the judge's message up to its first `:`;
    /// - a panic: `crash: ENGINE panicked at FILE` (the file of the panic, no line number);
    /// - a runtime error of a program: `crash: ENGINE runtime error: exit status 3` (or the
    ///   signal), without its standard error;
    /// - a time limit, a memory limit, malformed output: the kind and the engine.
    ///
    /// Numbers in the kept text become `N`, so that "move 3" and "move 7" are one signature.
    pub fn signature(&self) -> String {
        let kind = self.kind.describe();
        let engine = self.engine.as_deref().unwrap_or("");
        match self.kind {
            Kind::Mismatch => format!("{kind}: {}", self.mismatch_detail()),
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

    /// The part of a mismatch's signature after its kind.
    fn mismatch_detail(&self) -> String {
        match &self.divergence {
            Some(d) if d.at == At::Answer && self.got.is_some() => {
                let head = head_of(&d.what);
                let token_level = head.starts_with("token ")
                    || head.starts_with("output ends early")
                    || head.starts_with("unexpected extra output");
                if token_level {
                    "wrong answer".to_string()
                } else {
                    head
                }
            }
            Some(d) => head_of(&d.what),
            None => head_of(&self.what),
        }
    }
}

/// The text up to the first `:` or `;`, trimmed, with every number as `N`.
fn head_of(what: &str) -> String {
    let head = what.split([':', ';']).next().unwrap_or(what).trim();
    let mut out = String::with_capacity(head.len());
    let mut in_number = false;
    for c in head.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

// ----------------------------------------------------------------------------------------------
// What a repro needs (the explain phase, crate::explain).

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
    pub fn text(&self) -> String {
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

/// Compares two texts token by token, ignoring whitespace differences.
pub fn compare_tokens(want: &str, got: &str) -> Result<(), String> {
    let mut w = want.split_whitespace();
    let mut g = got.split_whitespace();
    let mut index = 0usize;
    loop {
        index += 1;
        match (w.next(), g.next()) {
            (None, None) => return Ok(()),
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                return Err(format!(
                    "token {index}: expected `{a}`, got `{}`",
                    shorten(b)
                ))
            }
            (Some(a), None) => {
                return Err(format!(
                    "output ends early: expected `{a}` as token {index}"
                ))
            }
            (None, Some(b)) => {
                return Err(format!(
                    "unexpected extra output at token {index}: `{}`",
                    shorten(b)
                ))
            }
        }
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

#[cfg(test)]
#[path = "verdict_tests.rs"]
mod tests;
