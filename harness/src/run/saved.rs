//! Replay first: the saved cases before the batch. The game's saved cases (under the output folder,
//! and the `.in` files directly in `corpus/<game>/`) run through the pair before any case is
//! generated. A saved case that fails is a failure like any other: grouped by signature with the
//! batch's failures, shrunk, explained and saved ([`crate::run::pipeline`]); once the saved cases hold
//! `max_failures` distinct signatures no case is generated.
//!
//! Under `--shard I/K` each shard replays its share of the saved cases: the i-th file in the
//! replay's order (the saved failures under the output folder, then the corpus files, each sorted)
//! by shard `i % K`, so every saved case runs in exactly one shard and a merge counts a failing
//! one once.

use crate::render::corpus;
use crate::render::pages;
use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::roles::verdict::Kind;
use crate::run::batch::{Distinct, Failing, Found};
use crate::run::cases::Origin;
use crate::run::limits::Limits;
use crate::run::plan::ReplayFiles;
use crate::run::recheck::{self, Saved, SavedRun};
use crate::run::summary::{Replayed, SavedFailure};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// What the saved cases showed.
pub(crate) struct SavedPass<C> {
    pub(crate) replayed: Replayed,
    /// One failing saved case per signature (the first of it), in replay order, at most
    /// `max_failures`.
    pub(crate) failures: Vec<Failing<C>>,
    /// Failing saved cases by kind (`Kind::ALL` order).
    pub(crate) kinds: [u64; Kind::ALL.len()],
    pub(crate) interrupted: bool,
}

impl<C> SavedPass<C> {
    /// Saved cases that ran to a verdict.
    pub(crate) fn ran(&self) -> u64 {
        self.replayed.passed + self.kinds.iter().sum::<u64>()
    }
}

/// Where the saved cases are read from its cases and how far it goes.
pub(crate) struct SavedOptions<'a> {
    pub(crate) out_dir: &'a Path,
    pub(crate) corpus_dir: &'a Path,
    pub(crate) limits: Limits,
    pub(crate) max_failures: usize,
    pub(crate) stop: &'a AtomicBool,
    /// `(I, K)`: replay only the saved cases `i` with `i % K == I` (module doc).
    pub(crate) shard: (u64, u64),
    /// The files of `harness replay`, replayed instead of the saved cases found: every one runs
    /// (whatever `max_failures`) and gets its verdict line (and page).
    pub(crate) files: Option<&'a ReplayFiles>,
    /// Colour in the verdict lines.
    pub(crate) colour: bool,
}

/// Replays the saved cases through `pair` until they hold `max_failures` distinct signatures,
/// printing a line for each file that is not a case of the game and `N saved cases: all pass`
/// when none fails; listed files instead each get their verdict line.
pub(crate) fn replay_first<G: Game>(
    o: &SavedOptions<'_>,
    pair: &Pair<G>,
    out: &mut dyn Write,
) -> anyhow::Result<SavedPass<G::Case>> {
    let files = match o.files {
        Some(listed) => listed.files.clone(),
        None => corpus::saved_cases(o.out_dir, G::NAME, o.corpus_dir),
    };
    let mut gate = SavedPass {
        replayed: Replayed {
            saved_cases: files.len() as u64,
            replayed: 0,
            passed: 0,
            skipped: 0,
            failing: None,
            files: Vec::new(),
        },
        failures: Vec::new(),
        kinds: [0; Kind::ALL.len()],
        interrupted: false,
    };
    // Two in-process engines cannot be stopped from outside: each case runs on a thread of its own
    // under the batch's limit (doubled: wall-clock time). A program has limits of its own.
    let in_process = !pair.a.isolated() && !pair.b.isolated();
    let limit = |c: &G::Case| o.limits.wall::<G>(c);
    let limit: Option<recheck::CaseLimit<'_, G::Case>> =
        if in_process { Some(&limit) } else { None };
    let (shard, shards) = (o.shard.0, o.shard.1.max(1));
    let share = files
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % shards == shard);
    for (i, path) in share {
        let enough = o.files.is_none() && gate.failures.len() >= o.max_failures.max(1);
        if o.stop.load(Relaxed) || enough {
            gate.interrupted = o.stop.load(Relaxed);
            return Ok(gate);
        }
        gate.replayed.replayed += 1;
        let run = recheck::check_saved::<G>(path, pair, limit);
        if let Some(listed) = o.files {
            present(listed, path, &run, pair, o.colour, &mut gate, out)?;
        }
        if !tally(o, &mut gate, i as u64, path, run, out)? {
            return Ok(gate);
        }
    }
    if gate.failures.is_empty() && gate.replayed.replayed > 0 && o.files.is_none() {
        let skipped = match gate.replayed.skipped {
            0 => String::new(),
            n => format!(" ({n} skipped: not cases of {})", G::NAME),
        };
        let share = match shards {
            1 => String::new(),
            _ => format!(" (shard {shard}/{shards}'s share of {})", files.len()),
        };
        writeln!(
            out,
            "{} saved cases: all pass{skipped}{share}",
            gate.replayed.passed
        )?;
    }
    Ok(gate)
}

/// Counts saved case `i` at `path` by its verdict; `false` when an interrupt stopped it (the
/// replay ends). A failing one is reported as it is when the pair has nothing to shrink (the
/// answer beside it differs) or listed files are not to be shrunk.
fn tally<G: Game>(
    o: &SavedOptions<'_>,
    gate: &mut SavedPass<G::Case>,
    i: u64,
    path: &Path,
    run: Result<SavedRun<G>, String>,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    let keep_as_is = o.files.is_some_and(|l| !l.shrink);
    let (case, failure, as_is) = match run {
        Err(why) => {
            gate.replayed.skipped += 1;
            if o.files.is_none() {
                let (shown, game) = (path.display(), G::NAME);
                writeln!(out, "{shown}: skipped, not a {game} case: {why}")?;
            }
            return Ok(true);
        }
        Ok(r) => match r.saved {
            Saved::Passes { .. } => {
                gate.replayed.passed += 1;
                return Ok(true);
            }
            Saved::Fails(f) => (r.case, *f, keep_as_is),
            Saved::Unexpected(f) => (r.case, *f, true),
            Saved::Interrupted => {
                gate.interrupted = true;
                return Ok(false);
            }
        },
    };
    record(gate, i, path, case, failure, as_is);
    Ok(true)
}

/// The verdict of a listed file: its line on `out`, its page with `--html`, and its entry.
fn present<G: Game>(
    listed: &ReplayFiles,
    path: &Path,
    run: &Result<SavedRun<G>, String>,
    pair: &Pair<G>,
    colour: bool,
    gate: &mut SavedPass<G::Case>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let names = pair.names();
    let verdict = recheck::file_verdict::<G>(path, run, names);
    let failure = run.as_ref().ok().and_then(|r| r.failure());
    write!(
        out,
        "{}",
        recheck::verdict_text(&verdict, failure, names, colour)
    )?;
    if let Some((dest, several)) = &listed.pages {
        let title = path.display().to_string();
        let page = match run {
            Ok(r) => {
                // The page shows a failure between the engines, not the answer beside the file.
                let failure = match &r.saved {
                    Saved::Fails(f) => Some(&**f),
                    _ => None,
                };
                pages::saved_page::<G>(&title, &r.case, &r.outcomes, failure, names)
            }
            Err(why) => Err(why.clone()),
        };
        pages::write_replay(dest, path, *several, page, out)?;
    }
    gate.replayed.files.push(verdict);
    Ok(())
}

/// Counts a failing saved case (number `i` of the replay) and keeps it when its signature is new.
fn record<C>(
    gate: &mut SavedPass<C>,
    i: u64,
    path: &Path,
    case: C,
    failure: crate::roles::verdict::Failure,
    as_is: bool,
) {
    if let Some(k) = Kind::ALL.iter().position(|k| *k == failure.kind) {
        gate.kinds[k] += 1;
    }
    let signature = failure.signature();
    if gate.replayed.failing.is_none() {
        gate.replayed.failing = Some(SavedFailure {
            path: path.to_path_buf(),
            index: i,
            kind: failure.kind,
            engine: failure.engine.clone(),
            side: failure.side,
            what: failure.what.clone(),
            signature: signature.clone(),
        });
    }
    if let Some(known) = gate
        .failures
        .iter_mut()
        .find(|f| f.distinct.signature == signature)
    {
        known.distinct.hits.push(i);
        return;
    }
    let found = Found {
        index: i,
        origin: Origin::Saved(PathBuf::from(path)),
        case: Some(case),
        failure,
    };
    gate.failures.push(Failing {
        distinct: Distinct {
            signature,
            found,
            hits: vec![i],
        },
        as_is,
    });
}
