//! The roles a game plays for the generic tools, each a small trait; [`crate::roles::game::Game`] bundles
//! them. A leaf module: they depend on nothing but the verdict words and the scope role, so that
//! engines ([`crate::roles::engine`]) and the page kit ([`crate::roles::html`]) name a game's case and outcome
//! without the bundle, and no module imports in a circle.

pub mod compare;
pub mod coverage;
pub mod difference;
pub mod engine;
mod fault_words;
pub mod game;
pub mod grid;
pub mod html;
pub mod oracle;
pub mod scope;
pub mod source;
pub mod verdict;

use crate::roles::difference::{compare_tokens, Differs};
use crate::roles::verdict::{Divergence, Explanation, Names, Part};
use arbitrary::Unstructured;
use model::ParseError;
use std::fmt::Debug;
use std::time::Duration;

/// A named family of generated cases, with its generator and what the tools do with it.
pub struct Profile<C: 'static> {
    pub name: &'static str,
    /// One line for `--help` and reports.
    pub about: &'static str,
    /// The reference cannot finish its cases in a batch: benchmarks of the optimized engine only
    /// (left out of `--profile all`, refused where the reference would run).
    pub bench_only: bool,
    /// Its cases seed the fuzzers (`harness seeds`).
    pub(crate) fuzz_seed: bool,
    /// Cases of this profile in the default `harness bench` (0: not one of its rows).
    pub(crate) bench_cases: usize,
    /// Generates a case of this profile: a pure function of the seed.
    pub(crate) generate: fn(u64) -> C,
}

impl<C> Profile<C> {
    /// A profile used by batches only (no fuzz seeds, no default bench row), whose cases
    /// `generate` makes from seeds.
    pub const fn new(name: &'static str, about: &'static str, generate: fn(u64) -> C) -> Self {
        Profile {
            name,
            about,
            bench_only: false,
            fuzz_seed: false,
            bench_cases: 0,
            generate,
        }
    }
    /// Marks it for benchmarks of the optimized engine only.
    pub const fn bench_only(mut self) -> Self {
        self.bench_only = true;
        self
    }
    /// Marks its cases as fuzz seeds.
    pub const fn fuzz_seed(mut self) -> Self {
        self.fuzz_seed = true;
        self
    }
    /// Makes it a row of the default `harness bench`, with this many cases.
    pub const fn bench(mut self, cases: usize) -> Self {
        self.bench_cases = cases;
        self
    }
    /// The case of this profile for `seed`.
    pub fn case(&self, seed: u64) -> C {
        (self.generate)(seed)
    }
}

impl<C> Clone for Profile<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Profile<C> {}

/// Profiles are told apart by name and flags (a game's profiles have distinct names).
impl<C> PartialEq for Profile<C> {
    fn eq(&self, other: &Self) -> bool {
        (
            self.name,
            self.about,
            self.bench_only,
            self.fuzz_seed,
            self.bench_cases,
        ) == (
            other.name,
            other.about,
            other.bench_only,
            other.fuzz_seed,
            other.bench_cases,
        )
    }
}

impl<C> Eq for Profile<C> {}

impl<C> Debug for Profile<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Profile")
            .field("name", &self.name)
            .field("bench_only", &self.bench_only)
            .field("fuzz_seed", &self.fuzz_seed)
            .field("bench_cases", &self.bench_cases)
            .finish_non_exhaustive()
    }
}

/// What makes a case again when its text alone does not say how it was made (a problem's generator
/// and the bytes or arguments it was given): shown in the report of a repro and saved beside it
/// ([`Format::regenerate`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Regenerate {
    /// A shell command that makes the failure again; `{repro}` stands for the saved repro's path
    /// without its extension (the files of `files` are beside it), quoted for a shell when it needs
    /// to be (an extension written right after it joins the word: `'my dir/x'.in`).
    pub reproduce: String,
    /// Lines of the text report (each ending with a newline): what regenerates the case, sizes;
    /// `{repro}` as in `reproduce`.
    pub text: String,
    /// The same for the JSON saved beside the repro (its `regenerate` entry).
    pub json: serde_json::Value,
    /// Files saved beside the repro: (extension, bytes), e.g. `("bin", stream)`.
    pub files: Vec<(String, Vec<u8>)>,
}

/// The case and its text format.
pub trait Format: Send + Sync + Sized + 'static {
    /// The game's name on the command line ("texas", "2048"): also its folder under `corpus/`.
    const NAME: &'static str;
    type Case: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Parses the contest input format, checking every constraint.
    fn parse(input: &[u8]) -> Result<Self::Case, ParseError>;

    /// Writes the contest input format: `parse(write(c))` gives `c` back.
    fn write(case: &Self::Case) -> String;

    /// A short description of the case's size, e.g. "8x8, k=5, q=12".
    fn size(case: &Self::Case) -> String;

    /// How long one engine may take on a case before it counts as a hang: generous for the
    /// reference on a loaded machine. Ten seconds by default; derive it from the case's size.
    fn time_limit(_case: &Self::Case) -> Duration {
        Duration::from_secs(10)
    }

    /// What makes the case again beyond its origin (a problem's generator stream or arguments),
    /// for the report and the files of a repro. `None` by default: the case's origin says it all.
    fn regenerate(_case: &Self::Case) -> Option<Regenerate> {
        None
    }
}

/// Cases from seeds and from fuzzer bytes.
pub trait Generate: Format {
    /// The generator profiles, each with its generator. The first one is the default.
    const PROFILES: &'static [Profile<Self::Case>];

    /// Generates a case: a pure function of (profile, seed), by the profile's own generator.
    fn generate(profile: &Profile<Self::Case>, seed: u64) -> Self::Case {
        profile.case(seed)
    }

    /// Builds a valid case from fuzzer bytes (the `arbitrary` path of the generators).
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Self::Case>;

    /// The profile called `name`, if the game has one.
    fn profile(name: &str) -> Option<&'static Profile<Self::Case>> {
        Self::PROFILES.iter().find(|p| p.name == name)
    }
}

/// What a judge of answers made of a program's output, in a contest checker's terms (testlib's exit
/// codes 0, 1, 2 and 3): [`Check::judge_output`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The output is right.
    Accepted,
    /// The output is wrong: why, with the kind of the difference (failures are grouped by it).
    WrongAnswer(Differs),
    /// The output is not of the expected form: why.
    PresentationError(String),
    /// The judge itself failed (a checker's exit status 3, or a checker that could not run): the
    /// engine under test is not to blame; why.
    JudgeFailed(String),
}

/// What an engine computes, and how two results (or a program's output) are judged.
pub trait Check: Format {
    type Outcome: Clone + Debug + Send + Sync + 'static;

    /// The contest output for an outcome, ending with a newline (may be empty).
    fn answer(outcome: &Self::Outcome) -> String;

    /// Appends the same text to `out`: an answer that is a number overrides it to write into a
    /// buffer that is kept, so a bounded verification (which digests every answer) allocates
    /// nothing for it.
    fn write_answer(outcome: &Self::Outcome, out: &mut String) {
        out.push_str(&Self::answer(outcome));
    }

    /// The first difference between two traced outcomes (`a` trusted, `b` under test), or `None`
    /// when they are identical in every compared respect. An outcome that is a list of events
    /// compares with [`crate::roles::compare::traced`].
    fn compare(
        case: &Self::Case,
        a: &Self::Outcome,
        b: &Self::Outcome,
        names: Names<'_>,
    ) -> Option<Divergence>;

    /// Says why a program's output is not even of the expected form (for instance "not a
    /// number"), or `None` when it is. Checked before [`Check::judge`]; the default accepts any form.
    fn malformed(_output: &str) -> Option<String> {
        None
    }

    /// Judges a program's output for this case, given a trusted outcome. `Ok(())` accepts; `Err`
    /// says what is wrong and of what kind. The default compares whitespace-separated tokens with
    /// the answer.
    fn judge(_case: &Self::Case, trusted: &Self::Outcome, output: &str) -> Result<(), Differs> {
        compare_tokens(&Self::answer(trusted), output).map_err(Differs::from)
    }

    /// Judges a program's output with the four verdicts of a contest checker ([`Judgement`]).
    /// [`Check::judge`]'s verdict by default (accepted, or a wrong answer); a game whose judge can
    /// fail on its own, or tell a presentation error apart, overrides it.
    fn judge_output(case: &Self::Case, trusted: &Self::Outcome, output: &str) -> Judgement {
        match Self::judge(case, trusted, output) {
            Ok(()) => Judgement::Accepted,
            Err(why) => Judgement::WrongAnswer(why),
        }
    }
}

/// Smaller variants of a failing case.
pub trait Shrink: Format {
    /// A number that orders cases by size (the shrinker only accepts strictly smaller cases).
    fn weight(case: &Self::Case) -> u64;

    /// Smaller variants of a case, every one valid, the most aggressive reductions first. The
    /// shrinker keeps the first one that still fails and asks again, until none does. A grid
    /// plus a list of operations shrinks with [`crate::roles::grid::candidates`] in one line.
    /// None by default.
    fn shrink_candidates(_case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }

    /// More smaller variants (valid, the most aggressive first), asked for only when no candidate
    /// of [`Shrink::shrink_candidates`] fails: steps too costly to build at every step of a shrink,
    /// for the fixed points the others reach. None by default.
    fn shrink_candidates_costly(_case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }

    /// Variants of a shrunk case, one group per part of it (a cell's colour, an operation), every
    /// variant valid and differing from the case in that part only: the explain phase
    /// ([`crate::run::explain`]) reports a part whose every variant still fails the same way as one
    /// that does not matter. None by default (nothing is explained); for a grid plus operations
    /// case [`crate::roles::grid::parts`] in one line.
    fn variants(_case: &Self::Case) -> Vec<Part<Self::Case>> {
        Vec::new()
    }

    /// The case as text with the parts that do not matter shown as `?`, for the report of a
    /// repro. None by default.
    fn picture(_case: &Self::Case, _explained: &Explanation) -> Option<String> {
        None
    }
}

/// Rule coverage: which rules a batch reached, counted per case.
pub trait Coverage: Check {
    /// Every counter, in display order. None by default.
    fn coverage_keys() -> &'static [&'static str] {
        &[]
    }

    /// Whether the case reached each counter of `coverage_keys()`, in order, given a traced
    /// outcome of the trusted engine. None by default.
    fn reached(_case: &Self::Case, _outcome: &Self::Outcome) -> impl IntoIterator<Item = bool> {
        []
    }

    /// Sets `hits[i]` for every counter `coverage_keys()[i]` the case reached, given a traced
    /// outcome of the trusted engine. `hits` has one entry per key, all false on entry. By default
    /// the flags of [`Coverage::reached`].
    fn coverage(case: &Self::Case, outcome: &Self::Outcome, hits: &mut [bool]) {
        for (hit, reached) in hits.iter_mut().zip(Self::reached(case, outcome)) {
            *hit |= reached;
        }
    }
}

/// Bounded scopes: every case up to some size, for `harness verify` ([`crate::roles::scope`]). None by
/// default; a game that names scopes parses expressions too.
pub trait Bounded: Format {
    /// The named scopes, smallest first: `harness scopes` lists them, `--scope NAME` picks one.
    fn scopes() -> &'static [crate::roles::scope::NamedScope] {
        &[]
    }

    /// The scope an expression describes (a named scope is resolved to its expression first).
    fn scope(
        _expr: &str,
    ) -> Result<Box<dyn crate::roles::scope::Scope<Self::Case>>, crate::roles::scope::ScopeError>
    {
        Err(crate::roles::scope::ScopeError::new(
            "",
            format!("{} has no bounded scopes", Self::NAME),
        ))
    }
}
