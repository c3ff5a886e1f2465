//! The command line's arguments: subcommands, flags, and the validators that turn a bad flag value
//! into exit status 2 with a message at the boundary.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const ABOUT: &str = "Prove a fast grid-game engine right: run it, diff it against a naive reference, fuzz it, judge other programs with it";

const LONG_ABOUT: &str = "Prove a fast grid-game engine right.\n\n\
    Three games: texas (Texas Match-3, THUPC 2022), mayan (the Mayan puzzle, NOIP 2011) and nogo \
    (a NoGo play-out). Each has an optimized engine and a naive reference engine that reads like the \
    rules; the commands below run them, compare them on generated cases, and judge external programs.\n\n\
    Every generated case is a pure function of (game, profile, seed): reports name all three, and \
    `harness gen` prints any case again.";

const EXAMPLES: &str = "Examples:\n  \
    harness run --game texas corpus/texas/sample1.in\n  \
    harness diff --game texas --cases 1000000\n  \
    harness diff --game texas --profile specials --cases 50000 --seed 7\n  \
    harness gen --game texas --profile tiny --seed 42\n  \
    harness judge --game texas --cases 2000 -- ./my-solution\n  \
    harness bench --game texas --profile heavy\n  \
    harness replay corpus/texas/*.in\n  \
    harness check board.txt moves.txt\n\n\
    Exit status: 0 success, 1 a mismatch / wrong answer / fault, 2 bad input or bad usage.";

#[derive(Parser)]
#[command(name = "harness", version, about = ABOUT, long_about = LONG_ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// Colour in reports: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColourChoice::Auto)]
    pub color: ColourChoice,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Texas Match-3 (THUPC 2022 final, Luogu P8422)
    Texas,
    /// Mayan puzzle (NOIP 2011, Luogu P1312)
    Mayan,
    /// NoGo play-out and checker
    Nogo,
}

#[derive(Args, Clone)]
pub struct GameArg {
    /// Which game.
    #[arg(long, short, value_enum, default_value_t = GameName::Texas)]
    pub game: GameName,
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

pub fn at_least_one_u64(s: &str) -> Result<u64, String> {
    at_least_one(s).map(|x| x as u64)
}

/// The most worker threads (diff) or programs at once (judge): far beyond any machine's cores, and
/// below the number of programs the harness can keep track of at once.
pub const MAX_WORKERS: usize = 512;

/// A number of workers, from 1 to [`MAX_WORKERS`].
pub fn workers(s: &str) -> Result<usize, String> {
    let x = at_least_one(s)?;
    if x > MAX_WORKERS {
        return Err(format!("`{s}`: at most {MAX_WORKERS}"));
    }
    Ok(x)
}

/// The largest memory limit, in MiB (16 TiB): its count of bytes fits in a u64.
pub const MAX_MEMORY_MB: u64 = 1 << 24;

/// A memory limit in MiB, from 1 to [`MAX_MEMORY_MB`].
pub fn memory_mb(s: &str) -> Result<u64, String> {
    let x = at_least_one_u64(s)?;
    if x > MAX_MEMORY_MB {
        return Err(format!("`{s}`: at most {MAX_MEMORY_MB} MiB (16 TiB)"));
    }
    Ok(x)
}

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

#[derive(Subcommand)]
pub enum Command {
    /// Act as the contest solution: read inputs, print answers.
    ///
    /// Reads each FILE (standard input when none, or `-`) in the game's contest format and prints the
    /// answer (for texas one score line per input). Bad input stops with a message naming the line,
    /// the token and the broken rule, and exit status 2.
    Run {
        #[command(flatten)]
        game: GameArg,
        /// Which engine computes the answer.
        #[arg(long, default_value = "optimized")]
        engine: String,
        /// Input files (standard input when none).
        files: Vec<PathBuf>,
    },
    /// Batch differential test: generated cases through two engines on all cores.
    ///
    /// Compares whole outcomes (score breakdown, per-operation trace, final board). A mismatch, a
    /// panic (crash) and a case that runs past its time limit (a hang) are failures: the lowest-
    /// numbered one is shrunk, saved under --out as NAME.in with a NAME.json report, and only then
    /// reported with the first differing event; exit status 1. The last line reads
    /// `<game>: <N> cases, <M> mismatches, <R> cases/s`. Results do not depend on --threads or
    /// --shard. Ctrl-C stops the batch, saves what was found (shrunk as far as it got) and prints
    /// the summary so far.
    Diff {
        #[command(flatten)]
        game: GameArg,
        #[command(flatten)]
        pair: PairArgs,
        /// Number of cases in the whole batch (all shards together).
        #[arg(long, short = 'n', default_value_t = 100_000, value_parser = at_least_one_u64)]
        cases: u64,
        /// Batch seed: case i uses the seed derived from (seed, i).
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Generator profile, or `all` for every profile the reference can finish (`harness profiles`).
        #[arg(long, short)]
        profile: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, short, value_parser = workers)]
        threads: Option<usize>,
        /// Run only shard I of K (cases i with i % K == I), e.g. `--shard 0/4` on the first of four machines.
        #[arg(long, value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Stop starting new cases after this many seconds.
        #[arg(long, value_parser = seconds)]
        time: Option<f64>,
        /// Time limit of one engine on one case, in seconds (default: the game's, from the case's size).
        #[arg(long, value_parser = seconds)]
        case_timeout: Option<f64>,
        /// Where a shrunk failure is saved (default: corpus/<game>/regressions).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Seconds allowed for shrinking each failure (of any kind).
        #[arg(long, default_value_t = 60.0, value_parser = seconds)]
        shrink_secs: f64,
        /// Keep going after a failure until N distinct failure signatures are found; shrink and
        /// save the lowest case of each, with how many cases hit it (1: stop at the first).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
        max_failures: usize,
        /// Do not replay the saved cases (under --out and directly in corpus/<game>/) first.
        #[arg(long)]
        no_replay: bool,
        /// Also write the run's report as one JSON document to this file (docs/reports.md).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Judge an external program against the reference on generated cases.
    ///
    /// Runs CMD once per case with the contest input on standard input, in parallel, and compares its
    /// output (whitespace-insensitive; nogo move lists go through the checker). Verdicts: wrong answer,
    /// malformed output, time limit, runtime error. The first failure is shrunk by re-running CMD on
    /// smaller cases and written to --out as NAME.in, NAME.ans (expected) and NAME.got (received);
    /// `repro: PATH` names the .in and the exit status is 1.
    Judge {
        #[command(flatten)]
        game: GameArg,
        /// Number of cases in the whole batch (all shards together).
        #[arg(long, short = 'n', default_value_t = 1000, value_parser = at_least_one_u64)]
        cases: u64,
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Generator profile, or `all`.
        #[arg(long, short)]
        profile: Option<String>,
        /// CPU-time limit per run, in milliseconds, as a contest judge counts it (the program and
        /// everything it starts). A program that sleeps or waits is stopped by a wall-clock guard
        /// of three times the limit plus one second, and judged a hang.
        #[arg(long, default_value_t = 2000, value_parser = at_least_one_u64)]
        timeout_ms: u64,
        /// Memory limit per run, in MiB (peak resident memory of the program and its children).
        #[arg(long, default_value_t = 1024, value_parser = memory_mb)]
        memory_mb: u64,
        /// Run only shard I of K (cases i with i % K == I), as for diff.
        #[arg(long, value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Programs run at once (default: the number of cores).
        #[arg(long, short, value_parser = workers)]
        jobs: Option<usize>,
        /// Output beyond this many bytes is cut off and judged malformed.
        #[arg(long, default_value_t = 16 << 20, value_parser = at_least_one)]
        max_output: usize,
        /// Where a failing case is written (default: corpus/<game>/judge).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Seconds allowed for shrinking each failure (of any kind).
        #[arg(long, default_value_t = 120.0, value_parser = seconds)]
        shrink_secs: f64,
        /// Keep going after a failure until N distinct failure signatures are found, as for diff.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
        max_failures: usize,
        /// Do not replay the saved cases (under --out and directly in corpus/<game>/) first.
        #[arg(long)]
        no_replay: bool,
        /// Also write the run's report as one JSON document to this file (docs/reports.md).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true)]
        cmd: Vec<String>,
    },
    /// Benchmark two engines side by side, as a ratio with its spread.
    ///
    /// The same cases go through both engines in alternating rounds, so both see the same machine
    /// load. Prints a Markdown table: median times, the median ratio and its min..max over the paired
    /// rounds (a warning follows when they spread wide). For texas, rows for one invalid and one
    /// valid operation follow. Profiles the reference cannot finish are measured on the engine alone.
    Bench {
        #[command(flatten)]
        game: GameArg,
        #[command(flatten)]
        pair: PairArgs,
        /// Profiles to measure (repeatable; default: a representative set for the game).
        #[arg(long, short)]
        profile: Vec<String>,
        /// Cases per profile.
        #[arg(long, short = 'n', value_parser = at_least_one)]
        cases: Option<usize>,
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Seconds to spend per profile (at least three rounds are always run).
        #[arg(long, default_value_t = 3.0, value_parser = seconds)]
        seconds: f64,
        /// Measure only the engine under test (for inputs too big for the reference).
        #[arg(long)]
        alone: bool,
        /// Also write the table as JSON to this file (docs/reports.md).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
    /// Re-run saved cases through two engines (and against a .out/.ans beside them).
    Replay {
        /// The game (default: guessed from a `texas`, `mayan` or `nogo` folder in each path).
        #[arg(long, short, value_enum)]
        game: Option<GameName>,
        #[command(flatten)]
        pair: PairArgs,
        /// Also write the verdicts as JSON to this file (docs/reports.md).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Also draw each case as a self-contained HTML page (docs/html-report.md): OUT is the
        /// page of one FILE, or a folder that gets NAME.html per file.
        #[arg(long, value_name = "OUT")]
        html: Option<PathBuf>,
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Combine the JSON reports of the shards of one batch into what one run reports.
    ///
    /// Each machine runs `harness diff ... --shard I/K --json shard-I.json`; `harness merge
    /// shard-*.json` adds up the cases, failures and coverage, keeps the lowest-numbered failure,
    /// prints the summary like a run, and exits 1 when any shard failed. Reports of different
    /// batches (game, engines, profile, seed, cases, K) or a shard given twice are refused.
    Merge {
        /// The shard reports.
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        /// Also write the merged report as JSON to this file.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) to standard output.
    ///
    /// For bash: `harness completions bash > ~/.local/share/bash-completion/completions/harness`.
    Completions { shell: clap_complete::Shell },
    /// Print a generated case in the contest format.
    Gen {
        #[command(flatten)]
        game: GameArg,
        #[arg(long, short)]
        profile: Option<String>,
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
    },
    /// List a game's generator profiles.
    Profiles {
        #[command(flatten)]
        game: GameArg,
    },
    /// List a game's engines (built in and registered).
    Engines {
        #[command(flatten)]
        game: GameArg,
    },
    /// Refresh the fuzz seed corpora (corpus/fuzz/<target>/) from the cases under corpus/.
    ///
    /// Every `.in` under corpus/<game>/ (samples, hand-checked cases, regressions, judge failures)
    /// becomes a seed of <game>_diff and <game>_parse, together with a few generated cases per profile
    /// and a few random byte strings for the generators' `arbitrary` path. Existing seeds are kept.
    Seeds {
        /// The corpus folder (it must exist).
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Judge a NoGo move list: `ok`, or the first fault (exit 0 or 1; 2 for unreadable input).
    ///
    /// BOARD is in the contest input format, MOVES one `r c` per line; either may be `-` for
    /// standard input.
    Check {
        /// Only nogo has a checker (the default).
        #[arg(long, short, value_enum, default_value_t = GameName::Nogo)]
        game: GameName,
        board: PathBuf,
        moves: PathBuf,
    },
    /// Run one engine on one case from standard input and print its answer (used by the harness to
    /// run an engine out of process, for instance to shrink a hang).
    #[command(hide = true)]
    Exec {
        #[command(flatten)]
        game: GameArg,
        #[arg(long)]
        engine: String,
    },
}
