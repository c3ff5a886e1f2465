//! Candidate lists for the harness's greedy shrinker (`harness::run::shrink`): it keeps the candidates
//! strictly lighter by a `weight`, evaluates them in list order, moves to the first one that still
//! fails and asks again, until none fails. Each list here is deterministic, free of duplicates,
//! strictly lighter than the case it came from, and ordered most aggressive first (big deletions
//! before small ones, deletions before zeroing, zeroing before lowering).
//!
//! - [`stream`]: the byte stream of a stream generator, by draws when its tape is known.
//! - [`args`]: the arguments and seed of a seed generator (`gen ARGS... SEED`).
//! - [`text`]: an input text whose format is unknown (lines, tokens, numbers).

pub mod args;
mod spans;
pub mod stream;
pub mod text;

use std::collections::HashSet;
use std::hash::Hash;

/// The most bytes a list of candidates of a stream or a text holds (each candidate is about the
/// size of the case): a case of 1 MiB gets its 32 most aggressive candidates (halves, quarters,
/// ... of its lines or draws), and finer ones once it is smaller.
pub(crate) const MOST_BYTES: usize = 32 << 20;

/// How many candidates of a case of `size` bytes fit in [`MOST_BYTES`] (at least 2).
pub(crate) fn room_for(size: usize) -> usize {
    (MOST_BYTES / size.max(1)).max(2)
}

/// Collects candidates in order: drops those not strictly lighter than the original and those
/// already listed, and stops taking more once full.
pub(crate) struct Collector<T, W> {
    weight: W,
    limit: u64,
    seen: HashSet<T>,
    list: Vec<T>,
    /// The most candidates listed, and the most offered (so that building candidates that are
    /// then dropped stays bounded too).
    room: usize,
    offered: usize,
}

impl<T: Clone + Eq + Hash, W: Fn(&T) -> u64> Collector<T, W> {
    /// A list of candidates lighter than `original` by `weight`.
    pub(crate) fn new(original: &T, weight: W) -> Self {
        let limit = weight(original);
        Self {
            weight,
            limit,
            seen: HashSet::new(),
            list: Vec::new(),
            room: usize::MAX,
            offered: 0,
        }
    }

    /// The same, listing at most `room` candidates (and building at most `8 * room + 64`).
    pub(crate) fn with_room(mut self, room: usize) -> Self {
        self.room = room;
        self
    }

    /// True when no more candidates are taken: callers stop building them.
    pub(crate) fn full(&self) -> bool {
        self.list.len() >= self.room
            || self.offered >= self.room.saturating_mul(8).saturating_add(64)
    }

    /// Adds `candidate` unless it is not lighter, is already listed, or the list is full.
    pub(crate) fn push(&mut self, candidate: T) {
        if self.full() {
            return;
        }
        self.offered += 1;
        if (self.weight)(&candidate) < self.limit && self.seen.insert(candidate.clone()) {
            self.list.push(candidate);
        }
    }

    /// The candidates, in the order they were pushed.
    pub(crate) fn finish(self) -> Vec<T> {
        self.list
    }
}

/// The sizes of ddmin's chunks for `len` items: `len / 2`, `len / 4`, ... down to (not
/// including) `smallest`, followed by the fixed small sizes 8, 4, 2, 1 below `len`.
pub(crate) fn chunk_sizes(len: usize, smallest: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut size = len / 2;
    while size > smallest {
        sizes.push(size);
        size /= 2;
    }
    sizes.extend(
        [8, 4, 2, 1]
            .into_iter()
            .filter(|&s| s <= smallest && s <= len),
    );
    sizes
}

/// The ranges `[start, start + size)` of a pass over `len` items: chunks of sizes above 8 aligned
/// to multiples of the size (ddmin), sizes 8 and below at every start; later ranges first (later
/// choices depend on earlier ones, so removing them disturbs least). Lazy: a long case's list
/// stops early.
pub(crate) fn ranges(len: usize) -> impl Iterator<Item = (usize, usize)> {
    chunk_sizes(len, 8).into_iter().flat_map(move |size| {
        let starts: Box<dyn Iterator<Item = usize>> = if size > 8 {
            Box::new((0..len.div_ceil(size)).rev().map(move |i| i * size))
        } else {
            Box::new((0..=len - size).rev())
        };
        starts.map(move |start| (start, (start + size).min(len)))
    })
}

/// The targets a non-negative value is lowered to, most aggressive first: 0, half, minus one
/// (each below `value`, no repeats). Over successive rounds they make a binary search.
pub(crate) fn lowered(value: u64) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::new();
    if value > 0 {
        for t in [0, value / 2, value - 1] {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_sizes_halve_then_go_through_the_small_sizes() {
        assert_eq!(chunk_sizes(100, 8), [50, 25, 12, 8, 4, 2, 1]);
        assert_eq!(chunk_sizes(5, 8), [4, 2, 1]);
        assert_eq!(chunk_sizes(1, 8), [1]);
        assert!(chunk_sizes(0, 8).is_empty());
    }

    #[test]
    fn ranges_cover_every_small_window_and_aligned_big_chunks() {
        let r: Vec<(usize, usize)> = ranges(20).collect();
        assert_eq!(&r[..2], &[(10, 20), (0, 10)]);
        assert!(r.contains(&(12, 20)) && r.contains(&(19, 20)) && r.contains(&(0, 1)));
        assert!(r.iter().all(|&(a, b)| a < b && b <= 20));
        let ones = r.iter().filter(|&&(a, b)| b - a == 1).count();
        assert_eq!(ones, 20);
        // 25 items: chunks of 12 at 0 and 12, and the remainder 24..25.
        let r: Vec<(usize, usize)> = ranges(25).collect();
        assert!(r.contains(&(24, 25)) && r.contains(&(12, 24)) && r.contains(&(0, 12)));
        assert_eq!(ranges(0).count(), 0);
        // 25 items: the remainder first, then the aligned chunks from the last.
        assert_eq!(&r[..3], &[(24, 25), (12, 24), (0, 12)]);
    }

    #[test]
    fn lowered_values_are_zero_half_and_one_less() {
        assert_eq!(lowered(10), [0, 5, 9]);
        assert_eq!(lowered(2), [0, 1]);
        assert_eq!(lowered(1), [0]);
        assert!(lowered(0).is_empty());
        assert_eq!(lowered(u64::MAX), [0, u64::MAX / 2, u64::MAX - 1]);
    }

    #[test]
    fn the_collector_keeps_lighter_new_candidates_in_order() {
        let mut c = Collector::new(&10u64, |x: &u64| *x);
        for x in [3, 12, 10, 3, 0, 9] {
            c.push(x);
        }
        assert_eq!(c.finish(), [3, 0, 9]);
        let mut c = Collector::new(&10u64, |x: &u64| *x).with_room(2);
        for x in [3, 3, 4, 5] {
            c.push(x);
        }
        assert!(c.full());
        assert_eq!(c.finish(), [3, 4]);
        assert_eq!(room_for(0), MOST_BYTES);
        assert_eq!(room_for(1 << 30), 2);
    }
}
