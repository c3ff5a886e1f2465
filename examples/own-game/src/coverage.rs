//! Which situations a case reaches, for coverage counts of a batch.
//!
//! The keys are computed from the case and its **traced** outcome: the board before move i is the
//! board after move i - 1 (or the initial board), read from the events. Line facts (runs of equal
//! tiles, the tiles merges make) come from a small analysis of each line of the board before the
//! move, not from an engine; on a 4x4 board of tiles up to 2^15 each line is looked up in a table
//! of that analysis. Nothing is allocated per move.

use crate::case::{Board, Case, Dir};
use crate::trace::Outcome;

/// The coverage keys; [`coverage`] returns indices into this list.
pub const COVERAGE_KEYS: &[&str] = &[
    "three equal tiles in one line (one merge, one left)",
    "four or more equal tiles in one line (two merges)",
    "a merge past 2^15 (a tile of 2^16 made)",
    "a merge past 2^16 (a tile of 2^17 or more made)",
    "a merge past 2^20 (a tile of 2^21 or more made)",
    "a 4x4 board of tiles up to 2^15 that makes a 2^16",
    "a tile made by a merge meets an equal tile (which must not merge)",
    "a move that changes nothing",
    "a move that changes nothing on a full board",
    "a spawn on an occupied cell (nothing placed)",
    "a spawn placed",
    "a 4 placed",
    "a 1xm board (m >= 2)",
    "an nx1 board (n >= 2)",
    "a 1x1 board",
    "a board with 8 rows or 8 columns",
    "a full board before a move",
    "a move with merges in several lines",
    "a game with no moves",
];

const THREE_EQUAL: usize = 0;
const FOUR_EQUAL: usize = 1;
const PAST_15: usize = 2;
const PAST_16: usize = 3;
const PAST_20: usize = 4;
const NIBBLES_PAST_15: usize = 5;
const MADE_MEETS_EQUAL: usize = 6;
const UNCHANGED: usize = 7;
const STUCK: usize = 8;
const SPAWN_OCCUPIED: usize = 9;
const SPAWN_PLACED: usize = 10;
const FOUR_PLACED: usize = 11;
const ROW_BOARD: usize = 12;
const COLUMN_BOARD: usize = 13;
const ONE_CELL: usize = 14;
const SIDE_8: usize = 15;
const FULL_BEFORE: usize = 16;
const SEVERAL_LINES: usize = 17;
const NO_MOVES: usize = 18;

/// What one line does in a move, found in one pass over its tiles (no allocation).
#[derive(Debug, Default)]
struct LineFacts {
    /// A maximal run of exactly three equal tiles.
    three: bool,
    /// A maximal run of four or more equal tiles.
    four: bool,
    /// How many merges the line makes.
    merges: usize,
    /// The largest tile a merge makes (0 without merges).
    largest: u64,
    /// A merge makes 2^16.
    made_2_16: bool,
    /// A made tile followed by a tile of its value.
    made_meets_equal: bool,
    /// The current run of equal tiles: its tile and length.
    run: (u64, usize),
    /// The tile waiting for a partner (0 for none).
    waiting: u64,
    /// The tile the previous tile's merge made (0 when it did not merge).
    just_made: u64,
}

// The facts of a line as bits (see `LineFacts::bits`).
const F_THREE: u8 = 1;
const F_FOUR: u8 = 2;
const F_MERGES: u8 = 4;
const F_MEETS: u8 = 8;
const F_2_16: u8 = 16;
const F_PAST_16: u8 = 32;
const F_PAST_20: u8 = 64;

impl LineFacts {
    /// The next tile of the line, in order from the side the tiles move towards.
    fn tile(&mut self, tile: u64) {
        if tile == self.run.0 {
            self.run.1 += 1;
        } else {
            self.end_run();
            self.run = (tile, 1);
        }
        self.made_meets_equal |= self.just_made == tile;
        self.just_made = 0;
        if self.waiting == tile {
            let made = tile * 2;
            self.merges += 1;
            self.largest = self.largest.max(made);
            self.made_2_16 |= made == 1 << 16;
            self.just_made = made;
            self.waiting = 0;
        } else {
            self.waiting = tile;
        }
    }

    fn end_run(&mut self) {
        self.three |= self.run.1 == 3;
        self.four |= self.run.1 >= 4;
    }

    /// The facts once every tile is in.
    fn done(mut self) -> LineFacts {
        self.end_run();
        self.run = (0, 0);
        self
    }

    fn bits(&self) -> u8 {
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        flag(self.three, F_THREE)
            | flag(self.four, F_FOUR)
            | flag(self.merges > 0, F_MERGES)
            | flag(self.made_meets_equal, F_MEETS)
            | flag(self.made_2_16, F_2_16)
            | flag(self.largest >= 1 << 17, F_PAST_16)
            | flag(self.largest >= 1 << 21, F_PAST_20)
    }
}

/// The facts of a line given by its tiles in order from the side they move towards.
fn analyse(tiles: impl IntoIterator<Item = u64>) -> LineFacts {
    let mut facts = LineFacts::default();
    for t in tiles {
        if t != 0 {
            facts.tile(t);
        }
    }
    facts.done()
}

/// The facts (`LineFacts::bits`) of every line of up to 4 tiles of at most 2^15, indexed by the
/// line's exponents (0 empty), 4 bits each, the first cell (the side the tiles move towards) in
/// the low bits.
fn short_lines() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 16)
            .map(|key| {
                let exponent = |i: u32| (key >> (4 * i)) & 15;
                analyse((0..4).map(|i| (1u64 << exponent(i)) & !1)).bits()
            })
            .collect()
    })
}

/// A 4x4 board of nibbles (row r from bit 16 r, its cell c at bit 4 c) with rows and columns
/// swapped.
fn transpose(x: u64) -> u64 {
    // Swap the off-diagonal cells of each 2x2 block, then the off-diagonal 2x2 blocks.
    let a = x & 0xF0F0_0F0F_F0F0_0F0F
        | (x & 0x0000_F0F0_0000_F0F0) << 12
        | (x >> 12) & 0x0000_F0F0_0000_F0F0;
    a & 0xFF00_FF00_00FF_00FF
        | (a & 0x0000_0000_FF00_FF00) << 24
        | (a >> 24) & 0x0000_0000_FF00_FF00
}

/// A 4x4 board of nibbles with each row's cells in the opposite order.
fn reverse_rows(x: u64) -> u64 {
    let x = (x & 0x0F0F_0F0F_0F0F_0F0F) << 4 | (x >> 4) & 0x0F0F_0F0F_0F0F_0F0F;
    (x & 0x00FF_00FF_00FF_00FF) << 8 | (x >> 8) & 0x00FF_00FF_00FF_00FF
}

/// The facts (`LineFacts::bits`) of every line of the board for a move towards `dir`, each read
/// from that side; and whether the board is full.
fn lines(board: &Board, dir: Dir, mut each: impl FnMut(u8)) -> bool {
    let (n, m, cells) = (board.n, board.m, &board.cells[..]);
    if let (4, 4, Ok(cells)) = (n, m, <&[u64; 16]>::try_from(cells)) {
        // The board in 4 bits per cell, row-major (cell i from bit 4 i), then turned so that the
        // lines come out as `short_lines` indexes them.
        let (mut packed, mut odd, mut all) = (0u64, 0u64, 0u64);
        for (i, &v) in cells.iter().enumerate() {
            packed |= u64::from(v.trailing_zeros() & 63) << (4 * i);
            odd |= v & v.wrapping_sub(1);
            all |= v;
        }
        // Looked up when every tile is a power of two up to 2^15 (so a cell is empty when its
        // nibble is 0).
        if odd == 0 && all >> 16 == 0 {
            // Bit 0 of every nibble.
            const LOW: u64 = 0x1111_1111_1111_1111;
            let full = (packed | packed >> 1 | packed >> 2 | packed >> 3) & LOW == LOW;
            let lines = match dir {
                Dir::L => packed,
                Dir::R => reverse_rows(packed),
                Dir::U => transpose(packed),
                Dir::D => reverse_rows(transpose(packed)),
            };
            let table = short_lines();
            for k in 0..4 {
                each(table[usize::from((lines >> (16 * k)) as u16)]);
            }
            return full;
        }
    }
    // Any other board, one pass per line. Line k holds the cells first + k * across + i * along
    // (wrapping offsets: `along` goes backwards for R and D).
    let (first, along, across, lines, len) = match dir {
        Dir::L => (0, 1, m, n, m),
        Dir::R => (m.wrapping_sub(1), usize::MAX, m, n, m),
        Dir::U => (0, m, 1, m, n),
        Dir::D => (n.wrapping_sub(1).wrapping_mul(m), m.wrapping_neg(), 1, m, n),
    };
    let mut full = true;
    for k in 0..lines {
        let mut facts = LineFacts::default();
        let mut at = first.wrapping_add(k * across);
        for _ in 0..len {
            let tile = cells[at];
            if tile == 0 {
                full = false;
            } else {
                facts.tile(tile);
            }
            at = at.wrapping_add(along);
        }
        each(facts.done().bits());
    }
    full
}

/// The coverage keys the case reaches, as a flag per key of [`COVERAGE_KEYS`]. `outcome` must be
/// traced for the keys about moves.
pub fn reached(case: &Case, outcome: &Outcome) -> [bool; COVERAGE_KEYS.len()] {
    let mut hit = [false; COVERAGE_KEYS.len()];
    let b = &case.board;
    hit[ROW_BOARD] = b.n == 1 && b.m >= 2;
    hit[COLUMN_BOARD] = b.m == 1 && b.n >= 2;
    hit[ONE_CELL] = b.n == 1 && b.m == 1;
    hit[SIDE_8] = b.n == 8 || b.m == 8;
    hit[NO_MOVES] = case.moves.is_empty();
    let nibbles = b.n == 4 && b.m == 4 && b.max_tile() <= 1 << 15;
    // The facts of any line of any move, and whether one move merged in several lines.
    let (mut facts, mut several) = (0u8, false);
    let mut before = b;
    for event in &outcome.events {
        let mut lines_merging = 0;
        let full = lines(before, event.mv.dir, |line| {
            facts |= line;
            lines_merging += usize::from(line & F_MERGES != 0);
        });
        several |= lines_merging >= 2;
        hit[FULL_BEFORE] |= full;
        hit[UNCHANGED] |= !event.changed;
        hit[STUCK] |= !event.changed && full;
        hit[SPAWN_OCCUPIED] |= event.changed && !event.placed;
        hit[SPAWN_PLACED] |= event.placed;
        hit[FOUR_PLACED] |= event.placed && event.mv.v == 4;
        before = &event.board;
    }
    hit[THREE_EQUAL] = facts & F_THREE != 0;
    hit[FOUR_EQUAL] = facts & F_FOUR != 0;
    hit[MADE_MEETS_EQUAL] = facts & F_MEETS != 0;
    hit[PAST_15] = facts & F_2_16 != 0;
    hit[PAST_16] = facts & F_PAST_16 != 0;
    hit[PAST_20] = facts & F_PAST_20 != 0;
    hit[NIBBLES_PAST_15] = nibbles && facts & F_2_16 != 0;
    hit[SEVERAL_LINES] = several;
    hit
}

/// The coverage keys (indices into [`COVERAGE_KEYS`], each at most once, ascending) that the case
/// reaches. `outcome` must be traced for the keys about moves.
pub fn coverage(case: &Case, outcome: &Outcome) -> Vec<usize> {
    let hit = reached(case, outcome);
    (0..COVERAGE_KEYS.len()).filter(|&k| hit[k]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_facts() {
        let f = analyse([2, 2, 2]);
        assert!(f.three && !f.four);
        assert_eq!((f.merges, f.largest), (1, 4));
        let f = analyse([2, 2, 2, 2, 2]);
        assert!(!f.three && f.four);
        assert_eq!((f.merges, f.largest), (2, 4));
        let f = analyse([2, 2, 4, 8]);
        assert!(f.made_meets_equal);
        assert_eq!((f.merges, f.largest), (1, 4));
        let f = analyse([4, 0, 2, 2]);
        assert!(!f.made_meets_equal);
        let f = analyse([2, 2, 2, 4, 4, 4, 1 << 15, 1 << 15]);
        assert!(f.three && !f.four && !f.made_meets_equal && f.made_2_16);
        assert_eq!((f.merges, f.largest), (3, 1 << 16));
        let f = analyse([2, 4, 8, 1 << 20, 0, 1 << 20, 1 << 21]);
        assert!(!f.three && f.made_meets_equal && !f.made_2_16);
        assert_eq!((f.merges, f.largest), (1, 1 << 21));
        assert_eq!(f.bits(), F_MERGES | F_MEETS | F_PAST_16 | F_PAST_20);
        let f = analyse([]);
        assert!(!f.three && !f.four && f.merges == 0);
    }

    /// The lines of a board as the rules list them: the cells from the side the tiles move
    /// towards, empty ones left out.
    fn naive_lines(board: &Board, dir: Dir) -> Vec<Vec<u64>> {
        let (n, m) = (board.n, board.m);
        let line = |cells: Vec<(usize, usize)>| -> Vec<u64> {
            cells
                .into_iter()
                .map(|(r, c)| board.get(r, c))
                .filter(|&v| v != 0)
                .collect()
        };
        match dir {
            Dir::L => (0..n)
                .map(|r| line((0..m).map(|c| (r, c)).collect()))
                .collect(),
            Dir::R => (0..n)
                .map(|r| line((0..m).rev().map(|c| (r, c)).collect()))
                .collect(),
            Dir::U => (0..m)
                .map(|c| line((0..n).map(|r| (r, c)).collect()))
                .collect(),
            Dir::D => (0..m)
                .map(|c| line((0..n).rev().map(|r| (r, c)).collect()))
                .collect(),
        }
    }

    /// The facts of a line (as `LineFacts::bits`) found the plain way: runs, then merges.
    fn naive_bits(tiles: &[u64]) -> u8 {
        let mut bits = 0;
        for run in tiles.chunk_by(|a, b| a == b) {
            bits |= if run.len() == 3 { F_THREE } else { 0 };
            bits |= if run.len() >= 4 { F_FOUR } else { 0 };
        }
        let mut i = 0;
        while i < tiles.len() {
            if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
                let made = tiles[i] * 2;
                bits |= F_MERGES;
                bits |= if tiles.get(i + 2) == Some(&made) {
                    F_MEETS
                } else {
                    0
                };
                bits |= if made == 1 << 16 { F_2_16 } else { 0 };
                bits |= if made >= 1 << 17 { F_PAST_16 } else { 0 };
                bits |= if made >= 1 << 21 { F_PAST_20 } else { 0 };
                i += 2;
            } else {
                i += 1;
            }
        }
        bits
    }

    #[test]
    fn nibble_boards_turn() {
        let board: u64 = 0xFEDC_BA98_7654_3210;
        let cell = |b: u64, r: u64, c: u64| (b >> (16 * r + 4 * c)) & 15;
        for (r, c) in (0..4).flat_map(|r| (0..4).map(move |c| (r, c))) {
            assert_eq!(cell(transpose(board), c, r), cell(board, r, c));
            assert_eq!(cell(reverse_rows(board), r, 3 - c), cell(board, r, c));
        }
    }

    #[test]
    fn looked_up_lines_are_analysed_lines() {
        use harness::roles::source::Source;
        let mut src = harness::rng::rng(16);
        for _ in 0..20_000 {
            let (n, m) = if src.chance(0.3) {
                (4, 4)
            } else {
                (src.range(1, 8), src.range(1, 8))
            };
            let mut board = Board::empty(n, m);
            let (top, empty) = (src.range(1, 22), src.uniform(0.0, 0.6));
            for v in board.cells.iter_mut() {
                if !src.chance(empty) {
                    *v = 1 << src.range(1, top);
                    if src.chance(0.01) {
                        *v += 2;
                    }
                }
            }
            for dir in Dir::ALL {
                let mut got = Vec::new();
                let full = lines(&board, dir, |f| got.push(f));
                let want: Vec<u8> = naive_lines(&board, dir)
                    .iter()
                    .map(|l| naive_bits(l))
                    .collect();
                assert_eq!(got, want, "{board:?} {dir:?}");
                assert_eq!(full, board.is_full());
            }
        }
    }
}
