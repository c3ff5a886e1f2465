//! The programs of a problem: a command given as one string (split into words as a shell splits
//! them; no shell runs it) or a single source file compiled once (cached by content), and each run
//! of it under the supervisor's limits (CPU time, memory, output, the wall-clock guard, nothing
//! left running).

use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use supervise::{Ending, Execution, Limits};

/// A program ready to run: the words of its command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cmd {
    /// What the problem file or the flag said, for messages.
    pub spec: String,
    /// The program and its arguments (a source file replaced by its compiled program, or by
    /// `python3 FILE`).
    pub argv: Vec<String>,
    /// How many words of `argv` start the program (1, or 2 for `python3 FILE`): the others are
    /// the arguments the command gave it.
    pub program_words: usize,
}

impl Cmd {
    /// The command line as a shell would read it back (for the `reproduce:` line).
    pub fn shown(&self) -> String {
        let words: Vec<&str> = self.argv.iter().map(String::as_str).collect();
        shlex::try_join(words).unwrap_or_else(|_| self.argv.join(" "))
    }

    /// The words that start the program, without the command's own arguments.
    pub fn program(&self) -> &[String] {
        &self.argv[..self.program_words.min(self.argv.len())]
    }

    /// The arguments the command gives the program.
    pub fn args(&self) -> &[String] {
        &self.argv[self.program_words.min(self.argv.len())..]
    }

    /// The same program with other arguments.
    pub fn with_args(&self, args: &[String]) -> Cmd {
        let mut argv = self.program().to_vec();
        argv.extend(args.iter().cloned());
        Cmd {
            spec: self.spec.clone(),
            argv,
            program_words: self.program_words,
        }
    }

    /// Runs the program with `extra` arguments after its own, `input` on standard input, under
    /// `limits`. An error means it could not be started at all.
    pub fn run(
        &self,
        extra: &[String],
        input: &[u8],
        limits: &Limits,
    ) -> anyhow::Result<Execution> {
        let mut argv = self.argv.clone();
        argv.extend(extra.iter().cloned());
        supervise::execute(&argv, input, limits)
    }
}

/// The flag that links C and C++ programs statically, as contest judges do: a static program
/// starts in about three quarters of the CPU time of a dynamically linked one (no loader, no
/// relocations; far less for a C++ program using iostream), and a stress run starts three programs
/// per case. Where the static libraries are missing, the program is linked dynamically instead.
const STATIC: &str = "-static";

/// How a source file becomes a program.
enum Build {
    /// Compiled by this command (the source and the output path are appended).
    Compile(&'static [&'static str]),
    /// Run by an interpreter.
    Interpret(&'static str),
}

/// The build of a source file by its extension, or `None` when the word is not a source file.
fn build_of(path: &str) -> Option<Build> {
    let ext = Path::new(path).extension()?.to_str()?;
    Some(match ext {
        "cpp" | "cc" | "cxx" => Build::Compile(&["g++", "-O2", "-std=c++17", "-pipe", STATIC]),
        "c" => Build::Compile(&["gcc", "-O2", "-pipe", STATIC]),
        "rs" => Build::Compile(&["rustc", "-O", "--edition", "2021"]),
        "py" => Build::Interpret("python3"),
        _ => return None,
    })
}

/// The folder holding the stream helpers (`stress.h`), added to the include path of C and C++.
pub fn kit_dir() -> PathBuf {
    std::env::var_os("STRESS_KIT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/kit")))
}

/// Where compiled programs are kept: `$HARNESS_STRESS_CACHE`, else `$XDG_CACHE_HOME/harness-stress`,
/// else `~/.cache/harness-stress`, else a folder under the temporary folder.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("HARNESS_STRESS_CACHE") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("harness-stress");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".cache/harness-stress");
    }
    std::env::temp_dir().join("harness-stress")
}

/// Resolves the command `spec` of `role` (`--gen`, `reference`...): its words, a relative path
/// taken from `base`; a source file is compiled (or given its interpreter). A missing program, an
/// unbalanced quote or a compile error is an error naming the role.
pub fn resolve(spec: &str, base: &Path, role: &str) -> anyhow::Result<Cmd> {
    let words = shlex::split(spec).with_context(|| {
        format!("{role} `{spec}`: cannot split it into words (a quote is not closed)")
    })?;
    let Some((first, rest)) = words.split_first() else {
        bail!("{role}: the command is empty");
    };
    let mut argv = match build_of(first) {
        Some(build) => {
            let source = base.join(first);
            if !source.is_file() {
                bail!("{role} `{spec}`: no such source file {}", source.display());
            }
            match build {
                Build::Interpret(interpreter) => {
                    vec![interpreter.to_string(), source.display().to_string()]
                }
                Build::Compile(compiler) => {
                    vec![compile(&source, compiler, role)?.display().to_string()]
                }
            }
        }
        None => vec![program_path(first, base, role, spec)?],
    };
    let program_words = argv.len();
    argv.extend(rest.iter().cloned());
    Ok(Cmd {
        spec: spec.to_string(),
        argv,
        program_words,
    })
}

/// Compiles, in parallel, every source file the commands `specs` (each with the folder its paths
/// are taken from) start with, so that [`resolve`] then finds them compiled: a problem's three or
/// more programs compile in the time of the slowest. Errors are left for [`resolve`] to report.
pub fn precompile(specs: &[(&str, &Path)]) {
    let mut sources: Vec<(PathBuf, &'static [&'static str])> = Vec::new();
    for (spec, base) in specs {
        let Some(first) = shlex::split(spec).and_then(|w| w.into_iter().next()) else {
            continue;
        };
        if let Some(Build::Compile(compiler)) = build_of(&first) {
            let source = base.join(&first);
            if source.is_file() && !sources.iter().any(|(s, _)| *s == source) {
                sources.push((source, compiler));
            }
        }
    }
    if sources.len() < 2 {
        return;
    }
    std::thread::scope(|scope| {
        for (source, compiler) in &sources {
            scope.spawn(move || compile(source, compiler, "precompile"));
        }
    });
}

/// The program a command's first word names: a path (taken from `base` when relative) that must
/// be a file, or a name found on `PATH`.
fn program_path(word: &str, base: &Path, role: &str, spec: &str) -> anyhow::Result<String> {
    if word.contains('/') {
        let path = base.join(word);
        if !path.is_file() {
            bail!("{role} `{spec}`: cannot start `{word}`: no such program");
        }
        return Ok(path.display().to_string());
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(word).is_file()));
    if !on_path {
        bail!("{role} `{spec}`: cannot start `{word}`: no such program on PATH");
    }
    Ok(word.to_string())
}

/// Compiles `source` once: the program is kept under [`cache_dir`] by a hash of the compiler's
/// command and the source's bytes, so a second run (or another process) reuses it.
fn compile(source: &Path, compiler: &[&str], role: &str) -> anyhow::Result<PathBuf> {
    let bytes = std::fs::read(source)
        .with_context(|| format!("{role}: cannot read {}", source.display()))?;
    let kit = kit_dir();
    let mut key = compiler.join(" ").into_bytes();
    key.extend_from_slice(kit.display().to_string().as_bytes());
    key.extend_from_slice(&bytes);
    if let Ok(header) = std::fs::read(kit.join("stress.h")) {
        key.extend_from_slice(&header);
    }
    let stem = source
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("program");
    let dir = cache_dir();
    let out = dir.join(format!("{stem}-{:016x}", harness::rng::fnv1a_64(&key)));
    if out.is_file() {
        return Ok(out);
    }
    std::fs::create_dir_all(&dir).with_context(|| {
        format!(
            "cannot create the cache of compiled programs {}",
            dir.display()
        )
    })?;
    // Unique to this compile, even beside another thread's compile of the same bytes.
    static COMPILES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let partial = dir.join(format!(
        ".{stem}-{}-{}-{:016x}",
        std::process::id(),
        COMPILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        harness::rng::fnv1a_64(&key)
    ));
    let mut done = run_compiler(compiler, &kit, source, &partial, role)?;
    if !done.status.success() && compiler.contains(&STATIC) && is_link_failure(&done.stderr) {
        let dynamic: Vec<&str> = compiler.iter().copied().filter(|w| *w != STATIC).collect();
        done = run_compiler(&dynamic, &kit, source, &partial, role)?;
    }
    if !done.status.success() {
        let _ = std::fs::remove_file(&partial);
        bail!(
            "{role}: {} does not compile ({}):\n{}",
            source.display(),
            compiler.join(" "),
            String::from_utf8_lossy(&done.stderr).trim_end()
        );
    }
    std::fs::rename(&partial, &out)
        .with_context(|| format!("cannot keep the compiled program {}", out.display()))?;
    Ok(out)
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
    let dir = std::env::temp_dir().join(format!("harness-stress-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("{}", NEXT.fetch_add(1, Relaxed)))
}

/// Runs `compiler` on `source`, writing the program to `out` (C and C++ get the kit's folder on
/// their include path).
fn run_compiler(
    compiler: &[&str],
    kit: &Path,
    source: &Path,
    out: &Path,
    role: &str,
) -> anyhow::Result<std::process::Output> {
    let mut cmd = std::process::Command::new(compiler[0]);
    cmd.args(&compiler[1..]);
    if compiler[0] != "rustc" {
        cmd.arg(format!("-I{}", kit.display()));
    }
    cmd.arg(source).arg("-o").arg(out);
    cmd.output()
        .with_context(|| format!("{role}: cannot run the compiler `{}`", compiler[0]))
}

/// Whether a failed compile failed at the link step (the static libraries may be missing), not on
/// the source itself.
fn is_link_failure(stderr: &[u8]) -> bool {
    let text = String::from_utf8_lossy(stderr);
    text.contains("collect2") || text.contains("ld returned") || text.contains("cannot find -l")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_split_like_a_shell_and_a_missing_program_is_named() {
        let cmd = resolve("sh -c 'echo a b'", Path::new("."), "--gen").unwrap();
        assert_eq!(cmd.argv, ["sh", "-c", "echo a b"]);
        assert_eq!(cmd.shown(), "sh -c 'echo a b'");
        let err = resolve("no-such-program-here 1", Path::new("."), "--reference").unwrap_err();
        assert!(err.to_string().contains("--reference"), "{err}");
        assert!(err.to_string().contains("no such program"), "{err}");
        let err = resolve("sh 'open", Path::new("."), "--gen").unwrap_err();
        assert!(err.to_string().contains("quote"), "{err}");
    }

    #[test]
    fn a_python_file_runs_with_python3_and_a_missing_source_is_named() {
        let dir = std::env::temp_dir().join(format!("stress-prog-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("g.py"), "print(1)\n").unwrap();
        let cmd = resolve("g.py 5", &dir, "--gen").unwrap();
        assert_eq!(cmd.argv[0], "python3");
        assert_eq!(cmd.argv[2], "5");
        let err = resolve("h.py", &dir, "--gen").unwrap_err();
        assert!(err.to_string().contains("no such source file"), "{err}");
    }

    /// Whether an ELF64 program names a loader (a `PT_INTERP` program header): dynamically linked.
    fn has_interpreter(elf: &[u8]) -> bool {
        let word = |at: usize, n: usize| {
            (0..n).fold(0usize, |v, i| v | (usize::from(elf[at + i]) << (8 * i)))
        };
        let (offset, size, count) = (word(0x20, 8), word(0x36, 2), word(0x38, 2));
        (0..count).any(|i| word(offset + i * size, 4) == 3)
    }

    #[test]
    fn a_c_program_is_linked_statically_and_a_source_error_is_not_a_link_failure() {
        let dir = std::env::temp_dir().join(format!("stress-static-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("p.c"), "int main(void) { return 0; }\n").unwrap();
        let cmd = resolve("p.c", &dir, "--gen").unwrap();
        let program = std::fs::read(&cmd.argv[0]).unwrap();
        let dynamic = has_interpreter(&program);
        let static_libc = Path::new("/usr/lib/x86_64-linux-gnu/libc.a").is_file();
        assert_eq!(dynamic, !static_libc, "static libc present: {static_libc}");
        assert!(is_link_failure(
            b"/usr/bin/ld: cannot find -lc\ncollect2: error: ld returned 1"
        ));
        assert!(!is_link_failure(
            b"p.c:1:1: error: expected ';' before '}' token"
        ));
    }

    #[test]
    fn precompile_compiles_every_source_before_resolve_needs_it() {
        let dir = std::env::temp_dir().join(format!("stress-pre-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let unique = format!("{:?}", std::time::SystemTime::now());
        let stems = [
            format!("pre-a-{}", std::process::id()),
            format!("pre-b-{}", std::process::id()),
        ];
        for stem in &stems {
            let body = format!("/* {unique} */ int main(void) {{ return 0; }}\n");
            std::fs::write(dir.join(format!("{stem}.c")), body).unwrap();
        }
        let specs: Vec<String> = stems.iter().map(|s| format!("{s}.c 7")).collect();
        precompile(&[(&specs[0], &dir), (&specs[1], &dir), ("sh -c :", &dir)]);
        let cached: Vec<String> = std::fs::read_dir(cache_dir())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        for stem in &stems {
            assert!(
                cached.iter().any(|c| c.starts_with(&format!("{stem}-"))),
                "{stem}"
            );
            let cmd = resolve(&format!("{stem}.c 7"), &dir, "--gen").unwrap();
            assert!(cmd.argv[0].contains(stem.as_str()), "{cmd:?}");
        }
    }
}
