//! Writes a test-only copy of the reference Texas engine with a planted bug (special 5 clears a 3x3
//! square instead of 5x5) for `tests/planted.rs`, which checks that the harness finds, shrinks and
//! pins such a bug. The copy is made from the current source at every change, so it never drifts.

use std::path::Path;

const SOURCE: &str = "../reference/src/texas.rs";
const CORRECT: &str = "5 => square(2),";
const PLANTED: &str = "5 => square(1), // planted bug: 3x3 instead of 5x5";

fn main() {
    // Time limits of in-process engines are stretched in unoptimized builds (the tests).
    println!("cargo:rustc-check-cfg=cfg(unoptimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|o| o == "0") {
        println!("cargo:rustc-cfg=unoptimized");
    }
    println!("cargo:rerun-if-changed={SOURCE}");
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let text = std::fs::read_to_string(SOURCE).unwrap_or_default();
    let body = if text.matches(CORRECT).count() == 1 {
        // Inner doc comments are not allowed inside the module the test includes this into.
        text.lines()
            .filter(|l| !l.trim_start().starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n")
            .replace(CORRECT, PLANTED)
    } else {
        format!("compile_error!(\"tests/planted.rs: `{CORRECT}` must appear exactly once in {SOURCE}; update harness/build.rs\");")
    };
    std::fs::write(Path::new(&out).join("planted_texas.rs"), body).expect("OUT_DIR is writable");
}
