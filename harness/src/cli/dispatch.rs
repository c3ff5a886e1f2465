//! The top of the command line: the program's run ([`Registry::main`]: the fast path, else the
//! clap command, then a plug-in's subcommand or one of the table's) and the dispatch of the
//! table's subcommands: a `game` or `checker` row through the game its `--game` names, a
//! `registry` row through its run over the registry (`every_game.rs`).

use super::commands::{rows, Command};
use super::context::{exit_code, Ctx, Exit, Stdout};
use super::fast::Line;
use super::registry::{PluginContext, Registry};
use super::serve::Request;
use super::toplevel::{colour, Cli, ColourChoice};
use clap::FromArgMatches as _;
use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

impl Registry {
    /// Runs the command line: parses the arguments (a bad flag is exit status 2 with a message),
    /// runs the subcommand, and returns its exit status.
    pub fn main(self) -> ExitCode {
        // `run` and `--version` need no table of every subcommand (docs/startup.md).
        if let Some(code) = fast(&self) {
            return code;
        }
        let matches = self.command().get_matches();
        if let Some(code) = self.run_plugin(&matches) {
            return code;
        }
        let cli = match Cli::from_arg_matches(&matches) {
            Ok(cli) => cli,
            Err(e) => e.exit(),
        };
        run_cli(&self, cli)
    }

    /// Runs the plug-in subcommand the command line names, or the extension its flags claim, if
    /// there is one.
    fn run_plugin(&self, matches: &clap::ArgMatches) -> Option<ExitCode> {
        let (name, sub) = matches.subcommand()?;
        let run = self.plugin_run(name, sub)?;
        let choice = matches
            .get_one::<ColourChoice>("color")
            .copied()
            .unwrap_or(ColourChoice::Auto);
        let cold = |m: &clap::ArgMatches| matches!(m.try_get_one::<bool>("cold"), Ok(Some(true)));
        supervise::set_warm_starts(!(cold(matches) || cold(sub)));
        let cx = PluginContext {
            colour: colour(choice),
            program: self.program_name(),
        };
        Some(exit_code(run(sub, &cx)))
    }
}

/// Runs the command line when the fast path (`fast.rs`) takes it; `None` leaves it to the full
/// parser.
fn fast(registry: &Registry) -> Option<ExitCode> {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match super::fast::parse(registry, &args)? {
        Line::Version => {
            let line = format!(
                "{} {}\n",
                registry.program_name(),
                env!("CARGO_PKG_VERSION")
            );
            // As clap does: a closed standard output still exits 0.
            let _ = std::io::stdout().write_all(line.as_bytes());
            Some(ExitCode::SUCCESS)
        }
        Line::Cli(cli) => Some(run_cli(registry, *cli)),
    }
}

/// Runs a parsed command line against the registry.
fn run_cli(registry: &Registry, cli: Cli) -> ExitCode {
    let colour = colour(cli.color);
    supervise::set_warm_starts(!cli.cold);
    let mut out = Stdout::new();
    let mut cx = Ctx {
        out: &mut out,
        colour,
        program: registry.program_name(),
    };
    let result = cli.command.run(registry, &mut cx);
    let _ = out.flush();
    exit_code(result)
}

/// How a row of the table runs its subcommand, from the registry.
macro_rules! dispatch {
    (game, $module:ident, $args:ident, $command:ident, $registry:ident, $cx:ident) => {
        $registry
            .get(&$args.game.game)?
            .serve(Request::Command($command), $cx)
    };
    (checker, $module:ident, $args:ident, $command:ident, $registry:ident, $cx:ident) => {
        dispatch!(game, $module, $args, $command, $registry, $cx)
    };
    (registry, $module:ident, $args:ident, $command:ident, $registry:ident, $cx:ident) => {
        super::every_game::$module($registry, $args, $cx)
    };
}

/// The dispatch of the table's rows (`commands.rs`), made from the same rows as the enum.
macro_rules! dispatch_table {
    ($( $(#[$attr:meta])* $name:literal => $variant:ident($module:ident) by $kind:ident, )*) => {
        impl Command {
            /// Runs the subcommand; returns its exit status.
            pub(crate) fn run(&self, registry: &Registry, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
                let command = self;
                match self {
                    $( Command::$variant(args) =>
                        dispatch!($kind, $module, args, command, registry, cx), )*
                }
            }
        }
    };
}

rows!(dispatch_table);
