//! NoGo for the generic tools.
//!
//! The case is the board (the contest input). The outcome is the play-out plus the checker's
//! verdicts on a family of proposed move lists ([`proposals()`]): the play-out itself, prefixes,
//! lists with a move replaced, swapped, dropped or appended. The family is a pure function of the
//! board and the play-out, so when both engines play out alike their checkers judge exactly the
//! same lists, and [`compare`] diffs the play-outs first and the verdicts after. Generation is in
//! [`gen`], shrinking in [`shrink`].

pub mod compare;
mod explain;
pub mod gen;
pub mod proposals;
pub mod scope;
pub mod shrink;

pub use gen::{random_board, repair, SMALL_N};
pub use proposals::{board_hash, proposals, Proposal};

use arbitrary::Unstructured;
use harness::roles::difference::Differs;
use harness::roles::game::{function, Checker, EngineEntry, Game};
use harness::roles::verdict::{Divergence, Names};
use harness::roles::{Bounded, Check, Coverage, Format, Generate, Profile, Shrink};
use model::nogo::{parse_moves, write_moves, Board, Move, Verdict};
use model::ParseError;
use std::time::Duration;

/// NoGo play-out (docs/rules.md, NoGo).
pub struct Nogo;

/// The kinds of illegal points the reference's scans met (filled by a traced reference run only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IllegalSeen {
    pub suicide: bool,
    pub fills_last_liberty: bool,
    pub both: bool,
}

/// What an engine computes for a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The play-out.
    pub moves: Vec<Move>,
    /// The checker's verdict on each proposal (empty when run without a trace).
    pub checks: Vec<(Proposal, Verdict)>,
    /// Set by a traced reference run, for the coverage counters.
    pub illegal_seen: Option<IllegalSeen>,
}

const COVERAGE: &[&str] = &[
    "1x1 board",
    "game ends at once",
    "ends with X to move",
    "ends with O to move",
    "illegal: suicide",
    "illegal: fills last liberty",
    "illegal: both",
    "check: ok",
    "check: ok, not the play-out",
    "check: illegal",
    "check: occupied",
    "check: off board",
    "check: not over",
];

/// Which of the game's two engines runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Reference,
    Optimized,
}

/// One engine's outcome: its play-out, and with a trace its checker's verdicts on the proposals.
fn run(case: &Board, side: Side, trace: bool) -> Outcome {
    let (moves, illegal_seen) = run_playout(case, side, trace);
    let checks = if trace {
        proposals(case, &moves)
            .into_iter()
            .map(|p| (p, check_with(side, case, &p.apply(&moves))))
            .collect()
    } else {
        Vec::new()
    };
    Outcome {
        moves,
        checks,
        illegal_seen,
    }
}

fn run_playout(case: &Board, side: Side, trace: bool) -> (Vec<Move>, Option<IllegalSeen>) {
    match (side, trace) {
        (Side::Optimized, _) => (engine::nogo::playout(case), None),
        (Side::Reference, false) => (reference::nogo::playout(case), None),
        (Side::Reference, true) => {
            use reference::nogo::Illegal;
            let t = reference::nogo::playout_traced(case);
            let mut seen = IllegalSeen::default();
            for s in &t.skipped {
                match s.why {
                    Illegal::Suicide => seen.suicide = true,
                    Illegal::FillsLastLiberty => seen.fills_last_liberty = true,
                    Illegal::Both => seen.both = true,
                }
            }
            (t.moves, Some(seen))
        }
    }
}

fn check_with(side: Side, case: &Board, moves: &[Move]) -> Verdict {
    match side {
        Side::Optimized => engine::nogo::check(case, moves),
        Side::Reference => reference::nogo::check(case, moves),
    }
}

/// Parses a board and a move list and judges the list with the optimized checker: the body of
/// `harness check --game nogo BOARD MOVES`. A move-list error's rule names the move it is about.
pub fn check_files(board: &[u8], moves: &[u8]) -> Result<Verdict, ParseError> {
    let board = Board::parse(board)?;
    let moves = parse_moves(moves)?;
    Ok(engine::nogo::check(&board, &moves))
}

impl Format for Nogo {
    const NAME: &'static str = "nogo";

    type Case = Board;

    fn parse(input: &[u8]) -> Result<Board, ParseError> {
        Board::parse(input)
    }

    fn write(case: &Board) -> String {
        Board::write(case)
    }

    fn size(case: &Board) -> String {
        format!("{0}x{0}, {1} stones", case.n, case.stones())
    }

    /// Two seconds, plus 2 ns per (point x point): the reference rescans the board for each move.
    fn time_limit(case: &Board) -> Duration {
        let points = (case.n * case.n) as u64;
        Duration::from_secs(2) + Duration::from_nanos(2 * points * points)
    }
}

impl Generate for Nogo {
    const PROFILES: &'static [Profile<Board>] = gen::PROFILES;

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Board> {
        gen::arbitrary(u)
    }
}

impl Check for Nogo {
    type Outcome = Outcome;

    /// The play-out, one move a line.
    fn answer(outcome: &Outcome) -> String {
        write_moves(&outcome.moves)
    }

    fn compare(
        case: &Board,
        reference: &Outcome,
        optimized: &Outcome,
        names: Names<'_>,
    ) -> Option<Divergence> {
        compare::compare(case, reference, optimized, names)
    }

    /// Reads the program's output as a move list and judges it with the optimized checker; a list
    /// the checker accepts must also be the play-out of first legal points.
    fn judge(case: &Board, reference: &Outcome, output: &str) -> Result<(), Differs> {
        compare::judge(case, reference, output)
    }
}

impl Shrink for Nogo {
    fn shrink_candidates(case: &Board) -> Vec<Board> {
        shrink::candidates(case)
    }

    fn weight(case: &Board) -> u64 {
        // Any smaller board weighs less than any larger one: stones <= n * n <= 10^6.
        case.n as u64 * 2_000_000 + case.stones() as u64
    }

    fn variants(case: &Board) -> Vec<harness::roles::verdict::Part<Board>> {
        explain::variants(case)
    }

    fn picture(case: &Board, explained: &harness::roles::verdict::Explanation) -> Option<String> {
        explain::picture(case, explained)
    }
}

impl Coverage for Nogo {
    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE
    }

    fn coverage(case: &Board, outcome: &Outcome, hits: &mut [bool]) {
        let len = outcome.moves.len();
        hits[const { harness::roles::coverage::index(COVERAGE, "1x1 board") }] |= case.n == 1;
        hits[const { harness::roles::coverage::index(COVERAGE, "game ends at once") }] |= len == 0;
        hits[const { harness::roles::coverage::index(COVERAGE, "ends with X to move") }] |=
            len.is_multiple_of(2);
        hits[const { harness::roles::coverage::index(COVERAGE, "ends with O to move") }] |=
            len % 2 == 1;
        if let Some(seen) = outcome.illegal_seen {
            hits[const { harness::roles::coverage::index(COVERAGE, "illegal: suicide") }] |=
                seen.suicide;
            hits[const { harness::roles::coverage::index(COVERAGE, "illegal: fills last liberty") }] |=
                seen.fills_last_liberty;
            hits[const { harness::roles::coverage::index(COVERAGE, "illegal: both") }] |= seen.both;
        }
        for (p, v) in &outcome.checks {
            hits[const { harness::roles::coverage::index(COVERAGE, "check: ok") }] |= v.is_ok();
            hits[const { harness::roles::coverage::index(COVERAGE, "check: ok, not the play-out") }] |=
                v.is_ok() && p.apply(&outcome.moves) != outcome.moves;
            hits[const { harness::roles::coverage::index(COVERAGE, "check: illegal") }] |=
                matches!(v, Verdict::Illegal { .. });
            hits[const { harness::roles::coverage::index(COVERAGE, "check: occupied") }] |=
                matches!(v, Verdict::Occupied { .. });
            hits[const { harness::roles::coverage::index(COVERAGE, "check: off board") }] |=
                matches!(v, Verdict::OffBoard { .. });
            hits[const { harness::roles::coverage::index(COVERAGE, "check: not over") }] |=
                matches!(v, Verdict::NotOver { .. });
        }
    }
}

impl Game for Nogo {
    const ABOUT: &'static str = "NoGo play-out and checker";

    /// `harness check BOARD MOVES`: the optimized checker on a proposed move list.
    fn checker() -> Option<Checker> {
        Some(Checker {
            about: "judges a NoGo move list for a board: ok, or the first fault",
            check: |board, moves| {
                let board = Board::parse(board).map_err(|e| (0, e))?;
                let moves = parse_moves(moves).map_err(|e| (1, e))?;
                let verdict = engine::nogo::check(&board, &moves);
                Ok((verdict.is_ok(), verdict.to_string()))
            },
        })
    }

    fn reference() -> EngineEntry<Self> {
        EngineEntry {
            name: "reference",
            about: "naive flood fill on plain arrays (reference::nogo)",
            build: || {
                function::<Nogo>("reference", |case, trace| run(case, Side::Reference, trace))
            },
        }
    }

    fn optimized() -> EngineEntry<Self> {
        EngineEntry {
            name: "optimized",
            about: "union-find with pseudo-liberties (engine::nogo)",
            build: || {
                function::<Nogo>("optimized", |case, trace| run(case, Side::Optimized, trace))
            },
        }
    }
}

impl Bounded for Nogo {
    fn scopes() -> &'static [harness::roles::scope::NamedScope] {
        scope::NAMED
    }

    fn scope(
        expr: &str,
    ) -> Result<Box<dyn harness::roles::scope::Scope<Board>>, harness::roles::scope::ScopeError>
    {
        let text = harness::roles::scope::resolve(scope::NAMED, expr);
        Ok(Box::new(scope::parse(text)?))
    }
}

#[cfg(test)]
mod tests;
