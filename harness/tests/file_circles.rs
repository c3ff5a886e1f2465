//! The workspace's files name each other one way: in every crate's `src`, every path a file names
//! with `crate::`, `super::` or `self::` (a `use`, a call, a type; `{a, b}` groups too, and `use
//! child::x` of a module the file declares, which is `self::child::x`; test modules included, an
//! inline one as part of its file, a `NAME/tests.rs` as a file of its own; comments left out) is
//! resolved to the file that holds its module, and no file reaches itself through them. Naming
//! one's own folder's `mod.rs` (its shared vocabulary) or the crate's root is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path within its crate (`["cli", "registry"]`; the root is empty).
type Module = Vec<String>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
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

/// The module of a file of `src`: `cli/registry.rs` is `cli::registry`, `cli/mod.rs` is `cli`,
/// `lib.rs` the root; `cli/flags/tests.rs` is `cli::flags::tests`, the `tests` child of
/// `cli::flags` (a child names its parent without a circle: the parent is its ancestor).
fn module_of(rel: &Path) -> Module {
    let mut parts: Module = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.last().map(String::as_str) {
        Some("mod") => {
            parts.pop();
        }
        Some("lib" | "main") if parts.len() == 1 => parts.clear(),
        _ => {}
    }
    parts
}

/// The paths `text` names from `crate`, `super` or `self`, each with the module it is read in:
/// `here`, or below `mod tests {` its `tests` child. A `{a, b::c}` group gives `a` and `b::c`;
/// `use child::x` of a module the file declares (`mod child;`) is `self::child::x`.
fn named_paths(text: &str, here: &Module) -> Vec<(Module, Vec<String>)> {
    let mut code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    for child in declared_modules(&code) {
        code = code.replace(&format!("use {child}::"), &format!("use self::{child}::"));
    }
    let (body, tests) = match code.find("mod tests {") {
        Some(i) => (&code[..i], &code[i..]),
        None => (code.as_str(), ""),
    };
    let mut in_tests = here.clone();
    in_tests.push("tests".into());
    let mut out = Vec::new();
    for (part, ctx) in [(body, here), (tests, &in_tests)] {
        for path in paths_in(part) {
            out.push((ctx.clone(), path));
        }
    }
    out
}

/// The modules `code` declares from files of their own: `mod name;`, `pub mod name;`, ...
fn declared_modules(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|line| {
            let (_, rest) = line.trim().split_once("mod ")?;
            let name = rest.strip_suffix(';')?.trim();
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
            (!name.is_empty() && name.chars().all(word)).then(|| name.to_string())
        })
        .collect()
}

/// Every path in `code` that starts with `crate`, `super` or `self`, as its segments.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let word = |i: usize| i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_');
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|k| code[i..].starts_with(k));
        if !starts || (i > 0 && word(i - 1)) {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < bytes.len() && (word(end) || code[end..].starts_with("::")) {
            end += if word(end) { 1 } else { 2 };
        }
        let path: Vec<String> = code[i..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        if code[end..].starts_with('{') {
            let close = code[end..].find('}').map_or(code.len(), |j| end + j);
            for item in code[end + 1..close].split(',') {
                let item = item.trim().split(" as ").next().unwrap_or("");
                let mut full = path.clone();
                full.extend(item.split("::").filter(|s| !s.is_empty()).map(String::from));
                out.push(full);
            }
        }
        out.push(path);
        i = end.max(i + 1);
    }
    out
}

/// The module `path` names from `ctx`: the longest prefix that is a module of `modules`.
fn resolve(ctx: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let mut base = ctx.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        _ => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
    }
    (0..=rest.len())
        .map(|k| [base.clone(), rest[..k].to_vec()].concat())
        .rfind(|m| modules.contains(m))
}

/// The files (modules) each file of `src` names, its own module, its ancestors and the root left
/// out.
fn graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut all = Vec::new();
    files(src, &mut all);
    let texts: Vec<(Module, String)> = all
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(src).expect("a file under src");
            (
                module_of(rel),
                std::fs::read_to_string(f).expect("a readable file"),
            )
        })
        .collect();
    let modules: BTreeSet<Module> = texts.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (me, text) in &texts {
        let names: BTreeSet<Module> = named_paths(text, me)
            .iter()
            .filter_map(|(ctx, path)| resolve(ctx, path, &modules))
            .filter(|m| !me.starts_with(m))
            .collect();
        graph.insert(me.clone(), names);
    }
    graph
}

/// The modules of `graph` that reach themselves.
fn on_circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeSet<Module> {
    let reaches = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<&Module> = graph.get(from).into_iter().flatten().collect();
        while let Some(m) = todo.pop() {
            if seen.insert(m.clone()) {
                todo.extend(graph.get(m).into_iter().flatten());
            }
        }
        seen.contains(from)
    };
    graph.keys().filter(|m| reaches(m)).cloned().collect()
}

/// The workspace's members with a `src` folder.
fn crates() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the root Cargo.toml");
    let list = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a members list");
    list.split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty() && root().join(m).join("src").is_dir())
        .collect()
}

#[test]
fn no_file_of_any_crate_names_itself_in_a_circle() {
    let members = crates();
    assert!(
        ["harness", "games", "cli", "stress"]
            .iter()
            .all(|c| members.iter().any(|m| m == c)),
        "the members list is not read: {members:?}"
    );
    let m = |s: &str| s.split("::").map(String::from).collect::<Module>();
    let harness = graph(&root().join("harness/src"));
    assert!(harness.len() > 50, "too few files read: {}", harness.len());
    assert!(
        harness[&m("cli::dispatch")].contains(&m("cli::registry"))
            && harness[&m("cli::registry")].contains(&m("cli::serve"))
            && harness[&m("cli::flags")].contains(&m("cli::game")),
        "the reader misses the command line's imports"
    );
    assert!(
        harness.contains_key(&m("cli::flags::tests"))
            && harness.contains_key(&m("roles::verdict::tests")),
        "the reader misses the test modules' files"
    );
    let mut found = BTreeSet::new();
    for member in members {
        for file in on_circles(&graph(&root().join(&member).join("src"))) {
            found.insert(format!("{member}/{}", file.join("::")));
        }
    }
    assert!(found.is_empty(), "files on a circle: {found:?}");
}

#[test]
fn the_reader_resolves_groups_super_test_modules_and_re_exports_and_finds_planted_circles() {
    let dir = std::env::temp_dir().join(format!("file-circles-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod x;\nmod y;\npub struct Shared;\n").unwrap();
    std::fs::write(src.join("a/x.rs"), "use super::{y::f, Shared};\n").unwrap();
    std::fs::write(
        src.join("a/y.rs"),
        "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::super::x;\n}\n",
    )
    .unwrap();
    let g = graph(&src);
    let m = |s: &str| s.split("::").map(String::from).collect::<Module>();
    assert_eq!(g[&m("a::x")], BTreeSet::from([m("a::y")]));
    // y's test module names x: a circle, test modules included.
    assert_eq!(on_circles(&g), BTreeSet::from([m("a::x"), m("a::y")]));
    std::fs::write(src.join("a/y.rs"), "pub fn f() {}\n").unwrap();
    assert!(on_circles(&graph(&src)).is_empty());
    // A folder's `mod.rs` that re-exports its child by a bare `use` names it: b names a (the
    // re-export), a names a::y, and a::y names b.
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod y;\npub use y::f;\n").unwrap();
    std::fs::write(src.join("a/y.rs"), "pub fn f() { crate::b::g() }\n").unwrap();
    std::fs::write(src.join("b.rs"), "use crate::a::f;\npub fn g() {}\n").unwrap();
    std::fs::remove_file(src.join("a/x.rs")).unwrap();
    let g = graph(&src);
    assert_eq!(g[&m("a")], BTreeSet::from([m("a::y")]));
    assert_eq!(on_circles(&g), BTreeSet::from([m("a"), m("a::y"), m("b")]));
    assert_eq!(
        module_of(Path::new("cli/flags/tests.rs")),
        m("cli::flags::tests")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
