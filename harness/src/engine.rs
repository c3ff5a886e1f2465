//! Engines are values: anything that turns a case into an outcome, behind one small trait.
//!
//! The optimized engine and the reference are two implementations ([`FnEngine`]); an external
//! program is a third ([`crate::judge::Program`]); a planted mutant or a user's own engine is one
//! more `impl Engine<G>`. The harness pairs any two ([`crate::oracle::Pair`]): `diff`, `judge`,
//! `bench`, `replay` and the fuzz bodies all take engines by value.
//!
//! An engine may give a traced outcome (everything [`Game::compare`] looks at) or only the contest
//! answer (a program's standard output). A panic inside an in-process engine is caught by the
//! caller and becomes a crash verdict; a hang is caught by the batch's watchdog
//! ([`crate::batch`]); an out-of-process engine enforces its own limits and reports them as a
//! [`Fault`].

use crate::game::Game;
use std::fmt;

/// What an engine produced for a case.
#[derive(Debug, Clone)]
pub enum Output<O> {
    /// A full outcome: traced when the engine was asked for a trace and can give one.
    Outcome(O),
    /// Only the contest answer (what a program printed).
    Answer(String),
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

/// An engine for game `G`.
pub trait Engine<G: Game>: Send + Sync + 'static {
    /// A short name for reports: "optimized", "reference", "program ./sol".
    fn name(&self) -> &str;

    /// True when [`Engine::run`] gives outcomes (traced on request); false when it gives answers
    /// only (an external program).
    fn traces(&self) -> bool {
        true
    }

    /// True when the engine runs out of process and enforces its own limits, so the batch's
    /// watchdog leaves it alone.
    fn isolated(&self) -> bool {
        false
    }

    /// Runs one case. With `trace` the outcome carries everything `Game::compare` looks at;
    /// without it only what the answer needs (benchmarks use this).
    fn run(&self, case: &G::Case, trace: bool) -> Result<Output<G::Outcome>, Fault>;
}

/// An in-process engine made of a function `(case, trace) -> outcome`.
pub struct FnEngine<G: Game> {
    name: &'static str,
    run: fn(&G::Case, bool) -> G::Outcome,
}

impl<G: Game> FnEngine<G> {
    pub fn new(name: &'static str, run: fn(&G::Case, bool) -> G::Outcome) -> Self {
        FnEngine { name, run }
    }
}

impl<G: Game> Engine<G> for FnEngine<G> {
    fn name(&self) -> &str {
        self.name
    }
    fn run(&self, case: &G::Case, trace: bool) -> Result<Output<G::Outcome>, Fault> {
        Ok(Output::Outcome((self.run)(case, trace)))
    }
}

/// Runs an engine and returns the contest answer (or the fault).
pub fn answer<G: Game>(engine: &dyn Engine<G>, case: &G::Case) -> Result<String, Fault> {
    match engine.run(case, false)? {
        Output::Outcome(o) => Ok(G::answer(&o)),
        Output::Answer(a) => Ok(a),
    }
}
