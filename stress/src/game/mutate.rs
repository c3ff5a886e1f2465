//! Mutations of a stream at the level of the generator's draws, as the searches make them (a
//! slow input's climb, the coverage search): fill a run of draws with one value, make a run
//! ascend, draw a run afresh, raise a run to its largest values, copy a run elsewhere, splice two
//! streams at a draw, put a constant a program compared against into a draw (the draw's `lo`
//! from the tape turns the constant into the draw's value, as libFuzzer puts `trace-cmp`'s
//! operands into its inputs), and, where a draw gave one value of a pair the program compared
//! with each other, make it give the other (input-to-state, as libFuzzer's table of recent
//! compares and Redqueen use it: a bug behind `b == 3 * a + 7` is one such step away).

use crate::protocol::tape::{read_raw, write_raw, Draw, Tape};
use rand::{Rng as _, RngCore as _};

/// A stream to mutate, the tape of the draws the generator made from it, and the pairs of values
/// its input's runs compared with each other (none when they were not counted).
#[derive(Debug, Clone, Copy)]
pub struct Parent<'a> {
    pub stream: &'a [u8],
    pub tape: &'a Tape,
    pub pairs: &'a [(i64, i64)],
}

/// Where each draw of `tape` sits in a stream of `len` bytes: (start, bytes), draws of one value
/// (no bytes) left out.
pub fn draw_spans(tape: &Tape, len: usize) -> Vec<(usize, usize)> {
    tape.placed()
        .filter(|&(at, k, _)| k > 0 && at + k <= len)
        .map(|(at, k, _)| (at, k))
        .collect()
}

/// A run of draws `[from, from + len)` of `count`: its length a power of two up to all of them,
/// so that long runs (a sorted half of an array) are as likely as short ones.
pub fn run_of(count: usize, rng: &mut harness::rng::Rng) -> (usize, usize) {
    let from = rng.random_range(0..count);
    let most = count - from;
    let bits = usize::BITS - most.leading_zeros();
    let len = (1usize << rng.random_range(0..bits)).min(most);
    (from, len)
}

/// A mutation of `parent`'s stream at the level of its draws (`other` for a splice): one time in
/// four, a draw is made to give a constant of `constants` (what the programs compared against),
/// or, where it gave one value of a pair the parent's runs compared, the other.
pub fn mutate(
    parent: Parent,
    other: Parent,
    constants: &[i64],
    rng: &mut harness::rng::Rng,
) -> Vec<u8> {
    let pairs = parent.pairs;
    if !(constants.is_empty() && pairs.is_empty()) && rng.random_range(0..4u8) == 0 {
        let put = if pairs.is_empty() || (!constants.is_empty() && rng.random_range(0..2u8) == 0) {
            put_constant(parent, constants, rng)
        } else {
            put_pair(parent, rng)
        };
        if let Some(s) = put {
            return s;
        }
    }
    let mut s = parent.stream.to_vec();
    let spans = draw_spans(parent.tape, s.len());
    if spans.is_empty() {
        let mut fresh = vec![0u8; 16];
        rng.fill_bytes(&mut fresh);
        return fresh;
    }
    let (from, len) = run_of(spans.len(), rng);
    let run = &spans[from..from + len];
    match rng.random_range(0..6u8) {
        0 => fill(&mut s, run),
        1 => ascend(&mut s, run, rng.random_range(0..2u8) == 0),
        2 => {
            for &(at, k) in run {
                write_raw(&mut s, at, k, rng.random::<u64>());
            }
        }
        3 => {
            for &(at, k) in run {
                write_raw(&mut s, at, k, u64::MAX);
            }
        }
        4 => copy_run(&mut s, &spans, (from, len), rng),
        _ => return splice(parent, other, rng),
    }
    s
}

/// Every draw of `run` takes the first one's raw value.
fn fill(s: &mut Vec<u8>, run: &[(usize, usize)]) {
    let (at, k) = run[0];
    let value = read_raw(s, at, k);
    for &(at, k) in run {
        write_raw(s, at, k, value);
    }
}

/// The draws of `run` ascend (or descend) by one from the first one's raw value.
fn ascend(s: &mut Vec<u8>, run: &[(usize, usize)], up: bool) {
    let (at, k) = run[0];
    let first = read_raw(s, at, k);
    for (i, &(at, k)) in run.iter().enumerate() {
        let step = i as u64;
        let value = if up {
            first.saturating_add(step)
        } else {
            first.saturating_sub(step)
        };
        write_raw(s, at, k, value);
    }
}

/// The raw values of the run `(from, len)` copied onto another run of draws.
fn copy_run(
    s: &mut Vec<u8>,
    spans: &[(usize, usize)],
    (from, len): (usize, usize),
    rng: &mut harness::rng::Rng,
) {
    let to = rng.random_range(0..spans.len());
    let values: Vec<u64> = spans[from..from + len]
        .iter()
        .map(|&(at, k)| read_raw(s, at, k))
        .collect();
    for (&(at, k), value) in spans[to..].iter().zip(values) {
        write_raw(s, at, k, value);
    }
}

/// `parent`'s stream up to one of its draws, `other`'s from the same draw on.
fn splice(parent: Parent, other: Parent, rng: &mut harness::rng::Rng) -> Vec<u8> {
    let spans = draw_spans(parent.tape, parent.stream.len());
    let cut = spans
        .get(rng.random_range(0..spans.len().max(1)))
        .map_or(0, |&(at, _)| at);
    let mut s = parent.stream[..cut.min(parent.stream.len())].to_vec();
    s.extend_from_slice(other.stream.get(cut..).unwrap_or(&[]));
    s
}

/// `parent`'s stream with one draw made to give a constant of `constants` (or one off it), where
/// the draw's range holds it; one time in two, with it every draw that gave the same value as it
/// (draws equal to each other stay equal); `None` when no draw tried does.
fn put_constant(parent: Parent, constants: &[i64], rng: &mut harness::rng::Rng) -> Option<Vec<u8>> {
    let draws = byte_draws(parent.tape);
    if draws.is_empty() {
        return None;
    }
    let constant = constants[rng.random_range(0..constants.len())];
    for _ in 0..8 {
        let (_, _, d) = draws[rng.random_range(0..draws.len())];
        let moves = pair_moves(&draws, d.gave(), constant, rng);
        if moves.is_empty() {
            continue;
        }
        return Some(moved(parent.stream, &moves, rng));
    }
    None
}

/// The draws of `tape` that read bytes, where each sits in the stream: (start, bytes, draw).
fn byte_draws(tape: &Tape) -> Vec<(usize, usize, &Draw)> {
    tape.placed().filter(|&(_, k, _)| k > 0).collect()
}

/// The value draw `d` must read to give `wanted` (its `lo` plus the value), when its range holds
/// `wanted`.
fn raw_giving(d: &Draw, wanted: i64) -> Option<u64> {
    let value = (wanted as u64).wrapping_sub(d.lo as u64);
    (d.n == 0 || value < d.n).then_some(value)
}

/// `parent`'s stream with a draw that gave one value of a pair its runs compared made to give the
/// other (or one off it), where the draw's range holds it (input-to-state: the pairs are the
/// parent's own); one time in two, every draw that gave that value, all to the same one, so that
/// draws equal to each other stay equal (two equal neighbours that must also equal a constant);
/// `None` when no draw gave a value of the pairs tried (eight of them).
fn put_pair(parent: Parent, rng: &mut harness::rng::Rng) -> Option<Vec<u8>> {
    let (pairs, draws) = (parent.pairs, byte_draws(parent.tape));
    for _ in 0..pairs.len().min(8) {
        let (a, b) = pairs[rng.random_range(0..pairs.len())];
        // The draws that gave a, to give b; or those that gave b, to give a.
        let (from, to) = if rng.random_range(0..2u8) == 0 {
            (a, b)
        } else {
            (b, a)
        };
        let mut moves = pair_moves(&draws, from, to, rng);
        if moves.is_empty() {
            moves = pair_moves(&draws, to, from, rng);
        }
        if moves.is_empty() {
            continue;
        }
        return Some(moved(parent.stream, &moves, rng));
    }
    None
}

/// `stream` with one of `moves` made (its draw's raw value written), or one time in two all of them.
fn moved(stream: &[u8], moves: &[(usize, usize, u64)], rng: &mut harness::rng::Rng) -> Vec<u8> {
    let mut s = stream.to_vec();
    if rng.random_range(0..2u8) == 0 {
        for &(at, k, value) in moves {
            write_raw(&mut s, at, k, value);
        }
    } else {
        let (at, k, value) = moves[rng.random_range(0..moves.len())];
        write_raw(&mut s, at, k, value);
    }
    s
}

/// Each draw of `draws` that gave `from`, and the raw value that makes it give `to` (or one off it,
/// the same for all), where its range holds that.
fn pair_moves(
    draws: &[(usize, usize, &Draw)],
    from: i64,
    to: i64,
    rng: &mut harness::rng::Rng,
) -> Vec<(usize, usize, u64)> {
    let wanted = to.wrapping_add(rng.random_range(-1..=1i64));
    draws
        .iter()
        .filter(|&&(_, _, d)| d.gave() == from)
        .filter_map(|&(at, k, d)| raw_giving(d, wanted).map(|value| (at, k, value)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tape(draws: &[u64], len: usize) -> Tape {
        Tape {
            consumed: len,
            draws: draws.iter().map(|&n| Draw::new(n, 0)).collect(),
            spans: Vec::new(),
        }
    }

    #[test]
    fn draws_are_found_where_the_generator_read_them() {
        let t = tape(&[1, 256, 257, 10, 1], 7);
        // 1 value: no byte; 256 values: 1 byte; 257: 2 bytes; 10: 1 byte.
        assert_eq!(draw_spans(&t, 7), [(0, 1), (1, 2), (3, 1)]);
        assert_eq!(draw_spans(&t, 3), [(0, 1), (1, 2)]);
    }

    #[test]
    fn fill_and_ascend_rewrite_whole_draws() {
        let mut s = vec![5, 0, 9, 1, 7];
        let run = [(0, 1), (1, 2), (3, 1)];
        fill(&mut s, &run);
        assert_eq!(s, [5, 0, 5, 5, 7]);
        let mut s = vec![5, 0, 9, 1, 7];
        ascend(&mut s, &run, true);
        assert_eq!(s, [5, 0, 6, 7, 7]);
        ascend(&mut s, &run, false);
        assert_eq!(s, [5, 0, 4, 3, 7]);
    }

    #[test]
    fn mutations_are_a_function_of_the_seed_and_keep_the_stream_a_stream() {
        let (ps, qs) = ((0..64).collect::<Vec<u8>>(), vec![9u8; 64]);
        let t = tape(&[256; 64], 64);
        let (p, q) = (
            Parent {
                stream: &ps,
                tape: &t,
                pairs: &[],
            },
            Parent {
                stream: &qs,
                tape: &t,
                pairs: &[],
            },
        );
        let run = |seed| {
            let mut rng = harness::rng::rng(seed);
            (0..50)
                .map(|_| mutate(p, q, &[], &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        let changed = run(3).iter().filter(|m| **m != ps).count();
        assert!(changed > 25, "{changed} of 50 changed");
        for (from, len) in (0..200).map(|i| run_of(64, &mut harness::rng::rng(i))) {
            assert!(len >= 1 && from + len <= 64);
        }
    }

    #[test]
    fn a_constant_goes_into_a_draw_whose_range_holds_it() {
        // Two draws: [-1000, 999] (lo -1000) and [5, 14] (lo 5); the constant 0 (or one off it)
        // fits only the first, as the value 999 to 1001 (two bytes, big-endian).
        let t = Tape {
            consumed: 3,
            draws: vec![
                Draw {
                    lo: -1000,
                    ..Draw::new(2000, 0)
                },
                Draw {
                    lo: 5,
                    ..Draw::new(10, 0)
                },
            ],
            spans: Vec::new(),
        };
        let s = [0u8, 0, 0];
        let parent = Parent {
            stream: &s,
            tape: &t,
            pairs: &[],
        };
        let mut rng = harness::rng::rng(7);
        let made: Vec<Vec<u8>> = (0..40)
            .filter_map(|_| put_constant(parent, &[0], &mut rng))
            .collect();
        assert!(!made.is_empty());
        for m in &made {
            let value = read_raw(m, 0, 2);
            assert!((999..=1001).contains(&value), "{m:?}");
            assert_eq!(
                m[2], 0,
                "the second draw cannot hold 0 and is left alone: {m:?}"
            );
        }
        // A constant no draw can give: nothing.
        assert_eq!(put_constant(parent, &[1 << 40], &mut rng), None);
    }

    #[test]
    fn a_draw_that_gave_one_value_of_a_pair_is_made_to_give_the_other() {
        // Draws a = 10 and b = 500 of [1, 1000] (lo 1, raw values 9 and 499, two bytes each).
        let t = Tape {
            consumed: 4,
            draws: vec![
                Draw {
                    lo: 1,
                    ..Draw::new(1000, 9)
                },
                Draw {
                    lo: 1,
                    ..Draw::new(1000, 499)
                },
            ],
            spans: Vec::new(),
        };
        let s = [0u8, 9, 1, 243];
        let parent = |pairs| Parent {
            stream: &s,
            tape: &t,
            pairs,
        };
        let values = |m: &[u8]| (read_raw(m, 0, 2) + 1, read_raw(m, 2, 2) + 1);
        let mut rng = harness::rng::rng(11);
        // The program compared b with 3 * a + 7 = 37: b's draw gives 37 (or one off it), and a's
        // draw, which gave neither value, stays.
        for _ in 0..30 {
            let m = put_pair(parent(&[(500, 37)]), &mut rng).expect("b gave 500");
            let (a, b) = values(&m);
            assert!(a == 10 && (36..=38).contains(&b), "{a} {b}");
        }
        // Either way round: a draw that gave 10 is made to give 600.
        let m = put_pair(parent(&[(600, 10)]), &mut rng).expect("a gave 10");
        let (a, b) = values(&m);
        assert!((599..=601).contains(&a) && b == 500, "{a} {b}");
        // A value out of the draw's range is not put; no draw gave a value of the pair: nothing.
        assert_eq!(put_pair(parent(&[(10, 5000)]), &mut rng), None);
        assert_eq!(put_pair(parent(&[(4, 5)]), &mut rng), None);
        assert_eq!(put_pair(parent(&[]), &mut rng), None);
    }

    #[test]
    fn draws_that_gave_the_same_value_are_moved_together_half_the_time() {
        // Three draws of [0, 255] that gave 7, 7 and 9; the program compared 7 with 200.
        let t = tape(&[256, 256, 256], 3);
        let t = Tape {
            draws: [7, 7, 9].iter().map(|&v| Draw::new(256, v)).collect(),
            ..t
        };
        let s = [7u8, 7, 9];
        let parent = Parent {
            stream: &s,
            tape: &t,
            pairs: &[(7, 200)],
        };
        let mut rng = harness::rng::rng(5);
        let (mut together, mut one) = (0, 0);
        for _ in 0..200 {
            let m = put_pair(parent, &mut rng).expect("two draws gave 7");
            assert_eq!(m[2], 9, "the draw that gave neither value stays: {m:?}");
            let moved = m[..2].iter().filter(|&&v| v != 7).count();
            assert!(
                m[..2].iter().all(|&v| v == 7 || (199..=201).contains(&v)),
                "{m:?}"
            );
            match moved {
                2 => {
                    assert_eq!(m[0], m[1], "moved together, to one value: {m:?}");
                    together += 1;
                }
                1 => one += 1,
                _ => panic!("nothing moved: {m:?}"),
            }
        }
        assert!(
            together > 50 && one > 50,
            "{together} together, {one} alone"
        );
    }
}
