//! The whole command line as clap reads it: the program's own flags (`--color`, `--cold`) and one
//! subcommand of the table (`commands.rs`), with the program's description and examples, and
//! what a `--color` choice means.

use super::commands::Command;
use clap::{Parser, ValueEnum};
use std::io::IsTerminal as _;

const ABOUT: &str = "Prove a fast grid-game engine right: run it, diff it against a naive reference, fuzz it, judge other programs with it";

/// The long description; the registry appends the games it knows.
pub(crate) const LONG_ABOUT: &str = "Prove a fast grid-game engine right.\n\n\
    Each game has an optimized engine and a naive reference engine that reads like the rules; the \
    commands below run them, compare them on generated cases, and judge external programs. A crate \
    of your own registers more engines, or a game of its own (docs/own-game.md).\n\n\
    Every generated case is a pure function of (game, profile, seed): reports name all three, and \
    `gen` prints any case again.";

/// The exit statuses, the last line of the help whatever examples the binary gives.
pub(crate) const EXIT_STATUS: &str =
    "Exit status: 0 success, 1 a mismatch / wrong answer / fault, 2 bad input or bad usage.";

/// The help's examples when the binary gives none ([`crate::cli::Registry::examples`]): the
/// commands every game has, for `game` (the first registered) and the program `program`.
pub(crate) fn generic_examples(program: &str, game: &str) -> String {
    let lines = [
        format!("{program} run --game {game} CASE.in"),
        format!("{program} diff --game {game} --cases 100000"),
        format!("{program} gen --game {game} --seed 42"),
        format!("{program} judge --game {game} --cases 2000 -- ./my-solution"),
        format!("{program} scopes --game {game}"),
        format!("{program} bench --game {game}"),
        format!("{program} replay corpus/{game}/*.in"),
    ];
    format!("Examples:\n  {}\n\n{EXIT_STATUS}", lines.join("\n  "))
}

#[derive(Parser)]
#[command(name = "harness", version, about = ABOUT)]
pub(crate) struct Cli {
    /// Colour in reports: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColourChoice::Auto)]
    pub(crate) color: ColourChoice,
    /// Start every run of an external program by exec. By default a program the harness builds
    /// from its source (C, C++, Python) is started once and forked for each run, which judges the
    /// same at the cost of a fork (docs/performance.md, warm starts); this flag is for comparison,
    /// and for a program that misbehaves when forked.
    #[arg(long, global = true)]
    pub(crate) cold: bool,
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// When to colour reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColourChoice {
    /// On a terminal, unless the NO_COLOR environment variable is set.
    Auto,
    Always,
    Never,
}

/// Whether reports are coloured, for a `--color` choice.
pub(crate) fn colour(choice: ColourChoice) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}
