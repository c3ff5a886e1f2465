//! The sections of the Texas page: the contents, the legend, the score, the operations, one
//! operation's boards, the final boards.

use super::super::sim::OpBoards;
use super::board::{pair_of_boards, Drawn, Side};
use super::palette::SPECIALS;
use super::{Anchor, Eng};
use harness::roles::html::page::escape;
use harness::roles::html::View;
use harness::roles::verdict::{Fault, Kind};
use model::texas::{Case, OpTrace, Pos, Score};
use std::fmt::Write as _;

fn op_words(case: &Case, i: usize) -> String {
    case.ops
        .get(i)
        .map_or(String::new(), |o| format!("swap {} \u{21c4} {}", o.a, o.b))
}

/// One operation of a trace in one line.
fn op_line(t: Option<&OpTrace>) -> String {
    let Some(t) = t else {
        return "(no trace)".into();
    };
    if let Some(why) = t.invalid {
        return format!("invalid ({})", why.name());
    }
    let main: Vec<String> = t.main.iter().map(u8::to_string).collect();
    let elimination: u64 = t.rounds.iter().map(|r| r.elimination).sum();
    let combo: u64 = t.rounds.iter().map(|r| r.combo).sum();
    let mut s = format!(
        "main {} &middot; {} round{} &middot; elimination {elimination} &middot; combo {combo} &middot; chain {}",
        main.join(","),
        t.rounds.len(),
        if t.rounds.len() == 1 { "" } else { "s" },
        t.chain
    );
    if let Some(h) = t.hand {
        let _ = write!(s, " &middot; hand: {} = {}", h.kind.name(), h.points);
    }
    s
}

/// The links to the sections: the operations and the final boards only when an engine's outcome
/// gives them (`traces`).
pub(super) fn contents(out: &mut String, traces: bool) {
    let mut links = vec![("score", "score"), ("legend", "legend")];
    if traces {
        links.push(("ops", "operations"));
    }
    links.push(("boards", "boards"));
    if traces {
        links.push(("final", "final boards"));
    }
    links.push(("input", "input"));
    let links: Vec<String> = links
        .iter()
        .map(|(id, name)| format!("<a href=\"#{id}\">{name}</a>"))
        .collect();
    let _ = writeln!(
        out,
        "<p class=\"meta\">Contents: {}</p>",
        links.join(" &middot; ")
    );
}

/// For a crash, a hang or another fault of one engine: that the engine left no trace, and whose
/// trace the page shows instead.
pub(super) fn fault_note(out: &mut String, v: &View<'_, super::Texas>, engines: &[Eng<'_>]) {
    let Some(f) = v.failure.filter(|f| f.kind != Kind::Mismatch) else {
        return;
    };
    let Some(name) = f.engine.as_deref() else {
        return;
    };
    let letter = match f.side {
        Some(harness::roles::verdict::Side::UnderTest) => "B",
        Some(harness::roles::verdict::Side::Trusted) => "A",
        _ => return,
    };
    let did = match f.kind {
        Kind::Crash => "crashed",
        Kind::TimeLimit => "ran past its time limit",
        Kind::MemoryLimit => "ran past its memory limit",
        Kind::Malformed | Kind::Mismatch => "gave a malformed answer",
        // A fault of the trusted side is its own kind: the fault says what the engine did.
        Kind::Trusted => match &f.fault {
            Some(Fault::Panic { .. } | Fault::RuntimeError { .. }) => "crashed",
            Some(Fault::TimeLimit { .. } | Fault::IdlenessLimit { .. }) => {
                "ran past its time limit"
            }
            Some(Fault::MemoryLimit { .. }) => "ran past its memory limit",
            Some(Fault::Malformed { .. } | Fault::OutputLimit { .. }) => "gave a malformed answer",
            _ => "failed",
        },
    };
    let shown = match engines.iter().find(|e| e.letter != letter) {
        Some(e) => format!(
            "the score, the operations and the boards below are those of {} = <b>{}</b> alone",
            e.letter,
            escape(e.name)
        ),
        None => "no engine's trace to show".to_string(),
    };
    let _ = writeln!(
        out,
        "<p class=\"meta\">{letter} = <b>{}</b> {did} and left no trace: {shown}.</p>",
        escape(name)
    );
}

pub(super) fn legend(out: &mut String, case: &Case) {
    let _ = writeln!(out, "<h2 id=\"legend\">Legend</h2>");
    out.push_str("<div class=\"lg\"><b>Colours</b> (the number is the colour id):");
    for c in 1..=case.k.max(1) {
        let _ = write!(
            out,
            "<span class=\"k\"><table class=\"board\"><tr><td class=\"c{c}\">{c}</td></tr></table></span>"
        );
    }
    out.push_str(
        "</div>\n<div class=\"lg\"><b>Specials</b> (a piece in E with a special also removes):",
    );
    for (symbol, what) in SPECIALS {
        let _ = write!(
            out,
            "<span class=\"k\"><b>{symbol}</b> {}</span>",
            escape(what)
        );
    }
    out.push_str("</div>\n<div class=\"lg\"><b>Marks</b>:");
    for (class, what) in [
        ("c1 m", "matched: in a run (M)"),
        ("c1 x", "removed by a special (in E, not in M)"),
        ("c1 d", "differs between the two engines"),
        ("c1 s", "one of the two swapped cells"),
        ("z", "empty cell"),
    ] {
        let _ = write!(
            out,
            "<span class=\"k\"><table class=\"board\"><tr><td class=\"{class}\">{}</td></tr></table> {what}</span>",
            if class == "z" { "" } else { "1" }
        );
    }
    out.push_str(
        "</div>\n<p class=\"meta\">Every board is the one the engine had, rebuilt from its own trace \
         (its swaps, its removed cells, then gravity). A round's board is the board before that round; \
         the first round's is just after the swap.</p>\n",
    );
}

pub(super) fn score_table(out: &mut String, engines: &[Eng<'_>], first: bool) {
    let _ = write!(
        out,
        "<h2 id=\"score\">{}Score</h2>\n<table class=\"t\"><tr><th>part</th>",
        if first { "<a id=\"first\"></a>" } else { "" }
    );
    for e in engines {
        let _ = write!(out, "<th>{}: {}</th>", e.letter, escape(e.name));
    }
    out.push_str("</tr>\n");
    type Part = (&'static str, fn(&Score) -> u64);
    let parts: [Part; 6] = [
        ("elimination", |s| s.elimination),
        ("chain", |s| s.chain),
        ("combo", |s| s.combo),
        ("hand", |s| s.hand),
        ("endgame", |s| s.endgame),
        ("total", Score::total),
    ];
    for (name, get) in parts {
        let values: Vec<u64> = engines.iter().map(|e| get(&e.out.score)).collect();
        let dr = if values.windows(2).any(|w| w[0] != w[1]) {
            " class=\"dr\""
        } else {
            ""
        };
        let _ = write!(out, "<tr{dr}><td>{name}</td>");
        for v in values {
            let _ = write!(out, "<td class=\"n\">{v}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

pub(super) fn ops_table(
    out: &mut String,
    case: &Case,
    engines: &[Eng<'_>],
    shown: &[bool],
    first: Option<usize>,
) {
    let _ = writeln!(out, "<h2 id=\"ops\">Operations</h2>");
    let drawn = shown.iter().filter(|&&s| s).count();
    if drawn < case.ops.len() {
        let _ = writeln!(
            out,
            "<p class=\"meta\">Boards are drawn for {drawn} of the {} operations ({}); the number of \
             an operation with boards links to them.</p>",
            case.ops.len(),
            if drawn == 0 {
                "the case is large"
            } else if first.is_some() && engines.len() == 2 {
                "the case is large: the first difference and the valid operations just before it"
            } else {
                "the valid ones"
            }
        );
    }
    out.push_str("<table class=\"t\" id=\"ops-table\"><tr><th>#</th><th>operation</th>");
    for e in engines {
        let _ = write!(out, "<th>{}: {}</th>", e.letter, escape(e.name));
    }
    out.push_str("</tr>\n");
    for (i, &drawn) in shown.iter().enumerate() {
        let traces: Vec<Option<&OpTrace>> = engines.iter().map(|e| e.out.ops.get(i)).collect();
        let class = if first == Some(i) {
            " class=\"first\""
        } else if traces.windows(2).any(|w| w[0] != w[1]) {
            " class=\"dr\""
        } else {
            ""
        };
        let number = if drawn {
            format!("<a href=\"#op-{0}\">{0}</a>", i + 1)
        } else {
            (i + 1).to_string()
        };
        let _ = write!(
            out,
            "<tr{class} data-op=\"{}\"><td class=\"n\">{number}</td><td class=\"op\">{}</td>",
            i + 1,
            op_words(case, i)
        );
        for t in traces {
            let _ = write!(out, "<td>{}</td>", op_line(t));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

/// The boards of operation `i`: one pair per round, then the board after it.
pub(super) fn op_section(
    out: &mut String,
    case: &Case,
    engines: &[Eng<'_>],
    i: usize,
    anchor: Option<Anchor>,
) {
    op_heading(out, case, engines, i, anchor == Some(Anchor::Op(i)));
    let swapped = case.ops.get(i).map(|o| (o.a, o.b));
    let boards: Vec<Option<&OpBoards>> = engines.iter().map(|e| e.boards[i].as_ref()).collect();
    let rounds = engines
        .iter()
        .map(|e| e.out.ops.get(i).map_or(0, |t| t.rounds.len()))
        .max()
        .unwrap_or(0);
    if rounds == 0 {
        unchanged_boards(out, engines, &boards, i, swapped);
        out.push_str("</section>\n");
        return;
    }
    for r in 0..rounds {
        let first_round = anchor == Some(Anchor::Round(i, r));
        round_boards(out, engines, &boards, (i, r), swapped, first_round);
    }
    let _ = writeln!(out, "<h4>After operation {}</h4>", i + 1);
    let sides: Vec<Side<'_>> = engines
        .iter()
        .zip(&boards)
        .filter_map(|(e, b)| {
            Some(Side {
                engine: e.name,
                letter: e.letter,
                caption: String::new(),
                drawn: Drawn::plain(&(*b)?.after),
            })
        })
        .collect();
    pair_of_boards(out, &sides, &(i + 1).to_string(), "after");
    out.push_str("</section>\n");
}

/// Opens the section of operation `i` (marked when it holds the first difference) with its
/// heading and each engine's summary line.
fn op_heading(out: &mut String, case: &Case, engines: &[Eng<'_>], i: usize, first_op: bool) {
    let _ = write!(
        out,
        "<section class=\"op{}\" id=\"op-{}\">",
        if first_op { " first" } else { "" },
        i + 1
    );
    if first_op {
        out.push_str("<a id=\"first\"></a>");
    }
    let _ = writeln!(out, "<h3>Operation {}: {}</h3>", i + 1, op_words(case, i));
    out.push_str("<table class=\"t\">");
    for e in engines {
        let _ = write!(
            out,
            "<tr><td>{}: {}</td><td>{}</td></tr>",
            e.letter,
            escape(e.name),
            op_line(e.out.ops.get(i))
        );
    }
    out.push_str("</table>\n");
}

/// The boards of operation `i` when it is invalid for every engine: the board as it was, the
/// swapped cells marked.
fn unchanged_boards(
    out: &mut String,
    engines: &[Eng<'_>],
    boards: &[Option<&OpBoards>],
    i: usize,
    swapped: Option<(Pos, Pos)>,
) {
    let sides: Vec<Side<'_>> = engines
        .iter()
        .zip(boards)
        .filter_map(|(e, b)| {
            let b = (*b)?;
            Some(Side {
                engine: e.name,
                letter: e.letter,
                caption: " &middot; invalid: the board stays as it was (the swapped cells marked)"
                    .into(),
                drawn: Drawn {
                    swap: swapped,
                    ..Drawn::plain(&b.after)
                },
            })
        })
        .collect();
    pair_of_boards(out, &sides, &(i + 1).to_string(), "unchanged");
}

/// Round `r` of operation `i` (`(i, r)`, both 0-based): the board each engine had before it, with
/// the cells it matched and removed (marked when it holds the first difference).
fn round_boards(
    out: &mut String,
    engines: &[Eng<'_>],
    boards: &[Option<&OpBoards>],
    (i, r): (usize, usize),
    swapped: Option<(Pos, Pos)>,
    first_round: bool,
) {
    let _ = write!(
        out,
        "<div class=\"round{}\" id=\"op-{}-r{}\">",
        if first_round { " first" } else { "" },
        i + 1,
        r + 1
    );
    if first_round {
        out.push_str("<a id=\"first\"></a>");
    }
    let _ = writeln!(
        out,
        "<h4>Round {}{}</h4>",
        r + 1,
        if r == 0 {
            ": the board just after the swap"
        } else {
            ": the board before the round"
        }
    );
    let swap = swapped.filter(|_| r == 0);
    let sides: Vec<Side<'_>> = engines
        .iter()
        .zip(boards)
        .filter_map(|(e, b)| round_side(e, (*b)?, (i, r), swap))
        .collect();
    pair_of_boards(out, &sides, &(i + 1).to_string(), &(r + 1).to_string());
    out.push_str("</div>\n");
}

/// One engine's board before round `r` of operation `i`, or, when it has no such round, the board
/// it was left with and why; `None` without a trace of the operation.
fn round_side<'a>(
    e: &Eng<'a>,
    b: &'a OpBoards,
    (i, r): (usize, usize),
    swap: Option<(Pos, Pos)>,
) -> Option<Side<'a>> {
    let t = e.out.ops.get(i)?;
    Some(match (t.rounds.get(r), b.rounds.get(r)) {
        (Some(round), Some(board)) => Side {
            engine: e.name,
            letter: e.letter,
            caption: format!(
                " &middot; M {} cells &middot; E {} cells &middot; combo {} &middot; elimination {}",
                round.matched.count(),
                round.removed.count(),
                round.combo,
                round.elimination
            ),
            drawn: Drawn {
                board,
                matched: Some(&round.matched),
                removed: Some(&round.removed),
                swap,
                free: None,
            },
        },
        _ => Side {
            engine: e.name,
            letter: e.letter,
            caption: match t.invalid {
                Some(why) => format!(
                    " &middot; invalid ({}): the board stays as it was",
                    why.name()
                ),
                None => format!(" &middot; no round {}: the cascade has ended", r + 1),
            },
            drawn: Drawn {
                swap,
                ..Drawn::plain(&b.after)
            },
        },
    })
}

/// The final boards as each engine reported them.
pub(super) fn final_boards(out: &mut String, engines: &[Eng<'_>], first: bool) {
    let _ = writeln!(
        out,
        "<section class=\"op{}\" id=\"final\">{}<h3>Final boards (as each engine reported them)</h3>",
        if first { " first" } else { "" },
        if first { "<a id=\"first\"></a>" } else { "" }
    );
    let sides: Vec<Side<'_>> = engines
        .iter()
        .map(|e| Side {
            engine: e.name,
            letter: e.letter,
            caption: format!(" &middot; {} pieces left", e.out.board.pieces()),
            drawn: Drawn::plain(&e.out.board),
        })
        .collect();
    pair_of_boards(out, &sides, "end", "final");
    out.push_str("</section>\n");
}
