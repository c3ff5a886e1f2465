//! `diff`: the batch differential test.

use super::args::{GameArg, PairArgs};
use super::context::{Ctx, Exit};
use super::flags::run_batch;
use super::flags::{CaseFlags, CaseTimeout, Flags, Plan, ProfileArg, RunFlags, Tested};
use super::game::Table;
use crate::roles::game::Game;

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
    pub game: GameArg,
    #[command(flatten)]
    pub(crate) pair: PairArgs,
    #[command(flatten)]
    pub(crate) profile: ProfileArg,
    #[command(flatten)]
    pub(crate) cases: CaseFlags,
    #[command(flatten)]
    pub run: RunFlags,
    #[command(flatten)]
    pub(crate) limit: CaseTimeout,
}

impl Args {
    /// The shared flags of the run.
    pub(crate) fn flags(&self) -> Flags<'_> {
        Flags {
            run: Some(&self.run),
            cases: Some(&self.cases),
            profile: Some(&self.profile),
            case_timeout: Some(&self.limit),
        }
    }
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let plan = Plan::resolve(table, args.flags(), Tested::Engines(&args.pair), cx)?;
    run_batch::<G>(&plan, &args.run, cx)
}
