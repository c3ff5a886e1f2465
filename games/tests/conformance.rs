//! One conformance suite for every engine of a game: the hand-checked cases, written once, run on
//! every engine.
//!
//! Texas: every rule of `conformance/texas_rules.rs` runs on every engine the game ships
//! (`harness::roles::game::engines::<Texas>()`) and on the example engine of `examples/own-engine`. Each case goes through
//! [`Play::run`], which checks the engine against itself (traced and untraced runs, the answer, the
//! trace's points adding up to the score) and against the reference, whole trace and final board;
//! the rule then asserts the numbers worked out by hand on that engine's own outcome.
//!
//! NoGo: one table of move lists with the checker's verdict, judged by both checkers
//! (`engine::nogo::check` and `reference::nogo::check`), and one table of hand-played play-outs,
//! played by every engine of the game and judged by both checkers.

#[path = "conformance/texas_rules.rs"]
mod texas_rules;

use games::{Nogo, Texas};
use harness::prelude::Names;
use harness::prelude::*;
use harness::roles::engine::answer;
use harness::roles::oracle::catching;
use model::nogo::{parse_moves, Board as NogoBoard, Move, Verdict};
use model::texas::{Case, Outcome, Score};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Texas

/// An engine under test, and what every case it plays is checked against.
pub struct Play {
    engine: Arc<dyn Engine<Texas>>,
    reference: Arc<dyn Engine<Texas>>,
    /// The crate's own `score` entry point, when the engine has one.
    score: Option<fn(&Case) -> u64>,
}

/// The outcome of a run, which must be one (these engines all give traced outcomes).
fn outcome_of(engine: &dyn Engine<Texas>, case: &Case, trace: bool) -> Outcome {
    match engine.run(case, trace) {
        Ok(Output::Outcome(o)) => o,
        Ok(Output::Answer(a)) => panic!("{} gave only an answer: {a}", engine.name()),
        Err(fault) => panic!("{} {fault}", engine.name()),
    }
}

impl Play {
    /// Plays `case` with a trace and checks that the trace, the score, the answer and the untraced
    /// run agree with each other, and that the whole outcome (trace, breakdown, final board) is the
    /// reference's.
    fn run(&self, case: &Case) -> Outcome {
        let engine = &*self.engine;
        let o = outcome_of(engine, case, true);
        let untraced = outcome_of(engine, case, false);
        assert_eq!((untraced.score, &untraced.board), (o.score, &o.board));
        assert_eq!(
            answer(engine, case).unwrap(),
            format!("{}\n", o.score.total())
        );
        if let Some(score) = self.score {
            assert_eq!(score(case), o.score.total());
        }
        assert_eq!(o.ops.len(), case.ops.len());
        let mut sums = Score {
            endgame: o.score.endgame,
            ..Score::default()
        };
        for op in &o.ops {
            if op.invalid.is_some() {
                assert!(op.main.is_empty() && op.rounds.is_empty() && op.hand.is_none());
            } else {
                assert!(matches!(op.main.len(), 1 | 2), "{op:?}");
                assert!(!op.rounds.is_empty(), "a valid operation removes something");
            }
            for round in &op.rounds {
                assert_eq!(round.matched.rows.len(), case.n());
                assert_eq!(round.removed.rows.len(), case.n());
                for (m, e) in round.matched.rows.iter().zip(&round.removed.rows) {
                    assert_eq!(m & !e, 0, "M is part of E");
                }
                sums.elimination += round.elimination;
                sums.combo += round.combo;
            }
            sums.chain += op.chain;
            sums.hand += op.hand.map_or(0, |h| h.points);
        }
        assert_eq!(sums, o.score);

        let r = outcome_of(&*self.reference, case, true);
        let names = Names {
            a: self.reference.name(),
            b: engine.name(),
        };
        if let Some(d) = Texas::compare(case, &r, &o, names) {
            panic!(
                "{}: {}\n{}:\n{}\n{}:\n{}\ncase:\n{}",
                d.at,
                d.what,
                names.a,
                d.a_view,
                names.b,
                d.b_view,
                case.write()
            );
        }
        assert_eq!(o, r, "the outcome differs from the reference's");
        o
    }
}

/// Every Texas engine: the game's own, then the example engine.
fn texas_engines() -> Vec<Arc<dyn Engine<Texas>>> {
    let mut all: Vec<Arc<dyn Engine<Texas>>> = harness::roles::game::engines::<Texas>()
        .iter()
        .map(|e| (e.build)())
        .collect();
    all.push(own_engine::build());
    all
}

/// The crate entry point `score(case)` of a built-in engine (the optimized engine's total is that
/// of its untraced play).
fn entry_point(name: &str) -> Option<fn(&Case) -> u64> {
    match name {
        "reference" => Some(reference::texas::score),
        "optimized" => Some(|case| {
            engine::texas::play(case, &mut model::texas::NoTrace)
                .0
                .total()
        }),
        _ => None,
    }
}

#[test]
fn every_texas_engine_follows_every_hand_checked_rule() {
    let engines = texas_engines();
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    assert_eq!(names, ["reference", "optimized", "arrays"]);
    assert_eq!(texas_rules::RULES.len(), 30);
    let reference = harness::roles::game::reference::<Texas>();
    let mut failures = Vec::new();
    for engine in &engines {
        let play = Play {
            engine: Arc::clone(engine),
            reference: Arc::clone(&reference),
            score: entry_point(engine.name()),
        };
        for (rule, check) in texas_rules::RULES {
            if let Err(message) = catching(|| check(&play)) {
                failures.push(format!("{} fails {rule}: {message}", engine.name()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn a_rule_fails_on_an_engine_that_breaks_it() {
    // The example engine with a planted bug (special 4 clears only its centre) must fail the
    // special 4 rule and still pass a rule without specials.
    let play = Play {
        engine: Arc::new(own_engine::Arrays::with_planted_bug()),
        reference: harness::roles::game::reference::<Texas>(),
        score: None,
    };
    let rule = |name: &str| {
        texas_rules::RULES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, check)| *check)
            .unwrap()
    };
    let failed = catching(|| rule("special_4_removes_the_3x3_square")(&play)).unwrap_err();
    assert!(failed.contains("removed cells differ"), "{failed}");
    assert!(catching(|| rule("four_in_a_line_scores_50")(&play)).is_ok());
}

// ---------------------------------------------------------------------------------------------
// NoGo

/// A NoGo checker: a board and a move list in, a verdict out.
type Checker = fn(&NogoBoard, &[Move]) -> Verdict;

/// The checkers, by name.
const CHECKERS: [(&str, Checker); 2] = [
    ("reference", reference::nogo::check),
    ("optimized", engine::nogo::check),
];

fn nogo_board(text: &str) -> NogoBoard {
    NogoBoard::parse(text.as_bytes()).unwrap()
}

fn moves(text: &str) -> Vec<Move> {
    parse_moves(text.as_bytes()).unwrap()
}

const EMPTY_2X2: &str = "2\n..\n..\n";

/// Move lists and the checker's verdict, as printed: (board, moves, verdict).
const VERDICTS: &[(&str, &str, &str)] = &[
    ("1\n.\n", "", "ok"),
    (
        EMPTY_2X2,
        "1 1\n1 2\n",
        "game not over: X can still play 2 1",
    ),
    (EMPTY_2X2, "", "game not over: X can still play 1 1"),
    (EMPTY_2X2, "1 1\n1 1\n", "move 2 (1 1): occupied by X"),
    (EMPTY_2X2, "1 1\n3 1\n", "move 2 (3 1): off the 2x2 board"),
    (EMPTY_2X2, "1 1\n2 3\n", "move 2 (2 3): off the 2x2 board"),
    (
        EMPTY_2X2,
        "4294967295 4294967295\n",
        "move 1 (4294967295 4294967295): off the 2x2 board",
    ),
    // X (1,1), O (2,2), X (1,2): both groups keep (2,1); O there has no liberty.
    (
        EMPTY_2X2,
        "1 1\n2 2\n1 2\n2 1\n",
        "move 4 (2 1): illegal for O",
    ),
    // Not the greedy play-out, but a complete game: X (2,2), O (2,1), X (1,2); O at (1,1) would
    // have no liberty, so O is out.
    (EMPTY_2X2, "2 2\n2 1\n1 2\n", "ok"),
    // An extra move after the end is a fault.
    (
        EMPTY_2X2,
        "2 2\n2 1\n1 2\n1 1\n",
        "move 4 (1 1): illegal for O",
    ),
];

/// Play-outs worked out by hand: (board, moves).
const PLAYOUTS: &[(&str, &str)] = &[
    // 1x1: black's only point is suicide, the game ends at once.
    ("1\n.\n", ""),
    // 2x2: X (1,1), O (1,2), X (2,1) (its group keeps (2,2), and so does O); then O at (2,2)
    // would leave the O group {(1,2),(2,2)} without liberty: O is out.
    (EMPTY_2X2, "1 1\n1 2\n2 1\n"),
];

#[test]
fn both_nogo_checkers_give_every_verdict_of_the_table() {
    for (board, list, want) in VERDICTS {
        for (name, check) in CHECKERS {
            let verdict = check(&nogo_board(board), &moves(list));
            assert_eq!(verdict.to_string(), *want, "{name} checker on {list:?}");
            assert_eq!(verdict.is_ok(), *want == "ok", "{name} checker on {list:?}");
        }
    }
}

#[test]
fn every_nogo_engine_plays_the_hand_played_games_and_both_checkers_accept_them() {
    let engines = harness::roles::game::engines::<Nogo>();
    let names: Vec<&str> = engines.iter().map(|e| e.name).collect();
    assert_eq!(names, ["reference", "optimized"]);
    for (board, want) in PLAYOUTS {
        let b = nogo_board(board);
        for entry in &engines {
            let engine = (entry.build)();
            for trace in [true, false] {
                let played = match engine.run(&b, trace) {
                    Ok(Output::Outcome(o)) => o.moves,
                    Ok(Output::Answer(a)) => panic!("{} gave only an answer: {a}", entry.name),
                    Err(fault) => panic!("{} {fault}", entry.name),
                };
                assert_eq!(
                    played,
                    moves(want),
                    "{} (trace: {trace}) on {board:?}",
                    entry.name
                );
            }
        }
        for (name, check) in CHECKERS {
            assert_eq!(check(&b, &moves(want)), Verdict::Ok, "{name} checker");
        }
    }
}
