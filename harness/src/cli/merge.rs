//! `merge`: the JSON reports of a batch's shards as one run's.

use super::context::{Ctx, Exit};
use super::util::{json_target, write_json};
use std::io::Write as _;
use std::path::PathBuf;

/// Combine the JSON reports of the shards of one batch into what one run reports.
///
/// Each machine runs `diff ... --shard I/K --json shard-I.json` (or `verify`, or `judge`);
/// `merge shard-*.json` adds up the cases, failures and coverage, keeps the lowest-numbered
/// failure, and prints the summary like a run. A shard of 0..K that no report covers is named,
/// with the command that runs it, and the result is not complete. Reports of `verify` merge into
/// the certificate of the whole scope (digests added up), which is verified only when the shards
/// cover the scope exactly once and none failed. Exit status 1 when a shard failed or is missing
/// (for verify: when not verified). Reports of different batches (game, engines, profile, seed,
/// cases or scope, K) or a shard given twice are refused.
#[derive(clap::Args)]
pub struct Args {
    /// The shard reports.
    #[arg(required = true)]
    pub(crate) reports: Vec<PathBuf>,
    /// Also write the merged report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

pub(super) fn run(args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    json_target(&args.json)?;
    let mut all = Vec::new();
    for p in &args.reports {
        all.push((p.display().to_string(), crate::proof::merge::read(p)?));
    }
    let merged = crate::proof::merge::merge(&all)?;
    let out = &mut *cx.out;
    if let Some(f) = &merged.first {
        writeln!(
            out,
            "first failure: case {} (profile {}, seed {}): {}",
            f.index, f.profile, f.seed, f.what
        )?;
        writeln!(out, "reproduce: {}", f.reproduce)?;
        if let Some(r) = &f.repro {
            writeln!(out, "repro: {}", r.display())?;
        }
    }
    let keys: Vec<&str> = merged.coverage.iter().map(|(k, _)| k.as_str()).collect();
    let counts: Vec<u64> = merged.coverage.iter().map(|(_, c)| *c).collect();
    write!(
        out,
        "{}",
        crate::render::report::coverage(&keys, &counts, merged.cases)
    )?;
    let shards: Vec<String> = merged
        .shards
        .iter()
        .map(|s| format!("{}/{}", s[0], s[1]))
        .collect();
    writeln!(out, "merged shards {}", shards.join(" "))?;
    let k = merged.shards.first().map_or(1, |s| s[1]);
    for i in &merged.missing_shards {
        match &merged.shard_command {
            Some(cmd) => writeln!(
                out,
                "missing shard {i}/{k}: rerun with: {}",
                crate::run::certificate::rerun(cmd, *i)
            )?,
            None => writeln!(out, "missing shard {i}/{k}")?,
        }
    }
    writeln!(out, "{}", merged.line())?;
    let complete = match &merged.certificate {
        Some(c) => {
            writeln!(
                out,
                "{}",
                crate::proof::scope_run::verdict_line(&merged.game, c, &merged, None)
            )?;
            c.verified
        }
        None => {
            if !merged.missing_shards.is_empty() {
                writeln!(
                    out,
                    "not complete: {} of {k} shards missing: the counts above are of the shards \
                     merged",
                    merged.missing_shards.len()
                )?;
            }
            merged.missing_shards.is_empty() && merged.failed() == 0
        }
    };
    write_json(&args.json, &merged)?;
    Ok(u8::from(!complete))
}
