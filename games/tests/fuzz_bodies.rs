//! The fuzz targets' bodies on random bytes and on the seed corpora, on stable: the same code
//! `cargo +nightly fuzz run` drives, so every target is exercised by `cargo test`.

use games::{Mayan, Nogo, Texas};
use harness::fuzz::{self, Target};
use harness::rng::mix;
use std::path::Path;

/// Every fuzz target of the built-in games, by name: each file in `fuzz/fuzz_targets/` calls the
/// generic body of its name.
const TARGETS: &[(&str, Target)] = &[
    ("texas_diff", fuzz::diff::<Texas>),
    ("texas_parse", fuzz::parse::<Texas>),
    ("mayan_diff", fuzz::diff::<Mayan>),
    ("mayan_parse", fuzz::parse::<Mayan>),
    ("nogo_diff", fuzz::diff::<Nogo>),
    ("nogo_parse", fuzz::parse::<Nogo>),
];

fn random_inputs(count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut x = seed;
    (0..count)
        .map(|i| {
            x = mix(x ^ i as u64);
            let len = (x % 600) as usize;
            (0..len)
                .map(|_| {
                    x = mix(x);
                    x as u8
                })
                .collect()
        })
        .collect()
}

/// Texty inputs: digits, spaces and newlines, so the parsers get past the first token.
fn texty_inputs(count: usize, seed: u64) -> Vec<Vec<u8>> {
    const ALPHABET: &[u8] = b"0123456789 \n\n.XO-";
    random_inputs(count, seed)
        .into_iter()
        .map(|v| {
            v.into_iter()
                .map(|b| ALPHABET[b as usize % ALPHABET.len()])
                .collect()
        })
        .collect()
}

#[test]
fn every_target_survives_random_bytes() {
    let count = if cfg!(debug_assertions) { 1000 } else { 5000 };
    for (name, body) in TARGETS {
        let started = std::time::Instant::now();
        for input in random_inputs(count, 1)
            .iter()
            .chain(&texty_inputs(count / 3, 2))
        {
            body(input);
        }
        eprintln!("{name}: ok after {:?}", started.elapsed());
    }
}

#[test]
fn every_target_runs_its_seed_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/fuzz");
    for (name, body) in TARGETS {
        let dir = root.join(name);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut seeds = 0;
        for e in entries.flatten() {
            let data = std::fs::read(e.path()).unwrap();
            body(&data);
            seeds += 1;
        }
        assert!(seeds > 0, "{name} has no seed corpus in {}", dir.display());
    }
}
