//! One operation: is the swap valid, and if so the rounds, chain points and the hand.

use super::Engine;
use model::texas::{Invalid, Op, Pos, Sink};

impl Engine {
    /// Applies one operation, reporting its events to `sink`.
    pub fn apply<S: Sink>(&mut self, op: Op, sink: &mut S) {
        // 1. Valid? Decided on the bytes: the swap is made there and undone if it makes no run.
        let (a_in_run, b_in_run) = match self.try_swap(op.a, op.b) {
            Ok(found) => found,
            Err(why) => {
                self.invalid_ops += 1;
                sink.invalid(why);
                return;
            }
        };
        if !self.planes_ready {
            // The first valid operation: the planes are built from the bytes before the swap.
            self.swap_bytes(op.a, op.b);
            self.build_planes();
            self.swap_bytes(op.a, op.b);
        }
        self.swap_planes(op.a, op.b);

        // 2. Main colours: the colour now at each swapped cell that lies in a run.
        let mut main = [0u8; 2];
        let mut mains = 0;
        for (in_run, p) in [(a_in_run, op.a), (b_in_run, op.b)] {
            if in_run {
                main[mains] = self.colour.get(p.r(), p.c());
                mains += 1;
            }
        }
        sink.valid(&main[..mains]);

        // 3. Rounds until one finds no run.
        let mut rounds = 0u64;
        loop {
            self.find_runs();
            if self.matched.is_empty() {
                break;
            }
            debug_assert!(self.holds_pieces(&self.matched), "M holds only pieces");
            rounds += 1;
            let combo = self.combo_points();
            self.trigger_specials();
            debug_assert!(
                self.matched.is_subset(&self.removed) && self.holds_pieces(&self.removed)
            );
            let elimination = rounds * self.remove_and_fall();
            self.score.combo += combo;
            self.score.elimination += elimination;
            if S::ENABLED {
                let n = self.n;
                self.matched.write_rows(&mut self.trace_matched[..n]);
                self.removed.write_rows(&mut self.trace_removed[..n]);
                sink.round(
                    &self.trace_matched[..n],
                    &self.trace_removed[..n],
                    combo,
                    elimination,
                );
            }
        }

        // 4. Chain points: every valid operation removes something, so rounds >= 1.
        debug_assert!(rounds >= 1, "a valid swap makes a run");
        debug_assert!(self.dirty.is_empty() && self.pieces_add_up());
        let extra = rounds.saturating_sub(1);
        let chain = 80 * extra * extra;
        self.score.chain += chain;

        // 5. Hand points after every fifth valid operation.
        let hand = self.record_main_colours(main[0], if mains == 2 { main[1] } else { 0 });
        sink.end_op(chain, hand);
    }

    /// Decides an operation. When valid, the two pieces are swapped on the bytes and the answer
    /// is `Ok((a in a run, b in a run))`, at least one true; otherwise nothing has changed.
    #[inline]
    fn try_swap(&mut self, a: Pos, b: Pos) -> Result<(bool, bool), Invalid> {
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
        self.colour.set(a.r(), a.c(), y);
        self.colour.set(b.r(), b.c(), x);
        let (a_in_run, b_in_run) = (self.in_run(a), self.in_run(b));
        if a_in_run || b_in_run {
            Ok((a_in_run, b_in_run))
        } else {
            self.colour.set(a.r(), a.c(), x);
            self.colour.set(b.r(), b.c(), y);
            Err(Invalid::NoRun)
        }
    }

    /// Swaps the colours at `a` and `b` on the bytes.
    #[inline]
    fn swap_bytes(&mut self, a: Pos, b: Pos) {
        let (x, y) = (self.colour_at(a), self.colour_at(b));
        self.colour.set(a.r(), a.c(), y);
        self.colour.set(b.r(), b.c(), x);
    }

    /// The colour at `p`, 0 when empty or off the board.
    #[inline]
    fn colour_at(&self, p: Pos) -> u8 {
        if p.r() < self.n && p.c() < self.m {
            self.colour.get(p.r(), p.c())
        } else {
            0
        }
    }

    /// Whether the piece at `p` lies in a run, on the bytes: along its row or its column, two
    /// cells on one side of `p`, or one on each side, hold its colour.
    #[inline]
    fn in_run(&self, p: Pos) -> bool {
        let (r, c) = (p.r() as isize, p.c() as isize);
        let x = self.colour.at(r, c);
        // Whether the cell `dr` rows and `dc` columns away holds x (cells past the board read
        // as empty).
        let holds_x = |dr: isize, dc: isize| self.colour.at(r + dr, c + dc) == x;
        // The four neighbours first: with many colours none of them holds x, nearly always, and
        // the cells two places away are not read.
        let (west, east) = (holds_x(0, -1), holds_x(0, 1));
        let (north, south) = (holds_x(-1, 0), holds_x(1, 0));
        if !(west | east | north | south) {
            return false;
        }
        // Along one line, two cells next to each other and to p hold x. Combined without a
        // branch: with few colours, which cells hold x is as good as random, and branches on it
        // would be mispredicted.
        let run = |before2: bool, before1: bool, after1: bool, after2: bool| {
            (before2 & before1) | (before1 & after1) | (after1 & after2)
        };
        run(holds_x(0, -2), west, east, holds_x(0, 2))
            | run(holds_x(-2, 0), north, south, holds_x(2, 0))
    }

    /// Swaps two pieces on the planes (the bytes are already swapped) and puts both columns on
    /// the work list.
    fn swap_planes(&mut self, a: Pos, b: Pos) {
        // a and b are neighbours: one above the other, or side by side.
        let (first, second) = if (a.r(), a.c()) < (b.r(), b.c()) {
            (a, b)
        } else {
            (b, a)
        };
        if first.c() == second.c() {
            self.columns[first.c()].swap_with_next(first.r());
        } else {
            let (left, right) = self.columns.split_at_mut(second.c());
            left[first.c()].swap_row_with(first.r(), &mut right[0]);
        }
        self.dirty.insert(a.c());
        self.dirty.insert(b.c());
        debug_assert!(self.column_is_consistent(a.c()) && self.column_is_consistent(b.c()));
    }
}
