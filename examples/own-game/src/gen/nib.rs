//! A 4x4 board of tiles up to 2^15 as 4-bit exponents in one `u64`, rows slid by a table.

use super::grid::{merge_line, Grid, Sim, MERIT_EMPTY, MERIT_PAIR};
use crate::case::Dir;

/// A 4x4 board of exponents up to 15: cell `i` (row-major) in bits `4 i .. 4 i + 4`, so row `r`
/// is the 16 bits from `16 r`, its column `c` at bit `4 c`. Played only while no tile is 2^15,
/// so that no slide makes a tile past 2^15.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Nib(u64);

/// Bit 0 of every nibble.
const LOW: u64 = 0x1111_1111_1111_1111;

/// Per 16-bit row of 4 exponents: the row slid either way, and its part of the merit.
struct Tables {
    /// The row slid towards column 0 (low 16 bits) and towards column 3 (high 16 bits).
    slid: Vec<u32>,
    /// The row's merit as row 0 of a 4x4 board, vertical pairs left out (low 16 bits), and the
    /// sum of the squares of its exponents (high 16 bits; row `r` adds `r` times it).
    merit: Vec<u32>,
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let (mut slid, mut merit) = (Vec::with_capacity(1 << 16), Vec::with_capacity(1 << 16));
        for row in 0..1u32 << 16 {
            let cell = |c: u32| ((row >> (4 * c)) & 15) as u8;
            // The row slid towards column `to`, its cells taken from that side.
            let towards = |to: u32| {
                let at = |i: u32| if to == 0 { i } else { 3 - i };
                let mut tiles = [0u8; 8];
                let mut count = 0;
                for i in 0..4 {
                    if cell(at(i)) != 0 {
                        tiles[count] = cell(at(i));
                        count += 1;
                    }
                }
                // A row holding a 15 is never looked up (a merge of two would not fit a nibble).
                let kept = merge_line(&mut tiles, count);
                (0..kept as u32).fold(0, |acc, i| {
                    acc | u32::from(tiles[i as usize] & 15) << (4 * at(i))
                })
            };
            slid.push(towards(0) | towards(3) << 16);
            let (mut part, mut squares) = (0u32, 0u32);
            for c in 0..4 {
                let e = u32::from(cell(c));
                if e == 0 {
                    part += MERIT_EMPTY as u32;
                    continue;
                }
                part += e * e * (4 - c);
                if c + 1 < 4 && u32::from(cell(c + 1)) == e {
                    part += MERIT_PAIR as u32;
                }
                squares += e * e;
            }
            merit.push(part | squares << 16);
        }
        Tables { slid, merit }
    })
}

impl Nib {
    /// The nibbles of a 4x4 board of exponents below 16.
    pub(super) fn of(sim: &Sim) -> Nib {
        debug_assert!(sim.n == 4 && sim.m == 4 && sim.max() < 16);
        Nib((0..16).fold(0, |acc, i| acc | u64::from(sim.e[i]) << (4 * i)))
    }

    /// The board as bytes.
    pub(super) fn sim(self) -> Sim {
        let mut sim = Sim::empty(4, 4);
        for i in 0..16 {
            sim.e[i] = self.get(i);
        }
        sim
    }

    /// Is some tile 2^15 (a slide might make 2^16)?
    pub(super) fn has_15(self) -> bool {
        let b = self.0;
        b & b >> 1 & b >> 2 & b >> 3 & LOW != 0
    }

    /// Bit 0 of every nibble that is not 0.
    fn occupied(self) -> u64 {
        let b = self.0;
        (b | b >> 1 | b >> 2 | b >> 3) & LOW
    }

    /// Rows become columns.
    fn transpose(self) -> Nib {
        let x = self.0;
        // Swap the off-diagonal cells of each 2x2 block, then the off-diagonal 2x2 blocks.
        let a = x & 0xF0F0_0F0F_F0F0_0F0F
            | (x & 0x0000_F0F0_0000_F0F0) << 12
            | (x >> 12) & 0x0000_F0F0_0000_F0F0;
        Nib(a & 0xFF00_FF00_00FF_00FF
            | (a & 0x0000_0000_FF00_FF00) << 24
            | (a >> 24) & 0x0000_0000_FF00_FF00)
    }

    /// Each row slid towards column 0, and towards column 3.
    fn rows_slid(self) -> (Nib, Nib) {
        let table = &tables().slid;
        let (mut left, mut right) = (0, 0);
        for r in 0..4 {
            let slid = table[usize::from((self.0 >> (16 * r)) as u16)];
            left |= u64::from(slid & 0xFFFF) << (16 * r);
            right |= u64::from(slid >> 16) << (16 * r);
        }
        (Nib(left), Nib(right))
    }
}

impl Grid for Nib {
    fn slid(&self, dir: usize) -> Nib {
        match Dir::ALL[dir] {
            Dir::L => self.rows_slid().0,
            Dir::R => self.rows_slid().1,
            Dir::U => self.transpose().rows_slid().0.transpose(),
            Dir::D => self.transpose().rows_slid().1.transpose(),
        }
    }

    fn slid_all(&self) -> [Nib; 4] {
        let (left, right) = self.rows_slid();
        let (up, down) = self.transpose().rows_slid();
        [left, right, up.transpose(), down.transpose()]
    }

    /// A board with a tile and an empty cell has a line holding both (a row, or else a column
    /// across a full row and an empty one), so it is stuck only when empty, or full without equal
    /// neighbours.
    fn stuck(&self) -> bool {
        let (b, occupied) = (self.0, self.occupied());
        if occupied != LOW {
            return b == 0;
        }
        let equal = |x: u64| !(x | x >> 1 | x >> 2 | x >> 3) & LOW;
        // Each cell against the one to its right (columns 0..3) and the one below (rows 0..3).
        equal(b ^ b >> 4) & 0x0111_0111_0111_0111 == 0
            && equal(b ^ b >> 16) & 0x0000_1111_1111_1111 == 0
    }

    fn count(&self, empty: bool) -> usize {
        let occupied = self.occupied().count_ones() as usize;
        if empty {
            16 - occupied
        } else {
            occupied
        }
    }

    fn nth(&self, empty: bool, k: usize) -> usize {
        let mut cells = if empty {
            !self.occupied() & LOW
        } else {
            self.occupied()
        };
        for _ in 0..k {
            cells &= cells.wrapping_sub(1);
        }
        if cells == 0 {
            0
        } else {
            cells.trailing_zeros() as usize / 4
        }
    }

    fn merit(&self) -> i64 {
        let merit = &tables().merit;
        let mut sum = 0i64;
        for r in 0..4 {
            let entry = merit[usize::from((self.0 >> (16 * r)) as u16)];
            sum += i64::from(entry & 0xFFFF) + r * i64::from(entry >> 16);
        }
        // Equal tiles one above the other: cell i of rows 0..3 against cell i + 4.
        let b = self.0;
        let x = b ^ b >> 16;
        let equal = !(x | x >> 1 | x >> 2 | x >> 3) & self.occupied() & 0x0000_1111_1111_1111;
        sum + MERIT_PAIR * i64::from(equal.count_ones())
    }

    fn get(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 15) as u8
    }

    fn set(&mut self, cell: usize, e: u8) {
        self.0 = self.0 & !(15 << (4 * cell)) | u64::from(e) << (4 * cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use harness::roles::source::Source;

    /// 4x4 boards of exponents below `top`: empty cells and equal neighbours common.
    fn boards(top: usize) -> impl Iterator<Item = Sim> {
        let mut src = harness::rng::rng(2048);
        (0..3000).map(move |_| {
            let mut sim = Sim::empty(4, 4);
            let spread = src.range(1, top - 1);
            for i in 0..16 {
                if src.chance(0.7) {
                    sim.e[i] = src.range(1, spread) as u8;
                }
            }
            sim
        })
    }

    #[test]
    fn nibbles_play_like_bytes() {
        let mut src = harness::rng::rng(7);
        for sim in boards(15) {
            let nib = Nib::of(&sim);
            assert_eq!(nib.sim(), sim);
            assert!(!nib.has_15());
            let changes = sim.changes().0;
            assert_eq!(nib.stuck(), !changes.contains(&true), "{sim:?}");
            for d in 0..4 {
                assert_eq!(changes[d], sim.slid(d) != sim, "{sim:?} {d}");
                assert_eq!(nib.changes().0[d], changes[d]);
                assert_eq!(nib.changes().1.map(|s| s[d]), Some(nib.slid(d)));
                assert_eq!(nib.slid(d).sim(), sim.slid(d), "{sim:?} {d}");
                assert_eq!(nib.slid(d) == nib, sim.slid(d) == sim);
                assert_eq!(nib.slid_all()[d], nib.slid(d));
            }
            assert_eq!(nib.merit(), sim.merit(), "{sim:?}");
            for empty in [false, true] {
                assert_eq!(nib.count(empty), sim.count(empty));
                for k in 0..17 {
                    assert_eq!(nib.nth(empty, k), sim.nth(empty, k), "{sim:?} {empty} {k}");
                }
            }
            let mut transposed = Sim::empty(4, 4);
            for i in 0..16 {
                transposed.e[i] = sim.e[i % 4 * 4 + i / 4];
            }
            assert_eq!(nib.transpose().sim(), transposed);
            let (mut a, mut b) = (nib, sim);
            for _ in 0..4 {
                let (cell, e) = (src.below(16), src.below(15) as u8);
                a.set(cell, e);
                b.set(cell, e);
                assert_eq!(a.sim(), b);
                assert_eq!(a.get(cell), e);
            }
        }
        for sim in boards(16) {
            assert_eq!(Nib::of(&sim).has_15(), sim.max() == 15);
        }
        // Full boards, some stuck.
        let mut stuck = 0;
        for mut sim in boards(15) {
            for i in 0..16 {
                if sim.e[i] == 0 {
                    sim.e[i] = src.range(1, 14) as u8;
                }
            }
            let want = !sim.changes().0.contains(&true);
            assert_eq!(Nib::of(&sim).stuck(), want, "{sim:?}");
            stuck += usize::from(want);
        }
        assert!(stuck > 100, "{stuck}");
        assert!(Nib(0).stuck() && Sim::empty(4, 4).stuck());
    }
}
