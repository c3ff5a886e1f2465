//! `judge`: an external program against the reference.

use super::args::{at_least_one, at_least_one_u64, memory_mb, seconds, workers, BatchArgs};
use super::util::{batch_of, json_target, run_batch};
use super::{Ctx, Exit};
use crate::programs::judge::Program;
use crate::render::corpus;
use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::run::plan::DiffOptions;
use std::sync::Arc;
use std::time::Duration;

/// Judge an external program against the reference on generated cases.
///
/// Runs CMD once per case with the contest input on standard input, in parallel, and compares its
/// output (whitespace-insensitive, or the game's own judge, e.g. nogo move lists go through the
/// checker). Verdicts: wrong answer, malformed output, time limit, memory limit, runtime error.
/// The first failure is shrunk by re-running CMD on smaller cases and written to --out as NAME.in,
/// NAME.ans (expected) and NAME.got (received); `repro: PATH` names the .in and the exit status
/// is 1.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Number of cases in the whole batch (all shards together).
    #[arg(long, short = 'n', default_value_t = 1000, value_parser = at_least_one_u64)]
    pub cases: u64,
    /// CPU-time limit per run, in milliseconds, as a contest judge counts it (the program and
    /// everything it starts). A program that sleeps or waits is stopped by a wall-clock guard
    /// of three times the limit plus one second, and judged a hang.
    #[arg(long, default_value_t = 2000, value_parser = at_least_one_u64)]
    pub timeout_ms: u64,
    /// Memory limit per run, in MiB (peak resident memory of the program and its children).
    #[arg(long, default_value_t = 1024, value_parser = memory_mb)]
    pub memory_mb: u64,
    /// Programs run at once (default: the number of cores).
    #[arg(long, short, value_parser = workers)]
    pub jobs: Option<usize>,
    /// Output beyond this many bytes is cut off and judged malformed.
    #[arg(long, default_value_t = 16 << 20, value_parser = at_least_one)]
    pub max_output: usize,
    /// Seconds allowed for shrinking each failure (of any kind).
    #[arg(long, default_value_t = 120.0, value_parser = seconds)]
    pub shrink_secs: f64,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true)]
    pub cmd: Vec<String>,
}

pub(super) fn run<G: Game>(args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.batch.json)?;
    let mut program = Program::new(args.cmd.clone(), Duration::from_millis(args.timeout_ms));
    program.max_output = args.max_output;
    program.memory_bytes = Some(args.memory_mb << 20);
    program.check_startable()?;
    let relimit = program.relimit::<G>();
    let pair = Pair::<G>::new(crate::roles::game::reference::<G>(), Arc::new(program));
    let batch = batch_of::<G>(&args.batch, args.cases, args.jobs)?;
    let out_dir = args
        .batch
        .out
        .clone()
        .unwrap_or_else(|| corpus::judge_dir(G::NAME));
    let mut opts = DiffOptions::<G>::new(batch, out_dir);
    opts.shrink_budget = Duration::from_secs_f64(args.shrink_secs);
    opts.relimit = Some(relimit);
    opts.replay = !args.batch.no_replay;
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    run_batch::<G>(&opts, &pair, &args.batch, cx)
}
