//! A Polygon package as a problem: its `problem.xml` read (the testset's limits, its generated and
//! manual tests (`crate::programs::testset`), the checker, the validators, the interactor, the
//! solutions and their tags), every path taken from the package's folder. What it gives is made into the harness's problem file and
//! flags by `crate::programs::problem`; the tags are judged by `crate::commands::polygon`.

use crate::programs::standard;
use crate::programs::testset::{self, Manual, Script};
use crate::programs::xml::{child, children, Place};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};

/// What a package's solution is expected to do, by its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// The main correct solution: the reference.
    Main,
    Accepted,
    /// Any failure.
    Rejected,
    WrongAnswer,
    PresentationError,
    TimeLimit,
    TimeLimitOrAccepted,
    TimeLimitOrMemoryLimit,
    MemoryLimit,
    /// A runtime error.
    Failed,
    /// Not run.
    DoNotRun,
}

/// Every tag, with its spelling in `problem.xml`.
const TAGS: [(Tag, &str); 11] = [
    (Tag::Main, "main"),
    (Tag::Accepted, "accepted"),
    (Tag::Rejected, "rejected"),
    (Tag::WrongAnswer, "wrong-answer"),
    (Tag::PresentationError, "presentation-error"),
    (Tag::TimeLimit, "time-limit-exceeded"),
    (Tag::TimeLimitOrAccepted, "time-limit-exceeded-or-accepted"),
    (
        Tag::TimeLimitOrMemoryLimit,
        "time-limit-exceeded-or-memory-limit-exceeded",
    ),
    (Tag::MemoryLimit, "memory-limit-exceeded"),
    (Tag::Failed, "failed"),
    (Tag::DoNotRun, "do-not-run"),
];

impl Tag {
    /// The tag of `problem.xml`'s spelling; `None` for one the harness does not know.
    pub fn parse(word: &str) -> Option<Tag> {
        TAGS.iter().find(|(_, w)| *w == word).map(|(t, _)| *t)
    }

    /// The tag as `problem.xml` spells it.
    pub fn name(self) -> &'static str {
        TAGS.iter().find(|(t, _)| *t == self).map_or("", |(_, w)| w)
    }

    /// Whether a run whose outcome is `found` is what the tag expects.
    pub fn expects(self, found: Found) -> bool {
        use Found::*;
        match self {
            Tag::Main | Tag::Accepted => found == Passed,
            Tag::Rejected => found != Passed,
            Tag::WrongAnswer => found == WrongAnswer,
            Tag::PresentationError => found == PresentationError,
            Tag::TimeLimit => found == TimeLimit,
            Tag::TimeLimitOrAccepted => matches!(found, TimeLimit | Passed),
            Tag::TimeLimitOrMemoryLimit => matches!(found, TimeLimit | MemoryLimit),
            Tag::MemoryLimit => found == MemoryLimit,
            Tag::Failed => found == RuntimeError,
            Tag::DoNotRun => true,
        }
    }
}

/// What a stress run of a solution found: every case passed, or its first failure's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Passed,
    WrongAnswer,
    PresentationError,
    TimeLimit,
    MemoryLimit,
    RuntimeError,
}

impl Found {
    /// In a judge's words.
    pub fn words(self) -> &'static str {
        match self {
            Found::Passed => "accepted",
            Found::WrongAnswer => "wrong answer",
            Found::PresentationError => "presentation error",
            Found::TimeLimit => "time limit exceeded",
            Found::MemoryLimit => "memory limit exceeded",
            Found::RuntimeError => "runtime error",
        }
    }
}

/// A solution of the package: its source and its tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub source: PathBuf,
    pub tag: Tag,
}

/// The checker a package names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checker {
    /// Its source (a `std::` checker's copy, or the package's own).
    Source(PathBuf),
    /// A standard checker with no source in the package, by its name (`lcmp` for
    /// `std::lcmp.cpp`): the kit's program judges as it (`crate::programs::standard`).
    Standard(String),
    /// None named: tokens are compared.
    None,
}

/// A package, read.
#[derive(Debug, Clone)]
pub struct Package {
    /// The package's folder.
    pub dir: PathBuf,
    /// `short-name`, else the folder's name.
    pub name: String,
    pub time_ms: u64,
    pub memory_mb: u64,
    pub checker: Checker,
    pub validator: Option<PathBuf>,
    pub interactor: Option<PathBuf>,
    pub main: PathBuf,
    /// Every other solution, in the package's order.
    pub solutions: Vec<Solution>,
    /// The source of every generator a script line calls, the one most lines call first
    /// ([`testset::Tests::generators`]).
    pub generators: Vec<PathBuf>,
    /// The script lines, each naming its generator, the smallest first (by the sum of their
    /// numbers); each generated case takes one, and the case's seed after it.
    pub scripts: Vec<Script>,
    /// The manual tests with their inputs, in the testset's order: the first cases of a run.
    pub manual: Vec<Manual>,
}

/// Whether `path` is a Polygon package: a folder with a `problem.xml`, or that file.
pub fn is_package(path: &Path) -> bool {
    path.join("problem.xml").is_file() || path.file_name().is_some_and(|n| n == "problem.xml")
}

/// Reads the package at `path` (its folder or its `problem.xml`). A malformed `problem.xml`, a
/// file it names that is missing, or a tag the harness does not know is an error that says
/// which file and which element.
pub fn read(path: &Path) -> anyhow::Result<Package> {
    let (dir, file) = if path.is_dir() {
        (path.to_path_buf(), path.join("problem.xml"))
    } else {
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        (dir, path.to_path_buf())
    };
    let text = std::fs::read_to_string(&file)
        .with_context(|| format!("package {}: cannot read it", file.display()))?;
    let doc = roxmltree::Document::parse(&text)
        .map_err(|e| anyhow::anyhow!("package {}: malformed XML: {e}", file.display()))?;
    let at = Place {
        file: &file,
        dir: &dir,
    };
    let root = doc.root_element();
    let testset = testset(root).with_context(|| at.says("no <judging><testset>"))?;
    let tests = testset::read(root, testset, &at)?;
    let (main, solutions) = solutions(root, &at)?;
    Ok(Package {
        name: root
            .attribute("short-name")
            .map(String::from)
            .or_else(|| {
                dir.canonicalize()
                    .ok()?
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "polygon".into()),
        time_ms: number(testset, "time-limit", &at)?.unwrap_or(2000),
        memory_mb: number(testset, "memory-limit", &at)?.map_or(256, |b| (b >> 20).max(1)),
        checker: checker(root, &at)?,
        validator: asset_source(root, &["validators", "validator"], &at)?,
        interactor: asset_source(root, &["interactor"], &at)?,
        main,
        solutions,
        generators: tests.generators,
        scripts: tests.scripts,
        manual: tests.manual,
        dir,
    })
}

/// The testset named `tests`, else the first.
fn testset<'a, 'i>(root: roxmltree::Node<'a, 'i>) -> Option<roxmltree::Node<'a, 'i>> {
    let judging = child(root, "judging")?;
    let mut sets = children(judging, "testset");
    let first = sets.next()?;
    Some(
        children(judging, "testset")
            .find(|t| t.attribute("name") == Some("tests"))
            .unwrap_or(first),
    )
}

/// The number an element of `node` holds, when it is there.
fn number(node: roxmltree::Node, name: &str, at: &Place) -> anyhow::Result<Option<u64>> {
    let Some(text) = child(node, name).and_then(|n| n.text()) else {
        return Ok(None);
    };
    text.trim()
        .parse()
        .map(Some)
        .map_err(|_| anyhow::anyhow!(at.says(&format!("<{name}> is `{text}`, not a number"))))
}

/// The source path of the element at `path` under `<assets>`, when there is one.
fn asset_source(
    root: roxmltree::Node,
    path: &[&str],
    at: &Place,
) -> anyhow::Result<Option<PathBuf>> {
    let Some(mut node) = child(root, "assets") else {
        return Ok(None);
    };
    for name in path {
        match child(node, name) {
            Some(n) => node = n,
            None => return Ok(None),
        }
    }
    source_of(node, path.last().copied().unwrap_or("source"), at).map(Some)
}

/// The file a `<source path=...>` child of `node` names.
fn source_of(node: roxmltree::Node, element: &str, at: &Place) -> anyhow::Result<PathBuf> {
    let rel = child(node, "source")
        .and_then(|s| s.attribute("path"))
        .with_context(|| at.says(&format!("<{element}> has no <source path=...>")))?;
    at.existing(rel, element)
}

/// The checker: its source when the package has it, else the kit's standard one of its name.
fn checker(root: roxmltree::Node, at: &Place) -> anyhow::Result<Checker> {
    let Some(node) = child(root, "assets").and_then(|a| child(a, "checker")) else {
        return Ok(Checker::None);
    };
    let name = node.attribute("name").unwrap_or("");
    if let Some(rel) = child(node, "source").and_then(|s| s.attribute("path")) {
        if at.dir.join(rel).is_file() {
            return Ok(Checker::Source(at.dir.join(rel)));
        }
    }
    if name.is_empty() {
        bail!(at.says("<checker> has neither a source in the package nor a name"));
    }
    let standard = standard::named(name).with_context(|| {
        at.says(&format!(
            "<checker name=\"{name}\"> has no source in the package and is not a standard checker \
             (std::NAME.cpp): add the checker's source"
        ))
    })?;
    let known = standard::known(standard, name, "<checker name>").map_err(|e| {
        anyhow::anyhow!(at.says(&format!(
            "{e:#}; or add the checker's source to the package"
        )))
    })?;
    Ok(Checker::Standard(known.to_string()))
}

/// The main solution and the others with their tags.
fn solutions(root: roxmltree::Node, at: &Place) -> anyhow::Result<(PathBuf, Vec<Solution>)> {
    let list = child(root, "assets")
        .and_then(|a| child(a, "solutions"))
        .with_context(|| at.says("no <assets><solutions>"))?;
    let mut main = None;
    let mut others = Vec::new();
    for node in children(list, "solution") {
        let word = node.attribute("tag").unwrap_or("");
        let tag = Tag::parse(word).with_context(|| {
            let known: Vec<&str> = TAGS.iter().map(|(_, w)| *w).collect();
            at.says(&format!(
                "<solution tag=\"{word}\">: a tag the harness does not know ({})",
                known.join(", ")
            ))
        })?;
        let source = source_of(node, "solution", at)?;
        match tag {
            Tag::Main if main.is_none() => main = Some(source),
            _ => others.push(Solution { source, tag }),
        }
    }
    let main = main.with_context(|| at.says("no <solution tag=\"main\">"))?;
    Ok((main, others))
}

#[cfg(test)]
mod tests;
