//! The 2048 page (`Game::html`), made of the harness's page kit: the verdict, both answers, then
//! the boards move by move, both engines side by side, the tiles where they differ marked, and the
//! input. Long games show every move's summary line but draw boards only around the first
//! difference. Also the text picture of an explained repro (`?` for tiles that do not matter).

use crate::case::{Board, Case};
use crate::trace::{Event, Outcome};
use harness::prelude::Game;
use harness::roles::html::page::escape;
use harness::roles::html::page::{
    answers, finish, first_difference, header, headline, input, start, views,
};
use harness::roles::html::View;
use harness::roles::verdict::Explanation;
use std::fmt::Write as _;

const CSS: &str = "
table.b{border-collapse:collapse;margin:.2em 0}table.b td{width:2.9em;height:2.1em;text-align:center;
border:1px solid #bbada0;font-weight:600;font-size:12px}
td.e{background:#cdc1b4}td.s{background:#eee4da}td.m{background:#f2b179}td.l{background:#edcf72}
td.x{background:#3c3a32;color:#f9f6f2}td.d{outline:3px solid #d00000;outline-offset:-3px}
td.f{outline:3px dashed #0b57d0;outline-offset:-3px}
.pair{display:flex;gap:2em;flex-wrap:wrap}.pair>div{min-width:12em}
";

/// Boards are drawn for at most this many moves on each side of the first difference.
const AROUND: usize = 3;

fn class(v: u64) -> &'static str {
    match v {
        0 => "e",
        1..=4 => "s",
        5..=64 => "m",
        65..=2048 => "l",
        _ => "x",
    }
}

/// One board as a table; the cells where `other` differs are marked, and the tiles `free` says
/// do not matter (dashed, with a `?`).
fn board(out: &mut String, b: &Board, other: Option<&Board>, free: Option<&Explanation>) {
    out.push_str("<table class=\"b\">\n");
    for r in 0..b.n {
        out.push_str("<tr>");
        for c in 0..b.m {
            let v = b.get(r, c);
            let differs = other.is_some_and(|o| o.n == b.n && o.m == b.m && o.get(r, c) != v);
            let is_free = free.is_some_and(|e| e.cell_is_free(r, c, "tile"));
            let mark = match (differs, is_free) {
                (true, _) => " d",
                (false, true) => " f",
                _ => "",
            };
            let mut text = if v == 0 { String::new() } else { v.to_string() };
            if is_free {
                text.push('?');
            }
            let _ = write!(out, "<td class=\"{}{mark}\">{text}</td>", class(v));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

fn side(out: &mut String, name: &str, e: Option<&Event>, other: Option<&Event>) {
    out.push_str("<div>");
    match e {
        Some(e) => {
            let head = e.to_string();
            let head = head.lines().next().unwrap_or("");
            let _ = writeln!(out, "<p><b>{}</b>: {}</p>", escape(name), escape(head));
            board(out, &e.board, other.map(|o| &o.board), None);
        }
        None => {
            let _ = writeln!(out, "<p><b>{}</b>: no such move</p>", escape(name));
        }
    }
    out.push_str("</div>\n");
}

/// The page of a 2048 case.
pub fn page<G: Game<Case = Case, Outcome = Outcome>>(v: &View<'_, G>) -> String {
    let mut out = String::new();
    let divergence = v.failure.and_then(|f| f.divergence.as_ref());
    start(
        &mut out,
        &format!("2048: {} - {}", headline(v.failure), v.title),
        CSS,
    );
    header(&mut out, v, divergence, divergence.is_some());
    answers(&mut out, v, None, false);
    let ea = v.a.map_or(&[][..], |o| &o.events[..]);
    let eb = v.b.map_or(&[][..], |o| &o.events[..]);
    let first = (0..ea.len().max(eb.len())).find(|&i| ea.get(i) != eb.get(i));
    out.push_str("<h2 id=\"moves\">Moves</h2>\n<div class=\"pair\"><div><p><b>start</b></p>\n");
    board(&mut out, &v.case.board, None, v.explained);
    out.push_str("</div></div>\n");
    for i in 0..ea.len().max(eb.len()) {
        let near = first.is_none_or(|f| i + AROUND >= f && i <= f + AROUND) || ea.len() <= 40;
        let id = if Some(i) == first {
            " id=\"first\""
        } else {
            ""
        };
        let _ = writeln!(out, "<h3{id}>move {}</h3>", i + 1);
        if !near {
            let line = ea.get(i).or(eb.get(i)).map(|e| e.to_string());
            let line = line.as_deref().and_then(|l| l.lines().next()).unwrap_or("");
            let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(line));
            continue;
        }
        out.push_str("<div class=\"pair\">\n");
        side(&mut out, v.names.a, ea.get(i), eb.get(i));
        side(&mut out, v.names.b, eb.get(i), ea.get(i));
        out.push_str("</div>\n");
    }
    if ea.is_empty() && eb.is_empty() {
        out.push_str("<p class=\"meta\">no traced moves</p>\n");
    }
    if let Some(d) = divergence {
        if first.is_none() {
            first_difference(&mut out, d);
        }
        views(&mut out, d, v.names);
    }
    input::<G>(&mut out, v.case);
    finish(&mut out);
    out
}

/// The board with `?` for the tiles any value of which fails the same way, then the moves, a free
/// one marked `(any)`.
pub fn picture(case: &Case, e: &Explanation) -> Option<String> {
    if e.free.is_empty() {
        return None;
    }
    let b = &case.board;
    let cells: Vec<String> = (0..b.n * b.m)
        .map(|i| {
            let (r, c) = (i / b.m, i % b.m);
            if e.cell_is_free(r, c, "tile") {
                "?".into()
            } else {
                b.get(r, c).to_string()
            }
        })
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::from("the repro, ? where any tile fails the same way:\n");
    for row in cells.chunks(b.m) {
        let line: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
    for (i, mv) in case.moves.iter().enumerate() {
        let free = if e.operation_is_free(i) { " (any)" } else { "" };
        let _ = writeln!(
            out,
            "  move {}: {} {} {} {}{free}",
            i + 1,
            mv.dir,
            mv.r + 1,
            mv.c + 1,
            mv.v
        );
    }
    Some(out)
}
