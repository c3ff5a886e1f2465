//! `diff`: the batch differential test.

use super::args::{at_least_one_u64, seconds, workers, BatchArgs, PairArgs};
use super::registry::Table;
use super::util::{batch_of, json_target, run_batch};
use super::{Ctx, Exit};
use crate::render::corpus;
use crate::roles::game::Game;
use crate::run::plan::DiffOptions;
use std::time::Duration;

/// Batch differential test: generated cases through two engines on all cores.
///
/// Compares whole outcomes (score breakdown, per-operation trace, final board). A mismatch, a
/// panic (crash) and a case that runs past its time limit (a hang) are failures: the
/// lowest-numbered one is shrunk, saved under --out as NAME.in with a NAME.json report, and only then
/// reported with the first differing event; exit status 1. The last line reads
/// `<game>: <N> cases, <M> mismatches, <R> cases/s`. Results do not depend on --threads or
/// --shard. Ctrl-C stops the batch, saves what was found (shrunk as far as it got) and prints
/// the summary so far.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub pair: PairArgs,
    /// Number of cases in the whole batch (all shards together).
    #[arg(long, short = 'n', default_value_t = 100_000, value_parser = at_least_one_u64)]
    pub cases: u64,
    /// Worker threads (default: all cores).
    #[arg(long, short, value_parser = workers)]
    pub threads: Option<usize>,
    /// Stop starting new cases after this many seconds.
    #[arg(long, value_parser = seconds)]
    pub time: Option<f64>,
    /// Time limit of one engine on one case, in seconds (default: the game's, from the case's size).
    #[arg(long, value_parser = seconds)]
    pub case_timeout: Option<f64>,
    /// Seconds allowed for shrinking each failure (of any kind).
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    pub shrink_secs: f64,
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let pair = table.pair(&args.pair)?;
    json_target(&args.batch.json)?;
    let mut batch = batch_of::<G>(&args.batch, args.cases, args.threads)?;
    batch.time = args.time.map(Duration::from_secs_f64);
    batch.case_timeout = args.case_timeout.map(Duration::from_secs_f64);
    let out_dir = args
        .batch
        .out
        .clone()
        .unwrap_or_else(|| corpus::regressions_dir(G::NAME));
    let mut opts = DiffOptions::<G>::new(batch, out_dir);
    opts.shrink_budget = Duration::from_secs_f64(args.shrink_secs);
    opts.replay = !args.batch.no_replay;
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    opts.isolate = table.isolate();
    run_batch::<G>(&opts, &pair, &args.batch, cx)
}
