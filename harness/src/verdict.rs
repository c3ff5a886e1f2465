//! Verdicts: the words every other module uses for what went wrong, and nothing else. A leaf:
//! it depends on no other module of the harness.
//!
//! [`Kind`] is the class of a failing verdict, [`Fault`] why one engine produced nothing usable,
//! [`Divergence`] the first difference between two outcomes, [`Failure`] a failing verdict on one
//! case, [`Names`] the two engines compared; [`Explanation`] which parts of a repro do not matter
//! to its failure.

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
    /// Where it happens, e.g. "operation 3, round 2" or "answer".
    pub at: String,
    /// What differs, in one line, e.g. "removed cells differ: reference 12 cells, optimized 9".
    pub what: String,
    /// What the trusted engine saw at that moment (a board picture, a move list), one item per line.
    pub a_view: String,
    /// The same for the engine under test.
    pub b_view: String,
    /// Machine-readable context for the JSON report (for instance both traces around the event).
    pub context: serde_json::Value,
}

/// Why an engine produced nothing usable for a case.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// An in-process engine panicked (message and location).
    Panic { message: String },
    /// The engine ran past its time limit (CPU time; a program that sleeps is stopped by a
    /// wall-clock guard). `what` says which and how much was used.
    TimeLimit { limit_ms: u64, what: String },
    /// A program went past its memory limit.
    MemoryLimit { limit_mb: u64 },
    /// A program ended with a non-zero status or a signal.
    RuntimeError {
        status: String,
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
            Fault::Interrupted => Kind::Crash,
            Fault::MemoryLimit { .. } => Kind::MemoryLimit,
            Fault::Malformed { .. } => Kind::Malformed,
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Panic { message } => write!(f, "panicked: {message}"),
            Fault::TimeLimit { limit_ms, what } => {
                write!(f, "time limit exceeded ({limit_ms} ms; {what})")
            }
            Fault::Interrupted => write!(f, "interrupted"),
            Fault::MemoryLimit { limit_mb } => write!(f, "memory limit exceeded ({limit_mb} MB)"),
            Fault::RuntimeError { status, .. } => write!(f, "runtime error: {status}"),
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
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Mismatch,
        Kind::Malformed,
        Kind::TimeLimit,
        Kind::MemoryLimit,
        Kind::Crash,
    ];

    /// The words of a report.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Mismatch => "mismatch",
            Kind::Malformed => "malformed output",
            Kind::TimeLimit => "time limit",
            Kind::MemoryLimit => "memory limit",
            Kind::Crash => "crash",
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
    /// An engine's run was stopped by an interrupt of the harness: not a verdict.
    #[serde(skip)]
    pub interrupted: bool,
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
            interrupted: *fault == Fault::Interrupted,
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
            Kind::Mismatch => {
                let detail = match &self.divergence {
                    Some(d) if d.at == "answer" && self.got.is_some() => {
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
                };
                format!("{kind}: {detail}")
            }
            Kind::Crash => {
                let rest = self.what.strip_prefix(engine).unwrap_or(&self.what);
                if let Some(message) = rest.strip_prefix(" panicked: ") {
                    // The panic hook ends the message with " at FILE:LINE".
                    match message.rsplit_once(" at ") {
                        Some((_, place)) => {
                            let file = match place.rsplit_once(':') {
                                Some((file, line)) if line.bytes().all(|b| b.is_ascii_digit()) => {
                                    file
                                }
                                _ => place,
                            };
                            format!("{kind}: {engine} panicked at {file}")
                        }
                        None => format!("{kind}: {engine} panicked"),
                    }
                } else if let Some(status) = rest.strip_prefix(" runtime error: ") {
                    let status = status.split(" (stderr: ").next().unwrap_or(status);
                    format!("{kind}: {engine} runtime error: {}", status.trim())
                } else {
                    format!("{kind}: {engine}")
                }
            }
            Kind::TimeLimit | Kind::MemoryLimit | Kind::Malformed => format!("{kind}: {engine}"),
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
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_ignoring_whitespace() {
        assert!(compare_tokens("1 2\n3\n", "1  2 3").is_ok());
        assert!(compare_tokens("11692\n", "11692").is_ok());
        assert_eq!(
            compare_tokens("684\n", "685\n").unwrap_err(),
            "token 1: expected `684`, got `685`"
        );
        assert!(compare_tokens("1 2\n", "1\n")
            .unwrap_err()
            .contains("ends early"));
        assert!(compare_tokens("1\n", "1 2\n")
            .unwrap_err()
            .contains("extra output"));
    }
}
