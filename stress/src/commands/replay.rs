//! `harness replay --problem PROBLEM FILE...` (or the problem's programs as flags, as `harness
//! stress` takes them: `--reference CMD FILE... -- SOLUTION`): a problem's saved repros (their
//! inputs, `NAME.in`)
//! through the pipeline's replay, as `harness replay` replays a game's saved cases: each file run
//! through the problem's reference and solution and judged as `harness stress` judges (its
//! checker, or the tokens; an expected answer saved beside it is checked too), one verdict line
//! per file, `--json` and `--html` as for a game, `--shrink` saving under `--out` (default: the
//! problem's `repros`). The stress plug-in adds these flags to the core's `replay`
//! ([`harness::cli::Extension`]); every repro of `harness stress` names the replay that judges it
//! as the run did (its `replay:` line).

use crate::commands::flags::Programs;
use crate::game::case::Installed;
use crate::game::kind::Stress;
use crate::programs::problem;
use clap::parser::ValueSource;
use clap::{Args as _, FromArgMatches as _};
use harness::cli::{Exit, Extension, PluginContext, ReplayArgs};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::plan::{CaseSource, DiffOptions, ReplayFiles};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

/// The flags the stress plug-in adds to `harness replay`: a problem by its file, its programs
/// given as flags, or both, as `harness stress` takes them.
#[derive(clap::Args, Debug, Default)]
pub struct ReplayFlags {
    /// Replay the saved repros of this problem (a problem file, a folder holding `problem.toml`,
    /// or a Polygon package): each FILE is an input, run through its reference and solution.
    #[arg(long, value_name = "PROBLEM")]
    pub problem: Option<PathBuf>,
    /// A seed generator, as `harness stress --gen` (resolved with the problem, not run).
    #[arg(long, value_name = "CMD")]
    pub gen: Option<String>,
    /// The problem's programs given as flags, each overriding the problem file's.
    #[command(flatten)]
    pub programs: Programs,
    #[command(flatten)]
    pub limits: crate::commands::flags::RunLimits,
    /// The solution and its arguments, after `--` (default: the problem file's).
    #[arg(last = true)]
    pub solution: Vec<String>,
}

impl ReplayFlags {
    /// Whether any flag names a problem or a program (else the files are a game's cases).
    fn given(&self) -> bool {
        let p = &self.programs;
        self.problem.is_some()
            || self.gen.is_some()
            || [
                &p.gen_stream,
                &p.reference,
                &p.checker,
                &p.validator,
                &p.interactor,
            ]
            .iter()
            .any(|f| f.is_some())
            || !self.solution.is_empty()
    }

    /// The problem these flags give: its file (if any) with the programs and limits of the flags
    /// over it, resolved as `harness stress` resolves them.
    fn resolve(&self) -> anyhow::Result<problem::Problem> {
        if self.problem.is_none() && self.gen.is_none() && self.programs.gen_stream.is_none() {
            anyhow::bail!(
                "without --problem, give the generator as the stress run had it (--gen-stream CMD \
                 or --gen CMD: resolved with the problem, not run), its --reference, and the \
                 solution after `--`"
            );
        }
        let file = self
            .problem
            .as_deref()
            .map(problem::read_file)
            .transpose()?;
        let mut flags = self.programs.flags(&self.solution, self.limits);
        flags.gen = self.gen.clone();
        problem::resolve_problem(file, &flags)
    }
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
        args: ReplayFlags::augment_args,
        run: run_matches,
    })
}

fn run_matches(matches: &clap::ArgMatches, cx: &PluginContext) -> Result<u8, Exit> {
    let _scratch = crate::programs::program::ScratchFolder;
    for (id, flag) in GAME_ONLY {
        if matches.value_source(id) == Some(ValueSource::CommandLine) {
            return Err(Exit(
                2,
                format!("{flag} is for games; a problem's repros run its own programs"),
            ));
        }
    }
    let core = ReplayArgs::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let own = ReplayFlags::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    if !own.given() {
        return Err(Exit(
            2,
            "give the problem (--problem PROBLEM) or its programs (--reference CMD, -- SOLUTION)"
                .into(),
        ));
    }
    let mut out = harness::cli::Stdout::new();
    let code = run(&core, &own, cx, &mut out);
    let _ = out.flush();
    code
}

/// Replays `core.files` as saved inputs of the problem `own` gives, writing the verdict lines to
/// `out`; returns the exit status: 0 all pass, 1 a failure, 2 a missing file, bad input or an
/// error of the problem's programs.
pub fn run(
    core: &ReplayArgs,
    own: &ReplayFlags,
    cx: &PluginContext,
    out: &mut dyn std::io::Write,
) -> Result<u8, Exit> {
    harness::cli::json_target(&core.json)?;
    let problem = own.resolve()?;
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
