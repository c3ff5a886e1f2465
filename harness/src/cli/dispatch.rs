//! Dispatch: each subcommand's flags turned into a run of the library.

use super::args::{Cli, Command, GameName};
use super::commands::{self, read_input, shown, status};
use super::progress::{progress_for, stop_on_interrupt};
use super::{all_engines, engine_by_name, pair_of, Engines, Exit, Stdout};
use crate::batch::BatchOptions;
use crate::corpus;
use crate::diff::DiffOptions;
use crate::game::{Game, ProfileChoice};
use crate::games::{Mayan, Nogo, Texas};
use crate::judge::Program;
use crate::oracle::Pair;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

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

/// Checks before a run that its JSON report can be written (an error now, not after an hour),
/// without touching an existing file: a run refused later keeps the report of the last one.
fn json_target(path: &Option<std::path::PathBuf>) -> Result<(), Exit> {
    let Some(p) = path else { return Ok(()) };
    let refuse = |why: String| Exit(2, format!("--json {}: {why}", p.display()));
    if p.is_dir() {
        return Err(refuse("is a folder, not a file".into()));
    }
    if let Some(parent) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(refuse(format!("no such folder {}", parent.display())));
        }
    }
    let existed = p.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(p)
        .map_err(|e| refuse(e.to_string()))?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

fn write_json(
    path: &Option<std::path::PathBuf>,
    value: &impl serde::Serialize,
) -> Result<(), Exit> {
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(value).map_err(|e| Exit(2, e.to_string()))?;
        std::fs::write(p, text + "\n")
            .map_err(|e| Exit(2, format!("--json {}: {e}", p.display())))?;
    }
    Ok(())
}

/// The batch of `diff` and `judge`: the profile (refused if the reference cannot finish it), the
/// worker threads and the shard.
fn batch_of<G: Game>(
    cases: u64,
    seed: u64,
    profile: Option<&str>,
    threads: Option<usize>,
    shard: Option<(u64, u64)>,
) -> Result<BatchOptions, Exit> {
    let choice = ProfileChoice::parse::<G>(profile)?;
    choice.require_reference::<G>()?;
    let mut batch = BatchOptions::new::<G>(cases, seed);
    batch.profile = choice;
    if let Some(t) = threads {
        batch.threads = t;
    }
    batch.shard = shard.unwrap_or((0, 1));
    Ok(batch)
}

/// Runs a `diff` or `judge` batch with Ctrl-C connected and its progress shown, then writes the
/// JSON report; returns the exit status.
fn run_batch<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    quiet: bool,
    json: &Option<std::path::PathBuf>,
    out: &mut Stdout,
) -> Result<u8, Exit> {
    stop_on_interrupt(Arc::clone(&opts.batch.stop));
    let bar = progress_for(G::NAME, opts.batch.shard_cases(), quiet);
    let summary = crate::diff::run::<G>(opts, pair, &*bar, out)?;
    drop(bar);
    write_json(json, &summary)?;
    Ok(status(&summary))
}

pub(super) fn dispatch(
    command: Command,
    extra: &Engines,
    out: &mut Stdout,
    colour: bool,
) -> Result<u8, Exit> {
    match command {
        Command::Run {
            game,
            engine,
            files,
        } => with_game!(game.game, G => commands::run::<G>(extra, &engine, &files, out)),
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
            max_failures,
            no_replay,
            json,
            quiet,
        } => with_game!(game.game, G => {
            let pair = pair_of::<G>(extra, &pair)?;
            json_target(&json)?;
            let mut batch = batch_of::<G>(cases, seed, profile.as_deref(), threads, shard)?;
            batch.time = time.map(Duration::from_secs_f64);
            batch.case_timeout = case_timeout.map(Duration::from_secs_f64);
            batch.max_failures = max_failures;
            let mut opts = DiffOptions::<G>::new(batch, dir.unwrap_or_else(|| corpus::regressions_dir(G::NAME)));
            opts.shrink_budget = Duration::from_secs_f64(shrink_secs);
            opts.replay = !no_replay;
            opts.colour = colour;
            opts.isolate = commands::isolate::<G>(extra);
            run_batch::<G>(&opts, &pair, quiet, &json, out)
        }),
        Command::Judge {
            game,
            cases,
            seed,
            profile,
            timeout_ms,
            memory_mb,
            shard,
            jobs,
            max_output,
            out: dir,
            shrink_secs,
            max_failures,
            no_replay,
            json,
            quiet,
            cmd,
        } => with_game!(game.game, G => {
            json_target(&json)?;
            let mut program = Program::new(cmd, Duration::from_millis(timeout_ms));
            program.max_output = max_output;
            program.memory_bytes = Some(memory_mb << 20);
            program.check_startable()?;
            let relimit = program.relimit::<G>();
            let pair = Pair::<G>::new(crate::game::reference::<G>(), Arc::new(program));
            let mut batch = batch_of::<G>(cases, seed, profile.as_deref(), jobs, shard)?;
            batch.max_failures = max_failures;
            let mut opts = DiffOptions::<G>::new(batch, dir.unwrap_or_else(|| corpus::judge_dir(G::NAME)));
            opts.shrink_budget = Duration::from_secs_f64(shrink_secs);
            opts.relimit = Some(relimit);
            opts.replay = !no_replay;
            opts.colour = colour;
            run_batch::<G>(&opts, &pair, quiet, &json, out)
        }),
        Command::Bench {
            game,
            pair,
            profile,
            cases,
            seed,
            seconds,
            alone,
            json,
        } => {
            json_target(&json)?;
            let report = with_game!(game.game, G => commands::bench_cmd::<G>(extra, &pair, &profile, cases, seed, seconds, alone, out)?);
            write_json(&json, &report)?;
            Ok(0)
        }
        Command::Merge { reports, json } => {
            json_target(&json)?;
            let mut all = Vec::new();
            for p in &reports {
                all.push((p.display().to_string(), crate::merge::read(p)?));
            }
            let merged = crate::merge::merge(&all)?;
            if let Some(f) = &merged.first {
                writeln!(
                    out,
                    "first failure: case {} (profile {}, seed {}): {}",
                    f.index, f.profile, f.seed, f.what
                )?;
                writeln!(out, "reproduce: {}", f.reproduce)?;
                if let Some(r) = &f.repro {
                    writeln!(out, "repro: {}", r.display())?;
                }
            }
            let keys: Vec<&str> = merged.coverage.iter().map(|(k, _)| k.as_str()).collect();
            let counts: Vec<u64> = merged.coverage.iter().map(|(_, c)| *c).collect();
            write!(
                out,
                "{}",
                crate::report::coverage(&keys, &counts, merged.cases)
            )?;
            let shards: Vec<String> = merged
                .shards
                .iter()
                .map(|s| format!("{}/{}", s[0], s[1]))
                .collect();
            writeln!(out, "merged shards {}", shards.join(" "))?;
            writeln!(out, "{}", merged.line())?;
            write_json(&json, &merged)?;
            Ok(u8::from(merged.failed() > 0))
        }
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "harness", out);
            Ok(0)
        }
        Command::Replay {
            game,
            pair,
            json,
            html,
            files,
        } => {
            json_target(&json)?;
            let several = files.len() > 1;
            let mut verdicts = Vec::new();
            let mut status = 0;
            for file in &files {
                if !file.exists() {
                    writeln!(out, "{}: no such file", file.display())?;
                    verdicts.push(serde_json::json!({"file": file, "verdict": "bad-input", "detail": "no such file"}));
                    status = 2;
                    continue;
                }
                let name = match game.or_else(|| commands::guess_game(file)) {
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
                let (s, mut v) = with_game!(name, G => {
                    let pair = pair_of::<G>(extra, &pair)?;
                    let verdict = crate::replay::run::<G>(one, &pair, colour, out)?;
                    if let Some(dest) = &html {
                        crate::html::write_replay::<G>(dest, file, several, &pair, out)?;
                    }
                    verdict
                });
                verdicts.append(&mut v);
                status = if s == 2 || status == 2 {
                    2
                } else {
                    status.max(s)
                };
            }
            write_json(
                &json,
                &serde_json::json!({"schema": "match3-proof.replay.v1", "files": verdicts}),
            )?;
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
