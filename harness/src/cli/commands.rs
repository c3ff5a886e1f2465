//! The one table of subcommands: each row names a subcommand, the file that holds its flags
//! (`Args`) and its `run`, and what it runs with. Adding a subcommand is its file, its `mod`
//! line, and a row here: the clap enum, the dispatch, the call through a game's command table
//! and the `--game` values are all made from the table (the dispatch from the registry by the same
//! rows, in `dispatch.rs`, above the registry).
//!
//! What a subcommand runs with:
//! - `game`: one game's command table, the game named by its `--game` (the first registered game
//!   by default); its `run` is `fn run<G: Game>(&Table<G>, &Args, &mut Ctx) -> Result<u8, Exit>`
//!   and its `Args` holds `game: GameArg`.
//! - `checker`: as `game`, among the games with a checker only (the first of them by default).
//! - `registry`: the registry itself (every game, or one per file; a `--game` it takes has no
//!   default); its `Args` is in its file, and its run is the function of its name in
//!   `every_game.rs`: `fn NAME(&Registry, &Args, &mut Ctx) -> Result<u8, Exit>`.

use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::Game;

/// What a subcommand runs with (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunsWith {
    Game,
    Checker,
    Registry,
}

/// How a row of the table runs its subcommand with one game's table.
macro_rules! serve {
    (game, $name:literal, $module:ident, $args:ident, $table:ident, $cx:ident) => {
        super::$module::run::<G>($table, $args, $cx)
    };
    (checker, $name:literal, $module:ident, $args:ident, $table:ident, $cx:ident) => {
        serve!(game, $name, $module, $args, $table, $cx)
    };
    (registry, $name:literal, $module:ident, $args:ident, $table:ident, $cx:ident) => {{
        let _ = ($args, $table, &$cx);
        Err(Exit(2, format!("`{}` is not run for one game", $name)))
    }};
}

/// The kind of a row.
macro_rules! kind {
    (game) => {
        RunsWith::Game
    };
    (checker) => {
        RunsWith::Checker
    };
    (registry) => {
        RunsWith::Registry
    };
}

macro_rules! table {
    ($( $(#[$attr:meta])* $name:literal => $variant:ident($module:ident) by $kind:ident, )*) => {
        /// The command line's subcommands, each defined in its own file with its `run`.
        #[derive(clap::Subcommand)]
        pub(crate) enum Command {
            $( $(#[$attr])* #[command(name = $name)] $variant(super::$module::Args), )*
        }

        impl Command {
            /// Runs a subcommand of one game (`game` and `checker` rows) with its table.
            pub(crate) fn serve<G: Game>(
                &self,
                table: &Table<G>,
                cx: &mut Ctx<'_>,
            ) -> Result<u8, Exit> {
                match self {
                    $( Command::$variant(args) => serve!($kind, $name, $module, args, table, cx), )*
                }
            }

            /// What the subcommand called `name` runs with (`None`: not one of the table's).
            pub(crate) fn runs_with(name: &str) -> Option<RunsWith> {
                match name {
                    $( $name => Some(kind!($kind)), )*
                    _ => None,
                }
            }
        }
    };
}

/// The rows of the table, handed to the macro `$make`: `table` here (the enum, the call through
/// one game's table, the kinds), and the dispatch from the registry in `dispatch.rs`.
macro_rules! rows {
    ($make:ident) => {
        $make! {
            "run" => Run(run) by game,
            "diff" => Diff(diff) by game,
            "judge" => Judge(judge) by game,
            "verify" => Verify(verify) by game,
            "bench" => Bench(bench) by game,
            "replay" => Replay(replay) by registry,
            "merge" => Merge(merge) by registry,
            "completions" => Completions(completions) by registry,
            "gen" => Gen(gen) by game,
            "profiles" => Profiles(profiles) by game,
            "scopes" => Scopes(scopes) by game,
            "engines" => Engines(engines) by game,
            "seeds" => Seeds(seeds) by registry,
            "check" => Check(check) by checker,
            #[command(hide = true)]
            "exec-engine" => Exec(exec) by game,
        }
    };
}
pub(super) use rows;

rows!(table);
