//! The interface every game offers to the generic tools (diff, shrink, judge, bench, replay, fuzz).
//!
//! A game names its case and outcome types, how to generate a case from (profile, seed), how to run
//! either engine, how to compare two outcomes down to the first differing event, and how to make a
//! failing case smaller. Everything else is written once, in the generic modules.

use arbitrary::Unstructured;
use model::ParseError;
use std::fmt::Debug;

/// Which engine to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// The fast engine (`engine` crate).
    Optimized,
    /// The naive engine that reads like the rules (`reference` crate).
    Reference,
}

impl EngineKind {
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Optimized => "optimized",
            EngineKind::Reference => "reference",
        }
    }
}

/// A named family of generated cases.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    pub name: &'static str,
    /// One line for `--help` and reports.
    pub about: &'static str,
}

/// The first difference between the reference's and the optimized engine's outcome.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Divergence {
    /// Where it happens, e.g. "operation 3, round 2" or "answer".
    pub at: String,
    /// What differs, in one line, e.g. "removed cells differ: reference 12 cells, optimized 9".
    pub what: String,
    /// What the reference saw at that moment (a board picture, a move list), one item per line.
    pub reference_view: String,
    /// The same for the optimized engine.
    pub optimized_view: String,
    /// Machine-readable context for the JSON report (for instance both traces around the event).
    pub context: serde_json::Value,
}

pub trait Game: Send + Sync + 'static {
    /// The game's name on the command line: "texas", "mayan", "nogo".
    const NAME: &'static str;
    type Case: Clone + Debug + PartialEq + Send + Sync;
    type Outcome: Clone + Debug + Send + Sync;

    /// The generator profiles. The first one is the default.
    fn profiles() -> &'static [Profile];

    /// Generates a case: a pure function of (profile, seed). `profile` is one of `profiles()`.
    fn generate(profile: &str, seed: u64) -> Self::Case;

    /// Builds a valid case from fuzzer bytes (the `arbitrary` path of the generators).
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Self::Case>;

    /// Parses the contest input format, checking every constraint.
    fn parse(input: &[u8]) -> Result<Self::Case, ParseError>;

    /// Writes the contest input format: `parse(write(c))` gives `c` back.
    fn write(case: &Self::Case) -> String;

    /// Runs one engine. With `trace` the outcome carries everything `compare` looks at; without it
    /// only what the answer needs (benchmarks use this).
    fn run(case: &Self::Case, engine: EngineKind, trace: bool) -> Self::Outcome;

    /// The contest output for an outcome, ending with a newline (may be empty for NoGo).
    fn answer(outcome: &Self::Outcome) -> String;

    /// The first difference between two traced outcomes, or `None` when they are identical in
    /// every compared respect (answer, breakdown, trace, final state).
    fn compare(
        case: &Self::Case,
        reference: &Self::Outcome,
        optimized: &Self::Outcome,
    ) -> Option<Divergence>;

    /// Smaller variants of a case, every one valid, the most aggressive reductions first. The
    /// shrinker keeps the first one that still fails and asks again, until none does.
    fn shrink_candidates(case: &Self::Case) -> Vec<Self::Case>;

    /// A short description of the case's size, e.g. "8x8, k=5, q=12".
    fn size(case: &Self::Case) -> String;

    /// A number that orders cases by size (the shrinker only accepts strictly smaller cases).
    fn weight(case: &Self::Case) -> u64;

    /// Every rule-coverage counter this game reports, in display order.
    fn coverage_keys() -> &'static [&'static str];

    /// The coverage counters a case hit (each key at most once per case), given its reference outcome.
    fn coverage(case: &Self::Case, outcome: &Self::Outcome) -> Vec<&'static str>;

    /// Says why an external program's output is not even of the expected form (for instance "not
    /// a number"), or `None` when it is. Checked before [`Game::judge`]; the default accepts any form.
    fn malformed(_output: &str) -> Option<String> {
        None
    }

    /// Judges an external program's standard output for this case, given the reference outcome.
    /// `Ok(())` accepts; `Err` says what is wrong. The default compares whitespace-separated tokens
    /// with the reference's answer.
    fn judge(_case: &Self::Case, reference: &Self::Outcome, output: &str) -> Result<(), String> {
        let want = Self::answer(reference);
        compare_tokens(&want, output)
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
