//! `replay`: saved cases through two engines again.

use super::args::PairArgs;
use super::registry::{Registry, Table};
use super::util::{json_target, write_json};
use super::{Ctx, Exit};
use crate::game::Game;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Re-run saved cases through two engines (and against a .out/.ans beside them).
#[derive(clap::Args)]
pub struct Args {
    /// The game (default: guessed from a folder named after a game in each path, such as
    /// corpus/texas/).
    #[arg(long, short)]
    pub game: Option<String>,
    #[command(flatten)]
    pub pair: PairArgs,
    /// Also write the verdicts as JSON to this file (docs/reports.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also draw each case as a self-contained HTML page (docs/html-report.md): OUT is the
    /// page of one FILE, or a folder that gets NAME.html per file.
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub(super) fn run(registry: &Registry, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.json)?;
    let mut verdicts = Vec::new();
    let mut status = 0;
    for file in &args.files {
        if !file.exists() {
            writeln!(cx.out, "{}: no such file", file.display())?;
            verdicts.push(
                serde_json::json!({"file": file, "verdict": "bad-input", "detail": "no such file"}),
            );
            status = 2;
            continue;
        }
        let game = match &args.game {
            Some(name) => registry.get(name)?,
            None => registry.guess(file).ok_or_else(|| {
                Exit(
                    2,
                    format!(
                        "{}: cannot tell the game from the path (no {} folder in it); give --game",
                        file.display(),
                        registry.names().join(", ")
                    ),
                )
            })?,
        };
        let request = super::Request::Replay {
            args,
            file,
            verdicts: &mut verdicts,
        };
        let s = game.serve(request, cx)?;
        status = if s == 2 || status == 2 {
            2
        } else {
            status.max(s)
        };
    }
    write_json(
        &args.json,
        &serde_json::json!({"schema": "match3-proof.replay.v1", "files": verdicts}),
    )?;
    Ok(status)
}

/// One file of game `G`: its verdict, and its page with `--html`.
pub(super) fn file<G: Game>(
    table: &Table<G>,
    args: &Args,
    file: &Path,
    cx: &mut Ctx<'_>,
) -> Result<(u8, Vec<serde_json::Value>), Exit> {
    let pair = table.pair(&args.pair)?;
    let verdict = crate::replay::run::<G>(&[file.to_path_buf()], &pair, cx.colour, cx.out)?;
    if let Some(dest) = &args.html {
        crate::pages::write_replay::<G>(dest, file, args.files.len() > 1, &pair, cx.out)?;
    }
    Ok(verdict)
}
