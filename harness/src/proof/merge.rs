//! Runs past one machine: the JSON reports of the shards of one batch (`--shard I/K --json FILE` on
//! each machine) combine into what one run over all the shards reports: the cases and failures
//! counted, the coverage counters added, the lowest-numbered failure kept.
//!
//! With `--max-failures N` the shards' failures merge by signature: the lowest case of each
//! signature wins, and the batch's stop case is found again over all shards (the lowest case at
//! which N signatures have been seen); every shard ran all its cases up to it (see
//! [`crate::run::batch`]), so the hits of each signature are the shards' hits up to it, added up.
//!
//! The shards must be of one batch (same game, engines, profile, seed and case count, the same K)
//! and each shard at most once; anything else is an error that says which report differs and how.

use crate::run::summary::{Replayed, Reported, Summary, SCHEMA};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Reads a run report written by `--json`.
pub fn read(path: &Path) -> anyhow::Result<Summary> {
    use anyhow::Context as _;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let report: Summary = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a run report of this harness", path.display()))?;
    if report.schema != SCHEMA {
        anyhow::bail!(
            "{}: report format `{}`, this harness reads `{SCHEMA}`",
            path.display(),
            report.schema
        );
    }
    Ok(report)
}

/// Combines shard reports (`names` label them in errors).
pub fn merge(reports: &[(String, Summary)]) -> anyhow::Result<Summary> {
    let Some((first_name, first)) = reports.first() else {
        anyhow::bail!("no reports to merge");
    };
    let mut merged = blank(first);
    let mut seen_shards = BTreeSet::new();
    for (name, r) in reports {
        check_same_batch((first_name, first), (name, r))?;
        for shard in &r.shards {
            let k0 = first.shards.first().map_or(shard[1], |s| s[1]);
            if shard[1] != k0 {
                return Err(differs((first_name, name), "shard count K", &k0, &shard[1]));
            }
            if !seen_shards.insert(shard[0]) {
                anyhow::bail!("{name}: shard {}/{} is given twice", shard[0], shard[1]);
            }
            merged.shards.push(*shard);
        }
        add_counts(&mut merged, r);
    }
    merged.failures_found = distinct_failures(reports, first.max_failures);
    if let Some(f) = merged.failures_found.first() {
        merged.first = Some(Reported {
            hit_cases: Vec::new(),
            ..f.clone()
        });
    }
    merged.shards.sort();
    merged.cases_per_sec = merged.cases as f64 / merged.elapsed_secs.max(1e-9);
    crate::proof::scope_run::merge_shards(reports, &mut merged)?;
    Ok(merged)
}

/// The merged report before any shard is added: the first shard's identity (game, engines,
/// profile, seed, cases requested, coverage keys) with every count, shard and failure emptied.
fn blank(first: &Summary) -> Summary {
    let mut merged = first.clone();
    merged.command = "merge".into();
    merged.first = None;
    merged.shards = Vec::new();
    merged.cases = 0;
    merged.failures.clear();
    merged.elapsed_secs = 0.0;
    merged.detected_secs = None;
    merged.coverage.iter_mut().for_each(|(_, c)| *c = 0);
    merged.interrupted = false;
    merged.save_error = None;
    merged.failures_found = Vec::new();
    merged.starts = None;
    merged.replay = None;
    merged
}

/// The error of report `name` that is not of the batch of report `first`: `what` differs.
fn differs(
    (first, name): (&str, &str),
    what: &str,
    a: &dyn std::fmt::Debug,
    b: &dyn std::fmt::Debug,
) -> anyhow::Error {
    anyhow::anyhow!(
        "{name} is not a shard of the same batch as {first}: {what} {b:?} against {a:?}"
    )
}

/// Checks that report `r` is of the same batch as `first`: game, engines, profile, seed, cases
/// requested, `--max-failures` and coverage keys.
fn check_same_batch(
    (first_name, first): (&str, &Summary),
    (name, r): (&str, &Summary),
) -> anyhow::Result<()> {
    let names = (first_name, name);
    if r.game != first.game {
        return Err(differs(names, "game", &first.game, &r.game));
    }
    if r.engines != first.engines {
        return Err(differs(names, "engines", &first.engines, &r.engines));
    }
    if r.profile != first.profile {
        return Err(differs(names, "profile", &first.profile, &r.profile));
    }
    if r.seed != first.seed {
        return Err(differs(names, "seed", &first.seed, &r.seed));
    }
    if r.cases_requested != first.cases_requested {
        let (a, b) = (&first.cases_requested, &r.cases_requested);
        return Err(differs(names, "cases", a, b));
    }
    if r.max_failures != first.max_failures {
        let (a, b) = (&first.max_failures, &r.max_failures);
        return Err(differs(names, "--max-failures", a, b));
    }
    let keys = |s: &Summary| {
        s.coverage
            .iter()
            .map(|(k, _)| k.clone())
            .collect::<Vec<_>>()
    };
    if keys(r) != keys(first) {
        return Err(differs(names, "coverage keys", &keys(first), &keys(r)));
    }
    Ok(())
}

/// Adds shard `r`'s counts to `merged`: cases, failures by kind, coverage, the longest elapsed
/// time, the earliest detection, the lowest first failure, and the replay ([`add_replay`]).
fn add_counts(merged: &mut Summary, r: &Summary) {
    merged.cases += r.cases;
    for (kind, n) in &r.failures {
        *merged.failures.entry(*kind).or_insert(0) += n;
    }
    merged.elapsed_secs = merged.elapsed_secs.max(r.elapsed_secs);
    if let Some(d) = r.detected_secs {
        merged.detected_secs = Some(merged.detected_secs.map_or(d, |m| m.min(d)));
    }
    for ((_, total), (_, c)) in merged.coverage.iter_mut().zip(&r.coverage) {
        *total += c;
    }
    merged.interrupted |= r.interrupted;
    if merged.save_error.is_none() {
        merged.save_error.clone_from(&r.save_error);
    }
    if let Some(f) = &r.first {
        if merged.first.as_ref().is_none_or(|m| f.index < m.index) {
            merged.first = Some(f.clone());
        }
    }
    add_replay(&mut merged.replay, r.replay.as_ref());
}

/// Adds a shard's replay of the saved cases: each shard replayed its own share of them, so the
/// counts add up, and the failing saved case kept is the one first in the replay's order.
fn add_replay(merged: &mut Option<Replayed>, r: Option<&Replayed>) {
    let Some(r) = r else { return };
    let Some(m) = merged else {
        *merged = Some(r.clone());
        return;
    };
    m.saved_cases = m.saved_cases.max(r.saved_cases);
    m.replayed += r.replayed;
    m.passed += r.passed;
    m.skipped += r.skipped;
    if let Some(f) = &r.failing {
        if m.failing.as_ref().is_none_or(|g| f.index < g.index) {
            m.failing = Some(f.clone());
        }
    }
}

/// One signature's failures over all shards: the lowest case's report, the shards' hit case
/// numbers and their hit counts.
type Group = (Reported, Vec<u64>, u64);

/// The shards' failures grouped by signature (the lowest case of each wins) and cut at the stop
/// case of the whole batch ([`crate::run::batch::stop_case`]), by lowest case.
fn distinct_failures(reports: &[(String, Summary)], max_failures: usize) -> Vec<Reported> {
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    for f in reports.iter().flat_map(|(_, r)| &r.failures_found) {
        let g = groups
            .entry(f.signature.clone())
            .or_insert_with(|| (f.clone(), Vec::new(), 0));
        if f.index < g.0.index {
            g.0 = f.clone();
        }
        g.1.extend(&f.hit_cases);
        g.2 += f.hits;
    }
    let mut found: Vec<Group> = groups.into_values().collect();
    found.sort_by_key(|g| g.0.index);
    let stop = crate::run::batch::stop_case(found.iter().map(|g| g.0.index), max_failures);
    let stop = stop.unwrap_or(u64::MAX);
    found
        .into_iter()
        .filter(|g| g.0.index <= stop)
        .map(|(mut f, mut hit_cases, hits)| {
            if hit_cases.is_empty() {
                // A report without case numbers: its counts as they are.
                f.hits = hits;
            } else {
                hit_cases.sort_unstable();
                hit_cases.dedup();
                hit_cases.retain(|&i| i <= stop);
                f.hits = hit_cases.len() as u64;
            }
            f.hit_cases = hit_cases;
            f
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::verdict::Kind;
    use crate::run::summary::Reported;

    fn shard(i: u64, cases: u64, failure_at: Option<u64>) -> Summary {
        Summary {
            schema: SCHEMA.into(),
            command: "diff".into(),
            version: "0".into(),
            game: "texas".into(),
            engines: ["reference".into(), "optimized".into()],
            judging: false,
            profile: "mix".into(),
            seed: 1,
            cases_requested: 100,
            shards: vec![[i, 2]],
            cases,
            failures: failure_at
                .map(|_| (Kind::Mismatch, 1))
                .into_iter()
                .collect(),
            elapsed_secs: 1.0 + i as f64,
            cases_per_sec: 0.0,
            detected_secs: failure_at.map(|_| 0.5 + i as f64),
            coverage: vec![("a".into(), i + 1), ("b".into(), 0)],
            first: failure_at.map(|index| Reported {
                index,
                profile: "mix".into(),
                seed: 9,
                kind: Kind::Mismatch,
                engine: None,
                side: None,
                what: "w".into(),
                shrunk_what: "w".into(),
                size_before: "s".into(),
                size_after: "s".into(),
                shrink_steps: 0,
                shrink_tries: 0,
                shrink_complete: true,
                reproduce: "r".into(),
                repro: None,
                signature: "mismatch: w".into(),
                hits: 1,
                hit_cases: Vec::new(),
                free: Vec::new(),
            }),
            interrupted: false,
            save_error: None,
            max_failures: 1,
            failures_found: Vec::new(),
            replay: None,
            skipped: 0,
            digest: None,
            shard_command: None,
            missing_shards: Vec::new(),
            certificate: None,
            starts: None,
        }
    }

    /// A shard's report of `--max-failures n`: (signature, case numbers that hit it).
    fn shard_found(i: u64, n: usize, found: &[(&str, &[u64])]) -> Summary {
        let mut s = shard(i, 50, None);
        s.max_failures = n;
        for (signature, hits) in found {
            let mut r = shard(i, 50, Some(hits[0])).first.unwrap();
            r.signature = signature.to_string();
            r.hits = hits.len() as u64;
            r.hit_cases = hits.to_vec();
            s.failures_found.push(r);
        }
        s.failures_found.sort_by_key(|r| r.index);
        s.first = s.failures_found.first().cloned();
        s
    }

    #[test]
    fn signatures_merge_to_what_one_run_finds() {
        // Two shards of one batch with --max-failures 2. One run over both would see A at 0, 1,
        // 2, 4 and B first at 5: it stops at case 5, with A hit 4 times and B once.
        let s0 = shard_found(0, 2, &[("A", &[0, 2, 4]), ("C", &[8])]);
        let s1 = shard_found(1, 2, &[("A", &[1, 7, 9]), ("B", &[5])]);
        let m = merge(&[("s0".into(), s0), ("s1".into(), s1)]).unwrap();
        let got: Vec<(&str, u64, u64)> = m
            .failures_found
            .iter()
            .map(|r| (r.signature.as_str(), r.index, r.hits))
            .collect();
        assert_eq!(got, vec![("A", 0, 4), ("B", 5, 1)]);
        assert_eq!(m.failures_found[0].hit_cases, vec![0, 1, 2, 4]);
        assert_eq!(m.first.as_ref().map(|f| (f.index, f.hits)), Some((0, 4)));
        // Reports of different --max-failures are not of one batch.
        let e = merge(&[
            ("s0".into(), shard_found(0, 2, &[])),
            ("s1".into(), shard_found(1, 3, &[])),
        ])
        .unwrap_err();
        assert!(e.to_string().contains("--max-failures"), "{e}");
    }

    #[test]
    fn shards_add_up_and_the_lowest_failure_wins() {
        let m = merge(&[
            ("s0".into(), shard(0, 50, Some(8))),
            ("s1".into(), shard(1, 50, Some(3))),
        ])
        .unwrap();
        assert_eq!(m.cases, 100);
        assert_eq!(m.count(Kind::Mismatch), 2);
        assert_eq!(m.coverage, vec![("a".into(), 3), ("b".into(), 0)]);
        assert_eq!(m.first.as_ref().map(|f| f.index), Some(3));
        assert_eq!(m.shards, vec![[0, 2], [1, 2]]);
        assert_eq!(m.elapsed_secs, 2.0);
        assert_eq!(m.detected_secs, Some(0.5), "the earliest shard's detection");
        assert_eq!(m.command, "merge");
    }

    #[test]
    fn the_shards_replays_add_up_and_the_first_failing_one_wins() {
        let replay = |passed, failing: Option<u64>| Replayed {
            saved_cases: 5,
            replayed: passed + u64::from(failing.is_some()),
            passed,
            skipped: 0,
            failing: failing.map(|index| crate::run::summary::SavedFailure {
                path: format!("{index}.in").into(),
                index,
                kind: Kind::Mismatch,
                engine: None,
                side: None,
                what: "w".into(),
                signature: "s".into(),
            }),
            files: Vec::new(),
        };
        let (mut s0, mut s1) = (shard(0, 50, None), shard(1, 50, None));
        s0.replay = Some(replay(1, Some(4)));
        s1.replay = Some(replay(1, Some(1)));
        let m = merge(&[("s0".into(), s0), ("s1".into(), s1)]).unwrap();
        let r = m.replay.expect("merged");
        assert_eq!((r.saved_cases, r.replayed, r.passed), (5, 4, 2));
        assert_eq!(r.failing.map(|f| f.index), Some(1));
    }

    #[test]
    fn the_side_of_a_fault_is_read_back_and_old_reports_without_it_still_read() {
        let mut s = shard(0, 50, Some(3));
        if let Some(first) = s.first.as_mut() {
            first.kind = Kind::Crash;
            first.engine = Some("reference".into());
            first.side = Some(crate::roles::verdict::Side::UnderTest);
        }
        let path = std::env::temp_dir().join(format!("merge-side-{}.json", std::process::id()));
        s.write_json(&path).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains("\"side\": \"under_test\""), "{text}");
        let back = read(&path).expect("reads");
        assert_eq!(back.first, s.first);
        // A report written before the side was recorded.
        std::fs::write(&path, text.replace("\"side\": \"under_test\",", "")).expect("written");
        let old = read(&path).expect("an old report still reads");
        assert_eq!(old.first.as_ref().and_then(|f| f.side), None);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn reports_of_other_batches_are_refused() {
        let mut other = shard(1, 50, None);
        other.seed = 2;
        let e = merge(&[("s0".into(), shard(0, 50, None)), ("s1".into(), other)]).unwrap_err();
        assert!(e.to_string().contains("seed"), "{e}");
        let e = merge(&[
            ("s0".into(), shard(0, 50, None)),
            ("again".into(), shard(0, 50, None)),
        ])
        .unwrap_err();
        assert!(e.to_string().contains("given twice"), "{e}");
        assert!(merge(&[]).is_err());
    }
}
