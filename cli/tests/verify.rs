//! `verify`: every case of a bounded scope, and the certificate of what was proven. End to end
//! through the command line (exit statuses, last lines, the JSON certificate, shards and their
//! merge, a missing shard and its rerun, a run stopped early, bad scopes, a judged program).

mod common;

use common::Scratch;
use serde_json::Value;
use std::process::{Command, Output as RunOutput};

/// Every board up to 3x3 in two colours under every single adjacent swap: 14,288 indices.
const SCOPE: &str = "n<=3,m<=3,k=2,q=1";

fn harness(args: &[&str]) -> RunOutput {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .output()
        .expect("the harness binary runs")
}

fn last_line(o: &RunOutput) -> String {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the report is written"))
        .expect("the report is JSON")
}

fn verify(dir: &Scratch, name: &str, extra: &[&str]) -> (RunOutput, Value) {
    let report = dir.path(&format!("{name}.json"));
    let out = dir.path(&format!("out-{name}"));
    let mut args = vec![
        "verify", "--game", "texas", "--scope", SCOPE, "--quiet", "--json", &report, "--out", &out,
    ];
    args.extend_from_slice(extra);
    let o = harness(&args);
    let v = json(&report);
    (o, v)
}

#[test]
fn a_scope_is_verified_with_its_certificate() {
    let dir = Scratch::new("verify-cert");
    let (o, v) = verify(&dir, "one", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", last_line(&o));
    let c = &v["certificate"];
    let checked = c["checked"].as_u64().unwrap();
    let skipped = c["skipped"].as_u64().unwrap();
    assert_eq!(
        last_line(&o),
        format!(
            "texas: verified: all {checked} cases of scope {} agree ({skipped} indices skipped: \
             not valid inputs)",
            c["scope"].as_str().unwrap()
        )
    );
    assert_eq!(v["command"], "verify");
    assert_eq!(v["engines"], serde_json::json!(["reference", "optimized"]));
    assert_eq!(c["verified"], true);
    assert_eq!(c["complete"], true);
    assert_eq!(c["reduction"], "none");
    assert!(checked > 1000 && skipped > 1000, "{c}");
    assert_eq!(checked + skipped, c["indices"].as_u64().unwrap());
    assert_eq!(c["digest"].as_str().unwrap().len(), 16);
    let has = |list: &str, key: &str| {
        c[list]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == key || x[0] == key)
    };
    assert!(has("reached", "invalid: no run"), "{c}");
    assert!(has("reached", "board cleared"), "{c}");
    // Hands need five valid operations: the certificate must not let anyone think otherwise.
    assert!(!has("reached", "hand: one pair") && !has("not_reached", "hand: one pair"));
    let hand = c["unreachable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x[0] == "hand: one pair")
        .expect("hands are listed as unreachable");
    assert!(
        hand[1].as_str().unwrap().contains("five valid operations"),
        "{hand}"
    );
}

#[test]
fn threads_and_shards_give_one_certificate() {
    let dir = Scratch::new("verify-shards");
    let (_, one) = verify(&dir, "t1", &["--threads", "1"]);
    let (_, two) = verify(&dir, "t2", &["--threads", "2"]);
    let mut reports = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let (o, _) = verify(&dir, &format!("shard-{i}"), &["--shard", &shard]);
        assert_eq!(o.status.code(), Some(0), "{}", last_line(&o));
        assert!(
            last_line(&o).contains(&format!("shard {i}/3 of scope")),
            "{}",
            last_line(&o)
        );
        reports.push(dir.path(&format!("shard-{i}.json")));
    }
    let merged_path = dir.path("merged.json");
    let mut args = vec!["merge", "--json", &merged_path];
    args.extend(reports.iter().map(String::as_str));
    let m = harness(&args);
    assert_eq!(
        m.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&m.stdout)
    );
    assert!(
        last_line(&m).starts_with("texas: verified: all "),
        "{}",
        last_line(&m)
    );
    let merged = json(&merged_path);
    for field in [
        "digest", "checked", "skipped", "visited", "verified", "reached",
    ] {
        let c = |v: &Value| v["certificate"][field].clone();
        assert_eq!(c(&one), c(&two), "{field}: threads 1 against 2");
        assert_eq!(
            c(&one),
            c(&merged),
            "{field}: one process against 3 shards merged"
        );
    }
    assert_eq!(one["coverage"], merged["coverage"]);
    assert_eq!(one["cases"], merged["cases"]);
}

#[test]
fn a_missing_shard_is_named_and_its_rerun_completes_the_certificate() {
    let dir = Scratch::new("verify-missing");
    for i in [0, 2] {
        let (o, _) = verify(&dir, &format!("shard-{i}"), &["--shard", &format!("{i}/3")]);
        assert_eq!(o.status.code(), Some(0));
    }
    let partial = harness(&[
        "merge",
        &dir.path("shard-0.json"),
        &dir.path("shard-2.json"),
        "--json",
        &dir.path("partial.json"),
    ]);
    assert_eq!(
        partial.status.code(),
        Some(1),
        "a missing shard is not verified"
    );
    let text = String::from_utf8_lossy(&partial.stdout).to_string();
    assert!(
        last_line(&partial).contains("not verified: shard 1 of 3 missing"),
        "{text}"
    );
    let c = json(&dir.path("partial.json"))["certificate"].clone();
    assert_eq!(c["verified"], false);
    assert_eq!(c["missing_shards"], serde_json::json!([1]));
    // The merge prints the command that runs the missing shard: run it as it is.
    let rerun = text
        .lines()
        .find_map(|l| l.strip_prefix("missing shard 1/3: rerun with: "))
        .expect("the missing shard is named with its command")
        .to_string();
    assert!(
        rerun.contains("--shard 1/3") && rerun.contains("shard-1.json"),
        "{rerun}"
    );
    let ran = Command::new("sh").arg("-c").arg(&rerun).output().unwrap();
    assert_eq!(ran.status.code(), Some(0), "{rerun}");
    let all = harness(&[
        "merge",
        &dir.path("shard-0.json"),
        &dir.path("shard-1.json"),
        &dir.path("shard-2.json"),
    ]);
    assert_eq!(all.status.code(), Some(0));
    assert!(
        last_line(&all).starts_with("texas: verified: "),
        "{}",
        last_line(&all)
    );
}

#[test]
fn a_run_stopped_early_is_not_verified() {
    let dir = Scratch::new("verify-early");
    let report = dir.path("early.json");
    let o = harness(&[
        "verify",
        "--game",
        "texas",
        "--scope",
        "minute",
        "--quiet",
        "--time",
        "0.3",
        "--json",
        &report,
        "--out",
        &dir.path("out"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        last_line(&o).contains("not verified: stopped early after"),
        "{}",
        last_line(&o)
    );
    let c = json(&report)["certificate"].clone();
    assert_eq!(c["verified"], false);
    assert_eq!(c["shards_complete"], false);
}

#[test]
fn bad_scopes_are_refused_with_exit_2() {
    for (scope, says) in [
        ("n<=3,colours=2", "unknown parameter `colours`"),
        ("n<=60", "`n<=60`"),
        ("n<=x", "not a whole number"),
        ("", "empty scope"),
        ("no-such-scope", "named scopes: "),
    ] {
        let o = harness(&["verify", "--game", "texas", "--scope", scope, "--quiet"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{scope}: {err}");
        assert!(err.contains(says), "{scope}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_program_is_judged_on_every_case_of_a_scope() {
    let dir = Scratch::new("verify-program");
    let exe = env!("CARGO_BIN_EXE_harness");
    let (o, v) = verify(&dir, "right", &["--", exe, "run", "--game", "texas"]);
    assert_eq!(o.status.code(), Some(0), "{}", last_line(&o));
    assert_eq!(v["judging"], true);
    // A program that answers 0 whatever the case: wrong wherever something scores.
    let (o, v) = verify(
        &dir,
        "wrong",
        &[
            "--shrink-secs",
            "5",
            "--",
            "sh",
            "-c",
            "cat >/dev/null; echo 0",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(last_line(&o).contains("NOT verified"), "{}", last_line(&o));
    let repro = v["first"]["repro"].as_str().expect("the failure is saved");
    assert!(std::path::Path::new(repro).exists(), "{repro}");
    assert_eq!(v["certificate"]["verified"], false);
}
