//! `judge`: an external program against the reference.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::flags::run_batch;
use super::flags::{CaseFlags, Flags, Plan, ProfileArg, ProgramFlags, RunFlags, Tested};
use super::game::Table;
use crate::roles::game::Game;

/// Judge an external program against the reference on generated cases.
///
/// Runs CMD once per case with the contest input on standard input, in parallel, and compares its
/// output (whitespace-insensitive, or the game's own judge, e.g. nogo move lists go through the
/// checker). Verdicts: wrong answer, malformed output, time limit, memory limit, runtime error.
/// The first failure is shrunk by re-running CMD on smaller cases and written to --out as NAME.in,
/// NAME.ans (expected) and NAME.got (received); `repro: PATH` names the .in and the exit status
/// is 1.
#[derive(clap::Args)]
#[command(mut_arg("cases", |a| a.default_value("1000")))]
#[command(mut_arg("shrink_secs", |a| a.default_value("120")))]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    #[command(flatten)]
    pub(crate) profile: ProfileArg,
    #[command(flatten)]
    pub(crate) cases: CaseFlags,
    #[command(flatten)]
    pub run: RunFlags,
    #[command(flatten)]
    pub program: ProgramFlags,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true)]
    pub cmd: Vec<String>,
}

impl Args {
    /// The shared flags of the run.
    pub(crate) fn flags(&self) -> Flags<'_> {
        Flags {
            run: Some(&self.run),
            cases: Some(&self.cases),
            profile: Some(&self.profile),
            case_timeout: None,
        }
    }
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let tested = Tested::Program(&args.program, &args.cmd);
    let plan = Plan::resolve(table, args.flags(), tested, cx)?;
    run_batch::<G>(&plan, &args.run, cx)
}
