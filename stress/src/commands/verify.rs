//! `harness verify` for a problem given by programs: `harness verify --gen-stream GEN --reference
//! REF [--checker CHK] --scope 'draws<=D,values<=V' -- SOLUTION`, or `harness verify PROBLEM
//! --scope ...`. The stress plug-in adds the problem's flags to the core's `verify`
//! ([`harness::cli::Extension`]); an invocation that gives one of them runs here, on the core's
//! flags (`--scope`, `--shard`, `--json`, `--threads`, `--time`, `--out`, ...) and these.
//!
//! The run: the problem resolved and installed; every input of the scope listed (the odometer,
//! [`crate::game::scope::enumerate`], in every shard: the generator alone, in order of size, each
//! distinct input once); then the pipeline's `verify` ([`harness::proof::scope_run::run`]) over those inputs
//! as a bounded scope, `--shard I/K` taking the inputs `i` with `i % K == I`, with its
//! certificate: the scope, the programs with their content hashes, the choice sequences and probe
//! runs, the distinct inputs checked, the digest. `harness merge` of the shards' `--json` reports
//! is the certificate of the whole scope.

use crate::commands::flags::{default_workers, ProblemFlags};
use crate::game::case::Installed;
use crate::game::kind::Stress;
use crate::game::scope::Enumerated;
use crate::programs::problem::{self, Flags, Generator, ProblemFile};
use clap::parser::ValueSource;
use clap::{Args as _, FromArgMatches as _};
use harness::cli::{Exit, Extension, PluginContext, VerifyArgs};
use harness::proof::scope_run::{Given, ScopeCases};
use harness::run::batch::BatchOptions;
use harness::run::plan::DiffOptions;
use serde_json::json;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The flags the stress plug-in adds to `harness verify`.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "A problem given by programs (docs/stress.md)")]
pub struct ProblemArgs {
    /// The problem file and the programs given as flags, three of them described in verify's words
    /// (`VERIFY_HELP`).
    #[command(flatten)]
    pub problem: ProblemFlags,
}

/// The help of the program flags that verify says in its own words: the problem's generator is a
/// stream generator whose small inputs are enumerated.
const VERIFY_HELP: &[(&str, &str)] = &[
    (
        "problem",
        "A problem file (TOML), or a folder holding `problem.toml`, whose generator is a stream \
         generator: verify every small input of it (flags override it)",
    ),
    (
        "gen_stream",
        "A stream generator using the kit (it writes the tape of its draws): its small inputs \
         are enumerated, in order of size",
    ),
    (
        "validator",
        "Reads an input on standard input, exit 0 when valid",
    ),
];

/// Adds [`ProblemArgs`] to `verify`'s command, in verify's words (each argument left in its place:
/// completions list them in order).
fn augment(cmd: clap::Command) -> clap::Command {
    ProblemArgs::augment_args(cmd).mut_args(|a| {
        match VERIFY_HELP.iter().find(|(id, _)| a.get_id() == *id) {
            Some((_, help)) => a.help(*help),
            None => a,
        }
    })
}

/// The core's `verify` flags that concern games only: refused with a problem.
const GAME_ONLY: &[(&str, &str)] = &[
    ("game", "--game"),
    ("engine", "--engine"),
    ("against", "--against"),
    ("case_timeout", "--case-timeout"),
];

/// Adds the problem's flags to `harness verify`.
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    registry.extend(Extension {
        subcommand: "verify",
        args: augment,
        run: run_matches,
    })
}

fn run_matches(matches: &clap::ArgMatches, cx: &PluginContext) -> Result<u8, Exit> {
    let _scratch = crate::programs::program::ScratchFolder;
    for (id, flag) in GAME_ONLY {
        if matches.value_source(id) == Some(ValueSource::CommandLine) {
            return Err(Exit(
                2,
                format!("{flag} is for games; a problem is given by its programs"),
            ));
        }
    }
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let core = VerifyArgs::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let own = ProblemArgs::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    let limits = (
        given("timeout_ms").then_some(core.program.timeout_ms),
        given("memory_mb").then_some(core.program.memory_mb),
    );
    let mut out = harness::cli::Stdout::new();
    let code = run(&core, &own, limits, cx, &mut out);
    let _ = out.flush();
    code
}

/// Runs `harness verify` for a problem: `limits` are the CPU time (ms) and memory (MiB) given on
/// the command line (else the problem file's); the report goes to `out`. Returns the exit status:
/// 0 verified (with `--shard`: its share, every input agreeing), 1 a failure or not every input
/// checked, 2 bad usage or an error of the problem's programs.
pub fn run(
    core: &VerifyArgs,
    own: &ProblemArgs,
    limits: (Option<u64>, Option<u64>),
    cx: &PluginContext,
    out: &mut dyn std::io::Write,
) -> Result<u8, Exit> {
    harness::cli::json_target(&core.run.json)?;
    let bounds =
        crate::game::scope::parse(&core.scope).map_err(|e| Exit(2, format!("--scope {e}")))?;
    let (problem, programs) = resolve(core, own, limits)?;
    let opts = options(core, &problem, cx);
    let installed = Installed::new(problem, Arc::clone(&opts.batch.stop));
    harness::cli::stop_on_interrupt(Arc::clone(&opts.batch.stop));
    let mut listed = list(&core.scope, bounds, &installed, out)?;
    listed.programs = programs;
    let summary = check(core, opts, listed, &installed, out)?;
    harness::cli::write_json(&core.run.json, &summary)?;
    let code = crate::commands::stress::problem_errors(&installed, &summary, out)?;
    let verified = summary
        .certificate
        .as_ref()
        .is_some_and(|c| c.verified || (c.shards_complete && summary.failed() == 0));
    Ok(if code == 0 && !verified { 1 } else { code })
}

/// The problem from the flags and the problem file (every program found and compiled), with its
/// programs' content hashes; a problem without a stream generator cannot be enumerated.
fn resolve(
    core: &VerifyArgs,
    own: &ProblemArgs,
    (time_ms, memory_mb): (Option<u64>, Option<u64>),
) -> Result<(problem::Problem, serde_json::Value), Exit> {
    let file = own.problem.file()?;
    let limits = crate::commands::flags::RunLimits {
        timeout_ms: time_ms,
        memory_mb,
    };
    let flags = own.problem.programs.flags(&core.cmd, limits);
    let programs = programs(file.as_ref(), &flags);
    let problem = problem::resolve_problem(file, &flags)?;
    if !matches!(problem.generators.first(), Some(Generator::Stream(_))) {
        return Err(Exit(
            2,
            "verify enumerates a stream generator: give --gen-stream (or gen-stream in the \
             problem file), not a seed generator"
                .into(),
        ));
    }
    Ok((problem, programs))
}

/// Every input of the scope (the odometer, in this process), and the line that counts them.
fn list(
    scope: &str,
    bounds: crate::protocol::enumerate::Bounds,
    installed: &Arc<Installed>,
    out: &mut dyn std::io::Write,
) -> Result<Enumerated, Exit> {
    let listed = crate::game::scope::enumerate(installed, scope, bounds).map_err(|e| {
        // Ctrl-C while listing: the status of an interrupted run.
        let interrupted = installed.stop.load(std::sync::atomic::Ordering::Relaxed);
        let status = if interrupted { 130 } else { 2 };
        Exit(
            status,
            format!("the scope `{scope}` cannot be enumerated: {e}"),
        )
    })?;
    writeln!(
        out,
        "scope {}: {} choice sequences ({} probe runs), {} distinct inputs",
        crate::game::scope::canonical(bounds),
        listed.sequences,
        listed.probes,
        listed.streams.len()
    )?;
    Ok(listed)
}

/// The pipeline's `verify` over the listed inputs (this shard's share of them).
fn check(
    core: &VerifyArgs,
    opts: DiffOptions<Stress>,
    listed: Enumerated,
    installed: &Arc<Installed>,
    out: &mut dyn std::io::Write,
) -> Result<harness::run::summary::Summary, Exit> {
    let given = Given {
        cases: Arc::new(ScopeCases::<Stress>::new(Box::new(listed))),
        name: None,
    };
    let total =
        harness::run::certificate::shard_indices(given.cases.scope().len(), opts.batch.shard);
    let unit = harness::render::report::Unit::Indices;
    let bar = harness::cli::progress_for("stress", unit, total, core.run.quiet);
    let argv: Vec<String> = std::env::args().collect();
    let pair = crate::game::engines::pair(installed);
    let summary = harness::proof::scope_run::run::<Stress>(opts, &given, &pair, &*bar, out, &argv)?;
    drop(bar);
    Ok(summary)
}

/// The run's plan from the core's flags: repros under `--out`, else the problem's `repros`
/// folder, else `stress-repros`.
fn options(
    core: &VerifyArgs,
    problem: &problem::Problem,
    cx: &PluginContext,
) -> DiffOptions<Stress> {
    let mut batch = BatchOptions::new::<Stress>(0, 0);
    batch.threads = core.run.threads.unwrap_or_else(|| default_workers(problem));
    batch.shard = core.run.shard.unwrap_or((0, 1));
    batch.max_failures = core.run.max_failures;
    batch.time = core.run.time.map(Duration::from_secs_f64);
    let out_dir = core.run.out.clone().unwrap_or_else(|| match &problem.dir {
        Some(dir) => dir.join("repros"),
        None => PathBuf::from("stress-repros"),
    });
    let mut opts = DiffOptions::<Stress>::new(batch, out_dir);
    if let Some(dir) = &problem.dir {
        opts.corpus_dir = dir.join("tests");
    }
    opts.shrink_budget = Duration::from_secs_f64(core.run.shrink_secs);
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    opts.command = Some("verify");
    opts
}

/// Each program of the problem as given (the flag's, else the problem file's) with a hash of its
/// content: FNV-1a 64 over its words, every word that names a file (from the folder the command
/// is read from: the current one for a flag, the problem file's for the file) replaced by the
/// file's bytes. A program found on `PATH` (`python3`, `sh`) counts by its name.
pub fn programs(file: Option<&(ProblemFile, PathBuf)>, flags: &Flags) -> serde_json::Value {
    let (f, dir) = match file {
        Some((f, dir)) => (Some(f), dir.as_path()),
        None => (None, Path::new(".")),
    };
    let solution = (!flags.solution.is_empty()).then(|| {
        shlex::try_join(flags.solution.iter().map(String::as_str))
            .unwrap_or_else(|_| flags.solution.join(" "))
    });
    let roles = [
        ("generator", &flags.gen_stream, f.map(|f| &f.gen_stream)),
        ("reference", &flags.reference, f.map(|f| &f.reference)),
        ("solution", &solution, f.map(|f| &f.solution)),
        ("checker", &flags.checker, f.map(|f| &f.checker)),
        ("validator", &flags.validator, f.map(|f| &f.validator)),
        ("interactor", &flags.interactor, f.map(|f| &f.interactor)),
    ];
    let mut listed = Vec::new();
    for (role, flag, from_file) in roles {
        let (spec, base) = match (flag, from_file) {
            (Some(s), _) => (s, Path::new(".")),
            (None, Some(Some(s))) => (s, dir),
            _ => continue,
        };
        listed.push(json!({"role": role, "command": spec, "hash": content_hash(spec, base)}));
    }
    serde_json::Value::Array(listed)
}

/// `fnv1a64:` and the hash of the command `spec` read from `base` ([`programs`]).
fn content_hash(spec: &str, base: &Path) -> String {
    let words = shlex::split(spec).unwrap_or_else(|| vec![spec.to_string()]);
    let mut bytes = Vec::new();
    for word in &words {
        let path = base.join(word);
        match std::fs::read(&path).ok().filter(|_| path.is_file()) {
            Some(content) => {
                bytes.extend_from_slice(b"file\0");
                bytes.extend_from_slice(&content);
            }
            None => bytes.extend_from_slice(word.as_bytes()),
        }
        bytes.push(0);
    }
    format!("fnv1a64:{:016x}", harness::rng::fnv1a_64(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_programs_hash_follows_its_files_content_not_its_name() {
        let dir = std::env::temp_dir().join(format!("stress-verify-hash-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.py"), "print(1)\n").unwrap();
        let before = content_hash("python3 a.py", &dir);
        assert_eq!(
            before,
            content_hash("python3 a.py", &dir),
            "a pure function"
        );
        assert_ne!(before, content_hash("python3 b.py", &dir), "another word");
        std::fs::write(dir.join("a.py"), "print(2)\n").unwrap();
        assert_ne!(before, content_hash("python3 a.py", &dir), "other content");
        let flags = Flags {
            gen_stream: Some("python3 a.py".into()),
            reference: Some("sh -c 'cat'".into()),
            solution: vec!["./sol".into(), "x y".into()],
            ..Flags::default()
        };
        let listed = programs(None, &flags);
        let roles: Vec<&str> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["generator", "reference", "solution"]);
        assert_eq!(listed[2]["command"], "./sol 'x y'");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
