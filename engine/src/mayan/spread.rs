//! The column steps a colour's blocks need before they can all be gone.

use model::mayan::COLS;

/// For each colour (index = colour; 0 and 11..15 unused), how many of its blocks stand in each
/// column: 3 bits per column, column x at bits 3x..3x+3 (a column holds 7 blocks at most).
pub(super) type Spreads = [u16; 16];

/// For each colour, the column steps its blocks need before they can go ([`Spread`]).
pub(super) type Steps = [u8; 16];

/// Bits per column in a [`Spreads`] entry.
pub(super) const SPREAD_BITS: u32 = 3;

/// The [`Spread`] entry of a colour held once or twice: more steps than any search has moves.
pub(super) const LONELY: u8 = u8::MAX;

/// The number of [`Spread`] entries.
pub(super) const SPREAD_SIZE: usize = 1 << (SPREAD_BITS as usize * COLS);

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
pub(super) struct Spread;

impl Spread {
    pub(super) const TABLE: [u8; SPREAD_SIZE] = Spread::table();

    /// How many blocks column z holds in entry `index`.
    pub(super) const fn count(index: usize, z: usize) -> usize {
        (index >> (SPREAD_BITS as usize * z)) & 7
    }

    pub(super) const fn total(index: usize) -> usize {
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
    pub(super) const fn reachable(index: usize) -> bool {
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

    pub(super) const fn table() -> [u8; SPREAD_SIZE] {
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
    pub(super) fn steps_of(spreads: &Spreads) -> Steps {
        let mut steps = [0u8; 16];
        for (st, &sp) in steps.iter_mut().zip(spreads) {
            *st = Spread::of(sp);
        }
        steps
    }

    /// The steps of one colour.
    #[inline(always)]
    pub(super) fn of(spread: u16) -> u8 {
        Spread::TABLE[usize::from(spread) & (SPREAD_SIZE - 1)]
    }

    /// `None` when the colours need more column steps than `left` moves can make: one colour
    /// more than `left`, or all together more than `2 * left` (always with a lonely colour).
    /// Otherwise the colours (a bit per colour) that need `left` steps: the next move must
    /// displace a block of each, since one that stays put keeps needing `left` steps.
    #[inline(always)]
    pub(super) fn needs(steps: &Steps, left: usize) -> Option<u16> {
        let fast = Spread::needs_fast(steps, left);
        // The word-at-a-time version against the plain one, in the diff build.
        debug_assert_eq!(
            fast,
            Spread::needs_slowly(steps, left),
            "{steps:?}, {left} left"
        );
        fast
    }

    /// [`Spread::needs`] eight colours at a time (`left` <= [`MAX_LEFT`](super::MAX_LEFT)).
    #[inline(always)]
    fn needs_fast(steps: &Steps, left: usize) -> Option<u16> {
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

    /// [`Spread::needs`] one colour at a time.
    pub(super) fn needs_slowly(steps: &Steps, left: usize) -> Option<u16> {
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

/// Checks [`Spread::TABLE`] once per process against the same steps found another way (in the
/// diff build, where debug assertions are on): the allowed final columns are built from the rule
/// (up to two horizontal intervals of three columns or more, then in each column no extra block
/// or enough of them) instead of recognised, and the steps to one are the cost of carrying blocks
/// along a line (the sum of the differences of the running counts) instead of a breadth-first
/// search.
#[cfg(debug_assertions)]
#[cfg_attr(mutants, mutants::skip)] // a check of the table in debug builds, no part of an answer
pub(super) fn check_table() {
    static CHECKED: std::sync::Once = std::sync::Once::new();
    CHECKED.call_once(|| {
        const SIDES: usize = 5;
        let spans = [(0, 2), (1, 3), (2, 4), (0, 3), (1, 4), (0, 4)];
        // Every allowed final placement of 3 to 7 blocks, as blocks per column.
        let mut finals: Vec<[usize; SIDES]> = Vec::new();
        for a in 0..=spans.len() {
            for b in a..=spans.len() {
                let mut cover = [0usize; SIDES];
                for pick in [a, b] {
                    if let Some(&(lo, hi)) = pick.checked_sub(1).and_then(|i| spans.get(i)) {
                        cover[lo..=hi].iter_mut().for_each(|c| *c += 1);
                    }
                }
                // Each column gets no extra block, or at least what makes it a vertical run (one
                // when two horizontal runs cross there), up to seven blocks in all.
                let mut stack = vec![(0usize, cover)];
                while let Some((z, t)) = stack.pop() {
                    if z == SIDES {
                        let k: usize = t.iter().sum();
                        if (3..=7).contains(&k) {
                            finals.push(t);
                        }
                        continue;
                    }
                    stack.push((z + 1, t));
                    let least = if cover[z] >= 2 { 1 } else { 3 - cover[z] };
                    for extra in least..=7 {
                        let mut more = t;
                        more[z] += extra;
                        if more.iter().sum::<usize>() <= 7 {
                            stack.push((z + 1, more));
                        }
                    }
                }
            }
        }
        let carry = |s: &[usize; SIDES], t: &[usize; SIDES]| -> usize {
            let (mut run_s, mut run_t, mut cost) = (0isize, 0isize, 0usize);
            for z in 0..SIDES {
                run_s += s[z] as isize;
                run_t += t[z] as isize;
                cost += run_s.abs_diff(run_t);
            }
            cost
        };
        for index in 0..SPREAD_SIZE {
            let s: [usize; SIDES] = std::array::from_fn(|z| (index >> (3 * z)) & 7);
            let k: usize = s.iter().sum();
            let want = match k {
                0 => 0,
                1 | 2 => LONELY,
                3..=7 => finals
                    .iter()
                    .filter(|t| t.iter().sum::<usize>() == k)
                    .map(|t| carry(&s, t))
                    .min()
                    .map_or(u8::MAX, |d| d as u8),
                _ => 0,
            };
            assert_eq!(Spread::TABLE[index], want, "steps of the spread {index:o}");
        }
    });
}
