//! A picture of a case as one self-contained HTML page: `harness replay --html OUT FILE`, and the
//! `.html` saved beside every failing case.
//!
//! Every game gets a page with the verdict, both answers, the first difference with both engines'
//! views, and the input ([`generic`]). Texas gets more ([`texas`]): every operation's summary line
//! for both engines, and the boards both engines had, round by round, side by side, rebuilt from
//! each engine's own trace, with colours as colours, specials as symbols, each round's matched (M)
//! and removed (E) cells outlined and the cells where the engines differ marked. Large cases keep
//! every summary line but draw boards only around the first difference.
//!
//! The page has inline CSS only: no script, no network, no external font. Every piece of text is
//! escaped. What the page shows, and how to open it, is in docs/html-report.md.

use crate::engine::{Engine, Fault, Kind, Output};
use crate::game::{Divergence, Game, Names};
use crate::games::Texas;
use crate::oracle::{catching, Failure, Pair};
use model::texas::{Board, Case, Cells, OpTrace, Outcome, Pos, Score};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What a page pictures: a case and what two engines made of it.
pub struct View<'a, G: Game> {
    /// What the page is about: a file's path, a saved case's name.
    pub title: &'a str,
    pub case: &'a G::Case,
    /// The trusted engine (`a`) and the engine under test (`b`).
    pub names: Names<'a>,
    /// The trusted engine's traced outcome, when it gave one.
    pub a: Option<&'a G::Outcome>,
    /// The traced outcome of the engine under test, when it gave one.
    pub b: Option<&'a G::Outcome>,
    /// The verdict; `None` when the engines agree.
    pub failure: Option<&'a Failure>,
}

// ----------------------------------------------------------------------------------------------
// Making pages.

/// Runs one engine with a trace, catching a panic. `Ok(None)` for an engine that gives answers
/// only (it is not run here).
fn traced<G: Game>(
    engine: &dyn Engine<G>,
    case: &G::Case,
) -> Result<Option<G::Outcome>, Box<Failure>> {
    if !engine.traces() {
        return Ok(None);
    }
    match catching(|| engine.run(case, true)) {
        Ok(Ok(Output::Outcome(o))) => Ok(Some(o)),
        Ok(Ok(Output::Answer(_))) => Ok(None),
        Ok(Err(fault)) => Err(Box::new(Failure::fault(engine.name(), &fault))),
        Err(message) => Err(Box::new(Failure::fault(
            engine.name(),
            &Fault::Panic { message },
        ))),
    }
}

/// Runs both engines of `pair` on `case` and pictures what they made of it: the page of
/// `harness replay --html`.
pub fn replay_page<G: Game>(title: &str, case: &G::Case, pair: &Pair<G>) -> String {
    let names = pair.names();
    let ra = traced(&*pair.a, case);
    let rb = traced(&*pair.b, case);
    let a = ra.as_ref().ok().and_then(Option::as_ref);
    let b = rb.as_ref().ok().and_then(Option::as_ref);
    let failure = match (&ra, &rb) {
        (Err(f), _) => Some(Failure::clone(f)),
        (Ok(_), Err(f)) => {
            let mut f = Failure::clone(f);
            f.expected = a.map(G::answer);
            Some(f)
        }
        _ => match (a, b) {
            (Some(x), Some(y)) => G::compare(case, x, y, names).map(|d| Failure {
                kind: Kind::Mismatch,
                engine: None,
                what: format!("{}: {}", d.at, d.what),
                divergence: Some(d),
                expected: Some(G::answer(x)),
                got: None,
                interrupted: false,
            }),
            // An engine that gives answers only: the pair judges its answer.
            _ => pair.failure(case),
        },
    };
    G::html(&View {
        title,
        case,
        names,
        a,
        b,
        failure: failure.as_ref(),
    })
}

/// The page of a saved failure. For a mismatch the engines of `pair` that give traces are run
/// again to draw their boards; for a crash or a hang nothing is run again.
pub fn failure_page<G: Game>(
    title: &str,
    case: &G::Case,
    failure: &Failure,
    pair: Option<&Pair<G>>,
) -> String {
    let run = |e: &dyn Engine<G>| traced(e, case).ok().flatten();
    let (a, b) = match pair {
        Some(p) if failure.kind == Kind::Mismatch => (run(&*p.a), run(&*p.b)),
        _ => (None, None),
    };
    let names = match pair {
        Some(p) => p.names(),
        None => Names::default(),
    };
    G::html(&View {
        title,
        case,
        names,
        a: a.as_ref(),
        b: b.as_ref(),
        failure: Some(failure),
    })
}

/// Reads and parses a case file and makes its replay page; `Err` says why the file has none.
pub fn replay_file<G: Game>(path: &Path, pair: &Pair<G>) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let case = G::parse(&bytes).map_err(|e| e.to_string())?;
    let title = path.display().to_string();
    catching(|| replay_page::<G>(&title, &case, pair))
        .map_err(|e| format!("the page could not be made: {e}"))
}

/// Where `harness replay --html OUT` writes the page of `file`: OUT itself, or `OUT/NAME.html`
/// when OUT is a folder or several files are replayed.
pub fn target(out: &Path, file: &Path, several: bool) -> PathBuf {
    if several || out.is_dir() {
        let stem = file.file_stem().unwrap_or(file.as_os_str());
        out.join(Path::new(stem).with_extension("html"))
    } else {
        out.to_path_buf()
    }
}

/// Writes the replay page of `file` (see [`target`]) and says so on `log`; a file without a page
/// (unreadable, bad input) is only reported, its verdict says why.
pub fn write_replay<G: Game>(
    out: &Path,
    file: &Path,
    several: bool,
    pair: &Pair<G>,
    log: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let dest = target(out, file, several);
    match replay_file::<G>(file, pair) {
        Ok(page) => {
            if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("--html: cannot create {}", dir.display()))?;
            }
            std::fs::write(&dest, page)
                .with_context(|| format!("--html: cannot write {}", dest.display()))?;
            writeln!(log, "{}: picture in {}", file.display(), dest.display())?;
        }
        Err(why) => writeln!(log, "{}: no picture: {why}", file.display())?,
    }
    Ok(())
}

// ----------------------------------------------------------------------------------------------
// Pieces every page shares.

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

fn start(out: &mut String, title: &str, css: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{BASE_CSS}{css}</style>\n</head>\n<body>\n",
        escape(title)
    );
}

fn finish(out: &mut String) {
    out.push_str("</body>\n</html>\n");
}

/// The verdict in a word or two.
fn headline(failure: Option<&Failure>) -> String {
    match failure {
        None => "the engines agree".into(),
        Some(f) if f.kind == Kind::Mismatch => "MISMATCH".into(),
        Some(f) => f.kind.describe().to_uppercase(),
    }
}

/// The title, the verdict, the engines and a link to the first difference (`anchor`).
fn header<G: Game>(
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
                    escape(&d.at)
                )
            } else {
                format!("First difference at {}", escape(&d.at))
            };
            let _ = writeln!(out, "<p class=\"lead\">{at}: {}</p>", escape(&d.what));
        }
        (None, Some(f)) => {
            let _ = writeln!(out, "<p class=\"lead\">{}</p>", escape(&f.what));
        }
        (None, None) => {}
    }
}

/// Both engines' answers (from their outcomes, or as the verdict keeps them).
fn answers<G: Game>(out: &mut String, v: &View<'_, G>, id: Option<&str>, first: bool) {
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
fn views(out: &mut String, d: &Divergence, names: Names<'_>) {
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
fn input<G: Game>(out: &mut String, case: &G::Case) {
    let text = G::write(case);
    let open = if text.len() <= 2000 { " open" } else { "" };
    let _ = writeln!(
        out,
        "<h2>Input</h2>\n<details{open}><summary>the case in the input format ({} bytes)</summary><pre>{}</pre></details>",
        text.len(),
        escape(&clip(&text, 400_000))
    );
}

/// The page of any game: the verdict, both answers, the first difference with both views, the
/// input. Mayan and NoGo use it as it is.
pub fn generic<G: Game>(v: &View<'_, G>) -> String {
    let mut out = String::new();
    let divergence = v.failure.and_then(|f| f.divergence.as_ref());
    start(
        &mut out,
        &format!("{}: {} - {}", G::NAME, headline(v.failure), v.title),
        "",
    );
    header(&mut out, v, divergence, divergence.is_some());
    answers(&mut out, v, None, false);
    if let Some(d) = divergence {
        let _ = writeln!(
            out,
            "<h2 id=\"first\">First difference</h2>\n<p><b>{}</b>: {}</p>",
            escape(&d.at),
            escape(&d.what)
        );
        views(&mut out, d, v.names);
    }
    input::<G>(&mut out, v.case);
    finish(&mut out);
    out
}

// ----------------------------------------------------------------------------------------------
// Texas.

/// Boards drawn for all valid operations when every one of them fits in this many cells...
const SMALL_CELLS: usize = 60_000;
/// ...and otherwise, around the first difference, at most this many (the differing operation is
/// always drawn).
const BUDGET_CELLS: usize = 150_000;
/// Operations drawn before the first difference of a large case.
const BEFORE: usize = 3;
/// Differing cells listed by position above a board.
const SHOW_CELLS: usize = 6;
/// Boards with at most this many cells carry a tooltip per cell.
const TOOLTIP_CELLS: usize = 400;

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
table.board td.d::after{content:'';position:absolute;top:1px;right:1px;width:7px;height:7px;border-radius:50%;background:#e00000;box-shadow:0 0 0 2px #fff}
table.board.big td.d::after{width:5px;height:5px;box-shadow:0 0 0 1px #fff}
table.board td.s::before{content:'';position:absolute;bottom:-2px;left:-2px;border-bottom:11px solid #1a56db;border-right:11px solid transparent}
.nd{color:#b00020;font-weight:600}
table.t td.op{white-space:nowrap}
";

/// The symbols of the specials 1 to 6, and what each does.
const SPECIALS: [(&str, &str); 6] = [
    ("\u{2194}", "1: its row"),
    ("\u{2195}", "2: its column"),
    ("\u{271a}", "3: its row and column"),
    ("\u{25a3}", "4: the 3x3 square"),
    ("\u{25c9}", "5: the 5x5 square"),
    ("\u{2731}", "6: every piece of its colour"),
];

fn special_symbol(s: u8) -> &'static str {
    match s {
        1..=6 => SPECIALS[usize::from(s) - 1].0,
        _ => "?",
    }
}

/// Twenty colours that are easy to tell apart, then the golden angle around the hue circle.
const PALETTE: [&str; 20] = [
    "#e6194b", "#3cb44b", "#4363d8", "#ffe119", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
    "#808000", "#ffd8b1", "#000075", "#a9a9a9",
];

/// The background and the text colour of colour id `c` (1 to 100).
fn colour_css(c: u8) -> (String, &'static str) {
    let i = usize::from(c.max(1)) - 1;
    if let Some(hex) = PALETTE.get(i) {
        let v = u32::from_str_radix(&hex[1..], 16).unwrap_or(0);
        let (r, g, b) = (v >> 16 & 255, v >> 8 & 255, v & 255);
        let light = 299 * r + 587 * g + 114 * b > 150_000;
        (hex.to_string(), if light { "#111" } else { "#fff" })
    } else {
        let hue = (i as f64 * 137.508) % 360.0;
        let light = [42, 62, 78][i % 3];
        let sat = [70, 55][i / 3 % 2];
        (
            format!("hsl({hue:.0},{sat}%,{light}%)"),
            if light >= 60 { "#111" } else { "#fff" },
        )
    }
}

/// The boards an engine had during one operation, rebuilt from its own trace.
struct OpBoards {
    /// Before each round (the first one just after the swap); empty for an invalid operation.
    rounds: Vec<Board>,
    /// After the operation (the board as it was, for an invalid one).
    after: Board,
}

fn has(cells: Option<&Cells>, r: usize, c: usize) -> bool {
    c < 64 && cells.is_some_and(|x| x.rows.get(r).is_some_and(|bits| bits >> c & 1 == 1))
}

/// Applies an engine's reported removal and lets the pieces fall (no rule is decided here: the
/// removed cells are the engine's own; cells outside the board are ignored).
fn remove_and_fall(board: &mut Board, removed: &Cells) {
    for c in 0..board.m {
        let mut write = board.n;
        for r in (0..board.n).rev() {
            let i = board.idx(r, c);
            if board.colour[i] != 0 && !has(Some(removed), r, c) {
                write -= 1;
                let j = board.idx(write, c);
                board.colour[j] = board.colour[i];
                board.special[j] = board.special[i];
            }
        }
        for r in 0..write {
            let i = board.idx(r, c);
            board.colour[i] = 0;
            board.special[i] = 0;
        }
    }
}

fn swap(board: &mut Board, a: Pos, b: Pos) {
    if a.r() < board.n && b.r() < board.n && a.c() < board.m && b.c() < board.m {
        let (x, y) = (board.idx(a.r(), a.c()), board.idx(b.r(), b.c()));
        board.colour.swap(x, y);
        board.special.swap(x, y);
    }
}

/// The boards of the operations in `shown`, replaying the engine's swaps and removals in order.
fn replay(case: &Case, trace: &[OpTrace], shown: &[bool]) -> Vec<Option<OpBoards>> {
    let mut board = case.board.clone();
    let mut out = Vec::with_capacity(case.ops.len());
    for (i, op) in case.ops.iter().enumerate() {
        let Some(t) = trace.get(i) else {
            out.push(None);
            continue;
        };
        let keep = shown.get(i).copied().unwrap_or(false);
        let mut rounds = Vec::new();
        if t.invalid.is_none() {
            swap(&mut board, op.a, op.b);
            for round in &t.rounds {
                if keep {
                    rounds.push(board.clone());
                }
                remove_and_fall(&mut board, &round.removed);
            }
        }
        out.push(keep.then(|| OpBoards {
            rounds,
            after: board.clone(),
        }));
    }
    out
}

/// One board as drawn: the pieces, the cells outlined, the swapped cells.
#[derive(Clone, Copy)]
struct Drawn<'a> {
    board: &'a Board,
    matched: Option<&'a Cells>,
    removed: Option<&'a Cells>,
    swap: Option<(Pos, Pos)>,
}

impl Drawn<'_> {
    fn plain(board: &Board) -> Drawn<'_> {
        Drawn {
            board,
            matched: None,
            removed: None,
            swap: None,
        }
    }

    /// True when cell (r, c) shows differently on `other` (piece, M or E).
    fn differs(&self, other: &Drawn<'_>, r: usize, c: usize) -> bool {
        let (x, y) = (self.board, other.board);
        x.colour_at(r, c) != y.colour_at(r, c)
            || x.special_at(r, c) != y.special_at(r, c)
            || has(self.matched, r, c) != has(other.matched, r, c)
            || has(self.removed, r, c) != has(other.removed, r, c)
    }

    fn same_shape(&self, other: &Drawn<'_>) -> bool {
        self.board.n == other.board.n && self.board.m == other.board.m
    }

    /// The cells (row, column) that show differently on `other`; `None` when the boards do not
    /// even have the same size.
    fn differences(&self, other: &Drawn<'_>) -> Option<Vec<(usize, usize)>> {
        if !self.same_shape(other) {
            return None;
        }
        Some(
            (0..self.board.n)
                .flat_map(|r| (0..self.board.m).map(move |c| (r, c)))
                .filter(|&(r, c)| self.differs(other, r, c))
                .collect(),
        )
    }
}

/// Draws a board as a table; `other` is the other engine's board at the same moment (the cells that
/// differ are marked); `tag` names the engine and the moment for the table's data attributes.
fn board_table(
    out: &mut String,
    me: &Drawn<'_>,
    other: Option<&Drawn<'_>>,
    tag: (&str, &str, &str),
) {
    let b = me.board;
    let other = other.filter(|o| me.same_shape(o));
    let big = if b.m > 24 || b.n > 24 { " big" } else { "" };
    let tips = b.n * b.m <= TOOLTIP_CELLS;
    let _ = write!(
        out,
        "<table class=\"board{big}\" data-engine=\"{}\" data-op=\"{}\" data-round=\"{}\"><thead><tr><th></th>",
        tag.0, tag.1, tag.2
    );
    for c in 0..b.m {
        let _ = write!(out, "<th>{}</th>", c + 1);
    }
    out.push_str("</tr></thead><tbody>");
    for r in 0..b.n {
        let _ = write!(out, "\n<tr><th>{}</th>", r + 1);
        for c in 0..b.m {
            let (colour, special) = (b.colour_at(r, c), b.special_at(r, c));
            let mut class = if colour == 0 {
                "z".to_string()
            } else {
                format!("c{colour}")
            };
            if has(me.matched, r, c) {
                class.push_str(" m");
            } else if has(me.removed, r, c) {
                class.push_str(" x");
            }
            if other.is_some_and(|o| me.differs(o, r, c)) {
                class.push_str(" d");
            }
            if me
                .swap
                .is_some_and(|(p, q)| (p.r(), p.c()) == (r, c) || (q.r(), q.c()) == (r, c))
            {
                class.push_str(" s");
            }
            let _ = write!(out, "<td class=\"{class}\"");
            if tips {
                let _ = write!(out, " title=\"({} {})", r + 1, c + 1);
                if colour == 0 {
                    out.push_str(" empty");
                } else {
                    let _ = write!(out, " colour {colour}");
                    if special != 0 {
                        let _ = write!(out, ", special {special}");
                    }
                }
                out.push('"');
            }
            out.push('>');
            if colour != 0 {
                if special != 0 {
                    let _ = write!(out, "<i>{}</i>", special_symbol(special));
                }
                let _ = write!(out, "{colour}");
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

/// One engine's side of a pair of boards.
struct Side<'a> {
    engine: &'a str,
    /// "A" or "B".
    letter: &'a str,
    caption: String,
    drawn: Drawn<'a>,
}

/// Two boards side by side (or one, when only one engine has an outcome), the differences marked
/// and counted.
fn pair_of_boards(out: &mut String, sides: &[Side<'_>], op: &str, round: &str) {
    out.push_str("<div class=\"pair\">");
    for (i, s) in sides.iter().enumerate() {
        let other = if sides.len() == 2 {
            sides.get(1 - i)
        } else {
            None
        };
        let note = match other.map(|o| s.drawn.differences(&o.drawn)) {
            None => String::new(),
            Some(None) => " &middot; <span class=\"nd\">the boards differ in size</span>".into(),
            Some(Some(cells)) if cells.is_empty() => String::new(),
            Some(Some(cells)) => {
                let list: Vec<String> = cells
                    .iter()
                    .take(SHOW_CELLS)
                    .map(|&(r, c)| format!("({} {})", r + 1, c + 1))
                    .collect();
                format!(
                    " &middot; <span class=\"nd\">{}: {}{}</span>",
                    if cells.len() == 1 {
                        "1 cell differs".to_string()
                    } else {
                        format!("{} cells differ", cells.len())
                    },
                    list.join(" "),
                    if cells.len() > SHOW_CELLS { " ..." } else { "" }
                )
            }
        };
        let _ = write!(
            out,
            "<figure><figcaption>{}: <b>{}</b>{}{note}</figcaption>",
            s.letter,
            escape(s.engine),
            s.caption
        );
        let tag = (s.letter.to_ascii_lowercase(), op, round);
        board_table(
            out,
            &s.drawn,
            other.map(|o| &o.drawn),
            (&tag.0, tag.1, tag.2),
        );
        out.push_str("</figure>");
    }
    out.push_str("</div>\n");
}

/// One engine in the Texas page.
struct Eng<'a> {
    name: &'a str,
    letter: &'a str,
    out: &'a Outcome,
    boards: Vec<Option<OpBoards>>,
}

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

fn legend(out: &mut String, case: &Case) {
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

fn score_table(out: &mut String, engines: &[Eng<'_>], first: bool) {
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

fn ops_table(
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
fn op_section(
    out: &mut String,
    case: &Case,
    engines: &[Eng<'_>],
    i: usize,
    anchor: Option<Anchor>,
) {
    let first_op = anchor == Some(Anchor::Op(i));
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
    let swapped = case.ops.get(i).map(|o| (o.a, o.b));
    let boards: Vec<Option<&OpBoards>> = engines.iter().map(|e| e.boards[i].as_ref()).collect();
    let rounds = engines
        .iter()
        .map(|e| e.out.ops.get(i).map_or(0, |t| t.rounds.len()))
        .max()
        .unwrap_or(0);
    if rounds == 0 {
        // Invalid for every engine: the board stays as it was.
        let sides: Vec<Side<'_>> = engines
            .iter()
            .zip(&boards)
            .filter_map(|(e, b)| {
                let b = (*b)?;
                Some(Side {
                    engine: e.name,
                    letter: e.letter,
                    caption:
                        " &middot; invalid: the board stays as it was (the swapped cells marked)"
                            .into(),
                    drawn: Drawn {
                        swap: swapped,
                        ..Drawn::plain(&b.after)
                    },
                })
            })
            .collect();
        pair_of_boards(out, &sides, &(i + 1).to_string(), "unchanged");
        out.push_str("</section>\n");
        return;
    }
    for r in 0..rounds {
        let first_round = anchor == Some(Anchor::Round(i, r));
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
        let sides: Vec<Side<'_>> = engines
            .iter()
            .zip(&boards)
            .filter_map(|(e, b)| {
                let b = (*b)?;
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
                            swap: swapped.filter(|_| r == 0),
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
                            swap: swapped.filter(|_| r == 0),
                            ..Drawn::plain(&b.after)
                        },
                    },
                })
            })
            .collect();
        pair_of_boards(out, &sides, &(i + 1).to_string(), &(r + 1).to_string());
        out.push_str("</div>\n");
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

/// The Texas page: the verdict, the score breakdown of both engines, every operation's summary, the
/// boards round by round, the final boards and the input.
pub fn texas(v: &View<'_, Texas>) -> String {
    let case = v.case;
    let computed;
    let divergence = match v.failure {
        Some(f) => f.divergence.as_ref(),
        None => {
            computed =
                v.a.zip(v.b)
                    .and_then(|(x, y)| <Texas as Game>::compare(case, x, y, v.names));
            computed.as_ref()
        }
    };
    // A page about agreeing engines that do differ would mislead: show it as a mismatch.
    let failure_owned;
    let failure = match (v.failure, divergence) {
        (None, Some(d)) => {
            failure_owned = Failure {
                kind: Kind::Mismatch,
                engine: None,
                what: format!("{}: {}", d.at, d.what),
                divergence: Some(d.clone()),
                expected: None,
                got: None,
                interrupted: false,
            };
            Some(&failure_owned)
        }
        (f, _) => f,
    };
    let v: View<'_, Texas> = View {
        failure,
        title: v.title,
        case,
        names: v.names,
        a: v.a,
        b: v.b,
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
    let mut engines: Vec<Eng<'_>> = [(v.names.a, "A", v.a), (v.names.b, "B", v.b)]
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
    let shown = shown_ops(case, &engines, first_op);
    for e in &mut engines {
        e.boards = replay(case, &e.out.ops, &shown);
    }

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
    let mut out = String::with_capacity(64 * 1024);
    start(
        &mut out,
        &format!("texas: {} - {}", headline(v.failure), v.title),
        &css,
    );
    header(&mut out, &v, divergence, anchor.is_some());
    let _ = writeln!(
        out,
        "<p class=\"meta\">Contents: <a href=\"#score\">score</a> &middot; <a href=\"#legend\">legend</a> \
         &middot; <a href=\"#ops\">operations</a> &middot; <a href=\"#boards\">boards</a> &middot; \
         <a href=\"#final\">final boards</a> &middot; <a href=\"#input\">input</a></p>"
    );
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
    let _ = writeln!(out, "<h2 id=\"boards\">Boards</h2>\n<h3>Initial board</h3>");
    pair_of_boards(
        &mut out,
        &[Side {
            engine: "the case",
            letter: "input",
            caption: String::new(),
            drawn: Drawn::plain(&case.board),
        }],
        "0",
        "initial",
    );
    for (i, &s) in shown.iter().enumerate() {
        if s {
            op_section(&mut out, case, &engines, i, anchor);
        }
    }
    let final_first = anchor == Some(Anchor::Final);
    let _ = writeln!(
        out,
        "<section class=\"op{}\" id=\"final\">{}<h3>Final boards (as each engine reported them)</h3>",
        if final_first { " first" } else { "" },
        if final_first { "<a id=\"first\"></a>" } else { "" }
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
    pair_of_boards(&mut out, &sides, "end", "final");
    out.push_str("</section>\n");
    if let Some(d) = divergence {
        let _ = writeln!(
            out,
            "<h2>The first difference as text</h2>\n<details{}><summary>{}: {}</summary>",
            if engines.is_empty() { " open" } else { "" },
            escape(&d.at),
            escape(&d.what)
        );
        views(&mut out, d, v.names);
        out.push_str("</details>\n");
    }
    let _ = writeln!(out, "<div id=\"input\"></div>");
    input::<Texas>(&mut out, case);
    finish(&mut out);
    out
}
