//! The entry of `harness stress`: registered with the command line, its flags parsed, and the run
//! dispatched: a Polygon package without a solution given runs every solution against its tag
//! ([`crate::commands::polygon`]), anything else is one stress run
//! ([`crate::commands::stress`]).

use crate::commands::polygon;
use crate::commands::stress::{run_one, Args, ABOUT, LONG_ABOUT};
use clap::{Args as _, FromArgMatches as _};
use harness::cli::{Exit, Plugin, PluginContext};
use std::io::Write as _;

/// Adds `stress` to a command line.
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    registry.subcommand(Plugin {
        command: || {
            Args::augment_args(clap::Command::new("stress"))
                .about(ABOUT)
                .long_about(LONG_ABOUT)
        },
        run: run_matches,
    })
}

fn run_matches(matches: &clap::ArgMatches, cx: &PluginContext) -> Result<u8, Exit> {
    let _scratch = crate::programs::program::ScratchFolder;
    let args = Args::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let mut out = harness::cli::Stdout::new();
    let code = run(&args, cx, &mut out);
    let _ = out.flush();
    code
}

/// Runs `harness stress` with `args`, writing the report to `out`; returns the exit status.
pub fn run(args: &Args, cx: &PluginContext, out: &mut dyn std::io::Write) -> Result<u8, Exit> {
    if polygon::every_solution(args) {
        return polygon::run(args, cx, out);
    }
    run_one(args, cx, out).map(|(code, _)| code)
}
