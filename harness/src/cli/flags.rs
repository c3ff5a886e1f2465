//! The flags several subcommands share, declared once as clap `Args` groups, and their
//! resolution into the plan of a run ([`DiffOptions`]) in one place, before anything runs.
//!
//! Each command flattens the groups it takes: `diff` and `judge` take [`CaseFlags`] and
//! [`ProfileArg`] (generated cases), `diff`, `judge` and `verify` take [`RunFlags`] (workers,
//! shard, time, failures, output), `diff` and `verify` take [`CaseTimeout`] (in-process engines),
//! `judge` and `verify` take [`ProgramFlags`] (a judged program's limits). A flag therefore has
//! one name, one parser, one meaning and one help text wherever it appears; `--threads` is also
//! `--jobs` (and `-t` is also `-j`) in every command that takes it.
//!
//! A plug-in's subcommand ([`crate::cli::Registry`]) takes the same groups the same way, with the
//! same names and meanings:
//!
//! ```ignore
//! #[derive(clap::Args)]
//! struct Args {
//!     #[command(flatten)]
//!     cases: harness::cli::CaseFlags,
//!     #[command(flatten)]
//!     run: harness::cli::RunFlags,
//!     #[command(flatten)]
//!     program: harness::cli::ProgramFlags,
//! }
//! // ...
//! let flags = harness::cli::Flags { run: &args.run, cases: Some(&args.cases), ..Default::default() };
//! let mut opts = flags.resolve::<MyGame>(PathBuf::from("repros"))?;
//! let program = args.program.program(&cmd)?;
//! ```
//!
//! A default that differs for one command is set on that command's `Args` with clap's
//! `mut_arg` (`judge` runs 1000 cases, not 100000:
//! `#[command(mut_arg("cases", |a| a.default_value("1000")))]`); whether the user gave a flag
//! at all (to let a file of one's own supply it instead) is `ArgMatches::value_source`.

use super::args::PairArgs;
use super::args::{at_least_one, at_least_one_u64, memory_mb, parse_shard, seconds, workers};
use super::context::{Ctx, Exit};
use super::game::Table;
use super::progress::{progress_for, stop_on_interrupt};
use super::util::{json_target, status, write_json};
use crate::programs::judge::Program;
use crate::render::corpus;
use crate::roles::game::{Game, ProfileChoice};
use crate::roles::oracle::Pair;
use crate::run::batch::BatchOptions;
use crate::run::plan::DiffOptions;
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Which generated cases a run takes, and whether the saved ones run first.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct CaseFlags {
    /// Number of cases in the whole batch (all shards together).
    #[arg(long, short = 'n', default_value_t = 100_000, value_parser = at_least_one_u64)]
    pub(crate) cases: u64,
    /// Batch seed: case i uses the seed derived from (seed, i).
    #[arg(long, short, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Do not replay the saved cases (under --out and directly in `corpus/<game>/`) first.
    #[arg(long)]
    pub(crate) no_replay: bool,
}

/// The generator profile of a run's cases.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct ProfileArg {
    /// Generator profile, or `all` for every profile the reference can finish (`profiles`).
    #[arg(long, short)]
    pub(crate) profile: Option<String>,
}

/// How a run goes and where its results go: the workers, the shard, the time, the failures
/// (how many, how long each is shrunk, where it is saved) and the report.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct RunFlags {
    /// Worker threads: cases run at once, or programs at once when judging (default: all cores).
    #[arg(long, short, visible_alias = "jobs", visible_short_alias = 'j', value_parser = workers)]
    pub threads: Option<usize>,
    /// Run only shard I of K (cases i with i % K == I), e.g. `--shard 0/4` on the first of four
    /// machines; `merge` makes one report of the K reports (for verify: the certificate of the
    /// whole scope).
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Stop starting new cases after this many seconds (a verify run stopped early is not
    /// verified).
    #[arg(long, value_parser = seconds)]
    pub time: Option<f64>,
    /// Keep going after a failure until N distinct failure signatures are found; shrink and
    /// save the lowest case of each, with how many cases hit it (1: stop at the first).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
    pub max_failures: usize,
    /// Seconds allowed for shrinking each failure (of any kind).
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    pub shrink_secs: f64,
    /// Where a shrunk failure is saved (default: `corpus/<game>/regressions`, or
    /// `corpus/<game>/judge` for a program: judge, and verify after `--`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the run's report as one JSON document to this file (docs/reports.md; verify's
    /// holds its certificate, docs/verify.md).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The time limit of an in-process engine.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct CaseTimeout {
    /// Time limit of one in-process engine on one case, in seconds (default: the game's, from
    /// the case's size).
    #[arg(long, value_parser = seconds)]
    pub(crate) case_timeout: Option<f64>,
}

/// The limits of a judged program (after `--`).
#[derive(Args, Clone, Debug, PartialEq)]
pub struct ProgramFlags {
    /// CPU-time limit of the program after `--` per run, in milliseconds, as a contest judge counts it (the
    /// program and everything it starts). A program that sleeps or waits is stopped by a
    /// wall-clock guard of three times the limit plus one second, and judged a hang.
    #[arg(long, default_value_t = 2000, value_parser = at_least_one_u64)]
    pub timeout_ms: u64,
    /// Memory limit of the program after `--` per run, in MiB (peak resident memory of the program and its
    /// children).
    #[arg(long, default_value_t = 1024, value_parser = memory_mb)]
    pub memory_mb: u64,
    /// Output beyond this many bytes is cut off and judged malformed.
    #[arg(long, default_value_t = 16 << 20, value_parser = at_least_one)]
    pub(crate) max_output: usize,
}

impl ProgramFlags {
    /// The program `cmd` (a command and its arguments) under these limits; refused (exit status
    /// 2) when it cannot be started.
    pub fn program(&self, cmd: &[String]) -> Result<Program, Exit> {
        let cpu = Duration::from_millis(self.timeout_ms);
        let built = Program::from_source(cmd, cpu).map_err(|e| Exit(2, format!("{e:#}")))?;
        let mut program = built.unwrap_or_else(|| Program::new(cmd.to_vec(), cpu));
        program.max_output = self.max_output;
        program.memory_bytes = Some(self.memory_mb << 20);
        program.check_startable()?;
        Ok(program)
    }
}

/// The shared flags of one run, borrowed from a command's parsed arguments: the groups it
/// flattens, `None` for those it does not take.
#[derive(Clone, Copy, Default)]
pub struct Flags<'a> {
    /// The run's workers, shard, time, failures and report (every run has them: a command that
    /// does not take them passes the defaults).
    pub run: Option<&'a RunFlags>,
    /// Generated cases; `None` when the command sets the run's source itself (a scope).
    pub(crate) cases: Option<&'a CaseFlags>,
    /// The generator profile (the game's default profile when `None`).
    pub(crate) profile: Option<&'a ProfileArg>,
    /// The limit of in-process engines (the game's when `None`).
    pub(crate) case_timeout: Option<&'a CaseTimeout>,
}

impl Flags<'_> {
    /// The plan of the run, resolved once from the flags before anything runs: its batch (cases,
    /// seed, profile, workers, shard, time, limits, failures to find), where failures are saved
    /// (`out` unless `--out`), how long each is shrunk, and whether saved cases replay first.
    /// A profile that does not exist, or that the reference cannot finish, is refused (exit
    /// status 2).
    pub fn resolve<G: Game>(&self, out: PathBuf) -> Result<DiffOptions<G>, Exit> {
        let secs = Duration::from_secs_f64;
        let mut batch = BatchOptions::new::<G>(0, 0);
        if let Some(c) = self.cases {
            batch.cases = c.cases;
            batch.seed = c.seed;
        }
        if let Some(p) = self.profile {
            let choice = ProfileChoice::parse::<G>(p.profile.as_deref())?;
            choice.require_reference::<G>()?;
            batch.profile = choice;
        }
        batch.case_timeout = self.case_timeout.and_then(|l| l.case_timeout).map(secs);
        let Some(run) = self.run else {
            return Ok(DiffOptions::new(batch, out));
        };
        if let Some(t) = run.threads {
            batch.threads = t;
        }
        batch.shard = run.shard.unwrap_or((0, 1));
        batch.time = run.time.map(secs);
        batch.max_failures = run.max_failures;
        let mut opts = DiffOptions::<G>::new(batch, run.out.clone().unwrap_or(out));
        opts.shrink_budget = secs(run.shrink_secs);
        opts.set_saved_first(self.cases.is_some_and(|c| !c.no_replay));
        Ok(opts)
    }
}

/// What runs against the trusted engine.
pub(crate) enum Tested<'a> {
    /// `--engine` against `--against`.
    Engines(&'a PairArgs),
    /// A program (after `--`) against the game's reference, under its limits.
    Program(&'a ProgramFlags, &'a [String]),
}

/// A run of `diff`, `judge` or `verify` (or `replay`), resolved from its flags before anything
/// runs: the pair of engines and the plan the phases read.
pub(crate) struct Plan<G: Game> {
    pub(crate) pair: Pair<G>,
    pub(crate) opts: DiffOptions<G>,
}

impl<G: Game> Plan<G> {
    /// Resolves the run: the JSON report can be written, the pair (a program is started-checked
    /// and built once), the plan from the shared flags, and what the context adds (colour, the
    /// program's name, out-of-process engines for shrinking hangs).
    pub(crate) fn resolve(
        table: &Table<G>,
        flags: Flags<'_>,
        tested: Tested<'_>,
        cx: &Ctx<'_>,
    ) -> Result<Self, Exit> {
        if let Some(run) = flags.run {
            json_target(&run.json)?;
        }
        let (pair, relimit, out) = match tested {
            Tested::Program(limits, cmd) => {
                let program = limits.program(cmd)?;
                let relimit = program.relimit::<G>();
                let pair = Pair::new(crate::roles::game::reference::<G>(), Arc::new(program));
                (pair, Some(relimit), corpus::judge_dir(G::NAME))
            }
            Tested::Engines(engines) => {
                (table.pair(engines)?, None, corpus::regressions_dir(G::NAME))
            }
        };
        let mut opts = flags.resolve::<G>(out)?;
        opts.colour = cx.colour;
        opts.program = cx.program.to_string();
        match relimit {
            Some(r) => opts.relimit = Some(r),
            None => opts.isolate = table.isolate(),
        }
        Ok(Plan { pair, opts })
    }
}

/// Runs a `diff` or `judge` batch with Ctrl-C connected and its progress shown, then writes the
/// JSON report; returns the exit status.
pub(crate) fn run_batch<G: Game>(
    plan: &Plan<G>,
    flags: &RunFlags,
    cx: &mut Ctx<'_>,
) -> Result<u8, Exit> {
    let Plan { pair, opts } = plan;
    stop_on_interrupt(Arc::clone(&opts.batch.stop));
    let bar = progress_for(
        G::NAME,
        crate::render::report::Unit::Cases,
        opts.batch.shard_cases(),
        flags.quiet,
    );
    let summary = crate::run::pipeline::run::<G>(opts, pair, &*bar, cx.out)?;
    drop(bar);
    write_json(&flags.json, &summary)?;
    Ok(status(&summary))
}

#[cfg(test)]
mod tests;
