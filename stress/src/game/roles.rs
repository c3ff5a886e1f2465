//! A problem given by programs as a game of the pipeline: the case is the input with what makes it
//! again ([`Case`]), the reference engine is the brute force, the engine under test the solution,
//! the comparison the checker (or the tokens).
//!
//! The core's roles are static functions; each that has a case at hand reads the problem the case
//! holds ([`Case::installed`]). Those with none at hand cannot reach a problem, and a run of the
//! plug-in does without them: the profile's generator makes a case of no problem, and the batch's
//! cases come from [`FreshCases`] instead, which holds the problem; the engines of the game's table
//! are [`Unbound`], and a run pairs engines built from its problem
//! ([`crate::game::engines::pair`]); a case from fuzzer bytes is of no problem either.

use crate::game::case::{self, Case, Installed, Source};
use crate::game::engines::Unbound;
pub use crate::game::kind::{Answer, Stress};
use crate::game::shrinking;
use arbitrary::Unstructured;
use harness::prelude::*;
use harness::roles::game::EngineEntry;
use harness::roles::{Judgement, Regenerate};
use harness::run::batch::BatchOptions;
use harness::run::cases::{Cases, Origin, Seeded};
use model::ParseError;
use std::sync::Arc;

impl Format for Stress {
    const NAME: &'static str = "stress";
    type Case = Case;

    /// A saved input is a case of its text.
    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        match String::from_utf8(input.to_vec()) {
            Ok(text) => Ok(Case::text(text)),
            Err(_) => Err(ParseError::at_line(1, "the input is not UTF-8 text")),
        }
    }

    fn write(case: &Case) -> String {
        case.input().unwrap_or_default().to_string()
    }

    fn size(case: &Case) -> String {
        match case.input() {
            Ok(text) => {
                let (bytes, tokens, lines) = crate::game::repro::sizes(text);
                format!("{bytes} bytes, {tokens} tokens, {lines} lines")
            }
            Err(_) => "(no input)".into(),
        }
    }

    fn regenerate(case: &Case) -> Option<Regenerate> {
        let installed = case.installed()?;
        Some(crate::game::repro::regenerate(&installed.problem, case))
    }
}

/// The profile's case of `seed` with no problem at hand (module doc): the fresh stream of the seed.
fn unbound_fresh(seed: u64) -> Case {
    Case::unbound(Source::Stream(case::fresh_stream(seed)))
}

impl Generate for Stress {
    const PROFILES: &'static [Profile<Case>] = &[Profile::new(
        "random",
        "a fresh input from the generator: random bytes from the case's seed, or the seed itself",
        unbound_fresh,
    )];

    /// A stream of the fuzzer's bytes, of no problem (module doc).
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let bytes: Vec<u8> = u.arbitrary()?;
        Ok(Case::unbound(Source::Stream(bytes)))
    }
}

/// The batch's cases of a run: case `index` is the fresh case ([`Case::fresh`]) of the seed the
/// core derives from the batch's seed and `index`, with the origin of the profile's case of that
/// seed: the profile's cases, made from the installed problem.
pub struct FreshCases {
    installed: Arc<Installed>,
    seeded: Seeded,
}

impl FreshCases {
    /// The cases of the batch `batch` describes, of `installed`.
    pub fn new(installed: &Arc<Installed>, batch: &BatchOptions) -> Self {
        FreshCases {
            installed: Arc::clone(installed),
            seeded: batch.seeded(),
        }
    }
}

impl Cases<Stress> for FreshCases {
    fn len(&self) -> u64 {
        Cases::<Stress>::len(&self.seeded)
    }

    fn case(&self, index: u64) -> Option<Case> {
        let seed = harness::rng::case_seed(self.seeded.seed, index);
        Some(Case::fresh_at(&self.installed, index, seed))
    }

    fn origin(&self, index: u64) -> Origin {
        Cases::<Stress>::origin(&self.seeded, index)
    }

    fn halted(&self) -> Option<String> {
        self.installed.halted()
    }
}

impl Check for Stress {
    type Outcome = Answer;

    fn answer(outcome: &Answer) -> String {
        outcome.0.clone()
    }

    fn compare(_case: &Case, a: &Answer, b: &Answer, _names: Names<'_>) -> Option<Divergence> {
        harness::roles::difference::compare_tokens(&a.0, &b.0)
            .err()
            .map(|why| Divergence {
                at: harness::prelude::At::Answer,
                what: why.to_string(),
                event: harness::roles::difference::Difference::Tokens(why),
                a_view: a.0.clone(),
                b_view: b.0.clone(),
                context: serde_json::json!({}),
            })
    }

    fn judge_output(case: &Case, trusted: &Answer, output: &str) -> Judgement {
        crate::game::engines::judge(case, &trusted.0, output)
    }
}

impl Shrink for Stress {
    fn weight(case: &Case) -> u64 {
        shrinking::weight(case)
    }

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrinking::candidates(case)
    }

    fn shrink_candidates_costly(case: &Case) -> Vec<Case> {
        shrinking::text_candidates(case)
    }
}

impl Coverage for Stress {}
impl Bounded for Stress {}

impl Game for Stress {
    const ABOUT: &'static str =
        "a problem given by programs: a generator, a brute force, a solution";

    fn reference() -> EngineEntry<Self> {
        EngineEntry {
            name: "reference",
            about: "the brute force: its output is the expected answer",
            build: || Arc::new(Unbound("reference")),
        }
    }

    fn optimized() -> EngineEntry<Self> {
        EngineEntry {
            name: "solution",
            about: "the program under test",
            build: || Arc::new(Unbound("solution")),
        }
    }
}
