//! The Texas page ([`harness::roles::game::Game::html`] of [`Texas`]), made with the page kit of
//! [`harness::roles::html`]: every operation's summary line for both engines, and the boards both engines
//! had, round by round, side by side, rebuilt from each engine's own trace ([`super::sim`]), with
//! colours as colours, specials as symbols, each round's matched (M) and removed (E) cells outlined
//! and the cells where the engines differ marked. Large cases keep every summary line but draw
//! boards only around the first difference.

mod board;
mod palette;
mod sections;

use super::sim::{op_boards, OpBoards};
use super::Texas;
use board::{pair_of_boards, Drawn, Side};
use harness::roles::html::page::escape;
use harness::roles::html::page::{answers, finish, header, headline, input, start, views};
use harness::roles::html::View;
use harness::roles::verdict::{Divergence, Failure, Names};
use harness::roles::Check;
use model::texas::{Case, Outcome};
use palette::colour_css;
use sections::{contents, fault_note, final_boards, legend, op_section, ops_table, score_table};
use std::borrow::Cow;
use std::fmt::Write as _;

/// Boards drawn for all valid operations when every one of them fits in this many cells...
const SMALL_CELLS: usize = 60_000;
/// ...and otherwise, around the first difference, at most this many (the differing operation is
/// always drawn).
const BUDGET_CELLS: usize = 150_000;
/// Operations drawn before the first difference of a large case.
const BEFORE: usize = 3;

const TEXAS_CSS: &str = "
.pair{display:flex;flex-wrap:wrap;gap:1.2em 2em;align-items:flex-start}
figure{margin:0}figcaption{font-size:.88em;margin:0 0 .25em;color:#333}
section.op{border-top:1px solid #ddd;margin-top:1.2em;padding-top:.2em}
section.op.first,div.round.first{border-left:6px solid #d00;padding-left:.8em;background:#fffaf0}
.lg{display:flex;flex-wrap:wrap;gap:.3em .9em;align-items:center;margin:.3em 0}
.lg span.k{display:inline-flex;align-items:center;gap:.3em}
table.board{border-collapse:separate;border-spacing:1px;background:#fff}
table.board td{width:26px;height:26px;min-width:26px;padding:0;text-align:center;vertical-align:middle;position:relative;
 border:2px solid transparent;font:600 11px/1 system-ui,'DejaVu Sans',sans-serif;border-radius:3px}
table.board.big{border-spacing:1px}table.board.big td{width:13px;height:13px;min-width:13px;font-size:7px;border-width:1px;border-radius:2px}
table.board th{font:9px/1 system-ui,'DejaVu Sans',sans-serif;color:#999;padding:0 2px}
table.board td i{position:absolute;top:0;left:1px;font-style:normal;font-weight:700;font-size:11px;line-height:1}
table.board.big td i{font-size:7px}
table.board td.z{background:#f1f1f1;color:#bbb}
table.board td.m{box-shadow:inset 0 0 0 2px #fff,inset 0 0 0 4px #000}
table.board td.x{box-shadow:inset 0 0 0 2px #000;background-image:repeating-linear-gradient(135deg,rgba(0,0,0,.38) 0 2px,transparent 2px 6px)}
table.board.big td.m{box-shadow:inset 0 0 0 1px #fff,inset 0 0 0 3px #000}
table.board.big td.x{box-shadow:inset 0 0 0 1px #000}
table.board td.d{border-color:#e00000}
table.board td.f{outline:2px dashed #0b57d0;outline-offset:-3px}
table.board td.d::after{content:'';position:absolute;top:1px;right:1px;width:7px;height:7px;border-radius:50%;background:#e00000;box-shadow:0 0 0 2px #fff}
table.board.big td.d::after{width:5px;height:5px;box-shadow:0 0 0 1px #fff}
table.board td.s::before{content:'';position:absolute;bottom:-2px;left:-2px;border-bottom:11px solid #1a56db;border-right:11px solid transparent}
.nd{color:#b00020;font-weight:600}
table.t td.op{white-space:nowrap}
";

/// One engine in the Texas page.
struct Eng<'a> {
    name: &'a str,
    letter: &'a str,
    out: &'a Outcome,
    boards: Vec<Option<OpBoards>>,
}

/// Where the first difference is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    /// Operation i (0-based) as a whole: validity, main colours, chain, hand, trace length.
    Op(usize),
    /// Round r of operation i (0-based).
    Round(usize, usize),
    /// The final boards.
    Final,
    /// The score breakdown and the answers.
    Score,
}

fn anchor_of(case: &Case, d: &Divergence, a: Option<&Outcome>, b: Option<&Outcome>) -> Anchor {
    let number = |key: &str| d.context.get(key).and_then(serde_json::Value::as_u64);
    let Some(op) = number("operation").and_then(|o| usize::try_from(o).ok()?.checked_sub(1)) else {
        return Anchor::Score;
    };
    if op >= case.ops.len() {
        return match (a, b) {
            (Some(x), Some(y)) if x.board != y.board => Anchor::Final,
            _ => Anchor::Score,
        };
    }
    let traces = a.zip(b).map(|(x, y)| (x.ops.get(op), y.ops.get(op)));
    let whole_op = match traces {
        Some((Some(x), Some(y))) => x.invalid != y.invalid || x.main != y.main,
        _ => true,
    };
    match number("round").and_then(|r| usize::try_from(r).ok()?.checked_sub(1)) {
        Some(r) if !whole_op => Anchor::Round(op, r),
        _ => Anchor::Op(op),
    }
}

/// Which operations get boards: every valid one when they all fit in [`SMALL_CELLS`], otherwise
/// the first difference and up to [`BEFORE`] valid operations before it, within [`BUDGET_CELLS`].
fn shown_ops(case: &Case, engines: &[Eng<'_>], first: Option<usize>) -> Vec<bool> {
    let q = case.ops.len();
    let cells = case.n() * case.m();
    let valid = |i: usize| {
        engines
            .iter()
            .any(|e| e.out.ops.get(i).is_some_and(|t| t.invalid.is_none()))
    };
    let cost = |i: usize| {
        let rounds = engines
            .iter()
            .map(|e| e.out.ops.get(i).map_or(0, |t| t.rounds.len()))
            .max()
            .unwrap_or(0);
        cells * (rounds + 1) * engines.len().max(1)
    };
    let mut shown = vec![false; q];
    if engines.is_empty() {
        return shown;
    }
    let all: usize = (0..q).filter(|&i| valid(i)).map(cost).sum();
    if all <= SMALL_CELLS {
        for (i, s) in shown.iter_mut().enumerate() {
            *s = valid(i);
        }
    }
    if let Some(d) = first.filter(|&d| d < q) {
        shown[d] = true;
        let mut spent = cost(d);
        for j in (d.saturating_sub(BEFORE)..d).rev() {
            if valid(j) && spent + cost(j) <= BUDGET_CELLS {
                shown[j] = true;
                spent += cost(j);
            }
        }
    }
    shown
}

/// The Texas page: the verdict, the score breakdown of both engines, every operation's summary, the
/// boards round by round, the final boards and the input.
pub fn page(v: &View<'_, Texas>) -> String {
    let case = v.case;
    let failure = shown_failure(v);
    let divergence = failure.as_deref().and_then(|f| f.divergence.as_ref());
    let v: View<'_, Texas> = View {
        failure: failure.as_deref(),
        title: v.title,
        case,
        names: v.names,
        a: v.a,
        b: v.b,
        explained: v.explained,
    };
    // Without an outcome there are no boards to point at: the answers hold the difference.
    let anchor = divergence.map(|d| match (v.a, v.b) {
        (None, None) => Anchor::Score,
        _ => anchor_of(case, d, v.a, v.b),
    });
    let first_op = match anchor {
        Some(Anchor::Op(i) | Anchor::Round(i, _)) => Some(i),
        _ => None,
    };
    let (engines, shown) = engines_with_boards(&v, first_op);
    let mut out = String::with_capacity(64 * 1024);
    start(
        &mut out,
        &format!("texas: {} - {}", headline(v.failure), v.title),
        &page_css(case),
    );
    header(&mut out, &v, divergence, anchor.is_some());
    contents(&mut out, !engines.is_empty());
    fault_note(&mut out, &v, &engines);
    if engines.is_empty() {
        answers(&mut out, &v, Some("score"), anchor == Some(Anchor::Score));
    } else {
        score_table(&mut out, &engines, anchor == Some(Anchor::Score));
        if engines.len() < 2 {
            answers(&mut out, &v, None, false);
        }
    }
    legend(&mut out, case);
    if !engines.is_empty() {
        ops_table(&mut out, case, &engines, &shown, first_op);
    }
    boards(&mut out, &v, &engines, &shown, anchor);
    if let Some(d) = divergence {
        difference_as_text(&mut out, d, v.names, engines.is_empty());
    }
    let _ = writeln!(out, "<div id=\"input\"></div>");
    input::<Texas>(&mut out, case);
    finish(&mut out);
    out
}

/// The verdict the page shows: the failure given or, when none is, the engines' first difference
/// as a mismatch (a page about agreeing engines that do differ would mislead).
fn shown_failure<'a>(v: &View<'a, Texas>) -> Option<Cow<'a, Failure>> {
    if let Some(f) = v.failure {
        return Some(Cow::Borrowed(f));
    }
    let d =
        v.a.zip(v.b)
            .and_then(|(x, y)| <Texas as Check>::compare(v.case, x, y, v.names))?;
    Some(Cow::Owned(Failure::mismatch(
        format!("{}: {}", d.at, d.what),
        Some(d),
        None,
        None,
    )))
}

/// The engines that gave an outcome, each with the boards of the operations drawn, and which
/// operations are drawn ([`shown_ops`]).
fn engines_with_boards<'a>(
    v: &View<'a, Texas>,
    first_op: Option<usize>,
) -> (Vec<Eng<'a>>, Vec<bool>) {
    let mut engines: Vec<Eng<'a>> = [(v.names.a, "A", v.a), (v.names.b, "B", v.b)]
        .into_iter()
        .filter_map(|(name, letter, out)| {
            Some(Eng {
                name,
                letter,
                out: out?,
                boards: Vec::new(),
            })
        })
        .collect();
    let shown = shown_ops(v.case, &engines, first_op);
    for e in &mut engines {
        e.boards = op_boards(v.case, &e.out.ops, &shown);
    }
    (engines, shown)
}

/// The page's CSS: the Texas rules and one colour rule per colour the case can show.
fn page_css(case: &Case) -> String {
    let mut css = String::from(TEXAS_CSS);
    let top = case
        .board
        .colour
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(case.k);
    for c in 1..=top {
        let (bg, fg) = colour_css(c);
        let _ = writeln!(
            css,
            "table.board td.c{c}{{background-color:{bg};color:{fg}}}"
        );
    }
    css
}

/// The boards: the initial board, the operations drawn, and the final boards when an engine gave
/// an outcome.
fn boards(
    out: &mut String,
    v: &View<'_, Texas>,
    engines: &[Eng<'_>],
    shown: &[bool],
    anchor: Option<Anchor>,
) {
    let _ = writeln!(out, "<h2 id=\"boards\">Boards</h2>\n<h3>Initial board</h3>");
    pair_of_boards(
        out,
        &[Side {
            engine: "the case",
            letter: "input",
            caption: String::new(),
            drawn: Drawn {
                free: v.explained,
                ..Drawn::plain(&v.case.board)
            },
        }],
        "0",
        "initial",
    );
    for (i, &s) in shown.iter().enumerate() {
        if s {
            op_section(out, v.case, engines, i, anchor);
        }
    }
    // Without an engine's outcome there is no final board to show.
    if !engines.is_empty() {
        final_boards(out, engines, anchor == Some(Anchor::Final));
    }
}

/// The first difference in words with both engines' views, folded unless there are no boards.
fn difference_as_text(out: &mut String, d: &Divergence, names: Names<'_>, open: bool) {
    let _ = writeln!(
        out,
        "<h2>The first difference as text</h2>\n<details{}><summary>{}: {}</summary>",
        if open { " open" } else { "" },
        escape(d.at.as_str()),
        escape(&d.what)
    );
    views(out, d, names);
    out.push_str("</details>\n");
}
