//! Replay first: the gate in front of the batch. The game's saved cases (under the output folder,
//! and the `.in` files directly in `corpus/<game>/`) run through the pair before any case is
//! generated. A saved case that fails is a failure like any other: grouped by signature with the
//! batch's failures, shrunk, explained and saved ([`crate::diff`]); once the saved cases hold
//! `max_failures` distinct signatures no case is generated.

use crate::batch::{Distinct, Found};
use crate::cases::Origin;
use crate::corpus;
use crate::engine::Kind;
use crate::game::Game;
use crate::limits::Limits;
use crate::oracle::Pair;
use crate::replay::{self, Saved};
use crate::summary::{Replayed, SavedFailure};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A failing saved case, the first of its signature.
pub struct SavedFound<C> {
    pub distinct: Distinct<C>,
    /// The engines agree with each other but not with the answer saved beside the case: nothing
    /// for the pair to shrink, so it is reported as it is.
    pub as_is: bool,
}

/// What the saved cases showed.
pub struct Gate<C> {
    pub replayed: Replayed,
    /// One failing saved case per signature, in replay order, at most `max_failures`.
    pub failures: Vec<SavedFound<C>>,
    /// Failing saved cases by kind (`Kind::ALL` order).
    pub kinds: [u64; 5],
    pub interrupted: bool,
}

impl<C> Gate<C> {
    /// Saved cases that ran to a verdict.
    pub fn ran(&self) -> u64 {
        self.replayed.passed + self.kinds.iter().sum::<u64>()
    }
}

/// Where the gate reads its cases and how far it goes.
pub struct GateOptions<'a> {
    pub out_dir: &'a Path,
    pub corpus_dir: &'a Path,
    pub limits: Limits,
    pub max_failures: usize,
    pub stop: &'a AtomicBool,
}

/// Replays the saved cases through `pair` until they hold `max_failures` distinct signatures,
/// printing a line for each file that is not a case of the game and `N saved cases: all pass`
/// when none fails.
pub fn replay_first<G: Game>(
    o: &GateOptions<'_>,
    pair: &Pair<G>,
    out: &mut dyn Write,
) -> std::io::Result<Gate<G::Case>> {
    let files = corpus::saved_cases(o.out_dir, G::NAME, o.corpus_dir);
    let mut gate = Gate {
        replayed: Replayed {
            saved_cases: files.len() as u64,
            passed: 0,
            skipped: 0,
            failing: None,
        },
        failures: Vec::new(),
        kinds: [0; 5],
        interrupted: false,
    };
    // Two in-process engines cannot be stopped from outside: each case runs on a thread of its own
    // under the batch's limit (doubled: wall-clock time). A program has limits of its own.
    let in_process = !pair.a.isolated() && !pair.b.isolated();
    let limit = |c: &G::Case| o.limits.wall::<G>(c);
    let limit: Option<replay::CaseLimit<'_, G::Case>> =
        if in_process { Some(&limit) } else { None };
    for (i, path) in files.iter().enumerate() {
        if o.stop.load(Relaxed) || gate.failures.len() >= o.max_failures.max(1) {
            gate.interrupted = o.stop.load(Relaxed);
            return Ok(gate);
        }
        let (case, failure, as_is) = match replay::check_saved::<G>(path, pair, limit) {
            Saved::Passes => {
                gate.replayed.passed += 1;
                continue;
            }
            Saved::NotACase(why) => {
                gate.replayed.skipped += 1;
                let (shown, game) = (path.display(), G::NAME);
                writeln!(out, "{shown}: skipped, not a {game} case: {why}")?;
                continue;
            }
            Saved::Fails(failed) => (failed.0, failed.1, false),
            Saved::Unexpected(failed) => (failed.0, failed.1, true),
            Saved::Interrupted => {
                gate.interrupted = true;
                return Ok(gate);
            }
        };
        record(&mut gate, i as u64, path, case, failure, as_is);
    }
    if gate.failures.is_empty() && !files.is_empty() {
        let skipped = match gate.replayed.skipped {
            0 => String::new(),
            n => format!(" ({n} skipped: not cases of {})", G::NAME),
        };
        writeln!(
            out,
            "{} saved cases: all pass{skipped}",
            gate.replayed.passed
        )?;
    }
    Ok(gate)
}

/// Counts a failing saved case (number `i` of the replay) and keeps it when its signature is new.
fn record<C>(
    gate: &mut Gate<C>,
    i: u64,
    path: &Path,
    case: C,
    failure: crate::oracle::Failure,
    as_is: bool,
) {
    if let Some(k) = Kind::ALL.iter().position(|k| *k == failure.kind) {
        gate.kinds[k] += 1;
    }
    let signature = failure.signature();
    if gate.replayed.failing.is_none() {
        gate.replayed.failing = Some(SavedFailure {
            path: path.to_path_buf(),
            kind: failure.kind,
            engine: failure.engine.clone(),
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
    gate.failures.push(SavedFound {
        distinct: Distinct {
            signature,
            found,
            hits: vec![i],
        },
        as_is,
    });
}
