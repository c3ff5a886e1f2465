//! One operation: is the swap valid, and if so the rounds, chain points and the hand.

use super::line::Line;
use super::Engine;
use model::texas::{Invalid, Op, Pos, Sink};

impl Engine {
    /// Applies one operation, reporting its events to `sink`.
    pub fn apply<S: Sink>(&mut self, op: Op, sink: &mut S) {
        // 1. Valid? Decided from the bytes around the two cells, before anything moves.
        let (a_in_run, b_in_run) = match self.check(op.a, op.b) {
            Ok(found) => found,
            Err(why) => {
                self.invalid_ops += 1;
                sink.invalid(why);
                return;
            }
        };
        self.swap(op.a, op.b);

        // 2. Main colours: the colour now at each swapped cell that lies in a run.
        let mut main = [0u8; 2];
        let mut mains = 0;
        for (in_run, p) in [(a_in_run, op.a), (b_in_run, op.b)] {
            if in_run {
                main[mains] = self.colour[p.c()][p.r()];
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
            rounds += 1;
            let combo = self.combo_points();
            self.trigger_specials();
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
        let chain = 80 * (rounds - 1) * (rounds - 1);
        self.score.chain += chain;

        // 5. Hand points after every fifth valid operation.
        let hand = self.record_main_colours(main[0], if mains == 2 { main[1] } else { 0 });
        sink.end_op(chain, hand);
    }

    /// Decides an operation from the cells around the two swapped ones, without changing
    /// anything. `Ok((a in a run, b in a run))` after the swap, at least one true.
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

    /// Whether `p` lies in a run once it holds colour `x`, the piece of colour `x` coming from
    /// the neighbouring cell `from` (which then holds the other colour, so never matches). Looks
    /// at the two cells on each side of `p` along its row and its column.
    #[inline]
    fn in_run_after_swap(&self, p: Pos, x: u8, from: Pos) -> bool {
        let (r, c) = (p.r(), p.c());
        // Cells up to two past the board read as empty, so they never match.
        let matches =
            |rr: usize, cc: usize| (rr, cc) != (from.r(), from.c()) && self.colour[cc][rr] == x;
        let window = |i: usize| i.saturating_sub(2)..=i + 2;
        let row: Line = window(c).filter(|&cc| cc == c || matches(r, cc)).collect();
        if row.runs().has(c) {
            return true;
        }
        let col: Line = window(r).filter(|&rr| rr == r || matches(rr, c)).collect();
        col.runs().has(r)
    }

    /// Swaps two pieces (bytes and planes) and puts both columns on the work list.
    fn swap(&mut self, a: Pos, b: Pos) {
        let piece =
            |e: &Engine, p: Pos| (e.colour[p.c()][p.r()], e.columns[p.c()].special_at(p.r()));
        let ((xa, sa), (xb, sb)) = (piece(self, a), piece(self, b));
        for (p, x, s) in [(a, xb, sb), (b, xa, sa)] {
            self.colour[p.c()][p.r()] = x;
            self.columns[p.c()].put(p.r(), x, s);
            self.dirty.insert(p.c());
        }
        debug_assert!(self.column_is_consistent(a.c()) && self.column_is_consistent(b.c()));
    }
}
