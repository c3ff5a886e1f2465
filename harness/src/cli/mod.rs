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
//! process (the binary re-runs itself with the hidden `exec-engine` command). Each subcommand is a file
//! of its own here: its flags (`Args`) and its `run` (for a subcommand run over the whole
//! registry, its run is in `every_game.rs`), listed once in the table of `commands.rs`.
//! The flags that runs share are declared once, as the groups of `flags`, and resolved there
//! into the run's plan before anything runs; a plug-in's subcommand flattens the same groups.
//!
//! The files are layers, each naming only files below it, from the bottom: `context` (the run's
//! context, the error that ends it and its exit status); `args`, `util`, `progress`; `game` (one
//! registered game's engines); the subcommands and their shared `flags`; `commands` (the table of
//! subcommands) and `toplevel` (the whole line as clap reads it); `serve` (one game behind one
//! object-safe face); `registry` (registration); `every_game` (the runs over the registry);
//! `fast` (the fast path's reading of a line); `dispatch` (the program's run and the dispatch of
//! a subcommand).

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
mod context;
mod diff;
mod dispatch;
mod engines;
mod every_game;
mod exec;
mod fast;
pub(crate) mod flags;
pub(crate) mod game;
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
mod serve;
mod toplevel;
mod util;
mod verify;

pub use args::{
    at_least_one, at_least_one_u64, memory_mb, parse_shard, seconds, workers, MAX_MEMORY_MB,
    MAX_WORKERS,
};
pub use args::{GameArg, PairArgs};
pub use context::{Exit, Stdout};
pub use flags::{CaseFlags, CaseTimeout, Flags, ProfileArg, ProgramFlags, RunFlags};
pub use progress::{progress_for, stop_on_interrupt};
pub use registry::{Extension, Plugin, PluginContext, Registry};
pub use replay::{missing_file, worst_status, Args as ReplayArgs, REPLAY_SCHEMA};
pub use util::{json_target, status, write_json};
pub use verify::Args as VerifyArgs;
