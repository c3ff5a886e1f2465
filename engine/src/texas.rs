//! Texas Match-3, fast: bitboards, work lists, no allocation per operation.
//!
//! The board is kept three ways at once, all updated together:
//! - the cells (`colour`, `special`), column-major, so that gravity walks contiguous memory;
//! - per colour, one [`Line`] per row (`by_row[x][r]`, bit c) and one per column (`by_col[x][c]`,
//!   bit r): a horizontal run of colour x in row r is `by_row[x][r].runs()`, a vertical one in
//!   column c is `by_col[x][c].runs()`, and special 6 is the OR of `by_row[x]`;
//! - per row, the occupied cells and the cells holding a special.
//!
//! An operation is checked from the lines through the two swapped cells only, without touching the
//! board. A valid one runs a cascade driven by a work list of changed cells. The board is stable
//! before the swap, so every run of round 1 goes through a swapped cell; after a round, a run of the
//! next one holds a cell that was removed or changed colour (a set of cells that kept their colours
//! and were not removed was no run, or it would have been removed). A round therefore looks only at
//! the columns holding changed cells and, in each, once at each colour of those cells: vertical runs
//! from the column mask, horizontal ones from the AND of the neighbouring column masks (for all rows
//! at once), completed from the row masks.
//!
//! Combos are flood fills on the colour masks. Specials are a closure over the removed set E,
//! computed in waves: squares and special 6 are mask ORs, whole rows and columns are collected as
//! two masks and applied once per wave. Removal and gravity walk each touched column once, bottom
//! up, compacting it where it stands; the masks change only where a cell's colour does, and those
//! cells (with the removed cells that received a piece) are the next work list. Every buffer lives
//! in [`Engine`]: applying an operation never allocates.

pub mod line;

use line::{Grid, Line};
use model::texas::{
    Board, Case, Hand, HandKind, Invalid, NoTrace, Op, Outcome, Pos, Recorder, Score, Sink,
    MAX_COLOURS, MAX_SIDE,
};

/// Colour ids 0..=100 (0 is never set in the colour masks).
const COLOURS: usize = MAX_COLOURS as usize + 1;

/// Per colour, one line per row or per column.
type ColourLines = [[Line; MAX_SIDE]; COLOURS];

/// The optimized Texas Match-3 engine. Create once, [`load`](Engine::load) a case, then
/// [`apply`](Engine::apply) its operations in order and [`finish`](Engine::finish).
pub struct Engine {
    n: usize,
    m: usize,
    /// `colour[c][r]`: the colour at (r, c), 0 when empty.
    colour: Box<[[u8; MAX_SIDE]; MAX_SIDE]>,
    /// `special[c][r]`: the special at (r, c), 0 for a plain piece or an empty cell.
    special: Box<[[u8; MAX_SIDE]; MAX_SIDE]>,
    /// `by_row[x][r]`: the cells of row r holding colour x.
    by_row: Box<ColourLines>,
    /// `by_col[x][c]`: the cells of column c holding colour x (bit r for row r).
    by_col: Box<ColourLines>,
    /// The colours that may have a bit set in `by_row` / `by_col` (cleared on load).
    colours_used: usize,
    /// Per row: the cells holding a piece.
    occupied: [Line; MAX_SIDE],
    /// Per row: the cells holding a piece with a special.
    specials: [Line; MAX_SIDE],
    /// Per column: the first occupied row (`n` when the column is empty). Pieces rest at the bottom.
    top: [usize; MAX_SIDE],
    pieces: usize,

    // The work list: per column, the cells whose piece changed since the last round looked at them.
    changed_in_col: [Line; MAX_SIDE],
    dirty_cols: Line,

    // Per-round buffers.
    /// M: every cell in a run.
    matched: Grid,
    /// E: M plus what the specials added.
    removed: Grid,
    /// The specials of E that already triggered.
    triggered: Grid,
    /// Combo search: the cells of M not yet in a component, and the component being filled.
    unvisited: Grid,
    fill: Grid,
    /// Per column: the rows of E in that column.
    removed_in_col: [Line; MAX_SIDE],
    /// Plain row masks handed to the sink (only filled when tracing).
    trace_matched: [u64; MAX_SIDE],
    trace_removed: [u64; MAX_SIDE],

    // Scoring.
    score: Score,
    ops: usize,
    invalid_ops: usize,
    /// The main colours of the valid operations since the last hand (second 0 when only one).
    hand: [[u8; 2]; 5],
    hand_len: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with every buffer allocated for the largest board; load a case before use.
    pub fn new() -> Self {
        Engine {
            n: 0,
            m: 0,
            colour: Box::new([[0; MAX_SIDE]; MAX_SIDE]),
            special: Box::new([[0; MAX_SIDE]; MAX_SIDE]),
            by_row: Box::new([[Line::EMPTY; MAX_SIDE]; COLOURS]),
            by_col: Box::new([[Line::EMPTY; MAX_SIDE]; COLOURS]),
            colours_used: 0,
            occupied: [Line::EMPTY; MAX_SIDE],
            specials: [Line::EMPTY; MAX_SIDE],
            top: [0; MAX_SIDE],
            pieces: 0,
            changed_in_col: [Line::EMPTY; MAX_SIDE],
            dirty_cols: Line::EMPTY,
            matched: Grid::new(),
            removed: Grid::new(),
            triggered: Grid::new(),
            unvisited: Grid::new(),
            fill: Grid::new(),
            removed_in_col: [Line::EMPTY; MAX_SIDE],
            trace_matched: [0; MAX_SIDE],
            trace_removed: [0; MAX_SIDE],
            score: Score::default(),
            ops: 0,
            invalid_ops: 0,
            hand: [[0; 2]; 5],
            hand_len: 0,
        }
    }

    /// Resets the engine to the initial board of `case` (a valid case: full board, n, m <= 50),
    /// with a zero score. Reuses every buffer.
    pub fn load(&mut self, case: &Case) {
        let board = &case.board;
        let (n, m) = (board.n, board.m);
        assert!(
            n <= MAX_SIDE && m <= MAX_SIDE,
            "board is {n}x{m}, larger than {MAX_SIDE}x{MAX_SIDE}"
        );
        for x in 0..self.colours_used {
            self.by_row[x] = [Line::EMPTY; MAX_SIDE];
            self.by_col[x] = [Line::EMPTY; MAX_SIDE];
        }
        self.colours_used = 0;
        self.n = n;
        self.m = m;
        self.occupied = [Line::EMPTY; MAX_SIDE];
        self.specials = [Line::EMPTY; MAX_SIDE];
        self.pieces = 0;
        for c in 0..MAX_SIDE {
            self.colour[c] = [0; MAX_SIDE];
            self.special[c] = [0; MAX_SIDE];
            self.top[c] = n;
        }
        for r in (0..n).rev() {
            for c in 0..m {
                let x = board.colour_at(r, c);
                if x == 0 {
                    continue;
                }
                let s = board.special_at(r, c);
                self.colour[c][r] = x;
                self.special[c][r] = s;
                self.place_masks(r, c, x, s);
                self.occupied[r].insert(c);
                self.top[c] = r;
                self.pieces += 1;
                self.colours_used = self.colours_used.max(usize::from(x) + 1);
            }
        }
        self.changed_in_col = [Line::EMPTY; MAX_SIDE];
        self.dirty_cols = Line::EMPTY;
        self.removed_in_col = [Line::EMPTY; MAX_SIDE];
        self.score = Score::default();
        self.ops = 0;
        self.invalid_ops = 0;
        self.hand_len = 0;
    }

    /// Applies one operation, reporting its events to `sink`.
    pub fn apply<S: Sink>(&mut self, op: Op, sink: &mut S) {
        self.ops += 1;
        let (a_in_run, b_in_run) = match self.check(op.a, op.b) {
            Ok(found) => found,
            Err(why) => {
                self.invalid_ops += 1;
                sink.invalid(why);
                return;
            }
        };
        let (a, b) = ((op.a.r(), op.a.c()), (op.b.r(), op.b.c()));
        self.swap(a, b);

        let mut main = [0u8; 2];
        let mut mains = 0;
        for (in_run, (r, c)) in [(a_in_run, a), (b_in_run, b)] {
            if in_run {
                main[mains] = self.colour[c][r];
                mains += 1;
            }
        }
        sink.valid(&main[..mains]);

        let mut rounds = 0u64;
        loop {
            self.find_runs();
            if self.matched.is_empty() {
                break;
            }
            rounds += 1;
            let combo = self.combo_points();
            self.trigger_specials();
            let elimination = rounds * self.remove_and_fall();
            self.score.combo += combo;
            self.score.elimination += elimination;
            if S::ENABLED {
                self.matched.write_rows(self.n, &mut self.trace_matched);
                self.removed.write_rows(self.n, &mut self.trace_removed);
                sink.round(
                    &self.trace_matched[..self.n],
                    &self.trace_removed[..self.n],
                    combo,
                    elimination,
                );
            }
        }
        let chain = if rounds > 0 {
            80 * (rounds - 1) * (rounds - 1)
        } else {
            0
        };
        self.score.chain += chain;

        self.hand[self.hand_len] = [main[0], if mains == 2 { main[1] } else { 0 }];
        self.hand_len += 1;
        let hand = if self.hand_len == 5 {
            self.hand_len = 0;
            let hand = best_hand(&self.hand);
            self.score.hand += hand.points;
            Some(hand)
        } else {
            None
        };
        sink.end_op(chain, hand);
    }

    /// Adds the endgame bonuses for the operations applied so far and returns the breakdown.
    /// Calling it again gives the same answer.
    pub fn finish(&mut self) -> Score {
        let mut endgame = 0;
        if self.invalid_ops == 0 {
            endgame += 1000;
        }
        if self.pieces == 0 {
            endgame += 10000;
        }
        self.score.endgame = endgame;
        self.score
    }

    /// The current board.
    pub fn board(&self) -> Board {
        let mut board = Board::empty(self.n, self.m);
        for r in 0..self.n {
            for c in 0..self.m {
                let i = board.idx(r, c);
                board.colour[i] = self.colour[c][r];
                board.special[i] = self.special[c][r];
            }
        }
        board
    }

    /// Every cell of the current board that lies in a run, as row masks (n entries), found by the
    /// same detector the cascade uses with every cell marked as changed. The board between
    /// operations has no run; this is for loading arbitrary boards in tests and tools.
    pub fn runs(&mut self) -> Vec<u64> {
        for r in 0..self.n {
            for c in self.occupied[r] {
                self.mark_changed(r, c);
            }
        }
        self.find_runs();
        (0..self.n).map(|r| self.matched.row(r).0).collect()
    }

    // ---------------------------------------------------------------------------------------
    // Validity

    /// Decides an operation from the lines through the two cells, without changing anything.
    /// `Ok((a in a run, b in a run))` after the swap, at least one true.
    #[inline]
    fn check(&self, a: Pos, b: Pos) -> Result<(bool, bool), Invalid> {
        if a.r().abs_diff(b.r()) + a.c().abs_diff(b.c()) != 1 {
            return Err(Invalid::NotAdjacent);
        }
        let (x, y) = (self.colour_at(a), self.colour_at(b));
        if x == 0 || y == 0 {
            return Err(Invalid::EmptyCell);
        }
        if x == y {
            // Swapping two equal colours changes no line, and the board has no run.
            return Err(Invalid::NoRun);
        }
        let a_in_run = self.in_run_after_swap(a, y, b);
        let b_in_run = self.in_run_after_swap(b, x, a);
        if a_in_run || b_in_run {
            Ok((a_in_run, b_in_run))
        } else {
            Err(Invalid::NoRun)
        }
    }

    /// The colour at `p`, 0 when empty or off the board.
    #[inline]
    fn colour_at(&self, p: Pos) -> u8 {
        if p.r() < self.n && p.c() < self.m {
            self.colour[p.c()][p.r()]
        } else {
            0
        }
    }

    /// Whether `p` lies in a run once it holds colour `x`, the piece of colour `x` leaving `from`.
    #[inline]
    fn in_run_after_swap(&self, p: Pos, x: u8, from: Pos) -> bool {
        let x = usize::from(x);
        let mut row = self.by_row[x][p.r()];
        if from.r() == p.r() {
            row.remove(from.c());
        }
        if row.with(p.c()).runs().has(p.c()) {
            return true;
        }
        let mut col = self.by_col[x][p.c()];
        if from.c() == p.c() {
            col.remove(from.r());
        }
        col.with(p.r()).runs().has(p.r())
    }

    /// Swaps two pieces and marks both cells as changed.
    fn swap(&mut self, (ra, ca): (usize, usize), (rb, cb): (usize, usize)) {
        let (xa, sa) = (self.colour[ca][ra], self.special[ca][ra]);
        let (xb, sb) = (self.colour[cb][rb], self.special[cb][rb]);
        self.lift_masks(ra, ca, xa, sa);
        self.lift_masks(rb, cb, xb, sb);
        self.colour[ca][ra] = xb;
        self.special[ca][ra] = sb;
        self.colour[cb][rb] = xa;
        self.special[cb][rb] = sa;
        self.place_masks(ra, ca, xb, sb);
        self.place_masks(rb, cb, xa, sa);
        self.mark_changed(ra, ca);
        self.mark_changed(rb, cb);
    }

    /// Sets the mask bits of a piece (colour `x`, special `s`) at (r, c).
    #[inline]
    fn place_masks(&mut self, r: usize, c: usize, x: u8, s: u8) {
        let x = usize::from(x);
        self.by_row[x][r].insert(c);
        self.by_col[x][c].insert(r);
        if s != 0 {
            self.specials[r].insert(c);
        }
    }

    /// Clears the mask bits of a piece (colour `x`, special `s`) at (r, c).
    #[inline]
    fn lift_masks(&mut self, r: usize, c: usize, x: u8, s: u8) {
        let x = usize::from(x);
        self.by_row[x][r].remove(c);
        self.by_col[x][c].remove(r);
        if s != 0 {
            self.specials[r].remove(c);
        }
    }

    /// Moves the mask bits of cell (r, c) from colour `from` to colour `to` (0: none).
    #[inline]
    fn recolour(&mut self, r: usize, c: usize, from: u8, to: u8) {
        let (from, to) = (usize::from(from), usize::from(to));
        if from != 0 {
            self.by_row[from][r].remove(c);
            self.by_col[from][c].remove(r);
        }
        if to != 0 {
            self.by_row[to][r].insert(c);
            self.by_col[to][c].insert(r);
        }
    }

    #[inline]
    fn mark_changed(&mut self, r: usize, c: usize) {
        self.changed_in_col[c].insert(r);
        self.dirty_cols.insert(c);
    }

    // ---------------------------------------------------------------------------------------
    // One round

    /// M from the work list. A run through a changed cell (r, c) of colour x is vertical, in
    /// `by_col[x][c].runs()`, or horizontal, and then it holds three neighbours in columns
    /// c-2..c, c-1..c+1 or c..c+2: the AND of three neighbouring column masks of x gives, for every
    /// row at once, where such runs cross column c, and those rows take their runs from
    /// `by_row[x]`. Each colour of a column's changed cells is looked at once. Empties the work list.
    fn find_runs(&mut self) {
        self.matched.clear();
        for c in self.dirty_cols {
            let mut left = self.changed_in_col[c];
            self.changed_in_col[c] = Line::EMPTY;
            while let Some(r) = left.lowest() {
                let x = usize::from(self.colour[c][r]);
                let cols = &self.by_col[x];
                let near = |d: isize| {
                    let cc = c as isize + d;
                    if cc >= 0 && (cc as usize) < self.m {
                        cols[cc as usize]
                    } else {
                        Line::EMPTY
                    }
                };
                let here = cols[c];
                let (l2, l1, r1, r2) = (near(-2), near(-1), near(1), near(2));
                let across = here & ((l2 & l1) | (l1 & r1) | (r1 & r2));
                for run_row in across {
                    self.matched
                        .add_row(run_row, self.by_row[x][run_row].runs());
                }
                for run_row in here.runs() {
                    self.matched.insert(run_row, c);
                }
                left = (left & !here).without(r);
            }
        }
        self.dirty_cols = Line::EMPTY;
    }

    /// Combo points of M: each 4-connected one-colour component of x cells scores 50 (x - 3)^2.
    fn combo_points(&mut self) -> u64 {
        // Every cell of M lies in a run, so every component has at least 3 cells: fewer than 6
        // cells make exactly one component.
        let total = u64::from(self.matched.count());
        if total < 6 {
            let extra = total.saturating_sub(3);
            return 50 * extra * extra;
        }
        self.unvisited.copy_from(&self.matched);
        let mut points = 0;
        while let Some((r, c)) = self.unvisited.first() {
            let size = u64::from(self.flood(r, c));
            let extra = size.saturating_sub(3);
            points += 50 * extra * extra;
        }
        points
    }

    /// Fills the component of `unvisited` that holds (r0, c0), restricted to that cell's colour,
    /// takes it out of `unvisited` and returns its size.
    fn flood(&mut self, r0: usize, c0: usize) -> u32 {
        let x = usize::from(self.colour[c0][r0]);
        let last = self.n - 1;
        self.fill.insert(r0, c0);
        let (mut lo, mut hi) = (r0, r0);
        loop {
            let mut grew = false;
            let (from, to) = (lo.saturating_sub(1), (hi + 1).min(last));
            for r in (from..=to).chain((from..=to).rev()) {
                let allowed = self.unvisited.row(r) & self.by_row[x][r];
                let mut seed = self.fill.row(r);
                if r > 0 {
                    seed |= self.fill.row(r - 1);
                }
                if r < last {
                    seed |= self.fill.row(r + 1);
                }
                let grown = allowed.segments_through(seed);
                if grown != self.fill.row(r) {
                    self.fill.add_row(r, grown);
                    grew = true;
                    lo = lo.min(r);
                    hi = hi.max(r);
                }
            }
            if !grew {
                break;
            }
        }
        let mut size = 0;
        for r in lo..=hi {
            let part = self.fill.row(r);
            size += part.count();
            self.unvisited.remove_row(r, part);
        }
        self.fill.clear();
        size
    }

    /// E: M, closed under the specials of its pieces. Each special triggers once; whole rows and
    /// columns are collected as masks and added once per wave.
    fn trigger_specials(&mut self) {
        self.removed.copy_from(&self.matched);
        self.triggered.clear();
        let (mut full_rows, mut full_cols) = (Line::EMPTY, Line::EMPTY);
        let (mut added_rows, mut added_cols) = (Line::EMPTY, Line::EMPTY);
        let mut colours_added = [0u64; 2];
        loop {
            let mut fired = false;
            for r in self.removed.rows() {
                let ready = self.removed.row(r) & self.specials[r] & !self.triggered.row(r);
                for c in ready {
                    fired = true;
                    self.triggered.insert(r, c);
                    match self.special[c][r] {
                        1 => full_rows.insert(r),
                        2 => full_cols.insert(c),
                        3 => {
                            full_rows.insert(r);
                            full_cols.insert(c);
                        }
                        4 => self.add_square(r, c, 1),
                        5 => self.add_square(r, c, 2),
                        6 => {
                            let x = usize::from(self.colour[c][r]);
                            let (word, bit) = (x / 64, x % 64);
                            if colours_added[word] >> bit & 1 == 0 {
                                colours_added[word] |= 1 << bit;
                                for rr in 0..self.n {
                                    self.removed.add_row(rr, self.by_row[x][rr]);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            if !fired {
                break;
            }
            if full_rows != added_rows || full_cols != added_cols {
                for rr in 0..self.n {
                    let cells = if full_rows.has(rr) {
                        self.occupied[rr]
                    } else {
                        self.occupied[rr] & full_cols
                    };
                    self.removed.add_row(rr, cells);
                }
                added_rows = full_rows;
                added_cols = full_cols;
            }
        }
    }

    /// Adds the pieces of the (2d+1)x(2d+1) square centred on (r, c), clipped at the border.
    fn add_square(&mut self, r: usize, c: usize, d: usize) {
        let cols = Line::span(c as isize - d as isize, (c + d) as isize);
        for rr in r.saturating_sub(d)..=(r + d).min(self.n - 1) {
            self.removed.add_row(rr, self.occupied[rr] & cols);
        }
    }

    /// Removes E, lets every touched column fall (compacted in place) and records the pieces that
    /// moved as the next work list. Returns the sum of the removed colours.
    fn remove_and_fall(&mut self) -> u64 {
        let mut cols = Line::EMPTY;
        for r in self.removed.rows() {
            let row = self.removed.row(r);
            cols |= row;
            for c in row {
                self.removed_in_col[c].insert(r);
            }
        }
        let mut sum = 0u64;
        for c in cols {
            let gone = self.removed_in_col[c];
            self.removed_in_col[c] = Line::EMPTY;
            let Some(low) = gone.highest() else { continue };
            let top = self.top[c];
            // Walk up from the lowest removed cell; `dest` is where the next kept piece lands. A
            // cell is written once, after it was read, so `colour[c][dest]` still holds the piece
            // that was there: the masks change only where the colour does.
            let mut dest = low;
            let mut changed = Line::EMPTY;
            for r in (top..=low).rev() {
                let x = self.colour[c][r];
                if gone.has(r) {
                    sum += u64::from(x);
                    continue;
                }
                let s = self.special[c][r];
                let was = self.colour[c][dest];
                if was != x {
                    self.recolour(dest, c, was, x);
                    changed.insert(dest);
                } else if gone.has(dest) {
                    // A new piece of the same colour: the masks stay, the round must look again.
                    changed.insert(dest);
                }
                if (self.special[c][dest] != 0) != (s != 0) {
                    self.specials[dest].toggle(c);
                }
                self.colour[c][dest] = x;
                self.special[c][dest] = s;
                dest -= 1;
            }
            // Rows top..=dest are now empty: as many as were removed. They still hold their old
            // pieces (no piece landed there).
            for r in top..=dest {
                self.recolour(r, c, self.colour[c][r], 0);
                self.specials[r].remove(c);
                self.occupied[r].remove(c);
                self.colour[c][r] = 0;
                self.special[c][r] = 0;
            }
            self.top[c] = dest + 1;
            self.pieces -= gone.count() as usize;
            if !changed.is_empty() {
                self.changed_in_col[c] |= changed;
                self.dirty_cols.insert(c);
            }
        }
        sum
    }
}

/// The points and kind of five colours.
fn hand_of(colours: [u8; 5]) -> Hand {
    // Groups of equal colours as (size, colour), largest size first, then largest colour.
    let mut groups = [(0u8, 0u8); 5];
    let mut len = 0;
    for x in colours {
        match groups[..len].iter_mut().find(|g| g.1 == x) {
            Some(g) => g.0 += 1,
            None => {
                groups[len] = (1, x);
                len += 1;
            }
        }
    }
    let groups = &mut groups[..len];
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let c = |i: usize| u64::from(groups[i].1);
    let (kind, points) = match (groups[0].0, groups.get(1).map_or(0, |g| g.0)) {
        (5, _) => (HandKind::FiveOfAKind, 1000 + 10 * c(0)),
        (4, _) => (HandKind::FourOfAKind, 750 + 5 * c(0)),
        (3, 2) => (HandKind::FullHouse, 500 + 3 * c(0) + c(1)),
        (3, _) => (HandKind::ThreeOfAKind, 300 + 3 * c(0)),
        (2, 2) => (HandKind::TwoPairs, 200 + 2 * c(0) + c(1)),
        (2, _) => (HandKind::OnePair, 100 + 2 * c(0)),
        _ => (HandKind::HighCard, 50 + c(0)),
    };
    Hand { kind, points }
}

/// The best hand over every choice of main colour (`[first, second]`, second 0 when there is
/// one): the most points, and among the choices reaching them, the strongest kind.
fn best_hand(ops: &[[u8; 2]; 5]) -> Hand {
    let mut best: Option<Hand> = None;
    for choice in 0u32..32 {
        if (0..5).any(|i| choice >> i & 1 == 1 && ops[i][1] == 0) {
            continue;
        }
        let colours: [u8; 5] = std::array::from_fn(|i| ops[i][(choice >> i & 1) as usize]);
        let hand = hand_of(colours);
        best = Some(match best {
            Some(b) if (b.points, b.kind) >= (hand.points, hand.kind) => b,
            _ => hand,
        });
    }
    best.unwrap_or(Hand {
        kind: HandKind::HighCard,
        points: 0,
    })
}

/// Plays a whole case, reporting every event to `sink`; returns the score and the final board.
pub fn play<S: Sink>(case: &Case, sink: &mut S) -> (Score, Board) {
    let mut engine = Engine::new();
    engine.load(case);
    for &op in &case.ops {
        engine.apply(op, sink);
    }
    (engine.finish(), engine.board())
}

/// The whole outcome of a case, trace included.
pub fn outcome(case: &Case) -> Outcome {
    let mut recorder = Recorder::default();
    let (score, board) = play(case, &mut recorder);
    Outcome {
        score,
        ops: recorder.ops,
        board,
    }
}

/// The total score of a case (the contest answer).
pub fn score(case: &Case) -> u64 {
    play(case, &mut NoTrace).0.total()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_score_as_the_table_says() {
        let h = |c: [u8; 5]| {
            let h = hand_of(c);
            (h.kind, h.points)
        };
        assert_eq!(h([3, 1, 4, 5, 2]), (HandKind::HighCard, 55));
        assert_eq!(h([3, 1, 3, 5, 2]), (HandKind::OnePair, 106));
        assert_eq!(h([1, 2, 4, 2, 4]), (HandKind::TwoPairs, 210));
        assert_eq!(h([7, 1, 7, 9, 7]), (HandKind::ThreeOfAKind, 321));
        assert_eq!(h([2, 9, 2, 9, 2]), (HandKind::FullHouse, 515));
        assert_eq!(h([9, 2, 9, 9, 2]), (HandKind::FullHouse, 529));
        assert_eq!(h([4, 4, 4, 1, 4]), (HandKind::FourOfAKind, 770));
        assert_eq!(h([6, 6, 6, 6, 6]), (HandKind::FiveOfAKind, 1060));
    }

    #[test]
    fn the_best_hand_picks_colours_and_breaks_ties_by_kind() {
        // Choosing 1 everywhere gives five of a kind.
        let best = best_hand(&[[1, 2], [2, 1], [1, 0], [1, 3], [3, 1]]);
        assert_eq!((best.kind, best.points), (HandKind::FiveOfAKind, 1010));
        // High card 50 + 100 = 150 ties one pair 100 + 2 * 25 = 150: the pair is reported.
        for third in [[25, 3], [3, 25]] {
            let best = best_hand(&[[100, 0], [25, 0], third, [4, 0], [5, 0]]);
            assert_eq!((best.kind, best.points), (HandKind::OnePair, 150));
        }
        let best = best_hand(&[[100, 0], [25, 0], [26, 3], [4, 0], [5, 0]]);
        assert_eq!((best.kind, best.points), (HandKind::HighCard, 150));
    }
}
