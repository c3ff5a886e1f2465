//! `replay`: saved cases through two engines again, as a run of their own: the listed files are
//! the run's cases ([`crate::run::plan::ReplayFiles`]) and go through the same pipeline as `diff`
//! ([`crate::run::pipeline::run`]): the replay gate's limits and isolation, its verdicts, its pages.

use super::args::PairArgs;
use super::flags::{Flags, Plan, Tested};
use super::progress::stop_on_interrupt;
use super::registry::{GameCommands, Registry, Table};
use super::util::{json_target, write_json};
use super::{Ctx, Exit};
use crate::roles::game::Game;
use crate::run::batch::Silent;
use crate::run::plan::ReplayFiles;
use crate::run::summary::{FileVerdict, ReplayVerdict};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Re-run saved cases through two engines (and against a .out/.ans beside them).
///
/// Prints one verdict line per file (`FILE: ok, ...`, `FILE: MISMATCH` with the first difference,
/// `FILE: WRONG: ...` when the engines agree but not with the answer beside it, `FILE: bad input:
/// ...`); exit status 0 when all pass, 1 for a failure, 2 for a file that is not a case. A failing
/// file is reported as it is; `--shrink` also shrinks, explains and saves it under --out.
#[derive(clap::Args)]
pub struct Args {
    /// The game (default: guessed from a folder named after a game in each path, such as
    /// corpus/texas/).
    #[arg(long, short)]
    pub game: Option<String>,
    /// The engines compared (`--engine`, `--against`).
    #[command(flatten)]
    pub pair: PairArgs,
    /// Also write the verdicts as JSON to this file (docs/reports.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also draw each case as a self-contained HTML page (docs/html-report.md): OUT is the
    /// page of one FILE, or a folder that gets NAME.html per file.
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// Also shrink, explain and save each failing file (one per failure signature), as `diff`
    /// does a failing saved case.
    #[arg(long)]
    pub shrink: bool,
    /// With --shrink: where the shrunk cases are saved (default `corpus/<game>/regressions`).
    #[arg(long, value_name = "DIR", requires = "shrink")]
    pub out: Option<PathBuf>,
    /// The saved cases (inputs) to replay.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub(super) fn run(registry: &Registry, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.json)?;
    let mut verdicts = Vec::new();
    let mut status = 0;
    // Runs of consecutive files of one game, each through that game's pipeline, in the order given.
    let mut group: Vec<PathBuf> = Vec::new();
    let mut group_game: Option<&dyn GameCommands> = None;
    for file in &args.files {
        if !file.exists() {
            let done = std::mem::take(&mut group);
            let before = serve(group_game, args, &done, &mut verdicts, cx)?;
            writeln!(cx.out, "{}: no such file", file.display())?;
            verdicts.push(missing_file(file));
            status = worst_status(worst_status(status, before), 2);
            continue;
        }
        let game = game_of(registry, args, file)?;
        if group_game.is_some_and(|g| g.name() != game.name()) {
            let done = std::mem::take(&mut group);
            status = worst_status(status, serve(group_game, args, &done, &mut verdicts, cx)?);
        }
        group_game = Some(game);
        group.push(file.clone());
    }
    status = worst_status(status, serve(group_game, args, &group, &mut verdicts, cx)?);
    write_json(
        &args.json,
        &serde_json::json!({"schema": REPLAY_SCHEMA, "files": verdicts}),
    )?;
    Ok(status)
}

/// The name and version of the JSON report of `replay --json`.
pub const REPLAY_SCHEMA: &str = "match3-proof.replay.v1";

/// The exit status of two parts of a replay: a bad input (2) wins, then a failure.
pub fn worst_status(a: u8, b: u8) -> u8 {
    if a == 2 || b == 2 {
        2
    } else {
        a.max(b)
    }
}

/// The JSON entry of a file that is not there.
pub fn missing_file(file: &Path) -> FileVerdict {
    FileVerdict {
        file: file.to_path_buf(),
        game: String::new(),
        verdict: ReplayVerdict::BadInput,
        answer: None,
        checked_expected: None,
        kind: None,
        detail: Some("no such file".into()),
    }
}

/// The game of `file`: `--game`, else guessed from its path.
fn game_of<'r>(
    registry: &'r Registry,
    args: &Args,
    file: &Path,
) -> Result<&'r dyn GameCommands, Exit> {
    match &args.game {
        Some(name) => registry.get(name),
        None => registry.guess(file).ok_or_else(|| {
            Exit(
                2,
                format!(
                    "{}: cannot tell the game from the path (no {} folder in it); give --game",
                    file.display(),
                    registry.names().join(", ")
                ),
            )
        }),
    }
}

/// Replays `files` (all of game `game`, when there are any); returns the exit status.
fn serve(
    game: Option<&dyn GameCommands>,
    args: &Args,
    files: &[PathBuf],
    verdicts: &mut Vec<FileVerdict>,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    match game {
        Some(g) if !files.is_empty() => g.serve(
            super::Request::Replay {
                args,
                files,
                verdicts,
            },
            cx,
        ),
        _ => Ok(0),
    }
}

/// Files of game `G` as a run of their own: the plan, then [`crate::run::pipeline::run`]; their verdicts
/// are appended to `verdicts`.
pub(super) fn files<G: Game>(
    table: &Table<G>,
    args: &Args,
    files: &[PathBuf],
    verdicts: &mut Vec<FileVerdict>,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    let Plan { pair, mut opts } =
        Plan::resolve(table, Flags::default(), Tested::Engines(&args.pair), cx)?;
    opts.batch.threads = 1;
    if let Some(out) = &args.out {
        opts.out_dir.clone_from(out);
    }
    opts.files = Some(ReplayFiles {
        files: files.to_vec(),
        shrink: args.shrink,
        pages: args.html.clone().map(|o| (o, args.files.len() > 1)),
    });
    if args.shrink {
        stop_on_interrupt(Arc::clone(&opts.batch.stop));
    }
    let summary = crate::run::pipeline::run::<G>(&opts, &pair, &Silent, cx.out)?;
    let mine = summary.replay.as_ref().map_or(&[][..], |r| &r.files);
    let status = mine
        .iter()
        .map(|v| v.verdict.status())
        .fold(0, worst_status);
    verdicts.extend_from_slice(mine);
    if summary.interrupted {
        return Ok(super::util::status(&summary));
    }
    Ok(status)
}
