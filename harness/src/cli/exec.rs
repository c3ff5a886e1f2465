//! `exec-engine` (hidden): one engine on one case from standard input, for the harness itself.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use super::util::read_input;
use crate::roles::game::Game;
use std::io::Write as _;
use std::path::Path;

/// Run one engine on one case from standard input and print its answer (used by the harness to
/// run an engine out of process, for instance to shrink a hang).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    #[arg(long)]
    pub(crate) engine: String,
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let e = table.engine(&args.engine)?;
    let bytes = read_input(Path::new("-"))?;
    let case = G::parse(&bytes).map_err(|err| Exit(2, format!("<stdin>: {err}")))?;
    let answer = crate::roles::engine::answer(&*e, &case)
        .map_err(|f| Exit(1, format!("{}: {f}", args.engine)))?;
    cx.out.write_all(answer.as_bytes())?;
    Ok(0)
}
