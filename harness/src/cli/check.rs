//! `check`: a game's own checker of a proposed answer (NoGo's move lists).

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use super::util::{read_input, shown};
use crate::roles::game::Game;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Judge a proposed answer with the game's checker: `ok`, or the first fault (exit 0 or 1; 2 for
/// unreadable input).
///
/// For nogo (the default), BOARD is in the contest input format and MOVES one `r c` per line;
/// either may be `-` for standard input.
#[derive(clap::Args)]
pub struct Args {
    /// The game (only games with a checker).
    #[command(flatten)]
    pub game: GameArg,
    pub(crate) board: PathBuf,
    pub(crate) moves: PathBuf,
}

pub(super) fn run<G: Game>(_: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let Some(checker) = G::checker() else {
        return Err(Exit(
            2,
            format!(
                "{} has no checker: its answers are judged by `judge`",
                G::NAME
            ),
        ));
    };
    if args.board == Path::new("-") && args.moves == Path::new("-") {
        return Err(Exit(
            2,
            "only one of BOARD and MOVES can be `-` (standard input)".into(),
        ));
    }
    let (b, m) = (read_input(&args.board)?, read_input(&args.moves)?);
    let (ok, verdict) = (checker.check)(&b, &m).map_err(|(which, e)| {
        let file = if which == 0 { &args.board } else { &args.moves };
        Exit(2, format!("{}: {e}", shown(file)))
    })?;
    writeln!(cx.out, "{verdict}")?;
    Ok(u8::from(!ok))
}
