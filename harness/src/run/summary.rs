//! The record of a run: the failures it reports ([`Reported`], one per distinct signature, and
//! [`SavedFailure`] for a saved case found failing before the batch), what the replay of the saved
//! cases found ([`Replayed`]), and the [`Summary`] printed as the run's last lines and written as
//! JSON (`--json FILE`, the schema of docs/reports.md, which `merge` reads back).

use crate::roles::verdict::Free;
use crate::roles::verdict::Kind;
use crate::roles::verdict::Side;
use serde::Serialize;
use std::path::PathBuf;

/// The reported failure of a run.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Reported {
    pub index: u64,
    pub(crate) profile: String,
    pub seed: u64,
    pub kind: Kind,
    /// The engine that faulted, by name (`None` for a mismatch).
    pub engine: Option<String>,
    /// Which side faulted: `trusted`, `under_test`, `judge` or `harness` (absent for a mismatch,
    /// and in reports written before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The failure of the original case, in one line.
    pub what: String,
    /// The failure of the shrunk case, in one line.
    pub shrunk_what: String,
    pub(crate) size_before: String,
    pub(crate) size_after: String,
    pub shrink_steps: usize,
    pub(crate) shrink_tries: usize,
    pub shrink_complete: bool,
    /// The command that prints the original case.
    pub reproduce: String,
    /// The saved shrunk case (`None` when it could not be written).
    pub repro: Option<PathBuf>,
    /// The parts of the shrunk case that can take other values and still fail the same way (the
    /// explain phase; empty when every part matters or nothing was explained).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free: Vec<Free>,
    /// [`crate::roles::verdict::Failure::signature`] of the original failure.
    #[serde(default)]
    pub signature: String,
    /// Cases up to the batch's stop case that failed with this signature (see [`crate::run::batch`]).
    #[serde(default)]
    pub hits: u64,
    /// Their numbers in the batch, in increasing order (in `failures_found` only: what `merge`
    /// needs to count the hits of shards up to the stop case of the whole batch).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hit_cases: Vec<u64>,
}

/// A saved case that still fails, found by the replay before the batch.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct SavedFailure {
    /// The saved case.
    pub path: PathBuf,
    /// Its place in the replay's order (the same in every shard of a batch).
    #[serde(default)]
    pub(crate) index: u64,
    pub kind: Kind,
    pub(crate) engine: Option<String>,
    /// Which side faulted (as in [`Reported`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<Side>,
    pub(crate) what: String,
    pub(crate) signature: String,
}

/// What the replay of the saved cases before the batch found.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Replayed {
    /// Saved cases found (under the output folder and directly in `corpus/<game>/`).
    pub saved_cases: u64,
    /// Saved cases this run replayed: all of them, or under `--shard I/K` its share (the i-th by
    /// shard `i % K`), fewer when the failing ones reached `--max-failures` or it was interrupted.
    #[serde(default)]
    pub replayed: u64,
    /// Cases that passed (all those replayed but the skipped ones when none fails).
    pub passed: u64,
    /// Files that are not cases of the game (unreadable, or do not parse).
    pub skipped: u64,
    /// The first saved case that still fails.
    pub failing: Option<SavedFailure>,
    /// Each file's verdict, when the files were listed (`harness replay`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<FileVerdict>,
}

/// The verdict of one saved file of `harness replay` (its entry in the `replay.v1` JSON report).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct FileVerdict {
    pub(crate) file: PathBuf,
    pub game: String,
    pub verdict: ReplayVerdict,
    /// The trusted engine's answer (`ok`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) answer: Option<String>,
    /// Whether it was checked against a `.out`/`.ans` beside the file (`ok`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) checked_expected: Option<bool>,
    /// The kind of failure (`mismatch`: a difference, a crash, a time limit ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    /// What went wrong (every verdict but `ok`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) detail: Option<String>,
}

/// A saved file's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReplayVerdict {
    /// Both engines agree (and with the expected answer beside the file, when there is one).
    Ok,
    /// The engines disagree, or one of them failed (crash, time limit ...).
    Mismatch,
    /// The engines agree with each other but not with the expected answer beside the file.
    Unexpected,
    /// Not a case of the game (unreadable, does not parse, missing).
    BadInput,
    /// An interrupt of the harness stopped an engine on it: no verdict.
    Interrupted,
}

impl ReplayVerdict {
    /// The exit status of a replay with this verdict: 0 ok, 1 a failure, 2 a bad input.
    pub fn status(self) -> u8 {
        match self {
            ReplayVerdict::Ok => 0,
            ReplayVerdict::Mismatch | ReplayVerdict::Unexpected => 1,
            ReplayVerdict::BadInput => 2,
            ReplayVerdict::Interrupted => 130,
        }
    }
}

/// The name and version of the JSON report format (`--json FILE`): fields are only ever added
/// within a version.
pub const SCHEMA: &str = "match3-proof.run.v1";

/// What a run did: printed as its last lines, and written as one JSON document by `--json FILE`
/// (the schema is documented field by field in docs/reports.md).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Summary {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// `diff`, `judge` or `merge` (`replay` for the run of `harness replay`, whose own report is
    /// its files' verdicts).
    pub command: String,
    /// The harness's version.
    pub(crate) version: String,
    pub game: String,
    /// The trusted engine and the engine under test.
    pub engines: [String; 2],
    /// True when the engine under test gives answers only (a judged program).
    pub judging: bool,
    /// The profile name, or `all`.
    pub(crate) profile: String,
    /// The batch seed.
    pub seed: u64,
    /// Cases in the whole batch, all shards together.
    pub cases_requested: u64,
    /// The shards this report covers, as `[I, K]` (one for a run; several after a merge).
    pub shards: Vec<[u64; 2]>,
    /// Cases that ran to a verdict.
    pub cases: u64,
    /// Failing cases by kind.
    pub failures: std::collections::BTreeMap<Kind, u64>,
    pub(crate) elapsed_secs: f64,
    pub(crate) cases_per_sec: f64,
    /// Seconds from the start of the batch to the first failure found: the time to detect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detected_secs: Option<f64>,
    /// Coverage counters: (rule, cases that reached it), in the game's order.
    pub coverage: Vec<(String, u64)>,
    /// The lowest-numbered failure, shrunk and saved.
    pub first: Option<Reported>,
    pub(crate) interrupted: bool,
    /// Why the failure could not be saved, when it could not.
    pub(crate) save_error: Option<String>,
    /// `--max-failures`: distinct failure signatures the batch looks for before it stops.
    #[serde(default = "one")]
    pub max_failures: usize,
    /// The lowest failing case of each distinct signature (at most `max_failures`), shrunk and
    /// saved, in case order, each with its hits; the first is `first`.
    #[serde(default)]
    pub failures_found: Vec<Reported>,
    /// The replay of the saved cases before the batch (absent with `--no-replay`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Replayed>,
    /// Indices of the run that are not valid inputs: skipped, never run (a scope's boards with a
    /// run; always 0 for generated cases).
    #[serde(default)]
    pub(crate) skipped: u64,
    /// The order-independent digest of the passing cases' answers (16 hex digits; `verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) digest: Option<String>,
    /// The command that runs one shard of this run, `{I}` standing for its number (runs with
    /// `--shard`): what a merge prints for a missing shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) shard_command: Option<String>,
    /// The shards of `0..K` that no merged report covers (merged reports).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) missing_shards: Vec<u64>,
    /// What a `verify` run proved about its scope (docs/verify.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<crate::run::certificate::Certificate>,
    /// How the runs of external programs were started (runs that started any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) starts: Option<Starts>,
}

/// How a run's external programs were started: forked from a warm server, or by exec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Starts {
    /// Runs forked from a started program (docs/performance.md, warm starts).
    pub(crate) warm: u64,
    /// Runs started by exec: programs the harness did not build, `--cold`, and fallbacks.
    pub(crate) exec: u64,
    /// Of those by exec, runs made again by exec after their warm server failed.
    pub(crate) fallbacks: u64,
}

impl Starts {
    /// The runs started between two readings of [`supervise::start_counts`]; `None` when none.
    pub(crate) fn between(
        before: supervise::StartCounts,
        after: supervise::StartCounts,
    ) -> Option<Starts> {
        let starts = Starts {
            warm: after.warm.saturating_sub(before.warm),
            exec: after.exec.saturating_sub(before.exec),
            fallbacks: after.fallbacks.saturating_sub(before.fallbacks),
        };
        (starts.warm + starts.exec > 0).then_some(starts)
    }

    /// `programs: N runs started warm, M by exec`, with the fallbacks when there were any.
    pub fn line(&self) -> String {
        let fallbacks = if self.fallbacks > 0 {
            format!(
                " ({} made again by exec after a warm server failed)",
                crate::render::report::count(self.fallbacks, "run")
            )
        } else {
            String::new()
        };
        format!(
            "programs: {} started warm (forked from a started program), {} by exec{fallbacks}",
            crate::render::report::count(self.warm, "run"),
            self.exec
        )
    }
}

fn one() -> usize {
    1
}

impl Summary {
    pub fn failed(&self) -> u64 {
        self.failures.values().sum()
    }
    pub fn count(&self, kind: Kind) -> u64 {
        self.failures.get(&kind).copied().unwrap_or(0)
    }

    /// The last line of a run: `<game>: <N> cases, <M> mismatches, <R> cases/s`, or for a judged
    /// program `<game>: <N> cases, <A> accepted, <W> wrong, <T> timeouts, <R> crashes`.
    pub fn line(&self) -> String {
        let s = self;
        if s.command == "stress" {
            return self.stress_line();
        }
        if !s.judging {
            let mut line = format!("{}: {} cases, {} mismatches", s.game, s.cases, s.failed());
            let others: Vec<String> = [
                Kind::TimeLimit,
                Kind::Crash,
                Kind::MemoryLimit,
                Kind::Malformed,
            ]
            .iter()
            .filter(|&&k| s.count(k) > 0)
            .map(|&k| format!("{} {}", s.count(k), k.describe()))
            .collect();
            if !others.is_empty() {
                line.push_str(&format!(
                    " ({} of them: {})",
                    s.failed() - s.count(Kind::Mismatch),
                    others.join(", ")
                ));
            }
            format!("{line}, {:.0} cases/s", s.cases_per_sec)
        } else {
            let mut line = format!(
                "{}: {} cases, {} accepted, {} wrong, {} timeouts, {} crashes",
                s.game,
                s.cases,
                s.cases - s.failed(),
                s.count(Kind::Mismatch) + s.count(Kind::Malformed),
                s.count(Kind::TimeLimit),
                s.count(Kind::Crash),
            );
            if s.count(Kind::MemoryLimit) > 0 {
                line.push_str(&format!(", {} memory limits", s.count(Kind::MemoryLimit)));
            }
            line
        }
    }

    /// The last line of `stress`: `stress: <N> cases, <M> failures, <R> cases/s`, the failures
    /// of the trusted side (the brute force or the checker) named apart when there are some.
    fn stress_line(&self) -> String {
        let trusted = self.count(Kind::Trusted);
        let apart = match trusted {
            0 => String::new(),
            n => format!(" ({n} of the reference or the checker)"),
        };
        let failed = self.failed();
        format!(
            "stress: {} cases, {}{apart}, {:.0} cases/s",
            self.cases,
            crate::render::report::count(failed, "failure"),
            self.cases_per_sec
        )
    }

    /// Writes the report as JSON to `path`.
    pub fn write_json(&self, path: &std::path::Path) -> anyhow::Result<()> {
        use anyhow::Context as _;
        std::fs::write(path, serde_json::to_string_pretty(self)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))
    }
}
