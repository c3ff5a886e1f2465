//! Bounded verification, the run behind `verify`: every case of a scope ([`crate::roles::scope`])
//! as the case source of a run, and the certificate ([`crate::run::certificate`]) of what the run
//! proved.
//!
//! `verify` is the pipeline of `diff` with another source: index `i` of the run is index `i` of the
//! scope (an index that is not a valid input is skipped, counted, never run), the batch keeps an
//! order-independent digest of the agreed answers, and failures are shrunk, explained, saved and
//! reported exactly as `diff`'s. What it adds is the verdict on the scope as a whole: verified
//! when every index of it was visited and no case failed.

use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use crate::roles::scope::{Filled, Scope};
use crate::run::batch::Progress;
use crate::run::cases::{Cases, Origin};
use crate::run::certificate::{self, Certificate};
use crate::run::plan::{CaseSource, DiffOptions};
use crate::run::summary::Summary;
use std::io::Write;
use std::sync::Arc;

/// Every index of a scope as the cases of a run.
pub struct ScopeCases<G: Game> {
    scope: Box<dyn Scope<G::Case>>,
    canonical: String,
}

impl<G: Game> ScopeCases<G> {
    pub fn new(scope: Box<dyn Scope<G::Case>>) -> Self {
        let canonical = scope.canonical();
        ScopeCases { scope, canonical }
    }

    pub fn scope(&self) -> &dyn Scope<G::Case> {
        &*self.scope
    }
}

impl<G: Game> Cases<G> for ScopeCases<G> {
    fn len(&self) -> u64 {
        self.scope.len()
    }
    fn case(&self, index: u64) -> Option<G::Case> {
        self.scope.case(index)
    }
    fn fill(&self, index: u64, case: &mut Option<G::Case>) -> Filled {
        self.scope.fill(index, case)
    }
    fn origin(&self, index: u64) -> Origin {
        Origin::Scope {
            scope: self.canonical.clone(),
            index,
        }
    }
}

/// What a run of one shard of a scope counted, for its certificate.
#[derive(Debug, Clone, Default)]
pub(crate) struct Counted {
    /// Cases that ran to a verdict.
    pub(crate) checked: u64,
    /// Indices that are not valid inputs.
    pub(crate) skipped: u64,
    /// Cases that failed.
    pub(crate) failed: u64,
    /// The sum of the agreed cases' digests.
    pub(crate) digest: u64,
    /// Coverage counters (rule, cases that reached it).
    pub(crate) coverage: Vec<(String, u64)>,
    /// The run stopped early (Ctrl-C, `--time`, or a failure that ends the batch).
    pub(crate) stopped: bool,
}

/// The certificate of a run over shard `shard` of `scope` (`name`: the named scope it was given
/// as); `argv` is the command line, for the command that reruns a missing shard.
pub(crate) fn certify<C>(
    scope: &dyn Scope<C>,
    name: Option<&str>,
    shard: (u64, u64),
    counted: &Counted,
    argv: &[String],
) -> Certificate {
    let share = certificate::shard_indices(scope.len(), shard);
    let visited = counted.checked + counted.skipped;
    let complete = !counted.stopped && visited == share;
    let (reached, not_reached, unreachable) =
        certificate::sort_rules(&counted.coverage, &scope.unreachable());
    let (i, k) = shard;
    let missing = (0..k).filter(|s| *s != i).collect();
    let whole = k == 1;
    Certificate {
        scope: scope.canonical(),
        scope_name: name.map(str::to_string),
        params: scope.params(),
        indices: scope.len(),
        visited,
        checked: counted.checked,
        skipped: counted.skipped,
        digest: certificate::digest_text(counted.digest),
        reduction: "none".into(),
        shard_count: k,
        missing_shards: missing,
        shard_command: Some(certificate::shard_command(argv, i)),
        shards_complete: complete,
        complete: complete && whole,
        verified: complete && whole && counted.failed == 0,
        reached,
        not_reached,
        unreachable,
        source: scope.source(),
    }
}

/// A scope given to `verify`: the scope itself and the name it was given by, if any.
pub struct Given<G: Game> {
    pub cases: Arc<ScopeCases<G>>,
    /// The named scope (`--scope tiny`), or `None` for bounds written out.
    pub name: Option<String>,
}

/// Runs every case of `given` (the shard `opts.batch.shard` of it) through `pair`, with failures
/// shrunk, explained, saved and reported as `diff` does them; then prints what was proven as the
/// last line and returns the report with its certificate. `argv` is the command line (for the
/// command that reruns a missing shard).
pub fn run<G: Game>(
    mut opts: DiffOptions<G>,
    given: &Given<G>,
    pair: &Pair<G>,
    progress: &dyn Progress,
    out: &mut dyn Write,
    argv: &[String],
) -> anyhow::Result<Summary> {
    opts.cases = CaseSource::Batch {
        listed: Some(Arc::clone(&given.cases) as Arc<dyn Cases<G>>),
        saved_first: false,
    };
    opts.batch.digest = true;
    let mut summary = crate::run::pipeline::run::<G>(&opts, pair, progress, out)?;
    summary.command = "verify".into();
    summary.profile = "scope".into();
    summary.cases_requested = given.cases.len();
    let shard = opts.batch.shard;
    let counted = Counted {
        checked: summary.cases,
        skipped: summary.skipped,
        failed: summary.failed(),
        digest: summary
            .digest
            .as_deref()
            .and_then(certificate::parse_digest)
            .unwrap_or(0),
        coverage: summary.coverage.clone(),
        stopped: summary.interrupted
            || summary.cases + summary.skipped
                < certificate::shard_indices(given.cases.len(), shard),
    };
    let cert = certify(
        given.cases.scope(),
        given.name.as_deref(),
        shard,
        &counted,
        argv,
    );
    summary.shard_command.clone_from(&cert.shard_command);
    writeln!(
        out,
        "{}",
        verdict_line(G::NAME, &cert, &summary, Some(shard))
    )?;
    summary.certificate = Some(cert);
    Ok(summary)
}

/// The last line of a verify run, or of a merge of its shards (`shard`: the run's own shard,
/// `None` for a merge): what was proven, plainly.
pub(crate) fn verdict_line(
    game: &str,
    c: &Certificate,
    s: &Summary,
    shard: Option<(u64, u64)>,
) -> String {
    let scope = c.scope_name.as_deref().unwrap_or(&c.scope);
    let skipped = format!("{} indices skipped: not valid inputs", c.skipped);
    let failed = s.failed();
    if failed > 0 {
        return format!(
            "{game}: NOT verified: {failed} of {} cases of scope {scope} failed ({} of {} \
             indices visited)",
            c.checked, c.visited, c.indices
        );
    }
    if c.verified {
        return format!(
            "{game}: verified: all {} cases of scope {scope} agree ({skipped})",
            c.checked
        );
    }
    if c.shards_complete {
        if let Some((i, k)) = shard.filter(|(_, k)| *k > 1) {
            return format!(
                "{game}: shard {i}/{k} of scope {scope}: all {} cases agree ({skipped}); the \
                 scope is verified when the reports of all {k} shards merge",
                c.checked
            );
        }
        let missing: Vec<String> = c.missing_shards.iter().map(u64::to_string).collect();
        return format!(
            "{game}: not verified: shard {} of {} missing; all {} cases of the others agree \
             ({skipped})",
            missing.join(", "),
            c.shard_count,
            c.checked
        );
    }
    let share = match shard {
        Some(sh) => certificate::shard_indices(c.indices, sh),
        None => c.indices,
    };
    let why = if s.interrupted {
        "interrupted"
    } else {
        "stopped early"
    };
    format!(
        "{game}: not verified: {why} after {} of {share} indices ({} cases agree, {skipped})",
        c.visited, c.checked
    )
}

/// The part of a merge that concerns the shards as a whole: which of `0..K` no report covers,
/// the skipped indices and digests added up, and for `verify` reports the certificate of the
/// scope ([`certificate::merge`]).
pub(crate) fn merge_shards(
    reports: &[(String, Summary)],
    merged: &mut Summary,
) -> anyhow::Result<()> {
    let k = merged.shards.first().map_or(1, |s| s[1]);
    merged.missing_shards = (0..k)
        .filter(|i| !merged.shards.iter().any(|s| s[0] == *i))
        .collect();
    merged.skipped = reports.iter().map(|(_, r)| r.skipped).sum();
    let digests: Option<Vec<u64>> = reports
        .iter()
        .map(|(_, r)| r.digest.as_deref().and_then(certificate::parse_digest))
        .collect();
    merged.digest =
        digests.map(|d| certificate::digest_text(d.iter().fold(0u64, |a, b| a.wrapping_add(*b))));
    merged.shard_command = reports.iter().find_map(|(_, r)| r.shard_command.clone());
    if merged.certificate.is_none() {
        return Ok(());
    }
    let mut parts = Vec::new();
    for (name, r) in reports {
        let Some(c) = &r.certificate else {
            anyhow::bail!(
                "{name} is a report of `{}`, not of `verify`: no certificate",
                r.command
            );
        };
        parts.push((c, r.shards.as_slice()));
    }
    let cert = certificate::merge(&parts, merged.failed())
        .map_err(|e| anyhow::anyhow!("the reports are not shards of one scope: {}", e.0))?;
    merged.certificate = Some(cert);
    Ok(())
}
