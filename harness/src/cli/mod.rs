//! The `harness` command line, as a library: the `harness` binary is `cli::main()`, and a crate with
//! its own engine gets the very same commands with one line of registration:
//!
//! ```no_run
//! # use harness::cli::{self, Engines};
//! # use harness::games::Texas;
//! # fn my_engine() -> std::sync::Arc<dyn harness::Engine<Texas>> { harness::game::optimized::<Texas>() }
//! fn main() -> std::process::ExitCode {
//!     cli::main_with(Engines::default().texas("mine", "my own engine", my_engine))
//! }
//! ```
//!
//! `--engine mine` then puts it under `diff`, `bench`, `replay` and `run`, with hangs shrunk out of
//! process (the binary re-runs itself with the hidden `exec` command).

/// `eprintln!` that cannot panic: when standard error is a closed pipe (`harness ... 2>&1 | head`)
/// the line is lost, and the command goes on to its own exit status.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod args;
mod commands;
mod dispatch;
mod progress;

use crate::engine::Engine;
use crate::game::{EngineEntry, Game};
use crate::games::{Mayan, Nogo, Texas};
use crate::oracle::Pair;
use args::{Cli, PairArgs};
use clap::Parser;
use std::io::{IsTerminal as _, Write};
use std::process::ExitCode;
use std::sync::Arc;

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

/// Engines a user adds to the built-in ones, per game.
#[derive(Default)]
pub struct Engines {
    texas: Vec<EngineEntry<Texas>>,
    mayan: Vec<EngineEntry<Mayan>>,
    nogo: Vec<EngineEntry<Nogo>>,
}

impl Engines {
    /// Adds an engine of game `G` called `name` (any game the command line knows).
    pub fn add<G: Registered>(
        mut self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<G>>,
    ) -> Self {
        G::extra_mut(&mut self).push(EngineEntry { name, about, build });
        self
    }
    /// Adds a Texas engine called `name`.
    pub fn texas(
        self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Texas>>,
    ) -> Self {
        self.add::<Texas>(name, about, build)
    }
    /// Adds a Mayan engine called `name`.
    pub fn mayan(
        self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Mayan>>,
    ) -> Self {
        self.add::<Mayan>(name, about, build)
    }
    /// Adds a NoGo engine called `name`.
    pub fn nogo(
        self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Nogo>>,
    ) -> Self {
        self.add::<Nogo>(name, about, build)
    }
}

/// A game the command line knows, with the engines registered for it.
pub trait Registered: Game {
    /// The engines registered for this game.
    fn extra_mut(e: &mut Engines) -> &mut Vec<EngineEntry<Self>>;
    /// The same, to read.
    fn extra(e: &Engines) -> &[EngineEntry<Self>];
}

macro_rules! registered {
    ($game:ty, $field:ident) => {
        impl Registered for $game {
            fn extra_mut(e: &mut Engines) -> &mut Vec<EngineEntry<Self>> {
                &mut e.$field
            }
            fn extra(e: &Engines) -> &[EngineEntry<Self>] {
                &e.$field
            }
        }
    };
}

registered!(Texas, texas);
registered!(Mayan, mayan);
registered!(Nogo, nogo);

/// Every engine of `G`: built in, then registered.
pub(crate) fn all_engines<G: Registered>(extra: &Engines) -> Vec<EngineEntry<G>> {
    let mut all = G::engines();
    all.extend(G::extra(extra).iter().cloned());
    all
}

pub(crate) fn engine_by_name<G: Registered>(
    extra: &Engines,
    name: &str,
) -> Result<Arc<dyn Engine<G>>, Exit> {
    let all = all_engines::<G>(extra);
    match all.iter().find(|e| e.name == name) {
        Some(e) => Ok((e.build)()),
        None => {
            let names: Vec<&str> = all.iter().map(|e| e.name).collect();
            Err(Exit(
                2,
                format!(
                    "unknown engine `{name}` for {}: choose one of {}",
                    G::NAME,
                    names.join(", ")
                ),
            ))
        }
    }
}

pub(crate) fn pair_of<G: Registered>(extra: &Engines, args: &PairArgs) -> Result<Pair<G>, Exit> {
    Ok(Pair::new(
        engine_by_name::<G>(extra, &args.against)?,
        engine_by_name::<G>(extra, &args.engine)?,
    ))
}

/// Runs the command line of the `harness` binary.
pub fn main() -> ExitCode {
    main_with(Engines::default())
}

/// Runs the command line with extra engines registered.
pub fn main_with(extra: Engines) -> ExitCode {
    let cli = Cli::parse();
    let colour = match cli.color {
        args::ColourChoice::Always => true,
        args::ColourChoice::Never => false,
        args::ColourChoice::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let mut out = Stdout::new();
    let result = dispatch::dispatch(cli.command, &extra, &mut out, colour);
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
