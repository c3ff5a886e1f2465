//! Case generation for the engine's tests: boards without runs, and games whose operations are
//! mostly valid swaps chosen on purpose. Validity is decided here by walking cells, independently
//! of the engine's masks; the engine only steps the board forward between choices (any mistake it
//! makes there still shows up in the comparison with the reference, which replays the whole case).

#![allow(dead_code)]

use engine::texas::Engine;
use model::texas::{Board, Case, NoTrace, Op, Pos};
use rand::Rng as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub type Rng = ChaCha8Rng;

pub fn rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// What a generated game looks like.
#[derive(Debug, Clone)]
pub struct Profile {
    pub n: usize,
    pub m: usize,
    pub k: u8,
    /// The colours the board is drawn from; empty for all of 1..=k.
    pub palette: Vec<u8>,
    /// Probability that a cell holds a special.
    pub special_density: f64,
    /// The special types to draw from.
    pub special_types: Vec<u8>,
    pub q: usize,
    /// Probability that an operation is a valid swap (when one exists).
    pub p_valid: f64,
}

/// A cell walk: does (r, c) lie in a horizontal or vertical run of >= 3 equal colours?
pub fn in_run(b: &Board, r: usize, c: usize) -> bool {
    let x = b.colour_at(r, c);
    if x == 0 {
        return false;
    }
    let count = |dr: isize, dc: isize| {
        let mut k = 0;
        let (mut rr, mut cc) = (r as isize + dr, c as isize + dc);
        while rr >= 0
            && cc >= 0
            && (rr as usize) < b.n
            && (cc as usize) < b.m
            && b.colour_at(rr as usize, cc as usize) == x
        {
            k += 1;
            rr += dr;
            cc += dc;
        }
        k
    };
    count(0, -1) + 1 + count(0, 1) >= 3 || count(-1, 0) + 1 + count(1, 0) >= 3
}

/// Every cell in a run, as row masks, by walking cells.
pub fn runs_by_walking(b: &Board) -> Vec<u64> {
    (0..b.n)
        .map(|r| {
            (0..b.m)
                .filter(|&c| in_run(b, r, c))
                .fold(0u64, |acc, c| acc | 1 << c)
        })
        .collect()
}

fn swap(b: &mut Board, a: Pos, p: Pos) {
    let (i, j) = (b.idx(a.r(), a.c()), b.idx(p.r(), p.c()));
    b.colour.swap(i, j);
    b.special.swap(i, j);
}

/// Whether swapping `a` and `b` on a stable board is a valid operation (cell walk).
pub fn is_valid_swap(board: &mut Board, a: Pos, b: Pos) -> bool {
    if a.r().abs_diff(b.r()) + a.c().abs_diff(b.c()) != 1 {
        return false;
    }
    if board.is_empty_at(a.r(), a.c()) || board.is_empty_at(b.r(), b.c()) {
        return false;
    }
    swap(board, a, b);
    let valid = in_run(board, a.r(), a.c()) || in_run(board, b.r(), b.c());
    swap(board, a, b);
    valid
}

/// Every valid swap of a stable board.
pub fn valid_swaps(board: &mut Board) -> Vec<Op> {
    let mut out = Vec::new();
    for r in 0..board.n {
        for c in 0..board.m {
            let a = Pos::new(r, c);
            for (dr, dc) in [(0, 1), (1, 0)] {
                if r + dr < board.n && c + dc < board.m {
                    let b = Pos::new(r + dr, c + dc);
                    if is_valid_swap(board, a, b) {
                        out.push(Op { a, b });
                    }
                }
            }
        }
    }
    out
}

/// A full board without any run, or `None` when the colours do not allow one (two colours or fewer).
pub fn stable_board(rng: &mut Rng, p: &Profile) -> Option<Board> {
    let colours: Vec<u8> = if p.palette.is_empty() {
        (1..=p.k).collect()
    } else {
        p.palette.clone()
    };
    let mut b = Board::empty(p.n, p.m);
    for r in 0..p.n {
        for c in 0..p.m {
            let first = rng.random_range(0..colours.len());
            let i = b.idx(r, c);
            let placed = (0..colours.len()).any(|t| {
                b.colour[i] = colours[(first + t) % colours.len()];
                !in_run(&b, r, c)
            });
            if !placed {
                return None;
            }
            if !p.special_types.is_empty() && rng.random_bool(p.special_density) {
                b.special[i] = p.special_types[rng.random_range(0..p.special_types.len())];
            }
        }
    }
    Some(b)
}

/// Any operation on the board, mostly invalid ones: random pairs, adjacent pairs, a cell with
/// itself, pairs with an empty cell.
fn random_op(rng: &mut Rng, board: &Board) -> Op {
    let (n, m) = (board.n, board.m);
    let cell = |rng: &mut Rng| Pos::new(rng.random_range(0..n), rng.random_range(0..m));
    let a = cell(rng);
    match rng.random_range(0..4) {
        0 => Op { a, b: cell(rng) },
        1 => Op { a, b: a },
        _ => {
            let mut near = [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)]
                .into_iter()
                .map(|(dr, dc)| (a.r() as isize + dr, a.c() as isize + dc))
                .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < m);
            let skip = rng.random_range(0..4);
            match near.clone().nth(skip).or_else(|| near.next()) {
                Some((r, c)) => Op {
                    a,
                    b: Pos::new(r as usize, c as usize),
                },
                None => Op { a, b: a },
            }
        }
    }
}

/// A game: a stable board and `q` operations, a valid swap with probability `p_valid` while one
/// exists. `None` when no stable board was drawn.
pub fn game(rng: &mut Rng, p: &Profile) -> Option<Case> {
    let board = stable_board(rng, p)?;
    let mut case = Case {
        k: p.k,
        board,
        ops: Vec::with_capacity(p.q),
    };
    let mut engine = Engine::new();
    engine.load(&case);
    let mut now = case.board.clone();
    for _ in 0..p.q {
        let op = if rng.random_bool(p.p_valid) {
            let valid = valid_swaps(&mut now);
            if valid.is_empty() {
                random_op(rng, &now)
            } else {
                valid[rng.random_range(0..valid.len())]
            }
        } else {
            random_op(rng, &now)
        };
        case.ops.push(op);
        engine.apply(op, &mut NoTrace);
        now = engine.board();
    }
    Some(case)
}
