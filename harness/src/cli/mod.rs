//! The command line, as a library: the `harness` binary is `games::builtin(Registry::new()).main()`,
//! and a crate with its own engine or its own game gets the very same commands with one line of
//! registration ([`Registry`]):
//!
//! ```ignore
//! fn main() -> std::process::ExitCode {
//!     harness::cli::Registry::new()
//!         .game::<MyGame>()
//!         .engine::<MyGame>("mine", "my own engine", build)
//!         .main()
//! }
//! ```
//!
//! `--engine mine` then puts it under `diff`, `bench`, `replay` and `run`, with hangs shrunk out of
//! process (the binary re-runs itself with the hidden `exec` command). Each subcommand is a file
//! of its own here: its flags (`Args`) and its `run`, listed once in the table of `commands.rs`.
//! The flags that runs share are declared once, as the groups of [`flags`], and resolved there
//! into the run's plan before anything runs; a plug-in's subcommand flattens the same groups.

/// `eprintln!` that cannot panic: when standard error is a closed pipe (`harness ... 2>&1 | head`)
/// the line is lost, and the command goes on to its own exit status.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod bench;
mod check;
mod commands;
mod completions;
mod diff;
mod engines;
pub(crate) mod exec;
mod fast;
pub mod flags;
mod gen;
mod judge;
mod merge;
mod profiles;
mod progress;
mod registry;
mod replay;
mod run;
mod scopes;
mod seeds;
mod util;
mod verify;

pub use args::{
    at_least_one, at_least_one_u64, memory_mb, parse_shard, seconds, workers, MAX_MEMORY_MB,
    MAX_WORKERS,
};
pub use args::{GameArg, PairArgs};
pub use flags::{CaseFlags, CaseTimeout, Flags, ProfileArg, ProgramFlags, RunFlags};
pub use progress::{progress_for, stop_on_interrupt};
use registry::Request;
pub use registry::{Extension, Plugin, PluginContext, Registry};
pub use replay::{missing_file, worst_status, Args as ReplayArgs, REPLAY_SCHEMA};
pub use util::{json_target, status, write_json};
pub use verify::Args as VerifyArgs;

use args::{Cli, ColourChoice};
use std::io::{IsTerminal as _, Write};
use std::process::ExitCode;

/// An error that ends the program with a status.
pub struct Exit(pub u8, pub String);

impl From<anyhow::Error> for Exit {
    fn from(e: anyhow::Error) -> Self {
        Exit(2, format!("{e:#}"))
    }
}

impl From<std::io::Error> for Exit {
    fn from(e: std::io::Error) -> Self {
        Exit(2, e.to_string())
    }
}

/// What every subcommand writes to and knows of the run.
pub(crate) struct Ctx<'a> {
    pub out: &'a mut Stdout,
    /// Colour in reports.
    pub colour: bool,
    /// The program's name, for the commands a report prints.
    pub program: &'static str,
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
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Exit(code, msg)) => {
            if !msg.is_empty() {
                note!("error: {msg}");
            }
            ExitCode::from(code)
        }
    }
}

/// Whether reports are coloured, for a `--color` choice.
fn colour(choice: ColourChoice) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// Standard output that ends quietly when its reader goes away (`harness gen | head`): once a
/// write meets a closed pipe, every later write is dropped and the command finishes as usual, with
/// its own exit status.
pub struct Stdout {
    inner: std::io::BufWriter<std::io::Stdout>,
    closed: bool,
}

impl Stdout {
    pub fn new() -> Self {
        Stdout {
            inner: std::io::BufWriter::new(std::io::stdout()),
            closed: false,
        }
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            r => r,
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r,
        }
    }
}
