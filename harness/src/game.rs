//! What a game tells the generic tools (diff, shrink, judge, bench, replay, fuzz): its cases, how to
//! generate, read and write them, how to compare two outcomes down to the first differing event,
//! how to make a failing case smaller, and which engines it ships.
//!
//! A game describes cases; engines run them ([`crate::engine::Engine`]); the harness pairs any two.

use crate::engine::{Engine, FnEngine};
use arbitrary::Unstructured;
use model::ParseError;
use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

/// A named family of generated cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub name: &'static str,
    /// One line for `--help` and reports.
    pub about: &'static str,
}

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

/// One row of a game's default benchmark.
#[derive(Debug, Clone, Copy)]
pub struct BenchRow {
    pub profile: &'static str,
    pub cases: usize,
}

/// An engine a game ships, built by name.
pub struct EngineEntry<G: Game> {
    pub name: &'static str,
    pub about: &'static str,
    pub build: fn() -> Arc<dyn Engine<G>>,
}

impl<G: Game> Clone for EngineEntry<G> {
    fn clone(&self) -> Self {
        EngineEntry {
            name: self.name,
            about: self.about,
            build: self.build,
        }
    }
}

pub trait Game: Send + Sync + Sized + 'static {
    /// The game's name on the command line: "texas", "mayan", "nogo".
    const NAME: &'static str;
    type Case: Clone + Debug + PartialEq + Send + Sync + 'static;
    type Outcome: Clone + Debug + Send + Sync + 'static;

    /// The generator profiles. The first one is the default.
    fn profiles() -> &'static [Profile];

    /// Profiles the reference cannot finish in a batch (benchmarks of the optimized engine only).
    /// They are left out of `--profile all` and refused where the reference would run them.
    fn bench_only() -> &'static [&'static str] {
        &[]
    }

    /// Generates a case: a pure function of (profile, seed).
    fn generate(profile: &Profile, seed: u64) -> Self::Case;

    /// Builds a valid case from fuzzer bytes (the `arbitrary` path of the generators).
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Self::Case>;

    /// Parses the contest input format, checking every constraint.
    fn parse(input: &[u8]) -> Result<Self::Case, ParseError>;

    /// Writes the contest input format: `parse(write(c))` gives `c` back.
    fn write(case: &Self::Case) -> String;

    /// The engines the game ships. The first is the trusted reference, the second the optimized
    /// engine; `harness --engine NAME` picks among them (and among engines a user registers).
    fn engines() -> Vec<EngineEntry<Self>>;

    /// The contest output for an outcome, ending with a newline (may be empty for NoGo).
    fn answer(outcome: &Self::Outcome) -> String;

    /// The first difference between two traced outcomes (`a` trusted, `b` under test), or `None`
    /// when they are identical in every compared respect (answer, breakdown, trace, final state).
    fn compare(
        case: &Self::Case,
        a: &Self::Outcome,
        b: &Self::Outcome,
        names: Names<'_>,
    ) -> Option<Divergence>;

    /// Smaller variants of a case, every one valid, the most aggressive reductions first. The
    /// shrinker keeps the first one that still fails and asks again, until none does.
    fn shrink_candidates(case: &Self::Case) -> Vec<Self::Case>;

    /// More smaller variants (valid, the most aggressive first), asked for only when no candidate
    /// of [`Game::shrink_candidates`] fails: steps too costly to build at every step of a shrink,
    /// for the fixed points the others reach. None by default.
    fn shrink_candidates_costly(_case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }

    /// A short description of the case's size, e.g. "8x8, k=5, q=12".
    fn size(case: &Self::Case) -> String;

    /// A number that orders cases by size (the shrinker only accepts strictly smaller cases).
    fn weight(case: &Self::Case) -> u64;

    /// How long one engine may take on a case before it counts as a hang: generous for the
    /// reference on a loaded machine, derived from the case's size.
    fn time_limit(case: &Self::Case) -> Duration;

    /// Every rule-coverage counter this game reports, in display order.
    fn coverage_keys() -> &'static [&'static str];

    /// The coverage counters a case hit (each key at most once per case), given a traced outcome.
    fn coverage(case: &Self::Case, outcome: &Self::Outcome) -> Vec<&'static str>;

    /// The default rows of `harness bench`.
    fn bench_rows() -> &'static [BenchRow];

    /// Profiles whose cases seed the fuzzers (`harness seeds`).
    fn seed_profiles() -> &'static [&'static str];

    /// Says why a program's output is not even of the expected form (for instance "not a
    /// number"), or `None` when it is. Checked before [`Game::judge`]; the default accepts any form.
    fn malformed(_output: &str) -> Option<String> {
        None
    }

    /// Judges a program's output for this case, given a trusted outcome. `Ok(())` accepts; `Err`
    /// says what is wrong. The default compares whitespace-separated tokens with the answer.
    fn judge(_case: &Self::Case, trusted: &Self::Outcome, output: &str) -> Result<(), String> {
        compare_tokens(&Self::answer(trusted), output)
    }

    /// A self-contained HTML page picturing a case and what both engines made of it
    /// ([`crate::html`]). The default shows the verdict, both answers, the first difference with
    /// both views, and the input.
    fn html(view: &crate::html::View<'_, Self>) -> String {
        crate::html::generic(view)
    }

    /// The profile called `name`, if the game has one.
    fn profile(name: &str) -> Option<&'static Profile> {
        Self::profiles().iter().find(|p| p.name == name)
    }
}

/// Which profiles a batch draws from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileChoice {
    /// One profile for every case.
    One(&'static Profile),
    /// Case `i` uses the `i mod P`-th of these (`--profile all`).
    Cycle(Vec<&'static Profile>),
}

impl ProfileChoice {
    /// Parses a `--profile` value for game `G` ("all" or a profile name): an unknown name is an
    /// error that lists the known ones.
    pub fn parse<G: Game>(name: Option<&str>) -> anyhow::Result<Self> {
        match name {
            None => Ok(ProfileChoice::One(&G::profiles()[0])),
            Some("all") => Ok(ProfileChoice::Cycle(all_profiles::<G>())),
            Some(p) => match G::profile(p) {
                Some(profile) => Ok(ProfileChoice::One(profile)),
                None => {
                    let names: Vec<&str> = G::profiles().iter().map(|x| x.name).collect();
                    anyhow::bail!(
                        "unknown profile `{p}` for {}: choose one of {}, or all",
                        G::NAME,
                        names.join(", ")
                    )
                }
            },
        }
    }

    /// The profile of case `index`.
    pub fn of(&self, index: u64) -> &'static Profile {
        match self {
            ProfileChoice::One(p) => p,
            ProfileChoice::Cycle(all) => all[(index % all.len() as u64) as usize],
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            ProfileChoice::One(p) => p.name,
            ProfileChoice::Cycle(_) => "all",
        }
    }

    /// The profiles this choice uses.
    pub fn profiles(&self) -> Vec<&'static Profile> {
        match self {
            ProfileChoice::One(p) => vec![p],
            ProfileChoice::Cycle(all) => all.clone(),
        }
    }

    /// Refuses profiles the reference cannot finish, naming them.
    pub fn require_reference<G: Game>(&self) -> anyhow::Result<()> {
        for p in self.profiles() {
            if G::bench_only().contains(&p.name) {
                anyhow::bail!(
                    "profile `{}` of {} is for benchmarks of the optimized engine only: the \
                     reference cannot finish its cases in a batch (bench-only profiles: {})",
                    p.name,
                    G::NAME,
                    G::bench_only().join(", ")
                );
            }
        }
        Ok(())
    }
}

/// Every profile the reference can finish, the default mix first (`--profile all`).
pub fn all_profiles<G: Game>() -> Vec<&'static Profile> {
    G::profiles()
        .iter()
        .filter(|p| !G::bench_only().contains(&p.name))
        .collect()
}

/// The game's built-in engine called `name`.
pub fn builtin<G: Game>(name: &str) -> Option<Arc<dyn Engine<G>>> {
    G::engines()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| (e.build)())
}

/// The game's trusted reference engine (its first engine).
pub fn reference<G: Game>() -> Arc<dyn Engine<G>> {
    let all = G::engines();
    (all[0].build)()
}

/// The game's optimized engine (its second engine).
pub fn optimized<G: Game>() -> Arc<dyn Engine<G>> {
    let all = G::engines();
    (all[1].build)()
}

/// An engine entry from a function that computes an outcome (traced or not).
pub fn entry<G: Game>(
    name: &'static str,
    about: &'static str,
    build: fn() -> Arc<dyn Engine<G>>,
) -> EngineEntry<G> {
    EngineEntry { name, about, build }
}

/// Shorthand for a built-in engine made of a function.
pub fn function<G: Game>(
    name: &'static str,
    run: fn(&G::Case, bool) -> G::Outcome,
) -> Arc<dyn Engine<G>> {
    Arc::new(FnEngine::new(name, run))
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
