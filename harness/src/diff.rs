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

use crate::batch::{self, BatchOptions, BatchResult, Found, Progress};
use crate::cases::Cases;
use crate::certificate::Certificate;
use crate::engine::{Engine, Fault, Kind, Output};
use crate::explain::{self, Explanation, Free};
use crate::game::Game;
use crate::oracle::{bounded, catching, Failure, Pair};
use crate::replay::Saved;
use crate::{corpus, replay, report, shrink};
use serde::Serialize;
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

/// The reported failure of a run.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Reported {
    pub index: u64,
    pub profile: String,
    pub seed: u64,
    pub kind: Kind,
    /// The engine that faulted (`None` for a mismatch).
    pub engine: Option<String>,
    /// The failure of the original case, in one line.
    pub what: String,
    /// The failure of the shrunk case, in one line.
    pub shrunk_what: String,
    pub size_before: String,
    pub size_after: String,
    pub shrink_steps: usize,
    pub shrink_tries: usize,
    pub shrink_complete: bool,
    /// The command that prints the original case.
    pub reproduce: String,
    /// The saved shrunk case (`None` when it could not be written).
    pub repro: Option<PathBuf>,
    /// The parts of the shrunk case that can take other values and still fail the same way (the
    /// explain phase; empty when every part matters or nothing was explained).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free: Vec<Free>,
    /// [`Failure::signature`] of the original failure.
    #[serde(default)]
    pub signature: String,
    /// Cases up to the batch's stop case that failed with this signature (see [`crate::batch`]).
    #[serde(default)]
    pub hits: u64,
    /// Their numbers in the batch, in increasing order (in `failures_found` only: what `merge`
    /// needs to count the hits of shards up to the stop case of the whole batch).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hit_cases: Vec<u64>,
}

/// A saved case that still fails, found by the replay before the batch.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct SavedFailure {
    /// The saved case.
    pub path: PathBuf,
    pub kind: Kind,
    pub engine: Option<String>,
    pub what: String,
    pub signature: String,
}

/// What the replay of the saved cases before the batch found.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Replayed {
    /// Saved cases found (under the output folder and directly in `corpus/<game>/`).
    pub saved_cases: u64,
    /// Cases that passed (all of them but the skipped ones when none fails).
    pub passed: u64,
    /// Files that are not cases of the game (unreadable, or do not parse).
    pub skipped: u64,
    /// The first saved case that still fails.
    pub failing: Option<SavedFailure>,
}

/// The name and version of the JSON report format (`--json FILE`): fields are only ever added
/// within a version.
pub const SCHEMA: &str = "match3-proof.run.v1";

/// What a run did: printed as its last lines, and written as one JSON document by `--json FILE`
/// (the schema is documented field by field in docs/reports.md).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Summary {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// `diff`, `judge` or `merge`.
    pub command: String,
    /// The harness's version.
    pub version: String,
    pub game: String,
    /// The trusted engine and the engine under test.
    pub engines: [String; 2],
    /// True when the engine under test gives answers only (a judged program).
    pub judging: bool,
    /// The profile name, or `all`.
    pub profile: String,
    /// The batch seed.
    pub seed: u64,
    /// Cases in the whole batch, all shards together.
    pub cases_requested: u64,
    /// The shards this report covers, as `[I, K]` (one for a run; several after a merge).
    pub shards: Vec<[u64; 2]>,
    /// Cases that ran to a verdict.
    pub cases: u64,
    /// Failing cases by kind.
    pub failures: std::collections::BTreeMap<Kind, u64>,
    pub elapsed_secs: f64,
    pub cases_per_sec: f64,
    /// Seconds from the start of the batch to the first failure found: the time to detect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detected_secs: Option<f64>,
    /// Coverage counters: (rule, cases that reached it), in the game's order.
    pub coverage: Vec<(String, u64)>,
    /// The lowest-numbered failure, shrunk and saved.
    pub first: Option<Reported>,
    pub interrupted: bool,
    /// Why the failure could not be saved, when it could not.
    pub save_error: Option<String>,
    /// `--max-failures`: distinct failure signatures the batch looks for before it stops.
    #[serde(default = "one")]
    pub max_failures: usize,
    /// The lowest failing case of each distinct signature (at most `max_failures`), shrunk and
    /// saved, in case order, each with its hits; the first is `first`.
    #[serde(default)]
    pub failures_found: Vec<Reported>,
    /// The replay of the saved cases before the batch (absent with `--no-replay`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Replayed>,
    /// Indices of the run that are not valid inputs: skipped, never run (a scope's boards with a
    /// run; always 0 for generated cases).
    #[serde(default)]
    pub skipped: u64,
    /// The order-independent digest of the passing cases' answers (16 hex digits; `verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// The command that runs one shard of this run, `{I}` standing for its number (runs with
    /// `--shard`): what a merge prints for a missing shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_command: Option<String>,
    /// The shards of `0..K` that no merged report covers (merged reports).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_shards: Vec<u64>,
    /// What a `verify` run proved about its scope (docs/verify.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

fn one() -> usize {
    1
}

impl Summary {
    pub fn failed(&self) -> u64 {
        self.failures.values().sum()
    }
    pub fn count(&self, kind: Kind) -> u64 {
        self.failures.get(&kind).copied().unwrap_or(0)
    }

    /// The last line of a run: `<game>: <N> cases, <M> mismatches, <R> cases/s`, or for a judged
    /// program `<game>: <N> cases, <A> accepted, <W> wrong, <T> timeouts, <R> crashes`.
    pub fn line(&self) -> String {
        let s = self;
        if !s.judging {
            let mut line = format!("{}: {} cases, {} mismatches", s.game, s.cases, s.failed());
            let others: Vec<String> = [
                Kind::TimeLimit,
                Kind::Crash,
                Kind::MemoryLimit,
                Kind::Malformed,
            ]
            .iter()
            .filter(|&&k| s.count(k) > 0)
            .map(|&k| format!("{} {}", s.count(k), k.describe()))
            .collect();
            if !others.is_empty() {
                line.push_str(&format!(
                    " ({} of them: {})",
                    s.failed() - s.count(Kind::Mismatch),
                    others.join(", ")
                ));
            }
            format!("{line}, {:.0} cases/s", s.cases_per_sec)
        } else {
            let mut line = format!(
                "{}: {} cases, {} accepted, {} wrong, {} timeouts, {} crashes",
                s.game,
                s.cases,
                s.cases - s.failed(),
                s.count(Kind::Mismatch) + s.count(Kind::Malformed),
                s.count(Kind::TimeLimit),
                s.count(Kind::Crash),
            );
            if s.count(Kind::MemoryLimit) > 0 {
                line.push_str(&format!(", {} memory limits", s.count(Kind::MemoryLimit)));
            }
            line
        }
    }

    /// Writes the report as JSON to `path`.
    pub fn write_json(&self, path: &std::path::Path) -> anyhow::Result<()> {
        use anyhow::Context as _;
        std::fs::write(path, serde_json::to_string_pretty(self)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))
    }
}

/// Runs a batch through `pair`, shrinks and saves the first failure (with `max_failures` above 1,
/// the first of each distinct signature), and prints the report to `out`. With `replay`, the saved
/// cases run first. The last line is `<game>: <N> cases, <M> mismatches, <R> cases/s` (for a pair
/// whose engine under test gives answers only, the judge's tally instead).
pub fn run<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<Summary> {
    corpus::check_writable(&opts.out_dir)?;
    let mut replayed = None;
    if opts.replay {
        let started = Instant::now();
        let (r, interrupted) = replay_saved(opts, pair, out)?;
        if interrupted || r.failing.is_some() {
            // No batch: a saved case still fails (it is the report), or Ctrl-C came first.
            let ran = r.passed + u64::from(r.failing.is_some());
            let mut failures = [0u64; 5];
            if let Some(f) = &r.failing {
                if let Some(i) = Kind::ALL.iter().position(|k| *k == f.kind) {
                    failures[i] = 1;
                }
            }
            let result = BatchResult::<G::Case> {
                cases: ran,
                skipped: 0,
                digest: 0,
                failures,
                coverage: vec![0; G::coverage_keys().len()],
                first: None,
                distinct: Vec::new(),
                elapsed: started.elapsed(),
                detected: None,
                interrupted,
                hung: 0,
            };
            let mut summary = summarize::<G>(opts, pair, &result);
            summary.replay = Some(r);
            if summary.interrupted {
                writeln!(out, "interrupted: the batch stopped early")?;
            }
            writeln!(out, "{}", summary.line())?;
            return Ok(summary);
        }
        replayed = Some(r);
    }
    let result = match &opts.source {
        Some(source) => batch::run_cases::<G>(&opts.batch, Arc::clone(source), pair, progress),
        None => batch::run::<G>(&opts.batch, pair, progress),
    };
    let mut summary = summarize::<G>(opts, pair, &result);
    summary.replay = replayed;
    let many = opts.batch.max_failures > 1;
    for (i, d) in result.distinct.iter().enumerate() {
        if many && i > 0 {
            writeln!(out)?;
        }
        let (mut reported, text, save_error) =
            shrink_and_save(opts, pair, &d.found, &d.signature, progress)?;
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
        writeln!(
            out,
            "\n{} distinct {} (--max-failures {}):",
            summary.failures_found.len(),
            if summary.failures_found.len() == 1 {
                "failure"
            } else {
                "failures"
            },
            opts.batch.max_failures
        )?;
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
    }
    write!(
        out,
        "{}",
        report::coverage(G::coverage_keys(), &result.coverage, result.cases)
    )?;
    if summary.interrupted {
        writeln!(out, "interrupted: the batch stopped early")?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// Replays the saved cases through `pair` (module doc), printing `N saved cases: all pass` or the
/// report of the first that still fails. Returns what it found, and whether an interrupt stopped it.
fn replay_saved<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    out: &mut dyn Write,
) -> anyhow::Result<(Replayed, bool)> {
    let files = corpus::saved_cases(&opts.out_dir, G::NAME, &opts.corpus_dir);
    let mut r = Replayed {
        saved_cases: files.len() as u64,
        passed: 0,
        skipped: 0,
        failing: None,
    };
    // Two in-process engines cannot be stopped from outside: each case runs on a thread of its own
    // under the batch's limit (doubled: wall-clock time). A program has limits of its own.
    let in_process = !pair.a.isolated() && !pair.b.isolated();
    let limit = |c: &G::Case| {
        opts.batch
            .case_timeout
            .unwrap_or_else(|| G::time_limit(c) * batch::SLOWDOWN)
            * 2
    };
    let limit: Option<replay::CaseLimit<'_, G::Case>> =
        if in_process { Some(&limit) } else { None };
    for path in &files {
        if opts.batch.stop.load(Relaxed) {
            return Ok((r, true));
        }
        match replay::check_saved::<G>(path, pair, limit) {
            Saved::Passes => r.passed += 1,
            Saved::NotACase(why) => {
                r.skipped += 1;
                writeln!(
                    out,
                    "{}: skipped, not a {} case: {why}",
                    path.display(),
                    G::NAME
                )?;
            }
            Saved::Fails(failed) => {
                let (case, f) = *failed;
                if f.interrupted {
                    return Ok((r, true));
                }
                let judging = !pair.b.traces();
                write!(
                    out,
                    "{} in saved case {}: {}\n  {}\n",
                    headline(&f, judging),
                    path.display(),
                    G::size(&case),
                    f.what
                )?;
                if let Some(d) = &f.divergence {
                    write!(out, "{}", report::divergence(d, pair.names(), opts.colour))?;
                }
                writeln!(out, "repro: {}", path.display())?;
                writeln!(
                    out,
                    "a saved case still fails (it is on disk already: not shrunk or saved again); \
                     no new case was generated (--no-replay generates them anyway)"
                )?;
                r.failing = Some(SavedFailure {
                    path: path.clone(),
                    kind: f.kind,
                    engine: f.engine.clone(),
                    what: f.what.clone(),
                    signature: f.signature(),
                });
                return Ok((r, false));
            }
        }
    }
    if !files.is_empty() {
        let skipped = if r.skipped > 0 {
            format!(" ({} skipped: not cases of {})", r.skipped, G::NAME)
        } else {
            String::new()
        };
        writeln!(out, "{} saved cases: all pass{skipped}", r.passed)?;
    }
    Ok((r, false))
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
    if let (Some(case), Some(spair)) = (&found.case, shrink_pair(opts, pair, original)) {
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
    let seed = found.origin.seed();
    let reproduce = found.origin.reproduce(&opts.program, G::NAME);
    let size_before = found
        .case
        .as_ref()
        .map_or("(no case)".into(), |c| G::size(c));
    let size_after = shrunk_case
        .as_ref()
        .map_or("(no case)".into(), |c| G::size(c));
    let mut text = String::new();
    text.push_str(&format!(
        "{} in case {} (profile {profile}, seed {}): {size_before}\n  {}\n",
        headline(original, judging),
        found.index,
        seed,
        original.what
    ));
    text.push_str(&format!("reproduce: {reproduce}\n"));
    if found.case.is_some() {
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
    let saved = corpus::save::<G>(
        &opts.out_dir,
        &name,
        shrunk_case.as_ref().map(|c| (c, explained.as_ref())),
        &shrunk_failure,
        &plain,
        meta,
        Some(pair),
    );
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
