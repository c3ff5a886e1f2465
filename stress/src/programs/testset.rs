//! A package's tests: the generated ones (script lines, each calling one of the package's
//! generators with its arguments) and the manual ones (their inputs, files of the package at the
//! testset's `input-path-pattern`).

use crate::programs::xml::{child, children, Place};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};

/// One of a problem's generators: its place in the problem's list. `GenId(0)` is the first: the
/// only one of a problem file or a flag, or the one most of a package's script lines call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GenId(pub usize);

/// A script line: the generator it calls and the arguments it gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    pub gen: GenId,
    pub args: Vec<String>,
}

/// A manual test: its number in the testset (from 1), its input file, and the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manual {
    pub index: usize,
    pub file: PathBuf,
    pub text: String,
}

/// A package's tests, read.
#[derive(Debug, Clone, Default)]
pub struct Tests {
    /// The source of every generator a script line calls (by its file's stem): the one most lines
    /// call first, then the others by how many lines call them (ties in the order of their first
    /// line). A script line's [`GenId`] is its generator's place here.
    pub generators: Vec<PathBuf>,
    /// Every script line, the smallest first (by the sum of its numbers), duplicates dropped.
    pub scripts: Vec<Script>,
    /// The manual tests, in the testset's order.
    pub manual: Vec<Manual>,
}

/// Polygon's default `input-path-pattern`.
const PATTERN: &str = "tests/%02d";

/// The tests of `testset`: its script lines with their generators (each an executable of `root`'s
/// `<files>`), and its manual tests with their inputs.
pub(crate) fn read(
    root: roxmltree::Node,
    testset: roxmltree::Node,
    at: &Place,
) -> anyhow::Result<Tests> {
    let pattern = child(testset, "input-path-pattern")
        .and_then(|n| n.text())
        .map_or(PATTERN, str::trim);
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    let mut manual = Vec::new();
    let tests = child(testset, "tests")
        .into_iter()
        .flat_map(|t| children(t, "test"));
    for (i, test) in tests.enumerate() {
        match (test.attribute("method"), test.attribute("cmd")) {
            (Some("manual"), _) => manual.push(manual_test(pattern, i + 1, at)?),
            (Some("generated"), Some(cmd)) => lines.push(words(cmd, at)?),
            _ => {}
        }
    }
    let (generators, scripts) = generated(root, lines, at)?;
    Ok(Tests {
        generators,
        scripts,
        manual,
    })
}

/// A script line's words: the program it calls, and its arguments.
fn words(cmd: &str, at: &Place) -> anyhow::Result<(String, Vec<String>)> {
    shlex::split(cmd)
        .and_then(|w| {
            let (first, rest) = w.split_first()?;
            Some((first.clone(), rest.to_vec()))
        })
        .with_context(|| at.says(&format!("<test cmd=\"{cmd}\">: cannot split it into words")))
}

/// Every generator the script lines `lines` call (the most called first), and the lines as
/// [`Script`]s, the smallest first.
fn generated(
    root: roxmltree::Node,
    lines: Vec<(String, Vec<String>)>,
    at: &Place,
) -> anyhow::Result<(Vec<PathBuf>, Vec<Script>)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for (name, _) in &lines {
        match counts.iter_mut().find(|(n, _)| n == name) {
            Some((_, c)) => *c += 1,
            None => counts.push((name.clone(), 1)),
        }
    }
    counts.sort_by_key(|(_, c)| std::cmp::Reverse(*c));
    let generators = counts
        .iter()
        .map(|(name, _)| executable(root, name, at))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut scripts: Vec<Script> = lines
        .into_iter()
        .filter_map(|(name, args)| {
            let gen = counts.iter().position(|(n, _)| *n == name)?;
            Some(Script {
                gen: GenId(gen),
                args,
            })
        })
        .collect();
    scripts.sort_by_key(|s| crate::protocol::reduce::args::size(&s.args));
    scripts.dedup();
    Ok((generators, scripts))
}

/// The source of the executable a script line calls by `name` (its file's stem).
fn executable(root: roxmltree::Node, name: &str, at: &Place) -> anyhow::Result<PathBuf> {
    let sources = child(root, "files")
        .and_then(|f| child(f, "executables"))
        .into_iter()
        .flat_map(|e| children(e, "executable"))
        .filter_map(|e| child(e, "source")?.attribute("path"));
    for rel in sources {
        let stem = Path::new(rel).file_stem().and_then(|s| s.to_str());
        if stem == Some(name) {
            return at.existing(rel, "executable");
        }
    }
    bail!(at.says(&format!(
        "the generated tests call `{name}`, which no <files><executables><executable> is"
    )))
}

/// Manual test `index`: its input, the file `pattern` names for it, which must be there.
fn manual_test(pattern: &str, index: usize, at: &Place) -> anyhow::Result<Manual> {
    let rel = test_path(pattern, index).with_context(|| {
        at.says(&format!(
            "<input-path-pattern> is `{pattern}`, not a path with one %d (as {PATTERN})"
        ))
    })?;
    let file = at.dir.join(&rel);
    let bytes = std::fs::read(&file).map_err(|e| {
        anyhow::anyhow!(at.says(&format!(
            "manual test {index} (<test method=\"manual\">): its input {rel} is missing ({e})"
        )))
    })?;
    let text = String::from_utf8(bytes).map_err(|_| {
        anyhow::anyhow!(at.says(&format!(
            "manual test {index}: its input {rel} is not UTF-8 text"
        )))
    })?;
    Ok(Manual {
        index,
        file,
        text: unix_lines(text),
    })
}

/// A manual test's text with Windows line ends (`\r\n`, as a test uploaded from Windows keeps
/// them) made `\n`: Polygon's judges run on Windows, where testlib reads `\r\n` as one line end;
/// on Linux testlib reads the `\r` as a character, and a strict validator would refuse the test
/// (`Expected EOLN`). The test means the same to every solution either way.
fn unix_lines(text: String) -> String {
    if text.contains("\r\n") {
        text.replace("\r\n", "\n")
    } else {
        text
    }
}

/// The path `pattern` (`tests/%02d`: printf's `%d` with an optional width, zero-padded or not)
/// names for test `index`; `None` when the pattern has no such `%d`.
pub(crate) fn test_path(pattern: &str, index: usize) -> Option<String> {
    let (head, rest) = pattern.split_once('%')?;
    let width_len = rest.find(|c: char| !c.is_ascii_digit())?;
    let (width, tail) = rest.split_at(width_len);
    let tail = tail.strip_prefix('d').filter(|t| !t.contains('%'))?;
    let n: usize = if width.is_empty() {
        0
    } else {
        width.parse().ok()?
    };
    let number = if width.starts_with('0') {
        format!("{index:0n$}")
    } else {
        format!("{index:n$}")
    };
    Some(format!("{head}{number}{tail}"))
}
