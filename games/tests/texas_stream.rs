//! The stream generator of Texas cases that docs/shrinking.md measures the stream shrinker with
//! (`examples/problems/texas-stream/gen.cpp`), built with g++ and fed seeded random streams: every
//! case it writes is a valid case of the format, most of its operations are valid swaps, and enough
//! games reach a hand (five valid operations) that the bugs of a hand are within its reach; the
//! empty stream gives the simplest case, one random operation.

use model::texas::Case;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The generator, built once into this test's scratch folder.
fn generator() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(build)
}

fn build() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source = root.join("examples/problems/texas-stream/gen.cpp");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("texas-stream-gen");
    let built = Command::new("g++")
        .args(["-std=c++17", "-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("g++ runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    exe
}

/// The case the generator writes from `stream`.
fn generated(exe: &Path, stream: &[u8]) -> Case {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the generator starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(stream)
        .expect("the generator reads its stream");
    drop(stdin);
    let out = child.wait_with_output().expect("the generator ends");
    assert!(out.status.success(), "the generator failed: {}", out.status);
    Case::parse(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not a valid case ({e}):\n{}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// `len` bytes of a seeded stream (splitmix64).
fn stream(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as u8
        })
        .collect()
}

#[test]
fn the_texas_stream_generator_writes_valid_cases_whose_first_operations_mostly_are_valid() {
    let exe = generator();
    let games = 300;
    let (mut first, mut hands) = (0u64, 0u64);
    for seed in 0..games {
        let case = generated(exe, &stream(seed, 4096));
        let outcome = reference::texas::outcome(&case);
        first += u64::from(outcome.ops[0].invalid.is_none());
        hands += u64::from(outcome.ops.iter().any(|op| op.hand.is_some()));
    }
    // Three operations in four are drawn among the valid swaps of the board as it stands, when it
    // has one (a random cell and direction, the generator's operations before, made the first
    // operation valid in 28 of these games, and no hand). Later operations meet boards the
    // earlier ones emptied: pieces only leave.
    assert!(
        5 * first >= 2 * games,
        "{first} of {games} first operations valid"
    );
    assert!(hands >= 5, "{hands} of {games} games reach a hand");
}

#[test]
fn the_empty_stream_gives_the_simplest_case_one_random_operation() {
    let case = generated(generator(), &[]);
    let outcome = reference::texas::outcome(&case);
    assert_eq!(outcome.ops.len(), 1);
    assert!(outcome.ops[0].invalid.is_some(), "{:?}", outcome.ops[0]);
}
