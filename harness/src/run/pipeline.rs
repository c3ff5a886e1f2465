//! A differential run from start to verdict, shared by `harness diff` (optimized against reference)
//! and `harness judge` (a program against the reference), `verify` (a scope as the case source)
//! and `replay`. [`run`] reads as its phases: reuse (the saved cases first), generate (the batch
//! over the case source, [`crate::run::batch`]), shrink and explain (each failure minimized, saved, and
//! only then reported), conclude.
//!
//! A mismatch, a crash and a hang are all failures of the same pipeline. A hang of an in-process
//! engine is shrunk by running that engine out of process (the command line re-runs itself with
//! the hidden `exec-engine` command), so that every candidate can be stopped at its time limit.
//! An interrupt (the `stop` flag) stops the batch and the shrinker; what was found is still saved.
//!
//! A time limit of a judged program (an engine out of process, with a `Relimit`) is shrunk with a
//! relative limit: each candidate may take `RELATIVE_LIMIT` times the trusted engine's time
//! on that same candidate, at least `RELATIVE_FLOOR`, never more than the program's own
//! limit, and still fails when it runs past that. A candidate that still hangs then costs a
//! fraction of a second instead of the whole limit, and the candidates run on `threads` (`--jobs`)
//! at once. The shrunk case is checked once more under the program's own limit; should it pass
//! there (a program slow on it, not hung), the last case of the shrink that does not is reported.
//!
//! With `max_failures` above 1 the batch goes on after a failure ([`crate::run::batch`]) and the lowest
//! case of each distinct failure signature is shrunk (keeping to its signature), saved and
//! reported, with the number of cases that hit it.
//!
//! With `replay`, the game's saved cases (under the output folder, and the `.in` files directly in
//! `corpus/<game>/`) run first (`run::saved`): a failing one is a failure like any other, and
//! once they hold `max_failures` distinct failures no new case is generated. With `files`
//! (`harness replay FILE...`) those files are the run's only cases: each gets its verdict line,
//! and nothing is generated.

use crate::render::{corpus, report};
use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::roles::verdict::Kind;
use crate::run::batch::{self, BatchResult, Failing, Progress};
use crate::run::handle::{shrink_and_save, Handled};
use crate::run::saved::{self, SavedOptions};
use std::io::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::run::plan::{DiffOptions, ReplayFiles};
use crate::run::summary::{Starts, Summary, SCHEMA};

/// Runs a batch through `pair`, shrinks and saves the first failure (with `max_failures` above 1,
/// the first of each distinct signature), and prints the report to `out`. With `replay`, the saved
/// cases run first (`run::saved`). The last line is `<game>: <N> cases, <M> mismatches, <R>
/// cases/s` (for a pair whose engine under test gives answers only, the judge's tally instead).
pub fn run<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<Summary> {
    if let Some(listed) = opts.files() {
        return replay_files(opts, listed, pair, progress, out);
    }
    corpus::check_writable(&opts.out_dir)?;
    let started = Instant::now();
    let starts = supervise::start_counts();
    // Reuse: the saved cases run first, before the batch.
    let gate = if opts.saved_first() {
        Some(saved::replay_first(&saved_options(opts), pair, out)?)
    } else {
        None
    };
    // Generate: the batch over the case source, unless the saved cases already hold every
    // failure looked for (or an interrupt came during their replay).
    let allowed = opts.batch.max_failures.max(1);
    let from_saved = gate.as_ref().map_or(0, |g| g.failures.len());
    let generate = gate
        .as_ref()
        .is_none_or(|g| !g.interrupted && from_saved < allowed);
    let result = generate_cases(opts, pair, generate, started, progress);
    let mut summary = summarize::<G>(opts, pair, &result);
    let failures = to_report(&mut summary, gate, &result, allowed, generate);
    // Shrink, explain, save, report: each failure in turn.
    report_failures(opts, pair, &failures, &mut summary, progress, out)?;
    summary.starts = Starts::between(starts, supervise::start_counts());
    let halted = opts.listed().and_then(|s| s.halted());
    let stopped = Stopped {
        generated: generate,
        from_saved,
        allowed,
        halted,
    };
    conclude::<G>(&summary, &result, &stopped, out)?;
    Ok(summary)
}

/// The batch's result: the case source run through the pair, or nothing when `generate` is false.
fn generate_cases<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    generate: bool,
    started: Instant,
    progress: &dyn Progress,
) -> BatchResult<G::Case> {
    if !generate {
        return not_generated::<G>(started.elapsed(), opts.batch.stop.load(Relaxed));
    }
    match opts.listed() {
        Some(source) => batch::run_cases::<G>(&opts.batch, Arc::clone(source), pair, progress),
        None => batch::run::<G>(&opts.batch, pair, progress),
    }
}

/// The failures to report, in order: the saved cases' (added to `summary`), then the batch's
/// distinct ones of other signatures, up to `allowed` in all; each with whether it is reported
/// as it is.
fn to_report<C: Clone>(
    summary: &mut Summary,
    gate: Option<saved::SavedPass<C>>,
    result: &BatchResult<C>,
    allowed: usize,
    generated: bool,
) -> Vec<Failing<C>> {
    let mut failures = match gate {
        Some(g) => add_saved(summary, g, generated),
        None => Vec::new(),
    };
    let room = allowed.saturating_sub(failures.len());
    let new = result
        .distinct
        .iter()
        .filter(|d| failures.iter().all(|f| f.distinct.signature != d.signature))
        .take(room)
        .map(|d| Failing {
            distinct: d.clone(),
            as_is: false,
        })
        .collect::<Vec<_>>();
    failures.extend(new);
    failures
}

/// How the batch ended, for the closing lines.
struct Stopped {
    /// Whether the batch ran at all (the saved cases may hold every failure looked for).
    generated: bool,
    /// Distinct failures the saved cases held.
    from_saved: usize,
    /// Distinct failures looked for.
    allowed: usize,
    /// Why the case source stopped the batch itself, when it did.
    halted: Option<String>,
}

/// The closing lines: why no case was generated, the coverage, why the batch stopped early, and
/// the last line.
fn conclude<G: Game>(
    summary: &Summary,
    result: &BatchResult<G::Case>,
    stopped: &Stopped,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let Stopped {
        generated,
        from_saved,
        allowed,
        ..
    } = *stopped;
    if !generated && from_saved > 0 && !summary.interrupted {
        writeln!(
            out,
            "no new case was generated: the saved cases hold {} \
             (--max-failures {allowed}; --no-replay generates them anyway)",
            report::count(from_saved as u64, "distinct failure")
        )?;
    }
    // A game without coverage counters (a problem given by programs) has no coverage to show.
    if generated && !G::coverage_keys().is_empty() {
        write!(
            out,
            "{}",
            report::coverage(G::coverage_keys(), &result.coverage, result.cases)
        )?;
    }
    if let Some(starts) = &summary.starts {
        writeln!(out, "{}", starts.line())?;
    }
    match (&stopped.halted, summary.interrupted) {
        (Some(why), _) => writeln!(out, "stopped: {why}")?,
        (None, true) => writeln!(out, "interrupted: the batch stopped early")?,
        (None, false) => {}
    }
    writeln!(out, "{}", summary.line())
}

/// Where the saved cases' replay reads its cases, and how far it goes, for the run `opts`.
fn saved_options<G: Game>(opts: &DiffOptions<G>) -> SavedOptions<'_> {
    SavedOptions {
        out_dir: &opts.out_dir,
        corpus_dir: &opts.corpus_dir,
        limits: opts.batch.limits(),
        max_failures: opts.batch.max_failures.max(1),
        stop: &opts.batch.stop,
        shard: opts.batch.shard,
        files: opts.files(),
        colour: opts.colour,
    }
}

/// A run over listed files (`harness replay FILE...`): the saved cases' replay alone, which prints each
/// file's verdict line (and writes its page); no case is generated. A failing file is reported by
/// its verdict as it is, or with `shrink` also shrunk, explained and saved as `diff` does a failing
/// saved case, with that report after the verdicts. The summary's `replay.files` holds the
/// verdicts.
fn replay_files<G: Game>(
    opts: &DiffOptions<G>,
    listed: &ReplayFiles,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<Summary> {
    if listed.shrink {
        corpus::check_writable(&opts.out_dir)?;
    }
    let started = Instant::now();
    let gate = saved::replay_first(&saved_options(opts), pair, out)?;
    let result = not_generated::<G>(started.elapsed(), opts.batch.stop.load(Relaxed));
    let mut summary = summarize::<G>(opts, pair, &result);
    summary.command = "replay".into();
    let failures = add_saved(&mut summary, gate, false);
    let mut quiet = std::io::sink();
    let shown: &mut dyn Write = if listed.shrink { out } else { &mut quiet };
    report_failures(opts, pair, &failures, &mut summary, progress, shown)?;
    Ok(summary)
}

/// Adds what the saved cases showed to `summary` (their failing cases, and every case they ran
/// when no case was generated); returns their failures, each with whether it is reported as it is.
fn add_saved<C>(summary: &mut Summary, g: saved::SavedPass<C>, generated: bool) -> Vec<Failing<C>> {
    summary.cases += if generated {
        g.kinds.iter().sum::<u64>()
    } else {
        g.ran()
    };
    for (k, n) in Kind::ALL.iter().zip(g.kinds) {
        if n > 0 {
            *summary.failures.entry(*k).or_insert(0) += n;
        }
    }
    summary.interrupted |= g.interrupted;
    summary.replay = Some(g.replayed);
    g.failures
}

/// The batch's result when no case is generated (the saved cases hold every failure looked for,
/// or an interrupt came during their replay).
fn not_generated<G: Game>(elapsed: Duration, interrupted: bool) -> BatchResult<G::Case> {
    BatchResult {
        cases: 0,
        skipped: 0,
        digest: 0,
        failures: [0; Kind::ALL.len()],
        coverage: vec![0; G::coverage_keys().len()],
        first: None,
        distinct: Vec::new(),
        elapsed,
        detected: None,
        interrupted,
    }
}

/// Shrinks, saves and prints each failure (a saved case's `as_is` when it is reported as it is),
/// adding them to `summary`; with several looked for, a list of them at the end.
fn report_failures<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    failures: &[Failing<G::Case>],
    summary: &mut Summary,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let many = opts.batch.max_failures > 1;
    for (i, Failing { distinct: d, as_is }) in failures.iter().enumerate() {
        if many && i > 0 {
            writeln!(out)?;
        }
        let Handled {
            mut reported,
            text,
            save_error,
        } = shrink_and_save(opts, pair, &d.found, &d.signature, *as_is, progress)?;
        write!(out, "{text}")?;
        if let Some(e) = &save_error {
            writeln!(out, "error: the failure could not be saved: {e}")?;
        }
        if many {
            writeln!(
                out,
                "signature: {} ({} up to the stop case)",
                d.signature,
                report::count(d.hits.len() as u64, "case")
            )?;
        }
        reported.signature.clone_from(&d.signature);
        reported.hits = d.hits.len() as u64;
        if i == 0 {
            summary.first = Some(reported.clone());
        }
        reported.hit_cases.clone_from(&d.hits);
        summary.failures_found.push(reported);
        if summary.save_error.is_none() {
            summary.save_error = save_error;
        }
        // An interrupt during the shrinking: saved as it was, and the run says it was interrupted.
        summary.interrupted |= opts.batch.stop.load(Relaxed);
    }
    if many && !summary.failures_found.is_empty() {
        list_failures(summary, opts.batch.max_failures, out)?;
    }
    Ok(())
}

/// The closing list of the distinct failures of a run with `--max-failures` above 1.
fn list_failures(summary: &Summary, max: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let n = summary.failures_found.len();
    let distinct = report::count(n as u64, "distinct failure");
    writeln!(out, "\n{distinct} (--max-failures {max}):")?;
    for r in &summary.failures_found {
        let repro = r
            .repro
            .as_ref()
            .map_or("not saved".to_string(), |p| p.display().to_string());
        writeln!(
            out,
            "  case {}, {}: {} (repro {repro})",
            r.index,
            report::count(r.hits, "case"),
            r.signature,
        )?;
    }
    Ok(())
}

fn summarize<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    result: &BatchResult<G::Case>,
) -> Summary {
    let failures = Kind::ALL
        .iter()
        .map(|&k| (k, result.count(k)))
        .filter(|&(_, n)| n > 0)
        .collect();
    Summary {
        schema: SCHEMA.into(),
        command: opts
            .command
            .unwrap_or(if pair.b.traces() { "diff" } else { "judge" })
            .into(),
        version: env!("CARGO_PKG_VERSION").into(),
        game: G::NAME.to_string(),
        engines: [pair.a.name().to_string(), pair.b.name().to_string()],
        judging: !pair.b.traces(),
        profile: opts.batch.profile.name().to_string(),
        seed: opts.batch.seed,
        cases_requested: opts.batch.cases,
        shards: vec![[opts.batch.shard.0, opts.batch.shard.1]],
        cases: result.cases,
        failures,
        elapsed_secs: result.elapsed.as_secs_f64(),
        cases_per_sec: result.rate(),
        detected_secs: result.detected.map(|d| d.as_secs_f64()),
        coverage: G::coverage_keys()
            .iter()
            .zip(&result.coverage)
            .map(|(k, &c)| (k.to_string(), c))
            .collect(),
        first: None,
        interrupted: result.interrupted,
        save_error: None,
        max_failures: opts.batch.max_failures.max(1),
        failures_found: Vec::new(),
        replay: None,
        skipped: result.skipped,
        digest: opts
            .batch
            .digest
            .then(|| crate::run::certificate::digest_text(result.digest)),
        shard_command: None,
        missing_shards: Vec::new(),
        certificate: None,
        starts: None,
    }
}
