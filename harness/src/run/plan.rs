//! The plan of a run: what `diff`, `judge`, `verify` and the mutation gate resolve from their flags
//! before anything runs (the batch, where failures go, how they are shrunk, how the report looks,
//! where the cases come from). The phases ([`crate::run::pipeline`], `minimize`, the batch) read
//! it; none of them changes it.

use crate::render::corpus;
use crate::roles::engine::Engine;
use crate::roles::game::Game;
use crate::run::batch::BatchOptions;
use crate::run::cases::Cases;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Makes an out-of-process copy of the engine called `name` (for shrinking hangs), or `None`.
pub(crate) type Isolate<G> = Arc<dyn Fn(&str) -> Option<Arc<dyn Engine<G>>> + Send + Sync>;

use crate::roles::engine::Relimit;

/// How a run is set up beyond its batch.
pub struct DiffOptions<G: Game> {
    pub batch: BatchOptions,
    /// Where failures are saved.
    pub out_dir: PathBuf,
    /// Time allowed for shrinking each failure, whatever its kind.
    pub shrink_budget: Duration,
    /// Colour the report.
    pub colour: bool,
    /// Runs an in-process engine out of process, to shrink its hangs.
    pub isolate: Option<Isolate<G>>,
    /// The engine under test with a lower time limit: a program's hangs are shrunk under a limit
    /// relative to the trusted engine's time (module doc).
    pub(crate) relimit: Option<Relimit<G>>,
    /// The game's folder of hand-checked cases (default `corpus/<game>`).
    pub corpus_dir: PathBuf,
    /// The program named in the `reproduce:` command of a report (`harness` by default).
    pub program: String,
    /// Where the cases come from.
    pub cases: CaseSource<G>,
    /// The command named in the summary and its last line: `diff` or `judge` by default (from
    /// the engine under test); a command of a plug-in names itself (`stress`).
    pub command: Option<&'static str>,
}

/// Where a run's cases come from: one choice, so a run cannot be given a source and files both.
pub enum CaseSource<G: Game> {
    /// A batch: the seeded profile's cases (`diff`, `judge`) when `listed` is `None`, else another
    /// source's (every case of a scope for `verify`, a plug-in's cases); after the saved cases
    /// (under `out_dir`, and directly in `corpus_dir`) when `saved_first` (the command line's
    /// default, unless `--no-replay`).
    Batch {
        listed: Option<Arc<dyn Cases<G>>>,
        saved_first: bool,
    },
    /// The files of `harness replay`: the run's cases are those files alone (none is generated,
    /// no other saved case is replayed), and each gets a verdict of its own.
    Files(ReplayFiles),
}

/// The saved files a run replays and nothing else (`harness replay FILE...`).
#[derive(Debug, Clone)]
pub struct ReplayFiles {
    pub files: Vec<PathBuf>,
    /// Shrink, explain and save a failing file as `diff` does a failing saved case (`--shrink`);
    /// without, each failure is reported as it is and nothing is written.
    pub shrink: bool,
    /// `--html OUT`: where the files' pages go, and whether OUT is a folder of several pages
    /// (`render::pages::target`).
    pub pages: Option<(PathBuf, bool)>,
}

impl<G: Game> DiffOptions<G> {
    pub fn new(batch: BatchOptions, out_dir: PathBuf) -> Self {
        DiffOptions {
            batch,
            out_dir,
            shrink_budget: Duration::from_secs(60),
            colour: false,
            isolate: None,
            relimit: None,
            corpus_dir: corpus::game_dir(G::NAME),
            program: "harness".into(),
            cases: CaseSource::Batch {
                listed: None,
                saved_first: false,
            },
            command: None,
        }
    }
}

impl<G: Game> DiffOptions<G> {
    /// The cases of another source than the profile, when the run has one.
    pub(crate) fn listed(&self) -> Option<&Arc<dyn Cases<G>>> {
        match &self.cases {
            CaseSource::Batch { listed, .. } => listed.as_ref(),
            CaseSource::Files(_) => None,
        }
    }

    /// Whether the saved cases run before the batch.
    pub(crate) fn saved_first(&self) -> bool {
        matches!(
            self.cases,
            CaseSource::Batch {
                saved_first: true,
                ..
            }
        )
    }

    /// The files of `harness replay`, when they are the run's cases.
    pub(crate) fn files(&self) -> Option<&ReplayFiles> {
        match &self.cases {
            CaseSource::Files(files) => Some(files),
            CaseSource::Batch { .. } => None,
        }
    }

    /// The batch's cases come from `cases` (the saved cases first or not, as before).
    pub fn set_listed(&mut self, cases: Arc<dyn Cases<G>>) {
        self.cases = CaseSource::Batch {
            listed: Some(cases),
            saved_first: self.saved_first(),
        };
    }

    /// The saved cases run before the batch, or not.
    pub fn set_saved_first(&mut self, yes: bool) {
        if let CaseSource::Batch { saved_first, .. } = &mut self.cases {
            *saved_first = yes;
        }
    }
}
