//! `harness`: the command line of the workspace. See `harness --help` and `harness <command> --help`.

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand, ValueEnum};
use harness::diff::{DiffOptions, ProfileChoice};
use harness::games::{Mayan, Nogo, Texas};
use harness::judge::JudgeOptions;
use harness::{bench, EngineKind, Game};
use std::io::{IsTerminal as _, Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "harness",
    version,
    about = "Prove a fast grid-game engine right: run it, diff it against a naive reference, fuzz it, judge other programs with it",
    long_about = "Prove a fast grid-game engine right.\n\n\
        Three games: texas (Texas Match-3, THUPC 2022), mayan (the Mayan puzzle, NOIP 2011) and nogo \
        (a NoGo play-out). Each has an optimized engine and a naive reference engine that reads like the \
        rules; the commands below run them, compare them on generated cases, and judge external programs.\n\n\
        Every generated case is a pure function of (game, profile, seed): reports name all three, and \
        `harness gen` prints any case again.",
    after_help = "Examples:\n  \
        harness run --game texas corpus/texas/sample1.in\n  \
        harness diff --game texas --cases 1000000\n  \
        harness diff --game texas --profile specials --cases 50000 --seed 7\n  \
        harness gen --game texas --profile tiny --seed 42\n  \
        harness judge --game texas --cases 2000 -- ./my-solution\n  \
        harness bench --game texas --profile heavy\n  \
        harness replay corpus/texas/regressions/*.in\n  \
        harness check --game nogo board.txt moves.txt\n\n\
        Exit status: 0 success, 1 a mismatch / wrong answer / fault, 2 bad input or bad usage."
)]
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

#[derive(Subcommand)]
enum Command {
    /// Act as the contest solution: read inputs, print answers.
    ///
    /// Reads each FILE (standard input when none) in the game's contest format and prints the answer
    /// (for texas one score line per input). Bad input stops with a message naming the line, the token
    /// and the broken rule, and exit status 2.
    Run {
        #[command(flatten)]
        game: GameArg,
        /// Which engine computes the answer.
        #[arg(long, value_enum, default_value_t = EngineKind::Optimized)]
        engine: EngineKind,
        /// Input files (standard input when none).
        files: Vec<PathBuf>,
    },
    /// Batch differential test: generated cases through both engines on all cores.
    ///
    /// Compares whole outcomes (score breakdown, per-operation trace, final board). On a mismatch the
    /// case is shrunk, saved under --out as NAME.in with a NAME.json report, and the first differing
    /// event is shown with both boards; exit status 1. The last line reads
    /// `<game>: <N> cases, <M> mismatches, <R> cases/s`. Results do not depend on --threads or --shard.
    Diff {
        #[command(flatten)]
        game: GameArg,
        /// Number of cases in the whole batch (all shards together).
        #[arg(long, short = 'n', default_value_t = 100_000)]
        cases: u64,
        /// Batch seed: case i uses the seed derived from (seed, i).
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Generator profile, or `all` to cycle through every profile (`harness profiles` lists them).
        #[arg(long, short)]
        profile: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, short)]
        threads: Option<usize>,
        /// Run only shard I of K (cases i with i % K == I), e.g. `--shard 0/4` on the first of four machines.
        #[arg(long, value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Stop starting new cases after this many seconds.
        #[arg(long)]
        time: Option<f64>,
        /// Where a shrunk mismatch is saved (default: corpus/<game>/regressions).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Seconds allowed for shrinking a mismatch.
        #[arg(long, default_value_t = 60.0)]
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
        /// Time limit per run, in milliseconds; the program is killed at the limit.
        #[arg(long, default_value_t = 2000)]
        timeout_ms: u64,
        /// Programs run at once (default: the number of cores).
        #[arg(long, short)]
        jobs: Option<usize>,
        /// Output beyond this many bytes is cut off and judged malformed.
        #[arg(long, default_value_t = 16 << 20)]
        max_output: usize,
        /// Where a failing case is written (default: corpus/<game>/judge).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Seconds allowed for shrinking a failure.
        #[arg(long, default_value_t = 120.0)]
        shrink_secs: f64,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true)]
        cmd: Vec<String>,
    },
    /// Benchmark the optimized engine against the reference, side by side, as a ratio.
    ///
    /// The same cases go through both engines in alternating rounds, so both see the same machine
    /// load. Prints a Markdown table. For texas, rows for one invalid and one valid operation follow.
    Bench {
        #[command(flatten)]
        game: GameArg,
        /// Profiles to measure (repeatable; default: a representative set for the game).
        #[arg(long, short)]
        profile: Vec<String>,
        /// Cases per profile.
        #[arg(long, short = 'n')]
        cases: Option<usize>,
        #[arg(long, short, default_value_t = 1)]
        seed: u64,
        /// Seconds to spend per profile (at least three rounds are always run).
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Measure only this engine (for inputs too big for the reference).
        #[arg(long, value_enum)]
        only: Option<EngineKind>,
    },
    /// Re-run saved cases through both engines (and against a .out/.ans beside them).
    Replay {
        /// The game (default: guessed from a `texas`, `mayan` or `nogo` folder in each path).
        #[arg(long, short, value_enum)]
        game: Option<GameName>,
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
    /// Refresh the fuzz seed corpora (corpus/fuzz/<target>/) from the cases under corpus/.
    ///
    /// Every `.in` under corpus/<game>/ (samples, hand-checked cases, regressions, judge failures)
    /// becomes a seed of <game>_diff and <game>_parse, together with a few generated cases per profile
    /// and a few random byte strings for the generators' `arbitrary` path. Existing seeds are kept.
    Seeds {
        /// The corpus folder.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Judge a NoGo move list: `ok`, or the first fault (exit 0 or 1; 2 for unreadable input).
    Check {
        #[command(flatten)]
        game: GameArg,
        /// The board, in the contest input format.
        board: PathBuf,
        /// The moves, one `r c` per line.
        moves: PathBuf,
    },
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

/// An error that ends the program with a status.
struct Exit(u8, String);

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(code) => ExitCode::from(code),
        Err(Exit(code, msg)) => {
            if !msg.is_empty() {
                eprintln!("error: {msg}");
            }
            ExitCode::from(code)
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

fn dispatch(command: Command) -> Result<u8, Exit> {
    let colour = std::io::stdout().is_terminal();
    let progress = std::io::stderr().is_terminal();
    match command {
        Command::Run {
            game,
            engine,
            files,
        } => with_game!(game.game, G => run::<G>(engine, &files)),
        Command::Diff {
            game,
            cases,
            seed,
            profile,
            threads,
            shard,
            time,
            out,
            shrink_secs,
            quiet,
        } => {
            with_game!(game.game, G => {
                let opts = DiffOptions {
                    cases,
                    seed,
                    profile: ProfileChoice::parse::<G>(profile.as_deref())?,
                    threads,
                    shard: shard.unwrap_or((0, 1)),
                    time: time.map(Duration::from_secs_f64),
                    out_dir: out.unwrap_or_else(|| PathBuf::from(format!("corpus/{}/regressions", G::NAME))),
                    progress: progress && !quiet,
                    shrink_budget: Duration::from_secs_f64(shrink_secs),
                    colour,
                };
                let summary = harness::diff::run::<G>(&opts, &mut std::io::stdout().lock())?;
                Ok(u8::from(summary.mismatches > 0))
            })
        }
        Command::Judge {
            game,
            cases,
            seed,
            profile,
            timeout_ms,
            jobs,
            max_output,
            out,
            shrink_secs,
            quiet,
            cmd,
        } => {
            with_game!(game.game, G => {
                let opts = JudgeOptions {
                    cases,
                    seed,
                    profile: ProfileChoice::parse::<G>(profile.as_deref())?,
                    timeout: Duration::from_millis(timeout_ms),
                    jobs: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
                    max_output,
                    out_dir: out.unwrap_or_else(|| PathBuf::from(format!("corpus/{}/judge", G::NAME))),
                    progress: progress && !quiet,
                    shrink_budget: Duration::from_secs_f64(shrink_secs),
                    cmd,
                };
                let summary = harness::judge::run::<G>(&opts, &mut std::io::stdout().lock())?;
                Ok(u8::from(summary.failure.is_some()))
            })
        }
        Command::Bench {
            game,
            profile,
            cases,
            seed,
            seconds,
            only,
        } => {
            with_game!(game.game, G => bench_cmd::<G>(game.game, &profile, cases, seed, seconds, only))
        }
        Command::Replay { game, files } => {
            let mut status = 0;
            for file in &files {
                let name = match game.or_else(|| guess_game(file)) {
                    Some(g) => g,
                    None => {
                        return Err(Exit(
                            2,
                            format!(
                                "{}: cannot tell the game from the path; give --game",
                                file.display()
                            ),
                        ))
                    }
                };
                let one = std::slice::from_ref(file);
                let s = with_game!(name, G => harness::replay::run::<G>(one, colour, &mut std::io::stdout().lock())?);
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
            let case = G::generate(choice.of::<G>(0), seed);
            print!("{}", G::write(&case));
            Ok(0)
        }),
        Command::Profiles { game } => with_game!(game.game, G => {
            let width = G::profiles().iter().map(|p| p.name.len()).max().unwrap_or(0);
            for p in G::profiles() {
                println!("{:width$}  {}", p.name, p.about);
            }
            println!("{:width$}  every profile above but the first, in turn", "all");
            Ok(0)
        }),
        Command::Seeds { corpus } => {
            let mut written = 0;
            written += seeds::<Texas>(&corpus, harness::games::texas::gen::FUZZ_PROFILES)?;
            written += seeds::<Mayan>(&corpus, &["solvable", "random", "sparse"])?;
            written += seeds::<Nogo>(&corpus, &["small", "empty", "full"])?;
            println!(
                "{written} seeds written under {}",
                corpus.join("fuzz").display()
            );
            Ok(0)
        }
        Command::Check { game, board, moves } => {
            if game.game != GameName::Nogo {
                return Err(Exit(2, "check is for --game nogo: texas and mayan answers are judged by `harness judge`".into()));
            }
            let read = |p: &PathBuf| {
                std::fs::read(p).map_err(|e| Exit(2, format!("{}: {e}", p.display())))
            };
            let (b, m) = (read(&board)?, read(&moves)?);
            let board_case = model::nogo::Board::parse(&b)
                .map_err(|e| Exit(2, format!("{}: {e}", board.display())))?;
            let move_list = model::nogo::parse_moves(&m)
                .map_err(|e| Exit(2, format!("{}: {e}", moves.display())))?;
            let verdict = engine::nogo::check(&board_case, &move_list);
            println!("{verdict}");
            Ok(u8::from(!verdict.is_ok()))
        }
    }
}

/// Writes the seeds of `<game>_diff` and `<game>_parse`; returns how many files were written.
fn seeds<G: Game>(corpus: &std::path::Path, profiles: &[&str]) -> Result<usize, Exit> {
    let found = harness::replay::case_files(&corpus.join(G::NAME));
    let mut texts: Vec<(String, Vec<u8>)> = Vec::new();
    for p in &found {
        let rel = p
            .strip_prefix(corpus.join(G::NAME))
            .unwrap_or(p)
            .with_extension("");
        let name = rel.to_string_lossy().replace(['/', '\\'], "-");
        let bytes = std::fs::read(p).map_err(|e| Exit(2, format!("{}: {e}", p.display())))?;
        texts.push((name, bytes));
    }
    for profile in profiles {
        for seed in 1..=2u64 {
            texts.push((
                format!("gen-{profile}-{seed}"),
                G::write(&G::generate(profile, seed)).into_bytes(),
            ));
        }
    }
    let mut written = 0;
    for target in ["diff", "parse"] {
        let dir = corpus.join("fuzz").join(format!("{}_{target}", G::NAME));
        std::fs::create_dir_all(&dir).map_err(|e| Exit(2, format!("{}: {e}", dir.display())))?;
        let mut all = texts.clone();
        if target == "diff" {
            // Raw bytes for the arbitrary path.
            for i in 0..8u64 {
                let mut x = harness::rng::mix(i);
                let len = 32 << (i % 4);
                let bytes = (0..len)
                    .map(|_| {
                        x = harness::rng::mix(x);
                        x as u8
                    })
                    .collect();
                all.push((format!("bytes-{i}"), bytes));
            }
        }
        for (name, bytes) in all {
            let path = dir.join(&name);
            if !path.exists() {
                std::fs::write(&path, bytes)
                    .map_err(|e| Exit(2, format!("{}: {e}", path.display())))?;
                written += 1;
            }
        }
    }
    Ok(written)
}

fn guess_game(path: &std::path::Path) -> Option<GameName> {
    path.components()
        .rev()
        .find_map(|c| match c.as_os_str().to_str() {
            Some("texas") => Some(GameName::Texas),
            Some("mayan") => Some(GameName::Mayan),
            Some("nogo") => Some(GameName::Nogo),
            _ => None,
        })
}

fn run<G: Game>(engine: EngineKind, files: &[PathBuf]) -> Result<u8, Exit> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    if files.is_empty() {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        inputs.push(("<stdin>".into(), buf));
    } else {
        for f in files {
            let bytes = std::fs::read(f).map_err(|e| Exit(2, format!("{}: {e}", f.display())))?;
            inputs.push((f.display().to_string(), bytes));
        }
    }
    for (name, bytes) in inputs {
        let case = G::parse(&bytes).map_err(|e| Exit(2, format!("{name}: {e}")))?;
        let outcome = G::run(&case, engine, false);
        out.write_all(G::answer(&outcome).as_bytes())?;
    }
    out.flush()?;
    Ok(0)
}

fn bench_cmd<G: Game>(
    game: GameName,
    profiles: &[String],
    cases: Option<usize>,
    seed: u64,
    seconds: f64,
    only: Option<EngineKind>,
) -> Result<u8, Exit> {
    const BOTH: &[EngineKind] = &[EngineKind::Reference, EngineKind::Optimized];
    const FAST: &[EngineKind] = &[EngineKind::Optimized];
    // (profile, cases, engines): the reference is left out where it would take minutes.
    let defaults: &[(&str, usize, &[EngineKind])] = match game {
        GameName::Texas => &[
            ("heavy", 4, BOTH),
            ("storm", 4, BOTH),
            ("max", 4, BOTH),
            ("medium", 200, BOTH),
            ("mix", 2000, BOTH),
        ],
        GameName::Mayan => &[
            ("mix", 200, BOTH),
            ("solvable", 200, BOTH),
            ("dense", 1, BOTH),
        ],
        GameName::Nogo => &[
            ("mix", 500, BOTH),
            ("empty-250", 1, FAST),
            ("empty-500", 1, FAST),
            ("empty-1000", 1, FAST),
        ],
    };
    let chosen: Vec<(String, usize, &[EngineKind])> = if profiles.is_empty() {
        defaults
            .iter()
            .map(|&(p, n, e)| (p.to_string(), cases.unwrap_or(n), e))
            .collect()
    } else {
        profiles
            .iter()
            .map(|p| (p.clone(), cases.unwrap_or(50), BOTH))
            .collect()
    };
    for (p, _, _) in &chosen {
        ProfileChoice::parse::<G>(Some(p))?;
    }
    let budget = Duration::from_secs_f64(seconds);
    let mut rows = Vec::new();
    for (p, n, engines) in &chosen {
        let engines: Vec<EngineKind> = match only {
            Some(e) => vec![e],
            None => engines.to_vec(),
        };
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        eprintln!(
            "measuring {} / {p} ({n} cases, {})...",
            G::NAME,
            names.join(" and ")
        );
        rows.push(bench::profile::<G>(p, *n, seed, budget, &engines));
    }
    if game == GameName::Texas && profiles.is_empty() && only.is_none() {
        eprintln!("measuring single operations...");
        rows.extend(harness::games::texas::costs::op_costs(seed, 5));
    }
    print!("{}", bench::table(G::NAME, &rows));
    Ok(0)
}
