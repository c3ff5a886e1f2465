//! The generator's own simulation of the rules on a board of any size, and what every board the
//! generator plays on answers.

use crate::case::{Board, Dir};

/// A player's merit of an empty cell.
pub(super) const MERIT_EMPTY: i64 = 1000;
/// A player's merit of a pair of equal neighbours.
pub(super) const MERIT_PAIR: i64 = 300;

/// The generator's own simulation of the rules, not an engine under test (it shares no code with
/// `reference` or `optimized`). A game is played on a [`Grid`]: [`Sim`] holds any board,
/// [`Nib`](super::nib::Nib) a 4x4 board of tiles up to 2^15 as 4-bit exponents in one `u64`, whose
/// rows slide by a table built with [`merge_line`] (the rule stated once). Both give the same
/// answers, so which one plays a move changes no case (`nibbles_play_like_bytes` in `nib` checks
/// it).
pub(super) trait Grid: Copy + PartialEq {
    /// The board after sliding towards `Dir::ALL[dir]` (no spawn).
    fn slid(&self, dir: usize) -> Self;
    /// The boards after sliding towards each of `Dir::ALL`.
    fn slid_all(&self) -> [Self; 4] {
        [0, 1, 2, 3].map(|d| self.slid(d))
    }
    /// Which of `Dir::ALL` change the board; and the boards they lead to, when telling costs as
    /// much as sliding.
    fn changes(&self) -> ([bool; 4], Option<[Self; 4]>) {
        let slid = self.slid_all();
        ([0, 1, 2, 3].map(|d| slid[d] != *self), Some(slid))
    }
    /// Does no direction change the board?
    fn stuck(&self) -> bool {
        !self.changes().0.contains(&true)
    }
    /// Number of cells that are empty (`empty`) or not.
    fn count(&self, empty: bool) -> usize;
    /// The index (row-major) of the `k`-th (0-based) cell that is empty (`empty`) or not; 0 when
    /// there is none.
    fn nth(&self, empty: bool, k: usize) -> usize;
    /// How good a board looks to a player: many empty cells (`MERIT_EMPTY` each), equal
    /// neighbours (`MERIT_PAIR` a pair), and big tiles towards the bottom-left corner (e^2 (r + m -
    /// c) for exponent e at (r, c)).
    fn merit(&self) -> i64;
    /// The exponent at a cell (0 empty).
    fn get(&self, cell: usize) -> u8;
    /// Puts exponent `e` at a cell.
    fn set(&mut self, cell: usize, e: u8);
}

/// Merges the first `count` entries of `tiles`, the tiles of a line in order from the side they
/// move towards: pairs of equal neighbours merge, taken from that side. Returns the number of
/// tiles left, in `tiles[..returned]`.
pub(super) fn merge_line(tiles: &mut [u8; 8], count: usize) -> usize {
    let (mut i, mut j) = (0, 0);
    while i < count {
        if i + 1 < count && tiles[i] == tiles[i + 1] {
            tiles[j] = tiles[i] + 1;
            i += 2;
        } else {
            tiles[j] = tiles[i];
            i += 1;
        }
        j += 1;
    }
    j
}

/// The board as exponents (0 empty), row-major in the first `n * m` bytes (the rest stay 0), so
/// that a copy costs no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sim {
    /// Rows.
    pub(super) n: usize,
    /// Columns.
    pub(super) m: usize,
    /// The exponents, row-major.
    pub(super) e: [u8; 64],
}

impl Sim {
    /// An empty `n` x `m` board.
    pub(super) fn empty(n: usize, m: usize) -> Sim {
        Sim { n, m, e: [0; 64] }
    }

    /// The board as tiles.
    pub(super) fn board(&self) -> Board {
        Board {
            n: self.n,
            m: self.m,
            cells: self.e[..self.n * self.m]
                .iter()
                .map(|&e| if e == 0 { 0 } else { 1u64 << e })
                .collect(),
        }
    }

    /// The largest exponent (0 when the board is empty).
    pub(super) fn max(&self) -> u8 {
        self.e.iter().copied().max().unwrap_or(0)
    }
}

impl Grid for Sim {
    fn slid(&self, dir: usize) -> Sim {
        let (n, m) = (self.n, self.m);
        // Line k holds the cells first + k * across + i * along, i counted from the side the
        // tiles move towards (as wrapping offsets: `along` goes backwards for R and D).
        let (first, along, across, lines, len) = match Dir::ALL[dir] {
            Dir::L => (0, 1, m, n, m),
            Dir::R => (m - 1, usize::MAX, m, n, m),
            Dir::U => (0, m, 1, m, n),
            Dir::D => ((n - 1) * m, m.wrapping_neg(), 1, m, n),
        };
        let mut next = Sim::empty(n, m);
        for k in 0..lines {
            let start = first + k * across;
            let mut tiles = [0u8; 8];
            let mut count = 0;
            let mut at = start;
            for _ in 0..len {
                let e = self.e[at];
                if e != 0 {
                    tiles[count] = e;
                    count += 1;
                }
                at = at.wrapping_add(along);
            }
            let kept = merge_line(&mut tiles, count);
            let mut at = start;
            for &e in &tiles[..kept] {
                next.e[at] = e;
                at = at.wrapping_add(along);
            }
        }
        next
    }

    /// Without sliding: a line changes towards its first cell when a tile follows an empty cell,
    /// towards its last when an empty cell follows a tile, and either way when two tiles with
    /// only empty cells between them are equal.
    fn changes(&self) -> ([bool; 4], Option<[Sim; 4]>) {
        let (n, m) = (self.n, self.m);
        let mut changes = [false; 4];
        // (the direction towards a line's first cell, along, across, lines, len): rows for L and
        // R, columns for U and D.
        for (towards_first, along, across, lines, len) in [(0, 1, m, n, m), (2, m, 1, m, n)] {
            for k in 0..lines {
                let (mut last, mut empty_before, mut tile_before) = (0, false, false);
                let mut at = k * across;
                for _ in 0..len {
                    let e = self.e[at];
                    if e == 0 {
                        empty_before = true;
                        changes[towards_first + 1] |= tile_before;
                    } else {
                        changes[towards_first] |= empty_before;
                        if e == last {
                            changes[towards_first] = true;
                            changes[towards_first + 1] = true;
                        }
                        last = e;
                        tile_before = true;
                    }
                    at += along;
                }
            }
        }
        (changes, None)
    }

    fn count(&self, empty: bool) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .filter(|&&e| (e == 0) == empty)
            .count()
    }

    fn nth(&self, empty: bool, k: usize) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .enumerate()
            .filter(|&(_, &e)| (e == 0) == empty)
            .nth(k)
            .map_or(0, |(i, _)| i)
    }

    fn merit(&self) -> i64 {
        let (n, m) = (self.n, self.m);
        let mut merit = 0i64;
        for r in 0..n {
            for c in 0..m {
                let e = i64::from(self.e[r * m + c]);
                if e == 0 {
                    merit += MERIT_EMPTY;
                    continue;
                }
                merit += e * e * (r + m - c) as i64;
                if c + 1 < m && self.e[r * m + c + 1] == self.e[r * m + c] {
                    merit += MERIT_PAIR;
                }
                if r + 1 < n && self.e[(r + 1) * m + c] == self.e[r * m + c] {
                    merit += MERIT_PAIR;
                }
            }
        }
        merit
    }

    fn get(&self, cell: usize) -> u8 {
        self.e[cell]
    }

    fn set(&mut self, cell: usize, e: u8) {
        self.e[cell] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_merge_from_the_side_they_move_towards() {
        let mut tiles = [1, 1, 1, 2, 2, 2, 2, 0];
        assert_eq!(merge_line(&mut tiles, 7), 4);
        assert_eq!(tiles[..4], [2, 1, 3, 3]);
        let sim = Sim {
            n: 2,
            m: 3,
            e: {
                let mut e = [0; 64];
                e[..6].copy_from_slice(&[1, 0, 1, 2, 2, 0]);
                e
            },
        };
        let rows = |s: Sim| s.e[..6].to_vec();
        assert_eq!(rows(sim.slid(0)), [2, 0, 0, 3, 0, 0]);
        assert_eq!(rows(sim.slid(1)), [0, 0, 2, 0, 0, 3]);
        assert_eq!(rows(sim.slid(2)), [1, 2, 1, 2, 0, 0]);
        assert_eq!(rows(sim.slid(3)), [1, 0, 0, 2, 2, 1]);
    }
}
