//! The workspace's shape, read from its source:
//!
//! - in every crate of the workspace, modules depend one way: no module of a crate's `src` (a
//!   top-level module, or a module of a top-level folder: `run::batch`) reaches itself through
//!   the modules it names (`crate::x`, `crate::x::y`), test modules included;
//! - the core's folders are layers: no top-level module of `harness/src` names one that the table
//!   in ARCHITECTURE.md says it must not depend on, and the table has a row for each;
//! - no function needs a scroll (80 lines; data tables aside) and no file is past 500 lines, in
//!   every crate's `src`;
//! - the core knows no game: the `harness` crate depends on no engine and no built-in game (its
//!   Cargo.toml), and its code and tests name none of the built-in games' types; the engines and
//!   the references depend on no crate of each other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The workspace's members, as written in the root Cargo.toml (`members = [...]`).
fn members() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the root Cargo.toml");
    let list = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a members list in the root Cargo.toml");
    list.split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

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

/// The text with `//` comments (doc comments too) left out, line by line.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module a file of `src` belongs to: its top-level module, or with `modules` and in a
/// folder, the folder's module (`roles/game.rs` is `roles::game`, `run/batch/tally.rs` is
/// `run::batch`, `roles/mod.rs` is `roles`). A module's test file `roles/verdict/tests.rs` is a
/// module of its own, `roles::verdict::tests`: a test module may use its parent and whatever the
/// parent's neighbours offer without folding them into the parent (an inline `mod tests { .. }`
/// stays part of its file). `None` for the crate's root (`lib.rs`, `main.rs`).
fn node_of(rel: &Path, modules: bool) -> Option<String> {
    let parts: Vec<String> = rel
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    match parts.as_slice() {
        [one] if one == "lib" || one == "main" => None,
        [folder, module, tests] if modules && tests == "tests" => {
            Some(format!("{folder}::{module}::tests"))
        }
        [folder, module, ..] if modules && module != "mod" => Some(format!("{folder}::{module}")),
        [first, ..] => Some(first.clone()),
        [] => None,
    }
}

/// The modules each module of `src` names (see [`node_of`]), test modules included, comments
/// left out: `crate::a::b` names `a::b` when that is a module of the graph, else `a`.
fn graph(src: &Path, modules: bool) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(src, &mut all);
    let mut named: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &all {
        let rel = path.strip_prefix(src).expect("under src");
        let Some(node) = node_of(rel, modules) else {
            continue;
        };
        let code = code_of(&std::fs::read_to_string(path).expect("a readable source file"));
        let paths = named.entry(node).or_default();
        for (at, _) in code.match_indices("crate::") {
            let path: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.insert(path);
        }
    }
    let known: BTreeSet<String> = named.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (node, paths) in named {
        let deps = paths
            .iter()
            .filter_map(|p| {
                let mut segs = p.split("::").filter(|s| !s.is_empty());
                let first = segs.next()?.to_string();
                let two = segs.next().map(|s| format!("{first}::{s}"));
                two.filter(|t| known.contains(t))
                    .or_else(|| known.contains(&first).then_some(first))
            })
            .filter(|d| *d != node)
            .collect();
        graph.insert(node, deps);
    }
    graph
}

/// A path `from -> ... -> from`, if there is one.
fn cycle_through(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("a non-empty path");
        for next in graph.get(last).into_iter().flatten() {
            if next == from {
                let mut cycle = path.clone();
                cycle.push(from.to_string());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_module_of_any_crate_imports_in_a_circle() {
    let crates = members();
    assert!(
        ["harness", "games", "cli"]
            .iter()
            .all(|c| crates.iter().any(|m| m == c)),
        "the members list is not read: {crates:?}"
    );
    let harness = graph(&root().join("harness/src"), true);
    assert!(harness.len() > 30, "too few modules read: {harness:?}");
    assert!(
        harness["roles::game"].contains("roles::engine")
            && harness["roles::html"].contains("roles")
            && harness["roles::verdict::tests"].contains("roles::oracle"),
        "the reader misses imports: {harness:?}"
    );
    let mut cycles = Vec::new();
    for member in &crates {
        let graph = graph(&root().join(member).join("src"), true);
        for m in graph.keys() {
            if let Some(c) = cycle_through(&graph, m) {
                cycles.push(format!("{member}: {}", c.join(" -> ")));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that import in a circle:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_reader_finds_a_planted_circle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default().insert("a".into());
    g.entry("d".into()).or_default().insert("a".into());
    assert_eq!(
        cycle_through(&g, "a").map(|c| c.join(" ")),
        Some("a b c a".into())
    );
    assert_eq!(cycle_through(&g, "d"), None);
}

#[test]
fn a_test_module_counts_in_the_circles() {
    let dir = std::env::temp_dir().join(format!("layers-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    std::fs::write(dir.join("a.rs"), "use crate::b::B;\n").expect("a.rs");
    let b = "pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a;\n}\n";
    std::fs::write(dir.join("b.rs"), b).expect("b.rs");
    let g = graph(&dir, true);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        cycle_through(&g, "a").map(|c| c.join(" ")),
        Some("a b a".into())
    );
}

/// The rows of the layers table of ARCHITECTURE.md (between `<!-- layers` and `<!-- end of
/// layers -->`): each top-level module of `harness/src` and the modules it must not depend on.
fn layer_rules(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    let table = doc
        .split("<!-- layers")
        .nth(1)
        .and_then(|rest| rest.split("<!-- end of layers -->").next())
        .unwrap_or("");
    let names = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|n| n.trim_end_matches('/').to_string())
            .collect()
    };
    table
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').collect();
            let module = names(cells.get(1)?).into_iter().next()?;
            Some((module, names(cells.get(3)?).into_iter().collect()))
        })
        .collect()
}

/// Every `module -> dependency` of `graph` that `rules` forbid.
fn violations(
    graph: &BTreeMap<String, BTreeSet<String>>,
    rules: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (module, deps) in graph {
        let forbidden = rules.get(module).cloned().unwrap_or_default();
        for dep in deps.intersection(&forbidden) {
            out.push(format!("{module} -> {dep}"));
        }
    }
    out
}

#[test]
fn the_cores_folders_follow_the_table_of_architecture_md() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let rules = layer_rules(&doc);
    assert!(
        rules.get("roles").is_some_and(|r| r.contains("run")),
        "the table is not read: {rules:?}"
    );
    let folders = graph(&root().join("harness/src"), false);
    let known: BTreeSet<&String> = folders.keys().collect();
    let rows: BTreeSet<&String> = rules.keys().collect();
    assert_eq!(rows, known, "a row per top-level module of harness/src");
    for (module, forbidden) in &rules {
        let unknown: Vec<&String> = forbidden.iter().filter(|f| !known.contains(f)).collect();
        assert!(unknown.is_empty(), "{module}: no such module {unknown:?}");
    }
    let bad = violations(&folders, &rules);
    assert!(
        bad.is_empty(),
        "against ARCHITECTURE.md:\n{}",
        bad.join("\n")
    );
}

#[test]
fn a_planted_layer_violation_is_found() {
    let doc = "<!-- layers -->\n| module | what | must not depend on |\n|---|---|---|\n\
               | `roles/` | roles | `run/` `cli` |\n| `run/` | phases | `cli` |\n<!-- end of layers -->\n";
    let rules = layer_rules(doc);
    assert_eq!(rules["roles"], BTreeSet::from(["run".into(), "cli".into()]));
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("roles".into()).or_default().insert("run".into());
    g.entry("run".into()).or_default().insert("roles".into());
    assert_eq!(violations(&g, &rules), ["roles -> run"]);
    assert_eq!(
        node_of(Path::new("run/batch/tally.rs"), true).as_deref(),
        Some("run::batch")
    );
    assert_eq!(
        node_of(Path::new("roles/mod.rs"), true).as_deref(),
        Some("roles")
    );
    assert_eq!(
        node_of(Path::new("roles/game.rs"), false).as_deref(),
        Some("roles")
    );
}

/// `(lines, file, first line, name)` of every function of `text` longer than `most` lines, read
/// the way a person scrolls: from its `fn` line to the `}` at the same indentation.
fn long_functions(file: &str, text: &str, most: usize) -> Vec<(usize, String, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .any(|p| body.starts_with(p));
        if is_fn && line.trim_end().ends_with('{') {
            let close = format!("{}}}", " ".repeat(indent));
            if let Some(end) = (i + 1..lines.len()).find(|&j| lines[j].trim_end() == close) {
                if end - i + 1 > most {
                    let name = body.split('(').next().unwrap_or(body).to_string();
                    out.push((end - i + 1, file.to_string(), i + 1, name));
                }
                i = end;
            }
        }
        i += 1;
    }
    out
}

/// Files and functions still over the limits, each to leave this list when it is split: the test
/// fails when one of them is no longer over (take it off the list then), so the list only shrinks.
const STILL_OVER: &[&str] = &[];

/// Every file of every crate's `src` past 500 lines and every function past 80, as
/// `path` and `path: fn name` (paths from the repository's root).
fn over_the_limits() -> BTreeMap<String, String> {
    let mut over = BTreeMap::new();
    for member in members() {
        let src = root().join(&member).join("src");
        let mut all = Vec::new();
        files(&src, &mut all);
        for path in &all {
            let rel = path.strip_prefix(&src).expect("under src").display();
            let rel = format!("{member}/src/{rel}");
            let text = std::fs::read_to_string(path).expect("a readable source file");
            let n = text.lines().count();
            if n > 500 {
                over.insert(rel.clone(), format!("{n} lines"));
            }
            // The Texas generator's parameter tables are data, not a function doing two jobs.
            if rel.ends_with("texas/gen/params.rs") {
                continue;
            }
            for (len, file, at, name) in long_functions(&rel, &text, 80) {
                over.insert(format!("{file}: {name}"), format!("line {at}, {len} lines"));
            }
        }
    }
    over
}

#[test]
fn no_function_needs_a_scroll_and_no_file_is_past_500_lines() {
    let over = over_the_limits();
    let listed: BTreeSet<&str> = STILL_OVER.iter().copied().collect();
    let faults: Vec<String> = over
        .iter()
        .filter(|(what, _)| !listed.contains(what.as_str()))
        .map(|(what, size)| format!("{what}: {size}"))
        .collect();
    assert!(faults.is_empty(), "over the limits:\n{}", faults.join("\n"));
    let within: Vec<&str> = listed
        .iter()
        .copied()
        .filter(|l| !over.contains_key(*l))
        .collect();
    assert!(
        within.is_empty(),
        "within the limits now, take them off STILL_OVER: {within:?}"
    );
}

#[test]
fn the_length_reader_finds_a_long_function() {
    let mut text = String::from("impl X {\n    pub fn long(&self) {\n");
    text.push_str(&"        step();\n".repeat(80));
    text.push_str("    }\n    fn short() {\n        one();\n    }\n}\n");
    let found = long_functions("x.rs", &text, 80);
    assert_eq!(
        found,
        vec![(82, "x.rs".to_string(), 2, "pub fn long".to_string())]
    );
}

/// The crates of the engines and of the built-in games, which the core must not depend on.
const GAME_CRATES: &[&str] = &["engine", "reference", "games", "own-engine", "own-game"];

/// The built-in games' types and the `model` modules that hold them, which the core must not name.
const GAME_NAMES: &[&str] = &[
    "Texas",
    "Mayan",
    "Nogo",
    "NoGo",
    "model::texas",
    "model::mayan",
    "model::nogo",
];

/// The names of the packages a Cargo.toml depends on, in any dependency table.
fn dependencies(manifest: &str) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    let mut in_deps = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line.trim_matches(['[', ']']).ends_with("dependencies");
        } else if in_deps {
            if let Some((name, _)) = line.split_once('=') {
                let name = name.trim().split('.').next().unwrap_or("").trim();
                if !name.is_empty() && !name.starts_with('#') {
                    deps.insert(name.to_string());
                }
            }
        }
    }
    deps
}

/// Where `code` names one of [`GAME_NAMES`] as a whole word: `(line, name)`.
fn games_named(code: &str) -> Vec<(usize, &'static str)> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        for name in GAME_NAMES {
            let whole = line.match_indices(name).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + name.len()..].chars().next();
                !before.is_some_and(word) && !after.is_some_and(word)
            });
            if whole {
                found.push((i + 1, *name));
            }
        }
    }
    found
}

#[test]
fn the_core_depends_on_no_built_in_game_and_names_none() {
    let core = root().join("harness");
    let manifest = std::fs::read_to_string(core.join("Cargo.toml")).expect("harness/Cargo.toml");
    let deps = dependencies(&manifest);
    assert!(deps.contains("supervise"), "the reader misses: {deps:?}");
    let bad: Vec<&&str> = GAME_CRATES.iter().filter(|c| deps.contains(**c)).collect();
    assert!(bad.is_empty(), "harness depends on {bad:?}");

    let mut all = Vec::new();
    files(&core.join("src"), &mut all);
    files(&core.join("tests"), &mut all);
    let this = Path::new(file!()).file_name().expect("this file's name");
    let mut faults = Vec::new();
    for path in all.iter().filter(|p| p.file_name() != Some(this)) {
        let text = std::fs::read_to_string(path).expect("a readable source file");
        for (line, name) in games_named(&code_of(&text)) {
            faults.push(format!("{}:{line}: {name}", path.display()));
        }
    }
    assert!(
        faults.is_empty(),
        "the core names a built-in game:\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_engines_and_the_references_share_no_code() {
    let normal = |member: &str| {
        let manifest = std::fs::read_to_string(root().join(member).join("Cargo.toml"))
            .expect("a member's Cargo.toml");
        let table = manifest
            .split("[dependencies]")
            .nth(1)
            .and_then(|rest| rest.split("\n[").next())
            .unwrap_or("")
            .to_string();
        dependencies(&format!("[dependencies]{table}"))
    };
    let (engine, reference) = (normal("engine"), normal("reference"));
    assert!(engine.contains("model"), "the reader misses: {engine:?}");
    assert!(!engine.contains("reference"), "engine depends on reference");
    assert!(!reference.contains("engine"), "reference depends on engine");
}

#[test]
fn the_game_reader_finds_a_named_game_and_a_dependency() {
    let code = "use games::Texas; // Mayan\nlet x = TexasLike;\nmodel::nogo::Board::parse(b);\n";
    assert_eq!(
        games_named(&code_of(code)),
        [(1, "Texas"), (3, "model::nogo")]
    );
    let manifest =
        "[dependencies]\nmodel.workspace = true\n\n[dev-dependencies]\nengine = { path = \"x\" }\n";
    assert_eq!(
        dependencies(manifest),
        BTreeSet::from(["model".to_string(), "engine".to_string()])
    );
}
