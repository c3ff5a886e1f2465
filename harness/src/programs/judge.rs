//! External programs as engines: every case goes to the program on stdin, its stdout is the answer.
//! Timeouts, crashes and floods of output are faults of the run. `harness judge` is a differential
//! run ([`crate::run::pipeline`]) of the reference against a [`Program`]: a failing case is shrunk by
//! re-running the program on smaller cases, and saved with the expected and the received output.
//!
//! Each run goes through [`crate::programs::process`]: limits on CPU time (with a wall-clock guard against
//! programs that sleep), memory and output, and every process the program starts is reaped when the
//! run ends, whatever it did.

use crate::programs::process::{self, Ending, Execution, Limit, Limits};
use crate::roles::engine::{Engine, Output};
use crate::roles::game::Game;
use crate::roles::verdict::Fault;
use anyhow::Context as _;
use std::time::Duration;

/// An external program as an engine: it reads the contest input on standard input and prints the
/// answer. It gives answers only, runs out of process and enforces its own limits, so a hang, a
/// crash or a flood of output is a [`Fault`] of this run, never of the harness.
#[derive(Debug, Clone)]
pub struct Program {
    /// The program and its arguments.
    pub(crate) cmd: Vec<String>,
    /// How the program starts warm (its `argv` holding the arguments of `cmd` too), when the
    /// harness built it from its source (`Program::from_source`): forked from a started copy
    /// for each run.
    pub(crate) warm: Option<process::WarmStart>,
    /// The name in reports (default: `program <cmd...>`).
    pub name: String,
    /// The CPU-time limit of one run; `None`: the game's limit for the case.
    pub(crate) cpu: Option<Duration>,
    /// The memory limit of one run (peak resident memory of everything it starts).
    pub(crate) memory_bytes: Option<u64>,
    /// Output beyond this many bytes is cut off and judged malformed.
    pub(crate) max_output: usize,
    /// The wall-clock guard of one run; `None`: three times the CPU limit plus one second.
    pub(crate) wall: Option<Duration>,
}

impl Program {
    /// A program with a CPU-time limit per run.
    pub fn new(cmd: Vec<String>, cpu: Duration) -> Self {
        let name = format!("program {}", cmd.join(" "));
        Program {
            cmd,
            warm: None,
            name,
            cpu: Some(cpu),
            memory_bytes: None,
            max_output: 16 << 20,
            wall: None,
        }
    }

    /// A program given by its source (`.c`, `.cpp`, `.py`...; see [`toolchain::build`]) and its
    /// arguments: compiled once (cached), started warm. `None` when `cmd` does not start with a
    /// source file; an error when the source does not build.
    pub(crate) fn from_source(cmd: &[String], cpu: Duration) -> anyhow::Result<Option<Program>> {
        let Some((first, args)) = cmd.split_first() else {
            return Ok(None);
        };
        if toolchain::language_of(std::path::Path::new(first)).is_none() {
            return Ok(None);
        }
        let built = toolchain::build(std::path::Path::new(first), &[], "the program after `--`")?;
        let mut program = Program::new(built.command(args), cpu);
        program.name = format!("program {}", cmd.join(" "));
        program.warm = built.warm.map(|mut w| {
            w.argv.extend(args.iter().cloned());
            w
        });
        Ok(Some(program))
    }

    /// The limits of a run on a case of `G`.
    pub(crate) fn limits<G: Game>(&self, case: &G::Case) -> Limits {
        let mut limits = Limits::from_cpu(self.cpu.unwrap_or_else(|| G::time_limit(case)))
            .with_max_output(self.max_output);
        if let Some(m) = self.memory_bytes {
            limits = limits.with_memory(m);
        }
        if let Some(w) = self.wall {
            limits = limits.with_wall(w);
        }
        limits
    }

    /// The same program with a CPU-time limit of `cpu` on `case`, never above its own limit, and a
    /// wall-clock guard of three times that (for the candidates of a shrink, where a run past the
    /// limit is only a rejected or accepted candidate, never a verdict of its own).
    pub(crate) fn limited<G: Game>(&self, case: &G::Case, cpu: Duration) -> Program {
        let own = self.cpu.unwrap_or_else(|| G::time_limit(case));
        let cpu = cpu.min(own);
        Program {
            cpu: Some(cpu),
            wall: Some(cpu.saturating_mul(3)),
            ..self.clone()
        }
    }

    /// Makes this program with a lower limit per case ([`Program::limited`]): what the shrinker of
    /// its hangs needs (`DiffOptions::relimit` of the run).
    pub(crate) fn relimit<G: Game>(&self) -> crate::roles::engine::Relimit<G> {
        let program = self.clone();
        std::sync::Arc::new(move |case: &G::Case, cpu: Duration| {
            std::sync::Arc::new(program.limited::<G>(case, cpu)) as std::sync::Arc<dyn Engine<G>>
        })
    }

    /// Checks that the program can be started at all (a missing program is an error of the
    /// command line, not a verdict of every case).
    pub(crate) fn check_startable(&self) -> anyhow::Result<()> {
        let program = self
            .cmd
            .first()
            .context("no program to judge: give it after `--`")?;
        let found = if program.contains('/') {
            std::path::Path::new(program).is_file()
        } else {
            std::env::var_os("PATH").is_some_and(|paths| {
                std::env::split_paths(&paths).any(|d| d.join(program).is_file())
            })
        };
        if !found {
            anyhow::bail!("cannot start `{program}`: no such program");
        }
        Ok(())
    }
}

impl<G: Game> Engine<G> for Program {
    fn name(&self) -> &str {
        &self.name
    }
    fn traces(&self) -> bool {
        false
    }
    fn isolated(&self) -> bool {
        true
    }
    fn run(&self, case: &G::Case, _trace: bool) -> Result<Output<G::Outcome>, Fault> {
        let limits = self.limits::<G>(case);
        let program = process::Program {
            exec: self.cmd.clone(),
            warm: self.warm.clone(),
        };
        let exec =
            process::run(&program, &[], G::write(case).as_bytes(), &limits).map_err(|e| {
                Fault::RuntimeError {
                    status: format!("{e:#}"),
                    stderr: None,
                    output: String::new(),
                }
            })?;
        classify(exec, &limits)
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The outcome of one run of a program: its answer, or why there is none.
pub fn classify<O>(exec: Execution, limits: &Limits) -> Result<Output<O>, Fault> {
    let output = String::from_utf8_lossy(&exec.stdout).into_owned();
    if exec.interrupted {
        return Err(Fault::Interrupted);
    }
    match exec.limit {
        Some(Limit::Cpu) => {
            return Err(Fault::TimeLimit {
                limit_ms: ms(limits.cpu),
                what: format!("CPU time, used {} ms", ms(exec.cpu)),
            })
        }
        Some(Limit::Wall) => {
            return Err(Fault::IdlenessLimit {
                limit_ms: ms(limits.cpu),
                wall_ms: ms(exec.wall),
                cpu_ms: ms(exec.cpu),
            })
        }
        Some(Limit::Memory) => {
            return Err(Fault::MemoryLimit {
                limit_mb: limits.memory_bytes.unwrap_or(0) >> 20,
            })
        }
        Some(Limit::Output) => {
            return Err(Fault::OutputLimit {
                limit_bytes: limits.max_output as u64,
                output,
            })
        }
        None => {}
    }
    if exec.flooded {
        return Err(Fault::OutputLimit {
            limit_bytes: limits.max_output as u64,
            output,
        });
    }
    match exec.ending {
        Ending::Exited(0) => match String::from_utf8(exec.stdout) {
            Ok(text) => Ok(Output::Answer(text)),
            Err(_) => Err(Fault::Malformed {
                why: "output is not UTF-8 text".into(),
                output,
            }),
        },
        Ending::Exited(code) => Err(Fault::RuntimeError {
            status: format!("exit status {code}"),
            stderr: last_line(&exec.stderr),
            output,
        }),
        Ending::Signaled(sig) => Err(Fault::RuntimeError {
            status: format!("killed by signal {sig}"),
            stderr: last_line(&exec.stderr),
            output,
        }),
        Ending::Killed => Err(Fault::RuntimeError {
            status: "stopped by the harness".into(),
            stderr: None,
            output,
        }),
    }
}

/// The last line of standard error that is not blank, at most 200 characters of it.
fn last_line(stderr: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(stderr);
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(|line| line.chars().take(200).collect())
}
