//! The board of a game in progress on plain arrays with an empty border, and its rounds: the swap,
//! the runs, the combos, the specials and the fall.

use crate::hand::{best_hand, Main};
use model::texas::{Board, Invalid, Op, Pos, Score, Sink};

/// Width of the empty border around the board: enough for the 5x5 square of special 5.
const PAD: usize = 2;

/// The board of a game in progress, with its scratch space.
pub(crate) struct Grid {
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
    pub(crate) fn new(board: &Board, centre_only_special_4: bool) -> Grid {
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

    pub(crate) fn play<S: Sink>(mut self, ops: &[Op], sink: &mut S) -> (Score, Board) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
