//! The HTML picture of a case: structure checks on a real mismatch (a planted engine whose trace
//! differs from the reference's in one round's removed cells), large cases, escaping, the generic
//! page of the other games, `harness replay --html` and the page saved beside a failure.

use games::{Mayan, Texas};
use harness::prelude::*;
use harness::prelude::{Engine, Kind, Pair};
use harness::render::pages;
use harness::roles::engine::Output;
use harness::roles::game::Game;
use harness::roles::html::{self, View};
use harness::roles::oracle::Pictured;
use harness::roles::verdict::Failure;
use harness::roles::verdict::Fault;
use harness::roles::verdict::{Divergence, Names, Side};
use harness::run::batch::BatchOptions;
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use model::texas::{Case, Outcome};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

/// The optimized engine with one round's removed cells altered: in the first operation that has at
/// least `min_rounds` rounds (counting from operation `from`), the first removed cell of its last
/// round is left out of E.
struct Planted {
    name: String,
    from: usize,
    min_rounds: usize,
}

impl Planted {
    fn new(name: &str) -> Self {
        Planted {
            name: name.into(),
            from: 0,
            min_rounds: 2,
        }
    }
}

/// Where `Planted` alters a trace: (operation, round, row, column), all 0-based.
fn planted_at(
    good: &Outcome,
    from: usize,
    min_rounds: usize,
) -> Option<(usize, usize, usize, usize)> {
    let op = (from..good.ops.len()).find(|&i| good.ops[i].rounds.len() >= min_rounds)?;
    let round = good.ops[op].rounds.len() - 1;
    let p = good.ops[op].rounds[round].removed.iter().next()?;
    Some((op, round, p.r(), p.c()))
}

impl Engine<Texas> for Planted {
    fn name(&self) -> &str {
        &self.name
    }
    fn run(&self, case: &Case, _trace: bool) -> Result<Output<Outcome>, Fault> {
        let mut out = engine::texas::outcome(case);
        if let Some((op, round, r, c)) = planted_at(&out, self.from, self.min_rounds) {
            out.ops[op].rounds[round].removed.rows[r] &= !(1u64 << c);
        }
        Ok(Output::Outcome(out))
    }
}

fn corpus(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel)
}

fn sample(name: &str) -> Case {
    Case::parse(&std::fs::read(corpus(&format!("texas/{name}"))).unwrap()).unwrap()
}

fn planted_pair(planted: Planted) -> Pair<Texas> {
    Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(planted),
    )
}

/// Checks that every tag the page opens is closed in order (void elements aside) and that the page
/// has the basics: doctype, charset, one html, head and body; and no address to fetch.
fn assert_well_formed(page: &str) {
    assert!(
        page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "doctype"
    );
    assert!(page.contains("<meta charset=\"utf-8\">"));
    assert!(page.trim_end().ends_with("</html>"));
    assert!(!page.contains("http"), "the page names an address");
    assert!(!page.contains("<script"), "the page has a script");
    assert!(
        !page.contains("@import") && !page.contains("url("),
        "the page loads something"
    );
    const VOID: &[&str] = &["meta", "br", "hr", "img", "input", "link", "col", "wbr"];
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with('!') {
            continue;
        }
        let end = rest.find('>').expect("an unclosed tag");
        let tag = &rest[..end];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(
            !name.is_empty(),
            "a stray `<` before `{}`",
            &rest[..end.min(40)]
        );
        if closing {
            let open = stack.pop();
            assert_eq!(open, Some(name.as_str()), "`</{name}>` closes {open:?}");
        } else if !VOID.contains(&name.as_str()) {
            let name = &rest[..name.len()];
            stack.push(name);
            if name == "style" {
                // CSS is not markup: skip to its end.
                let close = rest.find("</style>").expect("an unclosed style");
                rest = &rest[close..];
            }
        }
    }
    assert!(stack.is_empty(), "tags left open: {stack:?}");
    for once in ["<html", "<head>", "<body>", "</body>", "</html>"] {
        assert_eq!(page.matches(once).count(), 1, "{once}");
    }
    assert_links_land(page);
}

/// Every link within the page (`href="#x"`) has its target (`id="x"`) on the page.
fn assert_links_land(page: &str) {
    let ids: BTreeSet<&str> = page
        .split(" id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    for rest in page.split("href=\"#").skip(1) {
        let target = rest.split('"').next().unwrap_or("");
        assert!(
            ids.contains(target),
            "a link to #{target}, which is not on the page"
        );
    }
    assert_eq!(
        page.matches("href=\"#").count(),
        page.matches("href=").count(),
        "a link that leaves the page"
    );
}

/// The board tables of a page: (engine letter, operation, round) -> the tables' text.
fn boards(page: &str) -> BTreeMap<(String, String, String), Vec<String>> {
    let mut out: BTreeMap<_, Vec<String>> = BTreeMap::new();
    for chunk in page.split("<table class=\"board").skip(1) {
        let end = chunk.find("</table>").unwrap();
        let table = &chunk[..end];
        let attr = |key: &str| -> Option<String> {
            let from = table.find(&format!("{key}=\""))? + key.len() + 2;
            let len = table[from..].find('"')?;
            Some(table[from..from + len].to_string())
        };
        // The legend's little tables have no data attributes.
        if let (Some(e), Some(o), Some(r)) =
            (attr("data-engine"), attr("data-op"), attr("data-round"))
        {
            out.entry((e, o, r)).or_default().push(table.to_string());
        }
    }
    out
}

/// The class attributes of a table's cells.
fn cell_classes(table: &str) -> Vec<String> {
    table
        .split("<td class=\"")
        .skip(1)
        .map(|c| c[..c.find('"').unwrap()].to_string())
        .collect()
}

fn is_marked(class: &str) -> bool {
    class.split(' ').any(|c| c == "d")
}

#[test]
fn a_planted_mismatch_is_drawn_round_by_round_with_its_differing_cell_marked() {
    let case = sample("sample1.in");
    let pair = planted_pair(Planted::new("planted"));
    let good = reference::texas::outcome(&case);
    let (op, round, pr, pc) = planted_at(&good, 0, 2).expect("sample 1 has a cascade");
    let page = pages::replay_page::<Texas>("sample1.in", &case, &pair);
    assert_well_formed(&page);
    assert!(page.contains("MISMATCH"));
    assert!(page.contains("<b>reference</b>") && page.contains("<b>planted</b>"));

    // The first difference: linked from the top, anchored once, inside the round it happens in.
    assert_eq!(page.matches("id=\"first\"").count(), 1);
    assert!(page.find("href=\"#first\"").unwrap() < page.find("id=\"first\"").unwrap());
    let round_div = format!(
        "<div class=\"round first\" id=\"op-{}-r{}\"><a id=\"first\"></a>",
        op + 1,
        round + 1
    );
    assert!(page.contains(&round_div), "no {round_div}");
    assert!(page.contains(&format!("<tr class=\"first\" data-op=\"{}\">", op + 1)));

    // One board table per engine per shown round: a small case draws every valid operation, each
    // round and the board after it, for both engines.
    let tables = boards(&page);
    let mut expected = BTreeSet::new();
    for (i, t) in good.ops.iter().enumerate() {
        if t.invalid.is_none() {
            for r in 1..=t.rounds.len() {
                expected.insert((i + 1).to_string() + "/" + &r.to_string());
            }
            expected.insert((i + 1).to_string() + "/after");
        }
    }
    let mut drawn = BTreeSet::new();
    for ((engine, o, r), list) in &tables {
        assert_eq!(list.len(), 1, "{engine} {o} {r} drawn {} times", list.len());
        if o.parse::<usize>().is_ok_and(|o| o > 0) {
            drawn.insert(format!("{o}/{r}"));
        }
    }
    assert_eq!(drawn, expected);
    for key in &expected {
        let (o, r) = key.split_once('/').unwrap();
        for e in ["a", "b"] {
            assert!(
                tables.contains_key(&(e.into(), o.into(), r.into())),
                "{e} {key}"
            );
        }
    }
    for e in ["a", "b"] {
        assert!(tables.contains_key(&(e.into(), "end".into(), "final".into())));
    }
    assert!(tables.contains_key(&("input".into(), "0".into(), "initial".into())));

    // The altered cell is the one marked in that round, on both sides; earlier rounds mark nothing.
    let key = |e: &str, r: usize| (e.to_string(), (op + 1).to_string(), r.to_string());
    for e in ["a", "b"] {
        let classes = cell_classes(&tables[&key(e, round + 1)][0]);
        assert_eq!(
            classes.iter().filter(|c| is_marked(c)).count(),
            1,
            "{e}: {classes:?}"
        );
        let outlined = classes
            .iter()
            .filter(|c| c.split(' ').any(|x| x == "m" || x == "x"))
            .count();
        // The planted engine's E lacks one cell; a cell of M stays outlined as M all the same.
        let planted = &good.ops[op].rounds[round];
        let lost = e == "b" && !planted.matched.contains(model::texas::Pos::new(pr, pc));
        assert_eq!(
            outlined,
            planted.removed.count() - usize::from(lost),
            "{e}: E outlined"
        );
        for r in 1..=round {
            assert!(!cell_classes(&tables[&key(e, r)][0])
                .iter()
                .any(|c| is_marked(c)));
        }
    }
    // The caption above both boards of that round names the cell.
    let caption = format!("1 cell differs: ({} {})", pr + 1, pc + 1);
    assert_eq!(page.matches(&caption).count(), 2, "{caption}");
    // M and E: the matched cells of the first round outlined as M on the reference's board.
    let first_round = cell_classes(&tables[&key("a", 1)][0]);
    assert_eq!(
        first_round
            .iter()
            .filter(|c| c.split(' ').any(|x| x == "m"))
            .count(),
        good.ops[op].rounds[0].matched.count()
    );

    // The legend: every special's symbol, the marks.
    let legend = &page[page.find("id=\"legend\"").unwrap()..page.find("id=\"ops\"").unwrap()];
    for symbol in [
        "\u{2194}", "\u{2195}", "\u{271a}", "\u{25a3}", "\u{25c9}", "\u{2731}",
    ] {
        assert!(legend.contains(symbol), "{symbol}");
    }
    for class in ["c1 m", "c1 x", "c1 d", "c1 s"] {
        assert!(legend.contains(&format!("class=\"{class}\"")), "{class}");
    }
    // Every colour of the case has its CSS; the score breakdown shows both totals.
    for c in 1..=case.k {
        assert!(
            page.contains(&format!("td.c{c}{{background-color:")),
            "colour {c}"
        );
    }
    let planted_total = pair.b.run(&case, true).ok().map(|o| match o {
        Output::Outcome(o) => o.score.total(),
        Output::Answer(_) => unreachable!(),
    });
    let score = &page[page.find("id=\"score\"").unwrap()..page.find("id=\"legend\"").unwrap()];
    assert!(score.contains(&format!("<td class=\"n\">{}</td>", good.score.total())));
    assert!(score.contains(&format!("<td class=\"n\">{}</td>", planted_total.unwrap())));
}

#[test]
fn a_large_case_lists_every_operation_but_draws_boards_only_near_the_difference() {
    let profile = Texas::profile("heavy").unwrap();
    let case = Texas::generate(profile, 7);
    assert_eq!((case.n(), case.m(), case.ops.len()), (50, 50, 1000));
    let good = engine::texas::outcome(&case);
    // A difference late in the game, after many valid operations.
    let valid: Vec<usize> = (0..case.ops.len())
        .filter(|&i| !good.ops[i].rounds.is_empty())
        .collect();
    let from = valid[valid.len() * 3 / 4];
    assert!(from >= 20 && valid.len() >= 40, "{from} {}", valid.len());
    let planted = Planted {
        name: "planted".into(),
        from,
        min_rounds: 1,
    };
    let (op, _, _, _) = planted_at(&good, from, 1).unwrap();
    let page = pages::replay_page::<Texas>("heavy 7", &case, &planted_pair(planted));
    assert_well_formed(&page);
    assert!(page.len() < 12 << 20, "{} bytes", page.len());
    for i in 1..=case.ops.len() {
        assert!(
            page.contains(&format!(" data-op=\"{i}\"><td")),
            "no summary of operation {i}"
        );
    }
    let drawn: BTreeSet<usize> = boards(&page)
        .keys()
        .filter_map(|(_, o, _)| o.parse().ok())
        .filter(|&o| o > 0)
        .collect();
    assert!(
        drawn.contains(&(op + 1)),
        "the differing operation {} is drawn: {drawn:?}",
        op + 1
    );
    assert!(drawn.len() <= 4, "{drawn:?}");
    assert!(
        drawn.iter().all(|&o| o + 3 > op && o <= op + 1),
        "{drawn:?}"
    );
    assert!(page.contains("Boards are drawn for"));
}

#[test]
fn names_and_texts_are_escaped() {
    let evil = "<script>alert(\"x&y\")</script>'";
    let case = sample("sample1.in");
    let page =
        pages::replay_page::<Texas>("<b>title</b>", &case, &planted_pair(Planted::new(evil)));
    assert_well_formed(&page);
    assert!(!page.contains(evil));
    assert!(!page.contains("<b>title</b>"));
    assert!(page.contains("&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;&#39;"));
    assert!(page.contains("&lt;b&gt;title&lt;/b&gt;"));
    assert_eq!(html::page::escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
}

#[test]
fn agreeing_engines_get_a_page_without_a_difference() {
    let case = sample("sample2.in");
    let page = pages::replay_page::<Texas>("sample2.in", &case, &Pair::builtin());
    assert_well_formed(&page);
    assert!(page.contains("the engines agree"));
    assert!(!page.contains("id=\"first\"") && !page.contains("href=\"#first\""));
    for (_, tables) in boards(&page) {
        assert!(tables
            .iter()
            .all(|t| !cell_classes(t).iter().any(|c| is_marked(c))));
    }
    assert!(
        page.contains("<td class=\"n\">684</td>"),
        "the answer of sample 2"
    );
}

#[test]
fn other_games_get_the_generic_page() {
    let path = corpus("mayan/cascade-leftovers.in");
    let case = Mayan::parse(&std::fs::read(&path).unwrap()).unwrap();
    let out = harness::roles::game::reference::<Mayan>()
        .run(&case, true)
        .unwrap();
    let Output::Outcome(out) = out else {
        panic!("an outcome")
    };
    let divergence = Divergence {
        at: harness::prelude::At::Answer,
        event: harness::roles::difference::Difference::named("moves <differ>"),
        what: "moves <differ>".into(),
        a_view: "1 2 0\n3 4 1".into(),
        b_view: "1 2 0\n3 4 -1".into(),
        context: serde_json::json!({}),
    };
    let failure = Failure::mismatch(
        "answer: moves <differ>".into(),
        Some(divergence),
        Some(Mayan::answer(&out)),
        Some("-1\n".into()),
    );
    let page = Mayan::html(&View {
        title: "cascade-leftovers.in",
        case: &case,
        names: Names {
            a: "reference",
            b: "<prog>",
        },
        a: Some(&out),
        b: None,
        failure: Some(&failure),
        explained: None,
    });
    assert_well_formed(&page);
    assert!(page.contains("mayan: <span class=\"verdict bad\">MISMATCH</span>"));
    assert!(page.contains("&lt;prog&gt;") && page.contains("moves &lt;differ&gt;"));
    assert!(
        page.contains("<span class=\"dl\">3 4 -1</span>"),
        "the differing line is marked"
    );
    assert!(
        page.contains(&html::page::escape(&Mayan::write(&case))),
        "the input"
    );
    assert!(page.contains(&html::page::escape(Mayan::answer(&out).trim_end())));
    assert_eq!(page.matches("id=\"first\"").count(), 1);
}

#[test]
fn replay_html_writes_a_page_per_file() {
    let dir = std::env::temp_dir().join(format!("html-replay-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let one = dir.join("one.html");
    let run = |args: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_harness"))
            .arg("replay")
            .args(args)
            .output()
            .unwrap()
    };
    let sample1 = corpus("texas/sample1.in");
    let out = run(&["--html".as_ref(), one.as_os_str(), sample1.as_os_str()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&one).unwrap();
    assert_well_formed(&page);
    assert!(page.contains("the engines agree") && page.contains("sample1.in"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("picture in {}", one.display())),
        "{stdout}"
    );

    // Several files: OUT is a folder with one page each, the other games' pages too.
    let many = dir.join("many");
    let nogo = std::fs::read_dir(corpus("nogo"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "in"))
        .expect("a nogo case");
    let args: Vec<&std::ffi::OsStr> = vec![
        "--html".as_ref(),
        many.as_os_str(),
        sample1.as_os_str(),
        nogo.as_os_str(),
    ];
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(many.join("sample1.html").is_file());
    let stem = nogo.file_stem().unwrap().to_string_lossy().to_string();
    let page = std::fs::read_to_string(many.join(format!("{stem}.html"))).unwrap();
    assert_well_formed(&page);
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("nogo: "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_mismatch_has_its_page_beside_it() {
    let out_dir = std::env::temp_dir().join(format!("html-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(200, 3), out_dir.clone());
    opts.shrink_budget = Duration::from_secs(20);
    let pair = planted_pair(Planted::new("planted"));
    let mut report = Vec::new();
    let summary =
        pipeline::run::<Texas>(&opts, &pair, &harness::run::batch::Silent, &mut report).unwrap();
    assert!(summary.failed() > 0, "{}", String::from_utf8_lossy(&report));
    let input = summary.first.unwrap().repro.expect("saved");
    let page = std::fs::read_to_string(input.with_extension("html")).unwrap();
    assert_well_formed(&page);
    assert!(page.contains("MISMATCH") && page.contains("<b>planted</b>"));
    assert_eq!(page.matches("id=\"first\"").count(), 1);
    let marked = boards(&page)
        .values()
        .flatten()
        .any(|t| cell_classes(t).iter().any(|c| is_marked(c)));
    assert!(marked, "the saved page marks the differing cells");
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// An engine that gives answers only (like a judged program), or panics.
struct Answers(Option<&'static str>);

impl Engine<Texas> for Answers {
    fn name(&self) -> &str {
        if self.0.is_some() {
            "answers"
        } else {
            "crasher"
        }
    }
    fn traces(&self) -> bool {
        self.0.is_none()
    }
    fn run(&self, _case: &Case, _trace: bool) -> Result<Output<Outcome>, Fault> {
        match self.0 {
            Some(a) => Ok(Output::Answer(a.into())),
            None => panic!("boom <here>"),
        }
    }
}

#[test]
fn a_wrong_answer_and_a_crash_get_pages_too() {
    let case = sample("sample1.in");
    let reference = harness::roles::game::reference::<Texas>();
    let page = pages::replay_page::<Texas>(
        "sample1.in",
        &case,
        &Pair::new(Arc::clone(&reference), Arc::new(Answers(Some("17\n")))),
    );
    assert_well_formed(&page);
    assert!(page.contains("MISMATCH"));
    // The difference is in the answer: the score anchors it, both answers are shown.
    assert!(page.contains("<h2 id=\"score\"><a id=\"first\"></a>Score</h2>"));
    assert!(page.contains("<pre>17\n</pre>") && page.contains("<pre>11692\n</pre>"));
    // The trusted engine's boards alone.
    let tables = boards(&page);
    assert!(tables.keys().any(|(e, _, _)| e == "a"));
    assert!(!tables.keys().any(|(e, _, _)| e == "b"));

    let page = pages::replay_page::<Texas>(
        "sample1.in",
        &case,
        &Pair::new(reference, Arc::new(Answers(None))),
    );
    assert_well_formed(&page);
    assert!(page.contains("texas: <span class=\"verdict bad\">CRASH</span>"));
    assert!(page.contains("crasher panicked: boom &lt;here&gt;"));
    assert!(!page.contains("id=\"first\""));

    // A saved mismatch pictured without its engines: no boards but the initial one, and the
    // link to the first difference still lands on the page.
    let pair = planted_pair(Planted::new("planted"));
    let failure = pair.failure(&case).expect("the planted engine differs");
    let page = pages::failure_page::<Texas>(
        "saved",
        &case,
        &failure,
        Names::default(),
        &Pictured::default(),
        None,
    );
    assert_well_formed(&page);
    assert!(page.contains("href=\"#first\""));
    assert_eq!(page.matches("id=\"first\"").count(), 1);
    assert_eq!(boards(&page).len(), 1, "the initial board only");
}

/// An engine of any game that panics on every case.
struct Crasher;

impl<G: Check> Engine<G> for Crasher {
    fn name(&self) -> &str {
        "crasher"
    }
    fn run(&self, _case: &G::Case, _trace: bool) -> Result<Output<G::Outcome>, Fault> {
        panic!("boom <here>")
    }
}

/// The page of a saved failure of `pair` on `case`, with what its engines made of the case.
fn saved_page(pair: &Pair<Texas>, case: &model::texas::Case, failure: &Failure) -> String {
    pages::failure_page::<Texas>(
        "saved",
        case,
        failure,
        pair.names(),
        &pair.pictured(case, failure),
        None,
    )
}

/// The boards a page draws for engine `letter`, by operation ("1", "2", ..., "end").
fn drawn_ops(page: &str, letter: &str) -> BTreeSet<String> {
    boards(page)
        .into_keys()
        .filter(|(e, _, _)| e == letter)
        .map(|(_, o, _)| o)
        .collect()
}

#[test]
fn a_crash_or_a_hang_page_shows_what_the_trusted_engine_did() {
    let case = sample("sample1.in");
    let good = reference::texas::outcome(&case);
    let valid: BTreeSet<String> = (0..case.ops.len())
        .filter(|&i| good.ops[i].invalid.is_none())
        .map(|i| (i + 1).to_string())
        .chain(["end".to_string()])
        .collect();

    // The engine under test crashes: the reference is run again, its operations, rounds and boards
    // are on the page, and the page says that the other engine crashed, with its message.
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Crasher),
    );
    let failure = pair.failure(&case).expect("the crasher crashes");
    assert_eq!(failure.kind, Kind::Crash);
    let page = saved_page(&pair, &case, &failure);
    assert_well_formed(&page);
    assert!(page.contains("texas: <span class=\"verdict bad\">CRASH</span>"));
    assert!(page.contains("crasher panicked: boom &lt;here&gt;"));
    assert!(page.contains("B = <b>crasher</b> crashed and left no trace"));
    assert!(page.contains("<h2 id=\"ops\">Operations</h2>"));
    for i in 1..=case.ops.len() {
        assert!(
            page.contains(&format!(" data-op=\"{i}\"><td")),
            "operation {i}"
        );
    }
    assert!(page.contains(&format!("<td class=\"n\">{}</td>", good.score.total())));
    assert!(
        page.contains("<pre>11692\n</pre>"),
        "the reference's answer"
    );
    assert_eq!(drawn_ops(&page, "a"), valid, "the reference's boards");
    assert!(drawn_ops(&page, "b").is_empty());
    for (id, name) in [("ops", "operations"), ("final", "final boards")] {
        assert!(
            page.contains(&format!("<a href=\"#{id}\">{name}</a>")),
            "{id}"
        );
    }

    // The engine under test hangs: the same, with the time limit.
    let pair = Pair::<Texas>::builtin();
    let fault = Fault::TimeLimit {
        limit_ms: 500,
        what: "CPU time".into(),
    };
    let failure = Failure::fault(Side::UnderTest, "optimized", &fault);
    let page = saved_page(&pair, &case, &failure);
    assert_well_formed(&page);
    assert!(page.contains("<span class=\"verdict bad\">TIME LIMIT</span>"));
    assert!(page.contains("optimized time limit exceeded (500 ms; CPU time)"));
    assert!(page.contains("B = <b>optimized</b> ran past its time limit and left no trace"));
    assert_eq!(drawn_ops(&page, "a"), valid);
    assert!(drawn_ops(&page, "b").is_empty());

    // Both engines of the same name: the side of the failure, not its engine's name, says which
    // one faulted.
    let same = Pair::new(
        harness::roles::game::reference::<Texas>(),
        harness::roles::game::reference::<Texas>(),
    );
    let failure = Failure::fault(Side::Trusted, "reference", &fault);
    let page = saved_page(&same, &case, &failure);
    assert!(page.contains("A = <b>reference</b> ran past its time limit and left no trace"));
    let failure = Failure::fault(Side::UnderTest, "reference", &fault);
    let page = saved_page(&same, &case, &failure);
    assert!(page.contains("B = <b>reference</b> ran past its time limit and left no trace"));
    assert_eq!(drawn_ops(&page, "a"), valid);

    // The trusted engine crashes: nothing is run again, and the contents link only to what is
    // there (no operations, no final boards).
    let pair = Pair::new(
        Arc::new(Crasher),
        harness::roles::game::reference::<Texas>(),
    );
    let failure = pair.failure(&case).expect("the crasher crashes");
    let page = saved_page(&pair, &case, &failure);
    assert_well_formed(&page);
    assert!(page.contains("A = <b>crasher</b> crashed and left no trace: no engine's trace"));
    assert!(!page.contains("href=\"#ops\"") && !page.contains("href=\"#final\""));
    assert_eq!(boards(&page).len(), 1, "the initial board only");
}

#[test]
fn a_crash_page_of_another_game_shows_the_trusted_answer() {
    let path = corpus("mayan/cascade-leftovers.in");
    let case = Mayan::parse(&std::fs::read(&path).unwrap()).unwrap();
    let pair = Pair::new(
        harness::roles::game::reference::<Mayan>(),
        Arc::new(Crasher),
    );
    let failure = pair.failure(&case).expect("the crasher crashes");
    let page = pages::failure_page::<Mayan>(
        "saved",
        &case,
        &failure,
        pair.names(),
        &pair.pictured(&case, &failure),
        None,
    );
    assert_well_formed(&page);
    assert!(page.contains("mayan: <span class=\"verdict bad\">CRASH</span>"));
    assert!(page.contains("crasher panicked: boom &lt;here&gt;"));
    let Ok(Output::Outcome(out)) = pair.a.run(&case, true) else {
        panic!("an outcome")
    };
    let answer = format!("<pre>{}</pre>", html::page::escape(&Mayan::answer(&out)));
    assert!(page.contains(&answer), "the reference's answer");

    // Its replay page says the same.
    let page = pages::replay_page::<Mayan>("cascade-leftovers.in", &case, &pair);
    assert_well_formed(&page);
    assert!(page.contains(&answer) && page.contains("CRASH"));
}
