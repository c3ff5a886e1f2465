//! `harness replay --problem PROBLEM FILE...`: a problem's saved repros (their inputs, `NAME.in`)
//! through the pipeline's replay, as `harness replay` replays a game's saved cases: each file run
//! through the problem's reference and solution and judged as `harness stress` judges (its
//! checker, or the tokens; an expected answer saved beside it is checked too), one verdict line
//! per file, `--json` and `--html` as for a game, `--shrink` saving under `--out` (default: the
//! problem's `repros`). The stress plug-in adds `--problem` to the core's `replay`
//! ([`harness::cli::Extension`]).

use crate::game::case::Installed;
use crate::game::kind::Stress;
use crate::programs::problem::{self, Flags};
use clap::parser::ValueSource;
use clap::{Args as _, FromArgMatches as _};
use harness::cli::{Exit, Extension, PluginContext, ReplayArgs};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::plan::{CaseSource, DiffOptions, ReplayFiles};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

/// The flag the stress plug-in adds to `harness replay`.
#[derive(clap::Args, Debug)]
pub struct ProblemArg {
    /// Replay the saved repros of this problem (a problem file, or a folder holding
    /// `problem.toml`): each FILE is an input, run through its reference and solution.
    #[arg(long, value_name = "PROBLEM")]
    pub problem: Option<PathBuf>,
}

/// The core's `replay` flags that concern games only: refused with a problem.
const GAME_ONLY: &[(&str, &str)] = &[
    ("game", "--game"),
    ("engine", "--engine"),
    ("against", "--against"),
];

/// Adds `--problem` to `harness replay`.
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    registry.extend(Extension {
        subcommand: "replay",
        args: ProblemArg::augment_args,
        run: run_matches,
    })
}

fn run_matches(matches: &clap::ArgMatches, cx: &PluginContext) -> Result<u8, Exit> {
    for (id, flag) in GAME_ONLY {
        if matches.value_source(id) == Some(ValueSource::CommandLine) {
            return Err(Exit(
                2,
                format!("{flag} is for games; a problem's repros run its own programs"),
            ));
        }
    }
    let core = ReplayArgs::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let own = ProblemArg::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let Some(path) = &own.problem else {
        return Err(Exit(2, "--problem: give the problem file or folder".into()));
    };
    let mut out = harness::cli::Stdout::new();
    let code = run(&core, path, cx, &mut out);
    let _ = out.flush();
    code
}

/// Replays `core.files` as saved inputs of the problem at `path`, writing the verdict lines to
/// `out`; returns the exit status: 0 all pass, 1 a failure, 2 a missing file, bad input or an
/// error of the problem's programs.
pub fn run(
    core: &ReplayArgs,
    path: &std::path::Path,
    cx: &PluginContext,
    out: &mut dyn std::io::Write,
) -> Result<u8, Exit> {
    harness::cli::json_target(&core.json)?;
    let problem = problem::resolve_problem(Some(problem::read_file(path)?), &Flags::default())?;
    let mut verdicts = Vec::new();
    let mut status = 0;
    let mut files = Vec::new();
    for file in &core.files {
        if file.exists() {
            files.push(file.clone());
        } else {
            writeln!(out, "{}: no such file", file.display())?;
            verdicts.push(harness::cli::missing_file(file));
            status = 2;
        }
    }
    let out_dir = core.out.clone().unwrap_or_else(|| match &problem.dir {
        Some(dir) => dir.join("repros"),
        None => PathBuf::from("stress-repros"),
    });
    let mut batch = BatchOptions::new::<Stress>(0, 0);
    batch.threads = 1;
    let mut opts = DiffOptions::<Stress>::new(batch, out_dir);
    opts.cases = CaseSource::Files(ReplayFiles {
        files,
        shrink: core.shrink,
        pages: core.html.clone().map(|o| (o, core.files.len() > 1)),
    });
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    opts.command = Some("stress");
    let installed = Installed::new(problem, Arc::clone(&opts.batch.stop));
    if core.shrink {
        harness::cli::stop_on_interrupt(Arc::clone(&opts.batch.stop));
    }
    let pair = crate::game::engines::pair(&installed);
    let summary = harness::run::pipeline::run::<Stress>(&opts, &pair, &Silent, out)?;
    let mine = summary.replay.as_ref().map_or(&[][..], |r| &r.files);
    status = mine
        .iter()
        .map(|v| v.verdict.status())
        .fold(status, harness::cli::worst_status);
    verdicts.extend_from_slice(mine);
    harness::cli::write_json(
        &core.json,
        &serde_json::json!({"schema": harness::cli::REPLAY_SCHEMA, "files": verdicts}),
    )?;
    let errors = crate::commands::stress::problem_errors(&installed, &summary, out)?;
    Ok(harness::cli::worst_status(status, errors))
}
