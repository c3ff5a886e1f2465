//! Mayan puzzle (NOIP 2011): the fast solver.
//!
//! The same answer as the exhaustive search (the lexicographically smallest sequence of exactly n
//! moves that empties the board), found with a packed board and three safe prunes:
//!
//! 1. **Lonely colours.** Blocks are only ever removed in runs of three or more of one colour and no
//!    block is ever added, so a board holding a colour exactly once or twice can never be emptied.
//! 2. **Left swaps.** Dragging (x, y) left into an occupied cell swaps it with (x - 1, y), exactly as
//!    dragging (x - 1, y) right does; that move has a smaller x, so it comes first in the order and
//!    leads to the same board. A sequence using the left swap is never the smallest: skip it.
//! 3. **Hopeless positions.** The search visits moves in order and stops at the first success, so
//!    a (board, moves left) that failed once fails again: it is remembered and skipped. Only full
//!    failures are remembered (prunes 1 and 2 never hide a success, so "failed" means "no sequence
//!    at all"), which makes the table safe whatever path reaches the position again.
//!
//! Moves that remove nothing (even a swap of two equal blocks, which changes nothing) are legal and
//! are searched like any other: when the board can be emptied early, such a stall is what fills the
//! sequence up to exactly n moves.
//!
//! The board packs each column into a `u32`: row y is the nibble at bits 4y..4y+4, 0 for empty.
//! Since blocks never float, a column's height is given by its highest non-zero nibble.

use model::mayan::{Answer, Case, Move, COLS, MAX_COLOUR, ROWS};

/// Bit 0 of each of the seven nibbles of a column.
const NIBBLES: u32 = 0x0111_1111;
/// The bits a column may use.
const COLUMN_BITS: u32 = (1 << (4 * ROWS)) - 1;

/// For each nibble of `v`, bit 0 set when the nibble is non-zero.
#[inline]
fn nonzero(v: u32) -> u32 {
    (v | v >> 1 | v >> 2 | v >> 3) & NIBBLES
}

/// For each nibble position, bit 0 set when `a` and `b` hold the same value there.
#[inline]
fn same(a: u32, b: u32) -> u32 {
    !nonzero(a ^ b) & NIBBLES
}

/// Number of blocks in a packed column.
#[inline]
fn height(column: u32) -> usize {
    (32 - column.leading_zeros() as usize).div_ceil(4)
}

/// The nibble at row y.
#[inline]
fn cell(column: u32, y: usize) -> u32 {
    (column >> (4 * y)) & 0xF
}

/// Removes row y from a column: the blocks above move down one row.
#[inline]
fn take_out(column: u32, y: usize) -> u32 {
    let low = column & ((1 << (4 * y)) - 1);
    let high = (column >> (4 * y + 4)) << (4 * y);
    low | high
}

/// Keeps the nibbles whose bit 0 in `marked` is clear, packed down in order.
#[inline]
fn compact(column: u32, marked: u32) -> u32 {
    let (mut v, mut m, mut out, mut shift) = (column, marked, 0u32, 0u32);
    while v != 0 {
        if m & 1 == 0 {
            out |= (v & 0xF) << shift;
            shift += 4;
        }
        v >>= 4;
        m >>= 4;
    }
    out
}

/// A settled board: one packed column per x.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed([u32; COLS]);

impl Packed {
    pub fn from_case(case: &Case) -> Packed {
        let mut cols = [0u32; COLS];
        for (x, col) in cols.iter_mut().enumerate() {
            for (y, &c) in case.board.column(x).iter().enumerate() {
                *col |= u32::from(c) << (4 * y);
            }
        }
        Packed(cols)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// True when some colour is on the board exactly once or twice: such a board cannot be emptied.
    #[inline]
    fn has_lonely_colour(&self) -> bool {
        let mut counts = [0u8; 16];
        for &col in &self.0 {
            let mut v = col;
            while v != 0 {
                counts[(v & 0xF) as usize] += 1;
                v >>= 4;
            }
        }
        counts[1..=usize::from(MAX_COLOUR)]
            .iter()
            .any(|&n| n == 1 || n == 2)
    }

    /// Removes every run, lets the rest fall, and repeats until no run is left. Returns whether
    /// anything was removed.
    #[inline]
    fn settle(&mut self) -> bool {
        let c = &mut self.0;
        let mut removed = false;
        loop {
            let mut marked = [0u32; COLS];
            let mut any = 0;
            for x in 0..COLS {
                let v = c[x];
                let up = same(v, v >> 4) & nonzero(v);
                let start = up & (up >> 4);
                marked[x] = start | start << 4 | start << 8;
                any |= marked[x];
            }
            for x in 0..COLS - 2 {
                let run = same(c[x], c[x + 1]) & same(c[x + 1], c[x + 2]) & nonzero(c[x]);
                marked[x] |= run;
                marked[x + 1] |= run;
                marked[x + 2] |= run;
                any |= run;
            }
            if any == 0 {
                return removed;
            }
            removed = true;
            for x in 0..COLS {
                if marked[x] != 0 {
                    c[x] = compact(c[x], marked[x]);
                }
            }
        }
    }

    /// Drags the block at (x, y) to column t = x +- 1 and settles. Returns the new board and whether
    /// anything was removed. The caller makes sure (x, y) holds a block and t is on the board.
    #[inline]
    fn drag(&self, x: usize, y: usize, t: usize) -> (Packed, bool) {
        let mut b = *self;
        let block = cell(b.0[x], y);
        let target_height = height(b.0[t]);
        if y < target_height {
            let other = cell(b.0[t], y);
            if other == block {
                // Two equal blocks swap: nothing changes.
                return (b, false);
            }
            let mask = !(0xF << (4 * y));
            b.0[x] = (b.0[x] & mask) | other << (4 * y);
            b.0[t] = (b.0[t] & mask) | block << (4 * y);
        } else {
            b.0[x] = take_out(b.0[x], y);
            b.0[t] |= block << (4 * target_height);
        }
        debug_assert!(b.0.iter().all(|&c| c & !COLUMN_BITS == 0));
        let removed = b.settle();
        (b, removed)
    }
}

/// A hash set of (board, moves left) pairs, open addressing with linear probing. The key keeps the
/// moves left (1..=[`MAX_LEFT`]) in the spare top bits of column 0, so a stored key is never all
/// zero (the empty slot).
struct Hopeless {
    slots: Vec<[u32; COLS]>,
    len: usize,
}

impl Hopeless {
    fn new() -> Self {
        Hopeless {
            slots: vec![[0; COLS]; 1 << 10],
            len: 0,
        }
    }

    #[inline]
    fn key(board: &Packed, left: usize) -> [u32; COLS] {
        let mut k = board.0;
        k[0] |= (left as u32) << 28;
        k
    }

    #[inline]
    fn slot(&self, key: &[u32; COLS]) -> usize {
        let a = u64::from(key[0]) | u64::from(key[1]) << 32;
        let b = u64::from(key[2]) | u64::from(key[3]) << 32;
        let mut h = a.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ u64::from(key[4]).wrapping_mul(0x1656_67b1_9e37_79f9);
        h ^= h >> 29;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 32;
        (h as usize) & (self.slots.len() - 1)
    }

    fn contains(&self, board: &Packed, left: usize) -> bool {
        let key = Self::key(board, left);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(&key);
        loop {
            let s = &self.slots[i];
            if *s == key {
                return true;
            }
            if *s == [0; COLS] {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, board: &Packed, left: usize) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![[0; COLS]; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            for key in old.into_iter().filter(|k| *k != [0; COLS]) {
                self.put(key);
            }
        }
        if self.put(Self::key(board, left)) {
            self.len += 1;
        }
    }

    /// Stores a key; false when it was already there.
    fn put(&mut self, key: [u32; COLS]) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(&key);
        loop {
            if self.slots[i] == key {
                return false;
            }
            if self.slots[i] == [0; COLS] {
                self.slots[i] = key;
                return true;
            }
            i = (i + 1) & mask;
        }
    }
}

/// Counters of one search, for benchmarks and reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Moves played (drag + cascade).
    pub moves: u64,
    /// Positions searched (with at least one move left).
    pub nodes: u64,
    /// Positions skipped because they were known hopeless.
    pub memo_hits: u64,
    /// Positions skipped because a colour was left once or twice.
    pub lonely: u64,
    /// Positions remembered as hopeless.
    pub remembered: usize,
}

/// The solver's state for one case.
struct Search {
    path: Vec<Move>,
    hopeless: Hopeless,
    stats: Stats,
}

/// The most moves left a key can hold (4 bits). The statement allows 5; positions with more moves
/// left (only in cases beyond the statement) are searched without the table. Positions with one
/// move left are remembered too: transpositions make them recur often, and a lookup is cheaper than
/// trying their moves again.
const MAX_LEFT: usize = 15;

impl Search {
    /// Searches `board` with `left` >= 1 moves to go; `depth` moves are already on the path. The
    /// board is not empty and has no lonely colour.
    fn run(&mut self, board: Packed, left: usize, depth: usize) -> bool {
        self.stats.nodes += 1;
        if left <= MAX_LEFT && self.hopeless.contains(&board, left) {
            self.stats.memo_hits += 1;
            return false;
        }
        for x in 0..COLS {
            let column = board.0[x];
            let h = height(column);
            for y in 0..h {
                // g = 1 first, then g = -1 when the left cell is empty (a left swap is skipped).
                if x + 1 < COLS && self.step(&board, x, y, x + 1, 1, left, depth) {
                    return true;
                }
                if x > 0
                    && y >= height(board.0[x - 1])
                    && self.step(&board, x, y, x - 1, -1, left, depth)
                {
                    return true;
                }
            }
        }
        if left <= MAX_LEFT {
            self.hopeless.insert(&board, left);
            self.stats.remembered = self.hopeless.len;
        }
        false
    }

    /// Plays one move and searches on; true when it leads to the answer.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        board: &Packed,
        x: usize,
        y: usize,
        t: usize,
        g: i8,
        left: usize,
        depth: usize,
    ) -> bool {
        self.stats.moves += 1;
        let (next, removed) = board.drag(x, y, t);
        let found = if left == 1 {
            next.is_empty()
        } else if next.is_empty() {
            // Emptied too early: no move is possible on an empty board.
            false
        } else if removed && next.has_lonely_colour() {
            self.stats.lonely += 1;
            false
        } else {
            self.path[depth] = Move::new(x, y, g);
            self.run(next, left - 1, depth + 1)
        };
        if found {
            self.path[depth] = Move::new(x, y, g);
        }
        found
    }
}

/// The answer, with the search counters.
pub fn solve_with_stats(case: &Case) -> (Answer, Stats) {
    let board = Packed::from_case(case);
    let n = case.n;
    let mut search = Search {
        path: vec![Move::new(0, 0, 1); n],
        hopeless: Hopeless::new(),
        stats: Stats::default(),
    };
    if n == 0 {
        let answer = board.is_empty().then(Vec::new);
        return (answer, search.stats);
    }
    if board.is_empty() || board.has_lonely_colour() {
        return (None, search.stats);
    }
    let found = search.run(board, n, 0);
    let answer = found.then_some(search.path);
    (answer, search.stats)
}

/// The answer: the lexicographically smallest sequence of exactly n moves that empties the board.
pub fn solve(case: &Case) -> Answer {
    solve_with_stats(case).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::mayan::Board;

    fn case(n: usize, columns: &[&[u8]]) -> Case {
        let case = Case {
            n,
            board: Board::from_columns(columns).unwrap(),
        };
        case.validate().unwrap();
        case
    }

    fn moves(list: &[(usize, usize, i8)]) -> Option<Vec<Move>> {
        Some(list.iter().map(|&(x, y, g)| Move::new(x, y, g)).collect())
    }

    fn packed(columns: &[&[u8]]) -> Packed {
        Packed::from_case(&Case {
            n: 1,
            board: Board::from_columns(columns).unwrap(),
        })
    }

    #[test]
    fn column_helpers() {
        let col = 0x0000_4321;
        assert_eq!(height(col), 4);
        assert_eq!(height(0), 0);
        assert_eq!(height(0x0a00_0000 | 0x00ff_ffff), 7);
        assert_eq!(cell(col, 2), 3);
        assert_eq!(take_out(col, 1), 0x0000_0431);
        assert_eq!(take_out(col, 3), 0x0000_0321);
        assert_eq!(compact(col, 0x0000_0101), 0x0000_0042);
        assert_eq!(nonzero(0x0000_0a01), 0x0000_0101);
        assert_eq!(same(0x0000_0321, 0x0000_0331) & 0x111, 0x101);
    }

    #[test]
    fn the_sample() {
        let c = Case::parse(b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
        assert_eq!(solve(&c), moves(&[(2, 1, 1), (3, 1, 1), (3, 0, 1)]));
    }

    #[test]
    fn swap_drop_fall_and_cascade() {
        // Swap.
        let b = packed(&[&[1, 2], &[2, 1], &[], &[], &[]]);
        assert_eq!(
            b.drag(0, 1, 1),
            (packed(&[&[1, 1], &[2, 2], &[], &[], &[]]), false)
        );
        // Drop: the blocks above fall, the dragged block rests on column 1.
        let b = packed(&[&[1, 2, 3], &[4], &[], &[], &[]]);
        assert_eq!(
            b.drag(0, 1, 1),
            (packed(&[&[1, 3], &[4, 2], &[], &[], &[]]), false)
        );
        // A horizontal and a vertical run sharing a block: one wave.
        let b = packed(&[&[1], &[1], &[2, 1, 1], &[1], &[]]);
        assert_eq!(b.drag(2, 0, 3), (packed(&[&[], &[], &[], &[2], &[]]), true));
        // Two waves.
        let b = packed(&[&[], &[5, 6, 4], &[4, 4, 7, 5], &[5], &[]]);
        assert_eq!(
            b.drag(1, 2, 2),
            (packed(&[&[], &[6, 7], &[], &[], &[]]), true)
        );
        // A full column of seven stays within its 28 bits.
        let b = packed(&[&[1, 2, 1, 2, 1, 2, 1], &[2], &[], &[], &[]]);
        let (after, _) = b.drag(1, 0, 0);
        assert_eq!(
            after,
            packed(&[&[2, 2, 1, 2, 1, 2, 1], &[1], &[], &[], &[]])
        );
    }

    #[test]
    fn lonely_colours_are_seen() {
        assert!(packed(&[&[1], &[2], &[1], &[2], &[1]]).has_lonely_colour());
        assert!(!packed(&[&[1], &[2], &[1], &[2], &[1, 2]]).has_lonely_colour());
        assert!(!packed(&[&[], &[], &[], &[], &[]]).has_lonely_colour());
    }

    #[test]
    fn an_early_clear_needs_a_stall_move() {
        let b: &[&[u8]] = &[&[1], &[1], &[], &[1], &[]];
        assert_eq!(solve(&case(1, b)), moves(&[(3, 0, -1)]));
        // The stall (a swap of two equal blocks) comes first; without it the answer would be
        // 1 0 1, 0 0 1.
        assert_eq!(solve(&case(2, b)), moves(&[(0, 0, 1), (3, 0, -1)]));
        assert_eq!(
            solve(&case(3, b)),
            moves(&[(0, 0, 1), (0, 0, 1), (3, 0, -1)])
        );
        let b: &[&[u8]] = &[&[1], &[], &[1], &[1], &[]];
        assert_eq!(solve(&case(1, b)), moves(&[(0, 0, 1)]));
        assert_eq!(solve(&case(2, b)), moves(&[(2, 0, 1), (0, 0, 1)]));
    }

    #[test]
    fn more_moves_than_the_statement_allows_still_search_right() {
        // Beyond 15 moves left the table is not used; the answer is still the smallest: equal swaps
        // until the last move, which clears.
        let b: &[&[u8]] = &[&[1], &[1], &[], &[1], &[]];
        let c = Case {
            n: 17,
            board: Board::from_columns(b).unwrap(),
        };
        let mut want = vec![Move::new(0, 0, 1); 16];
        want.push(Move::new(3, 0, -1));
        assert_eq!(solve(&c), Some(want));
    }

    #[test]
    fn unsolvable_cases() {
        let b: &[&[u8]] = &[&[1], &[], &[1], &[], &[1]];
        assert_eq!(solve(&case(1, b)), None);
        assert_eq!(solve(&case(2, b)), moves(&[(0, 0, 1), (4, 0, -1)]));
        assert_eq!(solve(&case(5, &[&[2], &[2], &[], &[], &[]])), None);
        assert_eq!(solve(&case(1, &[&[], &[], &[], &[], &[]])), None);
    }

    #[test]
    fn a_left_swap_is_the_right_swap_of_the_left_neighbour() {
        let b = packed(&[&[1, 2, 3], &[2, 3, 1, 2], &[3, 1], &[1], &[4, 4]]);
        let mut checked = 0;
        for x in 1..COLS {
            for y in 0..height(b.0[x]).min(height(b.0[x - 1])) {
                assert_eq!(b.drag(x, y, x - 1), b.drag(x - 1, y, x), "({x}, {y})");
                checked += 1;
            }
        }
        assert_eq!(checked, 7);
        // 1 1 2 1 with 2 2 above the last 1: the swap of (2, 0) and (3, 0) empties the board. It is
        // both the right drag of (2, 0) and the left drag of (3, 0); the answer names the first.
        let c = case(1, &[&[1], &[1], &[2], &[1, 2, 2], &[]]);
        assert_eq!(solve(&c), moves(&[(2, 0, 1)]));
    }
}
