//! Sources become programs the harness can run, cold or warm.
//!
//! A C, C++ or Rust source is compiled once and kept in a cache ([`cache_dir`]) under a hash of
//! everything that makes the program: the compiler's command, the include folders, the source's
//! bytes, and the bytes of every header beside the source or in an include folder (so that an
//! edited `testlib.h` or local header makes a new program, never a stale one). A Python source runs
//! with the real interpreter, resolved once per process from `python3` on the `PATH` (a version
//! manager's shim is never started per run).
//!
//! Each program comes with its warm start ([`supervise::WarmStart`]) where it can have one: C and
//! C++ programs are linked with the fork server's runtime ([`supervise::C_RUNTIME`], compiled once
//! into the cache) and stay plain programs when started by exec; a Python script runs under the
//! resident interpreter ([`supervise::PYTHON_SERVER`]). Rust programs are started by exec: Rust's
//! standard library reads its arguments in a constructor of its own, before the server could give
//! each run its own.
//!
//! [`build_sanitized`] builds a C or C++ source once more with AddressSanitizer,
//! UndefinedBehaviorSanitizer and the standard library's debug mode, for `stress --sanitize`; its
//! runs take [`SANITIZER_ENV`]. [`build_covered`] builds one with coverage counters, for the guided
//! search: a run given [`COVERAGE_ENV`] counts its edges and the constants it compares against
//! into a file [`Counted::read`] reads.

mod build;
mod cache;
mod coverage;

pub use build::{
    build, build_sanitized, build_with_header, language_of, precompile, python, Language,
    SANITIZER_ENV,
};
pub use cache::{cache_dir, key_hash};
pub use coverage::{
    build_covered, Counted, COVERAGE_ENV, COVERAGE_PYTHON, COVERAGE_RUNTIME, MAP_SIZE,
};
