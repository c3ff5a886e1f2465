//! What a `verify` run proved: the certificate of a bounded scope ([`crate::roles::scope`]).
//!
//! A certificate names the scope (its canonical expression and parameters), counts the indices it
//! holds, the cases checked and the indices skipped (not valid inputs), sorts the game's rules
//! into those the scope reached, those it could reach and did not, and those it cannot reach (with
//! why), and carries a digest of every checked case with its agreed answer. The digest is a sum of
//! per-case hashes of the index and the answer ([`crate::run::batch`]), so it does not depend on the order the cases ran in: two runs
//! of one scope, on any number of threads or shards, have the same digest, and the digests of
//! shards add up to the whole scope's.
//!
//! `verified` is said only of a whole scope: every index visited exactly once, across all its
//! shards, and no failure. [`merge`] combines shard certificates and says which shards are missing
//! (with the command that runs each); a merged certificate with a missing shard is not verified.

use serde::{Deserialize, Serialize};

/// The certificate part of a `verify` run's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    /// The scope as the game writes it: every parameter with its bounds.
    pub(crate) scope: String,
    /// The named scope the run was given, if it was given a name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) scope_name: Option<String>,
    /// The scope's parameters, in the game's order: (name, bounds).
    pub(crate) params: Vec<(String, String)>,
    /// Indices in the whole scope (every shard).
    pub(crate) indices: u64,
    /// Indices visited by the shards this certificate covers (checked + skipped).
    pub(crate) visited: u64,
    /// Cases that ran to a verdict (both engines, compared).
    pub(crate) checked: u64,
    /// Indices that are not valid inputs (a board with a run...): never run.
    pub(crate) skipped: u64,
    /// The sum of the per-case digests (index and agreed answer, [`crate::run::batch`]) of the checked
    /// cases that agreed, as 16 hex digits.
    pub(crate) digest: String,
    /// How the scope was reduced: always `none` (every case of the scope, no symmetry).
    pub(crate) reduction: String,
    /// The shard count K of the run (1: one process ran it all).
    pub(crate) shard_count: u64,
    /// The shards (of K) that no report covers.
    #[serde(default)]
    pub(crate) missing_shards: Vec<u64>,
    /// The command that runs one shard, with `{I}` for its number: a missing shard's rerun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) shard_command: Option<String>,
    /// Every index of the shards this report covers was visited: no run of them stopped early.
    pub shards_complete: bool,
    /// Every index of the scope visited, by shards that each ran to their end.
    pub complete: bool,
    /// Complete, and no case failed: the two engines agree on every case of the scope.
    pub verified: bool,
    /// The game's rules (coverage keys) some checked case reached.
    pub(crate) reached: Vec<String>,
    /// Rules the scope could reach and no case did.
    pub(crate) not_reached: Vec<String>,
    /// Rules the scope cannot reach, each with why: the certificate says nothing of them.
    pub(crate) unreachable: Vec<(String, String)>,
    /// What makes the scope's cases beyond its expression ([`crate::roles::scope::Scope::source`]): for
    /// a problem given by programs, the programs with their content hashes and the counts of the
    /// enumeration. Shards merge only when theirs are equal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<serde_json::Value>,
}

/// A digest as the certificate writes it.
pub(crate) fn digest_text(d: u64) -> String {
    format!("{d:016x}")
}

/// A digest read back from a certificate.
pub(crate) fn parse_digest(s: &str) -> Option<u64> {
    u64::from_str_radix(s, 16).ok().filter(|_| s.len() == 16)
}

/// The number of indices `i < indices` with `i % k == shard`.
pub fn shard_indices(indices: u64, (shard, k): (u64, u64)) -> u64 {
    if indices > shard {
        (indices - shard).div_ceil(k)
    } else {
        0
    }
}

/// Sorts the game's coverage keys for a certificate: reached (count above 0), unreachable (the
/// scope says so, with why), and the rest, not reached.
pub(crate) fn sort_rules(
    counts: &[(String, u64)],
    unreachable: &[(&'static str, String)],
) -> (Vec<String>, Vec<String>, Vec<(String, String)>) {
    let mut reached = Vec::new();
    let mut not_reached = Vec::new();
    let mut cannot = Vec::new();
    for (key, n) in counts {
        if *n > 0 {
            reached.push(key.clone());
        } else if let Some((_, why)) = unreachable.iter().find(|(k, _)| k == key) {
            cannot.push((key.clone(), why.clone()));
        } else {
            not_reached.push(key.clone());
        }
    }
    (reached, not_reached, cannot)
}

/// The command that reruns shard `shard` of the run `argv` was (given as shard `was`): its
/// `--shard` value becomes `{I}/K`, and in the last path component of the values of `--json` and
/// `--out` the number `was`, where it stands alone between non-digits (`shard-1.json`, `task-1`),
/// becomes `{I}` (a folder above, such as `runs/1/`, is left as it is).
pub(crate) fn shard_command(argv: &[String], was: u64) -> String {
    let mut out = Vec::with_capacity(argv.len());
    let mut next_is: Option<&str> = None;
    for arg in argv {
        let (flag, value) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (Some(f), Some(v)),
            _ => (None, None),
        };
        let renumber = |v: &str, which: &str| -> String {
            match which {
                "--shard" => match v.split_once('/') {
                    Some((_, k)) => format!("{{I}}/{k}"),
                    None => v.to_string(),
                },
                "--json" | "--out" => match v.rsplit_once('/') {
                    Some((dir, name)) => format!("{dir}/{}", replace_number(name, was, "{I}")),
                    None => replace_number(v, was, "{I}"),
                },
                _ => v.to_string(),
            }
        };
        if let Some(which) = next_is.take() {
            out.push(quote(&renumber(arg, which)));
        } else if let (Some(f), Some(v)) = (flag, value) {
            out.push(format!("{f}={}", quote(&renumber(v, f))));
        } else {
            if matches!(arg.as_str(), "--shard" | "--json" | "--out") {
                next_is = Some(match arg.as_str() {
                    "--shard" => "--shard",
                    "--json" => "--json",
                    _ => "--out",
                });
            }
            out.push(quote(arg));
        }
    }
    out.join(" ")
}

/// `text` with the whole number `n` (not part of a longer number) replaced by `by`.
fn replace_number(text: &str, n: u64, by: &str) -> String {
    let digits = n.to_string();
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < text.len() {
        let starts = text[i..].starts_with(&digits)
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes
                .get(i + digits.len())
                .is_none_or(|b| !b.is_ascii_digit());
        if starts {
            out.push_str(by);
            i += digits.len();
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// A word for a shell: quoted when it holds anything but plain characters.
fn quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,{}+@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A certificate's source, for a message.
fn source_text(source: &Option<serde_json::Value>) -> String {
    source
        .as_ref()
        .map_or_else(|| "its expression alone".into(), |v| v.to_string())
}

/// The rerun command of shard `shard`, from a certificate's `shard_command`.
pub(crate) fn rerun(template: &str, shard: u64) -> String {
    template.replace("{I}", &shard.to_string())
}

/// Why shard certificates cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatched(pub String);

/// Merges the certificates of reports of one scope, each covering the shards `(I, K)` listed
/// beside it (one for a run; several for a merged report). The counts and digests add up; the
/// rules reached are the union. The result is complete only when every shard `0..K` is there,
/// each complete, and verified only when complete with `failed == 0`.
pub fn merge(
    parts: &[(&Certificate, &[[u64; 2]])],
    failed: u64,
) -> Result<Certificate, Mismatched> {
    let Some((first, first_shards)) = parts.first() else {
        return Err(Mismatched("no certificates to merge".into()));
    };
    let k = first_shards.first().map_or(first.shard_count, |s| s[1]);
    let mut merged = (*first).clone();
    let mut digest = 0u64;
    let (mut visited, mut checked, mut skipped) = (0, 0, 0);
    let mut present = vec![false; usize::try_from(k).unwrap_or(0)];
    let mut complete = true;
    for (c, shards) in parts {
        if c.scope != first.scope || c.indices != first.indices {
            return Err(Mismatched(format!(
                "scope `{}` ({} indices) against `{}` ({} indices)",
                c.scope, c.indices, first.scope, first.indices
            )));
        }
        if c.source != first.source {
            return Err(Mismatched(format!(
                "the scope `{}` made by {} against {}",
                c.scope,
                source_text(&c.source),
                source_text(&first.source)
            )));
        }
        let d = parse_digest(&c.digest)
            .ok_or_else(|| Mismatched(format!("`{}` is not a digest", c.digest)))?;
        digest = digest.wrapping_add(d);
        visited += c.visited;
        checked += c.checked;
        skipped += c.skipped;
        complete &= c.shards_complete;
        for &[i, kk] in *shards {
            if kk != k {
                return Err(Mismatched(format!("shard count {kk} against {k}")));
            }
            if let Some(slot) = present.get_mut(usize::try_from(i).unwrap_or(usize::MAX)) {
                *slot = true;
            }
        }
        for r in &c.reached {
            if !merged.reached.contains(r) {
                merged.reached.push(r.clone());
            }
        }
    }
    merged.shard_count = k;
    merged.missing_shards = (0..k)
        .filter(|i| !present.get(*i as usize).copied().unwrap_or(false))
        .collect();
    merged.not_reached.retain(|r| !merged.reached.contains(r));
    merged.digest = digest_text(digest);
    merged.visited = visited;
    merged.checked = checked;
    merged.skipped = skipped;
    merged.shards_complete = complete;
    merged.complete = complete && merged.missing_shards.is_empty() && visited == first.indices;
    merged.verified = merged.complete && failed == 0;
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cert(visited: u64, digest: u64, reached: &[&str]) -> Certificate {
        Certificate {
            scope: "n=1..2".into(),
            scope_name: None,
            params: vec![("n".into(), "1..2".into())],
            indices: 10,
            visited,
            checked: visited - 1,
            skipped: 1,
            digest: digest_text(digest),
            reduction: "none".into(),
            shard_count: 2,
            missing_shards: Vec::new(),
            shard_command: Some("harness verify --shard {I}/2".into()),
            shards_complete: true,
            complete: false,
            verified: false,
            reached: reached.iter().map(|s| s.to_string()).collect(),
            not_reached: ["a", "b", "c"]
                .iter()
                .filter(|k| !reached.contains(k))
                .map(|s| s.to_string())
                .collect(),
            unreachable: Vec::new(),
            source: None,
        }
    }

    #[test]
    fn digests_add_and_shards_cover_the_scope() {
        let a = cert(5, 0xffff_ffff_ffff_fff0, &["a"]);
        let b = cert(5, 0x20, &["b"]);
        let m = merge(&[(&a, &[[0, 2]]), (&b, &[[1, 2]])], 0).unwrap();
        assert_eq!(m.digest, "0000000000000010");
        assert_eq!((m.visited, m.checked, m.skipped), (10, 8, 2));
        assert!(m.complete && m.verified);
        assert_eq!(m.reached, vec!["a", "b"]);
        assert_eq!(m.not_reached, vec!["c"]);
        let failed = merge(&[(&a, &[[0, 2]]), (&b, &[[1, 2]])], 1).unwrap();
        assert!(failed.complete && !failed.verified);
    }

    #[test]
    fn a_missing_shard_is_named_and_not_verified() {
        let a = cert(5, 1, &["a"]);
        let m = merge(&[(&a, &[[0, 2]])], 0).unwrap();
        assert_eq!(m.missing_shards, vec![1]);
        assert!(!m.complete && !m.verified);
        let mut stopped = cert(5, 1, &[]);
        stopped.shards_complete = false;
        let b = cert(5, 2, &[]);
        assert!(
            !merge(&[(&stopped, &[[0, 2]]), (&b, &[[1, 2]])], 0)
                .unwrap()
                .verified
        );
        let mut other = cert(5, 1, &[]);
        other.scope = "n=1..3".into();
        assert!(merge(&[(&a, &[[0, 2]]), (&other, &[[1, 2]])], 0).is_err());
        let mut made = cert(5, 1, &[]);
        made.source = Some(serde_json::json!({"solution": "fnv1a64:01"}));
        let e = merge(&[(&a, &[[0, 2]]), (&made, &[[1, 2]])], 0).unwrap_err();
        assert!(e.0.contains("fnv1a64:01"), "{e:?}");
    }

    #[test]
    fn digests_read_back() {
        assert_eq!(parse_digest(&digest_text(42)), Some(42));
        assert_eq!(parse_digest(&digest_text(u64::MAX)), Some(u64::MAX));
        assert_eq!(parse_digest("12"), None);
    }

    #[test]
    fn rerun_commands_renumber_the_shard_and_its_files() {
        let argv: Vec<String> = [
            "harness",
            "verify",
            "--game",
            "texas",
            "--scope",
            "n<=2, q=1",
            "--shard",
            "1/4",
            "--json",
            "runs/1/shard-1.json",
            "--out=runs/1/task-1",
            "--threads",
            "1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let t = shard_command(&argv, 1);
        assert_eq!(
            t,
            "harness verify --game texas --scope 'n<=2, q=1' --shard {I}/4 --json \
             runs/1/shard-{I}.json --out=runs/1/task-{I} --threads 1"
        );
        assert!(rerun(&t, 3).contains("--shard 3/4 --json runs/1/shard-3.json --out=runs/1/task-3"));
        assert_eq!(replace_number("a11-1-21", 1, "X"), "a11-X-21");
    }
}
