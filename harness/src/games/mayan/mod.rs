//! The Mayan puzzle for the generic tools.
//!
//! The outcome is the answer itself: the lexicographically smallest sequence of exactly n moves that
//! empties the board, or `None` (`-1`). Two answers are compared move by move ([`compare`]); a
//! difference is explained by replaying both sequences with the reference rules. The generators
//! are in [`gen`], the shrink candidates in [`shrink`].

pub mod compare;
pub mod gen;
pub mod shrink;

pub use gen::{build_backwards, MAX_BLOCKS, MAX_FUZZ_BLOCKS, MAX_PLANTED_BLOCKS};

use crate::game::{function, BenchRow, Divergence, EngineEntry, Game, Names, Profile};
use arbitrary::Unstructured;
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

impl Game for Mayan {
    const NAME: &'static str = "mayan";
    type Case = Case;
    type Outcome = Answer;

    fn profiles() -> &'static [Profile] {
        gen::PROFILES
    }

    fn bench_only() -> &'static [&'static str] {
        &["dense"]
    }

    fn generate(profile: &Profile, seed: u64) -> Case {
        gen::generate(profile, seed)
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        gen::arbitrary(u)
    }

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn engines() -> Vec<EngineEntry<Self>> {
        vec![
            EngineEntry {
                name: "reference",
                about: "plain exhaustive search in lexicographic order (reference::mayan)",
                build: || function::<Mayan>("reference", |case, _| reference::mayan::solve(case)),
            },
            EngineEntry {
                name: "optimized",
                about: "packed boards and safe prunes (engine::mayan)",
                build: || function::<Mayan>("optimized", |case, _| engine::mayan::solve(case)),
            },
        ]
    }

    /// Two seconds per move: the reference's exhaustive search over the batch profiles takes about
    /// a millisecond on average and well under a second at worst.
    fn time_limit(case: &Case) -> Duration {
        Duration::from_secs(2 * case.n as u64 + 2)
    }

    fn bench_rows() -> &'static [BenchRow] {
        &[
            BenchRow {
                profile: "mix",
                cases: 200,
            },
            BenchRow {
                profile: "solvable",
                cases: 200,
            },
            BenchRow {
                profile: "dense",
                cases: 1,
            },
        ]
    }

    fn seed_profiles() -> &'static [&'static str] {
        &["solvable", "random", "sparse"]
    }

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

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrink::candidates(case)
    }

    fn size(case: &Case) -> String {
        format!(
            "n={}, {} blocks, {} colours",
            case.n,
            case.board.blocks(),
            case.board.colours().len()
        )
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

    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Answer) -> Vec<&'static str> {
        let mut keys = Vec::new();
        keys.push(if outcome.is_some() {
            "solvable"
        } else {
            "unsolvable"
        });
        keys.push(COVERAGE_KEYS[2 + case.n.clamp(1, MAX_MOVES) - 1]);
        if case.board.is_cleared() {
            keys.push("empty board");
        }
        let Some(moves) = outcome else {
            return keys;
        };
        let Ok(played) = replay(&case.board, moves) else {
            return keys;
        };
        let mut before = case.board;
        let hit = |key: &'static str, keys: &mut Vec<&'static str>| {
            if !keys.contains(&key) {
                keys.push(key);
            }
        };
        for (m, p) in moves.iter().zip(&played) {
            hit(
                match p.kind {
                    MoveKind::Swap => "answer: swap move",
                    MoveKind::Drop => "answer: drop move",
                },
                &mut keys,
            );
            if m.g == -1 {
                hit("answer: left drag", &mut keys);
            }
            if p.fell {
                hit("answer: blocks fall after the drag", &mut keys);
            }
            if p.removed == 0 {
                hit("answer: move removing nothing", &mut keys);
            }
            if p.kind == MoveKind::Swap && p.board == before {
                hit("answer: swap of two equal blocks", &mut keys);
            }
            if p.waves >= 2 {
                hit("answer: cascade of 2+ waves", &mut keys);
            }
            if p.removed >= 6 {
                hit("answer: 6+ blocks in one move", &mut keys);
            }
            before = p.board;
        }
        keys
    }
}

#[cfg(test)]
mod tests;
