//! `exec` (hidden): one engine on one case from standard input, for the harness itself.

use super::args::GameArg;
use super::registry::Table;
use super::util::read_input;
use super::{Ctx, Exit};
use crate::roles::engine::Engine;
use crate::roles::game::Game;
use crate::run::plan::Isolate;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Run one engine on one case from standard input and print its answer (used by the harness to
/// run an engine out of process, for instance to shrink a hang).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    #[arg(long)]
    pub engine: String,
}

pub(super) fn run<G: Game>(table: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let e = table.engine(&args.engine)?;
    let bytes = read_input(Path::new("-"))?;
    let case = G::parse(&bytes).map_err(|err| Exit(2, format!("<stdin>: {err}")))?;
    let answer = crate::roles::engine::answer(&*e, &case)
        .map_err(|f| Exit(1, format!("{}: {f}", args.engine)))?;
    cx.out.write_all(answer.as_bytes())?;
    Ok(0)
}

/// Runs the engine called `name` (one of `known`) out of process: `EXE exec --game G --engine
/// NAME`, where `EXE` is a `harness` binary, under the case's own time limit.
pub fn isolate_by_exec<G: Game>(exe: PathBuf, known: Vec<&'static str>) -> Isolate<G> {
    Arc::new(move |name: &str| {
        let name = known.iter().find(|n| **n == name)?;
        let cmd = vec![
            exe.display().to_string(),
            "exec".into(),
            "--game".into(),
            G::NAME.into(),
            "--engine".into(),
            name.to_string(),
        ];
        let mut p = crate::programs::judge::Program::new(cmd, Duration::from_secs(1));
        p.cpu = None;
        p.name = name.to_string();
        Some(Arc::new(p) as Arc<dyn Engine<G>>)
    })
}
