//! Where a generator's choices come from: a seeded RNG (batch runs) or fuzzer bytes (`arbitrary`).
//!
//! Writing each generator once against [`Source`] gives the fuzzers the same valid-by-construction
//! cases as the batch runs, and lets a coverage-guided fuzzer steer individual choices.

use crate::rng::Rng;
use arbitrary::Unstructured;
use rand::Rng as _;

pub trait Source {
    /// A number in `0..n` (`n > 0`); 0 when `n == 0`.
    fn below(&mut self, n: usize) -> usize;
    /// True with probability about `p`.
    fn chance(&mut self, p: f64) -> bool;
    /// A number in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            lo
        } else {
            lo + self.below(hi - lo + 1)
        }
    }
    /// A uniform float in `lo..=hi`.
    fn uniform(&mut self, lo: f64, hi: f64) -> f64;
    /// Picks one element of a non-empty slice.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    /// Picks an index according to integer weights (at least one positive).
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let mut x = self.below(total.max(1) as usize) as u64;
        for (i, &w) in weights.iter().enumerate() {
            if x < u64::from(w) {
                return i;
            }
            x -= u64::from(w);
        }
        weights.len() - 1
    }
}

impl Source for Rng {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.random_range(0..n)
        }
    }
    fn chance(&mut self, p: f64) -> bool {
        self.random_bool(p.clamp(0.0, 1.0))
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        if hi <= lo {
            lo
        } else {
            self.random_range(lo..=hi)
        }
    }
}

/// Fuzzer bytes as a source. When the bytes run out every choice is the smallest one, so any byte
/// string, even an empty one, yields a valid case.
pub struct Bytes<'a, 'b>(pub &'a mut Unstructured<'b>);

impl Source for Bytes<'_, '_> {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.0.choose_index(n).unwrap_or(0)
    }
    fn chance(&mut self, p: f64) -> bool {
        if self.0.is_empty() {
            return false;
        }
        let x: u8 = self.0.arbitrary().unwrap_or(255);
        f64::from(x) < p * 256.0
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let x: u16 = self.0.arbitrary().unwrap_or(0);
        lo + (hi - lo) * f64::from(x) / f64::from(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_stay_in_range() {
        let mut r = crate::rng::rng(1);
        let data = [7u8, 200, 3, 99, 255, 0, 1];
        let mut u = Unstructured::new(&data);
        let mut b = Bytes(&mut u);
        for _ in 0..100 {
            assert!(r.below(7) < 7);
            assert!(b.below(7) < 7);
            let x = r.range(3, 5);
            assert!((3..=5).contains(&x));
            let y = b.range(3, 5);
            assert!((3..=5).contains(&y));
            assert!(r.weighted(&[0, 5, 0]) == 1);
            assert!(b.weighted(&[0, 0, 9]) == 2);
        }
        // Exhausted bytes give the smallest choice.
        assert_eq!(b.below(10), 0);
        assert!(!b.chance(0.5));
    }
}
