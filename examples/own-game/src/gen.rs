//! Case generators, written once against [`Source`] so that the same code makes seeded batches
//! (`harness::rng::rng(seed)`) and fuzzer cases ([`arbitrary_case`]). A case is a pure function of
//! (profile, seed).
//!
//! Realistic games spawn on cells that are empty after the move, so the generator plays its own
//! games with `Sim`, *the generator's own simulation of the rules, not an engine under test*: it
//! tells which directions change the board and which cells are empty afterwards. Most spawns go to
//! an empty cell; some go deliberately to an occupied one (nothing is placed), and some moves are
//! drawn without looking, so that some change nothing.

use crate::case::{Board, Case, Dir, Move};
use harness::source::{Bytes, Source};
use harness::Profile;

/// The profiles; the first, `mix`, is the default. Each says what the tools do with it: fuzz
/// seeds (`seeds`), rows of the default `bench`, bench-only (too big for the reference in a batch).
pub const PROFILES: &[Profile] = &[
    Profile::new(
        "mix",
        "the default: one of the other non-bench profiles, drawn by weight",
    )
    .fuzz_seed()
    .bench(2000),
    Profile::new(
        "small",
        "tiny boards (1x1 to 3x3) with small tiles, at most 6 moves",
    )
    .fuzz_seed(),
    Profile::new(
        "classic",
        "4x4 games as people play them: two starting tiles (or a mid-game board), 20-400 moves",
    )
    .bench(200),
    Profile::new(
        "long",
        "4x4 games of 1000-4000 moves that never end (no spawn that would leave no move)",
    )
    .bench(20),
    Profile::new(
        "full",
        "full or nearly full boards (2x2 to 8x8) of small tiles, up to 20 moves",
    )
    .fuzz_seed(),
    Profile::new(
        "large",
        "big tiles (2^12 to 2^20, equal neighbours common): merges past 2^15, 2^16, up to 2^21",
    )
    .fuzz_seed(),
    Profile::new("line", "1xm and nx1 boards, up to 40 moves").fuzz_seed(),
    Profile::new("huge", "benchmarks: 8x8 or 4x4 games of 100000 moves")
        .bench_only()
        .bench(2),
];

/// The default profile.
pub const DEFAULT_PROFILE: &str = "mix";

/// The profile called `name`.
pub fn profile(name: &str) -> Option<&'static Profile> {
    PROFILES.iter().find(|p| p.name == name)
}

/// A case of the profile (an unknown name is taken as `mix`; check names with [`profile`]).
pub fn generate(profile: &str, src: &mut impl Source) -> Case {
    match profile {
        "small" => small(src),
        "classic" => classic(src),
        "long" => long(src),
        "full" => full(src),
        "large" => large(src),
        "line" => line(src),
        "huge" => huge(src),
        _ => mix(src),
    }
}

/// The case of (profile, seed).
pub fn case(profile: &str, seed: u64) -> Case {
    generate(profile, &mut harness::rng::rng(seed))
}

/// A `mix` case drawn from fuzzer bytes; valid by construction, whatever the bytes (when they run
/// out every choice is the smallest).
pub fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Case> {
    Ok(mix(&mut Bytes(u)))
}

fn mix(src: &mut impl Source) -> Case {
    // small, classic, long, full, large, line
    match src.weighted(&[20, 20, 4, 18, 18, 20]) {
        0 => small(src),
        1 => classic(src),
        2 => long(src),
        3 => full(src),
        4 => large(src),
        _ => line(src),
    }
}

/// How the generator plays.
#[derive(Debug, Clone, Copy)]
struct Style {
    /// Weights of `L R U D` among the directions that change the board.
    weights: [u32; 4],
    /// Chance of a direction drawn without looking (it may change nothing).
    wander: f64,
    /// Otherwise, chance of the greedy direction (most empty cells after the slide); else a
    /// direction drawn by `weights` among those that change the board.
    greed: f64,
    /// Chance of a spawn on an occupied cell after a move that changed the board.
    occupied: f64,
    /// Chance that the spawned tile is a 4.
    four: f64,
    /// Never end the game: when the tile on the last empty cell would leave no move that changes
    /// the board, spawn on an occupied cell instead.
    valve: bool,
}

const ANY: [u32; 4] = [1, 1, 1, 1];
/// Keep the big tiles in the bottom-left corner, as players do.
const CORNER: [u32; 4] = [30, 12, 6, 52];

const MERIT_EMPTY: i64 = 1000;
const MERIT_PAIR: i64 = 300;

/// The generator's own simulation of the rules, not an engine under test: the board as exponents
/// (0 empty), row-major in the first `n * m` bytes (the rest stay 0), so that a copy costs no
/// allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sim {
    n: usize,
    m: usize,
    e: [u8; 64],
}

impl Sim {
    fn empty(n: usize, m: usize) -> Sim {
        Sim { n, m, e: [0; 64] }
    }

    /// The board after sliding towards `dir` (no spawn).
    fn slid(&self, dir: Dir) -> Sim {
        let (n, m) = (self.n, self.m);
        let (count, len) = match dir {
            Dir::L | Dir::R => (n, m),
            Dir::U | Dir::D => (m, n),
        };
        let mut next = Sim::empty(n, m);
        for k in 0..count {
            // Index of cell i of line k, counted from the side the tiles move towards.
            let at = |i: usize| match dir {
                Dir::L => k * m + i,
                Dir::R => k * m + (m - 1 - i),
                Dir::U => i * m + k,
                Dir::D => (n - 1 - i) * m + k,
            };
            let mut tiles = [0u8; 8];
            let mut count = 0;
            for i in 0..len {
                let e = self.e[at(i)];
                if e != 0 {
                    tiles[count] = e;
                    count += 1;
                }
            }
            // Pairs of equal neighbours merge, taken from the side the tiles move towards.
            let (mut i, mut j) = (0, 0);
            while i < count {
                if i + 1 < count && tiles[i] == tiles[i + 1] {
                    next.e[at(j)] = tiles[i] + 1;
                    i += 2;
                } else {
                    next.e[at(j)] = tiles[i];
                    i += 1;
                }
                j += 1;
            }
        }
        next
    }

    /// Number of cells that are empty (`empty`) or not.
    fn count(&self, empty: bool) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .filter(|&&e| (e == 0) == empty)
            .count()
    }

    /// The index of the `k`-th (0-based) cell that is empty (`empty`) or not.
    fn nth(&self, empty: bool, k: usize) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .enumerate()
            .filter(|&(_, &e)| (e == 0) == empty)
            .nth(k)
            .map_or(0, |(i, _)| i)
    }

    /// How good a board looks to a player: many empty cells, equal neighbours, and big tiles
    /// towards the bottom-left corner.
    fn merit(&self) -> i64 {
        let (n, m) = (self.n, self.m);
        let mut merit = 0i64;
        for r in 0..n {
            for c in 0..m {
                let e = i64::from(self.e[r * m + c]);
                if e == 0 {
                    merit += MERIT_EMPTY;
                    continue;
                }
                merit += e * e * (r + m - c) as i64;
                if c + 1 < m && self.e[r * m + c + 1] == self.e[r * m + c] {
                    merit += MERIT_PAIR;
                }
                if r + 1 < n && self.e[(r + 1) * m + c] == self.e[r * m + c] {
                    merit += MERIT_PAIR;
                }
            }
        }
        merit
    }

    fn board(&self) -> Board {
        Board {
            n: self.n,
            m: self.m,
            cells: self.e[..self.n * self.m]
                .iter()
                .map(|&e| if e == 0 { 0 } else { 1u64 << e })
                .collect(),
        }
    }
}

/// Plays `q` moves from `sim` in the given style.
fn play(src: &mut impl Source, sim: &mut Sim, q: usize, style: &Style) -> Vec<Move> {
    let mut moves = Vec::with_capacity(q);
    let cells = sim.n * sim.m;
    for _ in 0..q {
        let slid = Dir::ALL.map(|dir| sim.slid(dir));
        let dir = if src.chance(style.wander) {
            src.below(4)
        } else if src.chance(style.greed) {
            // The changing direction whose board looks best (see `Sim::merit`), the heaviest by
            // `weights` on a tie; any direction when none changes the board.
            let mut best: Option<(i64, u32, usize)> = None;
            for (d, board) in slid.iter().enumerate() {
                if board == sim {
                    continue;
                }
                let key = (board.merit(), style.weights[d], d);
                if best.is_none_or(|(e, w, _)| (key.0, key.1) > (e, w)) {
                    best = Some(key);
                }
            }
            match best {
                Some((_, _, d)) => d,
                None => src.below(4),
            }
        } else {
            let mut weights = [0u32; 4];
            for d in 0..4 {
                if slid[d] != *sim {
                    weights[d] = style.weights[d];
                }
            }
            if weights.iter().all(|&w| w == 0) {
                src.below(4)
            } else {
                src.weighted(&weights)
            }
        };
        let next = slid[dir];
        let changed = next != *sim;
        let empty = next.count(true);
        let full = cells - empty;
        let v: u64 = if src.chance(style.four) { 4 } else { 2 };
        let exponent = if v == 4 { 2 } else { 1 };
        let cell = if changed {
            let to_full = full > 0
                && (empty == 0
                    || src.chance(style.occupied)
                    || (style.valve && empty == 1 && {
                        // Would a tile on the last empty cell end the game?
                        let mut filled = next;
                        filled.e[next.nth(true, 0)] = exponent;
                        Dir::ALL.iter().all(|&d| filled.slid(d) == filled)
                    }));
            if to_full {
                next.nth(false, src.below(full))
            } else {
                next.nth(true, src.below(empty))
            }
        } else {
            src.below(cells)
        };
        *sim = next;
        if changed && sim.e[cell] == 0 {
            sim.e[cell] = exponent;
        }
        moves.push(Move {
            dir: Dir::ALL[dir],
            r: cell / sim.m,
            c: cell % sim.m,
            v,
        });
    }
    moves
}

/// A board with tiles in about a `density` share of the cells, exponents in `lo..=hi`; with
/// chance `copy` a tile takes the exponent of its left or upper neighbour, so equal tiles meet.
fn fill(
    src: &mut impl Source,
    n: usize,
    m: usize,
    density: f64,
    lo: usize,
    hi: usize,
    copy: f64,
) -> Sim {
    let mut sim = Sim::empty(n, m);
    for r in 0..n {
        for c in 0..m {
            // A density of 1 fills every cell without asking (fuzzer bytes that ran out say no).
            if density < 1.0 && !src.chance(density) {
                continue;
            }
            let neighbour = match src.below(2) {
                0 if c > 0 => sim.e[r * m + c - 1],
                _ if r > 0 => sim.e[(r - 1) * m + c],
                _ => 0,
            };
            sim.e[r * m + c] = if neighbour != 0 && src.chance(copy) {
                neighbour
            } else {
                src.range(lo, hi) as u8
            };
        }
    }
    sim
}

/// The start of a real game: two tiles (each a 4 one time in ten) on distinct cells.
fn opening(src: &mut impl Source, n: usize, m: usize) -> Sim {
    let mut sim = Sim::empty(n, m);
    let cells = n * m;
    let first = src.below(cells);
    let second = (first + 1 + src.below(cells.saturating_sub(1))) % cells;
    for cell in [first, second] {
        sim.e[cell] = if src.chance(0.1) { 2 } else { 1 };
    }
    sim
}

fn finish(src: &mut impl Source, mut sim: Sim, q: usize, style: &Style) -> Case {
    let board = sim.board();
    let moves = play(src, &mut sim, q, style);
    Case { board, moves }
}

fn small(src: &mut impl Source) -> Case {
    let (n, m) = (src.range(1, 3), src.range(1, 3));
    let sim = fill(src, n, m, 0.5, 1, 3, 0.3);
    let q = src.range(0, 6);
    let style = Style {
        weights: ANY,
        wander: 0.25,
        greed: 0.3,
        occupied: 0.15,
        four: 0.2,
        valve: false,
    };
    finish(src, sim, q, &style)
}

fn classic(src: &mut impl Source) -> Case {
    let sim = if src.chance(0.3) {
        fill(src, 4, 4, 0.6, 1, 7, 0.3)
    } else {
        opening(src, 4, 4)
    };
    let q = src.range(20, 400);
    let style = Style {
        weights: CORNER,
        wander: 0.03,
        greed: 0.6,
        occupied: 0.04,
        four: 0.1,
        valve: false,
    };
    finish(src, sim, q, &style)
}

fn long(src: &mut impl Source) -> Case {
    let sim = opening(src, 4, 4);
    let q = src.range(1000, 4000);
    let style = Style {
        weights: CORNER,
        wander: 0.02,
        greed: 0.8,
        occupied: 0.03,
        four: 0.1,
        valve: true,
    };
    finish(src, sim, q, &style)
}

fn full(src: &mut impl Source) -> Case {
    let (n, m) = if src.chance(0.4) {
        (4, 4)
    } else {
        (src.range(2, 8), src.range(2, 8))
    };
    let mut sim = fill(src, n, m, 1.0, 1, 4, 0.2);
    for _ in 0..src.range(0, 2) {
        let cell = src.below(n * m);
        sim.e[cell] = 0;
    }
    let q = src.range(1, 20);
    let style = Style {
        weights: ANY,
        wander: 0.1,
        greed: 0.3,
        occupied: 0.2,
        four: 0.2,
        valve: false,
    };
    finish(src, sim, q, &style)
}

fn large(src: &mut impl Source) -> Case {
    let (n, m) = if src.chance(0.5) {
        (4, 4)
    } else {
        (src.range(1, 8), src.range(1, 8))
    };
    // 4x4 boards of tiles up to 2^15 start on the nibble path and leave it mid-game.
    let (lo, hi) = if n == 4 && m == 4 && src.chance(0.5) {
        (12, 15)
    } else {
        (13, 20)
    };
    let density = src.uniform(0.4, 1.0);
    let mut sim = fill(src, n, m, density, lo, hi, 0.5);
    for e in sim.e.iter_mut() {
        if *e != 0 && src.chance(0.1) {
            *e = src.range(1, 3) as u8;
        }
    }
    let q = src.range(1, 40);
    let style = Style {
        weights: ANY,
        wander: 0.1,
        greed: 0.3,
        occupied: 0.1,
        four: 0.2,
        valve: false,
    };
    finish(src, sim, q, &style)
}

fn line(src: &mut impl Source) -> Case {
    let len = src.range(1, 8);
    let (n, m) = if src.chance(0.5) { (1, len) } else { (len, 1) };
    let sim = fill(src, n, m, 0.6, 1, 4, 0.4);
    let q = src.range(0, 40);
    let style = Style {
        weights: ANY,
        wander: 0.15,
        greed: 0.3,
        occupied: 0.1,
        four: 0.2,
        valve: false,
    };
    finish(src, sim, q, &style)
}

fn huge(src: &mut impl Source) -> Case {
    let side = if src.chance(0.5) { 8 } else { 4 };
    let sim = opening(src, side, side);
    let style = Style {
        weights: CORNER,
        wander: 0.02,
        greed: 0.8,
        occupied: 0.03,
        four: 0.1,
        valve: true,
    };
    finish(src, sim, crate::case::MAX_MOVES, &style)
}
