use super::*;
use crate::protocol::tape::sim::{self, Gen};
use crate::protocol::tape::{encode, Draw};
use proptest::prelude::*;

#[test]
fn length_dominates_the_weight_then_byte_values() {
    assert!(weight(&[]) < weight(&[0]));
    assert!(weight(&[255, 255]) < weight(&[0, 0, 0]));
    assert!(weight(&[1, 0]) < weight(&[1, 1]));
    assert!(weight(&[0, 5]) < weight(&[5, 1]));
}

#[test]
fn a_tape_that_read_less_trims_the_stream_first() {
    let stream = [5, 7, 9, 11];
    let (_, tape) = sim::run(sim::fixed, &stream);
    // 3 values: 1 byte; 1 value: none; 2^64 values: 8 bytes; 300: 2 bytes; 2: 1 byte.
    assert_eq!(tape.consumed, 12);
    let short = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    let (_, tape) = sim::run(sim::fixed, &short);
    let list = candidates(&short, Some(&tape));
    assert_eq!(list[0], &short[..12]);
}

#[test]
fn draws_are_deleted_whole_and_lowered_in_place() {
    // wide_items: n = 7 mod 4 = 3, three values of two bytes, then a boolean.
    let stream = [7, 0x03, 0x05, 0x00, 0x40, 0x00, 0x07, 1];
    let (_, tape) = sim::run(sim::wide_items, &stream);
    let list = candidates(&stream, Some(&tape));
    // Deleting the second value takes both of its bytes.
    assert!(list.contains(&vec![7, 0x03, 0x05, 0x00, 0x07, 1]));
    // A single byte of a value is deleted only after every other pass.
    let lower = list
        .iter()
        .position(|c| c == &[7, 0x03, 0x05, 0x00, 0x40, 0x00, 0x06, 1]);
    let one = list
        .iter()
        .position(|c| c == &[7, 0x03, 0x00, 0x40, 0x00, 0x07, 1]);
    assert!(lower.is_some() && one.is_some() && lower < one, "{list:?}");
    // The first value (773) halves to 386 = 0x0182, whose bytes add up to more: not offered, but
    // its bytes are lowered one at a time.
    assert!(!list.contains(&vec![7, 0x01, 0x82, 0x00, 0x40, 0x00, 0x07, 1]));
    assert!(list.contains(&vec![7, 0x01, 0x05, 0x00, 0x40, 0x00, 0x07, 1]));
    // The third value (7) halves and steps down in place.
    assert!(list.contains(&vec![7, 0x03, 0x05, 0x00, 0x40, 0x00, 0x03, 1]));
    assert!(list.contains(&vec![7, 0x03, 0x05, 0x00, 0x40, 0x00, 0x06, 1]));
    // Deletions come before zeroing, zeroing before lowering.
    let del = list.iter().position(|c| c.len() < 7).expect("a deletion");
    let zero = list.iter().position(|c| c.len() == 8).expect("same length");
    assert!(del < zero);
}

#[test]
fn a_stream_whose_bytes_hold_more_than_n_is_made_canonical() {
    // 1003 mod 1000 = 3: the draw's value 3 is written back as 0x0003.
    let stream = [1, 0x03, 0xEB];
    let (_, tape) = sim::run(sim::wide_items, &stream);
    let list = candidates(&stream, Some(&tape));
    assert!(list.contains(&vec![1, 0x00, 0x03]));
}

#[test]
fn a_small_case_has_a_short_list() {
    let stream = encode(&[Draw::new(11, 2), Draw::new(100, 3), Draw::new(100, 17)]);
    let (_, tape) = sim::run(sim::count_then_items, &stream);
    let with_tape = candidates(&stream, Some(&tape));
    let without = candidates(&stream, None);
    assert!(with_tape.len() <= 30, "{with_tape:?}");
    assert!(without.len() <= 30, "{without:?}");
}

#[test]
fn a_long_stream_gets_only_its_most_aggressive_candidates() {
    let stream = noise(1, 1 << 20);
    let list = candidates(&stream, None);
    assert!(!list.is_empty() && list.len() <= crate::protocol::reduce::room_for(stream.len()));
    assert!(list[0].len() <= 1 << 19 && stream.starts_with(&list[0]));
    assert!(list.iter().all(|c| c.len() < stream.len()));
}

/// A deterministic pseudo-random stream of `len` bytes.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// The harness's descent: candidates strictly lighter, in list order, in batches; the first
/// failing one in list order wins; a fixed point ends it. Returns the result and the candidates
/// evaluated.
fn descend(start: Vec<u8>, gen: Gen, fails: fn(&[u64]) -> bool, tape: bool) -> (Vec<u8>, usize) {
    let batch = 4;
    let mut case = start;
    let mut tries = 0;
    'step: loop {
        let (_, t) = sim::run(gen, &case);
        let list = candidates(&case, tape.then_some(&t));
        assert!(list.iter().all(|c| weight(c) < weight(&case)));
        for chunk in list.chunks(batch) {
            tries += chunk.len();
            if let Some(c) = chunk.iter().find(|c| fails(&sim::run(gen, c).0)) {
                case = c.clone();
                continue 'step;
            }
        }
        return (case, tries);
    }
}

/// Some value of at least 17 comes after a 3.
fn seventeen_after_three(values: &[u64]) -> bool {
    values
        .iter()
        .position(|&v| v == 3)
        .is_some_and(|i| values[i + 1..].iter().any(|&v| v >= 17))
}

/// The first `count` noise streams of `len` bytes on which `gen`'s input fails.
fn failing_starts(gen: Gen, len: usize, count: usize) -> Vec<Vec<u8>> {
    (0..10_000)
        .map(|seed| noise(seed, len))
        .filter(|s| seventeen_after_three(&sim::run(gen, s).0))
        .take(count)
        .collect()
}

/// The lightest stream of at most `len` bytes on which `gen`'s input fails, by brute force over
/// every stream of that weight or less (streams of `len` bytes by their byte sum).
fn lightest_failing(gen: Gen, len: usize) -> Vec<u8> {
    let fails = |s: &[u8]| seventeen_after_three(&sim::run(gen, s).0);
    // Every shorter stream (of three bytes, those whose first byte is below 16: both generators
    // read it as a count mod 11 or mod 4, so larger ones repeat the same inputs).
    for short in 0..len {
        assert!(short <= 3, "too many streams to try");
        for x in 0..256u32.pow(short as u32).min(1 << 20) {
            let s: Vec<u8> = (0..short)
                .map(|i| (x >> (8 * (short - 1 - i))) as u8)
                .collect();
            assert!(!fails(&s), "{s:?} is shorter and fails");
        }
    }
    // Streams of `len` bytes in order of their byte sum, then lexicographically.
    for sum in 0..=255 * len {
        let mut found: Vec<Vec<u8>> = Vec::new();
        let mut s = vec![0u8; len];
        sums(&mut s, 0, sum, &mut |s| {
            if fails(s) {
                found.push(s.to_vec());
            }
        });
        if let Some(first) = found.into_iter().min() {
            return first;
        }
    }
    panic!("no stream of {len} bytes fails");
}

/// Calls `f` with every filling of `s[at..]` whose bytes add up to `left`.
fn sums(s: &mut [u8], at: usize, left: usize, f: &mut impl FnMut(&[u8])) {
    if at == s.len() {
        if left == 0 {
            f(s);
        }
        return;
    }
    for b in 0..=left.min(255) {
        s[at] = b as u8;
        sums(s, at + 1, left - b, f);
    }
    s[at] = 0;
}

#[test]
fn the_descent_ends_at_the_smallest_failing_stream() {
    // The smallest failing stream: n = 2, then 3 and 17.
    let best = vec![2, 3, 17];
    assert_eq!(lightest_failing(sim::count_then_items, 3), best);
    let starts = failing_starts(sim::count_then_items, 40, 8);
    assert_eq!(starts.len(), 8);
    for start in starts {
        for tape in [true, false] {
            let (end, tries) = descend(
                start.clone(),
                sim::count_then_items,
                seventeen_after_three,
                tape,
            );
            // Without a tape a byte that holds more than its draw's n (203 for 3 below 100) cannot
            // be told from a bigger value: the stream may differ, the input is the same.
            // From 40 bytes: about 80 to 300 candidates evaluated, in batches of 4.
            assert!(tries <= 500, "from {start:?} (tape: {tape}): {tries} tries");
            let input = sim::run(sim::count_then_items, &end).0;
            assert_eq!(
                input,
                [3, 17],
                "from {start:?} (tape: {tape}) in {tries} tries"
            );
            if tape {
                assert_eq!(end, best, "from {start:?} in {tries} tries");
            }
        }
    }
}

#[test]
fn the_descent_lowers_wide_draws_to_the_smallest_failing_stream() {
    // The shortest failing stream leaves the last value's low byte past the end: 3, then 256.
    let best = vec![2, 0, 3, 1];
    assert_eq!(lightest_failing(sim::wide_items, 4), best);
    for start in failing_starts(sim::wide_items, 12, 8) {
        let (end, tries) = descend(start.clone(), sim::wide_items, seventeen_after_three, true);
        assert_eq!(end, best, "from {start:?} in {tries} tries");
    }
}

/// The grid's last cell (bottom right) is 7.
fn last_cell_seven(values: &[u64]) -> bool {
    values.last() == Some(&7) && values.len() > 2
}

#[test]
fn spans_take_out_whole_rows_and_columns() {
    // The grid's counts are drawn from 0 (lo 0, one more than the draw): the spans are counted by
    // `draw + 1`, so give the tape the `lo` the kits would write.
    let with_lo = |stream: &[u8]| {
        let (input, mut tape) = sim::run(sim::grid, stream);
        for d in tape.draws.iter_mut().take(2) {
            d.lo = 1;
        }
        (input, tape)
    };
    let starts: Vec<Vec<u8>> = (0..10_000)
        .map(|seed| noise(seed, 20))
        .filter(|s| {
            let (input, _) = with_lo(s);
            last_cell_seven(&input) && input[0] >= 3 && input[1] >= 3
        })
        .take(6)
        .collect();
    assert_eq!(starts.len(), 6);
    let mut flat_cells = Vec::new();
    for start in starts {
        let descend_with = |spans: bool| {
            let mut case = start.clone();
            'step: loop {
                let (_, mut tape) = with_lo(&case);
                if !spans {
                    tape.spans.clear();
                }
                for c in candidates(&case, Some(&tape)) {
                    if last_cell_seven(&with_lo(&c).0) {
                        case = c;
                        continue 'step;
                    }
                }
                return with_lo(&case).0;
            }
        };
        // With spans: a row and a column at a time, down to the one cell, 7.
        assert_eq!(descend_with(true), [1, 1, 7], "from {start:?}");
        flat_cells.push(descend_with(false).len() - 2);
    }
    // The same descents without the spans mostly stop at 4x4 or 4x1 (lowering a count alone
    // moves the 7 out of the last cell): 16, 16, 4, 4, 1, 4 cells here.
    assert!(
        flat_cells.iter().filter(|&&c| c > 1).count() >= 3,
        "{flat_cells:?}"
    );
}

fn stream_and_gen() -> impl Strategy<Value = (Vec<u8>, Gen)> {
    let gens: [Gen; 4] = [
        sim::count_then_items,
        sim::wide_items,
        sim::dependent,
        sim::fixed,
    ];
    (prop::collection::vec(any::<u8>(), 0..24), 0..4usize).prop_map(move |(s, g)| (s, gens[g]))
}

proptest! {
    #[test]
    fn candidates_are_lighter_new_canonical_and_deterministic(
        (stream, gen) in stream_and_gen(),
        other in prop::collection::vec(any::<u8>(), 0..24),
    ) {
        let (_, tape) = sim::run(gen, &stream);
        // A stale tape (of another stream) makes the candidates less apt, never wrong.
        let (_, stale) = sim::run(gen, &other);
        for t in [Some(&tape), Some(&stale), None] {
            let list = candidates(&stream, t);
            prop_assert_eq!(&list, &candidates(&stream, t));
            let mut seen = std::collections::HashSet::new();
            for c in &list {
                prop_assert!(weight(c) < weight(&stream), "{:?} from {:?}", c, stream);
                prop_assert!(c.last() != Some(&0));
                prop_assert!(seen.insert(c.clone()), "a repeat: {:?}", c);
            }
        }
    }

    #[test]
    fn a_stream_with_something_to_remove_has_candidates(stream in prop::collection::vec(any::<u8>(), 1..24)) {
        // A stream of zeros is lighter with them trimmed (the empty stream), and is nothing else.
        let list = candidates(&stream, None);
        prop_assert!(!list.is_empty());
        if stream.iter().all(|&b| b == 0) {
            prop_assert_eq!(list, vec![Vec::<u8>::new()]);
        }
    }
}
