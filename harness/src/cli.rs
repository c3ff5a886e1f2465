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

use crate::batch::{BatchOptions, Progress};
use crate::diff::{DiffOptions, Isolate};
use crate::engine::Engine;
use crate::game::ProfileChoice;
use crate::game::{EngineEntry, Game};
use crate::games::{Mayan, Nogo, Texas};
use crate::judge::Program;
use crate::oracle::Pair;
use crate::{bench, corpus, report};
use anyhow::Context as _;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal as _, Read as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

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
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    /// Texas Match-3 (THUPC 2022 final, Luogu P8422)
    Texas,
    /// Mayan puzzle (NOIP 2011, Luogu P1312)
    Mayan,
    /// NoGo play-out and checker
    Nogo,
}

#[derive(Args, Clone)]
struct GameArg {
    /// Which game.
    #[arg(long, short, value_enum, default_value_t = GameName::Texas)]
    game: GameName,
}

/// The two engines of a comparison.
#[derive(Args, Clone)]
struct PairArgs {
    /// The engine under test (`harness engines` lists them).
    #[arg(long, default_value = "optimized")]
    engine: String,
    /// The trusted engine it is compared with.
    #[arg(long, default_value = "reference")]
    against: String,
}

/// A positive, finite number of seconds.
fn seconds(s: &str) -> Result<f64, String> {
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
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("`0`: give at least 1".into()),
        Ok(x) => Ok(x),
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

fn at_least_one_u64(s: &str) -> Result<u64, String> {
    at_least_one(s).map(|x| x as u64)
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
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
enum Command {
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
        #[arg(long, short = 'n', default_value_t = 100_000)]
        cases: u64,
        /// Batch seed: case i uses the seed derived from (seed, i).
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Generator profile, or `all` for every profile the reference can finish (`harness profiles`).
        #[arg(long, short)]
        profile: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, short, value_parser = at_least_one)]
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
        /// Seconds allowed for shrinking a failure.
        #[arg(long, default_value_t = 60.0, value_parser = seconds)]
        shrink_secs: f64,
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
        #[arg(long, short = 'n', default_value_t = 1000)]
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
        #[arg(long, default_value_t = 1024, value_parser = at_least_one_u64)]
        memory_mb: u64,
        /// Programs run at once (default: the number of cores).
        #[arg(long, short, value_parser = at_least_one)]
        jobs: Option<usize>,
        /// Output beyond this many bytes is cut off and judged malformed.
        #[arg(long, default_value_t = 16 << 20, value_parser = at_least_one)]
        max_output: usize,
        /// Where a failing case is written (default: corpus/<game>/judge).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Seconds allowed for shrinking a failure.
        #[arg(long, default_value_t = 120.0, value_parser = seconds)]
        shrink_secs: f64,
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
    },
    /// Re-run saved cases through two engines (and against a .out/.ans beside them).
    Replay {
        /// The game (default: guessed from a `texas`, `mayan` or `nogo` folder in each path).
        #[arg(long, short, value_enum)]
        game: Option<GameName>,
        #[command(flatten)]
        pair: PairArgs,
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
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
    /// Adds a Texas engine called `name`.
    pub fn texas(
        mut self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Texas>>,
    ) -> Self {
        self.texas.push(EngineEntry { name, about, build });
        self
    }
    /// Adds a Mayan engine called `name`.
    pub fn mayan(
        mut self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Mayan>>,
    ) -> Self {
        self.mayan.push(EngineEntry { name, about, build });
        self
    }
    /// Adds a NoGo engine called `name`.
    pub fn nogo(
        mut self,
        name: &'static str,
        about: &'static str,
        build: fn() -> Arc<dyn Engine<Nogo>>,
    ) -> Self {
        self.nogo.push(EngineEntry { name, about, build });
        self
    }
}

/// A game the command line knows, with the engines registered for it.
trait Registered: Game {
    fn extra(e: &Engines) -> &[EngineEntry<Self>];
}

impl Registered for Texas {
    fn extra(e: &Engines) -> &[EngineEntry<Self>] {
        &e.texas
    }
}
impl Registered for Mayan {
    fn extra(e: &Engines) -> &[EngineEntry<Self>] {
        &e.mayan
    }
}
impl Registered for Nogo {
    fn extra(e: &Engines) -> &[EngineEntry<Self>] {
        &e.nogo
    }
}

/// Every engine of `G`: built in, then registered.
fn all_engines<G: Registered>(extra: &Engines) -> Vec<EngineEntry<G>> {
    let mut all = G::engines();
    all.extend(G::extra(extra).iter().cloned());
    all
}

fn engine_by_name<G: Registered>(extra: &Engines, name: &str) -> Result<Arc<dyn Engine<G>>, Exit> {
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

fn pair_of<G: Registered>(extra: &Engines, args: &PairArgs) -> Result<Pair<G>, Exit> {
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
    if let Err(e) = crate::interrupt::install() {
        eprintln!("warning: Ctrl-C will not stop runs cleanly: {e}");
    }
    let mut out = Stdout::new();
    let result = dispatch(cli.command, &extra, &mut out);
    let _ = out.flush();
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Exit(code, msg)) => {
            if !msg.is_empty() {
                eprintln!("error: {msg}");
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

macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            GameName::Texas => {
                type $g = Texas;
                $body
            }
            GameName::Mayan => {
                type $g = Mayan;
                $body
            }
            GameName::Nogo => {
                type $g = Nogo;
                $body
            }
        }
    };
}

/// The progress bar of a batch on a terminal.
struct Bar(indicatif::ProgressBar);

impl Progress for Bar {
    fn update(&self, done: u64, total: u64, failed: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        if failed > 0 {
            self.0
                .set_message(format!("{failed} failing; finishing the cases under way"));
        }
    }
    fn note(&self, line: &str) {
        self.0.set_message(line.to_string());
        self.0.println(line);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// Progress when standard error is not a terminal: a plain line every few seconds, so a long run
/// redirected to a log is never silent for minutes.
struct Lines {
    game: &'static str,
    start: std::time::Instant,
    last: std::sync::Mutex<std::time::Instant>,
    every: Duration,
}

impl Lines {
    fn new(game: &'static str, every: Duration) -> Self {
        let now = std::time::Instant::now();
        Lines {
            game,
            start: now,
            last: std::sync::Mutex::new(now),
            every,
        }
    }
}

impl Progress for Lines {
    fn update(&self, done: u64, total: u64, failed: u64) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.elapsed() < self.every {
            return;
        }
        *last = std::time::Instant::now();
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        eprintln!(
            "{}: {done}/{total} cases ({:.1}%), {failed} failing, {:.0} cases/s, {:.0} s",
            self.game,
            100.0 * done as f64 / total.max(1) as f64,
            done as f64 / secs,
            secs
        );
    }
    fn note(&self, line: &str) {
        eprintln!("{line}");
    }
}

/// No progress at all (--quiet).
struct Quiet;

impl Progress for Quiet {
    fn update(&self, _: u64, _: u64, _: u64) {}
}

/// The progress display for a run: a bar on a terminal, plain lines in a log, nothing with --quiet.
fn progress_for(game: &'static str, total: u64, quiet: bool) -> Box<dyn Progress> {
    if quiet {
        Box::new(Quiet)
    } else if std::io::stderr().is_terminal() {
        Box::new(Bar(report::progress_bar(total, true)))
    } else {
        Box::new(Lines::new(game, Duration::from_secs(5)))
    }
}

/// Connects Ctrl-C and SIGTERM to a run: the batch stops starting cases, running programs are
/// stopped (their results are no verdicts), and what was found is still saved and reported.
fn stop_on_interrupt(stop: Arc<std::sync::atomic::AtomicBool>) {
    let _ = std::thread::Builder::new()
        .name("interrupt-watch".into())
        .spawn(move || loop {
            if crate::interrupt::interrupted() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                crate::process::kill_all();
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        });
}

/// Runs an in-process engine of `G` out of process: this very binary, `exec --engine NAME`.
fn isolate<G: Registered>(game: GameName, extra: &Engines) -> Option<Isolate<G>> {
    let exe = std::env::current_exe().ok()?;
    let known: Vec<&'static str> = all_engines::<G>(extra).iter().map(|e| e.name).collect();
    let game_name = game.to_possible_value()?.get_name().to_string();
    Some(Arc::new(move |name: &str| {
        let name = known.iter().find(|n| **n == name)?;
        let cmd = vec![
            exe.display().to_string(),
            "exec".into(),
            "--game".into(),
            game_name.clone(),
            "--engine".into(),
            name.to_string(),
        ];
        let mut p = Program::new(cmd, Duration::from_secs(1));
        p.cpu = None;
        p.name = name.to_string();
        Some(Arc::new(p) as Arc<dyn Engine<G>>)
    }))
}

fn dispatch(command: Command, extra: &Engines, out: &mut Stdout) -> Result<u8, Exit> {
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    match command {
        Command::Run {
            game,
            engine,
            files,
        } => with_game!(game.game, G => run::<G>(extra, &engine, &files, out)),
        Command::Diff {
            game,
            pair,
            cases,
            seed,
            profile,
            threads,
            shard,
            time,
            case_timeout,
            out: dir,
            shrink_secs,
            quiet,
        } => with_game!(game.game, G => {
            let pair = pair_of::<G>(extra, &pair)?;
            let choice = ProfileChoice::parse::<G>(profile.as_deref())?;
            choice.require_reference::<G>()?;
            let mut batch = BatchOptions::new::<G>(cases, seed);
            batch.profile = choice;
            if let Some(t) = threads {
                batch.threads = t;
            }
            batch.shard = shard.unwrap_or((0, 1));
            batch.time = time.map(Duration::from_secs_f64);
            batch.case_timeout = case_timeout.map(Duration::from_secs_f64);
            let mut opts = DiffOptions::<G>::new(batch, dir.unwrap_or_else(|| corpus::regressions_dir(G::NAME)));
            opts.shrink_budget = Duration::from_secs_f64(shrink_secs);
            opts.colour = colour;
            opts.isolate = isolate::<G>(game.game, extra);
            stop_on_interrupt(Arc::clone(&opts.batch.stop));
            let bar = progress_for(G::NAME, opts.batch.shard_cases(), quiet);
            let summary = crate::diff::run::<G>(&opts, &pair, &*bar, out)?;
            drop(bar);
            Ok(status(&summary))
        }),
        Command::Judge {
            game,
            cases,
            seed,
            profile,
            timeout_ms,
            memory_mb,
            jobs,
            max_output,
            out: dir,
            shrink_secs,
            quiet,
            cmd,
        } => with_game!(game.game, G => {
            let mut program = Program::new(cmd, Duration::from_millis(timeout_ms));
            program.max_output = max_output;
            program.memory_bytes = Some(memory_mb << 20);
            program.check_startable()?;
            let pair = Pair::<G>::new(crate::game::reference::<G>(), Arc::new(program));
            let choice = ProfileChoice::parse::<G>(profile.as_deref())?;
            choice.require_reference::<G>()?;
            let mut batch = BatchOptions::new::<G>(cases, seed);
            batch.profile = choice;
            if let Some(j) = jobs {
                batch.threads = j;
            }
            let mut opts = DiffOptions::<G>::new(batch, dir.unwrap_or_else(|| corpus::judge_dir(G::NAME)));
            opts.shrink_budget = Duration::from_secs_f64(shrink_secs);
            opts.colour = colour;
            stop_on_interrupt(Arc::clone(&opts.batch.stop));
            let bar = progress_for(G::NAME, opts.batch.shard_cases(), quiet);
            let summary = crate::diff::run::<G>(&opts, &pair, &*bar, out)?;
            drop(bar);
            Ok(status(&summary))
        }),
        Command::Bench {
            game,
            pair,
            profile,
            cases,
            seed,
            seconds,
            alone,
        } => {
            with_game!(game.game, G => bench_cmd::<G>(extra, &pair, &profile, cases, seed, seconds, alone, out))
        }
        Command::Replay { game, pair, files } => {
            let mut status = 0;
            for file in &files {
                if !file.exists() {
                    writeln!(out, "{}: no such file", file.display())?;
                    status = 2;
                    continue;
                }
                let name = match game.or_else(|| guess_game(file)) {
                    Some(g) => g,
                    None => {
                        return Err(Exit(
                            2,
                            format!(
                                "{}: cannot tell the game from the path (no texas, mayan or nogo folder in it); give --game",
                                file.display()
                            ),
                        ))
                    }
                };
                let one = std::slice::from_ref(file);
                let s = with_game!(name, G => {
                    let pair = pair_of::<G>(extra, &pair)?;
                    crate::replay::run::<G>(one, &pair, colour, out)?
                });
                status = if s == 2 || status == 2 {
                    2
                } else {
                    status.max(s)
                };
            }
            Ok(status)
        }
        Command::Gen {
            game,
            profile,
            seed,
        } => with_game!(game.game, G => {
            let choice = ProfileChoice::parse::<G>(profile.as_deref())?;
            if let ProfileChoice::Cycle(_) = choice {
                return Err(Exit(2, "gen takes one profile, not `all`".into()));
            }
            let case = G::generate(choice.of(0), seed);
            out.write_all(G::write(&case).as_bytes())?;
            Ok(0)
        }),
        Command::Profiles { game } => with_game!(game.game, G => {
            let width = G::profiles().iter().map(|p| p.name.len()).max().unwrap_or(0);
            for p in G::profiles() {
                let note = if G::bench_only().contains(&p.name) { " [benchmarks only]" } else { "" };
                writeln!(out, "{:width$}  {}{note}", p.name, p.about)?;
            }
            writeln!(out, "{:width$}  every profile above the reference can finish, in turn", "all")?;
            Ok(0)
        }),
        Command::Engines { game } => with_game!(game.game, G => {
            let all = all_engines::<G>(extra);
            let width = all.iter().map(|e| e.name.len()).max().unwrap_or(0);
            for e in &all {
                writeln!(out, "{:width$}  {}", e.name, e.about)?;
            }
            Ok(0)
        }),
        Command::Seeds { corpus: dir } => {
            let mut written = corpus::write_seeds::<Texas>(&dir)?;
            written += corpus::write_seeds::<Mayan>(&dir)?;
            written += corpus::write_seeds::<Nogo>(&dir)?;
            writeln!(
                out,
                "{written} seeds written under {}",
                dir.join("fuzz").display()
            )?;
            Ok(0)
        }
        Command::Check { game, board, moves } => {
            if game != GameName::Nogo {
                return Err(Exit(
                    2,
                    "check is for nogo: texas and mayan answers are judged by `harness judge`"
                        .into(),
                ));
            }
            if board == Path::new("-") && moves == Path::new("-") {
                return Err(Exit(
                    2,
                    "only one of BOARD and MOVES can be `-` (standard input)".into(),
                ));
            }
            let (b, m) = (read_input(&board)?, read_input(&moves)?);
            let verdict = crate::games::nogo::check_files(&b, &m).map_err(|e| {
                let which = if model::nogo::Board::parse(&b).is_err() {
                    &board
                } else {
                    &moves
                };
                Exit(2, format!("{}: {e}", shown(which)))
            })?;
            writeln!(out, "{verdict}")?;
            Ok(u8::from(!verdict.is_ok()))
        }
        Command::Exec { game, engine } => with_game!(game.game, G => {
            let e = engine_by_name::<G>(extra, &engine)?;
            let bytes = read_input(Path::new("-"))?;
            let case = G::parse(&bytes).map_err(|err| Exit(2, format!("<stdin>: {err}")))?;
            let answer = crate::engine::answer(&*e, &case)
                .map_err(|f| Exit(1, format!("{engine}: {f}")))?;
            out.write_all(answer.as_bytes())?;
            Ok(0)
        }),
    }
}

/// Exit status of a run: 130 (143 for SIGTERM) when interrupted, else 1 for a failure, else 0.
fn status(s: &crate::diff::Summary) -> u8 {
    if s.interrupted {
        crate::interrupt::exit_status()
            .and_then(|c| u8::try_from(c).ok())
            .unwrap_or(130)
    } else {
        u8::from(s.failed() > 0)
    }
}

fn shown(p: &Path) -> String {
    if p == Path::new("-") {
        "<stdin>".into()
    } else {
        p.display().to_string()
    }
}

/// The bytes of a file, or of standard input for `-`.
fn read_input(p: &Path) -> Result<Vec<u8>, Exit> {
    if p == Path::new("-") {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        Ok(buf)
    } else {
        std::fs::read(p).map_err(|e| Exit(2, format!("{}: {e}", p.display())))
    }
}

fn guess_game(path: &Path) -> Option<GameName> {
    path.components()
        .rev()
        .find_map(|c| match c.as_os_str().to_str() {
            Some("texas") => Some(GameName::Texas),
            Some("mayan") => Some(GameName::Mayan),
            Some("nogo") => Some(GameName::Nogo),
            _ => None,
        })
}

fn run<G: Registered>(
    extra: &Engines,
    engine: &str,
    files: &[PathBuf],
    out: &mut Stdout,
) -> Result<u8, Exit> {
    let e = engine_by_name::<G>(extra, engine)?;
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for f in files {
        let bytes = read_input(f)?;
        let case = G::parse(&bytes).map_err(|err| Exit(2, format!("{}: {err}", shown(f))))?;
        let answer = crate::engine::answer(&*e, &case)
            .map_err(|fault| Exit(1, format!("{}: {engine} {fault}", shown(f))))?;
        out.write_all(answer.as_bytes())?;
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
fn bench_cmd<G: Registered>(
    extra: &Engines,
    pair: &PairArgs,
    profiles: &[String],
    cases: Option<usize>,
    seed: u64,
    seconds: f64,
    alone: bool,
    out: &mut Stdout,
) -> Result<u8, Exit> {
    let tested = engine_by_name::<G>(extra, &pair.engine)?;
    let baseline = engine_by_name::<G>(extra, &pair.against)?;
    let chosen: Vec<(&'static crate::game::Profile, usize)> = if profiles.is_empty() {
        G::bench_rows()
            .iter()
            .filter_map(|r| G::profile(r.profile).map(|p| (p, cases.unwrap_or(r.cases))))
            .collect()
    } else {
        let mut v = Vec::new();
        for p in profiles {
            match ProfileChoice::parse::<G>(Some(p))? {
                ProfileChoice::One(profile) => v.push((profile, cases.unwrap_or(50))),
                ProfileChoice::Cycle(_) => {
                    return Err(Exit(2, "bench takes named profiles, not `all`".into()))
                }
            }
        }
        v
    };
    let budget = Duration::from_secs_f64(seconds);
    let mut rows = Vec::new();
    for (profile, n) in chosen {
        let too_big = G::bench_only().contains(&profile.name);
        let engines: Vec<Arc<dyn Engine<G>>> = if alone || too_big {
            vec![Arc::clone(&tested)]
        } else {
            vec![Arc::clone(&baseline), Arc::clone(&tested)]
        };
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        eprintln!(
            "measuring {} / {} ({n} cases, {})...",
            G::NAME,
            profile.name,
            names.join(" and ")
        );
        let mut row = bench::profile::<G>(profile, n, seed, budget, &engines);
        if too_big && !alone {
            row.engines[0] = baseline.name().to_string();
            row.note = Some(format!(
                "{} alone: the {} would take minutes on this profile",
                tested.name(),
                baseline.name()
            ));
        }
        rows.push(row);
    }
    if G::NAME == "texas"
        && profiles.is_empty()
        && !alone
        && pair.engine == "optimized"
        && pair.against == "reference"
    {
        eprintln!("measuring single operations...");
        rows.extend(crate::games::texas::costs::op_costs(seed, 5));
    }
    out.write_all(bench::table(G::NAME, &rows).as_bytes())?;
    Ok(0)
}
