//! A differential run from start to verdict, shared by `harness diff` (optimized against reference)
//! and `harness judge` (a program against the reference): the batch ([`crate::batch`]), then the
//! lowest-numbered failure shrunk, saved, and only then reported.
//!
//! A mismatch, a crash and a hang are all failures of the same pipeline. A hang of an in-process
//! engine is shrunk by running that engine out of process (the command line re-runs itself with
//! the hidden `exec` command), so that every candidate can be stopped at its time limit.
//! An interrupt (the `stop` flag) stops the batch and the shrinker; what was found is still saved.
//!
//! A time limit of a judged program (an engine out of process, with a [`Relimit`]) is shrunk with a
//! relative limit: each candidate may take [`batch::RELATIVE_LIMIT`] times the trusted engine's time
//! on that same candidate, at least [`batch::RELATIVE_FLOOR`], never more than the program's own
//! limit, and still fails when it runs past that. A candidate that still hangs then costs a
//! fraction of a second instead of the whole limit, and the candidates run on `threads` (`--jobs`)
//! at once. The shrunk case is checked once more under the program's own limit; should it pass
//! there (a program slow on it, not hung), the last case of the shrink that does not is reported.
//!
//! With `max_failures` above 1 the batch goes on after a failure ([`crate::batch`]) and the lowest
//! case of each distinct failure signature is shrunk (keeping to its signature), saved and
//! reported, with the number of cases that hit it.
//!
//! With `replay`, the game's saved cases (under the output folder, and the `.in` files directly in
//! `corpus/<game>/`) run first: the first that still fails is reported with its path (it is on disk
//! already: neither shrunk nor saved again) and no new case is generated.

use crate::batch::{self, BatchOptions, BatchResult, Distinct, Found, Progress};
use crate::cases::{Cases, Origin};
use crate::engine::{Engine, Fault, Kind, Output};
use crate::explain::{self, Explanation};
use crate::game::Game;
use crate::oracle::{bounded, catching, Failure, Pair};
use crate::saved::{self, GateOptions};
use crate::{corpus, report, shrink};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Makes an out-of-process copy of the engine called `name` (for shrinking hangs), or `None`.
pub type Isolate<G> = Arc<dyn Fn(&str) -> Option<Arc<dyn Engine<G>>> + Send + Sync>;

/// Runs the engine called `name` (one of `known`) out of process: `EXE exec --game G --engine
/// NAME`, where `EXE` is a `harness` binary, under the case's own time limit.
pub fn isolate_by_exec<G: Game>(exe: PathBuf, known: Vec<&'static str>) -> Isolate<G> {
    Arc::new(move |name: &str| {
        let name = known.iter().find(|n| **n == name)?;
        let cmd = vec![
            exe.display().to_string(),
            "exec".into(),
            "--game".into(),
            G::NAME.into(),
            "--engine".into(),
            name.to_string(),
        ];
        let mut p = crate::judge::Program::new(cmd, Duration::from_secs(1));
        p.cpu = None;
        p.name = name.to_string();
        Some(Arc::new(p) as Arc<dyn Engine<G>>)
    })
}

pub use crate::engine::Relimit;

/// The explain phase gets what is left of the shrink budget, within these bounds.
const EXPLAIN_MIN: Duration = Duration::from_secs(2);
const EXPLAIN_MAX: Duration = Duration::from_secs(30);

/// How a run is set up beyond its batch.
pub struct DiffOptions<G: Game> {
    pub batch: BatchOptions,
    /// Where failures are saved.
    pub out_dir: PathBuf,
    /// Time allowed for shrinking each failure, whatever its kind.
    pub shrink_budget: Duration,
    /// Colour the report.
    pub colour: bool,
    /// Runs an in-process engine out of process, to shrink its hangs.
    pub isolate: Option<Isolate<G>>,
    /// The engine under test with a lower time limit: a program's hangs are shrunk under a limit
    /// relative to the trusted engine's time (module doc).
    pub relimit: Option<Relimit<G>>,
    /// Replay the saved cases (under `out_dir`, and directly in `corpus_dir`) before the batch
    /// (the command line does unless `--no-replay`).
    pub replay: bool,
    /// The game's folder of hand-checked cases (default `corpus/<game>`).
    pub corpus_dir: PathBuf,
    /// The program named in the `reproduce:` command of a report (`harness` by default).
    pub program: String,
    /// Where the cases come from: `None` for the batch's seeded profile (`diff`, `judge`), or
    /// another source (every case of a scope, for `verify`).
    pub source: Option<Arc<dyn Cases<G>>>,
}

impl<G: Game> DiffOptions<G> {
    pub fn new(batch: BatchOptions, out_dir: PathBuf) -> Self {
        DiffOptions {
            batch,
            out_dir,
            shrink_budget: Duration::from_secs(60),
            colour: false,
            isolate: None,
            relimit: None,
            replay: false,
            corpus_dir: corpus::game_dir(G::NAME),
            program: "harness".into(),
            source: None,
        }
    }
}

pub use crate::summary::{Replayed, Reported, SavedFailure, Summary, SCHEMA};

/// Runs a batch through `pair`, shrinks and saves the first failure (with `max_failures` above 1,
/// the first of each distinct signature), and prints the report to `out`. With `replay`, the saved
/// cases run first ([`crate::saved`]). The last line is `<game>: <N> cases, <M> mismatches, <R>
/// cases/s` (for a pair whose engine under test gives answers only, the judge's tally instead).
pub fn run<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<Summary> {
    corpus::check_writable(&opts.out_dir)?;
    let started = Instant::now();
    let gate = if opts.replay {
        let o = GateOptions {
            out_dir: &opts.out_dir,
            corpus_dir: &opts.corpus_dir,
            case_timeout: opts.batch.case_timeout,
            max_failures: opts.batch.max_failures.max(1),
            stop: &opts.batch.stop,
        };
        Some(saved::replay_first(&o, pair, out)?)
    } else {
        None
    };
    let allowed = opts.batch.max_failures.max(1);
    let from_saved = gate.as_ref().map_or(0, |g| g.failures.len());
    let generate = gate
        .as_ref()
        .is_none_or(|g| !g.interrupted && from_saved < allowed);
    let result = if generate {
        match &opts.source {
            Some(source) => batch::run_cases::<G>(&opts.batch, Arc::clone(source), pair, progress),
            None => batch::run::<G>(&opts.batch, pair, progress),
        }
    } else {
        not_generated::<G>(started.elapsed(), opts.batch.stop.load(Relaxed))
    };
    let mut summary = summarize::<G>(opts, pair, &result);
    let mut failures: Vec<(Distinct<G::Case>, bool)> = Vec::new();
    if let Some(g) = gate {
        summary.cases += if generate {
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
        failures.extend(g.failures.into_iter().map(|f| (f.distinct, f.as_is)));
    }
    let new = result
        .distinct
        .iter()
        .filter(|d| failures.iter().all(|(f, _)| f.signature != d.signature))
        .take(allowed - from_saved.min(allowed))
        .map(|d| (d.clone(), false))
        .collect::<Vec<_>>();
    failures.extend(new);
    report_failures(opts, pair, &failures, &mut summary, progress, out)?;
    if !generate && from_saved > 0 && !summary.interrupted {
        writeln!(
            out,
            "no new case was generated: the saved cases hold {from_saved} distinct {} \
             (--max-failures {allowed}; --no-replay generates them anyway)",
            if from_saved == 1 {
                "failure"
            } else {
                "failures"
            }
        )?;
    }
    if generate {
        write!(
            out,
            "{}",
            report::coverage(G::coverage_keys(), &result.coverage, result.cases)
        )?;
    }
    if summary.interrupted {
        writeln!(out, "interrupted: the batch stopped early")?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// The batch's result when no case is generated (the saved cases hold every failure looked for,
/// or an interrupt came during their replay).
fn not_generated<G: Game>(elapsed: Duration, interrupted: bool) -> BatchResult<G::Case> {
    BatchResult {
        cases: 0,
        skipped: 0,
        digest: 0,
        failures: [0; 5],
        coverage: vec![0; G::coverage_keys().len()],
        first: None,
        distinct: Vec::new(),
        elapsed,
        detected: None,
        interrupted,
        hung: 0,
    }
}

/// Shrinks, saves and prints each failure (a saved case's `as_is` when it is reported as it is),
/// adding them to `summary`; with several looked for, a list of them at the end.
fn report_failures<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    failures: &[(Distinct<G::Case>, bool)],
    summary: &mut Summary,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let many = opts.batch.max_failures > 1;
    for (i, (d, as_is)) in failures.iter().enumerate() {
        if many && i > 0 {
            writeln!(out)?;
        }
        let (mut reported, text, save_error) =
            shrink_and_save(opts, pair, &d.found, &d.signature, *as_is, progress)?;
        write!(out, "{text}")?;
        if let Some(e) = &save_error {
            writeln!(out, "error: the failure could not be saved: {e}")?;
        }
        if many {
            writeln!(
                out,
                "signature: {} ({} {} up to the stop case)",
                d.signature,
                d.hits.len(),
                if d.hits.len() == 1 { "case" } else { "cases" }
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
    let word = if n == 1 { "failure" } else { "failures" };
    writeln!(out, "\n{n} distinct {word} (--max-failures {max}):")?;
    for r in &summary.failures_found {
        let repro = r
            .repro
            .as_ref()
            .map_or("not saved".to_string(), |p| p.display().to_string());
        writeln!(
            out,
            "  case {}, {} {}: {} (repro {repro})",
            r.index,
            r.hits,
            if r.hits == 1 { "case" } else { "cases" },
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
        command: if pair.b.traces() { "diff" } else { "judge" }.into(),
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
            .then(|| crate::certificate::digest_text(result.digest)),
        shard_command: None,
        missing_shards: Vec::new(),
        certificate: None,
    }
}

/// The header word of a failure report.
fn headline(f: &Failure, judging: bool) -> String {
    match f.kind {
        Kind::Mismatch if judging => "WRONG ANSWER".into(),
        Kind::Mismatch => "MISMATCH".into(),
        k => k.describe().to_uppercase(),
    }
}

/// The predicate that keeps the shrinker on the original failure, and the pair it runs: for a
/// hang, the hung engine out of process (`None` when it cannot be, or when the generator or the
/// comparison hung: nothing to re-run out of process).
fn shrink_pair<G: Game>(opts: &DiffOptions<G>, pair: &Pair<G>, f: &Failure) -> Option<Pair<G>> {
    if f.kind != Kind::TimeLimit {
        return Some(pair.clone());
    }
    let engine = f.engine.as_deref()?;
    if engine != pair.a.name() && engine != pair.b.name() {
        return None;
    }
    isolated_pair(opts, pair, f)
}

/// The pair with its engine under test run out of process (`None` when it cannot be): the engine
/// the failure names, else the second. For a hang, and for a crash or a mismatch once a smaller
/// case has hung the engine in process.
/// A crash stays a crash (a panic is a non-zero exit); a mismatch is then judged on answers.
fn isolated_pair<G: Game>(opts: &DiffOptions<G>, pair: &Pair<G>, f: &Failure) -> Option<Pair<G>> {
    let target = f.engine.as_deref().unwrap_or(pair.b.name());
    let twin = |e: &Arc<dyn Engine<G>>| -> Option<Arc<dyn Engine<G>>> {
        if e.name() == target && !e.isolated() {
            opts.isolate.as_ref().and_then(|iso| iso(target))
        } else {
            Some(Arc::clone(e))
        }
    };
    Some(Pair::new(twin(&pair.a)?, twin(&pair.b)?))
}

fn shrink_and_save<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    found: &Found<G::Case>,
    signature: &str,
    as_is: bool,
    progress: &dyn Progress,
) -> anyhow::Result<(Reported, String, Option<String>)> {
    let judging = !pair.b.traces();
    let names = pair.names();
    let stop = Arc::clone(&opts.batch.stop);
    let original = &found.failure;
    let mut shrunk_case = found.case.clone();
    let (mut steps, mut tries, mut complete) = (0, 0, false);
    let mut shrunk_failure = original.clone();
    let mut explained: Option<Explanation> = None;
    let shrinkable = found.case.as_ref().filter(|_| !as_is);
    if let (Some(case), Some(spair)) = (shrinkable, shrink_pair(opts, pair, original)) {
        let budget = opts.shrink_budget;
        if !stop.load(Relaxed) {
            progress.note(&format!(
                "case {} failed ({}): shrinking for up to {:.0} s; Ctrl-C saves it as it is",
                found.index,
                headline(original, judging).to_lowercase(),
                budget.as_secs_f64()
            ));
        }
        let started = Instant::now();
        // With two in-process engines, a candidate runs under the batch's time limit (doubled:
        // wall-clock time on a loaded machine), on a thread of its own. A smaller case that hangs
        // an engine cannot be stopped (its thread is left behind), so from then on the engine under
        // test runs out of process (`isolate`), where a hang is only a rejected candidate; without
        // a way to isolate it the shrink stops at the smallest case so far. A program has limits
        // of its own, and a hang is shrunk out of process; a judged program's hang under a limit
        // relative to the trusted engine's time (module doc).
        let in_process = !spair.a.isolated() && !spair.b.isolated();
        let relimit = opts.relimit.as_ref().filter(|_| {
            original.kind == Kind::TimeLimit
                && !spair.a.isolated()
                && spair.b.isolated()
                && original.engine.as_deref() == Some(spair.b.name())
        });
        // What a candidate must show: with several signatures looked for, the same signature (two
        // shrinks must not end at the same bug); else, and once the engine runs out of process
        // (where a panic is an exit status), the same kind of failure of the same engine.
        let many = opts.batch.max_failures > 1;
        let keeps = |f: &Failure, outside: bool| {
            if many && !outside {
                f.signature() == signature
            } else {
                f.same_kind(original)
            }
        };
        let hung = AtomicBool::new(false);
        let outside: std::sync::OnceLock<Option<Pair<G>>> = std::sync::OnceLock::new();
        let fails = |c: &G::Case| {
            if stop.load(Relaxed) {
                return false;
            }
            if let Some(relimit) = relimit {
                return fails_relative(&spair, relimit, c, |f| keeps(f, false));
            }
            let limit = opts
                .batch
                .case_timeout
                .unwrap_or_else(|| G::time_limit(c) * batch::SLOWDOWN)
                * 2;
            if !in_process {
                return spair.failure(c).is_some_and(|f| keeps(&f, false));
            }
            let (p, out) = if hung.load(Relaxed) {
                match outside.get_or_init(|| isolated_pair(opts, &spair, original)) {
                    Some(p) => (p.clone(), true),
                    None => return false,
                }
            } else {
                (spair.clone(), false)
            };
            let candidate = c.clone();
            match bounded(limit, move || p.failure(&candidate)) {
                Some(f) => f.is_some_and(|f| keeps(&f, out)),
                None => {
                    hung.store(true, Relaxed);
                    false
                }
            }
        };
        // The cases the shrink moved to, in order (for a relative shrink, to step back).
        let mut trail: Vec<G::Case> = Vec::new();
        let traced = relimit.is_some();
        let mut run = || {
            shrink::shrink_traced::<G>(case.clone(), &fails, budget, |c| {
                if traced {
                    trail.push(c.clone());
                }
            })
        };
        // A judged program's candidates run `threads` (`--jobs`) at once.
        let pool = if judging {
            rayon::ThreadPoolBuilder::new()
                .num_threads(opts.batch.threads.max(1))
                .thread_name(|i| format!("shrink-{i}"))
                .build()
                .ok()
        } else {
            None
        };
        let s = match &pool {
            Some(pool) => pool.install(run),
            None => run(),
        };
        let stopped_by_hang = hung.load(Relaxed) && !matches!(outside.get(), Some(Some(_)));
        if stopped_by_hang {
            progress.note(
                "a smaller case ran past its time limit while shrinking (another failure?): \
                 the shrink stops at the smallest case so far",
            );
        } else if hung.load(Relaxed) {
            progress.note(
                "a smaller case ran past its time limit while shrinking (another failure?): \
                 the rest of the shrink ran the engine under test out of process",
            );
        }
        steps = s.steps;
        tries = s.tries;
        complete = !s.timed_out && !stop.load(Relaxed) && !stopped_by_hang;
        let mut shrunk = s.case;
        // The shrunk case's own failure (the original's when the shrinker moved nowhere); after a
        // relative shrink, under the program's own limit.
        if s.steps > 0 {
            match spair.failure(&shrunk).filter(|f| keeps(f, false)) {
                Some(f) => shrunk_failure = f,
                None if traced => {
                    // Slow there, not hung: the last case of the shrink that runs past the
                    // program's own limit (the cases shrink in order: a bisection of the trail).
                    let (mut lo, mut hi) = (0usize, trail.len());
                    let mut kept: Option<Failure> = None;
                    while lo + 1 < hi && !stop.load(Relaxed) {
                        let mid = (lo + hi) / 2;
                        match spair.failure(&trail[mid - 1]).filter(|f| keeps(f, false)) {
                            Some(f) => {
                                lo = mid;
                                kept = Some(f);
                            }
                            None => hi = mid,
                        }
                    }
                    // `lo` steps of the trail still fail under the program's own limit.
                    progress.note(&format!(
                        "the shrunk case ran past {} times {}'s time but not the program's own \
                         limit: reported the last of {} steps that runs past it",
                        batch::RELATIVE_LIMIT,
                        spair.a.name(),
                        lo
                    ));
                    steps = lo;
                    complete = false;
                    shrunk = if lo == 0 {
                        case.clone()
                    } else {
                        trail[lo - 1].clone()
                    };
                    if let Some(f) = kept {
                        shrunk_failure = f;
                    }
                }
                None => {}
            }
        }
        progress.note(&format!(
            "shrunk in {:.1} s ({} steps, {} candidates)",
            started.elapsed().as_secs_f64(),
            steps,
            tries
        ));
        // The explain phase: which parts of the repro can take other values and still fail the
        // same way. Not for hangs (every failing variant would cost a time limit), nor after a
        // shrink cut short by an interrupt or a hang.
        if original.kind != Kind::TimeLimit && !stop.load(Relaxed) && !stopped_by_hang {
            let left = budget
                .saturating_sub(started.elapsed())
                .clamp(EXPLAIN_MIN, EXPLAIN_MAX);
            let run = || explain::explain::<G>(&shrunk, &fails, left);
            let e = match &pool {
                Some(pool) => pool.install(run),
                None => run(),
            };
            if e.parts > 0 && !stop.load(Relaxed) {
                explained = Some(e);
            }
        }
        shrunk_case = Some(shrunk);
    }
    let profile = found.origin.profile_name();
    // A saved case's shrunk copy is named by its content: saving it again finds the same file.
    let from_file = match &found.origin {
        Origin::Saved(path) => Some(path),
        _ => None,
    };
    let seed = match (from_file, &shrunk_case) {
        (Some(_), Some(c)) => crate::rng::fnv1a_64(G::write(c).as_bytes()),
        _ => found.origin.seed(),
    };
    let reproduce = found.origin.reproduce(&opts.program, G::NAME);
    let size_before = found
        .case
        .as_ref()
        .map_or("(no case)".into(), |c| G::size(c));
    let size_after = shrunk_case
        .as_ref()
        .map_or("(no case)".into(), |c| G::size(c));
    let mut text = String::new();
    let place = match from_file {
        Some(path) => format!("saved case {}", path.display()),
        None => format!("case {} (profile {profile}, seed {seed})", found.index),
    };
    text.push_str(&format!(
        "{} in {place}: {size_before}\n  {}\n",
        headline(original, judging),
        original.what
    ));
    text.push_str(&format!("reproduce: {reproduce}\n"));
    if found.case.is_some() && !as_is {
        text.push_str(&format!(
            "shrunk to {size_after} in {steps} steps{}\n  {}\n",
            if complete { "" } else { " (stopped early)" },
            shrunk_failure.what
        ));
    }
    if let Some(d) = &shrunk_failure.divergence {
        text.push_str(&report::divergence(d, names, opts.colour));
    }
    if let (Some(e), Some(c)) = (&explained, &shrunk_case) {
        text.push_str(&e.text());
        if let Some(picture) = G::picture(c, e) {
            text.push_str(&picture);
        }
    }
    let name = corpus::name(G::NAME, profile, seed);
    let meta = json!({
        "game": G::NAME,
        "engines": [names.a, names.b],
        "profile": profile,
        "seed": seed,
        "batch_seed": opts.batch.seed,
        "case_index": found.index,
        "reproduce": reproduce,
        "size_before": size_before,
        "size_after": size_after,
        "shrink_steps": steps,
        "shrink_tries": tries,
        "shrink_complete": complete,
        "failure_before_shrinking": original,
        "explained": explained,
    });
    let plain = {
        let mut t = text.clone();
        if opts.colour {
            if let Some(d) = &shrunk_failure.divergence {
                t = t.replace(
                    &report::divergence(d, names, true),
                    &report::divergence(d, names, false),
                );
            }
        }
        t
    };
    // A saved case that needs no smaller copy (reported as it is, or already minimal) stays where
    // it is.
    let unchanged = as_is || shrunk_case == found.case;
    let saved = match from_file.filter(|_| unchanged) {
        Some(path) => Ok(path.clone()),
        None => corpus::save::<G>(
            &opts.out_dir,
            &name,
            shrunk_case.as_ref().map(|c| (c, explained.as_ref())),
            &shrunk_failure,
            &plain,
            meta,
            Some(pair),
        ),
    };
    let (repro, save_error) = match saved {
        Ok(p) => {
            text.push_str(&format!("repro: {}\n", p.display()));
            (Some(p), None)
        }
        Err(e) => (None, Some(format!("{e:#}"))),
    };
    let reported = Reported {
        index: found.index,
        profile: profile.to_string(),
        seed,
        kind: original.kind,
        engine: original.engine.clone(),
        what: original.what.clone(),
        shrunk_what: shrunk_failure.what.clone(),
        size_before,
        size_after,
        shrink_steps: steps,
        shrink_tries: tries,
        shrink_complete: complete,
        reproduce,
        repro,
        signature: signature.to_string(),
        hits: 1,
        hit_cases: Vec::new(),
        free: explained.map(|e| e.free).unwrap_or_default(),
    };
    Ok((reported, text, save_error))
}

/// An engine that gives an answer already computed: the trusted engine's, timed once.
struct Known<G: Game> {
    name: String,
    output: Output<G::Outcome>,
}

impl<G: Game> Engine<G> for Known<G> {
    fn name(&self) -> &str {
        &self.name
    }
    fn run(&self, _case: &G::Case, _trace: bool) -> Result<Output<G::Outcome>, Fault> {
        Ok(self.output.clone())
    }
}

/// Whether `case` still fails under a relative limit: the trusted engine `pair.a` runs it (timed),
/// then the program under a CPU-time limit of [`batch::RELATIVE_LIMIT`] times that, at least
/// [`batch::RELATIVE_FLOOR`] and at most its own; `keeps` says whether the failure is the one shrunk.
fn fails_relative<G: Game>(
    pair: &Pair<G>,
    relimit: &Relimit<G>,
    case: &G::Case,
    keeps: impl Fn(&Failure) -> bool,
) -> bool {
    let started = Instant::now();
    let trusted = match catching(|| pair.a.run(case, true)) {
        Ok(Ok(output)) => output,
        // The trusted engine failing is not the failure being shrunk.
        _ => return false,
    };
    let limit = started
        .elapsed()
        .saturating_mul(batch::RELATIVE_LIMIT)
        .max(batch::RELATIVE_FLOOR);
    let known: Arc<dyn Engine<G>> = Arc::new(Known::<G> {
        name: pair.a.name().to_string(),
        output: trusted,
    });
    Pair::new(known, relimit(case, limit))
        .failure(case)
        .is_some_and(|f| keeps(&f))
}
