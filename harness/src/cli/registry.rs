//! The open registry: the games the command line knows and the engines of each, built by the
//! program that runs the command line.
//!
//! ```ignore
//! fn main() -> std::process::ExitCode {
//!     harness::cli::Registry::new()
//!         .game::<my_game::MyGame>()                // a game of your own
//!         .engine::<my_game::MyGame>("mine", "my own engine", my_game::build)
//!         .program("my-harness")
//!         .main()
//! }
//! ```
//!
//! `harness` itself is `games::builtin(Registry::new()).main()`: the three built-in games register
//! exactly as a user's game does (`.game::<MyGame>()`). Each registered game gets a command table, an
//! object-safe [`GameCommands`] that the blanket [`Table`] implements for every `G: Game`; the
//! subcommands look the game up by its `--game` name and call through the table, so nothing in
//! the command line names a game or branches on one.
//!
//! This file is registration and nothing else: what the registry holds, the clap command it
//! makes, and which plug-in serves a subcommand. The program's run and the dispatch of its
//! subcommands are above it (`dispatch.rs`).

use super::commands::{Command, RunsWith};
use super::context::Exit;
use super::game::Table;
use super::serve::GameCommands;
use super::toplevel::{Cli, LONG_ABOUT};
use crate::roles::engine::Engine;
use crate::roles::game::{EngineEntry, Game};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::CommandFactory as _;
use std::path::Path;
use std::sync::Arc;

/// The games and engines a command line knows, and the subcommands plug-ins add.
pub struct Registry {
    program: &'static str,
    examples: Option<&'static str>,
    games: Vec<Box<dyn GameCommands>>,
    plugins: Vec<Plugin>,
    extensions: Vec<Extension>,
}

/// A subcommand that a crate outside the core adds to the command line ([`Registry::subcommand`]),
/// e.g. `harness stress`: its flags and its run, nothing else of the command line changes.
#[derive(Clone, Copy)]
pub struct Plugin {
    /// Its clap command: its name, flags and help.
    pub command: fn() -> clap::Command,
    /// Runs it on its parsed flags; returns the exit status. An [`Exit`] error is printed as
    /// `error: MESSAGE` on standard error and ends the program with its status.
    pub run: fn(&clap::ArgMatches, &PluginContext) -> Result<u8, Exit>,
}

/// Flags a plug-in adds to a subcommand of the core ([`Registry::extend`]), e.g. `harness verify
/// --gen-stream CMD ...`: an invocation that gives any of them is the plug-in's to run, on the
/// subcommand's flags and its own; every other invocation runs as before.
#[derive(Clone, Copy)]
pub struct Extension {
    /// The core subcommand it extends (`verify`).
    pub subcommand: &'static str,
    /// Adds its arguments, and nothing else, to that subcommand's clap command (their ids must be
    /// new to it).
    pub args: fn(clap::Command) -> clap::Command,
    /// Runs an invocation that gives one of its arguments, on the subcommand's parsed flags (the
    /// core's, by their ids or through the subcommand's `Args` such as [`super::VerifyArgs`], and
    /// its own); returns the exit status, as [`Plugin::run`].
    pub run: fn(&clap::ArgMatches, &PluginContext) -> Result<u8, Exit>,
}

impl Extension {
    /// Whether `matches` (of its subcommand) give one of its arguments on the command line: the
    /// ids its `args` adds to a command of its own.
    fn claims(&self, matches: &clap::ArgMatches) -> bool {
        (self.args)(clap::Command::new(self.subcommand))
            .get_arguments()
            .any(|a| {
                matches!(
                    matches.value_source(a.get_id().as_str()),
                    Some(clap::parser::ValueSource::CommandLine)
                )
            })
    }
}

/// What the command line tells a plug-in's subcommand.
pub struct PluginContext {
    /// Colour in reports (`--color`, the terminal, NO_COLOR).
    pub colour: bool,
    /// The program's name, for the commands a report prints.
    pub program: &'static str,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::new()
    }
}

impl Registry {
    /// No game at all (add them with [`Registry::game`]); the program is called `harness`.
    pub fn new() -> Self {
        Registry {
            program: "harness",
            examples: None,
            games: Vec::new(),
            plugins: Vec::new(),
            extensions: Vec::new(),
        }
    }

    /// Names the program in `--help` and in the commands a report prints (`own-game gen ...`).
    pub fn program(mut self, name: &'static str) -> Self {
        self.program = name;
        self
    }

    /// The examples `--help` ends with (before the exit statuses): the binary's own, naming the
    /// games it registers. Without, the help shows the commands every game has, for the first
    /// registered game.
    pub fn examples(mut self, text: &'static str) -> Self {
        self.examples = Some(text);
        self
    }

    /// Registers game `G` with its engines (the reference, the optimized engine, and the others
    /// it ships). The first registered game is the default `--game`. Registering a game twice
    /// keeps the first registration.
    pub fn game<G: Game>(mut self) -> Self {
        if self.table_mut::<G>().is_none() {
            self.games.push(Box::new(Table::<G>::new()));
        }
        self
    }

    /// Adds a subcommand of a plug-in ([`Plugin`]). A name the command line already has is an
    /// error of the program that registers it, reported when the command line is built.
    pub fn subcommand(mut self, plugin: Plugin) -> Self {
        self.plugins.push(plugin);
        self
    }

    /// Adds a plug-in's flags to a subcommand of the core ([`Extension`]): an invocation that
    /// gives one of them runs the plug-in's `run`. An extension of an unknown subcommand, or one
    /// whose flags the subcommand already has, is an error of the program that registers it,
    /// reported when the command line is built.
    pub fn extend(mut self, extension: Extension) -> Self {
        self.extensions.push(extension);
        self
    }

    /// Adds an engine of game `G` called `name` (registering `G` first when it is not yet).
    pub fn engine<G: Game>(
        mut self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<G>>,
    ) -> Self {
        self = self.game::<G>();
        if let Some(table) = self.table_mut::<G>() {
            table.extra.push(EngineEntry { name, about, build });
        }
        self
    }

    fn table_mut<G: Game>(&mut self) -> Option<&mut Table<G>> {
        self.games
            .iter_mut()
            .find_map(|g| g.as_any_mut().downcast_mut::<Table<G>>())
    }

    /// The registered games' names, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.name()).collect()
    }

    pub(crate) fn program_name(&self) -> &'static str {
        self.program
    }

    pub(crate) fn games(&self) -> impl Iterator<Item = &dyn GameCommands> {
        self.games.iter().map(|g| &**g)
    }

    /// The game called `name`; an unknown name is an error that lists the known ones.
    pub(crate) fn get(&self, name: &str) -> Result<&dyn GameCommands, Exit> {
        self.games().find(|g| g.name() == name).ok_or_else(|| {
            Exit(
                2,
                format!(
                    "unknown game `{name}`: choose one of {}",
                    self.names().join(", ")
                ),
            )
        })
    }

    /// The game a saved case belongs to, from the folders of its path (`corpus/texas/...`).
    pub(crate) fn guess(&self, path: &Path) -> Option<&dyn GameCommands> {
        path.components().rev().find_map(|c| {
            let name = c.as_os_str().to_str()?;
            self.games().find(|g| g.name() == name)
        })
    }

    /// The clap command with the registered games as the values of every `--game` (the first
    /// registered game is the default; for `check`, the first game with a checker) and the games
    /// listed in the long help.
    pub fn command(&self) -> clap::Command {
        let values = |games: Vec<&dyn GameCommands>| -> Vec<PossibleValue> {
            games
                .iter()
                .map(|g| PossibleValue::new(g.name()).help(g.about()))
                .collect()
        };
        let all: Vec<&dyn GameCommands> = self.games().collect();
        let checkers: Vec<&dyn GameCommands> = self.games().filter(|g| g.has_checker()).collect();
        let mut long = String::from(LONG_ABOUT);
        long.push_str("\n\nGames:");
        for g in &all {
            long.push_str(&format!("\n  {:8} {}", g.name(), g.about()));
        }
        let examples = match self.examples {
            Some(text) => format!("Examples:\n{text}\n\n{}", super::toplevel::EXIT_STATUS),
            None => {
                let game = all.first().map_or("GAME", |g| g.name());
                super::toplevel::generic_examples(self.program, game)
            }
        };
        let mut cmd = Cli::command()
            .name(self.program)
            .bin_name(self.program)
            .long_about(long)
            .after_help(examples);
        for p in &self.plugins {
            cmd = cmd.subcommand((p.command)());
        }
        for e in &self.extensions {
            cmd = cmd.mut_subcommand(e.subcommand, |s| {
                // An extension adds arguments only: the subcommand keeps its own description
                // (a derived `Args` would put its doc comment in its place).
                let (about, long_about) = (s.get_about().cloned(), s.get_long_about().cloned());
                let s = last_stays_last((e.args)(s))
                    .about(None::<&str>)
                    .long_about(None::<&str>);
                let s = match about {
                    Some(a) => s.about(a),
                    None => s,
                };
                match long_about {
                    Some(l) => s.long_about(l),
                    None => s,
                }
            });
        }
        let subcommands: Vec<String> = cmd
            .get_subcommands()
            .filter(|s| s.get_arguments().any(|a| a.get_id() == "game"))
            .map(|s| s.get_name().to_string())
            .collect();
        for sub in subcommands {
            let (games, default) = match Command::runs_with(&sub) {
                Some(RunsWith::Checker) => (checkers.clone(), true),
                Some(RunsWith::Registry) => (all.clone(), false),
                _ => (all.clone(), true),
            };
            let first = games.first().map(|g| g.name());
            let parser = PossibleValuesParser::new(values(games));
            cmd = cmd.mut_subcommand(sub, |s| {
                s.mut_arg("game", |a| {
                    let a = a.value_parser(parser).required(false);
                    match first {
                        Some(name) if default => a.default_value(name),
                        _ => a,
                    }
                })
            });
        }
        cmd
    }
}

impl Registry {
    /// The run of the plug-in that serves subcommand `name` with its flags `sub`: a plug-in's own
    /// subcommand, or an extension of a core subcommand whose flags `sub` gives.
    pub(super) fn plugin_run(&self, name: &str, sub: &clap::ArgMatches) -> Option<PluginRun> {
        if let Some(plugin) = self
            .plugins
            .iter()
            .find(|p| (p.command)().get_name() == name)
        {
            return Some(plugin.run);
        }
        self.extensions
            .iter()
            .find(|e| e.subcommand == name && e.claims(sub))
            .map(|e| e.run)
    }
}

/// The run of a plug-in's subcommand or extension.
type PluginRun = fn(&clap::ArgMatches, &PluginContext) -> Result<u8, Exit>;

/// `cmd` with its `last` positional (the words after `--`) after every positional an extension
/// added: `harness verify PROBLEM --scope S -- SOLUTION`.
fn last_stays_last(cmd: clap::Command) -> clap::Command {
    let positionals = cmd.get_positionals().count();
    let last: Vec<String> = cmd
        .get_positionals()
        .filter(|a| a.is_last_set())
        .map(|a| a.get_id().to_string())
        .collect();
    last.into_iter()
        .fold(cmd, |c, id| c.mut_arg(id, |a| a.index(positionals)))
}

#[cfg(test)]
mod tests;
