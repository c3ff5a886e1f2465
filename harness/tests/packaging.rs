//! The Dockerfile at the repository root (Docker cannot run in every test environment, so this is
//! what can be checked without it): every binary it builds and copies is a binary target of the
//! workspace, it builds exactly the binaries it copies, they land on PATH, and docs/cluster.md says
//! how to build the image its Kubernetes recipe (cluster/kubernetes/) names.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The names of the workspace's binary targets, from `cargo metadata`.
fn workspace_bins() -> BTreeSet<String> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(repo().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut bins = BTreeSet::new();
    for package in meta["packages"].as_array().unwrap() {
        for target in package["targets"].as_array().unwrap() {
            let is_bin = target["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|x| x == "bin"));
            if is_bin {
                bins.insert(target["name"].as_str().unwrap().to_string());
            }
        }
    }
    bins
}

#[test]
fn the_dockerfile_builds_and_copies_binaries_of_the_workspace() {
    let dockerfile = std::fs::read_to_string(repo().join("Dockerfile")).unwrap();
    // Instructions, with `\` continuations joined and comments left out.
    let joined = dockerfile.replace("\\\n", " ");
    let lines: Vec<&str> = joined
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let stages: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("FROM "))
        .collect();
    assert_eq!(
        stages.len(),
        2,
        "a build stage and a runtime stage: {stages:?}"
    );
    assert!(stages[0].ends_with(" AS build"), "{}", stages[0]);

    let build = lines
        .iter()
        .find(|l| l.starts_with("RUN ") && l.contains("cargo build"))
        .expect("a cargo build step");
    assert!(
        build.contains("--release") && build.contains("--locked"),
        "{build}"
    );
    let words: Vec<&str> = build.split_whitespace().collect();
    let built: BTreeSet<String> = words
        .windows(2)
        .filter(|w| w[0] == "--bin")
        .map(|w| w[1].to_string())
        .collect();

    let copy = lines
        .iter()
        .find(|l| l.starts_with("COPY --from=build "))
        .expect("a COPY from the build stage");
    let parts: Vec<&str> = copy.split_whitespace().skip(2).collect();
    let (dest, sources) = parts.split_last().unwrap();
    assert_eq!(*dest, "/usr/local/bin/", "the binaries go on PATH");
    let copied: BTreeSet<String> = sources
        .iter()
        .map(|s| {
            s.strip_prefix("/src/target/release/")
                .unwrap_or_else(|| panic!("{s} is not a release binary of the build stage"))
                .to_string()
        })
        .collect();

    let bins = workspace_bins();
    assert!(
        copied.is_subset(&bins),
        "copied {copied:?}, workspace binaries {bins:?}"
    );
    assert_eq!(built, copied, "the build step builds what is copied");
    for wanted in ["harness", "own-engine"] {
        assert!(copied.contains(wanted), "{wanted} is not in the image");
    }
    // The build stage works in the folder it copies the source to.
    assert!(lines.contains(&"WORKDIR /src"), "{lines:?}");
    assert!(lines.contains(&"COPY . ."), "{lines:?}");
}

#[test]
fn the_cluster_doc_says_how_to_build_the_image_its_recipe_uses() {
    for recipe in ["shards.yaml", "merge.yaml"] {
        let yaml = std::fs::read_to_string(repo().join("cluster/kubernetes").join(recipe)).unwrap();
        assert!(
            yaml.contains("image: your-registry/match3-proof"),
            "cluster/kubernetes/{recipe} does not run the image the Dockerfile builds"
        );
    }
    let doc = std::fs::read_to_string(repo().join("docs/cluster.md")).unwrap();
    assert!(
        doc.contains("docker build -t your-registry/match3-proof ."),
        "no build command for the image in docs/cluster.md"
    );
}
