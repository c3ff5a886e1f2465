//! The `harness replay` that judges a repro as its run did: the problem as the run was given it
//! (its file, folder or package) and the programs and limits given as flags, as given (paths from
//! the run's working directory), then the repro's file, then the solution after `--`. The report
//! prints it as the repro's `replay:` line ([`crate::game::repro`]), a line a setter can paste.

use crate::programs::problem::Flags;
use std::path::Path;

/// The flags of the `harness replay` of a run's repros, and the solution after `--`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayLine {
    /// The flags before the repro's file.
    pub flags: Vec<String>,
    /// The solution's words after `--`, when the run was given them.
    pub solution: Vec<String>,
}

impl ReplayLine {
    /// The replay of a run of the problem at `path` (its file, folder or package as the run was
    /// given it, when it has one) with `flags`; `None` for a run with `--sanitize`.
    pub(crate) fn of(path: Option<&Path>, flags: &Flags) -> Option<ReplayLine> {
        if flags.sanitize.is_some() {
            return None;
        }
        let mut words: Vec<String> = Vec::new();
        if let Some(path) = path {
            words.extend(["--problem".into(), path.display().to_string()]);
        }
        let programs = [
            ("--gen-stream", &flags.gen_stream),
            ("--gen", &flags.gen),
            ("--reference", &flags.reference),
            ("--checker", &flags.checker),
            ("--validator", &flags.validator),
            ("--interactor", &flags.interactor),
        ];
        for (flag, value) in programs {
            if let Some(v) = value {
                words.extend([flag.to_string(), v.clone()]);
            }
        }
        let limits = [
            ("--timeout-ms", flags.time_ms),
            ("--memory-mb", flags.memory_mb),
        ];
        for (flag, value) in limits {
            if let Some(v) = value {
                words.extend([flag.to_string(), v.to_string()]);
            }
        }
        Some(ReplayLine {
            flags: words,
            solution: flags.solution.clone(),
        })
    }
}
