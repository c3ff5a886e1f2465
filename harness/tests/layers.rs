//! The harness's shape, read from its source: modules depend one way (no top-level module of
//! harness/src reaches itself through the modules it names, `crate::x`), no function needs a scroll
//! (80 lines; data tables aside) and no file is past 500 lines. Test modules left out of the first.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("harness/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules each top-level module names, test modules and comments left out.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(src, &mut all);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &all {
        let rel = path.strip_prefix(src).expect("under src");
        let first = rel.components().next().expect("a component");
        let top = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a readable source file");
        let code = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or("")
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let deps = graph.entry(top.clone()).or_default();
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name != top && !name.is_empty() {
                deps.insert(name);
            }
        }
    }
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| known.contains(d));
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
fn no_module_of_the_harness_imports_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.len() > 10, "too few modules read: {graph:?}");
    assert!(
        graph["game"].contains("engine"),
        "the reader misses imports: {graph:?}"
    );
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|m| cycle_through(&graph, m))
        .map(|c| c.join(" -> "))
        .collect();
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

#[test]
fn no_function_needs_a_scroll_and_no_file_is_past_500_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut faults = Vec::new();
    for path in &all {
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).expect("a readable source file");
        let n = text.lines().count();
        if n > 500 {
            faults.push(format!("{rel}: {n} lines"));
        }
        // The generator's parameter tables are data, not a function doing two jobs.
        if rel.ends_with("gen/params.rs") {
            continue;
        }
        for (len, file, at, name) in long_functions(&rel, &text, 80) {
            faults.push(format!("{file}:{at}: {name} is {len} lines"));
        }
    }
    assert!(faults.is_empty(), "over the limits:\n{}", faults.join("\n"));
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
