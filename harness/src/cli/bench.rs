//! `bench`: two engines side by side.

use super::args::{at_least_one, seconds, GameArg, PairArgs};
use super::context::{Ctx, Exit};
use super::game::Table;
use super::util::{json_target, write_json};
use crate::render::bench;
use crate::roles::engine::Engine;
use crate::roles::game::{bench_only_names, Game, ProfileChoice};
use crate::roles::{Generate, Profile};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Benchmark two engines side by side, as a ratio with its spread.
///
/// The same cases go through both engines in alternating rounds, so both see the same machine
/// load. Prints a Markdown table: median times, the median ratio and its min..max over the paired
/// rounds (a warning follows when they spread wide). A game may add rows of its own to the
/// default table (texas: one invalid and one valid operation). Profiles the reference cannot
/// finish are measured on the engine alone.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub(crate) pair: PairArgs,
    /// Profiles to measure (repeatable; default: the game's benchmark profiles).
    #[arg(long, short)]
    pub(crate) profile: Vec<String>,
    /// Cases per profile.
    #[arg(long, short = 'n', value_parser = at_least_one)]
    pub(crate) cases: Option<usize>,
    #[arg(long, short, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Seconds to spend per profile (at least three rounds are always run).
    #[arg(long, default_value_t = 3.0, value_parser = seconds)]
    pub(crate) seconds: f64,
    /// Measure only the engine under test (for inputs too big for the reference).
    #[arg(long)]
    pub(crate) alone: bool,
    /// Also write the table as JSON to this file (docs/reports.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// A profile to measure and how many of its cases.
type Chosen<G> = (&'static Profile<<G as crate::roles::Format>::Case>, usize);

/// The profiles to measure and how many cases each: those named, or the game's bench rows.
fn chosen<G: Generate>(args: &Args) -> Result<Vec<Chosen<G>>, Exit> {
    if args.profile.is_empty() {
        return Ok(G::PROFILES
            .iter()
            .filter(|p| p.bench_cases > 0)
            .map(|p| (p, args.cases.unwrap_or(p.bench_cases)))
            .collect());
    }
    let mut v = Vec::new();
    for p in &args.profile {
        match ProfileChoice::parse::<G>(Some(p))? {
            ProfileChoice::One(profile) => v.push((profile.get::<G>(), args.cases.unwrap_or(50))),
            ProfileChoice::Cycle(_) => {
                return Err(Exit(2, "bench takes named profiles, not `all`".into()))
            }
        }
    }
    Ok(v)
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.json)?;
    if cfg!(debug_assertions) {
        note!(
            "note: this build has overflow checks and debug assertions (the diff build); for speed \
             figures use `cargo build --profile perf` and ./target/perf/{}",
            cx.program
        );
    }
    let tested = table.engine(&args.pair.engine)?;
    let baseline = table.engine(&args.pair.against)?;
    let budget = Duration::from_secs_f64(args.seconds);
    let mut rows = Vec::new();
    for (profile, n) in chosen::<G>(args)? {
        let too_big = profile.bench_only;
        if too_big && G::reference().name == tested.name() {
            return Err(Exit(
                2,
                format!(
                    "profile `{}` of {} is for the optimized engine only: the reference would take \
                     minutes or hours on it (bench-only profiles: {})",
                    profile.name,
                    G::NAME,
                    bench_only_names::<G>().join(", ")
                ),
            ));
        }
        let engines: Vec<Arc<dyn Engine<G>>> = if args.alone || too_big {
            vec![Arc::clone(&tested)]
        } else {
            vec![Arc::clone(&baseline), Arc::clone(&tested)]
        };
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        note!(
            "measuring {} / {} ({n} cases, {})...",
            G::NAME,
            profile.name,
            names.join(" and ")
        );
        let mut row = bench::profile::<G>(profile, n, args.seed, budget, &engines);
        if too_big && !args.alone {
            row.engines[0] = baseline.name().to_string();
            row.note = Some(format!(
                "{} alone: the {} would take minutes on this profile",
                tested.name(),
                baseline.name()
            ));
        }
        rows.push(row);
    }
    if args.profile.is_empty()
        && !args.alone
        && args.pair.engine == G::optimized().name
        && args.pair.against == G::reference().name
    {
        let extra = G::bench_extra(args.seed);
        if !extra.is_empty() {
            note!("measuring the game's own rows...");
        }
        rows.extend(extra);
    }
    cx.out.write_all(bench::table(G::NAME, &rows).as_bytes())?;
    write_json(
        &args.json,
        &bench::BenchReport::new(G::NAME, args.seed, &rows),
    )?;
    Ok(0)
}
