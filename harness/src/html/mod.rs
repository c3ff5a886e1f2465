//! A picture of a case as one self-contained HTML page: `harness replay --html OUT FILE`, and the
//! `.html` saved beside every failing case.
//!
//! Every game gets a page with the verdict, both answers, the first difference with both engines'
//! views, and the input ([`generic()`]). Texas gets more ([`texas()`]): every operation's summary
//! line for both engines, and the boards both engines had, round by round, side by side, rebuilt
//! from each engine's own trace, with colours as colours, specials as symbols, each round's matched
//! (M) and removed (E) cells outlined and the cells where the engines differ marked. Large cases
//! keep every summary line but draw boards only around the first difference.
//!
//! The page skeleton, its CSS and the pieces every page shares are in `page`; the Texas page, its
//! boards, sections and palette in `texas`.
//!
//! The page has inline CSS only: no script, no network, no external font. Every piece of text is
//! escaped. What the page shows, and how to open it, is in docs/html-report.md.

mod generic;
mod page;
mod texas;

pub use generic::generic;
pub use page::escape;
pub use texas::texas;

use crate::engine::{Engine, Fault, Kind, Output};
use crate::game::{Game, Names};
use crate::oracle::{catching, Failure, Pair};
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
