//! Comparing two Texas outcomes: both traces are walked in step down to the first differing event
//! (validity, main colours, each round's matched and removed cells and points, chain, hand, then the
//! final board and score), and the boards both engines had at that moment are rebuilt from their
//! own traces for the report.

use super::sim::{remove_and_fall, swap};
use harness::roles::difference::Differs;
use harness::roles::verdict::At;
use harness::roles::verdict::{Divergence, Names};
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

fn cell_difference(names: Names<'_>, what: &str, a: &Cells, b: &Cells) -> Differs {
    let only_a = a.iter().filter(|p| !b.contains(*p));
    let only_b = b.iter().filter(|p| !a.contains(*p));
    let Names { a: na, b: nb } = names;
    let detail = format!(
        "{na} {} cells, {nb} {}; only in {na}: {}; only in {nb}: {}",
        a.count(),
        b.count(),
        cells_list(only_a),
        cells_list(only_b)
    );
    Differs::new(format!("{what} differ"), detail)
}

/// The first differing event: where (operation, round), in words, and the cells in question.
struct Event<'a> {
    op: usize,
    round: Option<usize>,
    at: String,
    what: Differs,
    marks: Option<(&'a Cells, &'a Cells)>,
}

pub(super) fn compare(
    case: &Case,
    a: &Outcome,
    b: &Outcome,
    names: Names<'_>,
) -> Option<Divergence> {
    // Outcomes equal in every field have no first difference: one pass over the fields (the
    // walk below looks at fewer fields, so it finds none either).
    if super::same::same(a, b) {
        return None;
    }
    let e = first_event(case, a, b, names)?;
    Some(divergence(case, a, b, e, names))
}

/// `WHAT differ: A x, B y`, of kind `WHAT differ`.
fn differ(
    names: Names<'_>,
    what: &str,
    x: impl std::fmt::Display,
    y: impl std::fmt::Display,
) -> Differs {
    let detail = format!("{} {x}, {} {y}", names.a, names.b);
    Differs::new(format!("{what} differ"), detail)
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
        let (Some(a), Some(b)) = (rt.get(i), ot.get(i)) else {
            let what = differ(names, "trace lengths (operations)", rt.len(), ot.len());
            return Some(Event::whole_op(case, i, what));
        };
        if let Some(e) = op_event(case, i, a, b, names) {
            return Some(e);
        }
    }
    end_event(case, reference, optimized, names)
}

/// The cells a round's difference is about, one set per engine.
type Marks<'a> = Option<(&'a Cells, &'a Cells)>;

impl<'a> Event<'a> {
    /// A difference in operation `i` as a whole (its trace, chain or hand).
    fn whole_op(case: &Case, i: usize, what: Differs) -> Self {
        Event {
            op: i,
            round: None,
            at: op_at(case, i),
            what,
            marks: None,
        }
    }

    /// A difference in operation `i` found before its rounds (validity, main colours).
    fn before_rounds(case: &Case, i: usize, what: Differs) -> Self {
        Event {
            op: i,
            round: Some(0),
            at: op_at(case, i),
            what,
            marks: None,
        }
    }

    /// A difference in round `r` of operation `i`.
    fn in_round(case: &Case, i: usize, r: usize, what: Differs, marks: Marks<'a>) -> Self {
        Event {
            op: i,
            round: Some(r),
            at: format!("{}, round {}", op_at(case, i), r + 1),
            what,
            marks,
        }
    }

    /// A difference in the final board or score.
    fn end(case: &Case, what: Differs) -> Self {
        Event {
            op: case.ops.len(),
            round: None,
            at: "end of game".into(),
            what,
            marks: None,
        }
    }
}

/// Operation `i` in words, with the two cells it swaps when the case has it.
fn op_at(case: &Case, i: usize) -> String {
    let op_name = case
        .ops
        .get(i)
        .map_or(String::new(), |o| format!(" (swap {} {})", o.a, o.b));
    format!("operation {}{op_name}", i + 1)
}

/// The first difference inside operation `i`, traced by both engines: its validity and main
/// colours, then each round, then its chain and hand.
fn op_event<'a>(
    case: &Case,
    i: usize,
    a: &'a OpTrace,
    b: &'a OpTrace,
    names: Names<'_>,
) -> Option<Event<'a>> {
    if a.invalid != b.invalid {
        let show = |v: Option<Invalid>| {
            v.map_or("valid".to_string(), |w| format!("invalid ({})", w.name()))
        };
        let what = differ(names, "validity verdicts", show(a.invalid), show(b.invalid));
        return Some(Event::before_rounds(case, i, what));
    }
    if a.main != b.main {
        let (x, y) = (format!("{:?}", a.main), format!("{:?}", b.main));
        return Some(Event::before_rounds(
            case,
            i,
            differ(names, "main colours", x, y),
        ));
    }
    for r in 0..a.rounds.len().max(b.rounds.len()) {
        if let Some((what, marks)) = round_difference(a, b, r, names) {
            return Some(Event::in_round(case, i, r, what, marks));
        }
    }
    if a.chain != b.chain {
        return Some(Event::whole_op(
            case,
            i,
            differ(names, "chain points", a.chain, b.chain),
        ));
    }
    if a.hand != b.hand {
        let show = |h: Option<model::texas::Hand>| {
            h.map_or("none".to_string(), |h| {
                format!("{} = {}", h.kind.name(), h.points)
            })
        };
        let what = differ(names, "hands", show(a.hand), show(b.hand));
        return Some(Event::whole_op(case, i, what));
    }
    None
}

/// How round `r` of one operation differs between the engines, if it does: its presence, matched
/// cells, removed cells, combo and elimination points, with the cells in question.
fn round_difference<'a>(
    a: &'a OpTrace,
    b: &'a OpTrace,
    r: usize,
    names: Names<'_>,
) -> Option<(Differs, Marks<'a>)> {
    let (Some(x), Some(y)) = (a.rounds.get(r), b.rounds.get(r)) else {
        let what = differ(names, "numbers of rounds", a.rounds.len(), b.rounds.len());
        return Some((what, None));
    };
    let matched = Some((&x.matched, &y.matched));
    let removed = Some((&x.removed, &y.removed));
    if x.matched != y.matched {
        let what = cell_difference(names, "matched cells (runs)", &x.matched, &y.matched);
        return Some((what, matched));
    }
    if x.removed != y.removed {
        let what = cell_difference(names, "removed cells", &x.removed, &y.removed);
        return Some((what, removed));
    }
    if x.combo != y.combo {
        return Some((differ(names, "combo points", x.combo, y.combo), matched));
    }
    if x.elimination != y.elimination {
        let what = differ(names, "elimination points", x.elimination, y.elimination);
        return Some((what, removed));
    }
    None
}

/// The first difference at the end of the game, the traces agreeing: the final board, then the
/// score breakdown.
fn end_event<'a>(
    case: &Case,
    reference: &Outcome,
    optimized: &Outcome,
    names: Names<'_>,
) -> Option<Event<'a>> {
    if reference.board != optimized.board {
        return Some(Event::end(case, Differs::just("final boards differ")));
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
        let what = differ(
            names,
            "score breakdowns",
            show(&reference.score),
            show(&optimized.score),
        );
        return Some(Event::end(case, what));
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
        at: At::Event(at),
        event: what.kind,
        what: what.what,
        a_view,
        b_view,
        context,
    }
}
