//! The packed board: five columns of seven 4-bit cells, and the run search on it.

use super::spread::{Spreads, SPREAD_BITS};
use model::mayan::{Case, COLS, ROWS};

/// Bit 0 of each of the seven nibbles of a column: times a colour, the colour in every row.
const NIBBLES: u32 = 0x0111_1111;
/// Bit 3 of each of the seven nibbles: the flag bit of a row in the masks below.
pub(super) const FLAGS: u32 = 0x0888_8888;
/// Bits 0..3 of each of the seven nibbles.
const LOW3: u32 = 0x0777_7777;
/// The bits a column may use.
const COLUMN_BITS: u32 = (1 << (4 * ROWS)) - 1;

/// For each of the seven nibbles of `v`, the flag bit set when the nibble is non-zero: adding 7
/// to its low three bits carries into bit 3 unless they are all zero.
#[inline]
pub(super) fn nonzero(v: u32) -> u32 {
    (((v & LOW3) + LOW3) | v) & FLAGS
}

/// For each nibble position, the flag bit set when `a` and `b` hold the same value there.
#[inline]
pub(super) fn same(a: u32, b: u32) -> u32 {
    !nonzero(a ^ b) & FLAGS
}

/// For each row, the flag bit of its nibble set when the column holds colour `c` (1..=15) there.
#[inline]
pub(super) fn holds(column: u32, c: u32) -> u32 {
    same(column, c * NIBBLES)
}

/// Number of blocks in a packed column.
#[inline]
pub(super) fn height(column: u32) -> usize {
    (32 - column.leading_zeros() as usize).div_ceil(4)
}

/// The nibble at row y.
#[cfg(test)]
pub(super) fn cell(column: u32, y: usize) -> u32 {
    (column >> (4 * y)) & 0xF
}

/// Removes the nibble at bit `shift` (= 4 * row) from a column: the blocks above move down one row.
#[inline]
pub(super) fn take_out_at(column: u32, shift: u32) -> u32 {
    let low = column & ((1 << shift) - 1);
    let high = (column >> (shift + 4)) << shift;
    low | high
}

/// Removes row y from a column: the blocks above move down one row.
#[inline]
pub(super) fn take_out(column: u32, y: usize) -> u32 {
    take_out_at(column, 4 * y as u32)
}

/// True when three equal blocks stand on top of each other somewhere in the column.
#[inline]
pub(super) fn vertical_run(column: u32) -> bool {
    let up = same(column, column >> 4) & nonzero(column);
    up & (up >> 4) != 0
}

/// True when three blocks of colour `c` stand on top of each other somewhere in the column.
#[inline]
pub(super) fn vertical_run_of(column: u32, c: u32) -> bool {
    let e = holds(column, c);
    e & (e >> 4) & (e >> 8) != 0
}

/// Removes the marked nibbles (flag bit of each) from column x, packing the rest down in order, and
/// takes the removed blocks off `spreads`.
#[inline]
pub(super) fn remove_marked(column: u32, marked: u32, x: usize, spreads: &mut Spreads) -> u32 {
    let (mut v, mut m) = (column, marked);
    // Top down, so the rows still to remove keep their places.
    while m != 0 {
        let shift = 28 - m.leading_zeros();
        let colour = ((v >> shift) & 0xF) as usize;
        spreads[colour] = spreads[colour].wrapping_sub(1 << (SPREAD_BITS as usize * x));
        v = take_out_at(v, shift);
        m &= !(8 << shift);
    }
    v
}

/// A board: one packed column per x.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed(pub(super) [u32; COLS]);

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
        self.0.iter().fold(0, |a, &c| a | c) == 0
    }

    /// How many blocks of each colour stand in each column.
    pub(super) fn spreads(&self) -> Spreads {
        let mut spreads = [0u16; 16];
        for (x, &col) in self.0.iter().enumerate() {
            let mut v = col;
            while v != 0 {
                spreads[(v & 0xF) as usize] += 1 << (SPREAD_BITS as usize * x);
                v >>= 4;
            }
        }
        spreads
    }

    /// For each column, the rows (flag bits of their nibbles) in a run of three or more.
    #[inline]
    pub(super) fn runs(&self) -> ([u32; COLS], u32) {
        let c = &self.0;
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
        (marked, any)
    }

    /// True when some horizontal run goes through column `lo` or `lo + 1`.
    #[inline(always)]
    pub(super) fn horizontal_run_near(&self, lo: usize) -> bool {
        let c = &self.0;
        let first = lo.saturating_sub(2);
        let last = (lo + 1).min(COLS - 3);
        let mut run = 0;
        for x in first..=last {
            run |= same(c[x], c[x + 1]) & same(c[x + 1], c[x + 2]) & nonzero(c[x + 1]);
        }
        run != 0
    }

    /// Removes every run, lets the rest fall, and repeats until no run is left, taking the removed
    /// blocks off `spreads`. Returns whether anything was removed.
    #[inline]
    pub(super) fn settle(&mut self, spreads: &mut Spreads) -> bool {
        let mut removed = false;
        loop {
            let (marked, any) = self.runs();
            if any == 0 {
                return removed;
            }
            removed = true;
            for (x, (col, &m)) in self.0.iter_mut().zip(&marked).enumerate() {
                if m != 0 {
                    *col = remove_marked(*col, m, x, spreads);
                }
            }
        }
    }

    /// The rows y (flag bits of their nibbles) where swapping (x, y) and (x + 1, y) forms a run.
    /// On a settled board a new run goes through a changed cell: the block a of (x, y) at
    /// (x + 1, y) or the block b of (x + 1, y) at (x, y). Vertically a needs two of its colour
    /// among (x + 1, y - 2..=y + 2) next to each other and to it; horizontally it needs (x + 2, y)
    /// and (x + 3, y), since (x, y) now holds b. Likewise for b. Every row at once: column x
    /// compared with column x + 1 shifted by one or two rows. A swap of two equal blocks changes
    /// nothing and is never marked.
    #[inline(always)]
    pub(super) fn swap_runs(&self, x: usize) -> u32 {
        let c = &self.0;
        let (a, b) = (c[x], c[x + 1]);
        // Colour `s` of each row put into column `col` at that row: a vertical run forms.
        let vertical = |s: u32, col: u32| {
            let up1 = same(s, col >> 4);
            let up2 = same(s, col >> 8);
            let down1 = same(s, col << 4);
            let down2 = same(s, col << 8);
            (up1 & up2) | (down1 & up1) | (down1 & down2)
        };
        let mut run = vertical(a, b) | vertical(b, a);
        if x + 3 < COLS {
            run |= same(a, c[x + 2]) & same(a, c[x + 3]);
        }
        if x >= 2 {
            run |= same(b, c[x - 1]) & same(b, c[x - 2]);
        }
        run & nonzero(a) & nonzero(b)
    }

    /// Swaps (x, y) and (x + 1, y), both occupied.
    #[inline(always)]
    pub(super) fn swapped(&self, x: usize, y: usize) -> Packed {
        let mut b = *self;
        let shift = 4 * y;
        let diff = ((b.0[x] ^ b.0[x + 1]) >> shift) & 0xF;
        b.0[x] ^= diff << shift;
        b.0[x + 1] ^= diff << shift;
        b
    }

    /// Drops the block at (x, y) into column t = x +- 1, whose height is at most y, without
    /// settling. Returns the new board and whether a run formed through a changed cell (on a
    /// settled board, whether the move removes anything).
    #[inline(always)]
    pub(super) fn dropped(&self, x: usize, y: usize, t: usize) -> (Packed, bool) {
        let mut b = *self;
        let block = (b.0[x] >> (4 * y)) & 0xF;
        let target = b.0[t];
        let target_height = height(target);
        debug_assert!(target_height <= y);
        b.0[x] = take_out(b.0[x], y);
        b.0[t] = target | block << (4 * target_height);
        debug_assert!(b.0.iter().all(|&c| c & !COLUMN_BITS == 0));
        let run = vertical_run(b.0[x])
            || vertical_run_of(b.0[t], block)
            || b.horizontal_run_near(x.min(t));
        (b, run)
    }

    /// Drags the block at (x, y) to column t = x +- 1 without settling. Returns the new board and
    /// whether a run formed through a changed cell (on a settled board, whether the move removes
    /// anything). The caller makes sure (x, y) holds a block and t is on the board.
    #[cfg(test)]
    pub(super) fn drag(&self, x: usize, y: usize, t: usize) -> (Packed, bool) {
        if y < height(self.0[t]) {
            let lo = x.min(t);
            let next = self.swapped(lo, y);
            (next, self.swap_runs(lo) >> (4 * y) & 8 != 0)
        } else {
            self.dropped(x, y, t)
        }
    }
}
