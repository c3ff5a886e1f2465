//! The corpus on disk: how saved cases are named, written and found again, and the fuzz seeds.
//!
//! A failing case is saved as `<dir>/<game>-<profile>-<seed as 16 hex digits>.in` (the contest
//! input), with `.json` beside it (the machine-readable report), and for answers `.ans` (what the
//! trusted engine answered) and `.got` (what the engine under test printed), and `.html` (a picture
//! of the case, docs/html-report.md). Files are written before anything is reported about them.

use crate::roles::game::Game;
use crate::roles::verdict::Failure;
use anyhow::Context as _;
use std::path::{Path, PathBuf};

/// The base name of a saved case.
pub fn name(game: &str, profile: &str, seed: u64) -> String {
    format!("{game}-{profile}-{seed:016x}")
}

/// Where `diff` saves failures by default.
pub(crate) fn regressions_dir(game: &str) -> PathBuf {
    PathBuf::from(format!("corpus/{game}/regressions"))
}

/// Where `judge` saves failures by default.
pub(crate) fn judge_dir(game: &str) -> PathBuf {
    PathBuf::from(format!("corpus/{game}/judge"))
}

/// The game's folder of hand-checked cases and statement samples (`corpus/<game>`).
pub(crate) fn game_dir(game: &str) -> PathBuf {
    PathBuf::from(format!("corpus/{game}"))
}

/// The saved cases `diff` and `judge` replay before generating new ones: the game's saved
/// failures under `out` (every `<game>-*.in` below it, as [`name`] names them), then the `.in`
/// files directly in `game_dir` (not its subfolders), each once, in that order.
pub(crate) fn saved_cases(out: &Path, game: &str, game_dir: &Path) -> Vec<PathBuf> {
    let prefix = format!("{game}-");
    let mut files: Vec<PathBuf> = case_files(out)
        .into_iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix))
        })
        .collect();
    let mut top: Vec<PathBuf> = std::fs::read_dir(game_dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "in"))
                .collect()
        })
        .unwrap_or_default();
    top.sort();
    let mut seen: std::collections::HashSet<PathBuf> = files
        .iter()
        .map(|p| p.canonicalize().unwrap_or_else(|_| p.clone()))
        .collect();
    for p in top {
        if seen.insert(p.canonicalize().unwrap_or_else(|_| p.clone())) {
            files.push(p);
        }
    }
    files
}

/// Checks, before a run starts, that failures can be saved in `dir`: creates it and writes and
/// removes a probe file.
pub(crate) fn check_writable(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!(
            "--out {}: not a folder (failures are saved as files in it)",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--out {}: cannot create the folder", dir.display()))?;
    let probe = dir.join(format!(".harness-probe-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .with_context(|| format!("--out {}: cannot write in the folder", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The most of a program's output kept in a `.got` file.
const GOT_LIMIT: usize = 1 << 20;

/// Writes a failing case: `.in` (when there is a case), `.ans`, `.got`, `.html` (the `page`, when
/// there is one), then `.json` with `meta`, the failure and its text. Runs no engine: it writes
/// bytes. Returns the path of the `.in` (of the `.json` without a case).
pub(crate) fn save<G: Game>(
    dir: &Path,
    name: &str,
    case: Option<&G::Case>,
    page: Option<&str>,
    failure: &Failure,
    text: &str,
    mut meta: serde_json::Value,
) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let base = dir.join(name);
    let with = |ext: &str| base.with_extension(ext);
    let input = with("in");
    if let Some(case) = case {
        std::fs::write(&input, G::write(case))
            .with_context(|| format!("cannot write {}", input.display()))?;
    }
    if let Some(expected) = &failure.expected {
        std::fs::write(with("ans"), expected)
            .with_context(|| format!("cannot write {}", with("ans").display()))?;
    }
    if let Some(got) = &failure.got {
        let mut end = got.len().min(GOT_LIMIT);
        while !got.is_char_boundary(end) {
            end -= 1;
        }
        std::fs::write(with("got"), &got[..end])
            .with_context(|| format!("cannot write {}", with("got").display()))?;
    }
    if let Some(page) = page {
        std::fs::write(with("html"), page)
            .with_context(|| format!("cannot write {}", with("html").display()))?;
    }
    if let Some(obj) = meta.as_object_mut() {
        obj.insert("failure".into(), serde_json::to_value(failure)?);
        obj.insert("text".into(), serde_json::json!(text));
    }
    let json = with("json");
    std::fs::write(&json, serde_json::to_string_pretty(&meta)?)
        .with_context(|| format!("cannot write {}", json.display()))?;
    Ok(if case.is_some() { input } else { json })
}

/// Every `.in` file below `dir`, recursively, sorted (an unreadable folder contributes nothing).
pub fn case_files(dir: &Path) -> Vec<PathBuf> {
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
pub(crate) fn expected_beside(path: &Path) -> Option<String> {
    ["out", "ans"]
        .iter()
        .find_map(|ext| std::fs::read_to_string(path.with_extension(ext)).ok())
}

/// Writes the seeds of `<game>_diff` and `<game>_parse` under `corpus/fuzz/`: every `.in` under
/// `corpus/<game>/`, two generated cases of each of the game's seed profiles, and (for the diff
/// target) a few random byte strings for the generators' `arbitrary` path. Existing seeds are kept.
/// Returns how many files were written.
pub(crate) fn write_seeds<G: Game>(corpus: &Path) -> anyhow::Result<usize> {
    if !corpus.is_dir() {
        anyhow::bail!(
            "--corpus {}: no such folder (run from the repository root, or point --corpus at it)",
            corpus.display()
        );
    }
    let game_dir = corpus.join(G::NAME);
    let mut texts: Vec<(String, Vec<u8>)> = Vec::new();
    for p in case_files(&game_dir) {
        let rel = p.strip_prefix(&game_dir).unwrap_or(&p).with_extension("");
        let name = rel.to_string_lossy().replace(['/', '\\'], "-");
        let bytes = std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
        texts.push((name, bytes));
    }
    for profile in G::PROFILES.iter().filter(|p| p.fuzz_seed) {
        let name = profile.name;
        for seed in 1..=2u64 {
            texts.push((
                format!("gen-{name}-{seed}"),
                G::write(&G::generate(profile, seed)).into_bytes(),
            ));
        }
    }
    let mut written = 0;
    for target in ["diff", "parse"] {
        let dir = corpus.join("fuzz").join(format!("{}_{target}", G::NAME));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let mut all = texts.clone();
        if target == "diff" {
            for i in 0..8u64 {
                let mut x = crate::rng::mix(i);
                let len = 32 << (i % 4);
                let bytes = (0..len)
                    .map(|_| {
                        x = crate::rng::mix(x);
                        x as u8
                    })
                    .collect();
                all.push((format!("bytes-{i}"), bytes));
            }
        }
        for (name, bytes) in all {
            let path = dir.join(&name);
            if !path.exists() {
                std::fs::write(&path, bytes)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                written += 1;
            }
        }
    }
    Ok(written)
}
