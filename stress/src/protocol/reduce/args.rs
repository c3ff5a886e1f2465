//! Reducing the call of a seed generator, `gen ARGS... SEED`: contest generators take sizes as
//! numbers (`gen 100 1000000`), so smaller numbers make smaller inputs. Each numeric argument is
//! lowered toward 0 (0, 1, half, minus one; negative numbers toward 0 as well), other words are
//! kept, and two neighbouring numbers in order (`lo hi`) stay in order. At the smallest sizes the
//! seed matters: seeds 0 to 7 weigh less than any other, so the descent tries them when no size
//! can be lowered, and tries lowering a size together with another seed.
//!
//! A numeric argument is a word that is an integer (`100`, `-5`), or a word `NAME=INTEGER`
//! (`-n=100`), whose name is kept.

use super::Collector;

/// A call of a seed generator: its arguments, and the seed appended as the last one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SeedCall {
    /// The generator's own arguments (after its command).
    pub args: Vec<String>,
    /// The seed, passed as the last argument.
    pub seed: u64,
}

/// Seeds below this one are the small seeds the descent tries; all others weigh the same.
const SMALL_SEEDS: u64 = 8;

/// The most arguments for which a size is lowered together with every small seed.
const MOST_FOR_PAIRS: usize = 4;

/// The weight of a call: the sum of its numbers' sizes (absolute values) first, then the seed
/// (each of 0 to 7 by itself, all others alike).
pub fn weight(call: &SeedCall) -> u64 {
    let cap = (u64::MAX - SMALL_SEEDS) / (SMALL_SEEDS + 1);
    let size: u128 = numbers(&call.args)
        .iter()
        .map(|n| n.value.unsigned_abs() as u128)
        .sum();
    let size = u64::try_from(size).unwrap_or(u64::MAX).min(cap);
    size * (SMALL_SEEDS + 1) + call.seed.min(SMALL_SEEDS)
}

/// Smaller calls, most aggressive first: every number to its smallest, each number lowered, the
/// small seeds, then each number lowered with each small seed. Strictly lighter by [`weight`], no
/// duplicates.
pub fn candidates(call: &SeedCall) -> Vec<SeedCall> {
    let mut out = Collector::new(call, weight);
    let nums = numbers(&call.args);
    for smallest in [0, 1] {
        let mut c = call.clone();
        for n in &nums {
            let to = if n.value > 0 { smallest } else { 0 };
            set(&mut c.args, n, to);
        }
        out.push(c);
    }
    for (i, n) in nums.iter().enumerate() {
        for to in targets(&nums, i, true) {
            let mut c = call.clone();
            set(&mut c.args, n, to);
            out.push(c);
        }
    }
    for seed in 0..SMALL_SEEDS {
        out.push(SeedCall {
            args: call.args.clone(),
            seed,
        });
    }
    if nums.len() <= MOST_FOR_PAIRS {
        for (i, n) in nums.iter().enumerate() {
            for to in targets(&nums, i, false) {
                for seed in (0..SMALL_SEEDS).filter(|&s| s != call.seed) {
                    let mut c = SeedCall {
                        args: call.args.clone(),
                        seed,
                    };
                    set(&mut c.args, n, to);
                    out.push(c);
                }
            }
        }
    }
    out.finish()
}

/// The size of a generator's arguments: the sum of their numbers' absolute values.
pub fn size(args: &[String]) -> u64 {
    let size: u128 = numbers(args)
        .iter()
        .map(|n| n.value.unsigned_abs() as u128)
        .sum();
    u64::try_from(size).unwrap_or(u64::MAX)
}

/// A stream generator's arguments with their numbers lowered, most aggressive first: every number
/// to 0, to 1, then each number lowered on its own (kept in order with its neighbours), each
/// smaller by [`size`], no repeats.
pub fn lowered_args(args: &[String]) -> Vec<Vec<String>> {
    let mut out = Collector::new(&args.to_vec(), |a: &Vec<String>| size(a));
    let nums = numbers(args);
    for smallest in [0, 1] {
        let mut c = args.to_vec();
        for n in &nums {
            set(&mut c, n, if n.value > 0 { smallest } else { 0 });
        }
        out.push(c);
    }
    for (i, n) in nums.iter().enumerate() {
        for to in targets(&nums, i, true) {
            let mut c = args.to_vec();
            set(&mut c, n, to);
            out.push(c);
        }
    }
    out.finish()
}

/// A number inside an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Number {
    /// Which argument.
    arg: usize,
    /// Where the number starts in it (after `NAME=`).
    at: usize,
    value: i64,
}

/// The numbers of `args`, in order.
fn numbers(args: &[String]) -> Vec<Number> {
    args.iter()
        .enumerate()
        .filter_map(|(arg, word)| {
            let at = word.find('=').map_or(0, |i| i + 1);
            let digits = &word[at..];
            let plain = digits.strip_prefix(['-', '+']).unwrap_or(digits);
            let numeric = !plain.is_empty() && plain.bytes().all(|b| b.is_ascii_digit());
            let value = digits.parse().ok().filter(|_| numeric)?;
            Some(Number { arg, at, value })
        })
        .collect()
}

/// Writes `to` in place of the number `n`.
fn set(args: &mut [String], n: &Number, to: i64) {
    let word = &mut args[n.arg];
    word.truncate(n.at);
    word.push_str(&to.to_string());
}

/// What the `i`th number is lowered to, toward 0 (with `smallest`: 0 and 1 first, else only half
/// and minus one), kept between its neighbours when they are numbers in order with it.
fn targets(nums: &[Number], i: usize, smallest: bool) -> Vec<i64> {
    let n = nums[i];
    let v = n.value;
    let mut raw = Vec::new();
    if smallest {
        raw.push(0);
        if v > 1 {
            raw.push(1);
        }
    }
    raw.push(v / 2);
    raw.push(v - v.signum());
    let neighbour = |j: usize| nums.get(j).filter(|m| m.arg.abs_diff(n.arg) == 1);
    let low = i.checked_sub(1).and_then(neighbour).map(|m| m.value);
    let high = neighbour(i + 1).map(|m| m.value);
    let mut out = Vec::new();
    for mut t in raw {
        if let Some(lo) = low.filter(|&lo| lo <= v) {
            t = t.max(lo);
        }
        if let Some(hi) = high.filter(|&hi| v <= hi) {
            t = t.min(hi);
        }
        if t != v && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests;
