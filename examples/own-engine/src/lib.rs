//! Test your own engine: a Texas Match-3 engine of its own design, plugged into the harness.
//!
//! [`Arrays`] plays the rules of Texas Match-3 on plain arrays: one `Vec<u8>` of colours and one of
//! specials, row-major, with an empty border two cells wide all round, so that the 3x3 and 5x5
//! squares of specials 4 and 5 never need clipping (border cells are empty and add nothing) and a
//! walk along a line stops at the border by itself. Each round scans every row and column for runs,
//! grows the removed set with a stack of specials still to trigger, and compacts every column.
//! Sets of cells are lists of indices plus stamp arrays (a cell is in the set of this round when its
//! stamp equals the round's), so nothing is cleared between rounds.
//!
//! The engine reports every event of a game to a [`Sink`]: with a [`Recorder`] it gives the full
//! per-operation trace the harness compares, with [`NoTrace`] only the score and the final board.
//! Implementing [`harness::Engine`] is the whole of the plumbing: `src/main.rs` registers it with
//! the command line and `tests/library.rs` drives diff, shrink and bench from Rust.
//!
//! For the harness's own tests of the shrinker, [`Arrays::with_planted_bug`] builds a broken
//! variant in which special 4 clears only its own centre instead of its 3x3 square.

use games::Texas;
use harness::{Engine, Fault, Output};
use model::texas::{
    Board, Case, Hand, HandKind, Invalid, NoTrace, Op, Outcome, Pos, Recorder, Score, Sink,
};
use std::sync::Arc;

/// Width of the empty border around the board: enough for the 5x5 square of special 5.
const PAD: usize = 2;

/// A Texas Match-3 engine on plain arrays.
#[derive(Debug, Clone)]
pub struct Arrays {
    name: &'static str,
    /// The planted bug of [`Arrays::with_planted_bug`]: special 4 clears only its centre.
    centre_only_special_4: bool,
}

impl Default for Arrays {
    fn default() -> Self {
        Self::new()
    }
}

impl Arrays {
    /// The engine, called "arrays".
    pub fn new() -> Self {
        Arrays {
            name: "arrays",
            centre_only_special_4: false,
        }
    }

    /// A deliberately broken variant, called "arrays-broken": special 4 clears only its centre
    /// (instead of the 3x3 square around it). Used to show the shrinker at work.
    pub fn with_planted_bug() -> Self {
        Arrays {
            name: "arrays-broken",
            centre_only_special_4: true,
        }
    }

    /// Plays every operation of `case` (which must satisfy [`Case::validate`]), reporting the
    /// events to `sink`; returns the score breakdown and the final board.
    pub fn play<S: Sink>(&self, case: &Case, sink: &mut S) -> (Score, Board) {
        Grid::new(&case.board, self.centre_only_special_4).play(&case.ops, sink)
    }

    /// The score, the whole trace and the final board.
    pub fn outcome(&self, case: &Case) -> Outcome {
        let mut recorder = Recorder::default();
        let (score, board) = self.play(case, &mut recorder);
        Outcome {
            score,
            ops: recorder.ops,
            board,
        }
    }
}

impl Engine<Texas> for Arrays {
    fn name(&self) -> &str {
        self.name
    }

    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        Ok(Output::Outcome(if trace {
            self.outcome(case)
        } else {
            games::texas::untraced(self.play(case, &mut NoTrace))
        }))
    }
}

/// The engine as the command line builds it (`--engine arrays`).
pub fn build() -> Arc<dyn Engine<Texas>> {
    Arc::new(Arrays::new())
}

/// The main colours of a valid operation: one or two.
#[derive(Debug, Clone, Copy)]
struct Main {
    colours: [u8; 2],
    len: usize,
}

impl Main {
    fn as_slice(&self) -> &[u8] {
        &self.colours[..self.len]
    }
}

/// The board of a game in progress, with its scratch space.
struct Grid {
    n: usize,
    m: usize,
    /// Row length including the border.
    w: usize,
    colour: Vec<u8>,
    special: Vec<u8>,
    /// The current round's number among all rounds of the game (stamps below compare with it).
    stamp: u32,
    /// `in_m[i] == stamp`: cell i lies in a run (M) this round.
    in_m: Vec<u32>,
    /// `in_e[i] == stamp`: cell i is removed (E) this round.
    in_e: Vec<u32>,
    /// `seen[i] == stamp`: cell i already belongs to a combo component this round.
    seen: Vec<u32>,
    /// M and E as lists of cells.
    matched: Vec<usize>,
    removed: Vec<usize>,
    stack: Vec<usize>,
    area: Vec<usize>,
    centre_only_special_4: bool,
}

impl Grid {
    fn new(board: &Board, centre_only_special_4: bool) -> Grid {
        let (n, m) = (board.n, board.m);
        let w = m + 2 * PAD;
        let cells = (n + 2 * PAD) * w;
        let mut g = Grid {
            n,
            m,
            w,
            colour: vec![0; cells],
            special: vec![0; cells],
            stamp: 0,
            in_m: vec![0; cells],
            in_e: vec![0; cells],
            seen: vec![0; cells],
            matched: Vec::new(),
            removed: Vec::new(),
            stack: Vec::new(),
            area: Vec::new(),
            centre_only_special_4,
        };
        for r in 0..n {
            for c in 0..m {
                let i = g.at(r, c);
                g.colour[i] = board.colour_at(r, c);
                g.special[i] = board.special_at(r, c);
            }
        }
        g
    }

    /// The index of board cell (r, c).
    fn at(&self, r: usize, c: usize) -> usize {
        (r + PAD) * self.w + c + PAD
    }

    fn index(&self, p: Pos) -> usize {
        self.at(p.r(), p.c())
    }

    fn play<S: Sink>(mut self, ops: &[Op], sink: &mut S) -> (Score, Board) {
        let mut score = Score::default();
        let mut all_valid = true;
        let mut since_last_hand: Vec<Main> = Vec::with_capacity(5);
        for &op in ops {
            let main = match self.swap_if_valid(op) {
                Ok(main) => main,
                Err(why) => {
                    all_valid = false;
                    sink.invalid(why);
                    continue;
                }
            };
            sink.valid(main.as_slice());
            let mut rounds: u64 = 0;
            while self.find_runs() {
                rounds += 1;
                let combo = self.combo_points();
                self.trigger_specials();
                let colours: u64 = self
                    .removed
                    .iter()
                    .map(|&i| u64::from(self.colour[i]))
                    .sum();
                let elimination = rounds * colours;
                if S::ENABLED {
                    sink.round(
                        &self.row_masks(&self.matched),
                        &self.row_masks(&self.removed),
                        combo,
                        elimination,
                    );
                }
                score.combo += combo;
                score.elimination += elimination;
                for &i in &self.removed {
                    self.colour[i] = 0;
                    self.special[i] = 0;
                }
                self.fall();
            }
            let extra = rounds.saturating_sub(1);
            let chain = 80 * extra * extra;
            score.chain += chain;
            since_last_hand.push(main);
            let hand = if since_last_hand.len() == 5 {
                let hand = best_hand(&since_last_hand);
                since_last_hand.clear();
                score.hand += hand.points;
                Some(hand)
            } else {
                None
            };
            sink.end_op(chain, hand);
        }
        if all_valid {
            score.endgame += 1000;
        }
        let board = self.board();
        if board.is_cleared() {
            score.endgame += 10000;
        }
        (score, board)
    }

    /// Checks an operation and, when it is valid, leaves its two pieces swapped and returns its
    /// main colours. The board is stable before the swap, so a run exists after it exactly when
    /// one of the two swapped cells lies in one.
    fn swap_if_valid(&mut self, op: Op) -> Result<Main, Invalid> {
        if op.a.r().abs_diff(op.b.r()) + op.a.c().abs_diff(op.b.c()) != 1 {
            return Err(Invalid::NotAdjacent);
        }
        let (a, b) = (self.index(op.a), self.index(op.b));
        if self.colour[a] == 0 || self.colour[b] == 0 {
            return Err(Invalid::EmptyCell);
        }
        self.colour.swap(a, b);
        self.special.swap(a, b);
        let mut main = Main {
            colours: [0; 2],
            len: 0,
        };
        for i in [a, b] {
            if self.lies_in_run(i) {
                main.colours[main.len] = self.colour[i];
                main.len += 1;
            }
        }
        if main.len == 0 {
            self.colour.swap(a, b);
            self.special.swap(a, b);
            return Err(Invalid::NoRun);
        }
        Ok(main)
    }

    /// True when the piece at `i` has at least two more of its colour beside it in a row or a
    /// column. Walks stop at an empty cell or at the border.
    fn lies_in_run(&self, i: usize) -> bool {
        let v = self.colour[i];
        let reach = |step: usize, forward: bool| {
            let mut j = i;
            let mut count = 0;
            loop {
                j = if forward { j + step } else { j - step };
                if self.colour[j] != v {
                    return count;
                }
                count += 1;
            }
        };
        1 + reach(1, false) + reach(1, true) >= 3
            || 1 + reach(self.w, false) + reach(self.w, true) >= 3
    }

    /// Starts a new round: fills M (`matched`, `in_m`) with every cell in a run, scanning every
    /// row and every column. Returns false when there is no run.
    fn find_runs(&mut self) -> bool {
        self.stamp += 1;
        self.matched.clear();
        let (n, m, w) = (self.n, self.m, self.w);
        for r in 0..n {
            let first = self.at(r, 0);
            self.scan_line(first, 1, m);
        }
        for c in 0..m {
            let first = self.at(0, c);
            self.scan_line(first, w, n);
        }
        !self.matched.is_empty()
    }

    /// Marks the runs of the line of `len` cells starting at `first`, `step` apart.
    fn scan_line(&mut self, first: usize, step: usize, len: usize) {
        let mut start = 0;
        while start < len {
            let v = self.colour[first + start * step];
            let mut end = start + 1;
            while end < len && self.colour[first + end * step] == v {
                end += 1;
            }
            if v != 0 && end - start >= 3 {
                for k in start..end {
                    let i = first + k * step;
                    if self.in_m[i] != self.stamp {
                        self.in_m[i] = self.stamp;
                        self.matched.push(i);
                    }
                }
            }
            start = end;
        }
    }

    /// 50 * (x - 3)^2 for every one-colour 4-connected component of M with x cells.
    fn combo_points(&mut self) -> u64 {
        let mut stack = std::mem::take(&mut self.stack);
        let mut points = 0;
        for k in 0..self.matched.len() {
            let start = self.matched[k];
            if self.seen[start] == self.stamp {
                continue;
            }
            let v = self.colour[start];
            self.seen[start] = self.stamp;
            stack.clear();
            stack.push(start);
            let mut size: u64 = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                for j in [i - 1, i + 1, i - self.w, i + self.w] {
                    if self.in_m[j] == self.stamp
                        && self.seen[j] != self.stamp
                        && self.colour[j] == v
                    {
                        self.seen[j] = self.stamp;
                        stack.push(j);
                    }
                }
            }
            let extra = size.saturating_sub(3);
            points += 50 * extra * extra;
        }
        self.stack = stack;
        points
    }

    /// Fills E (`removed`, `in_e`): M, then every piece some special in E reaches, each special
    /// triggering once. Empty cells (the border included) are never added.
    fn trigger_specials(&mut self) {
        let mut stack = std::mem::take(&mut self.stack);
        let mut area = std::mem::take(&mut self.area);
        stack.clear();
        self.removed.clear();
        for k in 0..self.matched.len() {
            let i = self.matched[k];
            self.in_e[i] = self.stamp;
            self.removed.push(i);
            if self.special[i] != 0 {
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            self.special_area(i, &mut area);
            for &j in &area {
                if self.colour[j] != 0 && self.in_e[j] != self.stamp {
                    self.in_e[j] = self.stamp;
                    self.removed.push(j);
                    if self.special[j] != 0 {
                        stack.push(j);
                    }
                }
            }
        }
        self.stack = stack;
        self.area = area;
    }

    /// The cells the special of the piece at `i` reaches, into `area` (empty ones included).
    fn special_area(&self, i: usize, area: &mut Vec<usize>) {
        area.clear();
        let (n, m, w) = (self.n, self.m, self.w);
        let (r, c) = (i / w, i % w);
        let row = (PAD..PAD + m).map(|cc| r * w + cc);
        let column = (PAD..PAD + n).map(|rr| rr * w + c);
        let square = |radius: usize| {
            (r - radius..=r + radius)
                .flat_map(move |rr| (c - radius..=c + radius).map(move |cc| rr * w + cc))
        };
        match self.special[i] {
            1 => area.extend(row),
            2 => area.extend(column),
            3 => {
                area.extend(row);
                area.extend(column);
            }
            4 if self.centre_only_special_4 => area.push(i),
            4 => area.extend(square(1)),
            5 => area.extend(square(2)),
            6 => {
                let v = self.colour[i];
                area.extend((0..self.colour.len()).filter(|&j| self.colour[j] == v));
            }
            _ => {}
        }
    }

    /// Gravity: every column is compacted towards the bottom, in place.
    fn fall(&mut self) {
        let (n, m, w) = (self.n, self.m, self.w);
        for c in PAD..PAD + m {
            let mut free = PAD + n;
            for r in (PAD..PAD + n).rev() {
                let i = r * w + c;
                if self.colour[i] != 0 {
                    free -= 1;
                    if free != r {
                        let j = free * w + c;
                        self.colour[j] = self.colour[i];
                        self.special[j] = self.special[i];
                        self.colour[i] = 0;
                        self.special[i] = 0;
                    }
                }
            }
        }
    }

    /// A list of cells as one bit mask per board row (bit c for column c).
    fn row_masks(&self, cells: &[usize]) -> Vec<u64> {
        let mut rows = vec![0u64; self.n];
        for &i in cells {
            let (r, c) = (i / self.w - PAD, i % self.w - PAD);
            rows[r] |= 1 << c;
        }
        rows
    }

    /// The board without its border.
    fn board(&self) -> Board {
        let mut board = Board::empty(self.n, self.m);
        for r in 0..self.n {
            for c in 0..self.m {
                let (i, j) = (board.idx(r, c), self.at(r, c));
                board.colour[i] = self.colour[j];
                board.special[i] = self.special[j];
            }
        }
        board
    }
}

/// The best hand over every choice of one main colour per operation: the most points, and among
/// the choices reaching them the strongest kind. Choice bit i takes the second colour of
/// operation i.
fn best_hand(mains: &[Main]) -> Hand {
    let mut best = Hand {
        kind: HandKind::HighCard,
        points: 0,
    };
    for choice in 0u32..1 << mains.len() {
        let pointless = mains
            .iter()
            .enumerate()
            .any(|(i, main)| choice >> i & 1 == 1 && main.len < 2);
        if pointless {
            continue;
        }
        let mut picked = [0u8; 5];
        for (i, main) in mains.iter().enumerate().take(5) {
            picked[i] = main.colours[(choice >> i & 1) as usize];
        }
        let hand = hand_of(picked);
        if (hand.points, hand.kind) > (best.points, best.kind) {
            best = hand;
        }
    }
    best
}

/// Scores five colours as a poker hand, from the number of distinct colours and the size of the
/// largest group.
fn hand_of(mut colours: [u8; 5]) -> Hand {
    colours.sort_unstable();
    // (count, colour) per distinct colour.
    let mut groups = [(0u8, 0u8); 5];
    let mut distinct = 0;
    for v in colours {
        if distinct > 0 && groups[distinct - 1].1 == v {
            groups[distinct - 1].0 += 1;
        } else {
            groups[distinct] = (1, v);
            distinct += 1;
        }
    }
    let groups = &mut groups[..distinct];
    // The largest group first; among groups of one size, the larger colour first.
    groups.sort_unstable_by(|x, y| y.cmp(x));
    let c = |k: usize| u64::from(groups[k].1);
    let (kind, points) = match (distinct, groups[0].0) {
        (1, _) => (HandKind::FiveOfAKind, 1000 + 10 * c(0)),
        (2, 4) => (HandKind::FourOfAKind, 750 + 5 * c(0)),
        (2, _) => (HandKind::FullHouse, 500 + 3 * c(0) + c(1)),
        (3, 3) => (HandKind::ThreeOfAKind, 300 + 3 * c(0)),
        (3, _) => (HandKind::TwoPairs, 200 + 2 * c(0) + c(1)),
        (4, _) => (HandKind::OnePair, 100 + 2 * c(0)),
        _ => (HandKind::HighCard, 50 + c(0)),
    };
    Hand { kind, points }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_from_distinct_colours_and_group_sizes() {
        let h = |c: [u8; 5]| {
            let hand = hand_of(c);
            (hand.kind, hand.points)
        };
        assert_eq!(h([1, 2, 3, 4, 9]), (HandKind::HighCard, 59));
        assert_eq!(h([7, 3, 7, 1, 2]), (HandKind::OnePair, 114));
        assert_eq!(h([2, 5, 2, 5, 1]), (HandKind::TwoPairs, 212));
        assert_eq!(h([4, 4, 1, 4, 2]), (HandKind::ThreeOfAKind, 312));
        assert_eq!(h([3, 6, 3, 6, 3]), (HandKind::FullHouse, 515));
        assert_eq!(h([8, 8, 8, 2, 8]), (HandKind::FourOfAKind, 790));
        assert_eq!(h([6, 6, 6, 6, 6]), (HandKind::FiveOfAKind, 1060));
    }

    #[test]
    fn gravity_keeps_the_order_of_each_column() {
        let mut board = Board::empty(4, 1);
        board.colour = vec![1, 0, 2, 0];
        board.special = vec![3, 0, 0, 0];
        let mut g = Grid::new(&board, false);
        g.fall();
        let after = g.board();
        assert_eq!(after.colour, [0, 0, 1, 2]);
        assert_eq!(after.special, [0, 0, 3, 0]);
    }
}
