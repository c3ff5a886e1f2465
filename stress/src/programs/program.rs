//! The programs of a problem: a command given as one string (split into words as a shell splits
//! them; no shell runs it) or a single source file compiled once (cached by content), and each run
//! of it under the supervisor's limits (CPU time, memory, output, the wall-clock guard, nothing
//! left running).

use crate::programs::standard;
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use supervise::{Ending, Execution, Limits, Program};

/// A program ready to run: the program (built from its source where it is one, warm-started
/// where it can be) and the arguments its command gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cmd {
    /// What the problem file or the flag said, for messages.
    pub spec: String,
    /// The program: the words that exec it (a source replaced by its compiled program, or by
    /// `PYTHON FILE`), and its warm start.
    pub program: Program,
    /// The arguments the command gives the program.
    pub args: Vec<String>,
    /// The words that run the program as the user gave it, for the lines a report prints: a
    /// source as `harness exec [--stream | --sanitize] SOURCE` (its path from the working
    /// directory), a command as its words.
    pub named: Vec<String>,
}

impl Cmd {
    /// The whole command line: the program's words and its arguments.
    pub fn argv(&self) -> Vec<String> {
        self.program.command(&self.args)
    }

    /// The command as the user gave it, quoted for a shell to run from the working directory
    /// (for the `reproduce:` line): a source through `harness exec`, never its compiled program.
    pub fn shown(&self) -> String {
        let words: Vec<&str> = self
            .named
            .iter()
            .chain(&self.args)
            .map(String::as_str)
            .collect();
        shlex::try_join(words.iter().copied()).unwrap_or_else(|_| words.join(" "))
    }

    /// The arguments the command gives the program.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// The same program with other arguments.
    pub fn with_args(&self, args: &[String]) -> Cmd {
        Cmd {
            args: args.to_vec(),
            ..self.clone()
        }
    }

    /// Runs the program with `extra` arguments after its own, `input` on standard input, under
    /// `limits`: warm when it can be ([`supervise::run`]). An error means it could not be started
    /// at all.
    pub fn run(
        &self,
        extra: &[String],
        input: &[u8],
        limits: &Limits,
    ) -> anyhow::Result<Execution> {
        self.run_with_env(extra, &[], input, limits)
    }

    /// [`Cmd::run`] with `env` set in the program's environment.
    pub fn run_with_env(
        &self,
        extra: &[String],
        env: &[(String, String)],
        input: &[u8],
        limits: &Limits,
    ) -> anyhow::Result<Execution> {
        let mut args = self.args.clone();
        args.extend(extra.iter().cloned());
        supervise::run_with_env(&self.program, &args, env, input, limits)
    }
}

/// The folder holding the stream helpers (`stress.h`), added to the include path of C and C++.
pub fn kit_dir() -> PathBuf {
    std::env::var_os("STRESS_KIT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/kit")))
}

/// The header forced first into a stream generator (`g++ -include`): the kit's `stress.h` when the
/// C++ `source` includes testlib.h. stress.h defines testlib.h's guard, so the real testlib.h
/// (beside the generator or not) reads as empty and the generator draws from the stream unchanged.
pub fn stream_header(source: &Path) -> Option<PathBuf> {
    if toolchain::language_of(source) != Some(toolchain::Language::Cpp) {
        return None;
    }
    let text = std::fs::read(source).ok()?;
    includes_testlib(&String::from_utf8_lossy(&text)).then(|| kit_dir().join("stress.h"))
}

/// Whether a line of `text` is an `#include` of testlib.h.
fn includes_testlib(text: &str) -> bool {
    text.lines().any(|line| {
        let directive = line.trim_start().strip_prefix('#').map(str::trim_start);
        directive.is_some_and(|d| d.starts_with("include") && d.contains("testlib.h"))
    })
}

/// Resolves the command `spec` of `role` (`--gen`, `reference`...): its words, a relative path
/// taken from `base`; a source file is built ([`toolchain::build`], the kit on the include path).
/// A missing program, an unbalanced quote or a compile error is an error naming the role.
pub fn resolve(spec: &str, base: &Path, role: &str) -> anyhow::Result<Cmd> {
    resolve_as(spec, base, role, false)
}

/// Resolves a stream generator's command as [`resolve`] does, a C++ source that includes
/// testlib.h built with the kit's stress.h forced in first ([`stream_header`]).
pub fn resolve_stream(spec: &str, base: &Path, role: &str) -> anyhow::Result<Cmd> {
    resolve_as(spec, base, role, true)
}

fn resolve_as(spec: &str, base: &Path, role: &str, stream: bool) -> anyhow::Result<Cmd> {
    let (first, rest) = split(spec, role)?;
    if let Some(name) = standard::named(&first) {
        return resolve_standard(name, rest, spec, role);
    }
    let (program, named) = if toolchain::language_of(Path::new(&first)).is_some() {
        let source = base.join(&first);
        if !source.is_file() {
            bail!("{role} `{spec}`: no such source file {}", source.display());
        }
        let header = stream.then(|| stream_header(&source)).flatten();
        let flag = header.is_some().then_some("--stream");
        let program = toolchain::build_with_header(&source, &[kit_dir()], header.as_deref(), role)?;
        (program, exec_words(&first, base, flag))
    } else {
        let path = program_path(&first, base, role, spec)?;
        (Program::exec(vec![path.clone()]), vec![path])
    };
    Ok(Cmd {
        spec: spec.to_string(),
        program,
        args: rest,
        named,
    })
}

/// The standard checker `name` (`crate::programs::standard`) of `role`'s command `spec`: the kit's
/// program, built once, with the name as its first argument (warm or exec'd), then the command's
/// other words `rest`; shown as `harness exec std::NAME`.
fn resolve_standard(name: &str, rest: Vec<String>, spec: &str, role: &str) -> anyhow::Result<Cmd> {
    let name = standard::known(name, spec, role)?;
    let kit = kit_dir();
    let mut program = toolchain::build_with_header(&standard::source(&kit), &[kit], None, role)?;
    program.exec.push(name.to_string());
    if let Some(warm) = program.warm.as_mut() {
        warm.argv.push(name.to_string());
    }
    Ok(Cmd {
        spec: spec.to_string(),
        program,
        args: rest,
        named: vec!["harness".into(), "exec".into(), format!("std::{name}")],
    })
}

/// `harness exec [FLAG] SOURCE`: the source `first` (a path from `base`) as a shell in the working
/// directory names it, built as `flag` says (`--stream`, `--sanitize`) by `harness exec`.
fn exec_words(first: &str, base: &Path, flag: Option<&str>) -> Vec<String> {
    let mut words = vec!["harness".to_string(), "exec".to_string()];
    words.extend(flag.map(str::to_string));
    words.push(from_working_dir(first, base));
    words
}

/// The path `word` taken from `base`, as it reads from the working directory (`./bin/x`, not
/// `././bin/x`).
fn from_working_dir(word: &str, base: &Path) -> String {
    if base == Path::new(".") {
        word.to_string()
    } else {
        base.join(word).display().to_string()
    }
}

/// The words of the command `spec` of `role`: its first (the program or source) and the rest; an
/// unbalanced quote or an empty command is an error naming `role`.
pub(crate) fn split(spec: &str, role: &str) -> anyhow::Result<(String, Vec<String>)> {
    let mut words = shlex::split(spec).with_context(|| {
        format!("{role} `{spec}`: cannot split it into words (a quote is not closed)")
    })?;
    if words.is_empty() {
        bail!("{role}: the command is empty");
    }
    let first = words.remove(0);
    Ok((first, words))
}

/// Resolves the command `spec` of `role` as [`resolve`] does, its source built once more with the
/// sanitizers ([`toolchain::build_sanitized`]); a command that is not a C or C++ source is an
/// error naming `role`.
pub fn resolve_sanitized(spec: &str, base: &Path, role: &str) -> anyhow::Result<Cmd> {
    resolve_built(
        spec,
        base,
        role,
        (toolchain::build_sanitized, Some("--sanitize")),
    )
}

/// Resolves the command `spec` of `role` as [`resolve`] does, its source built once more with
/// coverage counters ([`toolchain::build_covered`]); a command that is not a C or C++ source is an
/// error naming `role`.
pub fn resolve_covered(spec: &str, base: &Path, role: &str) -> anyhow::Result<Cmd> {
    resolve_built(spec, base, role, (toolchain::build_covered, None))
}

/// How a source is built once more: the build, and the flag of `harness exec` that builds it so
/// (the coverage build has none: its lines name the plain build).
type Build = (
    fn(&Path, &[PathBuf], &str) -> anyhow::Result<Program>,
    Option<&'static str>,
);

/// The command `spec` of `role`, its source (a path from `base`) built by `build`.
fn resolve_built(spec: &str, base: &Path, role: &str, (build, flag): Build) -> anyhow::Result<Cmd> {
    let (first, args) = split(spec, role)?;
    let program = build(&base.join(&first), &[kit_dir()], role)?;
    Ok(Cmd {
        spec: spec.to_string(),
        program,
        args,
        named: exec_words(&first, base, flag),
    })
}

/// Compiles, in parallel, every source file the commands `specs` (each with the folder its paths
/// are taken from, and whether it is a stream generator's) start with, so that [`resolve`] and
/// [`resolve_stream`] then find them compiled: a problem's three or more programs compile in the
/// time of the slowest. Errors are left for [`resolve`] to report.
pub fn precompile(specs: &[(&str, &Path, bool)]) {
    let sources: Vec<(PathBuf, Option<PathBuf>)> = specs
        .iter()
        .filter_map(|(spec, base, stream)| {
            let first = shlex::split(spec)?.into_iter().next()?;
            let source = match standard::named(&first) {
                Some(_) => standard::source(&kit_dir()),
                None => base.join(first),
            };
            let header = stream.then(|| stream_header(&source)).flatten();
            Some((source, header))
        })
        .collect();
    toolchain::precompile(&sources, &[kit_dir()]);
}

/// The program a command's first word names: a path (taken from `base` when relative) that must
/// be a file, or a name found on `PATH`.
fn program_path(word: &str, base: &Path, role: &str, spec: &str) -> anyhow::Result<String> {
    if word.contains('/') {
        let path = from_working_dir(word, base);
        if !Path::new(&path).is_file() {
            bail!("{role} `{spec}`: cannot start `{word}`: no such program");
        }
        return Ok(path);
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(word).is_file()));
    if !on_path {
        bail!("{role} `{spec}`: cannot start `{word}`: no such program on PATH");
    }
    Ok(word.to_string())
}

/// A message without the verdict testlib's checkers and interactors start it with (`wrong answer
/// x is 3` is reported as a wrong answer: `x is 3`), so the verdict is said once.
pub fn said_once(message: &str, verdict: &str) -> String {
    match message.strip_prefix(verdict) {
        Some(rest) if !rest.trim().is_empty() => rest.trim_start_matches([':', ' ']).to_string(),
        _ => message.to_string(),
    }
}

/// How a run ended, in a few words.
pub fn ending(e: &Execution) -> String {
    if let Some(limit) = e.limit {
        return limit.describe().to_string();
    }
    if e.flooded {
        return "output limit exceeded".into();
    }
    match e.ending {
        Ending::Exited(code) => format!("exit status {code}"),
        Ending::Signaled(sig) => format!("killed by signal {sig}"),
        Ending::Killed => "stopped by the harness".into(),
    }
}

/// `: LAST LINE OF STDERR`, or nothing.
pub fn stderr_tail(e: &Execution) -> String {
    let text = String::from_utf8_lossy(&e.stderr);
    match text.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!(": {}", line.chars().take(200).collect::<String>()),
        None => String::new(),
    }
}

/// A fresh path for a scratch file of this process (the checker's files, a tape).
pub fn scratch_path() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = scratch_folder();
    let _ = std::fs::create_dir_all(dir);
    dir.join(format!("{}", NEXT.fetch_add(1, Relaxed)))
}

static SCRATCH: OnceLock<PathBuf> = OnceLock::new();

/// This process's scratch folder: one that did not exist when the process first asked for it.
/// A process id is used again once its process has gone, and a folder named by the id alone could
/// hold what an earlier process left (a folder where a file is to be written).
fn scratch_folder() -> &'static Path {
    SCRATCH.get_or_init(|| fresh_folder(&std::env::temp_dir(), std::process::id()))
}

/// The first `harness-stress-PID-K` folder under `base` that this call made (or one that could not
/// be made for another reason than being there: writing into it then says why).
fn fresh_folder(base: &Path, pid: u32) -> PathBuf {
    let named = |k: u32| base.join(format!("harness-stress-{pid}-{k}"));
    (0..1000)
        .map(named)
        .find(|dir| match std::fs::create_dir(dir) {
            Err(e) => e.kind() != std::io::ErrorKind::AlreadyExists,
            Ok(()) => true,
        })
        .unwrap_or_else(|| named(0))
}

/// Removes this process's scratch folder when dropped: a command holds one while it runs.
pub struct ScratchFolder;

impl Drop for ScratchFolder {
    fn drop(&mut self) {
        if let Some(folder) = SCRATCH.get() {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A run that ended so, with that limit and that stderr, and nothing else: what the tests of
    /// verdicts judge.
    pub(crate) fn ended(
        ending: Ending,
        limit: Option<supervise::Limit>,
        stderr: &str,
    ) -> Execution {
        Execution {
            stdout: Vec::new(),
            flooded: false,
            stderr: stderr.as_bytes().to_vec(),
            ending,
            limit,
            interrupted: false,
            cpu: std::time::Duration::ZERO,
            wall: std::time::Duration::ZERO,
            peak_memory: None,
        }
    }

    #[test]
    fn a_command_is_split_like_a_shell_and_a_missing_program_is_named() {
        let cmd = resolve("sh -c 'echo a b'", Path::new("."), "--gen").unwrap();
        assert_eq!(cmd.argv(), ["sh", "-c", "echo a b"]);
        assert_eq!(cmd.shown(), "sh -c 'echo a b'");
        assert_eq!(cmd.program.warm, None);
        let err = resolve("no-such-program-here 1", Path::new("."), "--reference").unwrap_err();
        assert!(err.to_string().contains("--reference"), "{err}");
        assert!(err.to_string().contains("no such program"), "{err}");
        let err = resolve("sh 'open", Path::new("."), "--gen").unwrap_err();
        assert!(err.to_string().contains("quote"), "{err}");
    }

    #[test]
    fn a_python_file_runs_with_its_interpreter_warm_and_a_missing_source_is_named() {
        let dir = std::env::temp_dir().join(format!("stress-prog-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("g.py"), "print(1)\n").unwrap();
        let cmd = resolve("g.py 5", &dir, "--gen").unwrap();
        assert_eq!(cmd.argv()[0], toolchain::python().unwrap());
        assert_eq!(cmd.argv()[2], "5");
        assert_eq!(cmd.args(), ["5"]);
        let shown = format!("harness exec {}/g.py 5", dir.display());
        assert_eq!(cmd.shown(), shlex::try_join(shown.split(' ')).unwrap());
        assert!(cmd.program.warm.is_some());
        let err = resolve("h.py", &dir, "--gen").unwrap_err();
        assert!(err.to_string().contains("no such source file"), "{err}");
    }

    #[test]
    fn the_scratch_folder_is_never_one_an_earlier_process_of_the_same_id_left() {
        let base = std::env::temp_dir().join(format!("stress-scratch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        // What an earlier process with this id left: its folder, with a folder where a scratch
        // file is to be written.
        std::fs::create_dir_all(base.join("harness-stress-7-0").join("0")).unwrap();
        let first = fresh_folder(&base, 7);
        assert_eq!(first, base.join("harness-stress-7-1"));
        assert!(first.is_dir() && std::fs::read_dir(&first).unwrap().next().is_none());
        assert_eq!(fresh_folder(&base, 7), base.join("harness-stress-7-2"));
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn every_standard_checker_name_resolves_to_the_kit_s_program_judging_by_that_name() {
        let dir = scratch_path();
        std::fs::create_dir_all(&dir).unwrap();
        let limits = Limits::from_cpu(std::time::Duration::from_secs(5));
        let files = |text: &str| -> Vec<String> {
            for f in ["in", "out", "ans"] {
                std::fs::write(dir.join(f), text).unwrap();
            }
            ["in", "out", "ans"]
                .map(|f| dir.join(f).display().to_string())
                .to_vec()
        };
        for name in crate::programs::standard::NAMES {
            let cmd = resolve(&format!("std::{name}.cpp"), Path::new("."), "--checker").unwrap();
            assert!(cmd.args().is_empty());
            assert_eq!(cmd.shown(), format!("harness exec std::{name}"));
            let same = match name {
                "yesno" | "nyesno" => "YES\n",
                n if n.starts_with("case") => "Case 1: 1\n",
                _ => "1\n",
            };
            let run = cmd.run(&files(same), b"", &limits).unwrap();
            // pointscmp and pointsinfo give points (testlib's exit status 7); the others accept.
            let points = name.starts_with("points");
            let want = supervise::Ending::Exited(if points { 7 } else { 0 });
            assert_eq!(
                run.ending,
                want,
                "{name}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        // Named without `.cpp`, with more words after it; an unknown name lists the known ones.
        let cmd = resolve("std::lcmp extra", Path::new("."), "--checker").unwrap();
        assert_eq!(cmd.args(), ["extra"]);
        assert_eq!(cmd.shown(), "harness exec std::lcmp extra");
        let err = resolve("std::lcmpp", Path::new("."), "--checker").unwrap_err();
        assert!(err.to_string().contains("std::wcmp, std::yesno"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_testlib_stream_generator_compiles_unchanged_beside_a_testlib_h() {
        // A testlib-style generator of the kit's tests beside a testlib.h whose guarded body is
        // an #error.
        let dir = kit_dir().join("tests/testlib-style");
        let cmd = resolve_stream("uniform-numbers.cpp", &dir, "--gen-stream").unwrap();
        let limits = Limits::from_cpu(std::time::Duration::from_secs(2));
        let run = |input: &[u8]| cmd.run(&[], input, &limits).unwrap().stdout;
        let rest = "1\n0\na\ntails\n0.000000000 0.000000000 0.250000000\n";
        assert_eq!(
            String::from_utf8_lossy(&run(b"")),
            format!("1\n{rest}"),
            "the empty stream: the smallest values"
        );
        assert_eq!(
            String::from_utf8_lossy(&run(&[0, 0, 5])),
            format!("6\n{rest}"),
            "rnd.next(1, 1000000) reads 3 bytes; past the end, zeros"
        );
        let err = resolve("uniform-numbers.cpp", &dir, "--gen").unwrap_err();
        assert!(err.to_string().contains("testlib.h was read"), "{err}");
        assert!(includes_testlib("int x;\n  #  include \"testlib.h\"\n"));
        assert!(includes_testlib("#include <testlib.h>"));
        assert!(!includes_testlib(
            "// #include \"testlib.h\"\n#include \"stress.h\"\n"
        ));
        assert_eq!(stream_header(&dir.join("README.md")), None);
    }
}
