//! Programs built with coverage counters, and what a run of one counted: for the guided search
//! (`harness stress --search coverage`).
//!
//! A C or C++ source is compiled once more, as the plain build compiles it (`crate::build`) with
//! gcc's `-fsanitize-coverage=trace-pc,trace-cmp` added, and linked with the coverage run-time
//! ([`COVERAGE_RUNTIME`], compiled once into the cache) beside the fork server's, so it starts
//! warm like the plain build. A run given [`COVERAGE_ENV`] (a file)
//! counts into that file, shared: the hit count of each edge between two basic blocks of the
//! program's own code, the constants it compared something against, and pairs of values it
//! compared with each other. [`Counted::read`] reads it
//! after the run; [`Counted::clear`] empties it before the next. The layout is the run-time's
//! (toolchain/coverage/coverage.c).

use crate::build::{compile, compiled, language_of, runtime_build, runtime_object, Language};
use anyhow::bail;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use supervise::Program;

/// The run-time linked into a program built with coverage counters.
pub const COVERAGE_RUNTIME: &str = include_str!("../coverage/coverage.c");

/// The environment variable that names the file a run counts into.
pub const COVERAGE_ENV: &str = "STRESS_COVERAGE";

/// Edges the counters tell apart (a hash of the two blocks' addresses picks the counter).
pub const MAP_SIZE: usize = 1 << 16;
const CONST_SLOTS: usize = 1024;
const PAIRS_AT: usize = MAP_SIZE + CONST_SLOTS * 8;
const PAIR_SLOTS: usize = 1024;
const AREA_BYTES: usize = PAIRS_AT + PAIR_SLOTS * 16;
/// How the run-time keeps a comparison against 0 (0 marks an empty slot).
const ZERO_MARK: u64 = 1 << 63;

/// The flag of a build with coverage counters, after the plain build's.
const COUNTERS: &str = "-fsanitize-coverage=trace-pc,trace-cmp";

/// Builds a C or C++ `source` once more with coverage counters, warm-started like [`crate::build`]
/// builds it, cached apart from the plain build. Another language is an error naming `role`.
pub fn build_covered(source: &Path, include: &[PathBuf], role: &str) -> anyhow::Result<Program> {
    let compiler = match language_of(source) {
        Some(l @ (Language::Cpp | Language::C)) => l.compiler().unwrap_or_default(),
        _ => bail!(
            "{role}: {} is not a C or C++ source: only those are built with coverage counters",
            source.display()
        ),
    };
    if !source.is_file() {
        bail!("{role}: no such source file {}", source.display());
    }
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
        let pairs = area[PAIRS_AT..AREA_BYTES]
            .chunks_exact(16)
            .map(|slot| (word(&slot[..8]) as i64, word(&slot[8..]) as i64))
            .filter(|&pair| pair != (0, 0))
            .collect();
        Counted {
            edges,
            constants,
            pairs,
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
        // The same input counts the same.
        assert_eq!(run(b"5\n").1.edges, five.edges);
        // Without the variable the program is a plain program: it runs and counts nowhere.
        Counted::clear(&file).unwrap();
        let limits = supervise::Limits::from_cpu(std::time::Duration::from_secs(5));
        let plain = supervise::run_with_env(&program, &[], &[], b"4242\n", &limits).unwrap();
        assert!(String::from_utf8_lossy(&plain.stdout).starts_with("rare\n"));
        assert_eq!(Counted::read(&file), Counted::default());
    }

    #[test]
    fn only_c_and_cpp_are_built_with_counters() {
        let py = scratch("x.py");
        std::fs::write(&py, "print(1)\n").unwrap();
        let err = build_covered(&py, &[], "the solution").unwrap_err();
        assert!(format!("{err}").contains("only those are built with coverage counters"));
    }
}
