//! `run`: act as the contest solution.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use super::util::{read_input, shown};
use crate::roles::game::Game;
use std::io::Write as _;
use std::path::PathBuf;

/// Act as the contest solution: read inputs, print answers.
///
/// Reads each FILE (standard input when none, or `-`) in the game's contest format and prints the
/// answer of each. Bad input stops with a message naming the line, the token and the broken rule,
/// and exit status 2.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    /// Which engine computes the answer (`engines` lists them).
    #[arg(long, default_value = "optimized")]
    pub(crate) engine: String,
    /// Input files (standard input when none).
    pub files: Vec<PathBuf>,
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let e = table.engine(&args.engine)?;
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    for f in files {
        let bytes = read_input(f)?;
        let case = G::parse(&bytes).map_err(|err| Exit(2, format!("{}: {err}", shown(f))))?;
        let answer = crate::roles::engine::answer(&*e, &case)
            .map_err(|fault| Exit(1, format!("{}: {} {fault}", shown(f), args.engine)))?;
        cx.out.write_all(answer.as_bytes())?;
    }
    Ok(0)
}
