//! `harness exec [--problem DIR] PROGRAM [ARGS...]`: one program of a problem, built as `harness
//! stress` builds it (a source compiled once into the cache), run once as a plain process with the
//! harness's own standard input, output and error; its exit status is the command's. The lines of
//! a stress report (`reproduce:`, `generator call:`, `read by:`) name a source so, never its
//! compiled program in the cache.

use crate::programs::program::{resolve, resolve_sanitized, resolve_stream, Cmd};
use clap::{Args as _, FromArgMatches as _};
use harness::cli::{Exit, Plugin, PluginContext};
use std::path::{Path, PathBuf};

const ABOUT: &str = "Build a program as `harness stress` does and run it once (the lines of a \
                     stress report)";

const LONG_ABOUT: &str = "Build a program as `harness stress` builds it and run it once.\n\n\
    The lines of a stress report that make a failing case again (`reproduce:`, `generator call:`, \
    `generator stream: ... read by:`) name each program as the run was given it: a source file \
    as `harness exec SOURCE ARGS...`, so that the line, pasted into a shell in the folder where the \
    run started, builds and runs the same programs, e.g.\n\n    \
    harness exec gen.cpp 15896808418960037914 | harness exec bad.cpp\n\n\
    PROGRAM is a source file (.cpp, .cc, .cxx, .c, .rs compiled once into the compile cache with \
    the flags `harness stress` uses, the kit's stress.h on the include path; .py run with python3), \
    or else a command split into words as a shell splits it; ARGS follow its own words. The \
    program runs as a plain process (no warm start, no limits) on this command's standard input, \
    output and error, and its exit status is this command's (a signal N: 128+N, as a shell says). \
    A source that does not compile, or a program that is not there, is an error with exit status \
    2.\n\n\
    A problem file's programs are named by their paths from the working directory (the problem's \
    folder joined); --problem DIR takes PROGRAM's path from DIR instead.";

/// The flags of `harness exec`.
#[derive(clap::Args, Debug)]
pub struct ExecArgs {
    /// Take PROGRAM's path from this folder (a problem's folder, or the folder of a problem
    /// file), as the problem file's programs are.
    #[arg(long, value_name = "DIR")]
    pub problem: Option<PathBuf>,
    /// Build a C++ stream generator as `--gen-stream` does: one that includes testlib.h gets the
    /// kit's stress.h forced in first, so its `rnd` draws from the stream on standard input.
    #[arg(long, conflicts_with = "sanitize")]
    pub stream: bool,
    /// Run the build `--sanitize` makes of a C or C++ source (AddressSanitizer,
    /// UndefinedBehaviorSanitizer, the standard library's debug mode).
    #[arg(long)]
    pub sanitize: bool,
    /// The program: a source file, or a command split as a shell splits it.
    #[arg(value_name = "PROGRAM")]
    pub program: String,
    /// The program's arguments, after its own words.
    #[arg(
        value_name = "ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub args: Vec<String>,
}

/// Adds `exec` to a command line.
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    registry.subcommand(Plugin {
        command: || {
            ExecArgs::augment_args(clap::Command::new("exec"))
                .about(ABOUT)
                .long_about(LONG_ABOUT)
        },
        run: run_matches,
    })
}

fn run_matches(matches: &clap::ArgMatches, _: &PluginContext) -> Result<u8, Exit> {
    let _scratch = crate::programs::program::ScratchFolder;
    let args = ExecArgs::from_arg_matches(matches).map_err(|e| Exit(2, e.to_string()))?;
    run(&args)
}

/// Builds the program `args` names and runs it; returns its exit status.
pub fn run(args: &ExecArgs) -> Result<u8, Exit> {
    let cmd = built(args)?;
    let argv = cmd.program.command(&cmd.args);
    let Some((program, rest)) = argv.split_first() else {
        return Err(Exit(2, format!("exec `{}`: nothing to run", args.program)));
    };
    let status = std::process::Command::new(program)
        .args(rest)
        .status()
        .map_err(|e| {
            Exit(
                2,
                format!("exec `{}`: cannot start {program}: {e}", cmd.spec),
            )
        })?;
    Ok(exit_status(status))
}

/// The program `args` names, built (a source) or found (a command), its arguments after its own.
fn built(args: &ExecArgs) -> anyhow::Result<Cmd> {
    let base = match &args.problem {
        Some(file) if file.is_file() => crate::programs::problem::folder_of(file),
        Some(dir) if dir.is_dir() => dir.clone(),
        Some(dir) => anyhow::bail!("--problem {}: no such folder", dir.display()),
        None => PathBuf::from("."),
    };
    // A source is one path, whatever it holds; anything else is a command's words.
    let spec = match toolchain::language_of(Path::new(&args.program)) {
        Some(_) => shlex::try_quote(&args.program)
            .map_err(|_| anyhow::anyhow!("exec: the path `{}` holds a NUL", args.program))?
            .into_owned(),
        None => args.program.clone(),
    };
    let cmd = if args.sanitize {
        resolve_sanitized(&spec, &base, "exec --sanitize")?
    } else if args.stream {
        resolve_stream(&spec, &base, "exec --stream")?
    } else {
        resolve(&spec, &base, "exec")?
    };
    let mut all = cmd.args.clone();
    all.extend(args.args.iter().cloned());
    Ok(cmd.with_args(&all))
}

/// The status a shell reports for a program that ended so: its exit code, or 128 + the signal
/// that killed it.
fn exit_status(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt as _;
    match (status.code(), status.signal()) {
        (Some(code), _) => code.to_le_bytes()[0],
        (None, Some(signal)) => u8::try_from(128 + signal).unwrap_or(u8::MAX),
        (None, None) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(script: &str) -> u8 {
        let args = ExecArgs {
            problem: None,
            stream: false,
            sanitize: false,
            program: format!("sh -c '{script}'"),
            args: Vec::new(),
        };
        match run(&args) {
            Ok(code) => code,
            Err(Exit(code, message)) => panic!("exit {code}: {message}"),
        }
    }

    #[test]
    fn the_status_is_the_programs_and_a_signal_is_128_and_more() {
        assert_eq!(status("exit 0"), 0);
        assert_eq!(status("exit 3"), 3);
        assert_eq!(status("kill -TERM $$"), 128 + 15);
    }

    #[test]
    fn a_missing_source_or_program_is_an_error() {
        for program in ["no-such-file.cpp", "./no-such-program"] {
            let args = ExecArgs {
                problem: None,
                stream: false,
                sanitize: false,
                program: program.into(),
                args: Vec::new(),
            };
            let Err(Exit(code, message)) = run(&args) else {
                panic!("{program} ran");
            };
            assert_eq!(code, 2);
            assert!(message.contains("no such"), "{message}");
        }
    }
}
