//! Pieces every page shares: the skeleton and its CSS, escaping, the verdict, the answers, the
//! two views of a divergence, the input. A game's own page (`Game::html`) is made of these and of
//! its own sections.

use super::View;
use crate::roles::verdict::{Divergence, Failure, Kind, Names};
use crate::roles::{Check, Format};
use std::fmt::Write as _;

/// Escapes text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The first `limit` bytes of `s` (at a character boundary), saying how much was left out.
fn clip(s: &str, limit: usize) -> String {
    if s.len() <= limit {
        return s.to_string();
    }
    let mut end = limit;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n... ({} bytes in all)", &s[..end], s.len())
}

const BASE_CSS: &str = "
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif;margin:1.5em 2em;color:#1d1d1f;background:#fff}
h1{font-size:1.45em;margin:.2em 0 .4em}h2{font-size:1.2em;margin:1.6em 0 .5em;border-bottom:1px solid #ddd}
h3{font-size:1.05em;margin:.6em 0 .3em}h4{font-size:.95em;margin:.8em 0 .3em;font-weight:600}
a{color:#0b57d0}code,pre{font-family:ui-monospace,'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:12px}
pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.6em;overflow:auto;max-height:40em;margin:.3em 0}
.meta{color:#555}.verdict{font-weight:700}.bad{color:#b00020}.ok{color:#1a7f37}
.lead{background:#fff4c2;border-left:5px solid #e0a800;padding:.5em .8em}
table.t{border-collapse:collapse;margin:.3em 0}table.t td,table.t th{border:1px solid #ddd;padding:.2em .55em;text-align:left;vertical-align:top}
table.t th{background:#f3f4f6}table.t td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.dr td{background:#ffe7e7}tr.first td{background:#fff4c2}
.views{display:flex;flex-wrap:wrap;gap:1em}.views>div{flex:1 1 30em;min-width:0}
span.dl{background:#ffd7d7}
details{margin:.5em 0}summary{cursor:pointer;color:#0b57d0}
";

/// Opens a page: the doctype, the head with `title` and the shared CSS followed by `css`, and the
/// body.
pub fn start(out: &mut String, title: &str, css: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{BASE_CSS}{css}</style>\n</head>\n<body>\n",
        escape(title)
    );
}

/// Closes the body and the page [`start`] opened.
pub fn finish(out: &mut String) {
    out.push_str("</body>\n</html>\n");
}

/// The verdict in a word or two.
pub fn headline(failure: Option<&Failure>) -> String {
    match failure {
        None => "the engines agree".into(),
        Some(f) if f.kind == Kind::Mismatch => "MISMATCH".into(),
        Some(f) => f.kind.describe().to_uppercase(),
    }
}

/// The title, the verdict, the engines and a link to the first difference (`anchor`).
pub fn header<G: Check>(
    out: &mut String,
    v: &View<'_, G>,
    divergence: Option<&Divergence>,
    anchor: bool,
) {
    let class = if v.failure.is_some() { "bad" } else { "ok" };
    let _ = writeln!(
        out,
        "<h1>{}: <span class=\"verdict {class}\">{}</span></h1>",
        G::NAME,
        escape(&headline(v.failure))
    );
    let _ = writeln!(
        out,
        "<p class=\"meta\">{} &middot; {} &middot; A = <b>{}</b> (trusted) &middot; B = <b>{}</b> (under test)</p>",
        escape(v.title),
        escape(&G::size(v.case)),
        escape(v.names.a),
        escape(v.names.b)
    );
    match (divergence, v.failure) {
        (Some(d), _) => {
            let at = if anchor {
                format!(
                    "<a href=\"#first\">First difference</a> at {}",
                    escape(d.at.as_str())
                )
            } else {
                format!("First difference at {}", escape(d.at.as_str()))
            };
            let _ = writeln!(out, "<p class=\"lead\">{at}: {}</p>", escape(&d.what));
        }
        (None, Some(f)) => {
            let _ = writeln!(out, "<p class=\"lead\">{}</p>", escape(&f.what));
        }
        (None, None) => {}
    }
    if let Some(e) = v.explained.filter(|e| !e.free.is_empty()) {
        let labels: Vec<String> = e.free.iter().map(|f| escape(&f.label)).collect();
        let _ =
            writeln!(
            out,
            "<p class=\"lead\" id=\"explained\">What does not matter: {} can take other values \
             and the case still fails the same way{}.</p>",
            labels.join(", "),
            if e.complete { "" } else { " (not every part was tried)" }
        );
    }
}

/// The heading of the first difference (the target of the header's link) and what differs.
pub fn first_difference(out: &mut String, d: &Divergence) {
    let _ = writeln!(
        out,
        "<h2 id=\"first\">First difference</h2>\n<p><b>{}</b>: {}</p>",
        escape(d.at.as_str()),
        escape(&d.what)
    );
}

/// Both engines' answers (from their outcomes, or as the verdict keeps them) under a heading with
/// the id `id`, which holds the anchor of the first difference when `first`.
pub fn answers<G: Check>(out: &mut String, v: &View<'_, G>, id: Option<&str>, first: bool) {
    let a =
        v.a.map(G::answer)
            .or_else(|| v.failure.and_then(|f| f.expected.clone()));
    let b =
        v.b.map(G::answer)
            .or_else(|| v.failure.and_then(|f| f.got.clone()));
    let differ =
        matches!((&a, &b), (Some(x), Some(y)) if x.split_whitespace().ne(y.split_whitespace()));
    let show = |s: &Option<String>| match s {
        Some(s) => format!("<pre>{}</pre>", escape(&clip(s, 20_000))),
        None => "<i>none</i>".to_string(),
    };
    let id = id.map_or(String::new(), |i| format!(" id=\"{i}\""));
    let first = if first { "<a id=\"first\"></a>" } else { "" };
    let _ = writeln!(out, "<h2{id}>{first}Answers</h2>");
    let _ = writeln!(
        out,
        "<table class=\"t\"><tr><th>engine</th><th>answer</th></tr>\n\
         <tr{dr}><td>A: {}</td><td>{}</td></tr>\n<tr{dr}><td>B: {}</td><td>{}</td></tr></table>",
        escape(v.names.a),
        show(&a),
        escape(v.names.b),
        show(&b),
        dr = if differ { " class=\"dr\"" } else { "" }
    );
}

/// Both views of a divergence side by side, the lines that differ marked.
pub fn views(out: &mut String, d: &Divergence, names: Names<'_>) {
    let (left, right): (Vec<&str>, Vec<&str>) =
        (d.a_view.lines().collect(), d.b_view.lines().collect());
    let side = |mine: &[&str], theirs: &[&str]| {
        let mut s = String::new();
        for (i, line) in mine.iter().enumerate() {
            if theirs.get(i) == Some(line) {
                let _ = writeln!(s, "{}", escape(line));
            } else {
                let _ = writeln!(s, "<span class=\"dl\">{}</span>", escape(line));
            }
        }
        s
    };
    let _ = writeln!(
        out,
        "<div class=\"views\"><div><h4>A: {}</h4><pre>{}</pre></div><div><h4>B: {}</h4><pre>{}</pre></div></div>",
        escape(names.a),
        side(&left, &right),
        escape(names.b),
        side(&right, &left)
    );
}

/// The case in its input format, folded away unless it is short.
pub fn input<G: Format>(out: &mut String, case: &G::Case) {
    let text = G::write(case);
    let open = if text.len() <= 2000 { " open" } else { "" };
    let _ = writeln!(
        out,
        "<h2>Input</h2>\n<details{open}><summary>the case in the input format ({} bytes)</summary><pre>{}</pre></details>",
        text.len(),
        escape(&clip(&text, 400_000))
    );
}
