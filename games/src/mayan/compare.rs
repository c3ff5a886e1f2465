//! Comparing two Mayan answers move by move, explained by replaying both with the reference rules.

use harness::roles::difference::Difference;
use harness::roles::verdict::At;
use harness::roles::verdict::{Divergence, Names};
use model::mayan::{write_answer, Answer, Case};
use reference::mayan::replay;
use std::fmt::Write as _;

pub(super) fn compare(
    case: &Case,
    reference: &Answer,
    optimized: &Answer,
    names: Names<'_>,
) -> Option<Divergence> {
    let Names { a: na, b: nb } = names;
    if reference == optimized {
        return None;
    }
    // The kind of the difference: the line up to its details (where the sequence's verdict
    // says why, or what the sequence of the engine under test does).
    let (at, kind, what, prefix) = match (reference, optimized) {
        (Some(_), None) => {
            let what = format!("{na} finds a sequence, {nb} answers -1");
            (At::Answer, what.clone(), what, 0)
        }
        (None, Some(_)) => {
            let (verdict_kind, verdict) = verdict(case, optimized);
            let head = format!("{na} answers -1, {nb} gives a sequence that");
            (
                At::Answer,
                format!("{head} {verdict_kind}"),
                format!("{head} {verdict}"),
                0,
            )
        }
        (Some(a), Some(b)) => {
            let i = a.iter().zip(b).take_while(|(p, q)| p == q).count();
            match (a.get(i), b.get(i)) {
                (Some(p), Some(q)) => {
                    let kind = format!("{na} plays {p}, {nb} plays {q}");
                    let what = format!(
                        "{kind}; the sequence of {nb} {}",
                        verdict(case, optimized).1
                    );
                    (At::Event(format!("move {}", i + 1)), kind, what, i)
                }
                _ => {
                    let what = format!(
                        "the answers have {} and {} moves for n = {}",
                        a.len(),
                        b.len(),
                        case.n
                    );
                    (At::Answer, what.clone(), what, i)
                }
            }
        }
        (None, None) => return None,
    };
    Some(Divergence {
        at,
        event: Difference::named(kind),
        what,
        a_view: view(case, reference, prefix),
        b_view: view(case, optimized, prefix),
        context: serde_json::json!({
            "case": case.write(),
            "engines": [na, nb],
            "a": answer_json(reference),
            "b": answer_json(optimized),
        }),
    })
}

/// What a proposed answer does when replayed with the reference rules: its kind, and the words
/// with the details.
fn verdict(case: &Case, answer: &Answer) -> (String, String) {
    let Some(moves) = answer else {
        return ("is -1".to_string(), "is -1".to_string());
    };
    if moves.len() != case.n {
        let words = format!("has {} moves instead of {}", moves.len(), case.n);
        return (words.clone(), words);
    }
    let words = match replay(&case.board, moves) {
        Err(e) => return ("is illegal".to_string(), format!("is illegal: {e}")),
        Ok(played) if played.last().is_some_and(|p| p.board.is_cleared()) => {
            "empties the board too"
        }
        Ok(_) => "does not empty the board",
    };
    (words.to_string(), words.to_string())
}

/// The board after the first `prefix` moves of an answer, then the whole answer.
fn view(case: &Case, answer: &Answer, prefix: usize) -> String {
    let mut out = String::new();
    let mut board = case.board;
    if let Some(moves) = answer {
        if let Ok(played) = replay(&case.board, &moves[..prefix.min(moves.len())]) {
            if let Some(p) = played.last() {
                board = p.board;
            }
        }
    }
    let _ = writeln!(out, "board after {prefix} move(s):");
    out.push_str(&board.render());
    out.push_str("answer:\n");
    out.push_str(&write_answer(answer));
    out
}

fn answer_json(answer: &Answer) -> serde_json::Value {
    match answer {
        None => serde_json::json!(-1),
        Some(moves) => serde_json::json!(moves
            .iter()
            .map(|m| [i32::from(m.x), i32::from(m.y), i32::from(m.g)])
            .collect::<Vec<_>>()),
    }
}
