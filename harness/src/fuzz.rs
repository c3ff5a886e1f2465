//! The bodies of the fuzz targets. The files in `fuzz/fuzz_targets/` only call these, so a stable
//! `cargo test` can run them on random bytes and `cargo +nightly fuzz run` can drive them with
//! coverage feedback.

use crate::game::{EngineKind, Game};
use crate::games::{Mayan, Nogo, Texas};
use crate::report;
use arbitrary::Unstructured;

/// Bytes become a valid case: a contest input when they parse as one (so the samples and saved
/// regressions seed the fuzzer directly), otherwise through the generators' `arbitrary` path. Both
/// engines must produce identical traced outcomes.
pub fn diff<G: Game>(data: &[u8]) {
    let case = match G::parse(data) {
        Ok(case) => case,
        Err(_) => match G::arbitrary_case(&mut Unstructured::new(data)) {
            Ok(case) => case,
            Err(_) => return,
        },
    };
    let reference = G::run(&case, EngineKind::Reference, true);
    let optimized = G::run(&case, EngineKind::Optimized, true);
    if let Some(d) = G::compare(&case, &reference, &optimized) {
        panic!(
            "{} engines disagree\n{}case:\n{}",
            G::NAME,
            report::divergence(&d, false),
            G::write(&case)
        );
    }
}

/// Raw bytes into the parser: never a panic; whatever parses writes and parses back equal, and
/// every error message renders.
pub fn parse<G: Game>(data: &[u8]) {
    match G::parse(data) {
        Ok(case) => {
            let text = G::write(&case);
            match G::parse(text.as_bytes()) {
                Ok(again) => assert!(
                    again == case,
                    "{}: parse(write(c)) != c for\n{text}",
                    G::NAME
                ),
                Err(e) => panic!(
                    "{}: a written case does not parse back: {e}\n{text}",
                    G::NAME
                ),
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("line "), "error without a position: {msg}");
        }
    }
}

pub fn texas_diff(data: &[u8]) {
    diff::<Texas>(data)
}
pub fn texas_parse(data: &[u8]) {
    parse::<Texas>(data)
}
pub fn mayan_diff(data: &[u8]) {
    diff::<Mayan>(data)
}
pub fn mayan_parse(data: &[u8]) {
    parse::<Mayan>(data)
}
pub fn nogo_diff(data: &[u8]) {
    diff::<Nogo>(data)
}
pub fn nogo_parse(data: &[u8]) {
    parse::<Nogo>(data)
}

/// A fuzz target body.
pub type Target = fn(&[u8]);

/// Every target, by name, for tests and tools.
pub const TARGETS: &[(&str, Target)] = &[
    ("texas_diff", texas_diff),
    ("texas_parse", texas_parse),
    ("mayan_diff", mayan_diff),
    ("mayan_parse", mayan_parse),
    ("nogo_diff", nogo_diff),
    ("nogo_parse", nogo_parse),
];
