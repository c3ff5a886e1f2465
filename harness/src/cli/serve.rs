//! One game behind one face: what a subcommand asks of a game (`Request`), and the object-safe
//! `GameCommands` that the registry keeps each game as, implemented for every game's `Table`: a
//! subcommand of one game runs through the table of subcommands (`commands.rs`), the files of a
//! replay through `replay.rs`, the fuzz seeds through the corpus.

use super::commands::Command;
use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::Game;
use crate::run::summary::FileVerdict;
use std::any::Any;
use std::path::{Path, PathBuf};

/// What a subcommand asks of one game: its arguments, and where a result other than the exit
/// status goes.
pub(crate) enum Request<'a> {
    /// A subcommand of this game (a `game` or `checker` row of the table of subcommands).
    Command(&'a Command),
    /// Files of a replay, all of this game; their verdicts are appended to `verdicts`.
    Replay {
        args: &'a super::replay::Args,
        files: &'a [PathBuf],
        verdicts: &'a mut Vec<FileVerdict>,
    },
    /// The game's fuzz seeds under `corpus`; their number is added to `written`.
    Seeds {
        corpus: &'a Path,
        written: &'a mut usize,
    },
}

/// What every subcommand can do with one game, whatever its types: the object-safe face of
/// [`Table`]: a subcommand of one game is [`Request::Command`], run by the table of subcommands.
pub(crate) trait GameCommands: Send + Sync {
    fn name(&self) -> &'static str;
    fn about(&self) -> &'static str;
    fn has_checker(&self) -> bool;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Runs a subcommand for this game; returns its exit status.
    fn serve(&self, request: Request<'_>, cx: &mut Ctx<'_>) -> Result<u8, Exit>;
}

impl<G: Game> GameCommands for Table<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn about(&self) -> &'static str {
        G::ABOUT
    }
    fn has_checker(&self) -> bool {
        G::checker().is_some()
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn serve(&self, request: Request<'_>, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
        match request {
            Request::Command(command) => command.serve(self, cx),
            Request::Replay {
                args,
                files,
                verdicts,
            } => super::replay::files::<G>(self, args, files, verdicts, cx),
            Request::Seeds { corpus, written } => {
                *written += crate::render::corpus::write_seeds::<G>(corpus)?;
                Ok(0)
            }
        }
    }
}
