//! `replay`: saved cases through two engines again, as a run of their own: the listed files are
//! the run's cases ([`crate::run::plan::ReplayFiles`]) and go through the same pipeline as `diff`
//! ([`crate::run::pipeline::run`]): the saved cases' replay: its limits and isolation, its verdicts, its pages.
//! Here are its flags and the files of one game; the files given are grouped by game, each group
//! sent to its game, over the registry (`every_game.rs`).

use super::args::PairArgs;
use super::context::{Ctx, Exit};
use super::flags::{Flags, Plan, Tested};
use super::game::Table;
use super::progress::stop_on_interrupt;
use crate::roles::game::Game;
use crate::run::batch::Silent;
use crate::run::plan::{CaseSource, ReplayFiles};
use crate::run::summary::{FileVerdict, ReplayVerdict};
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
    pub(crate) pair: PairArgs,
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
    opts.cases = CaseSource::Files(ReplayFiles {
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
