//! Programs built with coverage counters, and what a run of one counted: for the guided search
//! (`harness stress --search coverage`) and the work the search of slow inputs climbs on
//! (`--search slow`).
//!
//! A C or C++ source is compiled once more, as the plain build compiles it (`crate::build`) with
//! gcc's `-fsanitize-coverage=trace-pc,trace-cmp` added, and linked with the coverage run-time
//! ([`COVERAGE_RUNTIME`], compiled once into the cache) beside the fork server's, so it starts
//! warm like the plain build. A run given [`COVERAGE_ENV`] (a file)
//! counts into that file, shared: the hit count of each edge between two basic blocks of the
//! program's own code, the constants it compared something against, and pairs of values it
//! compared with each other, and the count of basic blocks it executed (its work, for the search
//! of slow inputs). [`Counted::read`] reads it
//! after the run; [`Counted::clear`] empties it before the next. The layout is the run-time's
//! (toolchain/coverage/coverage.c). A Python source runs under a runner of its own
//! (toolchain/coverage/coverage.py) that counts the edges between the lines of the script's own
//! files into the same area, and takes every integer constant of its code as one it compares
//! against (Python has no `trace-cmp`).

use crate::build::{compile, compiled, language_of, runtime_build, runtime_object, Language};
use anyhow::bail;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use supervise::Program;

/// The run-time linked into a program built with coverage counters.
pub const COVERAGE_RUNTIME: &str = include_str!("../coverage/coverage.c");

/// The runner of a Python program with line coverage, counting into the same area.
pub const COVERAGE_PYTHON: &str = include_str!("../coverage/coverage.py");

/// The environment variable that names the file a run counts into.
pub const COVERAGE_ENV: &str = "STRESS_COVERAGE";

/// Edges the counters tell apart (a hash of the two blocks' addresses picks the counter).
pub const MAP_SIZE: usize = 1 << 16;
const CONST_SLOTS: usize = 1024;
const PAIRS_AT: usize = MAP_SIZE + CONST_SLOTS * 8;
const PAIR_SLOTS: usize = 1024;
const WORK_AT: usize = PAIRS_AT + PAIR_SLOTS * 16;
const AREA_BYTES: usize = WORK_AT + 8;
/// How the run-time keeps a comparison against 0 (0 marks an empty slot).
const ZERO_MARK: u64 = 1 << 63;

/// The flag of a build with coverage counters, after the plain build's.
const COUNTERS: &str = "-fsanitize-coverage=trace-pc,trace-cmp";

/// Builds a C or C++ `source` once more with coverage counters, warm-started like [`crate::build`]
/// builds it, cached apart from the plain build; a Python `source` runs under the line-coverage
/// runner ([`COVERAGE_PYTHON`]). Another language is an error naming `role`.
pub fn build_covered(source: &Path, include: &[PathBuf], role: &str) -> anyhow::Result<Program> {
    if !source.is_file() {
        bail!("{role}: no such source file {}", source.display());
    }
    let compiler = match language_of(source) {
        Some(l @ (Language::Cpp | Language::C)) => l.compiler().unwrap_or_default(),
        Some(Language::Python) => return python_covered(source, include, role),
        _ => bail!(
            "{role}: {} is not a C, C++ or Python source: only those are built with coverage \
             counters",
            source.display()
        ),
    };
    let Some(counters) = runtime() else {
        bail!("{role}: the coverage run-time does not compile (gcc is needed)");
    };
    let counters = counters.display().to_string();
    let mut words: Vec<&str> = compiler.to_vec();
    words.extend([COUNTERS, &counters]);
    let warm = runtime_object();
    let out = compile(source, &words, include, warm.as_deref(), role)?;
    Ok(compiled(&out, warm.is_some()))
}

/// A Python `source` under the line-coverage runner: `python3 coverage.py SOURCE ARGS...`, warm
/// started by the resident interpreter (which compiles the modules beside `source` and in
/// `include` ahead of its runs, the source among them).
fn python_covered(source: &Path, include: &[PathBuf], role: &str) -> anyhow::Result<Program> {
    let Some(runner) = python_runner() else {
        bail!(
            "{role}: the line-coverage runner cannot be written into {}",
            crate::cache_dir().display()
        );
    };
    let folder = source
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let folders: Vec<PathBuf> = std::iter::once(folder)
        .chain(include.iter().cloned())
        .collect();
    let target = [source.display().to_string()];
    crate::build::python_program(&runner.display().to_string(), &target, &folders)
}

/// The line-coverage runner written into the cache, alone in a folder of its own (the resident
/// interpreter compiles what is beside its script), once per process.
fn python_runner() -> Option<PathBuf> {
    static RUNNER: OnceLock<Option<PathBuf>> = OnceLock::new();
    RUNNER
        .get_or_init(|| {
            let hash = crate::key_hash(COVERAGE_PYTHON.as_bytes());
            crate::build::keep(&format!("coverage-py-{hash:016x}/coverage.py"), |path| {
                std::fs::write(path, COVERAGE_PYTHON).is_ok()
            })
        })
        .clone()
}

/// The coverage run-time compiled as an object, once per process (and cached across processes).
fn runtime() -> Option<PathBuf> {
    static OBJECT: OnceLock<Option<PathBuf>> = OnceLock::new();
    OBJECT
        .get_or_init(|| runtime_build(COVERAGE_RUNTIME, "coverage", "o", &["-O2", "-c"]))
        .clone()
}

/// What one run of a program built with coverage counters counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counted {
    /// Each edge the run took, with its hit count's bucket (AFL's: 1, 2, 3, 4-7, 8-15, 16-31,
    /// 32-127, 128 or more), as one bit of eight: `(edge, bucket)`.
    pub edges: Vec<(u32, u8)>,
    /// The constants the program compared something against, each once, in no order.
    pub constants: Vec<i64>,
    /// Pairs of values the program compared with each other (neither a constant): the latest
    /// pairs of each comparison site, in no order.
    pub pairs: Vec<(i64, i64)>,
    /// The run's work: the basic blocks a C or C++ program executed, the lines of its own code a
    /// Python script ran; every one counted (no saturation), so the same input counts the same
    /// work on every run, whatever the machine's load.
    pub work: u64,
}

impl Counted {
    /// Empties the file `path` a run is to count into (creates it).
    pub fn clear(path: &Path) -> std::io::Result<()> {
        std::fs::File::create(path).map(drop)
    }

    /// What the run that had `path` counted: nothing when the file is empty (the program never
    /// reached its own code, or was not built with counters).
    pub fn read(path: &Path) -> Counted {
        match std::fs::read(path) {
            Ok(area) if area.len() >= AREA_BYTES => Counted::parse(&area),
            _ => Counted::default(),
        }
    }

    fn parse(area: &[u8]) -> Counted {
        let edges = area[..MAP_SIZE]
            .iter()
            .enumerate()
            .filter(|(_, &hits)| hits != 0)
            .map(|(edge, &hits)| (edge as u32, bucket(hits)))
            .collect();
        let constants = area[MAP_SIZE..PAIRS_AT]
            .chunks_exact(8)
            .filter_map(|slot| match word(slot) {
                0 => None,
                ZERO_MARK => Some(0),
                v => Some(v as i64),
            })
            .collect();
        let pairs = area[PAIRS_AT..WORK_AT]
            .chunks_exact(16)
            .map(|slot| (word(&slot[..8]) as i64, word(&slot[8..]) as i64))
            .filter(|&pair| pair != (0, 0))
            .collect();
        Counted {
            edges,
            constants,
            pairs,
            work: word(&area[WORK_AT..AREA_BYTES]),
        }
    }
}

/// The little-endian word of 8 bytes.
fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(bytes);
    u64::from_le_bytes(w)
}

/// AFL's bucket of a hit count, as one bit: a loop that runs a few times more is not new.
fn bucket(hits: u8) -> u8 {
    match hits {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 4,
        4..=7 => 8,
        8..=15 => 16,
        16..=31 => 32,
        32..=127 => 64,
        128.. => 128,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("toolchain-coverage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn buckets_are_afls() {
        let got: Vec<u8> = [1u8, 2, 3, 4, 7, 8, 15, 16, 31, 32, 127, 128, 255]
            .iter()
            .map(|&h| bucket(h))
            .collect();
        assert_eq!(got, [1, 2, 4, 8, 8, 16, 16, 32, 32, 64, 64, 128, 128]);
    }

    #[test]
    fn a_run_counts_its_edges_and_the_constants_it_compares_against() {
        let dir = scratch("src");
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("branches.cpp");
        std::fs::write(
            &source,
            "#include <cstdio>\nint main() { long long x; if (scanf(\"%lld\", &x) != 1) return 1;\n\
             if (x == 4242) puts(\"rare\"); else if (x < -7) puts(\"negative\");\n\
             else if (x == 0) puts(\"zero\"); else puts(\"other\");\n\
             for (long long i = 0; i < x && i < 100; i++) if (i % 7 == 3) putchar('.');\n}\n",
        )
        .unwrap();
        let program = build_covered(&source, &[], "test").expect("builds with counters");
        let file = scratch("area");
        let run = |input: &[u8]| {
            Counted::clear(&file).unwrap();
            let env = [(COVERAGE_ENV.to_string(), file.display().to_string())];
            let limits = supervise::Limits::from_cpu(std::time::Duration::from_secs(5));
            let exec = supervise::run_with_env(&program, &[], &env, input, &limits).unwrap();
            assert!(exec.success(), "{exec:?}");
            (
                String::from_utf8_lossy(&exec.stdout).into_owned(),
                Counted::read(&file),
            )
        };
        let (out, five) = run(b"5\n");
        assert!(out.starts_with("other"), "{out}");
        let mut constants = five.constants.clone();
        constants.sort();
        for c in [-7, 0, 4242] {
            assert!(constants.contains(&c), "{c} not in {constants:?}");
        }
        // `i < x` compares two variables: its last unequal pair, i = 4 against x = 5, is kept.
        assert!(
            five.pairs.contains(&(4, 5)) || five.pairs.contains(&(5, 4)),
            "{:?}",
            five.pairs
        );
        let (out, rare) = run(b"4242\n");
        assert!(out.starts_with("rare"), "{out}");
        let new = rare
            .edges
            .iter()
            .filter(|e| !five.edges.contains(e))
            .count();
        assert!(new > 0, "4242 takes an edge 5 does not: {rare:?} {five:?}");
        // The same input counts the same edges and the same work, run after run; a longer loop
        // counts more work.
        for _ in 0..10 {
            let again = run(b"5\n").1;
            assert_eq!((&again.edges, again.work), (&five.edges, five.work));
        }
        let (_, ninety) = run(b"90\n");
        assert!(
            five.work > 10 && ninety.work > five.work + 85 * 2,
            "blocks executed: {} for 5 rounds, {} for 90",
            five.work,
            ninety.work
        );
        // Without the variable the program is a plain program: it runs and counts nowhere.
        Counted::clear(&file).unwrap();
        let limits = supervise::Limits::from_cpu(std::time::Duration::from_secs(5));
        let plain = supervise::run_with_env(&program, &[], &[], b"4242\n", &limits).unwrap();
        assert!(String::from_utf8_lossy(&plain.stdout).starts_with("rare\n"));
        assert_eq!(Counted::read(&file), Counted::default());
    }

    #[test]
    fn a_python_run_counts_its_lines_and_the_integers_of_its_code() {
        let dir = scratch("py");
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("lines.py");
        std::fs::write(
            &source,
            "import sys\nx = int(input())\nif x == 4242:\n    print('rare')\n\
             elif x < -7:\n    print('negative')\nelse:\n    print('other')\n\
             sys.exit(3 if x == 5 else 0)\n",
        )
        .unwrap();
        let program = build_covered(&source, &[], "test").expect("runs under the runner");
        let file = scratch("py-area");
        let run = |input: &[u8], env: bool| {
            Counted::clear(&file).unwrap();
            let env: Vec<(String, String)> = if env {
                vec![(COVERAGE_ENV.to_string(), file.display().to_string())]
            } else {
                Vec::new()
            };
            let limits = supervise::Limits::from_cpu(std::time::Duration::from_secs(5));
            let exec = supervise::run_with_env(&program, &[], &env, input, &limits).unwrap();
            (exec, Counted::read(&file))
        };
        let (exec, five) = run(b"5\n", true);
        assert_eq!(String::from_utf8_lossy(&exec.stdout), "other\n");
        assert_eq!(
            exec.ending,
            supervise::Ending::Exited(3),
            "the script's own status: {exec:?}"
        );
        let mut constants = five.constants.clone();
        constants.sort();
        for c in [-7, 0, 3, 5, 4242] {
            assert!(constants.contains(&c), "{c} not in {constants:?}");
        }
        let (exec, rare) = run(b"4242\n", true);
        assert_eq!(String::from_utf8_lossy(&exec.stdout), "rare\n");
        let new = rare
            .edges
            .iter()
            .filter(|e| !five.edges.contains(e))
            .count();
        assert!(new > 0, "4242 runs a line 5 does not: {rare:?} {five:?}");
        let again = run(b"5\n", true).1;
        assert_eq!(
            (&again.edges, again.work),
            (&five.edges, five.work),
            "the same input counts the same"
        );
        // Its work is the lines it ran: six for 5 (`import`, `x =`, `if`, `elif`, the `else`'s
        // `print`, `sys.exit`), five for 4242 (its `if` is true).
        assert_eq!(five.work, 6, "{five:?}");
        assert_eq!(rare.work, 5, "{rare:?}");
        // Without the variable it runs as it is and counts nowhere.
        let (exec, none) = run(b"4242\n", false);
        assert_eq!(String::from_utf8_lossy(&exec.stdout), "rare\n");
        assert_eq!(none, Counted::default());
        // An uncaught exception is the script's: status 1, its traceback's last line.
        let (exec, _) = run(b"x\n", true);
        assert_eq!(exec.ending, supervise::Ending::Exited(1), "{exec:?}");
        assert!(String::from_utf8_lossy(&exec.stderr).contains("ValueError"));
    }

    #[test]
    fn only_c_cpp_and_python_are_built_with_counters() {
        let rs = scratch("x.rs");
        std::fs::write(&rs, "fn main() {}\n").unwrap();
        let err = build_covered(&rs, &[], "the solution").unwrap_err();
        assert!(format!("{err}").contains("only those are built with coverage counters"));
    }
}
