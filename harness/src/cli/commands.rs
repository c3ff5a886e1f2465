//! The bodies of the subcommands that need more than a few lines, and their helpers.

use super::args::{GameName, PairArgs};
use super::{all_engines, engine_by_name, Engines, Exit, Registered, Stdout};
use crate::bench;
use crate::diff::Isolate;
use crate::engine::Engine;
use crate::game::ProfileChoice;
use anyhow::Context as _;
use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Runs an in-process engine of `G` out of process: this very binary, `exec --engine NAME`.
pub fn isolate<G: Registered>(extra: &Engines) -> Option<Isolate<G>> {
    let exe = std::env::current_exe().ok()?;
    let known = all_engines::<G>(extra).iter().map(|e| e.name).collect();
    Some(crate::diff::isolate_by_exec::<G>(exe, known))
}

/// Exit status of a run: 130 (143 for SIGTERM) when interrupted, else 1 for a failure, else 0.
pub fn status(s: &crate::diff::Summary) -> u8 {
    if s.interrupted {
        crate::interrupt::exit_status()
            .and_then(|c| u8::try_from(c).ok())
            .unwrap_or(130)
    } else {
        u8::from(s.failed() > 0)
    }
}

pub fn shown(p: &Path) -> String {
    if p == Path::new("-") {
        "<stdin>".into()
    } else {
        p.display().to_string()
    }
}

/// The bytes of a file, or of standard input for `-`.
pub fn read_input(p: &Path) -> Result<Vec<u8>, Exit> {
    if p == Path::new("-") {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        Ok(buf)
    } else {
        std::fs::read(p).map_err(|e| Exit(2, format!("{}: {e}", p.display())))
    }
}

pub fn guess_game(path: &Path) -> Option<GameName> {
    path.components()
        .rev()
        .find_map(|c| match c.as_os_str().to_str() {
            Some("texas") => Some(GameName::Texas),
            Some("mayan") => Some(GameName::Mayan),
            Some("nogo") => Some(GameName::Nogo),
            _ => None,
        })
}

pub fn run<G: Registered>(
    extra: &Engines,
    engine: &str,
    files: &[PathBuf],
    out: &mut Stdout,
) -> Result<u8, Exit> {
    let e = engine_by_name::<G>(extra, engine)?;
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for f in files {
        let bytes = read_input(f)?;
        let case = G::parse(&bytes).map_err(|err| Exit(2, format!("{}: {err}", shown(f))))?;
        let answer = crate::engine::answer(&*e, &case)
            .map_err(|fault| Exit(1, format!("{}: {engine} {fault}", shown(f))))?;
        out.write_all(answer.as_bytes())?;
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
pub fn bench_cmd<G: Registered>(
    extra: &Engines,
    pair: &PairArgs,
    profiles: &[String],
    cases: Option<usize>,
    seed: u64,
    seconds: f64,
    alone: bool,
    out: &mut Stdout,
) -> Result<bench::BenchReport, Exit> {
    if cfg!(debug_assertions) {
        note!(
            "note: this build has overflow checks and debug assertions (the diff build); for speed \
             figures use `cargo build --profile perf` and ./target/perf/harness"
        );
    }
    let tested = engine_by_name::<G>(extra, &pair.engine)?;
    let baseline = engine_by_name::<G>(extra, &pair.against)?;
    let chosen: Vec<(&'static crate::game::Profile, usize)> = if profiles.is_empty() {
        G::bench_rows()
            .iter()
            .filter_map(|r| G::profile(r.profile).map(|p| (p, cases.unwrap_or(r.cases))))
            .collect()
    } else {
        let mut v = Vec::new();
        for p in profiles {
            match ProfileChoice::parse::<G>(Some(p))? {
                ProfileChoice::One(profile) => v.push((profile, cases.unwrap_or(50))),
                ProfileChoice::Cycle(_) => {
                    return Err(Exit(2, "bench takes named profiles, not `all`".into()))
                }
            }
        }
        v
    };
    let budget = Duration::from_secs_f64(seconds);
    let mut rows = Vec::new();
    for (profile, n) in chosen {
        let too_big = G::bench_only().contains(&profile.name);
        let reference = G::engines().first().map(|e| e.name);
        if too_big && reference == Some(tested.name()) {
            return Err(Exit(
                2,
                format!(
                    "profile `{}` of {} is for the optimized engine only: the reference would take \
                     minutes or hours on it (bench-only profiles: {})",
                    profile.name,
                    G::NAME,
                    G::bench_only().join(", ")
                ),
            ));
        }
        let engines: Vec<Arc<dyn Engine<G>>> = if alone || too_big {
            vec![Arc::clone(&tested)]
        } else {
            vec![Arc::clone(&baseline), Arc::clone(&tested)]
        };
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        note!(
            "measuring {} / {} ({n} cases, {})...",
            G::NAME,
            profile.name,
            names.join(" and ")
        );
        let mut row = bench::profile::<G>(profile, n, seed, budget, &engines);
        if too_big && !alone {
            row.engines[0] = baseline.name().to_string();
            row.note = Some(format!(
                "{} alone: the {} would take minutes on this profile",
                tested.name(),
                baseline.name()
            ));
        }
        rows.push(row);
    }
    if G::NAME == "texas"
        && profiles.is_empty()
        && !alone
        && pair.engine == "optimized"
        && pair.against == "reference"
    {
        note!("measuring single operations...");
        rows.extend(crate::games::texas::costs::op_costs(seed, 5));
    }
    out.write_all(bench::table(G::NAME, &rows).as_bytes())?;
    Ok(bench::BenchReport::new(G::NAME, seed, &rows))
}
