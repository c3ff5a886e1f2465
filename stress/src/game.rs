//! A problem given by programs as a game of the pipeline: the case is the input with what makes it
//! again ([`Case`]), the reference engine is the brute force, the engine under test the solution,
//! the comparison the checker (or the tokens). The roles are static: they read the problem
//! installed for the run ([`crate::problem::install`]).

use crate::case::{Case, Source};
pub use crate::kind::{Answer, Stress};
use crate::problem::{self, Generator};
use crate::shrinking;
use arbitrary::Unstructured;
use harness::prelude::*;
use harness::roles::game::EngineEntry;
use harness::roles::{Judgement, Regenerate};
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
                let (bytes, tokens, lines) = crate::repro::sizes(text);
                format!("{bytes} bytes, {tokens} tokens, {lines} lines")
            }
            Err(_) => "(no input)".into(),
        }
    }

    fn regenerate(case: &Case) -> Option<Regenerate> {
        let installed = problem::get()?;
        Some(crate::repro::regenerate(&installed.problem, case))
    }
}

impl Generate for Stress {
    const PROFILES: &'static [Profile<Case>] = &[Profile::new(
        "random",
        "a fresh input from the generator: random bytes from the case's seed, or the seed itself",
        Case::fresh,
    )];

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let bytes: Vec<u8> = u.arbitrary()?;
        Ok(match problem::get().map(|p| p.problem.generator.clone()) {
            Some(Generator::Seed(cmd)) => {
                Case::candidate(Source::Seed(crate::reduce::args::SeedCall {
                    args: cmd.args().to_vec(),
                    seed: harness::rng::fnv1a_64(&bytes),
                }))
            }
            _ => Case::candidate(Source::Stream(bytes)),
        })
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
        crate::engines::judge(case, &trusted.0, output)
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
            build: || Arc::new(crate::engines::Reference),
        }
    }

    fn optimized() -> EngineEntry<Self> {
        EngineEntry {
            name: "solution",
            about: "the program under test",
            build: || Arc::new(crate::engines::Solution),
        }
    }
}
