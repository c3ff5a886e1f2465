//! Runs past one machine: the JSON reports of the shards of one batch (`--shard I/K --json FILE` on
//! each machine) combine into what one run over all the shards reports: the cases and failures
//! counted, the coverage counters added, the lowest-numbered failure kept.
//!
//! The shards must be of one batch (same game, engines, profile, seed and case count, the same K)
//! and each shard at most once; anything else is an error that says which report differs and how.

use crate::diff::{Summary, SCHEMA};
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
    let mut seen_shards = std::collections::BTreeSet::new();
    for (name, r) in reports {
        let differs = |what: &str, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
            anyhow::anyhow!(
                "{name} is not a shard of the same batch as {first_name}: {what} {b:?} against {a:?}"
            )
        };
        if r.game != first.game {
            return Err(differs("game", &first.game, &r.game));
        }
        if r.engines != first.engines {
            return Err(differs("engines", &first.engines, &r.engines));
        }
        if r.profile != first.profile {
            return Err(differs("profile", &first.profile, &r.profile));
        }
        if r.seed != first.seed {
            return Err(differs("seed", &first.seed, &r.seed));
        }
        if r.cases_requested != first.cases_requested {
            return Err(differs("cases", &first.cases_requested, &r.cases_requested));
        }
        let keys = |s: &Summary| {
            s.coverage
                .iter()
                .map(|(k, _)| k.clone())
                .collect::<Vec<_>>()
        };
        if keys(r) != keys(first) {
            return Err(differs("coverage keys", &keys(first), &keys(r)));
        }
        for shard in &r.shards {
            let k0 = first.shards.first().map_or(shard[1], |s| s[1]);
            if shard[1] != k0 {
                return Err(differs("shard count K", &k0, &shard[1]));
            }
            if !seen_shards.insert(shard[0]) {
                anyhow::bail!("{name}: shard {}/{} is given twice", shard[0], shard[1]);
            }
            merged.shards.push(*shard);
        }
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
    }
    merged.shards.sort();
    merged.cases_per_sec = merged.cases as f64 / merged.elapsed_secs.max(1e-9);
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::Reported;
    use crate::engine::Kind;

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
                what: "w".into(),
                shrunk_what: "w".into(),
                size_before: "s".into(),
                size_after: "s".into(),
                shrink_steps: 0,
                shrink_tries: 0,
                shrink_complete: true,
                reproduce: "r".into(),
                repro: None,
            }),
            interrupted: false,
            save_error: None,
        }
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
