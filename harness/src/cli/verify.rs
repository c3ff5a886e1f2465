//! `verify`: every case of a bounded scope through two engines (or a program against the
//! reference), and the certificate of what was proven.

use super::args::{at_least_one, at_least_one_u64, memory_mb, parse_shard, seconds, workers};
use super::args::{GameArg, PairArgs};
use super::progress::{progress_for, stop_on_interrupt};
use super::registry::Table;
use super::scopes::scope_of;
use super::util::{json_target, status, write_json};
use super::{Ctx, Exit};
use crate::programs::judge::Program;
use crate::proof::verify::{Given, ScopeCases};
use crate::render::corpus;
use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::run::batch::BatchOptions;
use crate::run::plan::DiffOptions;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Check every case of a bounded scope, and say what was proven.
///
/// A scope is every case of the game up to some size: `scopes --game G` lists the named ones
/// (smallest first, with their sizes and cost), or give bounds such as
/// `--scope 'n<=3,m<=3,k<=3,specials<=1,q=1'` (docs/verify.md). Each index of the scope is one
/// case, run through both engines (`--engine` against `--against`) or, after `--`, through a
/// program judged against the reference; an index that is not a valid input (a board with a
/// run) is skipped and counted. Failures are shrunk, explained and saved under --out as `diff`
/// saves them. The last line says what was proven: `verified: all N cases of scope S agree`, or
/// how many failed, or how far a run stopped early got. --json writes the certificate: the
/// scope, both engines, the cases checked and skipped, the rules reached and those the scope
/// cannot reach, and a digest of every checked case with its answer that does not depend on
/// order, so shards (--shard I/K) merge (`merge`) into the certificate of the whole scope.
///
/// Exit status: 0 verified (with --shard: its share, every case agreeing), 1 a failure or not
/// every index visited, 2 bad usage, 130 interrupted.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    /// The scope: a name from `scopes`, or bounds such as 'n<=3,m<=3,q=1'.
    #[arg(long)]
    pub scope: String,
    #[command(flatten)]
    pub pair: PairArgs,
    /// Worker threads, or programs at once after `--` (default: all cores).
    #[arg(long, short, value_parser = workers)]
    pub threads: Option<usize>,
    /// Check only shard I of K (indices i with i % K == I), e.g. `--shard 0/4` on the first of
    /// four machines; `merge` makes the certificate of the whole scope from the K reports.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Stop starting new cases after this many seconds (the run is then not verified).
    #[arg(long, value_parser = seconds)]
    pub time: Option<f64>,
    /// Keep going after a failure until N distinct failure signatures are found.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
    pub max_failures: usize,
    /// Where a shrunk failure is saved (default: corpus/<game>/regressions, or corpus/<game>/judge
    /// for a program).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the report with its certificate as JSON to this file (docs/verify.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Time limit of one in-process engine on one case, in seconds (default: the game's).
    #[arg(long, value_parser = seconds)]
    pub case_timeout: Option<f64>,
    /// Seconds allowed for shrinking each failure.
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    pub shrink_secs: f64,
    /// A program's CPU-time limit per case, in milliseconds (after `--`).
    #[arg(long, default_value_t = 2000, value_parser = at_least_one_u64)]
    pub timeout_ms: u64,
    /// A program's memory limit per case, in MiB (after `--`).
    #[arg(long, default_value_t = 1024, value_parser = memory_mb)]
    pub memory_mb: u64,
    /// A program judged against the reference instead of --engine, and its arguments.
    #[arg(last = true)]
    pub cmd: Vec<String>,
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.json)?;
    let scope = scope_of::<G>(&args.scope)?;
    let name = G::scopes()
        .iter()
        .find(|s| s.name == args.scope.trim())
        .map(|s| s.name.to_string());
    let given = Given {
        cases: Arc::new(ScopeCases::<G>::new(scope)),
        name,
    };
    let (pair, opts) = plan::<G>(table, args, cx)?;
    stop_on_interrupt(Arc::clone(&opts.batch.stop));
    let total = crate::run::certificate::shard_indices(given.cases.scope().len(), opts.batch.shard);
    let bar = progress_for(
        G::NAME,
        crate::render::report::Unit::Indices,
        total,
        args.quiet,
    );
    let argv: Vec<String> = std::env::args().collect();
    let summary = crate::proof::verify::run::<G>(opts, &given, &pair, &*bar, cx.out, &argv)?;
    drop(bar);
    write_json(&args.json, &summary)?;
    let verified = summary
        .certificate
        .as_ref()
        .is_some_and(|c| c.verified || (c.shards_complete && summary.failed() == 0));
    Ok(match status(&summary) {
        0 if !verified => 1,
        s => s,
    })
}

/// The pair and the run's options from the flags: two engines, or a program after `--` against
/// the reference.
fn plan<G: Game>(
    table: &Table<G>,
    args: &Args,
    cx: &Ctx<'_>,
) -> Result<(Pair<G>, DiffOptions<G>), Exit> {
    let mut batch = BatchOptions::new::<G>(0, 0);
    if let Some(t) = args.threads {
        batch.threads = t;
    }
    batch.shard = args.shard.unwrap_or((0, 1));
    batch.max_failures = args.max_failures;
    batch.time = args.time.map(Duration::from_secs_f64);
    batch.case_timeout = args.case_timeout.map(Duration::from_secs_f64);
    let judging = !args.cmd.is_empty();
    let out_dir = args.out.clone().unwrap_or_else(|| {
        if judging {
            corpus::judge_dir(G::NAME)
        } else {
            corpus::regressions_dir(G::NAME)
        }
    });
    let mut opts = DiffOptions::<G>::new(batch, out_dir);
    opts.shrink_budget = Duration::from_secs_f64(args.shrink_secs);
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    let pair = if judging {
        let mut program = Program::new(args.cmd.clone(), Duration::from_millis(args.timeout_ms));
        program.memory_bytes = Some(args.memory_mb << 20);
        program.check_startable()?;
        opts.relimit = Some(program.relimit::<G>());
        Pair::<G>::new(crate::roles::game::reference::<G>(), Arc::new(program))
    } else {
        opts.isolate = table.isolate();
        table.pair(&args.pair)?
    };
    Ok((pair, opts))
}
