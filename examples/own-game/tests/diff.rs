//! The optimized engine against the reference: whole outcomes, events included, over generated
//! cases of every non-bench profile and over cases drawn from random fuzzer bytes. And the planted
//! bug is caught the same way.

use arbitrary::Unstructured;
use harness::rng::{case_seed, rng};
use own_game::{gen, optimized, reference, Case, Outcome};
use rand::Rng as _;

/// The first event where two traced outcomes differ, for the message.
fn first_difference(a: &Outcome, b: &Outcome) -> String {
    match a.events.iter().zip(&b.events).position(|(x, y)| x != y) {
        Some(i) => format!(
            "event {i}:\nreference: {}\noptimized: {}",
            a.events[i], b.events[i]
        ),
        None => format!(
            "{} vs {} events; score {} vs {}, moved {} vs {}",
            a.events.len(),
            b.events.len(),
            a.score,
            b.score,
            a.moved,
            b.moved
        ),
    }
}

fn agree(case: &Case, what: &str) {
    let want = reference::run(case, true);
    let got = optimized::run(case, true);
    assert!(
        got == want,
        "{what} ({}): {}\n{}",
        case.size(),
        first_difference(&want, &got),
        case.write()
    );
    // Untraced: the same outcome without the events.
    let plain = optimized::run(case, false);
    assert!(plain.events.is_empty(), "{what}");
    assert_eq!(
        (plain.score, plain.moved, &plain.board),
        (want.score, want.moved, &want.board),
        "{what}"
    );
}

#[test]
fn optimized_equals_reference_on_every_profile() {
    for p in gen::PROFILES.iter().filter(|p| !p.bench_only) {
        // `long` games hold thousands of moves each.
        let count = if p.name == "long" { 400 } else { 3000 };
        for i in 0..count {
            let seed = case_seed(2048, i);
            let case = p.case(seed);
            agree(&case, &format!("{} seed {seed}", p.name));
        }
    }
}

#[test]
fn optimized_equals_reference_on_fuzzer_bytes() {
    let mut r = rng(7);
    for i in 0..3000 {
        let len = r.random_range(0..400);
        let bytes: Vec<u8> = (0..len).map(|_| r.random()).collect();
        let mut u = Unstructured::new(&bytes);
        let case = gen::arbitrary_case(&mut u).expect("valid by construction");
        assert!(case.check().is_ok(), "bytes {i}");
        agree(&case, &format!("bytes {i}"));
    }
    // No bytes at all still make a valid case.
    let case = gen::arbitrary_case(&mut Unstructured::new(&[])).expect("valid");
    assert!(case.check().is_ok());
    agree(&case, "no bytes");
}

#[test]
fn the_planted_bug_is_caught_by_generated_cases() {
    let caught = (0..2000u64)
        .map(|i| gen::case("mix", case_seed(1, i)).expect("a profile"))
        .position(|case| optimized::run_planted(&case, true) != reference::run(&case, true));
    assert!(
        caught.is_some_and(|i| i < 200),
        "first caught at {caught:?}"
    );
}
