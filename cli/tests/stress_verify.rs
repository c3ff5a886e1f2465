//! A problem given by programs through the pipeline's other commands: `harness verify` over every
//! small input of a stream generator (its certificate, shards merged, bad scopes), and `harness
//! replay --problem` of its saved repros with their pages. The programs are the tiny C and C++
//! fixtures of stress/tests/fixtures; `gen_pair.cpp` draws x and y in 0..2 and prints them sorted,
//! so the choice sequences (x, y) and (y, x) make one input.

use serde_json::Value;
use std::path::{Path, PathBuf};

mod fixture_programs;

use fixture_programs::{fixtures, harness, last_line, replay_of, repro_of};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    fixture_programs::scratch("stress-verify", name)
}

/// `harness verify` of the sorted pair against `solution` over `scope`, with extra flags.
fn verify_pair(scope: &str, solution: &str, extra: &[&str]) -> (i32, String, String) {
    let args = [
        "verify",
        "--gen-stream",
        "gen_pair.cpp",
        "--reference",
        "sum.c",
        "--scope",
        scope,
        "-q",
    ];
    harness(&[&args[..], extra, &["--", solution]].concat())
}

fn certificate(json: &Path) -> Value {
    let report: Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    report["certificate"].clone()
}

#[test]
fn every_distinct_small_input_is_checked_once_and_certified() {
    let dir = scratch("pass");
    let json = dir.join("cert.json");
    let (j, o) = (json.to_str().unwrap(), dir.to_str().unwrap());
    // values<=2: 9 sequences (x, y), 6 sorted pairs; each of the 3 sequences below the top level
    // but the all-zero one is run again once as a probe.
    let (code, stdout, stderr) =
        verify_pair("draws<=2,values<=2", "sum.c", &["--json", j, "--out", o]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains(
            "scope draws<=2,values<=2: 9 choice sequences (3 probe runs), 6 distinct inputs"
        ),
        "{stdout}"
    );
    assert!(
        last_line(&stdout).starts_with("stress: verified: all 6 cases of scope draws<=2,values<=2"),
        "{stdout}"
    );
    let c = certificate(&json);
    assert_eq!(c["scope"], "draws<=2,values<=2");
    assert_eq!(
        (c["indices"].as_u64(), c["checked"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(c["verified"], true);
    assert_eq!(c["source"]["choice_sequences"], 9);
    assert_eq!(c["source"]["probe_runs"], 3);
    assert_eq!(c["source"]["distinct_inputs"], 6);
    let programs = c["source"]["programs"].as_array().unwrap();
    let roles: Vec<&str> = programs
        .iter()
        .map(|p| p["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["generator", "reference", "solution"]);
    assert_eq!(programs[0]["command"], "gen_pair.cpp");
    assert!(programs
        .iter()
        .all(|p| p["hash"].as_str().unwrap().starts_with("fnv1a64:")));
    // reference and solution are the same file: the same hash.
    assert_eq!(programs[1]["hash"], programs[2]["hash"]);
    // values<=1: the sequences 00, 01, 10, 11 make three inputs; the all-zero run's tape is kept,
    // so no probe.
    let (code, stdout, _) = verify_pair("draws<=2,values<=1", "sum.c", &["--out", o]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("4 choice sequences (0 probe runs), 3 distinct inputs"),
        "{stdout}"
    );
}

#[test]
fn a_planted_bug_is_found_at_the_smallest_input() {
    let dir = scratch("bug");
    let (code, stdout, stderr) = verify_pair(
        "draws<=2,values<=2",
        "sum_bug3.c",
        &["--out", dir.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    // In order of size the inputs are 0 0, 0 1, 1 1, 0 2, 1 2, 2 2: the sum 3 first at index 4.
    assert!(
        stdout.contains("in case 4 (scope `draws<=2,values<=2`, index 4)"),
        "{stdout}"
    );
    let repro = repro_of(&stdout);
    let input = std::fs::read_to_string(repro).unwrap();
    assert_eq!(
        input.split_whitespace().collect::<Vec<_>>(),
        ["2", "1", "2"]
    );
    // Its replay line (the problem's programs as the run was given them) fails it again.
    let (code, again, stderr) = harness(&replay_of(&stdout));
    assert_eq!(code, 1, "{again}{stderr}");
    assert!(again.contains("expected `3`, got `4`"), "{again}");
    // The page saved beside it: both outputs, the first differing token, the input.
    let page = std::fs::read_to_string(Path::new(repro).with_extension("html")).unwrap();
    assert!(page.contains("token 1: expected `3`, got `4`"), "{page}");
    assert!(page.contains("1 2"), "{page}");
    // The first failure stops the run: how many of the other cases (two of the six fail) the
    // other workers checked by then depends on the machine's load.
    let last = last_line(&stdout);
    assert!(
        (last.contains("NOT verified: 1 of ") || last.contains("NOT verified: 2 of "))
            && last.contains(" cases of scope draws<=2,values<=2 failed"),
        "{stdout}"
    );
}

#[test]
fn shards_merged_give_the_certificate_of_one_process() {
    let dir = scratch("shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let scope = "draws<=2,values<=2";
    let o = path("repros");
    let (code, stdout, _) =
        verify_pair(scope, "sum.c", &["--json", &path("one.json"), "--out", &o]);
    assert_eq!(code, 0, "{stdout}");
    for i in 0..3 {
        let (shard, json) = (format!("{i}/3"), path(&format!("shard-{i}.json")));
        let (code, stdout, stderr) = verify_pair(
            scope,
            "sum.c",
            &["--shard", &shard, "--json", &json, "--out", &o],
        );
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(
            stdout.contains(&format!("shard {i}/3 of scope {scope}: all 2 cases agree")),
            "{stdout}"
        );
    }
    let merged = path("merged.json");
    let (code, stdout, stderr) = harness(&[
        "merge",
        &path("shard-0.json"),
        &path("shard-1.json"),
        &path("shard-2.json"),
        "--json",
        &merged,
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        last_line(&stdout).contains("verified: all 6 cases of scope"),
        "{stdout}"
    );
    let (one, all) = (
        certificate(&dir.join("one.json")),
        certificate(&dir.join("merged.json")),
    );
    for key in [
        "scope", "indices", "visited", "checked", "digest", "verified", "source",
    ] {
        assert_eq!(one[key], all[key], "{key}");
    }
    // A shard missing: named, not verified.
    let (code, stdout, _) = harness(&["merge", &path("shard-0.json"), &path("shard-2.json")]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("missing shard 1/3"), "{stdout}");
    // Another solution's shard is not a shard of this scope.
    let other = path("other.json");
    let (_, stdout, _) = verify_pair(
        scope,
        "sum_bug3.c",
        &["--shard", "1/3", "--json", &other, "--out", &o],
    );
    let (code, _, stderr) = harness(&[
        "merge",
        &path("shard-0.json"),
        &other,
        &path("shard-2.json"),
    ]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("not shards of one scope"), "{stderr}");
}

#[test]
fn bad_usage_of_verify_for_a_problem_exits_2_naming_what_is_wrong() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            "draws<=2,values<=x",
            &[],
            "`values<=x`: `x` is not a whole number",
        ),
        (
            "depth<=2,values<=1",
            &[],
            "`depth<=2`: unknown parameter `depth`",
        ),
        ("draws<=2", &[], "give both bounds"),
        (
            "draws<=2,values<=1",
            &["--engine", "x"],
            "--engine is for games",
        ),
    ];
    for (scope, extra, want) in cases {
        let (code, stdout, stderr) = verify_pair(scope, "sum.c", extra);
        assert_eq!(code, 2, "{scope}: {stdout}{stderr}");
        assert!(stderr.contains(want), "{scope}: {stderr}");
    }
    let (code, _, stderr) = harness(&[
        "verify",
        "--gen-stream",
        "no-such-gen.cpp",
        "--reference",
        "sum.c",
        "--scope",
        "draws<=1,values<=1",
        "--",
        "sum.c",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no such source file"), "{stderr}");
    // A generator without the kit writes no tape: nothing to enumerate by.
    let (code, _, stderr) = harness(&[
        "verify",
        "--gen-stream",
        "sh -c 'echo 1; echo 5'",
        "--reference",
        "sum.c",
        "--scope",
        "draws<=1,values<=1",
        "--",
        "sum.c",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("wrote no tape"), "{stderr}");
    // A seed generator cannot be enumerated.
    let dir = scratch("seed");
    let f = fixtures().canonicalize().unwrap();
    let file = format!(
        "gen = \"{0}/gen_seed.c\"\nreference = \"{0}/sum.c\"\nsolution = \"{0}/sum.c\"\n",
        f.display()
    );
    std::fs::write(dir.join("problem.toml"), file).unwrap();
    let scope = ["--scope", "draws<=1,values<=1"];
    let (code, _, stderr) = harness(&[&["verify", dir.to_str().unwrap()][..], &scope].concat());
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("enumerates a stream generator"), "{stderr}");
}

/// A problem folder of the fixtures: the sorted pair, the brute force and `solution`.
fn problem(name: &str, solution: &str) -> PathBuf {
    let dir = scratch(name);
    let f = fixtures().canonicalize().unwrap();
    let file = format!(
        "gen-stream = \"{0}/gen_pair.cpp\"\nreference = \"{0}/sum.c\"\nsolution = \"{0}/{solution}\"\n",
        f.display()
    );
    std::fs::write(dir.join("problem.toml"), file).unwrap();
    dir
}

#[test]
fn a_problem_file_is_verified_by_its_folder() {
    let dir = problem("folder", "sum.c");
    let json = dir.join("cert.json");
    let (code, stdout, stderr) = harness(&[
        "verify",
        dir.to_str().unwrap(),
        "--scope",
        "draws<=2,values<=1",
        "-q",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        last_line(&stdout).contains("verified: all 3 cases"),
        "{stdout}"
    );
    let programs = certificate(&json)["source"]["programs"].clone();
    assert!(
        programs[2]["command"].as_str().unwrap().ends_with("/sum.c"),
        "{programs}"
    );
}

#[test]
fn a_problems_repros_replay_one_verdict_a_file_with_pages() {
    let dir = problem("replay", "sum_bug3.c");
    let d = dir.to_str().unwrap();
    let (code, stdout, stderr) = harness(&["stress", d, "-q", "--cases", "200"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let repro = repro_of(&stdout).to_string();
    let passing = dir.join("small.in");
    std::fs::write(&passing, "2\n0 1\n").unwrap();
    let (json, pages) = (dir.join("replay.json"), dir.join("pages"));
    let (code, stdout, stderr) = harness(&[
        "replay",
        "--problem",
        d,
        &repro,
        passing.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains(&format!("{repro}: MISMATCH")), "{stdout}");
    assert!(
        stdout.contains(&format!("{}: ok", passing.display())),
        "{stdout}"
    );
    let report: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let verdicts: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["mismatch", "ok"]);
    // The failure's page: the input, both outputs, the first differing token.
    let input = std::fs::read_to_string(&repro).unwrap();
    let tokens: Vec<i64> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let sum: i64 = tokens[1..].iter().sum();
    let name = Path::new(&repro)
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let page = std::fs::read_to_string(pages.join(format!("{name}.html"))).unwrap();
    assert!(
        page.contains(&format!("token 1: expected `{sum}`, got `{}`", sum + 1)),
        "{page}"
    );
    assert!(page.contains(&format!("{sum}")) && page.contains(&format!("{}", sum + 1)));
    assert!(
        page.contains("Input") && page.contains(input.lines().nth(1).unwrap()),
        "{page}"
    );
    // A file that is not there is a bad input, status 2.
    let (code, stdout, _) = harness(&["replay", "--problem", d, "missing.in"]);
    assert_eq!(code, 2, "{stdout}");
    assert!(stdout.contains("missing.in: no such file"), "{stdout}");
}
