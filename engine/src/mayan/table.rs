//! The table of hopeless positions: (board, moves left) pairs searched without success.

use super::board::Packed;

/// A (board, moves left) pair as three words: columns 0 and 1 (28 bits each) with the moves left
/// (1..=[`MAX_LEFT`](super::MAX_LEFT)) at bits 56..60 of the first, columns 2 and 3 in the
/// second, column 4 in the third. Never all zero.
pub(super) type Key = [u64; 3];

/// The key of a board with `left` moves to go.
#[inline]
pub(super) fn key(board: &Packed, left: usize) -> Key {
    let c = board.0.map(u64::from);
    [
        c[0] | c[1] << 28 | (left as u64) << 56,
        c[2] | c[3] << 28,
        c[4],
    ]
}

/// A key's hash.
#[cfg_attr(mutants, mutants::skip)] // with linear probing any hash is correct: only the speed depends on it
#[inline]
pub(super) fn hash(key: &Key) -> u64 {
    let mut h = key[0].wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ key[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ key[2].wrapping_mul(0x1656_67b1_9e37_79f9);
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ h >> 32
}

/// A hash set of keys, open addressing with linear probing; the all-zero key marks an empty slot.
pub(super) struct Hopeless {
    slots: Vec<Key>,
    /// How many keys are stored.
    pub(super) len: usize,
}

impl Hopeless {
    pub(super) fn new(capacity_log2: u32) -> Self {
        Hopeless {
            slots: vec![[0; 3]; 1 << capacity_log2],
            len: 0,
        }
    }

    #[inline]
    pub(super) fn contains(&self, key: &Key, hash: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = &self.slots[i];
            if s[0] == key[0] && s[1] == key[1] && s[2] == key[2] {
                return true;
            }
            if s[0] == 0 {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Loads the first slot of each hash into the cache, all loads at once, so that the lookups
    /// that follow find them there.
    #[cfg_attr(mutants, mutants::skip)] // a prefetch: no answer depends on it
    #[inline]
    pub(super) fn warm(&self, hashes: impl Iterator<Item = u64>) {
        let mask = self.slots.len() - 1;
        let mut touched = 0;
        for h in hashes {
            touched ^= self.slots[h as usize & mask][0];
        }
        std::hint::black_box(touched);
    }

    pub(super) fn insert(&mut self, key: &Key, hash: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![[0; 3]; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            for k in old.iter().filter(|k| k[0] != 0) {
                self.put(k, self::hash(k));
            }
        }
        if self.put(key, hash) {
            self.len += 1;
        }
    }

    /// Stores a key; false when it was already there.
    fn put(&mut self, key: &Key, hash: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            if self.slots[i] == *key {
                return false;
            }
            if self.slots[i][0] == 0 {
                self.slots[i] = *key;
                return true;
            }
            i = (i + 1) & mask;
        }
    }
}
