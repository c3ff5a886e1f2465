//! Comparing two NoGo outcomes down to the first differing move or verdict, and judging a
//! program's move list.

use super::{Outcome, Proposal};
use harness::roles::difference::{Difference, Differs};
use harness::roles::verdict::At;
use harness::roles::verdict::{Divergence, Names};
use model::nogo::{parse_moves, write_moves, Board, Colour, Move, Verdict};
use serde_json::json;
use std::fmt::Write as _;

/// Boards wider than this are shown as a window around the point of interest.
pub(super) const VIEW: usize = 41;

/// The board after `played` (stones placed alternately, black first, without judging them), drawn
/// one row per line with `*` on `mark`. Large boards are cut to a window around `mark`.
pub(super) fn view(board: &Board, played: &[Move], mark: Option<Move>) -> String {
    let n = board.n;
    let mut pos = board.clone();
    for (i, m) in played.iter().enumerate() {
        if m.on_board(n) {
            pos.set(m.r(), m.c(), Some(Colour::to_play(i)));
        }
    }
    let centre = mark.filter(|m| m.on_board(n)).unwrap_or(Move::new(0, 0));
    let span = |x: usize| {
        if n <= VIEW {
            (0, n)
        } else {
            let lo = x.saturating_sub(VIEW / 2).min(n - VIEW);
            (lo, lo + VIEW)
        }
    };
    let (r0, r1) = span(centre.r());
    let (c0, c1) = span(centre.c());
    let mut out = String::new();
    if n > VIEW {
        let _ = writeln!(
            out,
            "rows {}..{}, columns {}..{} of {n}x{n}",
            r0 + 1,
            r1,
            c0 + 1,
            c1
        );
    }
    for r in r0..r1 {
        for c in c0..c1 {
            let here = Move::new(r, c);
            out.push(if Some(here) == mark {
                '*'
            } else {
                pos.get(r, c).map_or('.', Colour::symbol)
            });
        }
        out.push('\n');
    }
    out
}

/// A move list for a report, cut after `limit` moves.
fn list_view(moves: &[Move], limit: usize) -> String {
    let mut out = write_moves(&moves[..moves.len().min(limit)]);
    if moves.len() > limit {
        let _ = writeln!(out, "... ({} moves in all)", moves.len());
    }
    out
}

/// The first difference between two play-outs, as a message.
fn playout_difference(want: &[Move], got: &[Move]) -> Option<String> {
    let i = want.iter().zip(got).take_while(|(a, b)| a == b).count();
    match (want.get(i), got.get(i)) {
        (None, None) => None,
        (Some(a), Some(b)) => Some(format!("move {}: expected {a}, got {b}", i + 1)),
        (Some(a), None) => Some(format!(
            "the output stops after {i} moves; expected move {} {a}",
            i + 1
        )),
        (None, Some(b)) => Some(format!(
            "the play-out has {i} moves; the output goes on with {b}"
        )),
    }
}

/// The first difference between two outcomes: in the play-outs, then in the checker's verdicts.
pub(super) fn compare(
    case: &Board,
    reference: &Outcome,
    optimized: &Outcome,
    names: Names<'_>,
) -> Option<Divergence> {
    let (rm, om) = (&reference.moves, &optimized.moves);
    playout_divergence(case, rm, om, names).or_else(|| {
        let (rc, oc) = (&reference.checks, &optimized.checks);
        (0..rc.len().max(oc.len()))
            .find_map(|j| check_divergence(case, rm, j, rc.get(j), oc.get(j), names))
    })
}

/// The first move where the play-outs differ (one may stop where the other plays), with the board
/// before it and each engine's move marked.
fn playout_divergence(
    case: &Board,
    rm: &[Move],
    om: &[Move],
    names: Names<'_>,
) -> Option<Divergence> {
    let Names { a: na, b: nb } = names;
    let i = rm.iter().zip(om).take_while(|(a, b)| a == b).count();
    if i >= rm.len() && i >= om.len() {
        return None;
    }
    let colour = Colour::to_play(i);
    let says = |m: Option<&Move>| match m {
        Some(m) => format!("plays {m}"),
        None => format!("stops: {colour} has no legal point"),
    };
    let side = |who: &str, m: Option<&Move>| {
        format!(
            "{colour} to play; {who} {}\n{}",
            says(m),
            view(case, &rm[..i], m.copied())
        )
    };
    // The kind: what each engine does, up to the first one that stops (why it stops is detail).
    let kind = match (rm.get(i), om.get(i)) {
        (None, _) => format!("{na} stops"),
        (Some(m), None) => format!("{na} plays {m}, {nb} stops"),
        (Some(m), Some(n)) => format!("{na} plays {m}, {nb} plays {n}"),
    };
    Some(Divergence {
        at: At::Event(format!("move {}", i + 1)),
        event: Difference::named(kind),
        what: format!("{na} {}, {nb} {}", says(rm.get(i)), says(om.get(i))),
        a_view: side(na, rm.get(i)),
        b_view: side(nb, om.get(i)),
        context: json!({
            "move": i + 1,
            "colour": colour.to_string(),
            "engines": [na, nb],
            "a": rm.get(i),
            "b": om.get(i),
            "a_moves": rm.len(),
            "b_moves": om.len(),
        }),
    })
}

/// How check `j` (0-based) differs between the engines, if it does: two verdicts on the same
/// proposal (applied to the play-out `moves`), or two different proposals.
fn check_divergence(
    case: &Board,
    moves: &[Move],
    j: usize,
    r: Option<&(Proposal, Verdict)>,
    o: Option<&(Proposal, Verdict)>,
    names: Names<'_>,
) -> Option<Divergence> {
    let Names { a: na, b: nb } = names;
    match (r, o) {
        (Some((rp, rv)), Some((op, ov))) if rp == op && rv == ov => None,
        (Some((rp, rv)), Some((op, ov))) if rp == op => {
            let list = rp.apply(moves);
            let side = |v: &Verdict| {
                format!(
                    "checker says `{v}`\nboard:\n{}proposed moves:\n{}",
                    view(case, &[], None),
                    list_view(&list, 200)
                )
            };
            // The kind: the verdicts up to the first one's details.
            let kind = if rv.is_ok() {
                format!("{na} says `ok`, {nb} says `{}", verdict_kind(ov))
            } else {
                format!("{na} says `{}", verdict_kind(rv))
            };
            Some(Divergence {
                at: At::Event(format!("check {}: {}", j + 1, rp.describe())),
                event: Difference::named(kind),
                what: format!("{na} says `{rv}`, {nb} says `{ov}`"),
                a_view: side(rv),
                b_view: side(ov),
                context: json!({
                    "check": j + 1,
                    "proposal": rp,
                    "engines": [na, nb],
                    "a": rv,
                    "b": ov,
                    "moves": list.len(),
                }),
            })
        }
        (r, o) => {
            let describe = |x: Option<&(Proposal, Verdict)>| {
                x.map_or("nothing".to_string(), |(p, _)| p.describe())
            };
            Some(Divergence {
                at: At::Event(format!("check {}", j + 1)),
                event: Difference::named("the engines judged different proposals"),
                what: "the engines judged different proposals".into(),
                a_view: describe(r),
                b_view: describe(o),
                context: json!({ "check": j + 1 }),
            })
        }
    }
}

/// The kind of a checker's verdict: its words up to their details (which move, or that the game
/// is not over).
fn verdict_kind(v: &Verdict) -> String {
    match v {
        Verdict::Ok => "ok".to_string(),
        Verdict::OffBoard { number, at, .. }
        | Verdict::Occupied { number, at, .. }
        | Verdict::Illegal { number, at, .. } => format!("move {number} {at}"),
        Verdict::NotOver { .. } => "game not over".to_string(),
    }
}

/// Reads the program's output as a move list and judges it with the optimized checker; a list
/// the checker accepts must also be the play-out of first legal points.
pub(super) fn judge(case: &Board, reference: &Outcome, output: &str) -> Result<(), Differs> {
    let moves =
        parse_moves(output.as_bytes()).map_err(|e| Differs::new("malformed move list", e))?;
    let verdict = engine::nogo::check(case, &moves);
    let difference = playout_difference(&reference.moves, &moves);
    match (verdict, difference) {
        (Verdict::Ok, None) => Ok(()),
        (Verdict::Ok, Some(d)) => Err(Differs::new(
            "a complete game of legal moves, but not the play-out of first legal points",
            d,
        )),
        (fault, Some(d)) => Err(Differs::with_kind(
            verdict_kind(&fault),
            format!("{fault} (first difference from the play-out: {d})"),
        )),
        (fault, None) => Err(Differs::with_kind(verdict_kind(&fault), fault.to_string())),
    }
}
