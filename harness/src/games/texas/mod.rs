//! Texas Match-3 for the generic tools: generators, comparison down to the first differing event,
//! shrink candidates and rule coverage.

pub mod costs;
pub mod coverage;
pub mod gen;
mod shrink;
pub mod sim;

use crate::game::{Divergence, EngineKind, Game, Profile};
use crate::source::{Bytes, Source};
use arbitrary::Unstructured;
use coverage::coverage;
use model::texas::{Board, Case, Cells, Invalid, OpTrace, Outcome, Pos};
use model::ParseError;
use serde_json::json;

/// Texas Match-3.
pub struct Texas;

impl Game for Texas {
    const NAME: &'static str = "texas";
    type Case = Case;
    type Outcome = Outcome;

    fn profiles() -> &'static [Profile] {
        gen::PROFILES
    }

    fn generate(profile: &str, seed: u64) -> Case {
        gen::generate(profile, &mut crate::rng::rng(seed))
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let mut src = Bytes(u);
        let profile = *src.pick(gen::FUZZ_PROFILES);
        Ok(gen::generate(profile, &mut src))
    }

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn run(case: &Case, engine: EngineKind, trace: bool) -> Outcome {
        match (engine, trace) {
            (EngineKind::Optimized, true) => engine::texas::outcome(case),
            (EngineKind::Reference, true) => reference::texas::outcome(case),
            (EngineKind::Optimized, false) => {
                untraced(engine::texas::play(case, &mut model::texas::NoTrace))
            }
            (EngineKind::Reference, false) => {
                untraced(reference::texas::play(case, &mut model::texas::NoTrace))
            }
        }
    }

    fn answer(outcome: &Outcome) -> String {
        format!("{}\n", outcome.score.total())
    }

    fn compare(case: &Case, reference: &Outcome, optimized: &Outcome) -> Option<Divergence> {
        compare(case, reference, optimized)
    }

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrink::candidates(case)
    }

    fn size(case: &Case) -> String {
        let specials = case.board.special.iter().filter(|&&s| s != 0).count();
        format!(
            "{}x{}, k={}, q={}, {} specials",
            case.n(),
            case.m(),
            case.k,
            case.ops.len(),
            specials
        )
    }

    fn weight(case: &Case) -> u64 {
        let cells = (case.n() * case.m()) as u64;
        let specials = case.board.special.iter().filter(|&&s| s != 0).count() as u64;
        let colours: u64 = case.board.colour.iter().map(|&c| u64::from(c)).sum();
        let special_sum: u64 = case.board.special.iter().map(|&s| u64::from(s)).sum();
        cells * 1_000_000_000
            + case.ops.len() as u64 * 1_000_000
            + specials * 10_000
            + special_sum * 100
            + colours
            + u64::from(case.k)
    }

    fn malformed(output: &str) -> Option<String> {
        let tokens: Vec<&str> = output.split_whitespace().take(2).collect();
        match tokens.as_slice() {
            [] => Some("empty output: expected one number".into()),
            [one] if one.parse::<u64>().is_ok() => None,
            [one] => Some(format!(
                "`{}` is not a score (a number from 0 to 2^64-1)",
                one.chars().take(40).collect::<String>()
            )),
            _ => Some("more than one value: expected one number".into()),
        }
    }

    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Outcome) -> Vec<&'static str> {
        coverage(case, outcome)
    }
}

fn untraced((score, board): (model::texas::Score, Board)) -> Outcome {
    Outcome {
        score,
        ops: Vec::new(),
        board,
    }
}

pub const COVERAGE_KEYS: &[&str] = &[
    "special 1 (row)",
    "special 2 (column)",
    "special 3 (row+column)",
    "special 4 (3x3)",
    "special 5 (5x5)",
    "special 6 (colour)",
    "special set off by special",
    "hand: high card",
    "hand: one pair",
    "hand: two pairs",
    "hand: three of a kind",
    "hand: full house",
    "hand: four of a kind",
    "hand: five of a kind",
    "two main colours",
    "chain of 2 rounds",
    "chain of 3-4 rounds",
    "chain of 5+ rounds",
    "combo of 4 (50)",
    "combo of 5 (200)",
    "combo of 6+ (450+)",
    "invalid: not adjacent",
    "invalid: empty cell",
    "invalid: no run",
    "all operations valid",
    "board cleared",
];

// ----------------------------------------------------------------------------------------------
// Comparison.

/// The board an engine had just before operation `op` (and, for `round > 0`, before that round,
/// replayed from its own trace), by re-running that engine on the first `op` operations.
fn board_at(
    case: &Case,
    engine: EngineKind,
    trace: &[OpTrace],
    op: usize,
    round: Option<usize>,
) -> Board {
    let mut prefix = case.clone();
    prefix.ops.truncate(op);
    let mut board = if op == 0 {
        case.board.clone()
    } else {
        Texas::run(&prefix, engine, false).board
    };
    if let (Some(round), Some(t), Some(o)) = (round, trace.get(op), case.ops.get(op)) {
        if t.invalid.is_none() {
            sim::swap(&mut board, o.a, o.b);
            for r in t.rounds.iter().take(round) {
                sim::remove_and_fall(&mut board, &r.removed);
            }
        }
    }
    board
}

fn cells_list(cells: impl Iterator<Item = Pos>) -> String {
    let v: Vec<String> = cells.take(12).map(|p| p.to_string()).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

fn cell_difference(what: &str, a: &Cells, b: &Cells) -> String {
    let only_a = a.iter().filter(|p| !b.contains(*p));
    let only_b = b.iter().filter(|p| !a.contains(*p));
    format!(
        "{what} differ: reference {} cells, optimized {}; only in reference: {}; only in optimized: {}",
        a.count(),
        b.count(),
        cells_list(only_a),
        cells_list(only_b)
    )
}

/// The first differing event: where (operation, round), in words, and the cells in question.
struct Event<'a> {
    op: usize,
    round: Option<usize>,
    at: String,
    what: String,
    marks: Option<(&'a Cells, &'a Cells)>,
}

fn compare(case: &Case, reference: &Outcome, optimized: &Outcome) -> Option<Divergence> {
    let e = first_event(case, reference, optimized)?;
    Some(divergence(case, reference, optimized, e))
}

fn differ(what: &str, x: impl std::fmt::Display, y: impl std::fmt::Display) -> String {
    format!("{what} differ: reference {x}, optimized {y}")
}

/// Walks both traces in step: per operation its validity, main colours, each round (matched cells,
/// removed cells, combo and elimination points), chain and hand; then the final board and score.
fn first_event<'a>(
    case: &Case,
    reference: &'a Outcome,
    optimized: &'a Outcome,
) -> Option<Event<'a>> {
    let (rt, ot) = (&reference.ops, &optimized.ops);
    for i in 0..rt.len().max(ot.len()) {
        let op_name = case
            .ops
            .get(i)
            .map_or(String::new(), |o| format!(" (swap {} {})", o.a, o.b));
        let at = format!("operation {}{op_name}", i + 1);
        let whole_op = |what: String| {
            Some(Event {
                op: i,
                round: None,
                at: at.clone(),
                what,
                marks: None,
            })
        };
        let before_rounds = |what: String| {
            Some(Event {
                op: i,
                round: Some(0),
                at: at.clone(),
                what,
                marks: None,
            })
        };
        let in_round = |r: usize, what: String, marks| {
            Some(Event {
                op: i,
                round: Some(r),
                at: format!("{at}, round {}", r + 1),
                what,
                marks,
            })
        };
        let (Some(a), Some(b)) = (rt.get(i), ot.get(i)) else {
            return whole_op(differ("trace lengths (operations)", rt.len(), ot.len()));
        };
        if a.invalid != b.invalid {
            let show = |v: Option<Invalid>| {
                v.map_or("valid".to_string(), |w| format!("invalid ({})", w.name()))
            };
            return before_rounds(differ(
                "validity verdicts",
                show(a.invalid),
                show(b.invalid),
            ));
        }
        if a.main != b.main {
            return before_rounds(differ(
                "main colours",
                format!("{:?}", a.main),
                format!("{:?}", b.main),
            ));
        }
        for r in 0..a.rounds.len().max(b.rounds.len()) {
            let (Some(x), Some(y)) = (a.rounds.get(r), b.rounds.get(r)) else {
                return in_round(
                    r,
                    differ("numbers of rounds", a.rounds.len(), b.rounds.len()),
                    None,
                );
            };
            if x.matched != y.matched {
                return in_round(
                    r,
                    cell_difference("matched cells (runs)", &x.matched, &y.matched),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.removed != y.removed {
                return in_round(
                    r,
                    cell_difference("removed cells", &x.removed, &y.removed),
                    Some((&x.removed, &y.removed)),
                );
            }
            if x.combo != y.combo {
                return in_round(
                    r,
                    differ("combo points", x.combo, y.combo),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.elimination != y.elimination {
                return in_round(
                    r,
                    differ("elimination points", x.elimination, y.elimination),
                    Some((&x.removed, &y.removed)),
                );
            }
        }
        if a.chain != b.chain {
            return whole_op(differ("chain points", a.chain, b.chain));
        }
        if a.hand != b.hand {
            let show = |h: Option<model::texas::Hand>| {
                h.map_or("none".to_string(), |h| {
                    format!("{} = {}", h.kind.name(), h.points)
                })
            };
            return whole_op(differ("hands", show(a.hand), show(b.hand)));
        }
    }
    let end = |what: String| {
        Some(Event {
            op: case.ops.len(),
            round: None,
            at: "end of game".into(),
            what,
            marks: None,
        })
    };
    if reference.board != optimized.board {
        return end("final boards differ".into());
    }
    if reference.score != optimized.score {
        let show = |s: &model::texas::Score| {
            format!(
                "{} (elimination {}, chain {}, combo {}, hand {}, endgame {})",
                s.total(),
                s.elimination,
                s.chain,
                s.combo,
                s.hand,
                s.endgame
            )
        };
        return end(differ(
            "score breakdowns",
            show(&reference.score),
            show(&optimized.score),
        ));
    }
    None
}

fn divergence(
    case: &Case,
    reference: &Outcome,
    optimized: &Outcome,
    event: Event<'_>,
) -> Divergence {
    let Event {
        op,
        round,
        at,
        what,
        marks,
    } = event;
    let (rb, ob) = if op >= case.ops.len() {
        (reference.board.clone(), optimized.board.clone())
    } else {
        (
            board_at(case, EngineKind::Reference, &reference.ops, op, round),
            board_at(case, EngineKind::Optimized, &optimized.ops, op, round),
        )
    };
    let moment = match (op >= case.ops.len(), round) {
        (true, _) => "final board".to_string(),
        (false, Some(r)) => format!("before round {} (after the swap)", r + 1),
        (false, None) => format!("before operation {}", op + 1),
    };
    let mark_note = if marks.is_some() {
        ", [x] = in question"
    } else {
        ""
    };
    let reference_view = format!("{moment}{mark_note}\n{}", rb.render(marks.map(|m| m.0)));
    let optimized_view = format!("{moment}{mark_note}\n{}", ob.render(marks.map(|m| m.1)));
    let lo = op.saturating_sub(1);
    let around = |ops: &[OpTrace]| -> Vec<serde_json::Value> {
        (lo..=op + 1)
            .filter_map(|i| ops.get(i).map(|t| json!({"operation": i + 1, "trace": t})))
            .collect()
    };
    let context = json!({
        "operation": op + 1,
        "round": round.map(|r| r + 1),
        "reference": { "score": reference.score, "total": reference.score.total(), "around": around(&reference.ops) },
        "optimized": { "score": optimized.score, "total": optimized.score.total(), "around": around(&optimized.ops) },
    });
    Divergence {
        at,
        what,
        reference_view,
        optimized_view,
        context,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample1() -> Case {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
        Case::parse(&std::fs::read(path).unwrap()).unwrap()
    }

    #[test]
    fn identical_outcomes_do_not_diverge() {
        let case = sample1();
        let out = reference::texas::outcome(&case);
        assert!(compare(&case, &out, &out.clone()).is_none());
    }

    #[test]
    fn the_first_differing_event_is_named() {
        let case = sample1();
        let good = reference::texas::outcome(&case);
        let valid_op = good
            .ops
            .iter()
            .position(|t| t.rounds.len() >= 2)
            .expect("sample 1 has a cascade");

        let mut bad = good.clone();
        let row = &mut bad.ops[valid_op].rounds[1].removed.rows[0];
        *row ^= 1;
        let d = compare(&case, &good, &bad).unwrap();
        assert!(
            d.at.starts_with(&format!("operation {}", valid_op + 1)),
            "{}",
            d.at
        );
        assert!(d.at.ends_with(", round 2"), "{}", d.at);
        assert!(d.what.starts_with("removed cells differ"), "{}", d.what);
        assert!(
            d.reference_view
                .starts_with("before round 2 (after the swap), [x] = in question"),
            "{}",
            d.reference_view
        );
        assert_eq!(d.context["round"], 2);

        let mut bad = good.clone();
        bad.ops[valid_op].chain += 80;
        let d = compare(&case, &good, &bad).unwrap();
        assert_eq!(
            d.what,
            format!(
                "chain points differ: reference {}, optimized {}",
                good.ops[valid_op].chain,
                good.ops[valid_op].chain + 80
            )
        );

        let mut bad = good.clone();
        bad.ops[0].invalid = Some(Invalid::NoRun);
        let d = compare(&case, &good, &bad).unwrap();
        assert_eq!(
            d.what,
            "validity verdicts differ: reference valid, optimized invalid (no run)"
        );

        let mut bad = good.clone();
        bad.board.colour[0] ^= 1;
        assert_eq!(
            compare(&case, &good, &bad).unwrap().what,
            "final boards differ"
        );

        let mut bad = good.clone();
        bad.score.hand += 1;
        let d = compare(&case, &good, &bad).unwrap();
        assert_eq!(d.at, "end of game");
        assert!(d.what.starts_with("score breakdowns differ"), "{}", d.what);
    }
}
