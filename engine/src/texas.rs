//! Texas Match-3, fast: bitboards by column, a work list of columns, no allocation per operation.
//!
//! # The board, kept two ways
//!
//! - `colour`: the colour at (r, c) as a byte, 0 for an empty cell, stored by columns with empty
//!   margins (`ColourBytes`, in `bytes.rs`). Deciding whether a swap is valid reads a few
//!   of these bytes.
//! - `columns[c]`: column c as bit planes over its rows (`Column`, in `column.rs`): one plane of
//!   the rows holding a piece, seven of the colour bits (plane b: the rows whose colour has bit b
//!   set; colours are below 128) and three of the special bits. Two cells hold the same colour
//!   exactly when no plane differs between them, so a few XORs over the planes of two columns give
//!   every row where they agree, and the same over a column and itself moved by one row gives
//!   every place where a cell agrees with the one below: that is how runs are found, for all rows
//!   at once and for every colour at once. The rows of one colour (combos, special 6) are the AND
//!   of the planes or of their complements.
//! - `links[i]`: the rows where columns i and i + 1 hold the same colour, refreshed for the
//!   columns of the work list before runs are looked for (fresh for every other pair).
//!
//! Sets of cells (the matched cells M, the removed cells E) are [`Grid`]s: one [`Line`] of rows
//! per column. The work list `dirty` is the set of columns whose pieces changed since runs were
//! last looked for.
//!
//! # One operation, step by step (one file each)
//!
//! - `operation.rs`: the driver. Validity: the swap is made on the bytes, the few cells around the
//!   two swapped ones are read, and the swap is undone if it makes no run. A valid swap moves both
//!   pieces on the planes too, then rounds run until one finds no run.
//! - `runs.rs`: M. Between operations the board has no run, so a run of the first round crosses a
//!   swapped cell's column, and a run of a later round holds a piece that moved (only pieces above
//!   a removed cell move): it crosses a column that lost pieces. Those columns are the work list;
//!   only the runs crossing them are looked for.
//! - `combos.rs`: the one-colour components of M, by flood fill over the columns.
//! - `specials.rs`: E, the closure of M under the specials of its pieces, in waves.
//! - `gravity.rs`: removing E. In each column that lost pieces, every plane falls with two masks
//!   and a shift per removed segment and the bytes with one copy; the column joins the work list.
//! - `hand.rs`: the hand after every fifth valid operation.
//!
//! Every buffer lives in [`Engine`]: applying an operation never allocates.

mod bytes;
mod column;
mod combos;
mod gravity;
mod hand;
pub mod line;
mod operation;
mod runs;
mod specials;

use bytes::ColourBytes;
use column::Column;
use line::{Grid, Line};
use model::texas::{
    Board, Case, Outcome, Recorder, Score, Sink, MAX_COLOURS, MAX_SIDE, MAX_SPECIAL,
};
use std::cell::RefCell;

/// Columns kept as planes: the board's and two empty ones past it, so that the links of the last
/// column with the next ones read as none.
const COLUMNS: usize = MAX_SIDE + 2;

/// The optimized Texas Match-3 engine. Create once, [`load`](Engine::load) a case, then
/// [`apply`](Engine::apply) its operations in order and [`finish`](Engine::finish).
pub struct Engine {
    n: usize,
    m: usize,
    /// The colour of every cell, as bytes.
    colour: ColourBytes,
    /// `columns[c]`: column c as bit planes (empty past the board).
    columns: [Column; COLUMNS],
    /// `links[i]`: the rows where columns i and i + 1 both hold a piece, of one colour. Fresh for
    /// every pair of columns off the work list.
    links: [Line; COLUMNS - 1],
    /// Pieces on the board, counted when the planes are built (until then the board is empty
    /// exactly when its largest colour is 0, which is all the score asks).
    pieces: usize,
    /// Whether the pieces and colour planes and the links describe the board. A load writes
    /// only the bytes and the specials: most small cases end with no valid operation, and
    /// deciding an invalid one reads only the bytes. The first valid operation builds the rest.
    planes_ready: bool,
    /// The colour planes a board's colours need: the bits of its largest colour.
    colour_bits: usize,

    /// The work list: the columns whose pieces changed since runs were last looked for.
    dirty: Line,

    // Per-round sets of cells.
    /// M: every cell in a run.
    matched: Grid,
    /// E: M plus what the specials added.
    removed: Grid,
    /// The specials of E that already triggered.
    triggered: Grid,
    /// Combo search: the cells of M not yet in a component, and the component being filled.
    unvisited: Grid,
    fill: Grid,
    /// Row masks handed to the sink (only filled when tracing).
    trace_matched: [u64; MAX_SIDE],
    trace_removed: [u64; MAX_SIDE],

    // Scoring.
    score: Score,
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
            colour: ColourBytes::new(),
            columns: [Column::EMPTY; COLUMNS],
            links: [Line::EMPTY; COLUMNS - 1],
            pieces: 0,
            planes_ready: false,
            colour_bits: 0,
            dirty: Line::EMPTY,
            matched: Grid::new(),
            removed: Grid::new(),
            triggered: Grid::new(),
            unvisited: Grid::new(),
            fill: Grid::new(),
            trace_matched: [0; MAX_SIDE],
            trace_removed: [0; MAX_SIDE],
            score: Score::default(),
            invalid_ops: 0,
            hand: [[0; 2]; 5],
            hand_len: 0,
        }
    }

    /// Resets the engine to the initial board of `case`, with a zero score. Reuses every buffer,
    /// and clears only the part of them the previous case could have used, so loading a small
    /// board costs little whatever came before.
    ///
    /// Operations need a valid case (a full board, n, m <= 50). Any board of at most 50 x 50 with
    /// colours up to 100 and specials up to 6 on pieces loads, but gravity is only right on
    /// columns whose pieces rest on each other, as they do on a full board. Panics on a larger
    /// board, colour or special, or on a board with fewer than n x m cells.
    pub fn load(&mut self, case: &Case) {
        let board = &case.board;
        let (n, m) = (board.n, board.m);
        assert!(
            n <= MAX_SIDE && m <= MAX_SIDE,
            "board is {n}x{m}, larger than {MAX_SIDE}x{MAX_SIDE}"
        );
        // Nothing of a previous case is left: what it held outside the new board is emptied
        // here, and every cell of the new board is written below (from then on the size is the
        // new board's, so a panic on a bad cell leaves nothing the next load would not clear).
        self.clear_outside(n, m);
        self.n = n;
        self.m = m;
        let largest = self.load_cells(board);
        assert!(
            largest <= MAX_COLOURS,
            "colour {largest} on the board, larger than {MAX_COLOURS}"
        );
        self.colour_bits = (u8::BITS - largest.leading_zeros()) as usize;
        self.planes_ready = false;
        self.dirty = Line::EMPTY;
        self.score = Score::default();
        self.invalid_ops = 0;
        self.hand_len = 0;
        debug_assert!(self.is_clear_past_board());
    }

    /// Writes the cells of `board` row by row into the bytes, with the specials; returns the
    /// largest colour. The colour planes wait for the first valid operation. One pass, one loop
    /// per row: on a small board every loop's end is a mispredicted branch.
    fn load_cells(&mut self, board: &Board) -> u8 {
        let (n, m) = (board.n, board.m);
        let (colours, specials) = (&board.colour[..n * m], &board.special[..n * m]);
        let mut largest = 0;
        // Rows are cut with `chunks`: `chunks_exact` would divide.
        let rows = colours.chunks(m.max(1)).zip(specials.chunks(m.max(1)));
        for (r, (row, row_specials)) in rows.enumerate() {
            let cells = self.colour.row_mut(r).zip(&mut self.columns);
            for ((cell, column), (&x, &s)) in cells.zip(row.iter().zip(row_specials)) {
                *cell = x;
                largest = largest.max(x);
                // Every cell of a case holds a piece (the parser and the generators make no other).
                if s != 0 {
                    assert!(
                        s <= MAX_SPECIAL,
                        "special {s} on the board, larger than {MAX_SPECIAL}"
                    );
                    debug_assert!(x != 0, "a special on an empty cell");
                    column.set_special(r, s);
                }
            }
        }
        largest
    }

    /// Builds the pieces and colour planes of the loaded board from its bytes, and the links.
    #[inline(never)] // once per case: kept out of the loop over the operations
    fn build_planes(&mut self) {
        let (n, m) = (self.n, self.m);
        for (c, column) in self.columns[..m].iter_mut().enumerate() {
            let words = (0..n.div_ceil(8)).map(|i| self.colour.word(c, i));
            column.set_colours(words, self.colour_bits);
        }
        self.pieces = self.columns[..m]
            .iter()
            .map(|column| column.pieces().count() as usize)
            .sum();
        // The links of the last column and past it are none: the columns past the board are empty.
        self.refresh_links(Line::first(m.saturating_sub(1)));
        self.planes_ready = true;
        debug_assert!(self.pieces_add_up());
        debug_assert!((0..m).all(|c| self.column_is_consistent(c)));
    }

    /// Makes ready for a board of `n` x `m`: empties what the board loaded last left outside the
    /// new board's place, and the planes and links of both boards' columns. Inside it, the cells
    /// and specials are written next, and the colour planes and links are built before they are
    /// read; outside, the previous board's cells, planes and links are the only ones that can be
    /// set.
    fn clear_outside(&mut self, n: usize, m: usize) {
        let (old_n, old_m) = (self.n, self.m);
        // The whole words of eight rows above row n are overwritten in the first m columns.
        let (kept, old_words) = (n / 8, old_n.div_ceil(8));
        for c in 0..old_m {
            let kept = if c < m { kept } else { 0 };
            self.colour.clear_words(c, kept..old_words);
        }
        // Two fills, not loops of variable length: on a small board the end of every loop is a
        // mispredicted branch.
        self.columns[..m.max(old_m)].fill(Column::EMPTY);
        self.links[..old_m].fill(Line::EMPTY);
    }

    /// Adds the endgame bonuses for the operations applied so far and returns the breakdown.
    /// Calling it again gives the same answer.
    pub fn finish(&mut self) -> Score {
        let mut endgame = 0;
        if self.invalid_ops == 0 {
            endgame += 1000;
        }
        if self.is_cleared() {
            endgame += 10000;
        }
        self.score.endgame = endgame;
        self.score
    }

    /// Whether no piece is left on the board.
    fn is_cleared(&self) -> bool {
        if self.planes_ready {
            self.pieces == 0
        } else {
            self.colour_bits == 0
        }
    }

    /// The current board.
    ///
    /// Its vectors are allocated without zeroing (a zeroed small allocation bypasses the
    /// allocator's per-thread cache and costs more than a small board), the colours written in
    /// order.
    pub fn board(&self) -> Board {
        let (n, m) = (self.n, self.m);
        let mut colour = Vec::with_capacity(n * m);
        for r in 0..n {
            colour.extend((0..m).map(|c| self.colour.get(r, c)));
        }
        // Few pieces have a special: zeros, then those pieces.
        let mut special: Vec<u8> = std::iter::repeat_n(0, n * m).collect();
        for (c, column) in self.columns[..m].iter().enumerate() {
            for r in column.specials() {
                special[r * m + c] = column.special_at(r);
            }
        }
        Board {
            n,
            m,
            colour,
            special,
        }
    }

    /// Whether every cell of `cells` holds a piece (for `debug_assert!`).
    #[cfg_attr(mutants, mutants::skip)] // a `debug_assert!` check: on a working engine it holds, so `true` changes nothing
    fn holds_pieces(&self, cells: &Grid) -> bool {
        cells
            .cols()
            .iter()
            .all(|c| cells.col(c).is_subset(self.columns[c].pieces()))
    }

    /// Whether what the engine reads past the loaded board is empty, as it assumes: the bytes of
    /// the cells up to two places past an edge, the planes of the two columns past the last, and
    /// the links from the last column on (for `debug_assert!` after a load: O(n + m)).
    #[cfg_attr(mutants, mutants::skip)] // a `debug_assert!` check: on a working engine it holds, so `true` changes nothing
    fn is_clear_past_board(&self) -> bool {
        let (n, m) = (self.n as isize, self.m as isize);
        let (above, below, left, right) = ([-2, -1], [n, n + 1], [-2, -1], [m, m + 1]);
        let rows_empty =
            |rows: [isize; 2]| (-2..m + 2).all(|c| rows.iter().all(|&r| self.colour.at(r, c) == 0));
        let cols_empty =
            |cols: [isize; 2]| (-2..n + 2).all(|r| cols.iter().all(|&c| self.colour.at(r, c) == 0));
        let margin_empty =
            rows_empty(above) && rows_empty(below) && cols_empty(left) && cols_empty(right);
        let m = self.m;
        margin_empty
            && self.columns[m..m + 2].iter().all(|c| *c == Column::EMPTY)
            && self.links[m.saturating_sub(1)..]
                .iter()
                .all(|l| l.is_empty())
    }

    /// Whether the count of pieces is that of the planes (for `debug_assert!`: O(m)).
    #[cfg_attr(mutants, mutants::skip)] // a `debug_assert!` check: on a working engine it holds, so `true` changes nothing
    fn pieces_add_up(&self) -> bool {
        let counted: u32 = self.columns.iter().map(|c| c.pieces().count()).sum();
        self.pieces == counted as usize
    }

    /// Whether the bytes and the planes of column `c` describe the same pieces, and its pieces
    /// rest at the bottom (for `debug_assert!` after a column changes: O(n)).
    #[cfg_attr(mutants, mutants::skip)] // a `debug_assert!` check: on a working engine it holds, so `true` changes nothing
    fn column_is_consistent(&self, c: usize) -> bool {
        let column = &self.columns[c];
        let settled = column.pieces()
            == Line::span(
                self.n as isize - column.pieces().count() as isize,
                self.n as isize - 1,
            );
        settled
            && column.planes_within_pieces()
            && (0..Line::WIDTH).all(|r| column.colour_at(r) == self.colour.get(r, c))
    }
}

thread_local! {
    /// The engine [`play`] reuses on this thread: building one clears its buffers for the
    /// largest board, which would cost more than playing a small case.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

/// Plays a whole case, reporting every event to `sink`; returns the score and the final board.
///
/// Runs on an engine kept by the thread (a fresh one if that one is busy, as when `sink` itself
/// plays a case), so a call costs no more set-up than its board needs.
pub fn play<S: Sink>(case: &Case, sink: &mut S) -> (Score, Board) {
    let kept = ENGINE.try_with(|cell| {
        cell.try_borrow_mut()
            .ok()
            .map(|mut engine| engine.play(case, sink))
    });
    match kept {
        Ok(Some(answer)) => answer,
        _ => Engine::new().play(case, sink),
    }
}

impl Engine {
    /// Loads `case`, applies its operations and finishes: the score and the final board.
    pub fn play<S: Sink>(&mut self, case: &Case, sink: &mut S) -> (Score, Board) {
        self.load(case);
        for &op in &case.ops {
            self.apply(op, sink);
        }
        // With no valid operation (most small cases) the board is the case's, copied whole.
        let board = if self.planes_ready {
            self.board()
        } else {
            case.board.clone()
        };
        (self.finish(), board)
    }
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
