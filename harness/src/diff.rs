//! A differential run from start to verdict, shared by `harness diff` (optimized against reference)
//! and `harness judge` (a program against the reference): the batch ([`crate::batch`]), then the
//! lowest-numbered failure shrunk, saved, and only then reported.
//!
//! A mismatch, a crash and a hang are all failures of the same pipeline. A hang of an in-process
//! engine is shrunk by running that engine out of process (the command line re-runs itself with
//! the hidden `exec` command), so that every candidate can be stopped at its time limit.
//! An interrupt (the `stop` flag) stops the batch and the shrinker; what was found is still saved.

use crate::batch::{self, BatchOptions, BatchResult, Found, Progress};
use crate::engine::{Engine, Kind};
use crate::game::Game;
use crate::oracle::{bounded, Failure, Pair};
use crate::{corpus, report, shrink};
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

/// How a run is set up beyond its batch.
pub struct DiffOptions<G: Game> {
    pub batch: BatchOptions,
    /// Where failures are saved.
    pub out_dir: PathBuf,
    /// Time allowed for shrinking a failure.
    pub shrink_budget: Duration,
    /// Colour the report.
    pub colour: bool,
    /// Runs an in-process engine out of process, to shrink its hangs.
    pub isolate: Option<Isolate<G>>,
}

impl<G: Game> DiffOptions<G> {
    pub fn new(batch: BatchOptions, out_dir: PathBuf) -> Self {
        DiffOptions {
            batch,
            out_dir,
            shrink_budget: Duration::from_secs(60),
            colour: false,
            isolate: None,
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

/// Runs a batch through `pair`, shrinks and saves the first failure, and prints the report to
/// `out`. The last line is `<game>: <N> cases, <M> mismatches, <R> cases/s` (for a pair whose
/// engine under test gives answers only, the judge's tally instead).
pub fn run<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> anyhow::Result<Summary> {
    corpus::check_writable(&opts.out_dir)?;
    let result = batch::run::<G>(&opts.batch, pair, progress);
    let mut summary = summarize::<G>(opts, pair, &result);
    if let Some(found) = &result.first {
        let (reported, text, save_error) = shrink_and_save(opts, pair, found, progress)?;
        write!(out, "{text}")?;
        if let Some(e) = &save_error {
            writeln!(out, "error: the failure could not be saved: {e}")?;
        }
        summary.first = Some(reported);
        summary.save_error = save_error;
        // An interrupt during the shrinking: saved as it was, and the run says it was interrupted.
        summary.interrupted |= opts.batch.stop.load(Relaxed);
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

/// True when the failure is a time limit of an engine that runs out of process (a program).
fn hang_of_program<G: Game>(pair: &Pair<G>, f: &Failure) -> bool {
    [&pair.a, &pair.b]
        .iter()
        .any(|e| e.isolated() && f.engine.as_deref() == Some(e.name()))
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
    progress: &dyn Progress,
) -> anyhow::Result<(Reported, String, Option<String>)> {
    let judging = !pair.b.traces();
    let names = pair.names();
    let stop = Arc::clone(&opts.batch.stop);
    let original = &found.failure;
    let mut shrunk_case = found.case.clone();
    let (mut steps, mut tries, mut complete) = (0, 0, false);
    let mut shrunk_failure = original.clone();
    if let (Some(case), Some(spair)) = (&found.case, shrink_pair(opts, pair, original)) {
        // Every candidate that still hangs costs a whole time limit: a program's hang is reported
        // after a short shrink, an in-process engine's (a bug of the engine under test) gets longer.
        let budget = match (original.kind, hang_of_program(pair, original)) {
            (Kind::TimeLimit, true) => opts.shrink_budget.min(Duration::from_secs(10)),
            (Kind::TimeLimit, false) => opts.shrink_budget.min(Duration::from_secs(60)),
            _ => opts.shrink_budget,
        };
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
        // of its own, and a hang is shrunk out of process.
        let in_process = !spair.a.isolated() && !spair.b.isolated();
        let hung = AtomicBool::new(false);
        let outside: std::sync::OnceLock<Option<Pair<G>>> = std::sync::OnceLock::new();
        let s = shrink::shrink::<G>(
            case.clone(),
            |c| {
                if stop.load(Relaxed) {
                    return false;
                }
                let limit = opts
                    .batch
                    .case_timeout
                    .unwrap_or_else(|| G::time_limit(c) * batch::SLOWDOWN)
                    * 2;
                if !in_process {
                    return spair.failure(c).is_some_and(|f| f.same_kind(original));
                }
                let p = if hung.load(Relaxed) {
                    match outside.get_or_init(|| isolated_pair(opts, &spair, original)) {
                        Some(p) => p.clone(),
                        None => return false,
                    }
                } else {
                    spair.clone()
                };
                let candidate = c.clone();
                match bounded(limit, move || p.failure(&candidate)) {
                    Some(f) => f.is_some_and(|f| f.same_kind(original)),
                    None => {
                        hung.store(true, Relaxed);
                        false
                    }
                }
            },
            budget,
        );
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
        // The shrunk case's own failure (the original's when the shrinker moved nowhere).
        if s.steps > 0 {
            if let Some(f) = spair.failure(&s.case).filter(|f| f.same_kind(original)) {
                shrunk_failure = f;
            }
        }
        steps = s.steps;
        tries = s.tries;
        complete = !s.timed_out && !stop.load(Relaxed) && !stopped_by_hang;
        shrunk_case = Some(s.case);
        progress.note(&format!(
            "shrunk in {:.1} s ({} steps, {} candidates)",
            started.elapsed().as_secs_f64(),
            steps,
            tries
        ));
    }
    let profile = found.profile.name;
    let reproduce = format!(
        "harness gen --game {} --profile {profile} --seed {}",
        G::NAME,
        found.seed
    );
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
        found.seed,
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
    let name = corpus::name(G::NAME, profile, found.seed);
    let meta = json!({
        "game": G::NAME,
        "engines": [names.a, names.b],
        "profile": profile,
        "seed": found.seed,
        "batch_seed": opts.batch.seed,
        "case_index": found.index,
        "reproduce": reproduce,
        "size_before": size_before,
        "size_after": size_after,
        "shrink_steps": steps,
        "shrink_tries": tries,
        "shrink_complete": complete,
        "failure_before_shrinking": original,
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
        shrunk_case.as_ref(),
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
        seed: found.seed,
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
    };
    Ok((reported, text, save_error))
}
