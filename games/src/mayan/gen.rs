//! Mayan puzzles from seeds and from fuzzer bytes.
//!
//! Generators (every case is a pure function of profile and seed):
//! - *solvable*: puzzles built backwards from the empty board. Each step un-plays one move: either a
//!   clearing move (insert a run of three, sometimes further runs that each break the one before so
//!   that the move sets off a cascade of several waves, then undo a swap or a drop that completed
//!   the last run) or a move that removes nothing (undo a swap, possibly of two equal blocks, or a
//!   drop). Every step is checked forward with the reference rules, so the planted sequence is known
//!   to empty the board (the answer is whatever sequence is smallest, often another one).
//! - *random*: random boards whose colours come in threes (so the lonely-colour argument alone does
//!   not settle them); *sparse*: a few blocks of a few colours, any counts.
//! - *dense*: 24 to 33 blocks, colours in threes, n = 5, kept only when the optimized solver finds
//!   them unsolvable. The plain search of the reference takes seconds to tens of seconds on each:
//!   they are for benchmarks, not for batch diffs.
//!
//! Sizes of the other profiles are capped per n ([`MAX_BLOCKS`], [`MAX_PLANTED_BLOCKS`]) so that the
//! reference's exhaustive search stays at about a millisecond per case on average (the default mix
//! measured 0.5 ms per case in a release build).

use arbitrary::Unstructured;
use harness::rng::{rng, Rng};
use harness::roles::Profile;
use model::mayan::{Board, Case, Move, COLS, MAX_COLOUR, MAX_MOVES, ROWS};
use rand::Rng as _;
use reference::mayan::{play, Played};

pub(super) const PROFILES: &[Profile<Case>] = &[
    Profile::new(
        "mix",
        "solvable, random and sparse cases, every n from 1 to 5, sized for the reference",
        mix,
    )
    .bench(200),
    Profile::new(
        "solvable",
        "puzzles built backwards from the empty board, each with a planted answer",
        |s| gen_solvable(&mut rng(s)),
    )
    .fuzz_seed()
    .bench(200),
    Profile::new(
        "random",
        "random boards whose colours come in threes, mostly unsolvable",
        |s| gen_random(&mut rng(s)),
    )
    .fuzz_seed(),
    Profile::new(
        "sparse",
        "a few blocks of one to four colours, any counts",
        |s| gen_sparse(&mut rng(s)),
    )
    .fuzz_seed(),
    Profile::new(
        "dense",
        "dense unsolvable boards, n = 5: for benchmarks (the reference takes seconds each)",
        |s| gen_dense(&mut rng(s)),
    )
    .bench_only()
    .bench(1),
];

/// The most blocks a random or sparse case of n moves holds (index n): on an unsolvable board the
/// reference tries every sequence, about (1.6 * blocks)^n of them.
pub const MAX_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 35, 18, 10, 6];

/// The most blocks a case built from fuzzer bytes holds: smaller than [`MAX_BLOCKS`] so that the
/// reference's exhaustive search, about (1.6 * blocks)^n sequences on an unsolvable board, keeps a
/// fuzzer at thousands of executions per second.
pub const MAX_FUZZ_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 14, 8, 5, 3];

/// The most blocks a planted (solvable) case of n moves holds: the reference stops at the answer,
/// which tends to come early in the order, so these can be larger.
pub const MAX_PLANTED_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 35, 24, 15, 12];

/// A case of the default mix: half solvable, a quarter random, a quarter sparse, and now and then
/// an empty board.
fn mix(seed: u64) -> Case {
    let mut r = rng(seed);
    match r.random_range(0..400) {
        // An empty board allows no move at all: the answer is -1 for every n.
        0 => Case {
            n: r.random_range(1..=MAX_MOVES),
            board: Board::empty(),
        },
        1..200 => gen_solvable(&mut r),
        200..300 => gen_random(&mut r),
        _ => gen_sparse(&mut r),
    }
}

pub(super) fn arbitrary(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
    let n = u.int_in_range(1..=MAX_MOVES)?;
    let k = u.int_in_range(1..=MAX_COLOUR)?;
    let mut budget = MAX_FUZZ_BLOCKS[n];
    let mut columns: Vec<Vec<u8>> = vec![Vec::new(); COLS];
    for x in 0..COLS {
        let h = u.int_in_range(0..=ROWS)?.min(budget);
        for y in 0..h {
            let wanted = u.int_in_range(1..=k)?;
            // The first colour from `wanted` on that makes no run with the blocks already placed
            // (below it and to its left); a column ends early when there is none.
            let fits = (0..k)
                .map(|i| (wanted - 1 + i) % k + 1)
                .find(|&c| !makes_run(&columns, x, y, c));
            match fits {
                Some(c) => columns[x].push(c),
                None => break,
            }
        }
        budget -= columns[x].len();
    }
    let board = Board::from_columns(&columns).map_err(|_| arbitrary::Error::IncorrectFormat)?;
    let case = Case { n, board };
    case.validate()
        .map_err(|_| arbitrary::Error::IncorrectFormat)?;
    Ok(case)
}

/// The board of these columns when it is a valid board between moves (at most 7 high, colours in
/// range, no run).
pub(super) fn valid_board(columns: &[Vec<u8>]) -> Option<Board> {
    let board = Board::from_columns(columns).ok()?;
    board.validate().ok()?;
    Some(board)
}

/// Would colour `c` at (x, y) complete a run with the blocks below it or the two to its left?
/// (Columns are filled left to right, each bottom-up.)
pub(super) fn makes_run(columns: &[Vec<u8>], x: usize, y: usize, c: u8) -> bool {
    let at = |x: usize, y: usize| columns[x].get(y).copied().unwrap_or(0);
    let vertical = y >= 2 && at(x, y - 1) == c && at(x, y - 2) == c;
    let horizontal = x >= 2 && at(x - 1, y) == c && at(x - 2, y) == c;
    vertical || horizontal
}

/// Splits `blocks` over the columns, at most 7 each, with uneven random weights.
fn random_heights(r: &mut Rng, blocks: usize) -> [usize; COLS] {
    let blocks = blocks.min(COLS * ROWS);
    let weights: [u32; COLS] = std::array::from_fn(|_| r.random_range(1..=6));
    let mut heights = [0; COLS];
    for _ in 0..blocks {
        let open: u32 = (0..COLS)
            .filter(|&x| heights[x] < ROWS)
            .map(|x| weights[x])
            .sum();
        let mut pick = r.random_range(0..open);
        for x in 0..COLS {
            if heights[x] < ROWS {
                if pick < weights[x] {
                    heights[x] += 1;
                    break;
                }
                pick -= weights[x];
            }
        }
    }
    heights
}

fn shuffle<T>(r: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = r.random_range(0..=i);
        items.swap(i, j);
    }
}

/// A random board with the given column heights and exactly this multiset of colours, with no run;
/// `None` when a few tries find no such arrangement.
fn arrange(r: &mut Rng, heights: &[usize; COLS], colours: &[u8]) -> Option<Board> {
    'attempt: for _ in 0..40 {
        let mut pool = colours.to_vec();
        shuffle(r, &mut pool);
        let mut columns: Vec<Vec<u8>> = vec![Vec::new(); COLS];
        for x in 0..COLS {
            for y in 0..heights[x] {
                match (0..pool.len()).find(|&i| !makes_run(&columns, x, y, pool[i])) {
                    Some(i) => {
                        let c = pool.swap_remove(i);
                        columns[x].push(c);
                    }
                    None => continue 'attempt,
                }
            }
        }
        if let Some(board) = valid_board(&columns) {
            return Some(board);
        }
    }
    None
}

/// `groups` colours (out of k), each used three times.
fn colours_in_threes(r: &mut Rng, groups: usize, k: u8) -> Vec<u8> {
    (0..groups)
        .flat_map(|_| {
            let c = r.random_range(1..=k);
            [c, c, c]
        })
        .collect()
}

fn gen_random(r: &mut Rng) -> Case {
    loop {
        let n = r.random_range(1..=MAX_MOVES);
        let groups = r.random_range(1..=MAX_BLOCKS[n] / 3);
        let k = r.random_range(2..=MAX_COLOUR);
        let colours = colours_in_threes(r, groups, k);
        let heights = random_heights(r, colours.len());
        if let Some(board) = arrange(r, &heights, &colours) {
            return Case { n, board };
        }
    }
}

fn gen_sparse(r: &mut Rng) -> Case {
    loop {
        let n = r.random_range(1..=MAX_MOVES);
        let blocks = r.random_range(1..=MAX_BLOCKS[n].min(9));
        let k = r.random_range(1..=4);
        let colours: Vec<u8> = (0..blocks).map(|_| r.random_range(1..=k)).collect();
        let heights = random_heights(r, blocks);
        if let Some(board) = arrange(r, &heights, &colours) {
            return Case { n, board };
        }
    }
}

fn gen_dense(r: &mut Rng) -> Case {
    let mut last = None;
    for _ in 0..50 {
        let groups = r.random_range(8..=11);
        let k = r.random_range(4..=MAX_COLOUR);
        let colours = colours_in_threes(r, groups, k);
        let heights = random_heights(r, colours.len());
        if let Some(board) = arrange(r, &heights, &colours) {
            let case = Case { n: 5, board };
            if engine::mayan::solve(&case).is_none() {
                return case;
            }
            last = Some(case);
        }
    }
    // Practically unreachable: dense random boards are nearly all unsolvable.
    last.unwrap_or(Case {
        n: 5,
        board: Board::empty(),
    })
}

fn gen_solvable(r: &mut Rng) -> Case {
    loop {
        let n = r.random_range(1..=MAX_MOVES);
        let k = r.random_range(1..=MAX_COLOUR);
        let max_clears = (MAX_PLANTED_BLOCKS[n] / 3).min(n);
        let clears = r.random_range(1..=max_clears);
        if let Some(board) = build_backwards(r, n, clears, k, MAX_PLANTED_BLOCKS[n]) {
            return Case { n, board };
        }
    }
}

/// A board from which some sequence of exactly n moves empties the board, `clears` of them
/// removing blocks (the last one always does), at most `max_blocks` blocks. Built from the empty
/// board by un-playing the moves, last first; each un-played move is checked by playing it forward.
pub fn build_backwards(
    r: &mut Rng,
    n: usize,
    clears: usize,
    k: u8,
    max_blocks: usize,
) -> Option<Board> {
    let mut clearing = vec![false; n];
    clearing[n - 1] = true;
    let mut earlier: Vec<usize> = (0..n - 1).collect();
    shuffle(r, &mut earlier);
    for &i in earlier.iter().take(clears.saturating_sub(1)) {
        clearing[i] = true;
    }
    let mut board = Board::empty();
    for i in (0..n).rev() {
        let room = max_blocks.saturating_sub(board.blocks());
        let before = (0..200).find_map(|_| {
            if clearing[i] {
                unplay_clear(r, &board, k, room)
            } else {
                unplay_stall(r, &board)
            }
        })?;
        board = before;
    }
    Some(board)
}

/// Inserts a run of three blocks of colour c into the columns: horizontal at row y over columns
/// x..x+3, or vertical at rows y..y+3 of column x. Returns the cells of the run, or `None` when it
/// does not fit (a column would float or grow taller than 7).
fn insert_run(
    columns: &mut [Vec<u8>],
    x: usize,
    y: usize,
    horizontal: bool,
    c: u8,
) -> Option<[(usize, usize); 3]> {
    if horizontal {
        if x + 2 >= COLS {
            return None;
        }
        for col in &columns[x..x + 3] {
            if y > col.len() || col.len() >= ROWS {
                return None;
            }
        }
        for col in &mut columns[x..x + 3] {
            col.insert(y, c);
        }
        Some([(x, y), (x + 1, y), (x + 2, y)])
    } else {
        let col = &mut columns[x];
        if y > col.len() || col.len() + 3 > ROWS {
            return None;
        }
        for _ in 0..3 {
            col.insert(y, c);
        }
        Some([(x, y), (x, y + 1), (x, y + 2)])
    }
}

/// One try at un-playing a clearing move that leads to `after`: returns the board before it.
fn unplay_clear(r: &mut Rng, after: &Board, k: u8, room: usize) -> Option<Board> {
    if room < 3 {
        return None;
    }
    let mut columns = after.columns();
    let c = r.random_range(1..=k);
    let mut horizontal = r.random_bool(0.5);
    let x = r.random_range(0..COLS);
    let y = r.random_range(0..ROWS);
    let mut run = insert_run(&mut columns, x, y, horizontal, c)?;
    let mut blocks = 3;
    while blocks + 3 <= room && r.random_bool(0.4) {
        // Another run that breaks the last one: put it under (or, for a vertical run, inside) one
        // of its blocks, so the last run only lines up once the new one is gone: one more wave.
        let (bx, by) = run[r.random_range(0..3)];
        let c2 = r.random_range(1..=k);
        let horizontal2 = r.random_bool(0.5);
        let y2 = if horizontal {
            r.random_range(0..=by)
        } else {
            r.random_range(run[0].1 + 1..=run[2].1)
        };
        let x2 = if horizontal2 {
            bx.saturating_sub(r.random_range(0..3)).min(COLS - 3)
        } else {
            bx
        };
        run = insert_run(&mut columns, x2, y2, horizontal2, c2)?;
        horizontal = horizontal2;
        blocks += 3;
    }
    let (before, m) = undo_move(r, &columns, &run)?;
    check_step(&before, m, after)
}

/// The column left or right of `x`, at random; `None` when that side is off the board.
fn neighbour_column(r: &mut Rng, x: usize) -> Option<usize> {
    let s = if r.random_bool(0.5) {
        x.checked_sub(1)?
    } else {
        x + 1
    };
    (s < COLS).then_some(s)
}

/// Undoes the drag that completed a run: a swap of a run block with a neighbour of another colour,
/// or (for a run block on top of its column) a drop from a neighbouring column.
fn undo_move(
    r: &mut Rng,
    columns: &[Vec<u8>],
    run: &[(usize, usize); 3],
) -> Option<(Vec<Vec<u8>>, Move)> {
    let (x, y) = run[r.random_range(0..3)];
    let c = columns[x][y];
    let s = neighbour_column(r, x)?;
    let g: i8 = if x > s { 1 } else { -1 };
    let mut before = columns.to_vec();
    if r.random_bool(0.5) {
        // Swap: the block of the run stood at (s, y) and the other block at (x, y).
        let other = *columns[s].get(y)?;
        if other == c {
            return None;
        }
        before[x][y] = other;
        before[s][y] = c;
        // Dragging (s, y) towards x swaps them back.
        Some((before, Move::new(s, y, g)))
    } else {
        // Drop: the run block is the top of column x and came from (s, ys), with (x, ys) empty.
        if y + 1 != columns[x].len() {
            return None;
        }
        let low = y;
        let high = columns[s].len();
        if low > high || high >= ROWS {
            return None;
        }
        let ys = r.random_range(low..=high);
        before[x].pop();
        before[s].insert(ys, c);
        Some((before, Move::new(s, ys, g)))
    }
}

/// One try at un-playing a move that removes nothing and leads to `after`.
fn unplay_stall(r: &mut Rng, after: &Board) -> Option<Board> {
    let columns = after.columns();
    if r.random_bool(0.5) {
        // A swap, preferring two equal blocks (a swap that changes nothing) when asked.
        let pairs: Vec<(usize, usize)> = (0..COLS - 1)
            .flat_map(|x| (0..columns[x].len().min(columns[x + 1].len())).map(move |y| (x, y)))
            .collect();
        let equal: Vec<(usize, usize)> = pairs
            .iter()
            .copied()
            .filter(|&(x, y)| columns[x][y] == columns[x + 1][y])
            .collect();
        let pool = if !equal.is_empty() && r.random_bool(0.5) {
            &equal
        } else {
            &pairs
        };
        if pool.is_empty() {
            return None;
        }
        let (x, y) = pool[r.random_range(0..pool.len())];
        let mut before = columns.clone();
        before[x][y] = columns[x + 1][y];
        before[x + 1][y] = columns[x][y];
        check_step(&before, Move::new(x, y, 1), after)
    } else {
        // A drop: the top block of column x came from (s, ys) with (x, ys) empty.
        let x = r.random_range(0..COLS);
        let top = *columns[x].last()?;
        let s = neighbour_column(r, x)?;
        let low = columns[x].len() - 1;
        let high = columns[s].len();
        if low > high || high >= ROWS {
            return None;
        }
        let ys = r.random_range(low..=high);
        let mut before = columns.clone();
        before[x].pop();
        before[s].insert(ys, top);
        let g = if x > s { 1 } else { -1 };
        check_step(&before, Move::new(s, ys, g), after)
    }
}

/// The board of `before` when it is valid and the move `m` takes it exactly to `after`.
fn check_step(before: &[Vec<u8>], m: Move, after: &Board) -> Option<Board> {
    let board = valid_board(before)?;
    let played: Played = play(&board, m)?;
    (played.board == *after).then_some(board)
}
