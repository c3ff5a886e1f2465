//! The Mayan puzzle for the generic tools.
//!
//! The outcome is the answer itself: the lexicographically smallest sequence of exactly n moves that
//! empties the board, or `None` (`-1`). Two answers are compared move by move ([`compare`]); a
//! difference is explained by replaying both sequences with the reference rules. The generators
//! are in [`gen`], the shrink candidates in [`shrink`].

pub mod compare;
mod explain;
pub mod gen;
pub mod scope;
pub mod scope_swaps;
pub mod shrink;

pub use gen::{build_backwards, MAX_BLOCKS, MAX_FUZZ_BLOCKS, MAX_PLANTED_BLOCKS};

use arbitrary::Unstructured;
use harness::roles::game::{EngineEntry, Game};
use harness::roles::verdict::{Divergence, Names};
use harness::roles::{Bounded, Check, Coverage, Format, Generate, Profile, Shrink};
use model::mayan::{write_answer, Answer, Case, MAX_MOVES};
use model::ParseError;
use reference::mayan::{replay, MoveKind};
use std::time::Duration;

/// The Mayan puzzle.
pub struct Mayan;

const COVERAGE_KEYS: &[&str] = &[
    "solvable",
    "unsolvable",
    "n=1",
    "n=2",
    "n=3",
    "n=4",
    "n=5",
    "empty board",
    "answer: swap move",
    "answer: drop move",
    "answer: left drag",
    "answer: blocks fall after the drag",
    "answer: move removing nothing",
    "answer: swap of two equal blocks",
    "answer: cascade of 2+ waves",
    "answer: 6+ blocks in one move",
];

impl Format for Mayan {
    const NAME: &'static str = "mayan";

    type Case = Case;

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        Case::write(case)
    }

    fn size(case: &Case) -> String {
        format!(
            "n={}, {} blocks, {} colours",
            case.n,
            case.board.blocks(),
            case.board.colours().len()
        )
    }

    /// Two seconds per move, and 100 ns for each sequence of moves the reference's exhaustive
    /// search may try (at most two moves per block, n moves: (2 * blocks)^n). The batch profiles
    /// take about a millisecond on average and well under a second at worst; a full board with
    /// n = 5 (30 blocks, 60^5 sequences) takes the reference 13 s, past the 12 s of the moves
    /// alone (a fuzz run saved one as a hang).
    fn time_limit(case: &Case) -> Duration {
        let moves = 2 * case.board.blocks() as u64;
        let sequences = moves.saturating_pow(u32::try_from(case.n).unwrap_or(u32::MAX));
        Duration::from_secs(2 * case.n as u64 + 2)
            .saturating_add(Duration::from_nanos(sequences.saturating_mul(100)))
    }
}

impl Generate for Mayan {
    const PROFILES: &'static [Profile<Case>] = gen::PROFILES;

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        gen::arbitrary(u)
    }
}

impl Check for Mayan {
    type Outcome = Answer;

    /// The moves, or -1 when there is no answer.
    fn answer(outcome: &Answer) -> String {
        write_answer(outcome)
    }

    fn compare(
        case: &Case,
        reference: &Answer,
        optimized: &Answer,
        names: Names<'_>,
    ) -> Option<Divergence> {
        compare::compare(case, reference, optimized, names)
    }
}

impl Shrink for Mayan {
    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrink::candidates(case)
    }

    fn weight(case: &Case) -> u64 {
        let colour_sum: u64 = case
            .board
            .cells
            .iter()
            .flatten()
            .map(|&c| u64::from(c))
            .sum();
        case.n as u64 * 1_000_000
            + case.board.blocks() as u64 * 10_000
            + case.board.colours().len() as u64 * 1_000
            + colour_sum
    }

    fn variants(case: &Case) -> Vec<harness::roles::verdict::Part<Case>> {
        explain::variants(case)
    }

    fn picture(case: &Case, explained: &harness::roles::verdict::Explanation) -> Option<String> {
        explain::picture(case, explained)
    }
}

impl Coverage for Mayan {
    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Answer, hits: &mut [bool]) {
        hits[if outcome.is_some() {
            const { harness::roles::coverage::index(COVERAGE_KEYS, "solvable") }
        } else {
            const { harness::roles::coverage::index(COVERAGE_KEYS, "unsolvable") }
        }] = true;
        hits[const { harness::roles::coverage::index(COVERAGE_KEYS, "n=1") }
            + case.n.clamp(1, MAX_MOVES)
            - 1] = true;
        if case.board.is_cleared() {
            hits[const { harness::roles::coverage::index(COVERAGE_KEYS, "empty board") }] = true;
        }
        let Some(moves) = outcome else {
            return;
        };
        let Ok(played) = replay(&case.board, moves) else {
            return;
        };
        let mut before = case.board;
        for (m, p) in moves.iter().zip(&played) {
            hits[match p.kind {
                MoveKind::Swap => {
                    const { harness::roles::coverage::index(COVERAGE_KEYS, "answer: swap move") }
                }
                MoveKind::Drop => {
                    const { harness::roles::coverage::index(COVERAGE_KEYS, "answer: drop move") }
                }
            }] = true;
            hits[const { harness::roles::coverage::index(COVERAGE_KEYS, "answer: left drag") }] |=
                m.g == -1;
            hits[const {
                harness::roles::coverage::index(COVERAGE_KEYS, "answer: blocks fall after the drag")
            }] |= p.fell;
            hits[const {
                harness::roles::coverage::index(COVERAGE_KEYS, "answer: move removing nothing")
            }] |= p.removed == 0;
            hits[const {
                harness::roles::coverage::index(COVERAGE_KEYS, "answer: swap of two equal blocks")
            }] |= p.kind == MoveKind::Swap && p.board == before;
            hits[const {
                harness::roles::coverage::index(COVERAGE_KEYS, "answer: cascade of 2+ waves")
            }] |= p.waves >= 2;
            hits[const {
                harness::roles::coverage::index(COVERAGE_KEYS, "answer: 6+ blocks in one move")
            }] |= p.removed >= 6;
            before = p.board;
        }
    }
}

impl Game for Mayan {
    const ABOUT: &'static str = "Mayan puzzle (NOIP 2011, Luogu P1312)";

    fn reference() -> EngineEntry<Self> {
        harness::engine_entry!(
            "reference",
            "plain exhaustive search in lexicographic order (reference::mayan)",
            |case, _| reference::mayan::solve(case)
        )
    }

    fn optimized() -> EngineEntry<Self> {
        harness::engine_entry!(
            "optimized",
            "packed boards and safe prunes (engine::mayan)",
            |case, _| engine::mayan::solve(case)
        )
    }
}

impl Bounded for Mayan {
    fn scopes() -> &'static [harness::roles::scope::NamedScope] {
        scope::NAMED
    }

    fn scope(
        expr: &str,
    ) -> Result<Box<dyn harness::roles::scope::Scope<Case>>, harness::roles::scope::ScopeError>
    {
        harness::roles::scope::build(
            scope::NAMED,
            expr,
            |family, e, text| Ok(Box::new(scope_swaps::parse(family, e, text)?)),
            |text| Ok(Box::new(scope::parse(text)?)),
        )
    }
}

#[cfg(test)]
mod tests;
