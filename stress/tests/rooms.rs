//! The crate's rooms depend one way (lib.rs, ARCHITECTURE.md): each top-level folder of `src`
//! names (`crate::ROOM`, comments left out) only the rooms listed before it.

use std::path::{Path, PathBuf};

/// The rooms, bottom first: each may name only those before it.
const ROOMS: &[&str] = &["protocol", "programs", "game", "commands"];

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The rooms `code` names through `crate::`, comments left out.
fn named(code: &str) -> Vec<&'static str> {
    let code: Vec<&str> = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    let code = code.join("\n");
    ROOMS
        .iter()
        .copied()
        .filter(|room| code.contains(&format!("crate::{room}::")))
        .collect()
}

#[test]
fn each_room_names_only_the_rooms_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut faults = Vec::new();
    for (at, room) in ROOMS.iter().enumerate() {
        let dir = src.join(room);
        assert!(dir.is_dir(), "no room {room} in {}", src.display());
        let mut all = Vec::new();
        files(&dir, &mut all);
        for path in all {
            let code = std::fs::read_to_string(&path).expect("a readable source file");
            for other in named(&code) {
                let below = ROOMS[..at].contains(&other);
                if other != *room && !below {
                    faults.push(format!("{}: names {other}", path.display()));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "against the rooms' order:\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_reader_finds_a_room_and_skips_comments() {
    assert_eq!(named("use crate::game::case::Case;"), ["game"]);
    assert!(named("//! see [`crate::commands::stress`]").is_empty());
}
