//! A problem given by programs: its generator, reference (the brute force), solution, and optional
//! checker, validator and interactor, with the limits of one run. It is read from a problem file
//! (docs/stress-protocol.md) and the flags (a flag overrides the file); a run installs it
//! (`crate::game::case::Installed`) and its cases and engines hold it.

use crate::programs::generators::{file_generator, resolve_all, Resolved};
pub use crate::programs::generators::{Generator, Generators, LeftOut};
use crate::programs::program::{resolve, resolve_stream, Cmd};
use crate::programs::testset::{Manual, Script};
use anyhow::{bail, Context as _};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;
use supervise::Limits;

/// A problem, resolved: every program found (and compiled), the limits set.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The problem's name (the problem file's `name`, its folder's name, or `stress`).
    pub name: String,
    pub generators: Generators,
    /// The brute force: its output is the expected answer.
    pub reference: Cmd,
    /// The program under test.
    pub solution: Cmd,
    /// `checker INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA, 2 PE, 3 FAIL; tokens are compared without.
    pub checker: Option<Cmd>,
    /// Reads an input on standard input, exit 0 when valid.
    pub validator: Option<Cmd>,
    /// `interactor INPUT OUTPUT`, talks to the solution; its exit status is the verdict.
    pub interactor: Option<Cmd>,
    /// The limits of one run of any of the programs.
    pub limits: Limits,
    /// Reduce the input text itself after the generator's choices (always with a validator).
    pub reduce_text: bool,
    /// The problem file's folder, when there is one.
    pub dir: Option<PathBuf>,
    /// The problem's file, folder or package as the run was given it, when it has one.
    pub given: Option<PathBuf>,
    /// What the command line said of the programs and limits (the replay of a repro says it
    /// again, [`crate::programs::replay`]).
    pub flags: Flags,
    /// The programs built once more with the sanitizers (`--sanitize`).
    pub sanitized: Sanitized,
    /// The programs built once more with coverage counters (`--search coverage`; `--search slow`:
    /// the solution alone, when it can be, to count its work).
    pub covered: Option<Covered>,
    /// A package's script lines: generated case `i` calls the generator of line `i mod len` (the
    /// smallest first) with its arguments (and, a seed generator, the case's seed after them).
    /// Empty: the first generator with its own arguments.
    pub scripts: Vec<Script>,
    /// A package's generators that do not build here, left out with their script lines.
    pub left_out: Vec<LeftOut>,
    /// A package's manual tests: the first cases of a run, their inputs as they are.
    pub manual: Vec<Manual>,
}

/// Which programs `--sanitize` builds once more with the sanitizers.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sanitize {
    /// The solution.
    Solution,
    /// The solution and the brute force.
    All,
}

/// Which programs a search builds once more with coverage counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CountedBuilds {
    #[default]
    None,
    /// `--search slow`: the solution, when it is a C, C++ or Python source (its count of work is
    /// what the search climbs on); otherwise none, and the search climbs on CPU time.
    Solution,
    /// `--search coverage`: the solution (it must be such a source) and the brute force (when it
    /// is one).
    Both,
}

/// The programs built once more with AddressSanitizer, UndefinedBehaviorSanitizer and the
/// standard library's debug mode: each runs after its plain build passes a case, and a report of
/// theirs is a runtime error (`crate::game::sanitized`).
#[derive(Debug, Clone, Default)]
pub struct Sanitized {
    pub solution: Option<Cmd>,
    pub reference: Option<Cmd>,
}

/// The solution and the brute force built with coverage counters, for the coverage search
/// (`crate::game::guided`).
#[derive(Debug, Clone)]
pub struct Covered {
    pub solution: Cmd,
    /// `None`: the brute force is not a C or C++ source; it runs as it is, counting nothing.
    pub reference: Option<Cmd>,
}

impl Problem {
    /// Whether a program of the problem runs in an interpreter (a Python script): its runs keep a
    /// core busy with the fork's page faults, and each more worker starts an interpreter more.
    pub fn interpreted(&self) -> bool {
        let generators = self.generators.all().map(Generator::cmd);
        let mut commands = generators.chain([&self.reference, &self.solution]).chain(
            [&self.checker, &self.validator, &self.interactor]
                .into_iter()
                .flatten(),
        );
        commands.any(|cmd| {
            cmd.program.exec.iter().any(|word| {
                toolchain::language_of(Path::new(word)) == Some(toolchain::Language::Python)
            })
        })
    }

    /// The limits of a generator or validator run on a shrink candidate, or of a checker.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The solution's command as a `reproduce:` line gives it: its sanitized build, with the
    /// sanitizers' environment, under `--sanitize`.
    pub fn solution_shown(&self) -> String {
        match &self.sanitized.solution {
            Some(cmd) => {
                let env: Vec<String> = toolchain::SANITIZER_ENV
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                format!("{} {}", env.join(" "), cmd.shown())
            }
            None => self.solution.shown(),
        }
    }

    /// Whether shrinking goes on to the input text (a validator gates it, or it was asked for).
    pub fn text_reduction(&self) -> bool {
        self.reduce_text || self.validator.is_some()
    }
}

/// The problem file (docs/stress-protocol.md): every entry a command, paths relative to its folder.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProblemFile {
    pub name: Option<String>,
    pub gen_stream: Option<String>,
    pub gen: Option<String>,
    pub reference: Option<String>,
    pub solution: Option<String>,
    pub checker: Option<String>,
    pub validator: Option<String>,
    pub interactor: Option<String>,
    pub time_ms: Option<u64>,
    pub memory_mb: Option<u64>,
    /// What a package adds (not in a problem file).
    #[serde(skip)]
    pub package: PackageTests,
    /// The path it was read from, as given (its folder, its file or its package), for the lines
    /// that name it again.
    #[serde(skip)]
    pub given: Option<PathBuf>,
}

/// What a package adds to its problem file: its other generators, its script lines and its
/// manual tests.
#[derive(Debug, Default, Clone)]
pub struct PackageTests {
    /// The generators after the first (`gen`), as commands from the package's folder:
    /// [`GenId`](crate::programs::testset::GenId) `i` is `more_gens[i - 1]`.
    pub more_gens: Vec<String>,
    pub scripts: Vec<Script>,
    pub manual: Vec<Manual>,
}

/// Reads a problem file, or the `problem.toml` of a folder, or a Polygon package (a folder with a
/// `problem.xml`, `crate::programs::package`); returns it with its folder.
pub fn read_file(path: &Path) -> anyhow::Result<(ProblemFile, PathBuf)> {
    if crate::programs::package::is_package(path) {
        let package = crate::programs::package::read(path)?;
        let file = ProblemFile {
            given: Some(path.to_path_buf()),
            ..from_package(&package)
        };
        return Ok((file, package.dir));
    }
    let file = if path.is_dir() {
        path.join("problem.toml")
    } else {
        path.to_path_buf()
    };
    let text = std::fs::read_to_string(&file)
        .with_context(|| format!("problem {}: cannot read it", file.display()))?;
    let mut parsed: ProblemFile =
        toml::from_str(&text).map_err(|e| anyhow::anyhow!("problem {}: {e}", file.display()))?;
    parsed.given = Some(path.to_path_buf());
    Ok((parsed, folder_of(&file)))
}

/// The folder the paths a problem file names are taken from: the file's own (`.` for a bare
/// name).
pub fn folder_of(file: &Path) -> PathBuf {
    file.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// A package as a problem file: its generators called with its script lines (the first as `gen`),
/// its manual tests, the main solution the reference (and the default solution), its checker, validator and
/// interactor, its limits; paths relative to its folder.
pub fn from_package(p: &crate::programs::package::Package) -> ProblemFile {
    use crate::programs::package::Checker;
    let rel = |path: &Path| {
        let shown = path
            .strip_prefix(&p.dir)
            .unwrap_or(path)
            .display()
            .to_string();
        shlex::try_quote(&shown).map_or(shown.clone(), |q| q.into_owned())
    };
    ProblemFile {
        name: Some(p.name.clone()),
        gen: p.generators.first().map(|g| rel(g)),
        reference: Some(rel(&p.main)),
        solution: Some(rel(&p.main)),
        checker: match &p.checker {
            Checker::Source(path) => Some(rel(path)),
            Checker::Standard(name) => Some(format!("std::{name}")),
            Checker::None => None,
        },
        validator: p.validator.as_deref().map(rel),
        interactor: p.interactor.as_deref().map(rel),
        time_ms: Some(p.time_ms),
        memory_mb: Some(p.memory_mb),
        package: PackageTests {
            more_gens: p.generators.iter().skip(1).map(|g| rel(g)).collect(),
            scripts: p.scripts.clone(),
            manual: p.manual.clone(),
        },
        ..ProblemFile::default()
    }
}

/// What the command line says of the programs and limits (each overrides the problem file).
#[derive(Debug, Default, Clone)]
pub struct Flags {
    pub gen_stream: Option<String>,
    pub gen: Option<String>,
    pub reference: Option<String>,
    /// The solution's words after `--`, when given.
    pub solution: Vec<String>,
    pub checker: Option<String>,
    pub validator: Option<String>,
    pub interactor: Option<String>,
    pub time_ms: Option<u64>,
    pub memory_mb: Option<u64>,
    pub reduce_text: bool,
    /// `--sanitize`: which programs are built once more with the sanitizers.
    pub sanitize: Option<Sanitize>,
    /// Which programs are built with coverage counters (`--search`).
    pub counters: CountedBuilds,
}

/// One program's command: the flag's (from the current folder), else the file's (from its folder).
fn pick(
    flag: &Option<String>,
    file: &Option<String>,
    dir: &Path,
    role: &str,
) -> anyhow::Result<Option<Cmd>> {
    spec_of(flag, file, dir)
        .map(|(spec, base)| resolve(&spec, &base, role))
        .transpose()
}

/// The solution's command given after `--`, as one string a shell would split back.
fn given_solution(flags: &Flags) -> Option<String> {
    (!flags.solution.is_empty()).then(|| {
        shlex::try_join(flags.solution.iter().map(String::as_str))
            .unwrap_or_else(|_| flags.solution.join(" "))
    })
}

/// Compiles every program of the problem at once (see [`crate::programs::program::precompile`]),
/// each command taken from the flag, else from the file, as [`resolve_problem`] takes it.
fn precompile_all(flags: &Flags, f: &ProblemFile, dir: &Path) {
    let solution = given_solution(flags);
    let pairs = [
        (&flags.gen_stream, &f.gen_stream, true),
        (&flags.gen, &f.gen, false),
        (&flags.reference, &f.reference, false),
        (&solution, &f.solution, false),
        (&flags.checker, &f.checker, false),
        (&flags.validator, &f.validator, false),
        (&flags.interactor, &f.interactor, false),
    ];
    let owned: Vec<(String, PathBuf, bool)> = pairs
        .iter()
        .filter_map(|(flag, file, stream)| {
            spec_of(flag, file, dir).map(|(spec, base)| (spec, base, *stream))
        })
        .collect();
    let specs: Vec<(&str, &Path, bool)> = owned
        .iter()
        .map(|(spec, base, stream)| (spec.as_str(), base.as_path(), *stream))
        .chain(f.package.more_gens.iter().map(|g| (g.as_str(), dir, true)))
        .collect();
    crate::programs::program::precompile(&specs);
}

/// Resolves a problem from its file (if any) and the flags: finds and compiles every program.
pub fn resolve_problem(
    file: Option<(ProblemFile, PathBuf)>,
    flags: &Flags,
) -> anyhow::Result<Problem> {
    let has_file = file.is_some();
    let (f, dir) = file.unwrap_or_else(|| (ProblemFile::default(), PathBuf::from(".")));
    precompile_all(flags, &f, &dir);
    let Resolved {
        generators,
        scripts,
        left_out,
    } = generators(flags, &f, &dir)?;
    let reference_spec = spec_of(&flags.reference, &f.reference, &dir)
        .context("no reference: give --reference CMD (the brute force) or a problem file")?;
    let reference = resolve(&reference_spec.0, &reference_spec.1, "--reference")?;
    let solution_spec = spec_of(&given_solution(flags), &f.solution, &dir)
        .context("no solution: give it after `--` (or `solution` in the problem file)")?;
    let solution = resolve(&solution_spec.0, &solution_spec.1, "the solution")?;
    let sanitized = sanitized(flags.sanitize, &solution_spec, &reference_spec)?;
    let covered = covered(flags.counters, &solution_spec, &reference_spec)?;
    let cpu = Duration::from_millis(flags.time_ms.or(f.time_ms).unwrap_or(2000).max(1));
    let memory = flags.memory_mb.or(f.memory_mb).unwrap_or(1024).max(1);
    let name = f.name.clone().unwrap_or_else(|| {
        dir.canonicalize()
            .ok()
            .filter(|_| has_file)
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "stress".into())
    });
    Ok(Problem {
        name,
        generators,
        reference,
        solution,
        checker: pick(&flags.checker, &f.checker, &dir, "--checker")?,
        validator: pick(&flags.validator, &f.validator, &dir, "--validator")?,
        interactor: pick(&flags.interactor, &f.interactor, &dir, "--interactor")?,
        limits: Limits::from_cpu(cpu).with_memory(memory << 20),
        reduce_text: flags.reduce_text,
        given: has_file.then(|| f.given.clone().unwrap_or_else(|| dir.clone())),
        flags: flags.clone(),
        dir: has_file.then_some(dir),
        sanitized,
        covered,
        scripts,
        left_out,
        manual: f.package.manual.clone(),
    })
}

/// The problem's generators: the flag's or the problem file's first, then a package's others
/// (a flag stands for the first only: the others still run their script lines), resolved with the
/// package's script lines ([`resolve_all`]).
fn generators(flags: &Flags, f: &ProblemFile, dir: &Path) -> anyhow::Result<Resolved> {
    let package = !f.package.scripts.is_empty();
    let first = match (&flags.gen_stream, &flags.gen) {
        (Some(_), Some(_)) => bail!("give one generator: --gen-stream or --gen, not both"),
        (Some(s), None) => (
            s.clone(),
            resolve_stream(s, Path::new("."), "--gen-stream").map(Generator::Stream),
        ),
        (None, Some(s)) => (
            s.clone(),
            resolve(s, Path::new("."), "--gen").map(Generator::Seed),
        ),
        (None, None) => match (&f.gen_stream, &f.gen) {
            (Some(_), Some(_)) => bail!("the problem file gives both gen-stream and gen: keep one"),
            (Some(s), None) => (
                s.clone(),
                resolve_stream(s, dir, "gen-stream").map(Generator::Stream),
            ),
            (None, Some(s)) => (s.clone(), file_generator(s, dir, package)),
            (None, None) if !f.package.manual.is_empty() => {
                return Ok(Resolved {
                    generators: Generators::none(),
                    scripts: Vec::new(),
                    left_out: Vec::new(),
                })
            }
            (None, None) => {
                bail!("no generator: give --gen-stream CMD or --gen CMD (or a problem file)")
            }
        },
    };
    let flagged = flags.gen_stream.is_some() || flags.gen.is_some();
    // A generator the flags give is the user's: it must build, as every one outside a package.
    let first = match first {
        (_, Err(e)) if flagged => return Err(e),
        first => first,
    };
    resolve_all(
        first,
        &f.package.more_gens,
        package,
        &f.package.scripts,
        dir,
    )
}

/// A program's command and the folder its paths are taken from: the flag's (the current folder),
/// else the problem file's (its folder).
fn spec_of(flag: &Option<String>, file: &Option<String>, dir: &Path) -> Option<(String, PathBuf)> {
    match (flag, file) {
        (Some(spec), _) => Some((spec.clone(), PathBuf::from("."))),
        (None, Some(spec)) => Some((spec.clone(), dir.to_path_buf())),
        (None, None) => None,
    }
}

/// The programs `counters` asks for, built with coverage counters: for `Both`, the solution must
/// be a C, C++ or Python source, and a brute force that is not one runs as it is; for `Solution`,
/// a solution that is not one is left uncounted.
fn covered(
    counters: CountedBuilds,
    solution: &(String, PathBuf),
    reference: &(String, PathBuf),
) -> anyhow::Result<Option<Covered>> {
    use crate::programs::program::resolve_covered;
    Ok(match counters {
        CountedBuilds::None => None,
        CountedBuilds::Solution => resolve_covered(&solution.0, &solution.1, "the solution")
            .ok()
            .map(|solution| Covered {
                solution,
                reference: None,
            }),
        CountedBuilds::Both => Some(Covered {
            solution: resolve_covered(&solution.0, &solution.1, "--search coverage: the solution")?,
            reference: resolve_covered(&reference.0, &reference.1, "the reference").ok(),
        }),
    })
}

/// The programs `sanitize` asks for, built with the sanitizers.
fn sanitized(
    sanitize: Option<Sanitize>,
    solution: &(String, PathBuf),
    reference: &(String, PathBuf),
) -> anyhow::Result<Sanitized> {
    let build = |(spec, base): &(String, PathBuf), role: &str| {
        crate::programs::program::resolve_sanitized(spec, base, role).map(Some)
    };
    Ok(match sanitize {
        None => Sanitized::default(),
        Some(Sanitize::Solution) => Sanitized {
            solution: build(solution, "--sanitize: the solution")?,
            reference: None,
        },
        Some(Sanitize::All) => Sanitized {
            solution: build(solution, "--sanitize: the solution")?,
            reference: build(reference, "--sanitize: the reference")?,
        },
    })
}
