//! NoGo boards from seeds and from fuzzer bytes.

use arbitrary::Unstructured;
use harness::rng::{rng, Rng};
use harness::roles::Profile;
use model::nogo::{Board, Colour};
use rand::Rng as _;

/// Largest side of the generated boards the reference can still handle quickly.
pub const SMALL_N: usize = 12;

/// Largest side of the boards built from fuzzer bytes: the checkers judge about thirteen move lists
/// per board, and the reference's cost grows with the fourth power of the side, so smaller boards
/// keep a fuzzer at thousands of executions per second (contest inputs among the seeds can be larger).
pub const FUZZ_N: usize = 8;

/// Clears the first stone of each group without liberty until every group has one. Removing a
/// stone never takes a liberty from anyone, so this ends with a valid board.
pub fn repair(board: &mut Board) {
    while let Some((r, c)) = board.dead_group() {
        board.set(r, c, None);
    }
}

/// A random valid n x n board: each point holds a stone with probability `density`, black with
/// probability `black`; then groups without liberty lose stones.
pub fn random_board(r: &mut Rng, n: usize, density: f64, black: f64) -> Board {
    let mut board = Board::empty(n);
    for p in &mut board.cells {
        if r.random_bool(density) {
            *p = Some(if r.random_bool(black) {
                Colour::Black
            } else {
                Colour::White
            });
        }
    }
    repair(&mut board);
    board
}

pub(super) const PROFILES: &[Profile<Board>] = &[
    Profile::new(
        "mix",
        "boards up to 12x12: random densities and colour balances, some empty, some nearly full",
        mix,
    )
    .bench(500),
    Profile::new("small", "boards of side 1 to 4, any density", small).fuzz_seed(),
    Profile::new("empty", "empty boards of side 1 to 12", |s| {
        Board::empty(rng(s).random_range(1..=SMALL_N))
    })
    .fuzz_seed(),
    Profile::new(
        "full",
        "nearly full boards up to 12x12 (density 0.85 to 1, then repaired)",
        full,
    )
    .fuzz_seed(),
    Profile::new(
        "medium",
        "boards of side 13 to 20, any density (slower for the reference)",
        medium,
    ),
    Profile::new(
        "empty-250",
        "the empty 250x250 board (benchmarks; too big for the reference)",
        |_| Board::empty(250),
    )
    .bench_only()
    .bench(1),
    Profile::new(
        "empty-500",
        "the empty 500x500 board (benchmarks; too big for the reference)",
        |_| Board::empty(500),
    )
    .bench_only()
    .bench(1),
    Profile::new(
        "empty-1000",
        "the empty 1000x1000 board (benchmarks; too big for the reference)",
        |_| Board::empty(1000),
    )
    .bench_only()
    .bench(1),
];

/// Small boards of any density.
fn small(seed: u64) -> Board {
    let r = &mut rng(seed);
    let n = r.random_range(1..=4);
    let (d, b) = (r.random_range(0.0..=1.0), r.random_range(0.2..=0.8));
    random_board(r, n, d, b)
}

/// Full or nearly full boards.
fn full(seed: u64) -> Board {
    let r = &mut rng(seed);
    let n = r.random_range(2..=SMALL_N);
    let (d, b) = (r.random_range(0.85..=1.0), r.random_range(0.3..=0.7));
    random_board(r, n, d, b)
}

/// Boards of side 13 to 20.
fn medium(seed: u64) -> Board {
    let r = &mut rng(seed);
    let n = r.random_range(13..=20);
    let (d, b) = (r.random_range(0.0..=0.9), r.random_range(0.3..=0.7));
    random_board(r, n, d, b)
}

/// The default: mostly boards of side 4 to 12, now and then a tiny, an empty or a full one.
fn mix(seed: u64) -> Board {
    let r = &mut rng(seed);
    let n = if r.random_bool(0.1) {
        r.random_range(1..=3)
    } else {
        r.random_range(4..=SMALL_N)
    };
    let d = match r.random_range(0..8) {
        0 => 0.0,
        1 => r.random_range(0.85..=1.0),
        _ => r.random_range(0.0..=0.8),
    };
    let b = r.random_range(0.2..=0.8);
    random_board(r, n, d, b)
}

pub(super) fn arbitrary(u: &mut Unstructured<'_>) -> arbitrary::Result<Board> {
    let n = u.int_in_range(1..=FUZZ_N)?;
    let mut board = Board::empty(n);
    for p in &mut board.cells {
        *p = match u.int_in_range(0..=2u8)? {
            0 => None,
            1 => Some(Colour::Black),
            _ => Some(Colour::White),
        };
    }
    repair(&mut board);
    Ok(board)
}
