//! The batch differential runner: many generated cases through both engines, on all cores.
//!
//! Case `i` of a batch is generated from `(profile(i), case_seed(seed, i))`, so the cases do not
//! depend on threads or shards. Cases run in fixed chunks; after a chunk with a mismatch the run stops
//! and the lowest-numbered mismatch is shrunk and saved, so the verdict is the same for any thread
//! count. A saved case is written (case, then JSON report) before anything is printed about it.

use crate::game::{Divergence, Game};
use crate::rng::case_seed;
use crate::{oracle, report, shrink};
use anyhow::Context as _;
use rayon::prelude::*;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Which profiles a batch draws from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileChoice {
    /// One profile for every case.
    One(String),
    /// Case `i` uses the `i mod P`-th profile (the default mix excluded).
    All,
}

impl ProfileChoice {
    /// Parses a `--profile` value for game `G` ("all" or a profile name).
    pub fn parse<G: Game>(name: Option<&str>) -> anyhow::Result<Self> {
        match name {
            None => Ok(ProfileChoice::One(G::profiles()[0].name.to_string())),
            Some("all") => Ok(ProfileChoice::All),
            Some(p) if G::profiles().iter().any(|x| x.name == p) => {
                Ok(ProfileChoice::One(p.to_string()))
            }
            Some(p) => {
                let names: Vec<&str> = G::profiles().iter().map(|x| x.name).collect();
                anyhow::bail!(
                    "unknown profile `{p}` for {}: choose one of {}, or all",
                    G::NAME,
                    names.join(", ")
                )
            }
        }
    }

    /// The profile of case `index`.
    pub fn of<G: Game>(&self, index: u64) -> &str {
        match self {
            ProfileChoice::One(p) => p,
            ProfileChoice::All => {
                let all = &G::profiles()[1..];
                if all.is_empty() {
                    G::profiles()[0].name
                } else {
                    all[(index % all.len() as u64) as usize].name
                }
            }
        }
    }

    pub fn name(&self) -> &str {
        match self {
            ProfileChoice::One(p) => p,
            ProfileChoice::All => "all",
        }
    }
}

/// What to run.
#[derive(Debug, Clone)]
pub struct DiffOptions {
    pub cases: u64,
    pub seed: u64,
    pub profile: ProfileChoice,
    /// Worker threads (None: all cores).
    pub threads: Option<usize>,
    /// Run only the cases `i` with `i % shard.1 == shard.0`.
    pub shard: (u64, u64),
    /// Stop starting new cases after this long.
    pub time: Option<Duration>,
    /// Where mismatches are saved.
    pub out_dir: PathBuf,
    /// Draw a progress bar (only shown on a terminal).
    pub progress: bool,
    /// Time allowed for shrinking a mismatch.
    pub shrink_budget: Duration,
    /// Colour the report.
    pub colour: bool,
}

/// A mismatch found in a batch.
#[derive(Debug, Clone)]
pub struct Mismatch<C> {
    pub index: u64,
    pub profile: String,
    pub seed: u64,
    pub case: C,
    pub divergence: Divergence,
}

/// What a batch did.
#[derive(Debug, Clone)]
pub struct DiffSummary {
    pub cases: u64,
    pub mismatches: u64,
    pub elapsed: Duration,
    /// Cases that reached each coverage key, in `G::coverage_keys()` order.
    pub coverage: Vec<u64>,
    /// Path of the saved (shrunk) first mismatch.
    pub saved: Option<PathBuf>,
}

impl DiffSummary {
    pub fn rate(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

const CHUNK: u64 = 512;

struct Acc<C> {
    cases: u64,
    coverage: Vec<u64>,
    mismatches: Vec<Mismatch<C>>,
}

impl<C> Acc<C> {
    fn new(keys: usize) -> Self {
        Acc {
            cases: 0,
            coverage: vec![0; keys],
            mismatches: Vec::new(),
        }
    }
}

fn run_one<G: Game>(profile: &str, index: u64, batch_seed: u64, acc: &mut Acc<G::Case>) {
    let seed = case_seed(batch_seed, index);
    let case = match oracle::catching(|| G::generate(profile, seed)) {
        Ok(c) => c,
        Err(e) => panic!("the {profile} generator panicked on seed {seed}: {e}"),
    };
    acc.cases += 1;
    match oracle::outcomes::<G>(&case) {
        Ok((reference, optimized)) => {
            for key in G::coverage(&case, &reference) {
                if let Some(i) = G::coverage_keys().iter().position(|k| *k == key) {
                    acc.coverage[i] += 1;
                }
            }
            if let Some(divergence) = G::compare(&case, &reference, &optimized) {
                acc.mismatches.push(Mismatch {
                    index,
                    profile: profile.to_string(),
                    seed,
                    case,
                    divergence,
                });
            }
        }
        Err(divergence) => acc.mismatches.push(Mismatch {
            index,
            profile: profile.to_string(),
            seed,
            case,
            divergence: *divergence,
        }),
    }
}

/// Runs a batch, printing the report (mismatch, coverage, summary line) to `out`.
pub fn run<G: Game>(opts: &DiffOptions, out: &mut dyn Write) -> anyhow::Result<DiffSummary> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let (shard, shards) = opts.shard;
    let indices: u64 = if opts.cases > shard {
        (opts.cases - shard).div_ceil(shards)
    } else {
        0
    };
    let bar = report::progress_bar(indices, opts.progress);
    let keys = G::coverage_keys().len();
    let start = Instant::now();
    let deadline = opts.time.map(|t| start + t);
    let mut total = Acc::<G::Case>::new(keys);
    let mut next = 0u64;
    while next < indices {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let end = (next + CHUNK).min(indices);
        let acc = pool.install(|| {
            (next..end)
                .into_par_iter()
                .fold(
                    || Acc::new(keys),
                    |mut acc, j| {
                        if deadline.is_none_or(|d| Instant::now() < d) {
                            let index = shard + j * shards;
                            run_one::<G>(opts.profile.of::<G>(index), index, opts.seed, &mut acc);
                            bar.inc(1);
                        }
                        acc
                    },
                )
                .reduce(
                    || Acc::new(keys),
                    |mut a, b| {
                        a.cases += b.cases;
                        a.coverage
                            .iter_mut()
                            .zip(&b.coverage)
                            .for_each(|(x, y)| *x += y);
                        a.mismatches.extend(b.mismatches);
                        a
                    },
                )
        });
        total.cases += acc.cases;
        total
            .coverage
            .iter_mut()
            .zip(&acc.coverage)
            .for_each(|(x, y)| *x += y);
        total.mismatches.extend(acc.mismatches);
        if !total.mismatches.is_empty() {
            bar.set_message(format!("{} mismatches", total.mismatches.len()));
            break;
        }
        next = end;
    }
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    total.mismatches.sort_by_key(|m| m.index);
    let mut summary = DiffSummary {
        cases: total.cases,
        mismatches: total.mismatches.len() as u64,
        elapsed,
        coverage: total.coverage,
        saved: None,
    };
    if let Some(first) = total.mismatches.into_iter().next() {
        let (path, shrunk, divergence) =
            pool.install(|| save_mismatch::<G>(&first, opts, Some(opts.seed)))?;
        writeln!(
            out,
            "MISMATCH in case {} (profile {}, seed {}): {}",
            first.index,
            first.profile,
            first.seed,
            G::size(&first.case)
        )?;
        writeln!(out, "shrunk to {}", G::size(&shrunk))?;
        write!(out, "{}", report::divergence(&divergence, opts.colour))?;
        writeln!(out, "repro: {}", path.display())?;
        summary.saved = Some(path);
    }
    write!(
        out,
        "{}",
        report::coverage(G::coverage_keys(), &summary.coverage, summary.cases)
    )?;
    writeln!(
        out,
        "{}: {} cases, {} mismatches, {:.0} cases/s",
        G::NAME,
        summary.cases,
        summary.mismatches,
        summary.rate()
    )?;
    Ok(summary)
}

/// Shrinks a mismatch, then writes `<dir>/<name>.in` and `<dir>/<name>.json`; returns the `.in` path,
/// the shrunk case and its divergence.
pub fn save_mismatch<G: Game>(
    m: &Mismatch<G::Case>,
    opts: &DiffOptions,
    batch_seed: Option<u64>,
) -> anyhow::Result<(PathBuf, G::Case, Divergence)> {
    let original_size = G::size(&m.case);
    let shrunk = shrink::shrink::<G>(
        m.case.clone(),
        |c| oracle::check::<G>(c).is_some(),
        opts.shrink_budget,
    );
    let divergence = oracle::check::<G>(&shrunk.case).unwrap_or_else(|| m.divergence.clone());
    let name = format!("{}-{}-{:016x}", G::NAME, m.profile, m.seed);
    let path = write_case::<G>(
        &opts.out_dir,
        &name,
        &shrunk.case,
        &divergence,
        json!({
            "game": G::NAME,
            "profile": m.profile,
            "seed": m.seed,
            "batch_seed": batch_seed,
            "case_index": m.index,
            "reproduce": format!("harness gen --game {} --profile {} --seed {}", G::NAME, m.profile, m.seed),
            "size_before": original_size,
            "size_after": G::size(&shrunk.case),
            "shrink_steps": shrunk.steps,
            "shrink_tries": shrunk.tries,
            "shrink_timed_out": shrunk.timed_out,
            "divergence_before_shrinking": { "at": m.divergence.at, "what": m.divergence.what },
        }),
    )?;
    Ok((path, shrunk.case, divergence))
}

/// Writes a case and its JSON report (the report gets the divergence and a rendered text).
pub fn write_case<G: Game>(
    dir: &Path,
    name: &str,
    case: &G::Case,
    d: &Divergence,
    mut meta: serde_json::Value,
) -> anyhow::Result<PathBuf> {
    let path = report::path_in(dir, name, "in")
        .with_context(|| format!("cannot create {}", dir.display()))?;
    std::fs::write(&path, G::write(case))
        .with_context(|| format!("cannot write {}", path.display()))?;
    if let Some(obj) = meta.as_object_mut() {
        obj.insert("divergence".into(), serde_json::to_value(d)?);
        obj.insert("text".into(), json!(report::divergence(d, false)));
    }
    let json_path = path.with_extension("json");
    std::fs::write(&json_path, serde_json::to_string_pretty(&meta)?)
        .with_context(|| format!("cannot write {}", json_path.display()))?;
    Ok(path)
}
