//! Making pages: hands what engines made of a case to the game's page
//! ([`crate::roles::game::Game::html`], made with the kit of [`crate::roles::html`]): the page of `harness replay
//! --html OUT FILE` (`saved_page`, `write_replay`, from the outcomes of the replay), the page
//! saved beside every failing case ([`failure_page`], from outcomes recorded with the failure), and
//! the page of any case ([`replay_page`], which runs both engines).

use crate::roles::game::Game;
use crate::roles::html::View;
use crate::roles::oracle::{catching, Pair, Pictured};
use crate::roles::verdict::Names;
use crate::roles::verdict::{Explanation, Failure};
use std::path::{Path, PathBuf};

/// Checks `case` with both engines of `pair` ([`Pair::check`]) and pictures what they made of it.
pub fn replay_page<G: Game>(title: &str, case: &G::Case, pair: &Pair<G>) -> String {
    let checked = pair.check(case);
    G::html(&View {
        title,
        case,
        names: pair.names(),
        a: checked.a.as_ref(),
        b: checked.b.as_ref(),
        failure: checked.verdict.failure(),
        explained: None,
    })
}

/// The page of a replayed saved file (`harness replay --html`), drawn from what the engines made
/// of it in that replay (`outcomes`; runs no engine) and its `failure`, if it fails; `Err` when the
/// page could not be made.
pub(crate) fn saved_page<G: Game>(
    title: &str,
    case: &G::Case,
    outcomes: &Pictured<G::Outcome>,
    failure: Option<&Failure>,
    names: Names<'_>,
) -> Result<String, String> {
    catching(|| {
        G::html(&View {
            title,
            case,
            names,
            a: outcomes.a.as_ref(),
            b: outcomes.b.as_ref(),
            failure,
            explained: None,
        })
    })
    .map_err(|e| format!("the page could not be made: {e}"))
}

/// The page of a saved failure, drawn from what the engines made of it when it was recorded
/// ([`Pair::pictured`]; runs no engine). `names` are the engines' names (the default when there
/// is no pair).
pub fn failure_page<G: Game>(
    title: &str,
    case: &G::Case,
    failure: &Failure,
    names: Names<'_>,
    pictured: &Pictured<G::Outcome>,
    explained: Option<&Explanation>,
) -> String {
    G::html(&View {
        title,
        case,
        names,
        a: pictured.a.as_ref(),
        b: pictured.b.as_ref(),
        failure: Some(failure),
        explained,
    })
}

/// Where `harness replay --html OUT` writes the page of `file`: OUT itself, or `OUT/NAME.html`
/// when OUT is a folder or several files are replayed.
pub(crate) fn target(out: &Path, file: &Path, several: bool) -> PathBuf {
    if several || out.is_dir() {
        let stem = file.file_stem().unwrap_or(file.as_os_str());
        out.join(Path::new(stem).with_extension("html"))
    } else {
        out.to_path_buf()
    }
}

/// Writes `page`, the replay page of `file` (see [`target`]), and says so on `log`; a file
/// without a page (`Err`: unreadable, bad input) is only reported, its verdict says why.
pub(crate) fn write_replay(
    out: &Path,
    file: &Path,
    several: bool,
    page: Result<String, String>,
    log: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let dest = target(out, file, several);
    match page {
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
