//! Playing a case forward while it is generated ([`Sim`]), and the run tests the generator and the
//! shrinker use: a heuristic of the generator only (see the parent module).

use super::fall_columns;
use model::texas::{Board, Pos, MAX_SIDE};

/// Whether (r, c) of the row-major n x m colour grid `g` lies in a run (three or more equal
/// non-empty colours in a row or a column).
pub fn run_through(g: &[u8], n: usize, m: usize, r: usize, c: usize) -> bool {
    let i = r * m + c;
    let v = g[i];
    if v == 0 {
        return false;
    }
    let left = c >= 1 && g[i - 1] == v;
    let right = c + 1 < m && g[i + 1] == v;
    if (left && (right || (c >= 2 && g[i - 2] == v))) || (right && c + 2 < m && g[i + 2] == v) {
        return true;
    }
    let up = r >= 1 && g[i - m] == v;
    let down = r + 1 < n && g[i + m] == v;
    (up && (down || (r >= 2 && g[i - 2 * m] == v))) || (down && r + 2 < n && g[i + 2 * m] == v)
}

/// Whether swapping the pieces at the 4-adjacent cells `a` and `b` of a board without runs would
/// make a run (false when either cell is empty, both hold the same colour, or the cells are not
/// 4-adjacent).
pub fn swap_makes_run(g: &[u8], n: usize, m: usize, a: Pos, b: Pos) -> bool {
    // The top or left cell first.
    let (a, b) = if (b.r(), b.c()) < (a.r(), a.c()) {
        (b, a)
    } else {
        (a, b)
    };
    let (r, c) = (a.r(), a.c());
    let (ia, ib) = (r * m + c, b.r() * m + b.c());
    let (x, y) = (g[ia], g[ib]);
    let differ = (x != 0) & (y != 0) & (x != y);
    // Colour `v` at index `i`, the test `ok` standing for "on the board" (no branch: the other
    // tests are made anyway, out-of-range indices read as no colour).
    let is = |i: usize, ok: bool, v: u8| ok & (g.get(i).copied() == Some(v));
    // After the swap `a` holds y and `b` holds x. Along the line of the swap each of them can
    // only extend away from the other (which holds a different colour).
    if b.r() == r && b.c() == c + 1 {
        let along = (is(ia.wrapping_sub(1), c >= 1, y) & is(ia.wrapping_sub(2), c >= 2, y))
            | (is(ib + 1, c + 2 < m, x) & is(ib + 2, c + 3 < m, x));
        differ & (along | across(g, ia, m, r, n, y) | across(g, ib, m, r, n, x))
    } else if b.c() == c && b.r() == r + 1 {
        let along = (is(ia.wrapping_sub(m), r >= 1, y) & is(ia.wrapping_sub(2 * m), r >= 2, y))
            | (is(ib + m, r + 2 < n, x) & is(ib + 2 * m, r + 3 < n, x));
        differ & (along | across(g, ia, 1, c, m, y) | across(g, ib, 1, c, m, x))
    } else {
        false
    }
}

/// Whether colour `v` at index `i` would lie in a run along the line of step `step` through it,
/// `k` being its place on that line of `len` cells (its two neighbours on each side count).
#[inline]
fn across(g: &[u8], i: usize, step: usize, k: usize, len: usize, v: u8) -> bool {
    let is = |j: usize, ok: bool| ok & (g.get(j).copied() == Some(v));
    let before1 = is(i.wrapping_sub(step), k >= 1);
    let before2 = is(i.wrapping_sub(2 * step), k >= 2);
    let after1 = is(i + step, k + 1 < len);
    let after2 = is(i + 2 * step, k + 2 < len);
    (before1 & (after1 | before2)) | (after1 & after2)
}

/// A board played forward operation by operation, with every buffer reused from case to case.
#[derive(Debug, Clone)]
pub struct Sim {
    n: usize,
    m: usize,
    colour: Vec<u8>,
    special: Vec<u8>,
    /// Cells in a run, then cells removed, one mask per row.
    matched: [u64; MAX_SIDE],
    removed: [u64; MAX_SIDE],
    /// Cells that changed since runs were last looked for: every new run passes through one.
    dirty: [u64; MAX_SIDE],
    /// Cells that may have changed since [`Sim::clear_changed`].
    changed: [u64; MAX_SIDE],
    /// Specials still to trigger, as cell indices.
    pending: Vec<u16>,
    /// Counts the valid operations played since the last load (the board changes only then).
    changes: u64,
}

impl Default for Sim {
    fn default() -> Self {
        Sim {
            n: 0,
            m: 0,
            colour: Vec::new(),
            special: Vec::new(),
            matched: [0; MAX_SIDE],
            removed: [0; MAX_SIDE],
            dirty: [0; MAX_SIDE],
            changed: [0; MAX_SIDE],
            pending: Vec::new(),
            changes: 0,
        }
    }
}

impl Sim {
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts from `n x m` cells with these colours and specials (row-major).
    pub fn load(&mut self, n: usize, m: usize, colour: &[u8], special: &[u8]) {
        debug_assert!(n <= MAX_SIDE && m <= MAX_SIDE && colour.len() == n * m);
        self.n = n;
        self.m = m;
        self.colour.clear();
        self.colour.extend_from_slice(colour);
        self.special.clear();
        self.special.extend_from_slice(special);
        self.changes = 0;
        self.changed = [0; MAX_SIDE];
    }

    pub fn n(&self) -> usize {
        self.n
    }
    pub fn m(&self) -> usize {
        self.m
    }
    /// The colours, row-major (0 = empty).
    pub fn colour(&self) -> &[u8] {
        &self.colour
    }
    /// The specials, row-major.
    pub fn special(&self) -> &[u8] {
        &self.special
    }
    /// How many valid operations changed the board since [`Sim::load`]: equal counts mean an
    /// unchanged board.
    pub fn changes(&self) -> u64 {
        self.changes
    }
    /// The cells that may have changed since the last [`Sim::clear_changed`] (or the load), one
    /// mask per row: a cell outside them holds the same piece.
    pub fn changed(&self) -> &[u64] {
        &self.changed[..self.n]
    }
    pub fn clear_changed(&mut self) {
        self.changed = [0; MAX_SIDE];
    }

    /// The board as a value.
    pub fn board(&self) -> Board {
        Board {
            n: self.n,
            m: self.m,
            colour: self.colour.clone(),
            special: self.special.clone(),
        }
    }

    /// Whether swapping `a` and `b` is a valid operation: two 4-adjacent pieces that make a run.
    pub fn is_valid(&self, a: Pos, b: Pos) -> bool {
        a.r() < self.n
            && b.r() < self.n
            && a.c() < self.m
            && b.c() < self.m
            && swap_makes_run(&self.colour, self.n, self.m, a, b)
    }

    /// Plays one operation; returns whether it was valid (an invalid one changes nothing).
    pub fn apply(&mut self, a: Pos, b: Pos) -> bool {
        if !self.is_valid(a, b) {
            return false;
        }
        let (ia, ib) = (a.r() * self.m + a.c(), b.r() * self.m + b.c());
        self.colour.swap(ia, ib);
        self.special.swap(ia, ib);
        self.dirty[..self.n].fill(0);
        self.dirty[a.r()] |= 1 << a.c();
        self.dirty[b.r()] |= 1 << b.c();
        self.changed[a.r()] |= 1 << a.c();
        self.changed[b.r()] |= 1 << b.c();
        while self.find_runs() {
            self.add_specials();
            self.remove_and_fall();
        }
        self.changes += 1;
        true
    }

    /// M: every cell in a run, into `matched`; false when there is none. The board had no run
    /// before its last change, so every run passes through a cell of `dirty` (which is emptied).
    fn find_runs(&mut self) -> bool {
        let (n, m) = (self.n, self.m);
        let g = &self.colour;
        self.matched[..n].fill(0);
        let mut any = false;
        // Horizontal runs: the segment of each dirty piece, once per segment.
        let mut columns = 0u64;
        let (mut first, mut last) = ([usize::MAX; MAX_SIDE], [0usize; MAX_SIDE]);
        for r in 0..n {
            let mut bits = std::mem::take(&mut self.dirty[r]);
            let mut fresh = bits & !columns;
            while fresh != 0 {
                first[fresh.trailing_zeros() as usize] = r;
                fresh &= fresh - 1;
            }
            let mut each = bits;
            while each != 0 {
                last[each.trailing_zeros() as usize] = r;
                each &= each - 1;
            }
            columns |= bits;
            let row = &g[r * m..(r + 1) * m];
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                let v = row[c];
                let (mut lo, mut hi) = (c, c);
                if v != 0 {
                    while lo > 0 && row[lo - 1] == v {
                        lo -= 1;
                    }
                    while hi + 1 < m && row[hi + 1] == v {
                        hi += 1;
                    }
                    if hi - lo >= 2 {
                        self.matched[r] |= ((1u64 << (hi - lo + 1)) - 1) << lo;
                        any = true;
                    }
                }
                // Every dirty cell of this segment is done.
                bits &= !(((1u64 << (hi - lo + 1)) - 1) << lo);
            }
        }
        // Vertical runs: the segments of each column from its first to its last dirty cell.
        while columns != 0 {
            let c = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            let mut start = first[c];
            let v = g[start * m + c];
            while start > 0 && g[(start - 1) * m + c] == v {
                start -= 1;
            }
            while start <= last[c] {
                let v = g[start * m + c];
                let mut end = start + 1;
                while end < n && g[end * m + c] == v {
                    end += 1;
                }
                if v != 0 && end - start >= 3 {
                    for mask in &mut self.matched[start..end] {
                        *mask |= 1 << c;
                    }
                    any = true;
                }
                start = end;
            }
        }
        any
    }

    /// E: `matched` plus everything the specials add, into `removed`. Every piece of E with a
    /// special triggers once; empty cells are never added.
    fn add_specials(&mut self) {
        let (n, m) = (self.n, self.m);
        self.removed[..n].copy_from_slice(&self.matched[..n]);
        self.pending.clear();
        for r in 0..n {
            let mut bits = self.matched[r];
            while bits != 0 {
                let i = r * m + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.special[i] != 0 {
                    self.pending.push(i as u16);
                }
            }
        }
        while let Some(i) = self.pending.pop() {
            let i = usize::from(i);
            let (r, c) = (i / m, i % m);
            match self.special[i] {
                1 => self.add_rect(r, r, 0, m - 1),
                2 => self.add_rect(0, n - 1, c, c),
                3 => {
                    self.add_rect(r, r, 0, m - 1);
                    self.add_rect(0, n - 1, c, c);
                }
                4 | 5 => {
                    let radius = usize::from(self.special[i] - 3);
                    self.add_rect(
                        r.saturating_sub(radius),
                        (r + radius).min(n - 1),
                        c.saturating_sub(radius),
                        (c + radius).min(m - 1),
                    );
                }
                6 => {
                    let v = self.colour[i];
                    for rr in 0..n {
                        for cc in 0..m {
                            if self.colour[rr * m + cc] == v {
                                self.add(rr, cc);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Adds every piece of rows `r0..=r1`, columns `c0..=c1` to `removed`.
    fn add_rect(&mut self, r0: usize, r1: usize, c0: usize, c1: usize) {
        for r in r0..=r1 {
            for c in c0..=c1 {
                self.add(r, c);
            }
        }
    }

    /// Adds the piece at (r, c) to `removed`; a special not yet in it will trigger.
    fn add(&mut self, r: usize, c: usize) {
        let i = r * self.m + c;
        if self.colour[i] != 0 && self.removed[r] >> c & 1 == 0 {
            self.removed[r] |= 1 << c;
            if self.special[i] != 0 {
                self.pending.push(i as u16);
            }
        }
    }

    /// Empties the cells of `removed` and lets the pieces fall; every cell of a column that lost
    /// pieces, down to its lowest removed cell, is marked dirty.
    fn remove_and_fall(&mut self) {
        let (n, m) = (self.n, self.m);
        let mut columns = 0u64;
        for r in (0..n).rev() {
            let mut bits = self.removed[r];
            // Columns whose lowest removed cell is in this row: from their top piece down to here
            // every cell may change (the rows above it hold no piece and stay empty).
            let mut lowest = bits & !columns;
            while lowest != 0 {
                let c = lowest.trailing_zeros() as usize;
                lowest &= lowest - 1;
                let mut top = 0;
                while top < r && self.colour[top * m + c] == 0 {
                    top += 1;
                }
                for (dirty, changed) in self.dirty[top..=r]
                    .iter_mut()
                    .zip(&mut self.changed[top..=r])
                {
                    *dirty |= 1 << c;
                    *changed |= 1 << c;
                }
            }
            columns |= bits;
            while bits != 0 {
                let i = r * m + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.colour[i] = 0;
                self.special[i] = 0;
            }
        }
        fall_columns(&mut self.colour, &mut self.special, n, m, columns);
    }
}
