//! Comparing two Texas outcomes: both traces are walked in step down to the first differing event
//! (validity, main colours, each round's matched and removed cells and points, chain, hand, then the
//! final board and score), and the boards both engines had at that moment are rebuilt from their
//! own traces for the report.

use super::sim::{remove_and_fall, swap};
use crate::game::{Divergence, Names};
use model::texas::{Board, Case, Cells, Invalid, OpTrace, Outcome, Pos};
use serde_json::json;

/// The board an engine had just before operation `op` (and, for `round > 0`, before that round),
/// rebuilt from the case and that engine's own trace (its swaps and removals, then gravity).
fn board_at(case: &Case, trace: &[OpTrace], op: usize, round: Option<usize>) -> Board {
    let mut board = case.board.clone();
    let last = if round.is_some() { op + 1 } else { op };
    for (i, (o, t)) in case.ops.iter().zip(trace).enumerate().take(last) {
        if t.invalid.is_some() {
            continue;
        }
        swap(&mut board, o.a, o.b);
        let rounds = if i == op {
            round.unwrap_or(0)
        } else {
            t.rounds.len()
        };
        for r in t.rounds.iter().take(rounds) {
            remove_and_fall(&mut board, &r.removed);
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

fn cell_difference(names: Names<'_>, what: &str, a: &Cells, b: &Cells) -> String {
    let only_a = a.iter().filter(|p| !b.contains(*p));
    let only_b = b.iter().filter(|p| !a.contains(*p));
    let Names { a: na, b: nb } = names;
    format!(
        "{what} differ: {na} {} cells, {nb} {}; only in {na}: {}; only in {nb}: {}",
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

pub(super) fn compare(
    case: &Case,
    a: &Outcome,
    b: &Outcome,
    names: Names<'_>,
) -> Option<Divergence> {
    let e = first_event(case, a, b, names)?;
    Some(divergence(case, a, b, e, names))
}

fn differ(
    names: Names<'_>,
    what: &str,
    x: impl std::fmt::Display,
    y: impl std::fmt::Display,
) -> String {
    format!("{what} differ: {} {x}, {} {y}", names.a, names.b)
}

/// Walks both traces in step: per operation its validity, main colours, each round (matched cells,
/// removed cells, combo and elimination points), chain and hand; then the final board and score.
fn first_event<'a>(
    case: &Case,
    reference: &'a Outcome,
    optimized: &'a Outcome,
    names: Names<'_>,
) -> Option<Event<'a>> {
    let (rt, ot) = (&reference.ops, &optimized.ops);
    for i in 0..rt.len().max(ot.len()) {
        // Formatted only for the operation that holds the first difference.
        let at = || {
            let op_name = case
                .ops
                .get(i)
                .map_or(String::new(), |o| format!(" (swap {} {})", o.a, o.b));
            format!("operation {}{op_name}", i + 1)
        };
        let whole_op = |what: String| {
            Some(Event {
                op: i,
                round: None,
                at: at(),
                what,
                marks: None,
            })
        };
        let before_rounds = |what: String| {
            Some(Event {
                op: i,
                round: Some(0),
                at: at(),
                what,
                marks: None,
            })
        };
        let in_round = |r: usize, what: String, marks| {
            Some(Event {
                op: i,
                round: Some(r),
                at: format!("{}, round {}", at(), r + 1),
                what,
                marks,
            })
        };
        let (Some(a), Some(b)) = (rt.get(i), ot.get(i)) else {
            return whole_op(differ(
                names,
                "trace lengths (operations)",
                rt.len(),
                ot.len(),
            ));
        };
        if a.invalid != b.invalid {
            let show = |v: Option<Invalid>| {
                v.map_or("valid".to_string(), |w| format!("invalid ({})", w.name()))
            };
            return before_rounds(differ(
                names,
                "validity verdicts",
                show(a.invalid),
                show(b.invalid),
            ));
        }
        if a.main != b.main {
            return before_rounds(differ(
                names,
                "main colours",
                format!("{:?}", a.main),
                format!("{:?}", b.main),
            ));
        }
        for r in 0..a.rounds.len().max(b.rounds.len()) {
            let (Some(x), Some(y)) = (a.rounds.get(r), b.rounds.get(r)) else {
                return in_round(
                    r,
                    differ(names, "numbers of rounds", a.rounds.len(), b.rounds.len()),
                    None,
                );
            };
            if x.matched != y.matched {
                return in_round(
                    r,
                    cell_difference(names, "matched cells (runs)", &x.matched, &y.matched),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.removed != y.removed {
                return in_round(
                    r,
                    cell_difference(names, "removed cells", &x.removed, &y.removed),
                    Some((&x.removed, &y.removed)),
                );
            }
            if x.combo != y.combo {
                return in_round(
                    r,
                    differ(names, "combo points", x.combo, y.combo),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.elimination != y.elimination {
                return in_round(
                    r,
                    differ(names, "elimination points", x.elimination, y.elimination),
                    Some((&x.removed, &y.removed)),
                );
            }
        }
        if a.chain != b.chain {
            return whole_op(differ(names, "chain points", a.chain, b.chain));
        }
        if a.hand != b.hand {
            let show = |h: Option<model::texas::Hand>| {
                h.map_or("none".to_string(), |h| {
                    format!("{} = {}", h.kind.name(), h.points)
                })
            };
            return whole_op(differ(names, "hands", show(a.hand), show(b.hand)));
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
            names,
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
    names: Names<'_>,
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
            board_at(case, &reference.ops, op, round),
            board_at(case, &optimized.ops, op, round),
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
    let a_view = format!("{moment}{mark_note}\n{}", rb.render(marks.map(|m| m.0)));
    let b_view = format!("{moment}{mark_note}\n{}", ob.render(marks.map(|m| m.1)));
    let lo = op.saturating_sub(1);
    let around = |ops: &[OpTrace]| -> Vec<serde_json::Value> {
        (lo..=op + 1)
            .filter_map(|i| ops.get(i).map(|t| json!({"operation": i + 1, "trace": t})))
            .collect()
    };
    let context = json!({
        "operation": op + 1,
        "round": round.map(|r| r + 1),
        "engines": [names.a, names.b],
        "a": { "score": reference.score, "total": reference.score.total(), "around": around(&reference.ops) },
        "b": { "score": optimized.score, "total": optimized.score.total(), "around": around(&optimized.ops) },
    });
    Divergence {
        at,
        what,
        a_view,
        b_view,
        context,
    }
}
