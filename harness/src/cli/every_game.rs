//! The subcommands run over the registry (the `registry` rows of the table of subcommands):
//! `replay` (the files given, grouped by game, each group through its game), `seeds` (every
//! game's), `completions` (the whole command line) and `merge` (no game at all). Their flags are
//! in their own files, below the table; these runs are above the registration, whose games they
//! go through.

use super::context::{Ctx, Exit};
use super::registry::Registry;
use super::replay::{missing_file, worst_status, REPLAY_SCHEMA};
use super::serve::{GameCommands, Request};
use super::util::{json_target, write_json};
use crate::run::summary::FileVerdict;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// `replay`: the files given, in their order, each run of consecutive files of one game through
/// that game; returns the worst exit status.
pub(super) fn replay(
    registry: &Registry,
    args: &super::replay::Args,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
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

/// The game of `file`: `--game`, else guessed from its path.
fn game_of<'r>(
    registry: &'r Registry,
    args: &super::replay::Args,
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
    args: &super::replay::Args,
    files: &[PathBuf],
    verdicts: &mut Vec<FileVerdict>,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    match game {
        Some(g) if !files.is_empty() => g.serve(
            Request::Replay {
                args,
                files,
                verdicts,
            },
            cx,
        ),
        _ => Ok(0),
    }
}

/// `seeds`: the fuzz seeds of every registered game, under `--corpus`.
pub(super) fn seeds(
    registry: &Registry,
    args: &super::seeds::Args,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    let mut written = 0;
    for game in registry.games() {
        let corpus = &args.corpus;
        game.serve(
            Request::Seeds {
                corpus,
                written: &mut written,
            },
            cx,
        )?;
    }
    writeln!(
        cx.out,
        "{written} seeds written under {}",
        args.corpus.join("fuzz").display()
    )?;
    Ok(0)
}

/// `completions`: the script of the whole command line, the registered games included.
pub(super) fn completions(
    registry: &Registry,
    args: &super::completions::Args,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    let mut cmd = registry.command();
    clap_complete::generate(args.shell, &mut cmd, cx.program, cx.out);
    Ok(0)
}

/// `merge`: the shards' reports, which name no game of the registry.
pub(super) fn merge(_: &Registry, args: &super::merge::Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    super::merge::run(args, cx)
}
