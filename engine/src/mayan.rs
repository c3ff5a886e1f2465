//! Mayan puzzle (NOIP 2011): the fast solver.
//!
//! The same answer as the exhaustive search (the lexicographically smallest sequence of exactly n
//! moves that empties the board), found with a packed board and four safe prunes:
//!
//! 1. **Lonely colours.** Blocks are only ever removed in runs of three or more of one colour and no
//!    block is ever added, so a board holding a colour exactly once or twice can never be emptied.
//! 2. **Left swaps.** Dragging (x, y) left into an occupied cell swaps it with (x - 1, y), exactly as
//!    dragging (x - 1, y) right does; that move has a smaller x, so it comes first in the order and
//!    leads to the same board. A sequence using the left swap is never the smallest: skip it.
//! 3. **Spread-out colours** ([`Spread`]). A colour's blocks go in runs, so by the time the last
//!    of them is gone, the columns where they went form a sum of run patterns (one block per
//!    column over three to five neighbouring columns, or three or more in one column, crossing
//!    runs sharing a block). Blocks change columns only when dragged, one column per move, and a
//!    move displaces at most one block of each colour and two in all. For a colour held up to
//!    seven times, a table gives the fewest column steps to such a sum. A position whose colours
//!    need more steps than its moves left can make (one colour more than the moves, or all
//!    together more than twice the moves) can never be emptied in time. And a colour that needs
//!    as many steps as there are moves left must have a block displaced by the very next move:
//!    the other moves are not tried. Prune 1 is the case of a colour that no steps can help.
//! 4. **Hopeless positions.** The search visits moves in order and stops at the first success, so
//!    a (board, moves left) that failed once fails again: it is remembered and skipped. Only full
//!    failures are remembered (prunes 1 to 3 only skip moves and positions that lead to no empty
//!    board at all, so "failed" means "no sequence at all"), which makes the table safe whatever
//!    path reaches the position again.
//!
//! Moves that remove nothing (even a swap of two equal blocks, which changes nothing) are legal and
//! are searched like any other: when the board can be emptied early, such a stall is what fills the
//! sequence up to exactly n moves.
//!
//! The board packs each column into a `u32`: row y is the nibble at bits 4y..4y+4, 0 for empty.
//! Since blocks never float, a column's height is given by its highest non-zero nibble.
//!
//! Most moves remove nothing (on dense boards more than nine in ten), and on a settled board a run
//! can only form through a cell the drag changed: a swap changes two cells of one row, a drop the
//! top of the target column and the source column from the dragged row up. A drop therefore looks
//! for runs in the two columns it touched and in the column triples that include one of them; the
//! swaps of a pair of columns are looked at all at once, every row in parallel. The board is
//! settled (the full run search, repeated until nothing falls) only when a run forms. With one
//! move left, a move that removes nothing cannot empty the board: it costs that look and nothing
//! more. How many blocks of each colour stand in each column travels down the search and changes
//! only by the dragged blocks and the blocks a settle removes, so prune 3 costs two table lookups
//! after a move that removes nothing.
//! A position's children are all played before any is searched, so that their table slots can be
//! loaded from memory together.

use model::mayan::{Answer, Case, Move, COLS, ROWS};

/// Bit 0 of each of the seven nibbles of a column: times a colour, the colour in every row.
const NIBBLES: u32 = 0x0111_1111;
/// Bit 3 of each of the seven nibbles: the flag bit of a row in the masks below.
const FLAGS: u32 = 0x0888_8888;
/// Bits 0..3 of each of the seven nibbles.
const LOW3: u32 = 0x0777_7777;
/// The bits a column may use.
const COLUMN_BITS: u32 = (1 << (4 * ROWS)) - 1;

/// For each colour (index = colour; 0 and 11..15 unused), how many of its blocks stand in each
/// column: 3 bits per column, column x at bits 3x..3x+3 (a column holds 7 blocks at most).
type Spreads = [u16; 16];

/// For each colour, the column steps its blocks need before they can go ([`Spread`]).
type Steps = [u8; 16];

/// For each of the seven nibbles of `v`, the flag bit set when the nibble is non-zero: adding 7
/// to its low three bits carries into bit 3 unless they are all zero.
#[inline]
fn nonzero(v: u32) -> u32 {
    (((v & LOW3) + LOW3) | v) & FLAGS
}

/// For each nibble position, the flag bit set when `a` and `b` hold the same value there.
#[inline]
fn same(a: u32, b: u32) -> u32 {
    !nonzero(a ^ b) & FLAGS
}

/// For each row, the flag bit of its nibble set when the column holds colour `c` (1..=15) there.
#[inline]
fn holds(column: u32, c: u32) -> u32 {
    same(column, c * NIBBLES)
}

/// Number of blocks in a packed column.
#[inline]
fn height(column: u32) -> usize {
    (32 - column.leading_zeros() as usize).div_ceil(4)
}

/// The nibble at row y.
#[cfg(test)]
fn cell(column: u32, y: usize) -> u32 {
    (column >> (4 * y)) & 0xF
}

/// Removes the nibble at bit `shift` (= 4 * row) from a column: the blocks above move down one row.
#[inline]
fn take_out_at(column: u32, shift: u32) -> u32 {
    let low = column & ((1 << shift) - 1);
    let high = (column >> (shift + 4)) << shift;
    low | high
}

/// Removes row y from a column: the blocks above move down one row.
#[inline]
fn take_out(column: u32, y: usize) -> u32 {
    take_out_at(column, 4 * y as u32)
}

/// True when three equal blocks stand on top of each other somewhere in the column.
#[inline]
fn vertical_run(column: u32) -> bool {
    let up = same(column, column >> 4) & nonzero(column);
    up & (up >> 4) != 0
}

/// True when three blocks of colour `c` stand on top of each other somewhere in the column.
#[inline]
fn vertical_run_of(column: u32, c: u32) -> bool {
    let e = holds(column, c);
    e & (e >> 4) & (e >> 8) != 0
}

/// Removes the marked nibbles (flag bit of each) from column x, packing the rest down in order, and
/// takes the removed blocks off `spreads`.
#[inline]
fn remove_marked(column: u32, marked: u32, x: usize, spreads: &mut Spreads) -> u32 {
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

/// Bits per column in a [`Spreads`] entry.
const SPREAD_BITS: u32 = 3;

/// The [`Spread`] entry of a colour held once or twice: more steps than any search has moves.
const LONELY: u8 = u8::MAX;

/// The number of [`Spread`] entries.
const SPREAD_SIZE: usize = 1 << (SPREAD_BITS as usize * COLS);

/// How many column steps the blocks of one colour need before they can all be gone, indexed by
/// how many of them stand in each column (3 bits per column, column x at bits 3x..3x+3).
///
/// Blocks go in waves, and what goes in one wave is a union of runs of three or more. A run holds
/// its blocks one per column in three to five neighbouring columns (horizontal) or three or more
/// in one column (vertical); a vertical run may share blocks with horizontal runs that cross it,
/// at most one each. So when the last of a colour's blocks is gone, the columns where they all
/// went form a sum of horizontal intervals plus, in each column z, extra blocks: none, or at least
/// 3 - (the intervals over z), and at least 1. Blocks only change columns when dragged: a drop
/// moves one block one column, a swap two blocks of two colours one column each. So each move
/// brings each colour one step closer at most, and all colours two steps at most; the steps a
/// colour needs are the fewest single-column moves of its blocks that reach such a sum (found by
/// a search from all sums at once). With three to five blocks this is one run or, for five, two
/// crossing runs; a colour held once or twice can never go ([`LONELY`]). Above seven blocks there
/// is no bound (0).
struct Spread;

impl Spread {
    const TABLE: [u8; SPREAD_SIZE] = Spread::table();

    /// How many blocks column z holds in entry `index`.
    const fn count(index: usize, z: usize) -> usize {
        (index >> (SPREAD_BITS as usize * z)) & 7
    }

    const fn total(index: usize) -> usize {
        let mut k = 0;
        let mut z = 0;
        while z < COLS {
            k += Spread::count(index, z);
            z += 1;
        }
        k
    }

    /// True when the columns of entry `index` are a sum of horizontal intervals (at most two: the
    /// entries searched hold seven blocks at most) plus extras as described above.
    const fn reachable(index: usize) -> bool {
        // The intervals of three columns or more, as (first, last).
        const INTERVALS: [(usize, usize); 6] = [(0, 2), (1, 3), (2, 4), (0, 3), (1, 4), (0, 4)];
        // Choice 0 is "no interval", choice i + 1 interval i.
        let mut first = 0;
        while first <= INTERVALS.len() {
            let mut second = first;
            while second <= INTERVALS.len() {
                let mut ok = true;
                let mut z = 0;
                while z < COLS {
                    let mut cover = 0;
                    if first > 0 && INTERVALS[first - 1].0 <= z && z <= INTERVALS[first - 1].1 {
                        cover += 1;
                    }
                    if second > 0 && INTERVALS[second - 1].0 <= z && z <= INTERVALS[second - 1].1 {
                        cover += 1;
                    }
                    let n = Spread::count(index, z);
                    if n < cover {
                        ok = false;
                    } else {
                        let extra = n - cover;
                        let least = if cover >= 2 { 1 } else { 3 - cover };
                        if extra != 0 && extra < least {
                            ok = false;
                        }
                    }
                    z += 1;
                }
                if ok {
                    return true;
                }
                second += 1;
            }
            first += 1;
        }
        false
    }

    const fn table() -> [u8; SPREAD_SIZE] {
        // Breadth-first from every reachable entry of three to seven blocks; an edge moves one
        // block one column. Entries of seven blocks or fewer never fill a column's 3 bits.
        let mut dist = [u8::MAX; SPREAD_SIZE];
        let mut queue = [0u16; SPREAD_SIZE];
        let (mut head, mut tail) = (0, 0);
        let mut index = 0;
        while index < SPREAD_SIZE {
            let k = Spread::total(index);
            if k >= 3 && k <= 7 && Spread::reachable(index) {
                dist[index] = 0;
                queue[tail] = index as u16;
                tail += 1;
            }
            index += 1;
        }
        while head < tail {
            let index = queue[head] as usize;
            head += 1;
            let mut z = 0;
            while z < COLS {
                if Spread::count(index, z) > 0 {
                    let from = index - (1 << (SPREAD_BITS as usize * z));
                    if z > 0 {
                        let next = from + (1 << (SPREAD_BITS as usize * (z - 1)));
                        if dist[next] == u8::MAX {
                            dist[next] = dist[index] + 1;
                            queue[tail] = next as u16;
                            tail += 1;
                        }
                    }
                    if z + 1 < COLS {
                        let next = from + (1 << (SPREAD_BITS as usize * (z + 1)));
                        if dist[next] == u8::MAX {
                            dist[next] = dist[index] + 1;
                            queue[tail] = next as u16;
                            tail += 1;
                        }
                    }
                }
                z += 1;
            }
        }
        let mut table = [0u8; SPREAD_SIZE];
        let mut index = 0;
        while index < SPREAD_SIZE {
            let k = Spread::total(index);
            table[index] = if k == 0 || k > 7 {
                0
            } else if k < 3 {
                LONELY
            } else {
                dist[index]
            };
            index += 1;
        }
        table
    }

    /// The steps each colour needs.
    #[inline]
    fn steps_of(spreads: &Spreads) -> Steps {
        let mut steps = [0u8; 16];
        for (st, &sp) in steps.iter_mut().zip(spreads) {
            *st = Spread::of(sp);
        }
        steps
    }

    /// The steps of one colour.
    #[inline(always)]
    fn of(spread: u16) -> u8 {
        Spread::TABLE[usize::from(spread) & (SPREAD_SIZE - 1)]
    }

    /// `None` when the colours need more column steps than `left` moves can make: one colour
    /// more than `left`, or all together more than `2 * left` (always with a lonely colour).
    /// Otherwise the colours (a bit per colour) that need `left` steps: the next move must
    /// displace a block of each, since one that stays put keeps needing `left` steps.
    #[inline(always)]
    fn needs(steps: &Steps, left: usize) -> Option<u16> {
        if left > 100 {
            return Spread::needs_slowly(steps, left);
        }
        // Eight colours a word, a byte each.
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let both = u128::from_le_bytes(*steps);
        let words = [both as u64, (both >> 64) as u64];
        let left_bytes = left as u64 * ONES;
        let mut need = 0u16;
        let mut sum = 0u64;
        for (i, &w) in words.iter().enumerate() {
            // Bytes above `left`: the low seven bits plus 127 - left reach bit 7, or bit 7 is
            // set already (a lonely colour).
            if (((w & !HIGH) + (127 - left as u64) * ONES) | w) & HIGH != 0 {
                return None;
            }
            // Bytes equal to `left`: zero after the xor.
            let e = w ^ left_bytes;
            let zero = !(((e & !HIGH) + !HIGH) | e) & HIGH;
            need |= ((((zero >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u16) << (8 * i);
            sum += w;
        }
        // Every byte is at most `left`, so two words add bytewise without carries; then pairs
        // of bytes into 16-bit lanes, and the lanes together.
        let lanes = (sum & 0x00FF_00FF_00FF_00FF) + ((sum >> 8) & 0x00FF_00FF_00FF_00FF);
        let total = (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
        (total <= 2 * left).then_some(need)
    }

    /// [`Spread::needs`] one colour at a time, for any number of moves.
    fn needs_slowly(steps: &Steps, left: usize) -> Option<u16> {
        let mut worst = 0u8;
        let mut total = 0u32;
        let mut need = 0u16;
        for (c, &s) in steps.iter().enumerate() {
            worst = worst.max(s);
            total += u32::from(s);
            need |= u16::from(usize::from(s) == left) << c;
        }
        (usize::from(worst) <= left && total as usize <= 2 * left).then_some(need)
    }
}

/// A board: one packed column per x.
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
        self.0.iter().fold(0, |a, &c| a | c) == 0
    }

    /// How many blocks of each colour stand in each column.
    fn spreads(&self) -> Spreads {
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
    fn runs(&self) -> ([u32; COLS], u32) {
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
    fn horizontal_run_near(&self, lo: usize) -> bool {
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
    fn settle(&mut self, spreads: &mut Spreads) -> bool {
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
    fn swap_runs(&self, x: usize) -> u32 {
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
    fn swapped(&self, x: usize, y: usize) -> Packed {
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
    fn dropped(&self, x: usize, y: usize, t: usize) -> (Packed, bool) {
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
    fn drag(&self, x: usize, y: usize, t: usize) -> (Packed, bool) {
        if y < height(self.0[t]) {
            let lo = x.min(t);
            let next = self.swapped(lo, y);
            (next, self.swap_runs(lo) >> (4 * y) & 8 != 0)
        } else {
            self.dropped(x, y, t)
        }
    }

    /// True when the board holds a run (a settled board holds none).
    fn has_run(&self) -> bool {
        self.runs().1 != 0
    }
}

/// A (board, moves left) pair as three words: columns 0 and 1 (28 bits each) with the moves left
/// (1..=[`MAX_LEFT`]) at bits 56..60 of the first, columns 2 and 3 in the second, column 4 in the
/// third. Never all zero.
type Key = [u64; 3];

/// The key of a board with `left` moves to go.
#[inline]
fn key(board: &Packed, left: usize) -> Key {
    let c = board.0.map(u64::from);
    [
        c[0] | c[1] << 28 | (left as u64) << 56,
        c[2] | c[3] << 28,
        c[4],
    ]
}

/// A key's hash.
#[inline]
fn hash(key: &Key) -> u64 {
    let mut h = key[0].wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ key[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
        ^ key[2].wrapping_mul(0x1656_67b1_9e37_79f9);
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ h >> 32
}

/// A hash set of keys, open addressing with linear probing; the all-zero key marks an empty slot.
struct Hopeless {
    slots: Vec<Key>,
    len: usize,
}

impl Hopeless {
    fn new(capacity_log2: u32) -> Self {
        Hopeless {
            slots: vec![[0; 3]; 1 << capacity_log2],
            len: 0,
        }
    }

    #[inline]
    fn contains(&self, key: &Key, hash: u64) -> bool {
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
    #[inline]
    fn warm(&self, hashes: impl Iterator<Item = u64>) {
        let mask = self.slots.len() - 1;
        let mut touched = 0;
        for h in hashes {
            touched ^= self.slots[h as usize & mask][0];
        }
        std::hint::black_box(touched);
    }

    fn insert(&mut self, key: &Key, hash: u64) {
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

/// Counters of one search, for benchmarks and reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Moves tried.
    pub moves: u64,
    /// Moves that formed a run, so the board was settled (a drag and its cascade).
    pub settled: u64,
    /// Positions searched (with at least one move left).
    pub nodes: u64,
    /// Positions skipped because they were known hopeless.
    pub memo_hits: u64,
    /// Positions skipped because a colour was left once or twice, or its blocks stand too far
    /// apart for the moves left ([`Spread`]).
    pub too_far: u64,
    /// Positions remembered as hopeless.
    pub remembered: usize,
}

/// The most moves left a key can hold (4 bits). The statement allows 5; positions with more moves
/// left (only in cases beyond the statement) are searched without the table. Positions with one
/// move left are remembered too: transpositions make them recur often, and a lookup is cheaper than
/// trying their moves again.
const MAX_LEFT: usize = 15;

/// Plays every move of the board in the statement's order (x, then y, then right before left),
/// the left swaps left out, and calls `f(x, y, t, board, run)` with the board after the drag
/// (not settled) and whether a run formed, until `f` returns true; returns whether it did. Moves
/// that displace no block of some colour of `need` (a bit per colour) are left out too. The
/// columns are unrolled so that the drags index the board with constants.
#[inline(always)]
fn each_move(
    board: &Packed,
    need: u16,
    mut f: impl FnMut(usize, usize, usize, Packed, bool) -> bool,
) -> bool {
    column_moves::<0>(board, need, &mut f)
        || column_moves::<1>(board, need, &mut f)
        || column_moves::<2>(board, need, &mut f)
        || column_moves::<3>(board, need, &mut f)
        || column_moves::<4>(board, need, &mut f)
}

/// The moves of the blocks of column X, for [`each_move`].
#[inline(always)]
fn column_moves<const X: usize>(
    board: &Packed,
    need: u16,
    f: &mut impl FnMut(usize, usize, usize, Packed, bool) -> bool,
) -> bool {
    let column = board.0[X];
    let h = height(column);
    // The right neighbour (column X itself stands in for a missing one; it is not used then).
    let right = board.0[(X + 1).min(COLS - 1)];
    let right_height = if X + 1 < COLS { height(right) } else { 0 };
    // Left drags from rows at or above the left column's height only: a left swap is skipped.
    // Column 0 has no left drag.
    let left_from = if X > 0 {
        height(board.0[X.saturating_sub(1)])
    } else {
        ROWS
    };
    // The swaps of columns X and X + 1 that form a run, looked at when first needed.
    let mut swaps = None;
    for y in 0..h {
        let dragged = 1u16 << ((column >> (4 * y)) & 0xF);
        if X + 1 < COLS {
            let t = (X + 1).min(COLS - 1);
            if y < right_height {
                let partner = 1u16 << ((right >> (4 * y)) & 0xF);
                if need & !(dragged | partner) == 0 {
                    let runs = *swaps.get_or_insert_with(|| board.swap_runs(X.min(COLS - 2)));
                    let run = runs >> (4 * y) & 8 != 0;
                    if f(X, y, t, board.swapped(X.min(COLS - 2), y), run) {
                        return true;
                    }
                }
            } else if need & !dragged == 0 {
                let (next, run) = board.dropped(X, y, t);
                if f(X, y, t, next, run) {
                    return true;
                }
            }
        }
        if y >= left_from && need & !dragged == 0 {
            let t = X.saturating_sub(1);
            let (next, run) = board.dropped(X, y, t);
            if f(X, y, t, next, run) {
                return true;
            }
        }
    }
    false
}

/// A position to search with what the search keeps about it.
#[derive(Debug, Clone, Copy)]
struct Node {
    board: Packed,
    spreads: Spreads,
    steps: Steps,
    /// The colours the next move must displace ([`Spread::needs`]).
    need: u16,
    /// The table key for the moves left, and its hash.
    key: Key,
    hash: u64,
}

/// A position one move deeper, waiting to be searched, and the move to it.
#[derive(Debug, Clone, Copy)]
struct Child {
    node: Node,
    x: u8,
    y: u8,
    t: u8,
}

/// The move from (x, y) to column t.
fn move_to(x: usize, y: usize, t: usize) -> Move {
    Move::new(x, y, if t > x { 1 } else { -1 })
}

/// The solver's state for one case.
struct Search {
    path: Vec<Move>,
    hopeless: Hopeless,
    stats: Stats,
    /// False when the starting board holds a run (outside the statement): its moves then settle
    /// the whole board instead of looking for runs near the changed cells only.
    settled_start: bool,
    /// The children of the position being searched at each depth (kept to reuse their memory).
    children: Vec<Vec<Child>>,
}

impl Search {
    /// Searches `node` with `left` >= 1 moves to go; `depth` moves are already on the path. The
    /// board is not empty and its colours are not too far apart for `left` moves.
    fn run(&mut self, node: &Node, left: usize, depth: usize) -> bool {
        self.stats.nodes += 1;
        let table = left <= MAX_LEFT;
        if table && self.hopeless.contains(&node.key, node.hash) {
            self.stats.memo_hits += 1;
            return false;
        }
        let found = if left == 1 {
            self.last_move(&node.board, node.need, depth)
        } else {
            self.expand(node, left, depth)
        };
        if !found && table {
            self.hopeless.insert(&node.key, node.hash);
            self.stats.remembered = self.hopeless.len;
        }
        found
    }

    /// With one move left: the first move that empties the board, written on the path.
    fn last_move(&mut self, board: &Packed, need: u16, depth: usize) -> bool {
        let force = depth == 0 && !self.settled_start;
        let stats = &mut self.stats;
        let mut hit = None;
        each_move(board, need, |x, y, t, mut next, run| {
            stats.moves += 1;
            // A move that removes nothing leaves at least the dragged block.
            if !(run || force) {
                return false;
            }
            stats.settled += 1;
            let mut scratch = [0; 16];
            next.settle(&mut scratch);
            let empty = next.is_empty();
            if empty {
                hit = Some(move_to(x, y, t));
            }
            empty
        });
        match hit {
            Some(m) => {
                self.path[depth] = m;
                true
            }
            None => false,
        }
    }

    /// With two or more moves left: plays every move, then searches the resulting positions in
    /// order. Playing them all first lets their table slots be loaded together.
    fn expand(&mut self, node: &Node, left: usize, depth: usize) -> bool {
        let force = depth == 0 && !self.settled_start;
        let mut children = std::mem::take(&mut self.children[depth]);
        children.clear();
        let stats = &mut self.stats;
        let board = &node.board;
        each_move(board, node.need, |x, y, t, mut next, run| {
            stats.moves += 1;
            // The dragged block goes from column x to t; in a swap the block of (t, y) goes the
            // other way (when both have one colour, the two cancel).
            let (from, to) = (SPREAD_BITS as usize * x, SPREAD_BITS as usize * t);
            let mut spreads = node.spreads;
            let dragged = ((board.0[x] >> (4 * y)) & 0xF) as usize;
            spreads[dragged] = spreads[dragged]
                .wrapping_add(1 << to)
                .wrapping_sub(1 << from);
            let swapped = ((board.0[t] >> (4 * y)) & 0xF) as usize;
            spreads[swapped] = spreads[swapped]
                .wrapping_add(u16::from(swapped != 0) << from)
                .wrapping_sub(u16::from(swapped != 0) << to);
            let steps = if run || force {
                stats.settled += 1;
                next.settle(&mut spreads);
                // Emptied too early: no move is possible on an empty board.
                if next.is_empty() {
                    return false;
                }
                Spread::steps_of(&spreads)
            } else {
                let mut steps = node.steps;
                steps[dragged] = Spread::of(spreads[dragged]);
                steps[swapped] = Spread::of(spreads[swapped]);
                steps
            };
            let Some(need) = Spread::needs(&steps, left - 1) else {
                stats.too_far += 1;
                return false;
            };
            let key = key(&next, left - 1);
            children.push(Child {
                node: Node {
                    board: next,
                    spreads,
                    steps,
                    need,
                    key,
                    hash: hash(&key),
                },
                x: x as u8,
                y: y as u8,
                t: t as u8,
            });
            false
        });
        if left - 1 <= MAX_LEFT {
            self.hopeless.warm(children.iter().map(|c| c.node.hash));
        }
        let mut found = false;
        for child in &children {
            if self.run(&child.node, left - 1, depth + 1) {
                self.path[depth] = move_to(child.x.into(), child.y.into(), child.t.into());
                found = true;
                break;
            }
        }
        self.children[depth] = children;
        found
    }
}

/// The answer, with the search counters.
pub fn solve_with_stats(case: &Case) -> (Answer, Stats) {
    let board = Packed::from_case(case);
    let n = case.n;
    let mut search = Search {
        path: vec![Move::new(0, 0, 1); n],
        // About as many slots as a dense board at n = 5 fills; the pages are only touched
        // (zeroed by the system) where keys land.
        hopeless: Hopeless::new(if n >= 4 { 16 } else { 10 }),
        stats: Stats::default(),
        settled_start: !board.has_run(),
        children: vec![Vec::with_capacity(2 * COLS * ROWS); n],
    };
    if n == 0 {
        let answer = board.is_empty().then(Vec::new);
        return (answer, search.stats);
    }
    if board.is_empty() {
        return (None, search.stats);
    }
    let spreads = board.spreads();
    let steps = Spread::steps_of(&spreads);
    let Some(need) = Spread::needs(&steps, n) else {
        search.stats.too_far += 1;
        return (None, search.stats);
    };
    let key = key(&board, n.min(MAX_LEFT));
    let node = Node {
        board,
        spreads,
        steps,
        need,
        key,
        hash: hash(&key),
    };
    let found = search.run(&node, n, 0);
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

    /// Drags and settles: the board after the move, and whether anything was removed.
    fn play(b: &Packed, x: usize, y: usize, t: usize) -> (Packed, bool) {
        let (mut next, run) = b.drag(x, y, t);
        let mut spreads = next.spreads();
        let removed = next.settle(&mut spreads);
        assert_eq!(
            run, removed,
            "the local look and the settle disagree at ({x}, {y}) -> {t}"
        );
        assert_eq!(spreads, next.spreads(), "spreads after ({x}, {y}) -> {t}");
        (next, removed)
    }

    fn to_board(b: &Packed) -> Board {
        let columns: Vec<Vec<u8>> =
            b.0.iter()
                .map(|&c| (0..height(c)).map(|y| cell(c, y) as u8).collect())
                .collect();
        Board::from_columns(&columns).unwrap()
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
        assert_eq!(take_out(0x0a98_7654, 6), 0x0098_7654);
        let mut spreads = [0; 16];
        spreads[1] = 0o1000;
        spreads[3] = 0o1000;
        spreads[2] = 0o3000;
        spreads[4] = 0o5000;
        // Column 3: rows 0 and 2 (colours 1 and 3) go.
        assert_eq!(
            remove_marked(col, 0x0000_0808, 3, &mut spreads),
            0x0000_0042
        );
        assert_eq!(spreads[..5], [0, 0, 0o3000, 0, 0o5000]);
        assert_eq!(
            remove_marked(0x0000_4242, 0x0000_0088, 3, &mut spreads),
            0x0000_0042
        );
        assert_eq!(spreads[..5], [0, 0, 0o2000, 0, 0o4000]);
        assert_eq!(nonzero(0x0000_0a01), 0x0000_0808);
        assert_eq!(nonzero(0x0fff_ffff), FLAGS);
        assert_eq!(nonzero(0x0808_0107), 0x0808_0808);
        assert_eq!(same(0x0000_0321, 0x0000_0331) & 0x888, 0x808);
        assert_eq!(holds(0x0000_5353, 5), 0x0000_8080);
        assert!(vertical_run(0x0000_7772));
        assert!(!vertical_run(0x0000_7727));
        assert!(vertical_run_of(0x0000_8882, 8));
        assert!(!vertical_run_of(0x0000_8882, 2));
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
            play(&b, 0, 1, 1),
            (packed(&[&[1, 1], &[2, 2], &[], &[], &[]]), false)
        );
        // Drop: the blocks above fall, the dragged block rests on column 1.
        let b = packed(&[&[1, 2, 3], &[4], &[], &[], &[]]);
        assert_eq!(
            play(&b, 0, 1, 1),
            (packed(&[&[1, 3], &[4, 2], &[], &[], &[]]), false)
        );
        // A horizontal and a vertical run sharing a block: one wave.
        let b = packed(&[&[1], &[1], &[2, 1, 1], &[1], &[]]);
        assert_eq!(
            play(&b, 2, 0, 3),
            (packed(&[&[], &[], &[], &[2], &[]]), true)
        );
        // Two waves.
        let b = packed(&[&[], &[5, 6, 4], &[4, 4, 7, 5], &[5], &[]]);
        assert_eq!(
            play(&b, 1, 2, 2),
            (packed(&[&[], &[6, 7], &[], &[], &[]]), true)
        );
        // A full column of seven stays within its 28 bits.
        let b = packed(&[&[1, 2, 1, 2, 1, 2, 1], &[2], &[], &[], &[]]);
        let (after, _) = play(&b, 1, 0, 0);
        assert_eq!(
            after,
            packed(&[&[2, 2, 1, 2, 1, 2, 1], &[1], &[], &[], &[]])
        );
    }

    #[test]
    fn lonely_colours_are_seen() {
        let lonely = |columns: &[&[u8]]| needs(&packed(columns), 5).is_none();
        assert!(lonely(&[&[1], &[2], &[1], &[2], &[1]]));
        assert!(!lonely(&[&[1], &[2], &[1], &[2], &[1, 2]]));
        assert!(!lonely(&[&[], &[], &[], &[], &[]]));
        assert!(lonely(&[&[10, 9, 10], &[9, 10], &[], &[], &[]]));
        assert!(!lonely(&[&[10, 9, 10], &[9, 10], &[9], &[], &[]]));
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
                assert_eq!(play(&b, x, y, x - 1), play(&b, x - 1, y, x), "({x}, {y})");
                checked += 1;
            }
        }
        assert_eq!(checked, 7);
        // 1 1 2 1 with 2 2 above the last 1: the swap of (2, 0) and (3, 0) empties the board. It is
        // both the right drag of (2, 0) and the left drag of (3, 0); the answer names the first.
        let c = case(1, &[&[1], &[1], &[2], &[1, 2, 2], &[]]);
        assert_eq!(solve(&c), moves(&[(2, 0, 1)]));
    }

    fn needs(b: &Packed, left: usize) -> Option<u16> {
        Spread::needs(&Spread::steps_of(&b.spreads()), left)
    }

    /// The table entry for blocks standing in these columns.
    fn steps(columns: &[usize]) -> u8 {
        let index: usize = columns.iter().map(|&x| 1 << (3 * x)).sum();
        Spread::TABLE[index]
    }

    /// The steps of three to five blocks found another way: their sorted columns paired with
    /// the sorted columns of every run (and, for five, every pair of crossing runs of three).
    fn explicit_steps(index: usize) -> u8 {
        let mut columns = [0usize; 5];
        let mut k = 0;
        let mut x = 0;
        while x < COLS {
            let mut n = (index >> (SPREAD_BITS as usize * x)) & 7;
            while n > 0 {
                if k == 5 {
                    return 0;
                }
                columns[k] = x;
                k += 1;
                n -= 1;
            }
            x += 1;
        }
        if k == 0 {
            return 0;
        }
        if k < 3 {
            return LONELY;
        }
        let mut best = usize::MAX;
        // Vertical: all in column z.
        let mut z = 0;
        while z < COLS {
            let mut pattern = [z; 5];
            pattern[4] = z;
            best = min(best, cost(&columns, &pattern, k));
            z += 1;
        }
        // Horizontal: columns z..z + k.
        let mut z = 0;
        while z + k <= COLS {
            let mut pattern = [0; 5];
            let mut i = 0;
            while i < k {
                pattern[i] = z + i;
                i += 1;
            }
            best = min(best, cost(&columns, &pattern, k));
            z += 1;
        }
        // Five: a horizontal three at z..z + 3 crossed by a vertical three in column z + j.
        if k == 5 {
            let mut z = 0;
            while z + 3 <= COLS {
                let mut j = 0;
                while j < 3 {
                    // Sorted: the columns left of z + j, three times z + j, the columns right.
                    let mut pattern = [0; 5];
                    let mut i = 0;
                    let mut col = z;
                    while col < z + 3 {
                        let times = if col == z + j { 3 } else { 1 };
                        let mut t = 0;
                        while t < times {
                            pattern[i] = col;
                            i += 1;
                            t += 1;
                        }
                        col += 1;
                    }
                    best = min(best, cost(&columns, &pattern, k));
                    j += 1;
                }
                z += 1;
            }
        }
        best as u8
    }

    fn cost(columns: &[usize; 5], pattern: &[usize; 5], k: usize) -> usize {
        let mut sum = 0;
        let mut i = 0;
        while i < k {
            sum += columns[i].abs_diff(pattern[i]);
            i += 1;
        }
        sum
    }

    fn min(a: usize, b: usize) -> usize {
        if a < b {
            a
        } else {
            b
        }
    }

    #[test]
    fn three_to_five_blocks_need_the_steps_to_a_run() {
        let mut checked = 0;
        for index in 0..SPREAD_SIZE {
            let k = Spread::total(index);
            if (1..=5).contains(&k) {
                let want = if k < 3 { LONELY } else { explicit_steps(index) };
                assert_eq!(Spread::TABLE[index], want, "{index:o}");
                checked += 1;
            }
        }
        assert_eq!(checked, 5 + 15 + 35 + 70 + 126);
    }

    #[test]
    fn column_steps_to_a_run() {
        assert_eq!(steps(&[]), 0);
        assert_eq!(steps(&[2]), LONELY);
        assert_eq!(steps(&[0, 4]), LONELY);
        // Three: a vertical or a horizontal run.
        assert_eq!(steps(&[1, 1, 1]), 0);
        assert_eq!(steps(&[0, 1, 2]), 0);
        assert_eq!(steps(&[0, 2, 3]), 1);
        assert_eq!(steps(&[0, 2, 4]), 2);
        assert_eq!(steps(&[0, 0, 4]), 3);
        assert_eq!(steps(&[0, 4, 4]), 3);
        // Four.
        assert_eq!(steps(&[3, 3, 3, 3]), 0);
        assert_eq!(steps(&[1, 2, 3, 4]), 0);
        assert_eq!(steps(&[0, 2, 3, 4]), 1);
        assert_eq!(steps(&[0, 0, 4, 4]), 4);
        // Five: a line or two crossing runs of three.
        assert_eq!(steps(&[0, 1, 2, 3, 4]), 0);
        assert_eq!(steps(&[1, 2, 2, 2, 3]), 0);
        assert_eq!(steps(&[2, 2, 2, 3, 4]), 0);
        assert_eq!(steps(&[0, 1, 2, 2, 2]), 0);
        assert_eq!(steps(&[0, 0, 1, 2, 4]), 3);
        // Six and seven: several runs, in one wave or more.
        assert_eq!(steps(&[0, 0, 0, 4, 4, 4]), 0);
        assert_eq!(steps(&[0, 1, 1, 2, 2, 3]), 0);
        assert_eq!(steps(&[1, 1, 1, 2, 3, 4]), 0);
        assert_eq!(steps(&[0, 1, 2, 2, 2, 2]), 0);
        assert_eq!(steps(&[0, 1, 2, 3, 3, 3]), 0);
        assert_eq!(steps(&[0, 0, 2, 2, 4, 4]), 2);
        assert_eq!(steps(&[0, 1, 2, 2, 3, 4, 4]), 1);
        assert_eq!(steps(&[0, 0, 0, 0, 4, 4, 4]), 0);
        assert_eq!(steps(&[0, 0, 2, 2, 2, 4, 4]), 2);
        // Above seven: no bound.
        assert_eq!(steps(&[0, 0, 2, 2, 2, 2, 4, 4]), 0);
    }

    #[test]
    fn needs_a_word_at_a_time_as_one_colour_at_a_time() {
        use rand::{Rng as _, SeedableRng as _};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20_000 {
            let mut steps = [0u8; 16];
            for s in &mut steps[1..=10] {
                *s = match rng.random_range(0..12) {
                    0 => LONELY,
                    k => (k % 7) as u8,
                };
            }
            let left = rng.random_range(1..=6);
            assert_eq!(
                Spread::needs(&steps, left),
                Spread::needs_slowly(&steps, left),
                "{steps:?} {left}"
            );
        }
        let mut steps = [0u8; 16];
        steps[3] = 2;
        steps[7] = 2;
        assert_eq!(Spread::needs(&steps, 2), Some(1 << 3 | 1 << 7));
        steps[9] = 1;
        assert_eq!(Spread::needs(&steps, 2), None);
        steps[9] = 0;
        assert_eq!(Spread::needs(&steps, 3), Some(0));
        steps[10] = 2;
        assert_eq!(Spread::needs(&steps, 3), Some(0));
        steps[1] = 2;
        assert_eq!(Spread::needs(&steps, 3), None);
    }

    #[test]
    fn too_far_and_needed_colours() {
        // Colour 1 in columns 0, 2, 4 needs two steps; colour 2 in 0, 1, 3 one.
        let b = packed(&[&[1, 2], &[2], &[1], &[2], &[1]]);
        assert_eq!(needs(&b, 1), None);
        assert_eq!(needs(&b, 2), Some(1 << 1));
        assert_eq!(needs(&b, 3), Some(0));
        // Three colours one step each: three steps are more than one move makes.
        let b = packed(&[&[1, 2, 3], &[], &[1, 2, 3], &[1, 2, 3], &[]]);
        assert_eq!(needs(&b, 1), None);
        assert_eq!(needs(&b, 2), Some(0));
        // A board one move from empty: colour 5 needs its step now.
        let b = packed(&[&[5], &[5], &[], &[5], &[]]);
        assert_eq!(needs(&b, 1), Some(1 << 5));
        assert_eq!(
            solve(&case(1, &[&[5], &[5], &[], &[5], &[]])),
            moves(&[(3, 0, -1)])
        );
    }

    /// Every sequence of `left` moves from `board` that empties it exactly at the end (the
    /// reference's rules), each as the boards before its moves.
    fn all_answers(
        board: &Board,
        left: usize,
        path: &mut Vec<(Board, Move)>,
        out: &mut Vec<Vec<(Board, Move)>>,
    ) {
        if left == 0 {
            if board.is_cleared() {
                out.push(path.clone());
            }
            return;
        }
        for m in reference::mayan::legal_moves(board) {
            if let Some(played) = reference::mayan::play(board, m) {
                path.push((*board, m));
                all_answers(&played.board, left - 1, path, out);
                path.pop();
            }
        }
    }

    /// On random small boards of one or two colours: along every answer (every sequence of n
    /// moves that empties the board, not only the smallest), each position is within the spread
    /// bound for the moves it has left and each move displaces a block of every colour the bound
    /// says it must. The engine's answer is the reference's.
    #[test]
    fn the_spread_bound_never_cuts_an_answer() {
        use rand::{Rng as _, SeedableRng as _};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut answers, mut bound_used) = (0, 0);
        for _ in 0..2000 {
            let k = rng.random_range(1..=2u8);
            let mut cells = [[0u8; ROWS]; COLS];
            let mut blocks = 0;
            for x in 0..COLS {
                for y in 0..rng.random_range(0..=3usize) {
                    let wanted = rng.random_range(1..=k);
                    let fits = (0..k).map(|i| (wanted - 1 + i) % k + 1).find(|&c| {
                        let below = y >= 2 && cells[x][y - 1] == c && cells[x][y - 2] == c;
                        let beside = x >= 2 && cells[x - 1][y] == c && cells[x - 2][y] == c;
                        !below && !beside
                    });
                    match fits {
                        Some(c) if blocks < 9 => {
                            cells[x][y] = c;
                            blocks += 1;
                        }
                        _ => break,
                    }
                }
            }
            let columns: Vec<Vec<u8>> = cells
                .iter()
                .map(|col| col.iter().copied().take_while(|&c| c != 0).collect())
                .collect();
            let c = Case {
                n: rng.random_range(1..=3),
                board: Board::from_columns(&columns).unwrap(),
            };
            assert_eq!(solve(&c), reference::mayan::solve(&c), "{}", c.write());
            if c.n == 3 {
                continue;
            }
            let mut all = Vec::new();
            all_answers(&c.board, c.n, &mut Vec::new(), &mut all);
            for answer in &all {
                answers += 1;
                for (i, (board, m)) in answer.iter().enumerate() {
                    let here = Packed::from_case(&Case {
                        n: 1,
                        board: *board,
                    });
                    let need = needs(&here, c.n - i);
                    let need = need.unwrap_or_else(|| panic!("{} cut at move {i}", c.write()));
                    bound_used += usize::from(need != 0);
                    let (x, y) = (usize::from(m.x), usize::from(m.y));
                    let t = m.target().unwrap();
                    let moved = 1u16 << board.get(x, y) | 1u16 << board.get(t, y);
                    assert_eq!(need & !moved, 0, "{} move {i}", c.write());
                }
            }
        }
        assert!(answers > 300, "{answers} {bound_used}");
        assert!(bound_used > 100, "{answers} {bound_used}");
    }

    #[test]
    fn a_start_holding_a_run_is_solved_like_the_reference() {
        // Outside the statement (the parser rejects it), but the answer is still the reference's:
        // the first move settles the whole board, whatever it touches.
        for columns in [
            &[&[1u8][..], &[1], &[1], &[2, 2], &[2]][..],
            &[&[3, 4], &[3, 4], &[3], &[4], &[]],
            &[&[5, 5, 5], &[6], &[6], &[], &[6]],
        ] {
            for n in 1..=3 {
                let c = Case {
                    n,
                    board: Board::from_columns(columns).unwrap(),
                };
                assert!(c.board.find_run().is_some());
                assert_eq!(
                    solve(&c),
                    reference::mayan::solve(&c),
                    "{columns:?}, n = {n}"
                );
            }
        }
    }

    /// Settled boards of a few colours (so that moves often form runs): each block takes the first
    /// colour from a drawn one on that makes no run with the blocks below it and to its left; a
    /// column stops early when none fits.
    fn settled_board() -> impl Strategy<Value = Packed> {
        (
            2u8..=4,
            proptest::collection::vec(
                (0usize..=ROWS, proptest::collection::vec(0u8..4, ROWS)),
                COLS,
            ),
        )
            .prop_map(|(k, columns)| {
                let mut cells = [[0u8; ROWS]; COLS];
                for (x, (h, draws)) in columns.iter().enumerate() {
                    for (y, &draw) in draws.iter().enumerate().take(*h) {
                        let fits = (0..k).map(|i| (draw + i) % k + 1).find(|&c| {
                            let below = y >= 2 && cells[x][y - 1] == c && cells[x][y - 2] == c;
                            let beside = x >= 2 && cells[x - 1][y] == c && cells[x - 2][y] == c;
                            !below && !beside
                        });
                        match fits {
                            Some(c) => cells[x][y] = c,
                            None => break,
                        }
                    }
                }
                let columns: Vec<Vec<u8>> = cells
                    .iter()
                    .map(|col| col.iter().copied().take_while(|&c| c != 0).collect())
                    .collect();
                let board = Board::from_columns(&columns).unwrap();
                assert!(board.find_run().is_none());
                Packed::from_case(&Case { n: 1, board })
            })
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Every drag of a settled board, left swaps included: the local look for runs agrees with
        /// the full settle (checked inside `play`), the colour counts follow the removals, and the
        /// board is the reference's.
        #[test]
        fn every_drag_matches_the_reference(b in settled_board()) {
            let board = to_board(&b);
            for x in 0..COLS {
                for y in 0..height(b.0[x]) {
                    for t in [x.wrapping_sub(1), x + 1] {
                        if t >= COLS {
                            continue;
                        }
                        let (next, removed) = play(&b, x, y, t);
                        let g = if t > x { 1 } else { -1 };
                        let want = reference::mayan::play(&board, Move::new(x, y, g)).unwrap();
                        prop_assert_eq!(to_board(&next), want.board, "({}, {}, {})", x, y, g);
                        prop_assert_eq!(removed, want.removed > 0);
                    }
                }
            }
        }

        /// The packed moves visit the statement's order, left swaps left out.
        #[test]
        fn moves_come_in_order(b in settled_board()) {
            let mut seen = Vec::new();
            each_move(&b, 0, |x, y, t, _, _| {
                seen.push(move_to(x, y, t));
                false
            });
            let board = to_board(&b);
            let want: Vec<Move> = reference::mayan::legal_moves(&board)
                .into_iter()
                .filter(|m| {
                    let (x, y) = (usize::from(m.x), usize::from(m.y));
                    !(m.g == -1 && y < board.height(x - 1))
                })
                .collect();
            prop_assert_eq!(seen, want);
        }
    }
}
