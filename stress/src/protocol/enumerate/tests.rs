use super::*;
use crate::protocol::tape::sim::{self, Gen};
use std::collections::HashSet;

/// A sequence as listed: the values of the first `max_draws` draws, trailing zeros trimmed.
fn canonical(values: &[u64], max_draws: usize) -> Vec<u64> {
    let mut v: Vec<u64> = values.iter().take(max_draws).copied().collect();
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

/// Every sequence within bounds, by brute force over the tree: from each sequence, every later
/// draw (within `max_draws`) set to each non-zero value its bound allows.
fn brute_force(gen: Gen, bounds: Bounds) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut stack = vec![Vec::new()];
    while let Some(prefix) = stack.pop() {
        let ns = sim::bounds_with(gen, &prefix);
        let varying = ns.iter().enumerate().take(bounds.max_draws);
        for (p, &n) in varying.skip(prefix.len()) {
            let cap = if n == 0 {
                bounds.max_value
            } else {
                (n - 1).min(bounds.max_value)
            };
            for v in 1..=cap {
                let mut longer = prefix.clone();
                longer.resize(p, 0);
                longer.push(v);
                stack.push(longer);
            }
        }
        out.push(prefix);
    }
    out
}

/// The order the odometer promises: largest value, then lexicographic.
fn in_order(mut all: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    all.sort_by_key(|s| (s.iter().copied().max().unwrap_or(0), s.clone()));
    all
}

/// Runs the odometer over `gen`: the sequences it lists, in order, and its probe count.
fn odometer(gen: Gen, bounds: Bounds) -> (Vec<Vec<u64>>, u64) {
    let mut odo = Odometer::new(bounds);
    let mut listed = Vec::new();
    while let Some(stream) = odo.next_stream() {
        let (_, tape) = sim::run(gen, &stream);
        let values: Vec<u64> = tape.draws.iter().map(|d| d.value).collect();
        let seq = canonical(&values, bounds.max_draws);
        let beyond = values.iter().skip(bounds.max_draws).all(|&v| v == 0);
        assert!(beyond, "a draw past max_draws is not 0: {values:?}");
        if odo.record(&tape).expect("a deterministic generator") == Visit::New {
            listed.push(seq);
        }
        assert!(listed.len() < 100_000, "runaway");
    }
    assert!(odo.finished());
    assert_eq!(odo.visited(), listed.len() as u64);
    (listed, odo.probes())
}

/// The odometer lists exactly the brute force's sequences, each once, in the promised order, with
/// one probe per earlier sequence at each level (the all-zero one aside).
fn check(gen: Gen, bounds: Bounds) -> usize {
    let want = in_order(brute_force(gen, bounds));
    let unique: HashSet<&Vec<u64>> = want.iter().collect();
    assert_eq!(unique.len(), want.len(), "the brute force repeats itself");
    let (got, probes) = odometer(gen, bounds);
    assert_eq!(got, want, "{bounds:?}");
    let below = |m: u64| want.iter().filter(|s| s.iter().all(|&v| v <= m)).count() as u64;
    let expected: u64 = (0..bounds.max_value).map(|m| below(m) - 1).sum();
    assert_eq!(probes, expected, "{bounds:?}");
    got.len()
}

#[test]
fn a_fixed_shape_is_enumerated_completely_in_order() {
    // Bounds 3, 1, 2^64, 300, 2 with values up to 2: 3 * 1 * 3 * 3 * 2 sequences.
    let b = Bounds {
        max_draws: 5,
        max_value: 2,
    };
    assert_eq!(check(sim::fixed, b), 54);
    // Only the first three draws vary.
    let b = Bounds {
        max_draws: 3,
        max_value: 2,
    };
    assert_eq!(check(sim::fixed, b), 9);
}

#[test]
fn a_count_then_its_items_changes_the_tree_per_path() {
    for max_value in 0..=3 {
        for max_draws in 0..=4 {
            let b = Bounds {
                max_draws,
                max_value,
            };
            check(sim::count_then_items, b);
            check(sim::wide_items, b);
        }
    }
    // n < 11 up to 2, then n items up to 2: 1 + 3 + 9 sequences.
    let b = Bounds {
        max_draws: 4,
        max_value: 2,
    };
    assert_eq!(check(sim::count_then_items, b), 13);
}

#[test]
fn bounds_that_depend_on_earlier_values_are_followed() {
    for max_value in 0..=4 {
        for max_draws in 0..=4 {
            let b = Bounds {
                max_draws,
                max_value,
            };
            check(sim::dependent, b);
        }
    }
    // a < 4 up to 3, b <= a, c (when b is odd) up to 3, d < 3.
    let b = Bounds {
        max_draws: 4,
        max_value: 3,
    };
    let (got, _) = odometer(sim::dependent, b);
    assert!(got.contains(&vec![3, 3, 3, 2]) && got.contains(&vec![1, 0, 2]));
    assert!(!got.contains(&vec![0, 1]), "b has one value when a is 0");
    assert_eq!(got[0], Vec::<u64>::new());
    assert_eq!(got[1], [0, 0, 1]);
}

#[test]
fn the_first_stream_is_empty_and_level_zero_is_one_visit() {
    let mut odo = Odometer::new(Bounds {
        max_draws: 8,
        max_value: 0,
    });
    assert_eq!(odo.next_stream(), Some(Vec::new()));
    let (_, tape) = sim::run(sim::fixed, &[]);
    assert_eq!(odo.record(&tape), Ok(Visit::New));
    assert_eq!(odo.next_stream(), None);
    assert!(odo.finished() && odo.visited() == 1);
    assert_eq!(odo.record(&tape), Err(RecordError::Finished));
}

#[test]
fn a_run_that_draws_otherwise_is_an_error() {
    let mut odo = Odometer::new(Bounds {
        max_draws: 8,
        max_value: 1,
    });
    let (_, tape) = sim::run(sim::fixed, &[]);
    assert_eq!(odo.record(&tape), Ok(Visit::New));
    let stream = odo.next_stream().expect("more to list");
    // The fixed generator's stream, recorded as if a different generator ran it.
    let (_, other) = sim::run(sim::count_then_items, &stream);
    let err = odo.record(&other).expect_err("bounds differ");
    assert!(
        matches!(err, RecordError::Mismatch { draw: 0, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("same bytes"), "{err}");
}
