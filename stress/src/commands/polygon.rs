//! `harness stress PACKAGE` with no solution given: every solution of a Polygon package stress-run
//! against the main one, each with the same cases, and judged against its tag (accepted must pass,
//! wrong-answer must fail with a wrong answer, time-limit-exceeded must run past the limit...).
//! Each solution's repros go to a folder of its own under `--out`; the report ends with a table
//! of solution, tag, verdict, repro and whether the verdict is what the tag expects.

use crate::commands::stress::{run_one, Args};
use crate::programs::package::{self, Found, Tag};
use harness::cli::{Exit, PluginContext};
use harness::prelude::{Kind, Side};
use harness::run::summary::Summary;
use std::path::{Path, PathBuf};

/// Whether `args` ask for every solution of a package: a package given, and no solution.
pub fn every_solution(args: &Args) -> bool {
    args.solution.is_empty()
        && args
            .problem
            .problem
            .as_deref()
            .is_some_and(package::is_package)
}

/// One row of the table.
struct Row {
    solution: String,
    tag: Tag,
    /// What the run found, or why it could not run.
    found: Result<Found, String>,
    repro: Option<PathBuf>,
}

impl Row {
    fn matches(&self) -> bool {
        self.found.as_ref().is_ok_and(|f| self.tag.expects(*f))
    }
}

/// Runs every solution of the package against its tag; exit status 0 when each verdict is what
/// its tag expects, else 1.
pub fn run(args: &Args, cx: &PluginContext, out: &mut dyn std::io::Write) -> Result<u8, Exit> {
    let path = args.problem.problem.as_deref().unwrap_or(Path::new("."));
    let package = package::read(path).map_err(|e| Exit(2, format!("{e:#}")))?;
    let base_out = args
        .out
        .clone()
        .unwrap_or_else(|| package.dir.join("repros"));
    let mut rows = Vec::new();
    for solution in package.solutions.iter().filter(|s| s.tag != Tag::DoNotRun) {
        let name = shown(&package.dir, &solution.source);
        writeln!(out, "== {name} ({})", solution.tag.name())?;
        let sub = Args {
            solution: vec![solution.source.display().to_string()],
            out: Some(base_out.join(stem(&solution.source))),
            json: None,
            ..args.clone()
        };
        let found = run_one(&sub, cx, out).map(|(_, summary)| found_of(&summary));
        let (found, repro) = match found {
            Ok((found, repro)) => (found, repro),
            Err(Exit(_, why)) => (Err(why), None),
        };
        rows.push(Row {
            solution: name,
            tag: solution.tag,
            found,
            repro,
        });
    }
    table(&rows, out)?;
    Ok(u8::from(!rows.iter().all(Row::matches)))
}

/// What a run found: its first failure of the solution (or of the reference), or a pass.
fn found_of(summary: &Summary) -> (Result<Found, String>, Option<PathBuf>) {
    let Some(first) = summary.failures_found.first() else {
        return (Ok(Found::Passed), None);
    };
    let found = match (first.kind, first.side) {
        (_, Some(Side::Trusted)) | (Kind::Trusted, _) => {
            Err(format!("the main solution failed: {}", first.what))
        }
        (Kind::Mismatch, _) => Ok(Found::WrongAnswer),
        (Kind::Malformed, _) => Ok(Found::PresentationError),
        (Kind::TimeLimit, _) => Ok(Found::TimeLimit),
        (Kind::MemoryLimit, _) => Ok(Found::MemoryLimit),
        (Kind::Crash, _) => Ok(Found::RuntimeError),
    };
    (found, first.repro.clone())
}

/// The table, and its last line.
fn table(rows: &[Row], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    writeln!(out, "solution | tag | verdict | as tagged | repro")?;
    for r in rows {
        let verdict = match &r.found {
            Ok(f) => f.words().to_string(),
            Err(why) => format!("did not run: {}", why.lines().next().unwrap_or("")),
        };
        let repro = r
            .repro
            .as_ref()
            .map_or("-".into(), |p| p.display().to_string());
        let ok = if r.matches() { "yes" } else { "NO" };
        writeln!(
            out,
            "{} | {} | {verdict} | {ok} | {repro}",
            r.solution,
            r.tag.name()
        )?;
    }
    let agree = rows.iter().filter(|r| r.matches()).count();
    writeln!(
        out,
        "polygon: {} solutions, {agree} as tagged, {} not{}",
        rows.len(),
        rows.len() - agree,
        if rows.is_empty() {
            " (the package has no solution but its main one: give one after `--` to stress it)"
        } else {
            ""
        }
    )
}

/// `path` as the package names it.
fn shown(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}

/// A file's stem, for its repros' folder.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned())
}
