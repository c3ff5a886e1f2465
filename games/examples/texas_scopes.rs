//! Measures Texas scopes: the time per index (both engines on every case, with the reference's
//! coverage) on a random sample spread through the scope, extrapolated to the whole scope on two
//! threads; with `--full`, runs every index and prints the coverage keys reached.
//!
//! With `--enumerate`, times only building the cases (`Scope::case`) of the sample, on one thread.
//!
//! `cargo run --release -p games --example texas_scopes -- [--full] [--enumerate] [--sample N]
//! SCOPE...` (a named scope or an expression; no scope: every named one).

use games::texas::Texas;
use harness::roles::oracle::Pair;
use harness::roles::scope::Scope;
use harness::roles::{Bounded, Coverage};
use model::texas::Case;
use std::process::exit;
use std::time::Instant;

const THREADS: u64 = 2;

/// What one thread saw: cases checked, indices skipped, failures, keys reached.
#[derive(Default)]
struct Tally {
    checked: u64,
    skipped: u64,
    failed: u64,
    hits: Vec<bool>,
}

fn run(scope: &dyn Scope<Case>, indices: &(dyn Fn(u64) -> Option<u64> + Sync)) -> Tally {
    let pair = Pair::<Texas>::builtin();
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let pair = pair.clone();
                s.spawn(move || {
                    let mut tally = Tally {
                        hits: vec![false; Texas::coverage_keys().len()],
                        ..Tally::default()
                    };
                    let mut i = t;
                    while let Some(index) = indices(i) {
                        i += THREADS;
                        let Some(case) = scope.case(index) else {
                            tally.skipped += 1;
                            continue;
                        };
                        let out = pair.check(&case);
                        tally.checked += 1;
                        tally.failed += u64::from(out.verdict.failure().is_some());
                        if let Some(a) = &out.a {
                            Texas::coverage(&case, a, &mut tally.hits);
                        }
                    }
                    tally
                })
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).collect()
    });
    let mut all = Tally {
        hits: vec![false; Texas::coverage_keys().len()],
        ..Tally::default()
    };
    for t in tallies {
        all.checked += t.checked;
        all.skipped += t.skipped;
        all.failed += t.failed;
        for (a, h) in all.hits.iter_mut().zip(t.hits) {
            *a |= h;
        }
    }
    all
}

/// CPU time this process has used (user and system), in seconds: on a shared machine a better
/// measure of the work than the wall clock.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct it is given and reads nothing else.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// A fixed pseudo-random index below `len` for each `i` (splitmix64).
fn spread(i: u64, len: u64) -> u64 {
    let mut z = i
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % len
}

/// The CPU time per index of `Scope::case` alone over `sample` random indices, one thread.
fn enumerate(text: &str, scope: &dyn Scope<Case>, sample: u64) {
    let len = scope.len();
    let cpu = cpu_seconds();
    let mut cells = 0usize;
    let mut skipped = 0u64;
    for i in 0..sample {
        match scope.case(spread(i, len)) {
            Some(case) => cells += case.board.colour.len() + case.ops.len(),
            None => skipped += 1,
        }
    }
    let random = cpu_seconds() - cpu;
    // In order, as a run walks its share of a scope: from the middle on.
    let cpu = cpu_seconds();
    let from = len / 2;
    let to = len.min(from + sample);
    for index in from..to {
        if let Some(case) = scope.case(index) {
            cells += case.board.colour.len();
        }
    }
    let in_order = cpu_seconds() - cpu;
    println!(
        "{text}: case() alone: {:.0} CPU ns per index over {sample} random indices \
         ({skipped} skipped), {:.0} over consecutive ones ({cells} cells built)",
        random * 1e9 / sample.max(1) as f64,
        in_order * 1e9 / (to - from).max(1) as f64
    );
}

fn measure(text: &str, full: bool, only_cases: bool, sample: u64) {
    let scope = match Texas::scope(text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            exit(2);
        }
    };
    let len = scope.len();
    if only_cases {
        enumerate(text, &*scope, sample);
        return;
    }
    let start = Instant::now();
    let cpu = cpu_seconds();
    let tally = if full || len <= sample {
        run(&*scope, &|i| (i < len).then_some(i))
    } else {
        run(&*scope, &|i| (i < sample).then(|| spread(i, len)))
    };
    let took = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    let seen = (tally.checked + tally.skipped).max(1);
    let core_seconds = cpu * len as f64 / seen as f64;
    println!(
        "{text}: {len} indices; {seen} run ({} checked, {} skipped, {} failed) in {took:.2} s \
         ({cpu:.2} CPU s): {:.0} CPU ns per index; whole scope {:.1} core-seconds = {:.4} \
         core-hours, {:.1} s on {THREADS} free cores",
        tally.checked,
        tally.skipped,
        tally.failed,
        cpu * 1e9 / seen as f64,
        core_seconds,
        core_seconds / 3600.0,
        core_seconds / THREADS as f64
    );
    println!("  canonical: {}", scope.canonical());
    let unreachable = scope.unreachable();
    let keys = Texas::coverage_keys();
    let reached: Vec<&str> = keys
        .iter()
        .zip(&tally.hits)
        .filter(|(_, &h)| h)
        .map(|(k, _)| *k)
        .collect();
    println!("  reached ({}): {}", reached.len(), reached.join("; "));
    for (key, h) in keys.iter().zip(&tally.hits) {
        if !h {
            let why = unreachable.iter().find(|(k, _)| k == key);
            match why {
                Some((_, why)) => println!("  unreachable: {key}: {why}"),
                None => println!("  not reached: {key}"),
            }
        }
    }
}

fn main() {
    let mut full = false;
    let mut only_cases = false;
    let mut sample = 200_000;
    let mut scopes = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--full" => full = true,
            "--enumerate" => only_cases = true,
            "--sample" => match args.next().and_then(|s| s.parse().ok()) {
                Some(n) => sample = n,
                None => {
                    eprintln!("error: --sample takes a number of indices");
                    exit(2);
                }
            },
            _ => scopes.push(a),
        }
    }
    if scopes.is_empty() {
        scopes = Texas::scopes().iter().map(|s| s.name.to_string()).collect();
    }
    for s in scopes {
        measure(&s, full, only_cases, sample);
    }
}
