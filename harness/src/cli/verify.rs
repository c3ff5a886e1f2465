//! `verify`: every case of a bounded scope through two engines (or a program against the
//! reference), and the certificate of what was proven.

use super::args::{GameArg, PairArgs};
use super::context::{Ctx, Exit};
use super::flags::{CaseTimeout, Flags, Plan, ProgramFlags, RunFlags, Tested};
use super::game::Table;
use super::progress::{progress_for, stop_on_interrupt};
use super::scopes::scope_of;
use super::util::{status, write_json};
use crate::proof::scope_run::{Given, ScopeCases};
use crate::roles::game::Game;
use std::sync::Arc;

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
    /// The game (`--game`).
    #[command(flatten)]
    pub game: GameArg,
    /// The scope: a name from `scopes`, or bounds such as 'n<=3,m<=3,q=1'.
    #[arg(long)]
    pub scope: String,
    /// The engines compared (`--engine`, `--against`).
    #[command(flatten)]
    pub(crate) pair: PairArgs,
    #[command(flatten)]
    pub run: RunFlags,
    #[command(flatten)]
    pub(crate) limit: CaseTimeout,
    #[command(flatten)]
    pub program: ProgramFlags,
    /// A program judged against the reference instead of --engine, and its arguments.
    #[arg(last = true)]
    pub cmd: Vec<String>,
}

impl Args {
    /// The shared flags of the run (its cases are the scope's).
    pub(crate) fn flags(&self) -> Flags<'_> {
        Flags {
            run: Some(&self.run),
            cases: None,
            profile: None,
            case_timeout: Some(&self.limit),
        }
    }

    /// Two engines, or a program after `--` against the reference.
    fn tested(&self) -> Tested<'_> {
        if self.cmd.is_empty() {
            Tested::Engines(&self.pair)
        } else {
            Tested::Program(&self.program, &self.cmd)
        }
    }
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let Plan { pair, opts } = Plan::resolve(table, args.flags(), args.tested(), cx)?;
    let scope = scope_of::<G>(&args.scope)?;
    let name = G::scopes()
        .iter()
        .find(|s| s.name == args.scope.trim())
        .map(|s| s.name.to_string());
    let given = Given {
        cases: Arc::new(ScopeCases::<G>::new(scope)),
        name,
    };
    stop_on_interrupt(Arc::clone(&opts.batch.stop));
    let total = crate::run::certificate::shard_indices(given.cases.scope().len(), opts.batch.shard);
    let bar = progress_for(
        G::NAME,
        crate::render::report::Unit::Indices,
        total,
        args.run.quiet,
    );
    let argv: Vec<String> = std::env::args().collect();
    let summary = crate::proof::scope_run::run::<G>(opts, &given, &pair, &*bar, cx.out, &argv)?;
    drop(bar);
    write_json(&args.run.json, &summary)?;
    let verified = summary
        .certificate
        .as_ref()
        .is_some_and(|c| c.verified || (c.shards_complete && summary.failed() == 0));
    Ok(match status(&summary) {
        0 if !verified => 1,
        s => s,
    })
}
