//! One registered game: its command table (`Table`), which holds the engines registered for it
//! beyond those it ships and finds an engine by name, and its in-process engines run out of
//! process, by this very binary's hidden `exec-engine` command.

use super::args::PairArgs;
use super::context::Exit;
use crate::roles::engine::Engine;
use crate::roles::game::{engines, EngineEntry, Game};
use crate::roles::oracle::Pair;
use crate::run::plan::Isolate;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The command table of game `G`: its engines as registered, and every subcommand for it.
pub(crate) struct Table<G: Game> {
    /// Engines registered beyond those the game ships.
    pub(crate) extra: Vec<EngineEntry<G>>,
}

impl<G: Game> Table<G> {
    pub(super) fn new() -> Self {
        Table { extra: Vec::new() }
    }

    /// Every engine of `G`: shipped, then registered.
    pub(crate) fn all_engines(&self) -> Vec<EngineEntry<G>> {
        let mut all = engines::<G>();
        all.extend(self.extra.iter().cloned());
        all
    }

    /// The engine called `name`; an unknown name is an error that lists the known ones.
    pub(crate) fn engine(&self, name: &str) -> Result<Arc<dyn Engine<G>>, Exit> {
        let all = self.all_engines();
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

    /// The pair `--against` (trusted) and `--engine` (under test).
    pub(crate) fn pair(&self, args: &PairArgs) -> Result<Pair<G>, Exit> {
        Ok(Pair::new(
            self.engine(&args.against)?,
            self.engine(&args.engine)?,
        ))
    }

    /// Runs an in-process engine of `G` out of process: this very binary, `exec --engine NAME`.
    pub(crate) fn isolate(&self) -> Option<Isolate<G>> {
        let exe = std::env::current_exe().ok()?;
        let known = self.all_engines().iter().map(|e| e.name).collect();
        Some(isolate_by_exec::<G>(exe, known))
    }
}

/// Runs the engine called `name` (one of `known`) out of process: `EXE exec-engine --game G --engine
/// NAME`, where `EXE` is a `harness` binary, under the case's own time limit.
pub(crate) fn isolate_by_exec<G: Game>(exe: PathBuf, known: Vec<&'static str>) -> Isolate<G> {
    Arc::new(move |name: &str| {
        let name = known.iter().find(|n| **n == name)?;
        let cmd = vec![
            exe.display().to_string(),
            "exec-engine".into(),
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
