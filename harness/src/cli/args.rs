//! The command line's arguments: the top level, the game and the engines of a command, and the
//! validators that turn a bad flag value into exit status 2 with a message at the boundary. The
//! subcommands are the table in `commands.rs`; the flags runs share are in `flags.rs`.

use clap::{Args, Parser, ValueEnum};

pub use super::commands::Command;

const ABOUT: &str = "Prove a fast grid-game engine right: run it, diff it against a naive reference, fuzz it, judge other programs with it";

/// The long description; the registry appends the games it knows.
pub const LONG_ABOUT: &str = "Prove a fast grid-game engine right.\n\n\
    Each game has an optimized engine and a naive reference engine that reads like the rules; the \
    commands below run them, compare them on generated cases, and judge external programs. A crate \
    of your own registers more engines, or a game of its own (docs/own-game.md).\n\n\
    Every generated case is a pure function of (game, profile, seed): reports name all three, and \
    `gen` prints any case again.";

const EXAMPLES: &str = "Examples:\n  \
    harness run --game texas corpus/texas/sample1.in\n  \
    harness diff --game texas --cases 1000000\n  \
    harness diff --game texas --profile specials --cases 50000 --seed 7\n  \
    harness gen --game texas --profile tiny --seed 42\n  \
    harness judge --game texas --cases 2000 -- ./my-solution\n  \
    harness scopes --game texas\n  \
    harness verify --game texas --scope 'n<=3,m<=3,k<=3,q=1' --json cert.json\n  \
    harness bench --game texas --profile heavy\n  \
    harness replay corpus/texas/*.in\n  \
    harness check board.txt moves.txt\n\n\
    Exit status: 0 success, 1 a mismatch / wrong answer / fault, 2 bad input or bad usage.";

#[derive(Parser)]
#[command(name = "harness", version, about = ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// Colour in reports: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColourChoice::Auto)]
    pub color: ColourChoice,
    /// Start every run of an external program by exec. By default a program the harness builds
    /// from its source (C, C++, Python) is started once and forked for each run, which judges the
    /// same at the cost of a fork (docs/performance.md, warm starts); this flag is for comparison,
    /// and for a program that misbehaves when forked.
    #[arg(long, global = true)]
    pub cold: bool,
    #[command(subcommand)]
    pub command: Command,
}

/// When to colour reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColourChoice {
    /// On a terminal, unless the NO_COLOR environment variable is set.
    Auto,
    Always,
    Never,
}

/// The game of a command: one of the registered games (the registry sets the values and the
/// default at run time, so `--help`, completions and errors list exactly the games it knows).
#[derive(Args, Clone)]
pub struct GameArg {
    /// Which game.
    #[arg(long, short)]
    pub game: String,
}

/// The two engines of a comparison.
#[derive(Args, Clone)]
pub struct PairArgs {
    /// The engine under test (`harness engines` lists them).
    #[arg(long, default_value = "optimized")]
    pub engine: String,
    /// The trusted engine it is compared with.
    #[arg(long, default_value = "reference")]
    pub against: String,
}

/// A positive, finite number of seconds.
pub fn seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !x.is_finite() || x <= 0.0 {
        return Err(format!("`{s}`: give a positive number of seconds"));
    }
    if x > 1e9 {
        return Err(format!("`{s}`: more than a billion seconds"));
    }
    Ok(x)
}

/// A whole number of at least 1.
pub fn at_least_one(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("`0`: give at least 1".into()),
        Ok(x) => Ok(x),
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

/// A whole number of at least 1, as a `u64`.
pub fn at_least_one_u64(s: &str) -> Result<u64, String> {
    at_least_one(s).map(|x| x as u64)
}

/// The most worker threads (diff) or programs at once (judge): far beyond any machine's cores, and
/// below the number of programs the harness can keep track of at once.
pub const MAX_WORKERS: usize = 512;

/// A number of workers, from 1 to `MAX_WORKERS`.
pub fn workers(s: &str) -> Result<usize, String> {
    let x = at_least_one(s)?;
    if x > MAX_WORKERS {
        return Err(format!("`{s}`: at most {MAX_WORKERS}"));
    }
    Ok(x)
}

/// The largest memory limit, in MiB (16 TiB): its count of bytes fits in a u64.
pub const MAX_MEMORY_MB: u64 = 1 << 24;

/// A memory limit in MiB, from 1 to `MAX_MEMORY_MB`.
pub fn memory_mb(s: &str) -> Result<u64, String> {
    let x = at_least_one_u64(s)?;
    if x > MAX_MEMORY_MB {
        return Err(format!("`{s}`: at most {MAX_MEMORY_MB} MiB (16 TiB)"));
    }
    Ok(x)
}

/// A shard `I/K`: the cases `i` with `i % K == I`, with `0 <= I < K`.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, k) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}`: expected I/K, for example 0/4"))?;
    let i: u64 = i
        .trim()
        .parse()
        .map_err(|_| format!("`{i}` is not a shard number"))?;
    let k: u64 = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a shard count"))?;
    if k == 0 || i >= k {
        return Err(format!("shard {i}/{k}: need 0 <= I < K"));
    }
    Ok((i, k))
}
