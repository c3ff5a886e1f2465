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
use harness::prelude::Profile;
use harness::rng::rng;
use harness::roles::source::{Bytes, Source};

/// The profiles, each with its generator; the first, `mix`, is the default. Each says what the
/// tools do with it: fuzz seeds (`seeds`), rows of the default `bench`, bench-only (too big for the
/// reference in a batch).
pub const PROFILES: &[Profile<Case>] = &[
    Profile::new(
        "mix",
        "the default: one of the other non-bench profiles, drawn by weight",
        |s| mix(&mut rng(s)),
    )
    .fuzz_seed()
    .bench(2000),
    Profile::new(
        "small",
        "tiny boards (1x1 to 3x3) with small tiles, at most 6 moves",
        |s| small(&mut rng(s)),
    )
    .fuzz_seed(),
    Profile::new(
        "classic",
        "4x4 games as people play them: two starting tiles (or a mid-game board), 20-400 moves",
        |s| classic(&mut rng(s)),
    )
    .bench(200),
    Profile::new(
        "long",
        "4x4 games of 1000-4000 moves that never end (no spawn that would leave no move)",
        |s| long(&mut rng(s)),
    )
    .bench(20),
    Profile::new(
        "full",
        "full or nearly full boards (2x2 to 8x8) of small tiles, up to 20 moves",
        |s| full(&mut rng(s)),
    )
    .fuzz_seed(),
    Profile::new(
        "large",
        "big tiles (2^12 to 2^20, equal neighbours common): merges past 2^15, 2^16, up to 2^21",
        |s| large(&mut rng(s)),
    )
    .fuzz_seed(),
    Profile::new("line", "1xm and nx1 boards, up to 40 moves", |s| {
        line(&mut rng(s))
    })
    .fuzz_seed(),
    Profile::new(
        "huge",
        "benchmarks: 8x8 or 4x4 games of 100000 moves",
        |s| huge(&mut rng(s)),
    )
    .bench_only()
    .bench(2),
];

/// The default profile.
pub const DEFAULT_PROFILE: &str = "mix";

/// The profile called `name`.
pub fn profile(name: &str) -> Option<&'static Profile<Case>> {
    PROFILES.iter().find(|p| p.name == name)
}

/// The case of (profile, seed), if there is a profile called `name`.
pub fn case(name: &str, seed: u64) -> Option<Case> {
    profile(name).map(|p| p.case(seed))
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

/// The generator's own simulation of the rules, not an engine under test (it shares no code with
/// `reference` or `optimized`). A game is played on a [`Grid`]: [`Sim`] holds any board, [`Nib`]
/// a 4x4 board of tiles up to 2^15 as 4-bit exponents in one `u64`, whose rows slide by a table
/// built with [`merge_line`] (the rule stated once). Both give the same answers, so which one plays
/// a move changes no case (`nibbles_play_like_bytes` below checks it).
trait Grid: Copy + PartialEq {
    /// The board after sliding towards `Dir::ALL[dir]` (no spawn).
    fn slid(&self, dir: usize) -> Self;
    /// The boards after sliding towards each of `Dir::ALL`.
    fn slid_all(&self) -> [Self; 4] {
        [0, 1, 2, 3].map(|d| self.slid(d))
    }
    /// Which of `Dir::ALL` change the board; and the boards they lead to, when telling costs as
    /// much as sliding.
    fn changes(&self) -> ([bool; 4], Option<[Self; 4]>) {
        let slid = self.slid_all();
        ([0, 1, 2, 3].map(|d| slid[d] != *self), Some(slid))
    }
    /// Does no direction change the board?
    fn stuck(&self) -> bool {
        !self.changes().0.contains(&true)
    }
    /// Number of cells that are empty (`empty`) or not.
    fn count(&self, empty: bool) -> usize;
    /// The index (row-major) of the `k`-th (0-based) cell that is empty (`empty`) or not; 0 when
    /// there is none.
    fn nth(&self, empty: bool, k: usize) -> usize;
    /// How good a board looks to a player: many empty cells (`MERIT_EMPTY` each), equal
    /// neighbours (`MERIT_PAIR` a pair), and big tiles towards the bottom-left corner (e^2 (r + m -
    /// c) for exponent e at (r, c)).
    fn merit(&self) -> i64;
    /// The exponent at a cell (0 empty).
    fn get(&self, cell: usize) -> u8;
    /// Puts exponent `e` at a cell.
    fn set(&mut self, cell: usize, e: u8);
}

/// Merges the first `count` entries of `tiles`, the tiles of a line in order from the side they
/// move towards: pairs of equal neighbours merge, taken from that side. Returns the number of
/// tiles left, in `tiles[..returned]`.
fn merge_line(tiles: &mut [u8; 8], count: usize) -> usize {
    let (mut i, mut j) = (0, 0);
    while i < count {
        if i + 1 < count && tiles[i] == tiles[i + 1] {
            tiles[j] = tiles[i] + 1;
            i += 2;
        } else {
            tiles[j] = tiles[i];
            i += 1;
        }
        j += 1;
    }
    j
}

/// The board as exponents (0 empty), row-major in the first `n * m` bytes (the rest stay 0), so
/// that a copy costs no allocation.
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

    fn max(&self) -> u8 {
        self.e.iter().copied().max().unwrap_or(0)
    }
}

impl Grid for Sim {
    fn slid(&self, dir: usize) -> Sim {
        let (n, m) = (self.n, self.m);
        // Line k holds the cells first + k * across + i * along, i counted from the side the
        // tiles move towards (as wrapping offsets: `along` goes backwards for R and D).
        let (first, along, across, lines, len) = match Dir::ALL[dir] {
            Dir::L => (0, 1, m, n, m),
            Dir::R => (m - 1, usize::MAX, m, n, m),
            Dir::U => (0, m, 1, m, n),
            Dir::D => ((n - 1) * m, m.wrapping_neg(), 1, m, n),
        };
        let mut next = Sim::empty(n, m);
        for k in 0..lines {
            let start = first + k * across;
            let mut tiles = [0u8; 8];
            let mut count = 0;
            let mut at = start;
            for _ in 0..len {
                let e = self.e[at];
                if e != 0 {
                    tiles[count] = e;
                    count += 1;
                }
                at = at.wrapping_add(along);
            }
            let kept = merge_line(&mut tiles, count);
            let mut at = start;
            for &e in &tiles[..kept] {
                next.e[at] = e;
                at = at.wrapping_add(along);
            }
        }
        next
    }

    /// Without sliding: a line changes towards its first cell when a tile follows an empty cell,
    /// towards its last when an empty cell follows a tile, and either way when two tiles with
    /// only empty cells between them are equal.
    fn changes(&self) -> ([bool; 4], Option<[Sim; 4]>) {
        let (n, m) = (self.n, self.m);
        let mut changes = [false; 4];
        // (the direction towards a line's first cell, along, across, lines, len): rows for L and
        // R, columns for U and D.
        for (towards_first, along, across, lines, len) in [(0, 1, m, n, m), (2, m, 1, m, n)] {
            for k in 0..lines {
                let (mut last, mut empty_before, mut tile_before) = (0, false, false);
                let mut at = k * across;
                for _ in 0..len {
                    let e = self.e[at];
                    if e == 0 {
                        empty_before = true;
                        changes[towards_first + 1] |= tile_before;
                    } else {
                        changes[towards_first] |= empty_before;
                        if e == last {
                            changes[towards_first] = true;
                            changes[towards_first + 1] = true;
                        }
                        last = e;
                        tile_before = true;
                    }
                    at += along;
                }
            }
        }
        (changes, None)
    }

    fn count(&self, empty: bool) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .filter(|&&e| (e == 0) == empty)
            .count()
    }

    fn nth(&self, empty: bool, k: usize) -> usize {
        self.e[..self.n * self.m]
            .iter()
            .enumerate()
            .filter(|&(_, &e)| (e == 0) == empty)
            .nth(k)
            .map_or(0, |(i, _)| i)
    }

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

    fn get(&self, cell: usize) -> u8 {
        self.e[cell]
    }

    fn set(&mut self, cell: usize, e: u8) {
        self.e[cell] = e;
    }
}

/// A 4x4 board of exponents up to 15: cell `i` (row-major) in bits `4 i .. 4 i + 4`, so row `r`
/// is the 16 bits from `16 r`, its column `c` at bit `4 c`. Played only while no tile is 2^15,
/// so that no slide makes a tile past 2^15.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Nib(u64);

/// Bit 0 of every nibble.
const LOW: u64 = 0x1111_1111_1111_1111;

/// Per 16-bit row of 4 exponents: the row slid either way, and its part of the merit.
struct Tables {
    /// The row slid towards column 0 (low 16 bits) and towards column 3 (high 16 bits).
    slid: Vec<u32>,
    /// The row's merit as row 0 of a 4x4 board, vertical pairs left out (low 16 bits), and the
    /// sum of the squares of its exponents (high 16 bits; row `r` adds `r` times it).
    merit: Vec<u32>,
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let (mut slid, mut merit) = (Vec::with_capacity(1 << 16), Vec::with_capacity(1 << 16));
        for row in 0..1u32 << 16 {
            let cell = |c: u32| ((row >> (4 * c)) & 15) as u8;
            // The row slid towards column `to`, its cells taken from that side.
            let towards = |to: u32| {
                let at = |i: u32| if to == 0 { i } else { 3 - i };
                let mut tiles = [0u8; 8];
                let mut count = 0;
                for i in 0..4 {
                    if cell(at(i)) != 0 {
                        tiles[count] = cell(at(i));
                        count += 1;
                    }
                }
                // A row holding a 15 is never looked up (a merge of two would not fit a nibble).
                let kept = merge_line(&mut tiles, count);
                (0..kept as u32).fold(0, |acc, i| {
                    acc | u32::from(tiles[i as usize] & 15) << (4 * at(i))
                })
            };
            slid.push(towards(0) | towards(3) << 16);
            let (mut part, mut squares) = (0u32, 0u32);
            for c in 0..4 {
                let e = u32::from(cell(c));
                if e == 0 {
                    part += MERIT_EMPTY as u32;
                    continue;
                }
                part += e * e * (4 - c);
                if c + 1 < 4 && u32::from(cell(c + 1)) == e {
                    part += MERIT_PAIR as u32;
                }
                squares += e * e;
            }
            merit.push(part | squares << 16);
        }
        Tables { slid, merit }
    })
}

impl Nib {
    fn of(sim: &Sim) -> Nib {
        debug_assert!(sim.n == 4 && sim.m == 4 && sim.max() < 16);
        Nib((0..16).fold(0, |acc, i| acc | u64::from(sim.e[i]) << (4 * i)))
    }

    fn sim(self) -> Sim {
        let mut sim = Sim::empty(4, 4);
        for i in 0..16 {
            sim.e[i] = self.get(i);
        }
        sim
    }

    /// Is some tile 2^15 (a slide might make 2^16)?
    fn has_15(self) -> bool {
        let b = self.0;
        b & b >> 1 & b >> 2 & b >> 3 & LOW != 0
    }

    /// Bit 0 of every nibble that is not 0.
    fn occupied(self) -> u64 {
        let b = self.0;
        (b | b >> 1 | b >> 2 | b >> 3) & LOW
    }

    /// Rows become columns.
    fn transpose(self) -> Nib {
        let x = self.0;
        // Swap the off-diagonal cells of each 2x2 block, then the off-diagonal 2x2 blocks.
        let a = x & 0xF0F0_0F0F_F0F0_0F0F
            | (x & 0x0000_F0F0_0000_F0F0) << 12
            | (x >> 12) & 0x0000_F0F0_0000_F0F0;
        Nib(a & 0xFF00_FF00_00FF_00FF
            | (a & 0x0000_0000_FF00_FF00) << 24
            | (a >> 24) & 0x0000_0000_FF00_FF00)
    }

    /// Each row slid towards column 0, and towards column 3.
    fn rows_slid(self) -> (Nib, Nib) {
        let table = &tables().slid;
        let (mut left, mut right) = (0, 0);
        for r in 0..4 {
            let slid = table[usize::from((self.0 >> (16 * r)) as u16)];
            left |= u64::from(slid & 0xFFFF) << (16 * r);
            right |= u64::from(slid >> 16) << (16 * r);
        }
        (Nib(left), Nib(right))
    }
}

impl Grid for Nib {
    fn slid(&self, dir: usize) -> Nib {
        match Dir::ALL[dir] {
            Dir::L => self.rows_slid().0,
            Dir::R => self.rows_slid().1,
            Dir::U => self.transpose().rows_slid().0.transpose(),
            Dir::D => self.transpose().rows_slid().1.transpose(),
        }
    }

    fn slid_all(&self) -> [Nib; 4] {
        let (left, right) = self.rows_slid();
        let (up, down) = self.transpose().rows_slid();
        [left, right, up.transpose(), down.transpose()]
    }

    /// A board with a tile and an empty cell has a line holding both (a row, or else a column
    /// across a full row and an empty one), so it is stuck only when empty, or full without equal
    /// neighbours.
    fn stuck(&self) -> bool {
        let (b, occupied) = (self.0, self.occupied());
        if occupied != LOW {
            return b == 0;
        }
        let equal = |x: u64| !(x | x >> 1 | x >> 2 | x >> 3) & LOW;
        // Each cell against the one to its right (columns 0..3) and the one below (rows 0..3).
        equal(b ^ b >> 4) & 0x0111_0111_0111_0111 == 0
            && equal(b ^ b >> 16) & 0x0000_1111_1111_1111 == 0
    }

    fn count(&self, empty: bool) -> usize {
        let occupied = self.occupied().count_ones() as usize;
        if empty {
            16 - occupied
        } else {
            occupied
        }
    }

    fn nth(&self, empty: bool, k: usize) -> usize {
        let mut cells = if empty {
            !self.occupied() & LOW
        } else {
            self.occupied()
        };
        for _ in 0..k {
            cells &= cells.wrapping_sub(1);
        }
        if cells == 0 {
            0
        } else {
            cells.trailing_zeros() as usize / 4
        }
    }

    fn merit(&self) -> i64 {
        let merit = &tables().merit;
        let mut sum = 0i64;
        for r in 0..4 {
            let entry = merit[usize::from((self.0 >> (16 * r)) as u16)];
            sum += i64::from(entry & 0xFFFF) + r * i64::from(entry >> 16);
        }
        // Equal tiles one above the other: cell i of rows 0..3 against cell i + 4.
        let b = self.0;
        let x = b ^ b >> 16;
        let equal = !(x | x >> 1 | x >> 2 | x >> 3) & self.occupied() & 0x0000_1111_1111_1111;
        sum + MERIT_PAIR * i64::from(equal.count_ones())
    }

    fn get(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 15) as u8
    }

    fn set(&mut self, cell: usize, e: u8) {
        self.0 = self.0 & !(15 << (4 * cell)) | u64::from(e) << (4 * cell);
    }
}

/// Plays `q` moves from `sim` in the given style: on a [`Nib`] while the board is 4x4 and no tile
/// is 2^15, else on the [`Sim`].
fn play(src: &mut impl Source, sim: &mut Sim, q: usize, style: &Style) -> Vec<Move> {
    let mut moves = Vec::with_capacity(q);
    if sim.n == 4 && sim.m == 4 && sim.max() < 15 {
        let mut nib = Nib::of(sim);
        while moves.len() < q && !nib.has_15() {
            moves.push(step(src, &mut nib, 4, 4, style));
        }
        *sim = nib.sim();
    }
    while moves.len() < q {
        moves.push(step(src, sim, sim.n, sim.m, style));
    }
    moves
}

/// Plays one move on the `n` x `m` board `sim`.
fn step<G: Grid>(src: &mut impl Source, sim: &mut G, n: usize, m: usize, style: &Style) -> Move {
    let cells = n * m;
    // The boards a direction leads to are computed only when the choice looks at them (no choice
    // draws from `src` differently for it).
    let (dir, next) = if src.chance(style.wander) {
        let dir = src.below(4);
        (dir, sim.slid(dir))
    } else if src.chance(style.greed) {
        // The changing direction whose board looks best (see `Grid::merit`), the heaviest by
        // `weights` on a tie; any direction when none changes the board.
        let slid = sim.slid_all();
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
        let dir = match best {
            Some((_, _, d)) => d,
            None => src.below(4),
        };
        (dir, slid[dir])
    } else {
        // A direction drawn by `weights` among those that change the board.
        let (changes, slid) = sim.changes();
        let mut weights = [0u32; 4];
        for d in 0..4 {
            if changes[d] {
                weights[d] = style.weights[d];
            }
        }
        let dir = if weights.iter().all(|&w| w == 0) {
            src.below(4)
        } else {
            src.weighted(&weights)
        };
        (dir, slid.map_or_else(|| sim.slid(dir), |slid| slid[dir]))
    };
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
                    filled.set(next.nth(true, 0), exponent);
                    filled.stuck()
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
    if changed && sim.get(cell) == 0 {
        sim.set(cell, exponent);
    }
    Move {
        dir: Dir::ALL[dir],
        r: cell / m,
        c: cell % m,
        v,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// 4x4 boards of exponents below `top`: empty cells and equal neighbours common.
    fn boards(top: usize) -> impl Iterator<Item = Sim> {
        let mut src = harness::rng::rng(2048);
        (0..3000).map(move |_| {
            let mut sim = Sim::empty(4, 4);
            let spread = src.range(1, top - 1);
            for i in 0..16 {
                if src.chance(0.7) {
                    sim.e[i] = src.range(1, spread) as u8;
                }
            }
            sim
        })
    }

    #[test]
    fn nibbles_play_like_bytes() {
        let mut src = harness::rng::rng(7);
        for sim in boards(15) {
            let nib = Nib::of(&sim);
            assert_eq!(nib.sim(), sim);
            assert!(!nib.has_15());
            let changes = sim.changes().0;
            assert_eq!(nib.stuck(), !changes.contains(&true), "{sim:?}");
            for d in 0..4 {
                assert_eq!(changes[d], sim.slid(d) != sim, "{sim:?} {d}");
                assert_eq!(nib.changes().0[d], changes[d]);
                assert_eq!(nib.changes().1.map(|s| s[d]), Some(nib.slid(d)));
                assert_eq!(nib.slid(d).sim(), sim.slid(d), "{sim:?} {d}");
                assert_eq!(nib.slid(d) == nib, sim.slid(d) == sim);
                assert_eq!(nib.slid_all()[d], nib.slid(d));
            }
            assert_eq!(nib.merit(), sim.merit(), "{sim:?}");
            for empty in [false, true] {
                assert_eq!(nib.count(empty), sim.count(empty));
                for k in 0..17 {
                    assert_eq!(nib.nth(empty, k), sim.nth(empty, k), "{sim:?} {empty} {k}");
                }
            }
            let mut transposed = Sim::empty(4, 4);
            for i in 0..16 {
                transposed.e[i] = sim.e[i % 4 * 4 + i / 4];
            }
            assert_eq!(nib.transpose().sim(), transposed);
            let (mut a, mut b) = (nib, sim);
            for _ in 0..4 {
                let (cell, e) = (src.below(16), src.below(15) as u8);
                a.set(cell, e);
                b.set(cell, e);
                assert_eq!(a.sim(), b);
                assert_eq!(a.get(cell), e);
            }
        }
        for sim in boards(16) {
            assert_eq!(Nib::of(&sim).has_15(), sim.max() == 15);
        }
        // Full boards, some stuck.
        let mut stuck = 0;
        for mut sim in boards(15) {
            for i in 0..16 {
                if sim.e[i] == 0 {
                    sim.e[i] = src.range(1, 14) as u8;
                }
            }
            let want = !sim.changes().0.contains(&true);
            assert_eq!(Nib::of(&sim).stuck(), want, "{sim:?}");
            stuck += usize::from(want);
        }
        assert!(stuck > 100, "{stuck}");
        assert!(Nib(0).stuck() && Sim::empty(4, 4).stuck());
    }

    #[test]
    fn bytes_tell_changes_without_sliding() {
        let mut src = harness::rng::rng(9);
        for _ in 0..5000 {
            let (n, m) = (src.range(1, 8), src.range(1, 8));
            let density = src.uniform(0.0, 1.0);
            let sim = fill(&mut src, n, m, density, 1, 4, 0.5);
            for (d, &changes) in sim.changes().0.iter().enumerate() {
                assert_eq!(changes, sim.slid(d) != sim, "{sim:?} {d}");
            }
        }
    }

    #[test]
    fn lines_merge_from_the_side_they_move_towards() {
        let mut tiles = [1, 1, 1, 2, 2, 2, 2, 0];
        assert_eq!(merge_line(&mut tiles, 7), 4);
        assert_eq!(tiles[..4], [2, 1, 3, 3]);
        let sim = Sim {
            n: 2,
            m: 3,
            e: {
                let mut e = [0; 64];
                e[..6].copy_from_slice(&[1, 0, 1, 2, 2, 0]);
                e
            },
        };
        let rows = |s: Sim| s.e[..6].to_vec();
        assert_eq!(rows(sim.slid(0)), [2, 0, 0, 3, 0, 0]);
        assert_eq!(rows(sim.slid(1)), [0, 0, 2, 0, 0, 3]);
        assert_eq!(rows(sim.slid(2)), [1, 2, 1, 2, 0, 0]);
        assert_eq!(rows(sim.slid(3)), [1, 0, 0, 2, 2, 1]);
    }

    /// The seeds the identity test pins (tests/gen_identity.rs) include games that start on the
    /// nibbles and go on on the bytes.
    #[test]
    fn pinned_large_games_leave_the_nibbles() {
        let handed_over = (0..300)
            .filter(|&seed| {
                let case = large(&mut rng(seed));
                let b = &case.board;
                let mut sim = Sim::empty(b.n, b.m);
                for (i, &v) in b.cells.iter().enumerate() {
                    sim.e[i] = if v == 0 { 0 } else { v.trailing_zeros() as u8 };
                }
                if (b.n, b.m) != (4, 4) || sim.max() >= 15 {
                    return false;
                }
                case.moves.iter().enumerate().any(|(i, mv)| {
                    let next = sim.slid(mv.dir as usize);
                    let cell = mv.r * 4 + mv.c;
                    if next != sim && next.e[cell] == 0 {
                        sim = next;
                        sim.e[cell] = if mv.v == 4 { 2 } else { 1 };
                    } else {
                        sim = next;
                    }
                    sim.max() == 15 && i + 1 < case.moves.len()
                })
            })
            .count();
        assert!(handed_over >= 5, "{handed_over}");
    }
}
