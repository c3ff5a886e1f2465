//! Engines are values: anything that turns a case into an outcome, behind one small trait.
//!
//! The optimized engine and the reference are two implementations (`FnEngine`); an external
//! program is a third ([`crate::programs::judge::Program`]); a planted mutant or a user's own engine is one
//! more `impl Engine<G>`. The harness pairs any two ([`crate::roles::oracle::Pair`]): `diff`, `judge`,
//! `bench`, `replay` and the fuzz bodies all take engines by value.
//!
//! An engine may give a traced outcome (everything [`crate::roles::Check::compare`] looks at) or only the contest
//! answer (a program's standard output). A panic inside an in-process engine is caught by the
//! caller and becomes a crash verdict; a hang is caught by the batch's watchdog
//! ([`crate::run::batch`]); an out-of-process engine enforces its own limits and reports them as a
//! [`Fault`].

use crate::roles::verdict::Fault;
use crate::roles::Check;
use std::sync::Arc;
use std::time::Duration;

/// What an engine produced for a case.
#[derive(Debug, Clone)]
pub enum Output<O> {
    /// A full outcome: traced when the engine was asked for a trace and can give one.
    Outcome(O),
    /// Only the contest answer (what a program printed).
    Answer(String),
}

/// Makes the engine under test (a program) with a CPU-time limit of at most the given one on a case
/// (never above its own limit): `judge::Program::relimit`.
pub(crate) type Relimit<G> =
    Arc<dyn Fn(&<G as crate::roles::Format>::Case, Duration) -> Arc<dyn Engine<G>> + Send + Sync>;

/// An engine for game `G`.
pub trait Engine<G: Check>: Send + Sync + 'static {
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
pub(crate) struct FnEngine<G: Check> {
    name: &'static str,
    run: fn(&G::Case, bool) -> G::Outcome,
}

impl<G: Check> FnEngine<G> {
    pub fn new(name: &'static str, run: fn(&G::Case, bool) -> G::Outcome) -> Self {
        FnEngine { name, run }
    }
}

impl<G: Check> Engine<G> for FnEngine<G> {
    fn name(&self) -> &str {
        self.name
    }
    fn run(&self, case: &G::Case, trace: bool) -> Result<Output<G::Outcome>, Fault> {
        Ok(Output::Outcome((self.run)(case, trace)))
    }
}

/// Runs an engine and returns the contest answer (or the fault).
pub fn answer<G: Check>(engine: &dyn Engine<G>, case: &G::Case) -> Result<String, Fault> {
    match engine.run(case, false)? {
        Output::Outcome(o) => Ok(G::answer(&o)),
        Output::Answer(a) => Ok(a),
    }
}
