//! Re-running saved cases: each file through both engines, and against its expected answer
//! (`.out` or `.ans` beside it) when there is one.

use crate::game::Game;
use crate::{oracle, report};
use std::io::Write;
use std::path::Path;

/// The verdict for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay {
    /// Both engines agree (and match the expected answer when there is one).
    Ok {
        answer: String,
        checked_expected: bool,
    },
    /// The engines disagree.
    Mismatch(String),
    /// The engines agree with each other but not with the expected answer.
    Unexpected(String),
    /// The file does not parse (or cannot be read).
    BadInput(String),
}

/// Every `.in` file below `dir`, recursively, sorted (an unreadable folder contributes nothing).
pub fn case_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "in") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The expected answer stored beside a case file, if any.
pub fn expected_beside(path: &Path) -> Option<String> {
    ["out", "ans"]
        .iter()
        .find_map(|ext| std::fs::read_to_string(path.with_extension(ext)).ok())
}

/// Replays one case file.
pub fn replay_file<G: Game>(path: &Path, colour: bool) -> Replay {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Replay::BadInput(format!("cannot read: {e}")),
    };
    let case = match G::parse(&bytes) {
        Ok(c) => c,
        Err(e) => return Replay::BadInput(e.to_string()),
    };
    let (reference, optimized) = match oracle::outcomes::<G>(&case) {
        Ok(pair) => pair,
        Err(d) => return Replay::Mismatch(report::divergence(&d, colour)),
    };
    if let Some(d) = G::compare(&case, &reference, &optimized) {
        return Replay::Mismatch(report::divergence(&d, colour));
    }
    let answer = G::answer(&reference);
    match expected_beside(path) {
        Some(want) => match G::judge(&case, &reference, &want) {
            Ok(()) => Replay::Ok {
                answer,
                checked_expected: true,
            },
            Err(why) => Replay::Unexpected(format!(
                "the engines agree but differ from the expected answer: {why}"
            )),
        },
        None => Replay::Ok {
            answer,
            checked_expected: false,
        },
    }
}

/// Replays files, printing a verdict line per file; returns the exit status (0 all fine, 1 a
/// mismatch or unexpected answer, 2 a bad input).
pub fn run<G: Game>(
    paths: &[std::path::PathBuf],
    colour: bool,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    let mut status = 0;
    for path in paths {
        match replay_file::<G>(path, colour) {
            Replay::Ok {
                answer,
                checked_expected,
            } => {
                let first = answer.lines().next().unwrap_or("(empty)");
                let more = if answer.lines().count() > 1 {
                    " ..."
                } else {
                    ""
                };
                let note = if checked_expected {
                    ", as expected"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "{}: ok, both engines answer {first}{more}{note}",
                    path.display()
                )?;
            }
            Replay::Mismatch(text) => {
                writeln!(out, "{}: MISMATCH\n{text}", path.display())?;
                status = status.max(1);
            }
            Replay::Unexpected(why) => {
                writeln!(out, "{}: WRONG: {why}", path.display())?;
                status = status.max(1);
            }
            Replay::BadInput(why) => {
                writeln!(out, "{}: bad input: {why}", path.display())?;
                status = 2;
            }
        }
    }
    Ok(status)
}
