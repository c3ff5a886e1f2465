//! Problems given by programs (a generator, a brute force, a solution, and testlib-style
//! checker, validator and interactor): `harness stress`, and the problem flags of `harness verify`
//! and `harness replay`, as a plug-in of the harness. Four rooms, each depending only on those
//! listed before it:
//!
//! - [`protocol`]: the stream protocol, pure.
//!   - [`protocol::tape`]: the bounded draws, the tape a generator writes, and the byte stream that
//!     makes a generator draw given values.
//!   - [`protocol::reduce`]: candidate lists for the harness's greedy shrinker: byte streams, seed
//!     generator calls, and input texts whose format is unknown.
//!   - [`protocol::enumerate`]: an odometer that lists every small choice sequence of a stream
//!     generator, in order of size.
//! - [`programs`]: the problem's programs and their runs.
//!   - [`programs::program`]: a command (a program, or a source built once) and its supervised
//!     runs; the scratch files, the words for how a run ended.
//!   - [`programs::interact`]: the interactor and the solution over crossed pipes, and the
//!     interactor's verdict.
//!   - [`programs::package`]: a Polygon package (`problem.xml`): its limits, programs, script
//!     lines and tagged solutions.
//!   - [`programs::testset`]: a package's tests: its script lines, each with its generator, and
//!     its manual tests with their inputs.
//!   - [`programs::xml`]: what reading `problem.xml` shares (where paths and messages point).
//!   - [`programs::standard`]: the standard checkers (`std::lcmp`...): their names, judged by the
//!     kit's program.
//!   - [`programs::generators`]: the problem's generators (stream or seed), and a package's
//!     resolved with its script lines (one that does not build here left out with its lines).
//!   - [`programs::problem`]: the problem: its file (or package), the flags that override it,
//!     every program resolved, the limits.
//!   - [`programs::replay`]: the `harness replay` that judges a repro as its run did, named as the
//!     run was given its problem and programs.
//! - [`game`]: the problem as a game of the harness.
//!   - [`game::kind`]: the game's type and outcome, named by the roles and the engines alike.
//!   - [`game::case`]: a case (the input with what makes it again, made on first use) and the
//!     installed problem, which every case and engine of a run holds.
//!   - [`game::roles`]: the core's roles (format, generation, check, shrink) for the game, and
//!     the batch's fresh cases.
//!   - [`game::engines`]: the brute force and the solution as engines, the checker as the judge.
//!   - [`game::shrinking`]: how a failing case shrinks: the generator's choices, then the text.
//!   - [`game::generate`]: a generator's run on a case's choices, its output the input text.
//!   - [`game::repro`]: what a saved repro says beyond its input, its `reproduce:` command and its
//!     `replay:` line.
//!   - [`game::scope`]: every small input of a stream generator as the run's cases.
//!   - [`game::slow`]: how long a solution runs, and the margin a slow shrink candidate keeps.
//!   - [`game::sanitized`]: the sanitized builds' runs and their reports (`--sanitize`).
//!   - [`game::mutate`]: mutations of a stream at the level of the generator's draws, a
//!     constant the programs compared against put into a draw among them, and one value of a pair
//!     they compared put where a draw gave the other.
//!   - [`game::guided`]: one probe of the coverage search: the programs built with coverage
//!     counters, judged, and what they reached.
//!   - [`game::probe`]: one probe of a search: a job's input made, then run as its goal asks.
//!   - [`game::search`]: the searches over the generator's draws (`slow`: a climb on the
//!     solution's cost; `coverage`: a corpus of inputs that reached new code), whose pool becomes
//!     the run's cases.
//! - [`commands`]: the command line.
//!   - [`commands::flags`]: the problem flags (a problem file, the programs that override it),
//!     declared once for `stress` and `verify`.
//!   - [`commands::entry`]: `harness stress` registered, and its run dispatched (a package's
//!     solutions, or one run).
//!   - [`commands::stress`]: `harness stress`: its flags and one run.
//!   - [`commands::polygon`]: `harness stress PACKAGE` with no solution: every solution of the
//!     package against its tag.
//!   - [`commands::verify`]: the problem flags of `harness verify`, and its run with a certificate.
//!   - [`commands::replay`]: `harness replay --problem`: a problem's saved repros.
//!   - [`commands::exec`]: `harness exec`: one program built as a run builds it and run once, as
//!     the lines of a report name it.

pub mod commands;
pub mod game;
pub mod programs;
pub mod protocol;

/// Adds problems given by programs to a command line: `harness stress`, the problem's flags of
/// `harness verify` (every small input of a stream generator, with a certificate),
/// `harness replay --problem` (a problem's saved repros), and `harness exec` (one program, as a
/// report's lines name it).
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    use commands::{entry, exec, replay, verify};
    exec::register(replay::register(verify::register(entry::register(
        registry,
    ))))
}
