//! Building one source: its language, its compile (once, cached), and its warm start.

use crate::cache::{cache_dir, key_hash};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use supervise::{Program, WarmStart};

/// The languages the harness builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Python,
}

/// The language of a source file, by its extension; `None` when the path is not a source.
pub fn language_of(path: &Path) -> Option<Language> {
    Some(match path.extension()?.to_str()? {
        "cpp" | "cc" | "cxx" => Language::Cpp,
        "c" => Language::C,
        "rs" => Language::Rust,
        "py" => Language::Python,
        _ => return None,
    })
}

/// The flag that links C and C++ programs statically, as contest judges do: a static program
/// starts in about three quarters of the CPU time of a dynamically linked one. Where the static
/// libraries are missing, the program is linked dynamically instead.
const STATIC: &str = "-static";

impl Language {
    /// The compiler's command (the source and `-o OUT` are appended), `None` for an interpreter.
    pub(crate) fn compiler(self) -> Option<&'static [&'static str]> {
        match self {
            Language::Cpp => Some(&["g++", "-O2", "-std=c++17", "-pipe", STATIC]),
            Language::C => Some(&["gcc", "-O2", "-pipe", STATIC]),
            Language::Rust => Some(&["rustc", "-O", "--edition", "2021"]),
            Language::Python => None,
        }
    }

    /// Whether its programs link the fork server's runtime.
    fn links_runtime(self) -> bool {
        matches!(self, Language::C | Language::Cpp)
    }
}

/// Builds `source` (C and C++ get `include` on their include path; a warm Python server compiles
/// the modules there ahead of its runs): compiled once and cached, or given its interpreter; with
/// its warm start where the language has one. A compile error is an
/// error naming `role` with the compiler's messages.
pub fn build(source: &Path, include: &[PathBuf], role: &str) -> anyhow::Result<Program> {
    build_with_header(source, include, None, role)
}

/// Builds `source` as [`build`] does, a C++ source with `header` read before its first line
/// (`g++ -include HEADER`; the header's path is part of the cache key, its bytes too when it is
/// in an include folder). Other languages ignore `header`.
pub fn build_with_header(
    source: &Path,
    include: &[PathBuf],
    header: Option<&Path>,
    role: &str,
) -> anyhow::Result<Program> {
    let Some(language) = language_of(source) else {
        bail!(
            "{role}: {} is not a source file the harness builds (.c, .cpp, .cc, .cxx, .rs, .py)",
            source.display()
        );
    };
    if !source.is_file() {
        bail!("{role}: no such source file {}", source.display());
    }
    let shown = source.display().to_string();
    let Some(compiler) = language.compiler() else {
        return python_program(&shown, &[], include);
    };
    let runtime = if language.links_runtime() {
        runtime_object()
    } else {
        None
    };
    let forced = header
        .filter(|_| language == Language::Cpp)
        .map(|h| h.display().to_string());
    let mut words = compiler.to_vec();
    if let Some(h) = &forced {
        words.extend(["-include", h.as_str()]);
    }
    let out = compile(source, &words, include, runtime.as_deref(), role)?;
    Ok(compiled(&out, runtime.is_some()))
}

/// The compiled program `out`, its warm start the program itself when it links the fork server's
/// runtime (`warm`).
pub(crate) fn compiled(out: &Path, warm: bool) -> Program {
    let out = out.display().to_string();
    let warm = warm.then(|| WarmStart {
        server: vec![out.clone()],
        argv: vec![out.clone()],
    });
    Program {
        exec: vec![out],
        warm,
    }
}

/// The flags of a sanitized build: AddressSanitizer and UndefinedBehaviorSanitizer stopping at the
/// first report, and the C++ standard library's debug mode (checked iterators and indices).
const SANITIZERS: &[&str] = &[
    "-O1",
    "-g",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-D_GLIBCXX_DEBUG",
    "-D_GLIBCXX_DEBUG_PEDANTIC",
];

/// The environment of a sanitized program's runs: a report ends the run with a status of its own,
/// leaks are not reports, and the report is short (no stack of UBSan's).
pub const SANITIZER_ENV: &[(&str, &str)] = &[
    (
        "ASAN_OPTIONS",
        "detect_leaks=0:abort_on_error=0:exitcode=23:halt_on_error=1:allocator_may_return_null=1",
    ),
    (
        "UBSAN_OPTIONS",
        "print_stacktrace=0:halt_on_error=1:exitcode=23",
    ),
];

/// Builds a C or C++ `source` once more with the sanitizers (`SANITIZERS`): linked dynamically
/// (the sanitizers' runtimes are not static), without the warm start (a sanitized program starts
/// by exec), cached apart from the plain build. Another language is an error naming `role`.
pub fn build_sanitized(source: &Path, include: &[PathBuf], role: &str) -> anyhow::Result<Program> {
    let compiler: &[&str] = match language_of(source) {
        Some(Language::Cpp) => &["g++", "-std=c++17", "-pipe"],
        Some(Language::C) => &["gcc", "-pipe"],
        _ => bail!(
            "{role}: {} is not a C or C++ source: only those are built with the sanitizers",
            source.display()
        ),
    };
    if !source.is_file() {
        bail!("{role}: no such source file {}", source.display());
    }
    let words: Vec<&str> = compiler.iter().chain(SANITIZERS).copied().collect();
    let out = compile(source, &words, include, None, role)?;
    Ok(Program::exec(vec![out.display().to_string()]))
}

/// Compiles the sources in parallel (each with the include folders and its forced header, as
/// [`build_with_header`]), so that [`build`] then finds them compiled: a problem's programs
/// compile in the time of the slowest. Errors are left for [`build`] to report.
pub fn precompile(sources: &[(PathBuf, Option<PathBuf>)], include: &[PathBuf]) {
    let mut compiled: Vec<&(PathBuf, Option<PathBuf>)> = Vec::new();
    for entry in sources {
        let source = &entry.0;
        let compiles = language_of(source).is_some_and(|l| l.compiler().is_some());
        if compiles && source.is_file() && !compiled.contains(&entry) {
            compiled.push(entry);
        }
    }
    // The runtime first, once, rather than by every compile at the same moment.
    runtime_object();
    if compiled.len() < 2 {
        return;
    }
    std::thread::scope(|scope| {
        for (source, header) in compiled {
            scope
                .spawn(move || build_with_header(source, include, header.as_deref(), "precompile"));
        }
    });
}

/// `python3 SCRIPT ARGS...` (`args` before a run's own), warm-started by the resident interpreter,
/// which compiles the modules beside `script` and in `folders` ahead of its runs.
pub(crate) fn python_program(
    script: &str,
    args: &[String],
    folders: &[PathBuf],
) -> anyhow::Result<Program> {
    let python = python()?;
    let argv: Vec<String> = std::iter::once(script.to_string())
        .chain(args.iter().cloned())
        .collect();
    let warm = python_server().map(|(server, library)| {
        let mut words = vec![python.clone(), server, library, script.to_string()];
        words.extend(folders.iter().map(|dir| dir.display().to_string()));
        WarmStart {
            server: words,
            argv: argv.clone(),
        }
    });
    Ok(Program {
        exec: std::iter::once(python).chain(argv).collect(),
        warm,
    })
}

/// The real executable of `python3` on the `PATH` (`sys.executable`), resolved once: a version
/// manager's shim costs a start of its own per run.
pub fn python() -> anyhow::Result<String> {
    static PYTHON: OnceLock<Result<String, String>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let out = std::process::Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .map_err(|e| format!("cannot run `python3`: {e}"))?;
            let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if !out.status.success() || path.is_empty() {
                return Err("`python3` does not say where its executable is".to_string());
            }
            Ok(path)
        })
        .clone()
        .map_err(anyhow::Error::msg)
}

/// The fork server's runtime compiled as an object for C and C++ programs, once per process (and
/// cached across processes); `None` when it cannot be compiled: programs then start by exec.
pub(crate) fn runtime_object() -> Option<PathBuf> {
    static OBJECT: OnceLock<Option<PathBuf>> = OnceLock::new();
    OBJECT
        .get_or_init(|| runtime_build(supervise::C_RUNTIME, "warm", "o", &["-O2", "-c"]))
        .clone()
}

/// The resident Python interpreter's script and the runtime as a library, once per process.
fn python_server() -> Option<(String, String)> {
    static SERVER: OnceLock<Option<(String, String)>> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let library = runtime_build(
                supervise::C_RUNTIME,
                "libwarm",
                "so",
                &["-O2", "-shared", "-fPIC", "-DWARM_LIBRARY"],
            )?;
            let text = supervise::PYTHON_SERVER;
            let name = format!("warm_server-{:016x}.py", key_hash(text.as_bytes()));
            let script = keep(&name, |path| std::fs::write(path, text).is_ok())?;
            Some((script.display().to_string(), library.display().to_string()))
        })
        .clone()
}

/// Compiles a runtime's C `text` with gcc and `flags` into the cache as `STEM-HASH.EXT`.
pub(crate) fn runtime_build(text: &str, stem: &str, ext: &str, flags: &[&str]) -> Option<PathBuf> {
    let mut key = flags.join(" ").into_bytes();
    key.extend_from_slice(text.as_bytes());
    let hash = key_hash(&key);
    let source = keep(&format!("{stem}-{hash:016x}.c"), |path| {
        std::fs::write(path, text).is_ok()
    })?;
    keep(&format!("{stem}-{hash:016x}.{ext}"), |out| {
        std::process::Command::new("gcc")
            .args(flags)
            .arg(&source)
            .arg("-o")
            .arg(out)
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The cached file `name` (a path in the cache, in a folder of its own when it names one), made by
/// `make` (writing a scratch path beside it, renamed into place) unless it is there already.
pub(crate) fn keep(name: &str, make: impl FnOnce(&Path) -> bool) -> Option<PathBuf> {
    let path = cache_dir().join(name);
    if path.is_file() {
        return Some(path);
    }
    let (dir, file) = (path.parent()?, path.file_name()?.to_str()?);
    std::fs::create_dir_all(dir).ok()?;
    let partial = scratch_in(dir, file);
    if !make(&partial) {
        let _ = std::fs::remove_file(&partial);
        return None;
    }
    std::fs::rename(&partial, &path).ok()?;
    Some(path)
}

/// A scratch path in `dir`, unique to this compile even beside another thread's compile of the
/// same bytes.
fn scratch_in(dir: &Path, name: &str) -> PathBuf {
    static COMPILES: AtomicU64 = AtomicU64::new(0);
    dir.join(format!(
        ".{name}-{}-{}",
        std::process::id(),
        COMPILES.fetch_add(1, Ordering::Relaxed)
    ))
}

/// The headers a compile of `source` may read: those beside it and those in the include
/// folders (names and bytes), sorted so the key does not depend on the folder's order.
fn headers(source: &Path, include: &[PathBuf]) -> Vec<u8> {
    let beside = source.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut files: Vec<PathBuf> = std::iter::once(&beside)
        .chain(include)
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| matches!(e, "h" | "hpp" | "hh" | "hxx" | "inc"))
        })
        .collect();
    files.sort();
    let mut bytes = Vec::new();
    for file in files {
        bytes.extend_from_slice(file.display().to_string().as_bytes());
        bytes.extend_from_slice(&std::fs::read(&file).unwrap_or_default());
    }
    bytes
}

/// Compiles `source` once: the program is kept under [`cache_dir`] by a hash of what makes it
/// (see the crate's documentation), so a second run (or another process) reuses it.
pub(crate) fn compile(
    source: &Path,
    compiler: &[&str],
    include: &[PathBuf],
    runtime: Option<&Path>,
    role: &str,
) -> anyhow::Result<PathBuf> {
    let bytes = std::fs::read(source)
        .with_context(|| format!("{role}: cannot read {}", source.display()))?;
    let mut key = compiler.join(" ").into_bytes();
    for dir in include {
        key.extend_from_slice(dir.display().to_string().as_bytes());
    }
    if let Some(r) = runtime {
        key.extend_from_slice(r.display().to_string().as_bytes());
    }
    key.extend_from_slice(&bytes);
    key.extend_from_slice(&headers(source, include));
    let stem = source
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("program");
    let dir = cache_dir();
    let out = dir.join(format!("{stem}-{:016x}", key_hash(&key)));
    if out.is_file() {
        return Ok(out);
    }
    std::fs::create_dir_all(&dir).with_context(|| {
        format!(
            "cannot create the cache of compiled programs {}",
            dir.display()
        )
    })?;
    let partial = scratch_in(&dir, stem);
    let compile = |words: &[&str]| run_compiler(words, include, runtime, source, &partial, role);
    let mut done = compile(compiler)?;
    if !done.status.success() && compiler.contains(&STATIC) && is_link_failure(&done.stderr) {
        let dynamic: Vec<&str> = compiler.iter().copied().filter(|w| *w != STATIC).collect();
        done = compile(&dynamic)?;
    }
    if !done.status.success() {
        let _ = std::fs::remove_file(&partial);
        let stderr = String::from_utf8_lossy(&done.stderr);
        bail!(
            "{role}: {} does not compile ({}): {}\n{}",
            source.display(),
            compiler.join(" "),
            first_error(&stderr),
            stderr.trim_end()
        );
    }
    std::fs::rename(&partial, &out)
        .with_context(|| format!("cannot keep the compiled program {}", out.display()))?;
    Ok(out)
}

/// The compiler's first `error:` line (where a one-line report says why), else its first line.
fn first_error(stderr: &str) -> &str {
    stderr
        .lines()
        .find(|l| l.contains("error:"))
        .or_else(|| stderr.lines().next())
        .unwrap_or("")
        .trim()
}

/// Runs `compiler` on `source` (and the runtime object), writing the program to `out`.
fn run_compiler(
    compiler: &[&str],
    include: &[PathBuf],
    runtime: Option<&Path>,
    source: &Path,
    out: &Path,
    role: &str,
) -> anyhow::Result<std::process::Output> {
    let mut cmd = std::process::Command::new(compiler[0]);
    cmd.args(&compiler[1..]);
    if compiler[0] != "rustc" {
        for dir in include {
            cmd.arg(format!("-I{}", dir.display()));
        }
    }
    cmd.arg(source);
    if let Some(object) = runtime {
        cmd.arg(object);
    }
    cmd.arg("-o").arg(out);
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
mod tests;
