//! The problem flags, declared once: a problem file and the commands that override its programs
//! (named apart from the core's `harness::cli::ProgramFlags`, the limits of a judged program).
//! `harness stress` and the problem flags of `harness verify` flatten [`ProblemFlags`] (verify
//! words three of their helps for its own use, [`crate::commands::verify`]); both read the
//! problem file and build the overrides of [`crate::programs::problem::resolve_problem`] through
//! it. `harness replay` takes the same [`Programs`] with the problem file as a flag of its own
//! (`--problem`, where the others take a positional `PROBLEM`: replay's positional arguments are
//! its files), [`crate::commands::replay::ReplayFlags`].

use crate::programs::problem::{self, Flags, Problem, ProblemFile};
use std::path::PathBuf;

/// A problem on the command line: its file, and the programs given as flags (each overrides the
/// file's).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ProblemFlags {
    /// A problem file (TOML), a folder holding `problem.toml`, or a Polygon package (a folder
    /// holding `problem.xml`): the programs and limits; flags override it. Paths in the file are
    /// taken from its folder; paths in flags from the working directory.
    pub problem: Option<PathBuf>,
    /// The programs given as flags.
    #[command(flatten)]
    pub programs: Programs,
}

/// The programs of a problem given as flags, each overriding the problem file's: `harness stress`
/// and `harness verify` take them with the problem as a positional argument ([`ProblemFlags`]),
/// `harness replay` with `--problem` ([`crate::commands::replay`]).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Programs {
    /// A stream generator: it reads its random bytes on standard input.
    #[arg(long, value_name = "CMD")]
    pub gen_stream: Option<String>,
    /// The brute force: its output is the expected answer.
    #[arg(long, value_name = "CMD")]
    pub reference: Option<String>,
    /// `checker INPUT OUTPUT ANSWER`: exit 0 OK, 1 WA, 2 PE, 3 FAIL (default: compare tokens);
    /// `std::NAME` is testlib's standard checker NAME (`std::lcmp`, `std::rcmp6`, ...).
    #[arg(long, value_name = "CMD")]
    pub checker: Option<String>,
    /// Reads an input on standard input, exit 0 when valid; gates text reduction.
    #[arg(long, value_name = "CMD")]
    pub validator: Option<String>,
    /// `interactor INPUT OUTPUT`, talking to the solution; its exit status is the verdict (with
    /// --checker too, the checker then judges what it wrote to OUTPUT, as Polygon does).
    #[arg(long, value_name = "CMD")]
    pub interactor: Option<String>,
}

/// Cases run at once when `--threads` does not say: half again as many as the cores for compiled
/// programs, one a core when a program is interpreted. A worker runs a case's programs one after
/// another and waits on each (the request to its warm server, the fork, the pipes, the wake-ups),
/// so with one worker a core the cores stand idle between short runs: three trivial C++ programs
/// a case run a fifth to a quarter faster with three workers on two cores (docs/performance.md).
/// A Python script's runs keep a core busy with the fork's page faults instead, and every worker
/// more starts its interpreters once more: a short Python run (found and shrunk in under two
/// seconds) took a quarter longer with three workers.
pub fn default_workers(problem: &Problem) -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    match problem.interpreted() {
        true => cores,
        false => cores + cores.div_ceil(2),
    }
}

impl ProblemFlags {
    /// The problem file and its folder, when one is given.
    pub fn file(&self) -> anyhow::Result<Option<(ProblemFile, PathBuf)>> {
        self.problem.as_deref().map(problem::read_file).transpose()
    }
}

/// The limits of one run of each program, as `stress` and `replay` take them.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct RunLimits {
    /// CPU-time limit of one run of each program, in milliseconds (default: the problem file's,
    /// else 2000).
    #[arg(long, value_parser = harness::cli::at_least_one_u64)]
    pub timeout_ms: Option<u64>,
    /// Memory limit of one run of each program, in MiB (default: the problem file's, else 1024).
    #[arg(long, value_parser = harness::cli::memory_mb)]
    pub memory_mb: Option<u64>,
}

impl Programs {
    /// What these flags say of the programs, with the solution's words (after `--`) and the limits
    /// the command was given.
    pub fn flags(&self, solution: &[String], limits: RunLimits) -> Flags {
        Flags {
            gen_stream: self.gen_stream.clone(),
            reference: self.reference.clone(),
            solution: solution.to_vec(),
            checker: self.checker.clone(),
            validator: self.validator.clone(),
            interactor: self.interactor.clone(),
            time_ms: limits.timeout_ms,
            memory_mb: limits.memory_mb,
            ..Flags::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args as _, FromArgMatches as _};

    #[test]
    fn the_flags_give_the_overrides_of_the_problem_file() {
        let cmd = ProblemFlags::augment_args(clap::Command::new("t"));
        let words = ["t", "dir", "--gen-stream", "g.py", "--checker", "c"];
        let parsed = ProblemFlags::from_arg_matches(&cmd.get_matches_from(words)).unwrap();
        assert_eq!(parsed.problem, Some(PathBuf::from("dir")));
        let limits = RunLimits {
            timeout_ms: Some(5),
            memory_mb: None,
        };
        let flags = parsed.programs.flags(&["./sol".into()], limits);
        assert_eq!(flags.gen_stream.as_deref(), Some("g.py"));
        assert_eq!(flags.checker.as_deref(), Some("c"));
        assert_eq!((flags.reference, flags.gen), (None, None));
        assert_eq!(flags.solution, ["./sol"]);
        assert_eq!((flags.time_ms, flags.memory_mb), (Some(5), None));
        assert!(ProblemFlags::default().file().unwrap().is_none());
    }

    #[test]
    fn compiled_programs_get_half_again_as_many_workers_as_cores_and_scripts_one_a_core() {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let flags = |solution: &str| Flags {
            gen: Some("sh -c 'echo 1'".into()),
            reference: Some("cat".into()),
            solution: vec![solution.into()],
            ..Flags::default()
        };
        let compiled = problem::resolve_problem(None, &flags("cat")).unwrap();
        assert!(!compiled.interpreted());
        assert_eq!(default_workers(&compiled), cores + cores.div_ceil(2));
        let dir = std::env::temp_dir().join(format!("stress-workers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("sol.py");
        std::fs::write(&script, "print(input())\n").unwrap();
        let scripted = problem::resolve_problem(None, &flags(script.to_str().unwrap())).unwrap();
        assert!(scripted.interpreted());
        assert_eq!(default_workers(&scripted), cores);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
