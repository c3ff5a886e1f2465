//! Shared by the engine's line tests and its benchmark: a seeded RNG, the cell walk the line tests
//! compare the run detector against, and heavy games for the benchmark.
//!
//! No game is simulated here. The benchmark's games take their valid swaps from the engine itself:
//! an invalid operation leaves the engine's board as it was, so trying swaps on it until one is
//! valid costs nothing but time. Whether the engine plays them right is for the differential tests
//! (`games/tests/texas_diff.rs`, on the harness's generators) and for the benchmark's own
//! comparison of scores with the reference.

#![allow(dead_code)]

use engine::texas::Engine;
use model::texas::{Board, Case, Invalid, Op, Pos, Sink};
use rand::Rng as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub type Rng = ChaCha8Rng;

pub fn rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
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

/// What a benchmark game looks like.
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

/// Whether the last operation the engine saw was valid.
#[derive(Default)]
struct Verdict {
    valid: bool,
}

impl Sink for Verdict {
    fn invalid(&mut self, _why: Invalid) {
        self.valid = false;
    }
    fn valid(&mut self, _main: &[u8]) {
        self.valid = true;
    }
}

/// Adjacent pair `t` of an n x m board: the horizontal ones row by row, then the vertical ones.
fn pair(n: usize, m: usize, t: usize) -> Op {
    let horizontal = n * (m - 1);
    let (a, b) = if t < horizontal {
        let (r, c) = (t / (m - 1), t % (m - 1));
        (Pos::new(r, c), Pos::new(r, c + 1))
    } else {
        let (r, c) = ((t - horizontal) / m, (t - horizontal) % m);
        (Pos::new(r, c), Pos::new(r + 1, c))
    };
    Op { a, b }
}

/// Any operation on the board, mostly invalid ones: random pairs, adjacent pairs, a cell with
/// itself.
fn random_op(rng: &mut Rng, n: usize, m: usize) -> Op {
    let cell = |rng: &mut Rng| Pos::new(rng.random_range(0..n), rng.random_range(0..m));
    let pairs = n * (m - 1) + (n - 1) * m;
    match rng.random_range(0..4) {
        0 => Op {
            a: cell(rng),
            b: cell(rng),
        },
        1 => {
            let a = cell(rng);
            Op { a, b: a }
        }
        _ if pairs > 0 => pair(n, m, rng.random_range(0..pairs)),
        _ => {
            let a = cell(rng);
            Op { a, b: a }
        }
    }
}

/// A game: a stable board and `q` operations, a valid swap with probability `p_valid` while one
/// exists (the engine, playing along, tries the adjacent pairs from a random one on until it
/// accepts one). `None` when no stable board was drawn.
pub fn game(rng: &mut Rng, p: &Profile) -> Option<Case> {
    let board = stable_board(rng, p)?;
    let (n, m) = (p.n, p.m);
    let mut case = Case {
        k: p.k,
        board,
        ops: Vec::with_capacity(p.q),
    };
    let mut engine = Engine::new();
    engine.load(&case);
    let pairs = n * (m - 1) + (n - 1) * m;
    let mut verdict = Verdict::default();
    for _ in 0..p.q {
        if pairs > 0 && rng.random_bool(p.p_valid) {
            let start = rng.random_range(0..pairs);
            let mut last = pair(n, m, start);
            for t in 0..pairs {
                last = pair(n, m, (start + t) % pairs);
                engine.apply(last, &mut verdict);
                if verdict.valid {
                    break;
                }
            }
            case.ops.push(last);
        } else {
            let op = random_op(rng, n, m);
            engine.apply(op, &mut verdict);
            case.ops.push(op);
        }
    }
    Some(case)
}

/// Whether swapping `a` and `b` is a valid operation on `board`, as the engine says.
pub fn is_valid_swap(board: &mut Board, a: Pos, b: Pos) -> bool {
    let k = board.colour.iter().copied().max().unwrap_or(1).max(1);
    let case = Case {
        k,
        board: board.clone(),
        ops: Vec::new(),
    };
    let mut engine = Engine::new();
    engine.load(&case);
    let mut verdict = Verdict::default();
    engine.apply(Op { a, b }, &mut verdict);
    verdict.valid
}
