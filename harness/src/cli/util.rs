//! Helpers the subcommands share: reading inputs, exit statuses, JSON reports, running the batch
//! of `diff` and `judge`.

use super::context::Exit;
use anyhow::Context as _;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// Exit status of a run: 130 (143 for SIGTERM) when interrupted, else 1 for a failure, else 0.
pub fn status(s: &crate::run::summary::Summary) -> u8 {
    if s.interrupted {
        crate::run::interrupt::exit_status()
            .and_then(|c| u8::try_from(c).ok())
            .unwrap_or(130)
    } else {
        u8::from(s.failed() > 0)
    }
}

pub(crate) fn shown(p: &Path) -> String {
    if p == Path::new("-") {
        "<stdin>".into()
    } else {
        p.display().to_string()
    }
}

/// The bytes of a file, or of standard input for `-`.
pub(crate) fn read_input(p: &Path) -> Result<Vec<u8>, Exit> {
    if p == Path::new("-") {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        Ok(buf)
    } else {
        std::fs::read(p).map_err(|e| Exit(2, format!("{}: {e}", p.display())))
    }
}

/// Checks before a run that its JSON report can be written (an error now, not after an hour),
/// without touching an existing file: a run refused later keeps the report of the last one.
pub fn json_target(path: &Option<PathBuf>) -> Result<(), Exit> {
    let Some(p) = path else { return Ok(()) };
    let refuse = |why: String| Exit(2, format!("--json {}: {why}", p.display()));
    if p.is_dir() {
        return Err(refuse("is a folder, not a file".into()));
    }
    if let Some(parent) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(refuse(format!("no such folder {}", parent.display())));
        }
    }
    let existed = p.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(p)
        .map_err(|e| refuse(e.to_string()))?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

pub fn write_json(path: &Option<PathBuf>, value: &impl serde::Serialize) -> Result<(), Exit> {
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(value).map_err(|e| Exit(2, e.to_string()))?;
        std::fs::write(p, text + "\n")
            .map_err(|e| Exit(2, format!("--json {}: {e}", p.display())))?;
    }
    Ok(())
}
