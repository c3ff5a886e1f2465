//! The Mayan puzzle for the generic tools.
//!
//! The outcome is the answer itself: the lexicographically smallest sequence of exactly n moves that
//! empties the board, or `None` (`-1`). Two answers are compared move by move; a difference is
//! explained by replaying both sequences with the reference rules.
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

use crate::game::{function, BenchRow, Divergence, EngineEntry, Game, Names, Profile};
use crate::rng::{rng, Rng};
use arbitrary::Unstructured;
use model::mayan::{write_answer, Answer, Board, Case, Move, COLS, MAX_COLOUR, MAX_MOVES, ROWS};
use model::ParseError;
use rand::Rng as _;
use reference::mayan::{play, replay, MoveKind, Played};
use std::fmt::Write as _;
use std::time::Duration;

/// The Mayan puzzle.
pub struct Mayan;

const PROFILES: &[Profile] = &[
    Profile {
        name: "mix",
        about: "solvable, random and sparse cases, every n from 1 to 5, sized for the reference",
    },
    Profile {
        name: "solvable",
        about: "puzzles built backwards from the empty board, each with a planted answer",
    },
    Profile {
        name: "random",
        about: "random boards whose colours come in threes, mostly unsolvable",
    },
    Profile {
        name: "sparse",
        about: "a few blocks of one to four colours, any counts",
    },
    Profile {
        name: "dense",
        about: "dense unsolvable boards, n = 5: for benchmarks (the reference takes seconds each)",
    },
];

/// The most blocks a random or sparse case of n moves holds (index n): on an unsolvable board the
/// reference tries every sequence, about (1.6 * blocks)^n of them.
pub const MAX_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 35, 18, 10, 6];

/// The most blocks a case built from fuzzer bytes holds: smaller than [`MAX_BLOCKS`] so that the
/// reference's exhaustive search keeps a fuzzer at hundreds of executions per second.
pub const MAX_FUZZ_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 16, 10, 6, 4];

/// The most blocks a planted (solvable) case of n moves holds: the reference stops at the answer,
/// which tends to come early in the order, so these can be larger.
pub const MAX_PLANTED_BLOCKS: [usize; MAX_MOVES + 1] = [0, 35, 35, 24, 15, 12];

const COVERAGE_KEYS: &[&str] = &[
    "solvable",
    "unsolvable",
    "n=1",
    "n=2",
    "n=3",
    "n=4",
    "n=5",
    "empty board",
    "answer: swap move",
    "answer: drop move",
    "answer: left drag",
    "answer: blocks fall after the drag",
    "answer: move removing nothing",
    "answer: swap of two equal blocks",
    "answer: cascade of 2+ waves",
    "answer: 6+ blocks in one move",
];

impl Game for Mayan {
    const NAME: &'static str = "mayan";
    type Case = Case;
    type Outcome = Answer;

    fn profiles() -> &'static [Profile] {
        PROFILES
    }

    fn bench_only() -> &'static [&'static str] {
        &["dense"]
    }

    fn generate(profile: &Profile, seed: u64) -> Case {
        let mut r = rng(seed);
        let profile = if profile.name == "mix" {
            match r.random_range(0..400) {
                // An empty board allows no move at all: the answer is -1 for every n.
                0 => "empty",
                1..200 => "solvable",
                200..300 => "random",
                _ => "sparse",
            }
        } else {
            profile.name
        };
        match profile {
            "random" => gen_random(&mut r),
            "sparse" => gen_sparse(&mut r),
            "dense" => gen_dense(&mut r),
            "empty" => Case {
                n: r.random_range(1..=MAX_MOVES),
                board: Board::empty(),
            },
            _ => gen_solvable(&mut r),
        }
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
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

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn engines() -> Vec<EngineEntry<Self>> {
        vec![
            EngineEntry {
                name: "reference",
                about: "plain exhaustive search in lexicographic order (reference::mayan)",
                build: || function::<Mayan>("reference", |case, _| reference::mayan::solve(case)),
            },
            EngineEntry {
                name: "optimized",
                about: "packed boards and safe prunes (engine::mayan)",
                build: || function::<Mayan>("optimized", |case, _| engine::mayan::solve(case)),
            },
        ]
    }

    /// Two seconds per move: the reference's exhaustive search over the batch profiles takes about
    /// a millisecond on average and well under a second at worst.
    fn time_limit(case: &Case) -> Duration {
        Duration::from_secs(2 * case.n as u64 + 2)
    }

    fn bench_rows() -> &'static [BenchRow] {
        &[
            BenchRow {
                profile: "mix",
                cases: 200,
            },
            BenchRow {
                profile: "solvable",
                cases: 200,
            },
            BenchRow {
                profile: "dense",
                cases: 1,
            },
        ]
    }

    fn seed_profiles() -> &'static [&'static str] {
        &["solvable", "random", "sparse"]
    }

    fn answer(outcome: &Answer) -> String {
        write_answer(outcome)
    }

    fn compare(
        case: &Case,
        reference: &Answer,
        optimized: &Answer,
        names: Names<'_>,
    ) -> Option<Divergence> {
        let Names { a: na, b: nb } = names;
        if reference == optimized {
            return None;
        }
        let (at, what, prefix) = match (reference, optimized) {
            (Some(_), None) => (
                "answer".to_string(),
                format!("{na} finds a sequence, {nb} answers -1"),
                0,
            ),
            (None, Some(_)) => (
                "answer".to_string(),
                format!(
                    "{na} answers -1, {nb} gives a sequence that {}",
                    verdict(case, optimized)
                ),
                0,
            ),
            (Some(a), Some(b)) => {
                let i = a.iter().zip(b).take_while(|(p, q)| p == q).count();
                match (a.get(i), b.get(i)) {
                    (Some(p), Some(q)) => (
                        format!("move {}", i + 1),
                        format!(
                            "{na} plays {p}, {nb} plays {q}; the sequence of {nb} {}",
                            verdict(case, optimized)
                        ),
                        i,
                    ),
                    _ => (
                        "answer".to_string(),
                        format!(
                            "the answers have {} and {} moves for n = {}",
                            a.len(),
                            b.len(),
                            case.n
                        ),
                        i,
                    ),
                }
            }
            (None, None) => return None,
        };
        Some(Divergence {
            at,
            what,
            a_view: view(case, reference, prefix),
            b_view: view(case, optimized, prefix),
            context: serde_json::json!({
                "case": case.write(),
                "engines": [na, nb],
                "a": answer_json(reference),
                "b": answer_json(optimized),
            }),
        })
    }

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        let mut out = Vec::new();
        let board = &case.board;
        let columns = board.columns();
        // Empty a whole column.
        for x in 0..COLS {
            if !columns[x].is_empty() {
                let mut c = columns.clone();
                c[x].clear();
                push_valid(&mut out, case.n, &c);
            }
        }
        // Fewer moves.
        if case.n > 1 {
            push_valid(&mut out, case.n - 1, &columns);
        }
        // Remove one block (the blocks above fall).
        for x in 0..COLS {
            for y in (0..columns[x].len()).rev() {
                let mut c = columns.clone();
                c[x].remove(y);
                push_valid(&mut out, case.n, &c);
            }
        }
        // Fewer colours: paint every block of one colour with another colour on the board.
        let present = board.colours();
        for &from in present.iter().rev() {
            for &to in &present {
                if to != from {
                    push_valid(&mut out, case.n, &recolour(&columns, from, to));
                }
            }
        }
        // Smaller colour numbers: rename a colour to the smallest unused one below it.
        for &from in &present {
            if let Some(to) = (1..from).find(|c| !present.contains(c)) {
                push_valid(&mut out, case.n, &recolour(&columns, from, to));
            }
        }
        out
    }

    fn size(case: &Case) -> String {
        format!(
            "n={}, {} blocks, {} colours",
            case.n,
            case.board.blocks(),
            case.board.colours().len()
        )
    }

    fn weight(case: &Case) -> u64 {
        let colour_sum: u64 = case
            .board
            .cells
            .iter()
            .flatten()
            .map(|&c| u64::from(c))
            .sum();
        case.n as u64 * 1_000_000
            + case.board.blocks() as u64 * 10_000
            + case.board.colours().len() as u64 * 1_000
            + colour_sum
    }

    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Answer) -> Vec<&'static str> {
        let mut keys = Vec::new();
        keys.push(if outcome.is_some() {
            "solvable"
        } else {
            "unsolvable"
        });
        keys.push(COVERAGE_KEYS[2 + case.n.clamp(1, MAX_MOVES) - 1]);
        if case.board.is_cleared() {
            keys.push("empty board");
        }
        let Some(moves) = outcome else {
            return keys;
        };
        let Ok(played) = replay(&case.board, moves) else {
            return keys;
        };
        let mut before = case.board;
        let hit = |key: &'static str, keys: &mut Vec<&'static str>| {
            if !keys.contains(&key) {
                keys.push(key);
            }
        };
        for (m, p) in moves.iter().zip(&played) {
            hit(
                match p.kind {
                    MoveKind::Swap => "answer: swap move",
                    MoveKind::Drop => "answer: drop move",
                },
                &mut keys,
            );
            if m.g == -1 {
                hit("answer: left drag", &mut keys);
            }
            if p.fell {
                hit("answer: blocks fall after the drag", &mut keys);
            }
            if p.removed == 0 {
                hit("answer: move removing nothing", &mut keys);
            }
            if p.kind == MoveKind::Swap && p.board == before {
                hit("answer: swap of two equal blocks", &mut keys);
            }
            if p.waves >= 2 {
                hit("answer: cascade of 2+ waves", &mut keys);
            }
            if p.removed >= 6 {
                hit("answer: 6+ blocks in one move", &mut keys);
            }
            before = p.board;
        }
        keys
    }
}

/// What a proposed answer does when replayed with the reference rules.
fn verdict(case: &Case, answer: &Answer) -> String {
    let Some(moves) = answer else {
        return "is -1".to_string();
    };
    if moves.len() != case.n {
        return format!("has {} moves instead of {}", moves.len(), case.n);
    }
    match replay(&case.board, moves) {
        Err(e) => format!("is illegal: {e}"),
        Ok(played) if played.last().is_some_and(|p| p.board.is_cleared()) => {
            "empties the board too".to_string()
        }
        Ok(_) => "does not empty the board".to_string(),
    }
}

/// The board after the first `prefix` moves of an answer, then the whole answer.
fn view(case: &Case, answer: &Answer, prefix: usize) -> String {
    let mut out = String::new();
    let mut board = case.board;
    if let Some(moves) = answer {
        if let Ok(played) = replay(&case.board, &moves[..prefix.min(moves.len())]) {
            if let Some(p) = played.last() {
                board = p.board;
            }
        }
    }
    let _ = writeln!(out, "board after {prefix} move(s):");
    out.push_str(&board.render());
    out.push_str("answer:\n");
    out.push_str(&write_answer(answer));
    out
}

fn answer_json(answer: &Answer) -> serde_json::Value {
    match answer {
        None => serde_json::json!(-1),
        Some(moves) => serde_json::json!(moves
            .iter()
            .map(|m| [i32::from(m.x), i32::from(m.y), i32::from(m.g)])
            .collect::<Vec<_>>()),
    }
}

fn recolour(columns: &[Vec<u8>], from: u8, to: u8) -> Vec<Vec<u8>> {
    columns
        .iter()
        .map(|col| {
            col.iter()
                .map(|&c| if c == from { to } else { c })
                .collect()
        })
        .collect()
}

/// Adds the case (n, columns) when it is valid.
fn push_valid(out: &mut Vec<Case>, n: usize, columns: &[Vec<u8>]) {
    if let Some(board) = valid_board(columns) {
        out.push(Case { n, board });
    }
}

/// The board of these columns when it is a valid board between moves (at most 7 high, colours in
/// range, no run).
fn valid_board(columns: &[Vec<u8>]) -> Option<Board> {
    let board = Board::from_columns(columns).ok()?;
    board.validate().ok()?;
    Some(board)
}

/// Would colour `c` at (x, y) complete a run with the blocks below it or the two to its left?
/// (Columns are filled left to right, each bottom-up.)
fn makes_run(columns: &[Vec<u8>], x: usize, y: usize, c: u8) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> &'static Profile {
        Mayan::profile(name).expect("a profile of the game")
    }

    #[test]
    fn generated_cases_are_valid_and_deterministic() {
        for p in Mayan::profiles() {
            let seeds = if p.name == "dense" { 2 } else { 60 };
            for seed in 0..seeds {
                let case = Mayan::generate(p, seed);
                case.validate()
                    .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", p.name));
                assert_eq!(case, Mayan::generate(p, seed));
                assert_eq!(Mayan::parse(Mayan::write(&case).as_bytes()).unwrap(), case);
                if p.name != "dense" {
                    assert!(
                        case.board.blocks() <= MAX_PLANTED_BLOCKS[case.n],
                        "{}",
                        p.name
                    );
                }
                if p.name == "random" || p.name == "sparse" {
                    assert!(case.board.blocks() <= MAX_BLOCKS[case.n], "{}", p.name);
                }
            }
        }
    }

    #[test]
    fn planted_puzzles_are_solvable() {
        for seed in 0..40 {
            let case = Mayan::generate(p("solvable"), seed);
            let answer = engine::mayan::solve(&case);
            assert!(answer.is_some(), "seed {seed}:\n{}", case.write());
        }
    }

    #[test]
    fn dense_cases_are_dense_and_unsolvable() {
        let case = Mayan::generate(p("dense"), 7);
        assert_eq!(case.n, 5);
        assert!(case.board.blocks() >= 24, "{}", case.board.blocks());
        assert_eq!(engine::mayan::solve(&case), None);
        // Colours come in threes, so no colour is left once or twice.
        let counts = case.board.colour_counts();
        assert!(counts.iter().all(|&c| c % 3 == 0), "{counts:?}");
    }

    #[test]
    fn compare_names_the_first_differing_move() {
        let case = Case::parse(b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
        let right = reference::mayan::solve(&case);
        assert!(Mayan::compare(&case, &right, &right.clone(), Names::default()).is_none());
        let mut wrong = right.clone().unwrap();
        wrong[1] = Move::new(0, 0, 1);
        let d = Mayan::compare(&case, &right, &Some(wrong), Names::default()).unwrap();
        assert_eq!(d.at, "move 2");
        assert!(
            d.what
                .contains("reference plays 3 1 1, optimized plays 0 0 1"),
            "{}",
            d.what
        );
        assert!(d.what.contains("does not empty the board"), "{}", d.what);
        assert!(d.a_view.contains("board after 1 move(s)"));
        assert!(d.b_view.contains("0 0 1"));
        let d = Mayan::compare(&case, &right, &None, Names::default()).unwrap();
        assert_eq!(d.at, "answer");
        assert!(d.what.contains("answers -1"), "{}", d.what);
        assert_eq!(d.context["b"], serde_json::json!(-1));
        assert!(Mayan::judge(&case, &right, "2 1 1 3 1 1\n3 0 1").is_ok());
        assert!(Mayan::judge(&case, &right, "-1").is_err());
    }

    #[test]
    fn shrink_candidates_are_valid_and_lighter() {
        for seed in 0..30 {
            let case = Mayan::generate(p("mix"), seed);
            let w = Mayan::weight(&case);
            for smaller in Mayan::shrink_candidates(&case) {
                smaller.validate().unwrap();
                assert!(Mayan::weight(&smaller) < w, "seed {seed}");
            }
        }
        let case = Case::parse(b"2\n1 2 0\n0\n3 0\n0\n0\n").unwrap();
        let candidates = Mayan::shrink_candidates(&case);
        assert!(candidates.iter().any(|c| c.n == 1));
        assert!(candidates.iter().any(|c| c.board.blocks() == 1));
        assert!(candidates.iter().any(|c| c.board.colours() == [1, 2]));
    }

    #[test]
    fn arbitrary_bytes_give_valid_cases() {
        let mut made = 0;
        for seed in 0..200u64 {
            let bytes: Vec<u8> = (0..64)
                .map(|i| (crate::rng::mix(seed * 64 + i) & 0xff) as u8)
                .collect();
            let mut u = Unstructured::new(&bytes);
            if let Ok(case) = Mayan::arbitrary_case(&mut u) {
                case.validate().unwrap();
                assert!(case.board.blocks() <= MAX_BLOCKS[case.n]);
                made += 1;
            }
        }
        assert!(made > 150, "{made}");
    }

    #[test]
    fn coverage_sees_stalls_and_cascades() {
        let case = Case::parse(b"2\n1 0\n1 0\n0\n1 0\n0\n").unwrap();
        let answer = reference::mayan::solve(&case);
        let keys = Mayan::coverage(&case, &answer);
        for key in [
            "solvable",
            "n=2",
            "answer: swap of two equal blocks",
            "answer: move removing nothing",
            "answer: left drag",
            "answer: drop move",
        ] {
            assert!(keys.contains(&key), "{key}: {keys:?}");
        }
        let case = Case::parse(b"1\n0\n5 6 4 0\n4 4 7 5 0\n5 0\n0\n").unwrap();
        let answer = reference::mayan::solve(&case);
        // A two-wave cascade exists, but the 6 and the 7 stay: unsolvable.
        assert_eq!(answer, None);
        assert_eq!(Mayan::coverage(&case, &answer), ["unsolvable", "n=1"]);
    }

    #[test]
    fn the_mix_reaches_every_coverage_key() {
        let mut seen: Vec<&str> = Vec::new();
        for seed in 0..400 {
            let case = Mayan::generate(p("mix"), seed);
            let answer = engine::mayan::solve(&case);
            for key in Mayan::coverage(&case, &answer) {
                assert!(Mayan::coverage_keys().contains(&key));
                if !seen.contains(&key) {
                    seen.push(key);
                }
            }
        }
        let missing: Vec<&&str> = Mayan::coverage_keys()
            .iter()
            .filter(|k| !seen.contains(k) && **k != "empty board")
            .collect();
        assert!(missing.is_empty(), "never hit: {missing:?}");
    }
}
