//! The generator makes exactly the cases it always made: saved repros, seeds in reports and the
//! mutation campaign name cases by (profile, seed), so a faster generator must not change one.
//! The digests below were recorded from the generator before it was made faster; coverage keys
//! (computed from the traced outcome) are pinned the same way.

use arbitrary::Unstructured;
use own_game::coverage::coverage;
use own_game::{gen, optimized, Case};

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn case(&mut self, case: &Case) {
        self.bytes(case.write().as_bytes());
    }
}

/// How many seeds of a profile the digest covers.
fn seeds(profile: &str) -> u64 {
    if profile == "huge" {
        3
    } else {
        300
    }
}

/// The fixed byte strings the arbitrary cases are drawn from: lengths 0 to about 3000, bytes from
/// a fixed xorshift, some of them runs of a single byte.
fn byte_strings() -> Vec<Vec<u8>> {
    let mut x: u64 = 0x2048_2048_2048_2048;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..300u64)
        .map(|i| {
            let len = (next() % 3000) as usize * usize::from(i % 10 != 0);
            if i % 7 == 3 {
                vec![(next() % 256) as u8; len]
            } else {
                (0..len).map(|_| (next() >> 24) as u8).collect()
            }
        })
        .collect()
}

/// Recorded from the generator before it was made faster (seeds `0..seeds(profile)`).
const PROFILE_DIGESTS: &[(&str, u64)] = &[
    ("mix", 0x67ef34027f6fb724),
    ("small", 0xe57ed72f0f7eb0de),
    ("classic", 0x110099a4f40828f0),
    ("long", 0x8bfaa9fd25dbec7d),
    ("full", 0xe0d167a2a33403af),
    ("large", 0x0205bc5044548022),
    ("line", 0x412e83212af6f4cd),
    ("huge", 0x8117f06fd2ed7cd4),
];
const ARBITRARY_DIGEST: u64 = 0x630a2a327e4c1d7a;
const COVERAGE_DIGEST: u64 = 0xff832f6de6346bc7;

#[test]
fn every_profile_makes_the_cases_it_always_made() {
    let mut got = Vec::new();
    for p in gen::PROFILES {
        let mut h = Fnv::new();
        for seed in 0..seeds(p.name) {
            h.case(&p.case(seed));
        }
        got.push((p.name, h.0));
    }
    for (name, digest) in &got {
        println!("(\"{name}\", {digest:#018x}),");
    }
    assert_eq!(got, PROFILE_DIGESTS);
}

#[test]
fn arbitrary_cases_are_the_ones_they_always_were() {
    let mut h = Fnv::new();
    let (mut moves, mut sizes) = (0, std::collections::HashSet::new());
    for bytes in byte_strings() {
        let case = gen::arbitrary_case(&mut Unstructured::new(&bytes)).unwrap();
        h.case(&case);
        moves += case.moves.len();
        sizes.insert((case.board.n, case.board.m));
    }
    println!("{moves} moves, {} sizes", sizes.len());
    println!("{:#018x}", h.0);
    assert_eq!(h.0, ARBITRARY_DIGEST);
}

#[test]
fn coverage_keys_are_the_ones_they_always_were() {
    let mut h = Fnv::new();
    for p in gen::PROFILES.iter().filter(|p| !p.bench_only) {
        for seed in 0..100 {
            let case = p.case(seed);
            let keys = coverage(&case, &optimized::run(&case, true));
            h.bytes(&(keys.len() as u64).to_le_bytes());
            for k in keys {
                h.bytes(&(k as u64).to_le_bytes());
            }
        }
    }
    for bytes in byte_strings() {
        let case = gen::arbitrary_case(&mut Unstructured::new(&bytes)).unwrap();
        let keys = coverage(&case, &optimized::run(&case, true));
        h.bytes(&(keys.len() as u64).to_le_bytes());
        for k in keys {
            h.bytes(&(k as u64).to_le_bytes());
        }
    }
    println!("{:#018x}", h.0);
    assert_eq!(h.0, COVERAGE_DIGEST);
}
