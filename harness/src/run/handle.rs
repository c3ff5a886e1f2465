//! One failure of a run handled: its case shrunk (and explained) unless it is reported as it is,
//! its record made, its repro and the files that make it again saved before anything is reported,
//! and what the run's summary says of it ([`crate::run::pipeline`] reports each failure through
//! [`shrink_and_save`]).

use crate::render::corpus;
use crate::roles::game::Game;
use crate::roles::oracle::{Pair, Pictured};
use crate::roles::verdict::Names;
use crate::run::batch::{Found, Progress};
use crate::run::minimize::{self, shrink_pair};
use crate::run::plan::DiffOptions;
use crate::run::record::{headline, Record, Views};
use crate::run::summary::Reported;
use std::sync::atomic::Ordering::Relaxed;

/// A failure shrunk and saved: what the run's summary says of it, its text report, and why it
/// could not be saved (when it could not).
pub(crate) struct Handled {
    pub(crate) reported: Reported,
    pub(crate) text: String,
    pub(crate) save_error: Option<String>,
}

/// Shrinks the failure `found` of `signature` (unless `as_is`), records it and saves its repro.
pub(crate) fn shrink_and_save<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    found: &Found<G::Case>,
    signature: &str,
    as_is: bool,
    progress: &dyn Progress,
) -> anyhow::Result<Handled> {
    let judging = !pair.b.traces();
    let names = pair.names();
    let (case, failure, steps, tries, complete, explained) =
        match shrunk(opts, pair, found, signature, as_is, progress) {
            Some(m) => (
                Some(m.case),
                m.failure,
                m.steps,
                m.tries,
                m.complete,
                m.explained,
            ),
            None => (found.case.clone(), found.failure.clone(), 0, 0, false, None),
        };
    let mut record = Record {
        found,
        signature,
        as_is,
        judging,
        case,
        failure,
        steps,
        tries,
        complete,
        explained,
        pictured: Pictured::default(),
        out_dir: &opts.out_dir,
    };
    record.picture(pair);
    let program = &opts.program;
    let mut text = Views::<G>::text(&record, names, opts.colour, program);
    let (repro, save_error) = match save(opts, &record, names) {
        Ok(p) => {
            text.push_str(&format!("repro: {}\n", p.display()));
            (Some(p), None)
        }
        Err(e) => (None, Some(format!("{e:#}"))),
    };
    let reported = Views::<G>::reported(&record, program, repro);
    Ok(Handled {
        reported,
        text,
        save_error,
    })
}

/// The found case shrunk (and explained), unless it is reported as it is, it has no case, or no
/// pair can shrink it.
fn shrunk<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    found: &Found<G::Case>,
    signature: &str,
    as_is: bool,
    progress: &dyn Progress,
) -> Option<minimize::Minimized<G::Case>> {
    let original = &found.failure;
    let case = found.case.as_ref().filter(|_| !as_is)?;
    let spair = shrink_pair(opts, pair, original)?;
    if !opts.batch.stop.load(Relaxed) {
        progress.note(&format!(
            "case {} failed ({}): shrinking for up to {:.0} s; Ctrl-C saves it as it is",
            found.index,
            headline(original, !pair.b.traces()).to_lowercase(),
            opts.shrink_budget.as_secs_f64()
        ));
    }
    Some(minimize::minimize(
        opts, &spair, case, original, signature, progress,
    ))
}

/// Writes the record's repro (a file replayed unchanged keeps its path), then the files that
/// make the case again beside it, before anything is reported: the repro's path.
fn save<G: Game>(
    opts: &DiffOptions<G>,
    record: &Record<'_, G::Case, G::Outcome>,
    names: Names<'_>,
) -> anyhow::Result<std::path::PathBuf> {
    let program = &opts.program;
    let path = match record.saved_file().filter(|_| record.unchanged()) {
        Some(path) => path.clone(),
        None => corpus::save::<G>(
            &opts.out_dir,
            &Views::<G>::name(record),
            record.case.as_ref(),
            Views::<G>::page(record, names).as_deref(),
            &record.failure,
            &Views::<G>::text(record, names, false, program),
            Views::<G>::meta(record, names, opts.batch.seed, program),
        )?,
    };
    let files = record
        .regenerate::<G>()
        .map(|r| r.files)
        .unwrap_or_default();
    for (ext, bytes) in files {
        let beside = path.with_extension(&ext);
        std::fs::write(&beside, bytes)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", beside.display()))?;
    }
    Ok(path)
}
