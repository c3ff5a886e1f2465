//! Texas Match-3, the reference engine: the rules of `docs/rules.md` section 1, step by step, in
//! the order of its steps 1 to 6 (`docs/rules.md#texas-one-operation`; paths are from the
//! repository root).
//!
//! Nothing here is clever. Every round scans the whole board for runs, grows the removed set with a
//! plain stack of specials still to trigger, and lets the pieces fall column by column. A set of
//! cells is a `Vec<bool>` over the board in row-major order (index `r * m + c`).
//!
//! The case must satisfy [`Case::validate`] (every operation names cells on the board); the
//! harness and the parser guarantee that.

use model::texas::{
    Board, Case, Hand, HandKind, Invalid, NoTrace, Op, Outcome, Pos, Recorder, Score, Sink,
};

/// A set of cells: one flag per cell, row-major.
type CellSet = Vec<bool>;

/// Plays every operation of `case`, reporting the events to `sink` (per operation: `invalid`, or
/// `valid`, one `round` per round that removed something, then `end_op`). Returns the score
/// breakdown and the final board.
pub fn play<S: Sink>(case: &Case, sink: &mut S) -> (Score, Board) {
    let mut board = case.board.clone();
    let mut score = Score::default();
    let mut every_op_valid = true;
    // The main colours of the valid operations since the last hand.
    let mut pending_mains: Vec<Vec<u8>> = Vec::new();

    for &op in &case.ops {
        // 1. Valid?
        if let Err(why) = check(&board, op) {
            every_op_valid = false;
            sink.invalid(why);
            continue;
        }
        swap(&mut board, op.a, op.b);

        // 2. Main colours.
        let main = main_colours(&board, op);
        sink.valid(&main);

        // 3. Rounds, until a round finds no run.
        let mut round: u64 = 0;
        loop {
            let matched = cells_in_runs(&board);
            if !matched.contains(&true) {
                break;
            }
            round += 1;
            let combo = combo_points(&board, &matched);
            let removed = with_specials(&board, &matched);
            let elimination = round * colour_sum(&board, &removed);
            sink.round(
                &row_masks(&board, &matched),
                &row_masks(&board, &removed),
                combo,
                elimination,
            );
            score.combo += combo;
            score.elimination += elimination;
            remove(&mut board, &removed);
            fall(&mut board);
        }

        // 4. Chain points: `round` is now the number of rounds that removed something (>= 1, since
        //    the operation is valid).
        let chain = 80 * (round - 1) * (round - 1);
        score.chain += chain;

        // 5. Hand points after every fifth valid operation.
        pending_mains.push(main);
        let hand = if pending_mains.len() == 5 {
            let hand = best_hand(&pending_mains);
            pending_mains.clear();
            score.hand += hand.points;
            Some(hand)
        } else {
            None
        };
        sink.end_op(chain, hand);
    }

    // 6. Endgame.
    if every_op_valid {
        score.endgame += 1000;
    }
    if board.is_cleared() {
        score.endgame += 10000;
    }
    (score, board)
}

/// [`play`] with a [`Recorder`]: the score, the whole trace and the final board.
pub fn outcome(case: &Case) -> Outcome {
    let mut recorder = Recorder::default();
    let (score, board) = play(case, &mut recorder);
    Outcome {
        score,
        ops: recorder.ops,
        board,
    }
}

/// The total score of `case` (what the contest solution prints).
pub fn score(case: &Case) -> u64 {
    play(case, &mut NoTrace).0.total()
}

/// Whether `op` is valid on `board`; the reasons are checked in the order of [`Invalid`].
fn check(board: &Board, op: Op) -> Result<(), Invalid> {
    let distance = op.a.r().abs_diff(op.b.r()) + op.a.c().abs_diff(op.b.c());
    if distance != 1 {
        return Err(Invalid::NotAdjacent);
    }
    if board.is_empty_at(op.a.r(), op.a.c()) || board.is_empty_at(op.b.r(), op.b.c()) {
        return Err(Invalid::EmptyCell);
    }
    let mut swapped = board.clone();
    swap(&mut swapped, op.a, op.b);
    if !cells_in_runs(&swapped).contains(&true) {
        return Err(Invalid::NoRun);
    }
    Ok(())
}

/// Swaps the pieces at `a` and `b`: colour and special travel together.
fn swap(board: &mut Board, a: Pos, b: Pos) {
    let (i, j) = (board.idx(a.r(), a.c()), board.idx(b.r(), b.c()));
    board.colour.swap(i, j);
    board.special.swap(i, j);
}

/// The main colours of a valid operation, on the board just after the swap: the colour at `a` if
/// `a` lies in a run, then the colour at `b` if `b` lies in a run.
fn main_colours(board: &Board, op: Op) -> Vec<u8> {
    let in_run = cells_in_runs(board);
    let mut main = Vec::with_capacity(2);
    for p in [op.a, op.b] {
        let i = board.idx(p.r(), p.c());
        if in_run[i] {
            main.push(board.colour[i]);
        }
    }
    main
}

/// M: every cell in a maximal horizontal or vertical segment of >= 3 pieces of one colour.
fn cells_in_runs(board: &Board) -> CellSet {
    let (n, m) = (board.n, board.m);
    let mut in_run = vec![false; n * m];
    // Every row and every column is a line: `len` cells from `first`, `step` apart.
    let rows = (0..n).map(|r| (r * m, 1, m));
    let cols = (0..m).map(|c| (c, m, n));
    for (first, step, len) in rows.chain(cols) {
        let cell = |k: usize| first + k * step;
        // Walk the line segment by segment: cells `start..end` hold one colour.
        let mut start = 0;
        while start < len {
            let colour = board.colour[cell(start)];
            let mut end = start + 1;
            while end < len && board.colour[cell(end)] == colour {
                end += 1;
            }
            if colour != 0 && end - start >= 3 {
                for k in start..end {
                    in_run[cell(k)] = true;
                }
            }
            start = end;
        }
    }
    in_run
}

/// Combo points: 50 * (x - 3)^2 for every 4-connected one-colour component of `matched` with x
/// cells.
fn combo_points(board: &Board, matched: &CellSet) -> u64 {
    let mut seen = vec![false; matched.len()];
    let mut points = 0;
    for start in 0..matched.len() {
        if !matched[start] || seen[start] {
            continue;
        }
        let colour = board.colour[start];
        let mut size: u64 = 0;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in neighbours(board, i) {
                if matched[j] && !seen[j] && board.colour[j] == colour {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        points += 50 * (size - 3) * (size - 3);
    }
    points
}

/// The 4-neighbours of cell `i` that lie on the board.
fn neighbours(board: &Board, i: usize) -> Vec<usize> {
    let (r, c) = (i / board.m, i % board.m);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(i - board.m);
    }
    if r + 1 < board.n {
        out.push(i + board.m);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < board.m {
        out.push(i + 1);
    }
    out
}

/// E: `matched` plus everything the specials add. Every piece of E with a special triggers once,
/// including pieces another special added; empty cells are never added.
fn with_specials(board: &Board, matched: &CellSet) -> CellSet {
    let mut removed = matched.clone();
    let mut to_trigger: Vec<usize> = (0..removed.len())
        .filter(|&i| removed[i] && board.special[i] != 0)
        .collect();
    while let Some(i) = to_trigger.pop() {
        for j in special_area(board, i) {
            if board.colour[j] != 0 && !removed[j] {
                removed[j] = true;
                if board.special[j] != 0 {
                    to_trigger.push(j);
                }
            }
        }
    }
    removed
}

/// The cells the special of the piece at `i` reaches (empty ones included; the caller skips them).
fn special_area(board: &Board, i: usize) -> Vec<usize> {
    let (n, m) = (board.n, board.m);
    let (r, c) = (i / m, i % m);
    let row = (0..m).map(|cc| r * m + cc).collect::<Vec<_>>();
    let col = (0..n).map(|rr| rr * m + c).collect::<Vec<_>>();
    let square = |radius: usize| {
        let rows = r.saturating_sub(radius)..=(r + radius).min(n - 1);
        rows.flat_map(|rr| {
            let cols = c.saturating_sub(radius)..=(c + radius).min(m - 1);
            cols.map(move |cc| rr * m + cc)
        })
        .collect::<Vec<_>>()
    };
    match board.special[i] {
        1 => row,
        2 => col,
        3 => [row, col].concat(),
        4 => square(1),
        5 => square(2),
        6 => (0..n * m)
            .filter(|&j| board.colour[j] == board.colour[i])
            .collect(),
        _ => Vec::new(),
    }
}

/// The sum of the colours of the pieces in `cells`.
fn colour_sum(board: &Board, cells: &CellSet) -> u64 {
    (0..cells.len())
        .filter(|&i| cells[i])
        .map(|i| u64::from(board.colour[i]))
        .sum()
}

/// `cells` as one bit mask per row, bit c for column c.
fn row_masks(board: &Board, cells: &CellSet) -> Vec<u64> {
    (0..board.n)
        .map(|r| {
            (0..board.m)
                .filter(|&c| cells[r * board.m + c])
                .fold(0u64, |mask, c| mask | 1 << c)
        })
        .collect()
}

/// Empties every cell of `cells`.
fn remove(board: &mut Board, cells: &CellSet) {
    for (i, _) in cells.iter().enumerate().filter(|&(_, &gone)| gone) {
        board.colour[i] = 0;
        board.special[i] = 0;
    }
}

/// Gravity: in every column the pieces fall to the bottom, keeping their order.
fn fall(board: &mut Board) {
    let (n, m) = (board.n, board.m);
    let mut pieces: Vec<(u8, u8)> = Vec::with_capacity(n);
    for c in 0..m {
        // The pieces of the column, bottom first.
        pieces.clear();
        pieces.extend(
            (0..n)
                .rev()
                .map(|r| (board.colour[r * m + c], board.special[r * m + c]))
                .filter(|&(colour, _)| colour != 0),
        );
        for (k, r) in (0..n).rev().enumerate() {
            let (colour, special) = pieces.get(k).copied().unwrap_or((0, 0));
            board.colour[r * m + c] = colour;
            board.special[r * m + c] = special;
        }
    }
}

/// The best hand over every way to pick one main colour per operation: the most points, and among
/// the picks reaching them the strongest kind.
fn best_hand(mains: &[Vec<u8>]) -> Hand {
    let mut picks: Vec<Vec<u8>> = vec![Vec::new()];
    for colours in mains {
        picks = picks
            .iter()
            .flat_map(|pick| {
                colours.iter().map(move |&colour| {
                    let mut longer = pick.clone();
                    longer.push(colour);
                    longer
                })
            })
            .collect();
    }
    picks
        .iter()
        .map(|pick| hand_of(pick))
        .max_by_key(|hand| (hand.points, hand.kind))
        .expect("a hand has at least one pick")
}

/// Scores five colours as a poker hand.
fn hand_of(colours: &[u8]) -> Hand {
    // (how many, colour) per distinct colour, the biggest group first, ties by larger colour.
    let mut groups: Vec<(usize, u64)> = Vec::new();
    for &colour in colours {
        let colour = u64::from(colour);
        match groups.iter_mut().find(|(_, c)| *c == colour) {
            Some(group) => group.0 += 1,
            None => groups.push((1, colour)),
        }
    }
    groups.sort_by(|x, y| y.cmp(x));
    let counts: Vec<usize> = groups.iter().map(|&(count, _)| count).collect();
    let c = |k: usize| groups[k].1;
    let (kind, points) = match counts.as_slice() {
        [5] => (HandKind::FiveOfAKind, 1000 + 10 * c(0)),
        [4, 1] => (HandKind::FourOfAKind, 750 + 5 * c(0)),
        [3, 2] => (HandKind::FullHouse, 500 + 3 * c(0) + c(1)),
        [3, 1, 1] => (HandKind::ThreeOfAKind, 300 + 3 * c(0)),
        // The two pairs are sorted larger colour first.
        [2, 2, 1] => (HandKind::TwoPairs, 200 + 2 * c(0) + c(1)),
        [2, 1, 1, 1] => (HandKind::OnePair, 100 + 2 * c(0)),
        [1, 1, 1, 1, 1] => (HandKind::HighCard, 50 + c(0)),
        _ => unreachable!("a hand has five colours, got {colours:?}"),
    };
    Hand { kind, points }
}
