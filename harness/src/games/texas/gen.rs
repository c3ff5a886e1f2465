//! Seeded generators of valid Texas Match-3 cases.
//!
//! A case is a pure function of (profile, seed). Boards are full and never hold an initial run
//! (generation terminates for k = 1 and 2 too), and every operation names cells of the board: those
//! two properties make a case valid, and the generator ensures them by itself. Operations mix valid
//! swaps found on the board as it evolves, invalid adjacent swaps, non-adjacent pairs, swaps with an
//! empty cell and random adjacent swaps. The evolving board comes from the harness's own small
//! simulation ([`super::sim::Sim`]), never from an engine under test: an engine bug cannot break or
//! hang the generator, and a simulation mistake would only make a valid case with fewer valid swaps.
//!
//! Generation reuses per-thread buffers: the only allocations of a case are the case's own vectors.

pub(crate) use super::sim::run_through;
use super::sim::{swap_makes_run, Sim};
use crate::source::Source;
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS, MAX_OPS, MAX_SIDE};
use std::cell::RefCell;

/// The knobs of a profile.
#[derive(Debug, Clone, Copy)]
pub struct Params {
    pub n: (usize, usize),
    pub m: (usize, usize),
    /// Probability that each side is drawn from the ends of its range (lo, lo+1, lo+2, hi-1, hi:
    /// 1, 2, 3, 49, 50 for the full range) instead of uniformly.
    pub edge: f64,
    pub k: (usize, usize),
    /// Use only this many distinct colours, drawn from 1..=k (None: all of 1..=k).
    pub palette: Option<(usize, usize)>,
    /// Probability range of a special on a cell (one probability drawn per case).
    pub specials: (f64, f64),
    /// The special types, drawn uniformly.
    pub special_types: &'static [u8],
    pub q: (usize, usize),
    /// Probability that an operation is a valid swap (while one exists).
    pub valid: f64,
    /// Weights of the other kinds: invalid adjacent swap, non-adjacent pair, swap with an empty
    /// cell, random adjacent swap.
    pub other: [u32; 4],
}

const ALL_TYPES: &[u8] = &[1, 2, 3, 4, 5, 6];
const STORM_TYPES: &[u8] = &[1, 2, 3, 6, 6, 6];

const BASE: Params = Params {
    n: (2, 8),
    m: (2, 8),
    edge: 0.0,
    k: (2, 6),
    palette: None,
    specials: (0.0, 0.12),
    special_types: ALL_TYPES,
    q: (1, 20),
    valid: 0.7,
    other: [3, 2, 2, 1],
};

/// The profiles, the default mix first.
pub const PROFILES: &[crate::Profile] = &[
    crate::Profile {
        name: "mix",
        about: "the default: a weighted mix of the profiles below up to 20x20, with a share of \
                50x50 (full) and border shapes (edges, wide, tall)",
    },
    crate::Profile {
        name: "tiny",
        about: "boards up to 4x4, k 1..5, up to 8 operations, many specials",
    },
    crate::Profile {
        name: "small",
        about: "boards up to 8x8, k 2..6, up to 20 operations",
    },
    crate::Profile {
        name: "medium",
        about: "boards 8x8 to 20x20, k 3..10, 10 to 100 operations",
    },
    crate::Profile {
        name: "max",
        about: "50x50, k 3..100, q = 1000, half the operations valid",
    },
    crate::Profile {
        name: "heavy",
        about: "50x50, k 4..8, specials on <= 0.5% of cells, q = 1000, 95% valid swaps",
    },
    crate::Profile {
        name: "specials",
        about: "dense specials of every type on boards up to 12x12",
    },
    crate::Profile {
        name: "storm",
        about: "50x50, k 6..8, 1% specials mostly row/column/colour, q = 1000",
    },
    crate::Profile {
        name: "plain",
        about: "no specials at all, boards up to 12x12",
    },
    crate::Profile {
        name: "many-colours",
        about: "k 20..100 with 3..6 colours in use, so colour ids are large",
    },
    crate::Profile {
        name: "wide",
        about: "a single row, 1 x m (m = 1, 2, 3, 49 or 50 half the time)",
    },
    crate::Profile {
        name: "tall",
        about: "a single column, n x 1 (n = 1, 2, 3, 49 or 50 half the time)",
    },
    crate::Profile {
        name: "cascade",
        about: "3..4 colours on 6x6 to 16x16 boards: long chains of rounds",
    },
    crate::Profile {
        name: "full",
        about: "50x50, k 3..8, a few specials, 1 to 3 operations: the largest board, cheaply",
    },
    crate::Profile {
        name: "edges",
        about: "border shapes: each side 1, 2, 3, 49 or 50 most of the time (1x50, 50x2, 3x49, \
                50x50...), up to 6 operations",
    },
];

/// The profiles fuzzer bytes choose from: the small ones, so that a fuzzer runs thousands of cases
/// a second (new names go at the end, so that existing fuzz inputs keep their profile).
pub const FUZZ_PROFILES: &[&str] = &[
    "tiny",
    "small",
    "specials",
    "plain",
    "cascade",
    "wide",
    "tall",
    "many-colours",
    "edges",
];

/// The profiles the default mix draws from, with weights (out of 100).
const MIX: &[(&str, u32)] = &[
    ("tiny", 28),
    ("small", 28),
    ("plain", 8),
    ("specials", 10),
    ("cascade", 7),
    ("medium", 4),
    ("many-colours", 5),
    ("wide", 3),
    ("tall", 3),
    ("full", 1),
    ("edges", 3),
];

/// The mix's weights, in `MIX` order.
const MIX_WEIGHTS: [u32; MIX.len()] = {
    let mut w = [0; MIX.len()];
    let mut i = 0;
    while i < MIX.len() {
        w[i] = MIX[i].1;
        i += 1;
    }
    w
};

/// The parameters of a named profile (`None` for "mix" and unknown names).
pub fn params(profile: &str) -> Option<Params> {
    Some(match profile {
        "tiny" => Params {
            n: (1, 4),
            m: (1, 4),
            k: (1, 5),
            specials: (0.0, 0.3),
            q: (1, 8),
            ..BASE
        },
        "small" => BASE,
        "medium" => Params {
            n: (8, 20),
            m: (8, 20),
            k: (3, 10),
            specials: (0.0, 0.04),
            q: (10, 100),
            ..BASE
        },
        "max" => Params {
            n: (50, 50),
            m: (50, 50),
            k: (3, 100),
            specials: (0.0, 0.02),
            q: (1000, 1000),
            valid: 0.5,
            ..BASE
        },
        "heavy" => Params {
            n: (50, 50),
            m: (50, 50),
            k: (4, 8),
            specials: (0.0, 0.005),
            q: (1000, 1000),
            valid: 0.95,
            other: [0, 0, 0, 1],
            ..BASE
        },
        "specials" => Params {
            n: (3, 12),
            m: (3, 12),
            k: (3, 8),
            specials: (0.15, 0.45),
            q: (1, 30),
            ..BASE
        },
        "storm" => Params {
            n: (50, 50),
            m: (50, 50),
            k: (6, 8),
            specials: (0.01, 0.01),
            special_types: STORM_TYPES,
            q: (1000, 1000),
            valid: 0.95,
            other: [0, 0, 0, 1],
            ..BASE
        },
        "plain" => Params {
            n: (2, 12),
            m: (2, 12),
            k: (2, 8),
            specials: (0.0, 0.0),
            q: (1, 30),
            ..BASE
        },
        "many-colours" => Params {
            n: (3, 20),
            m: (3, 20),
            k: (20, 100),
            palette: Some((3, 6)),
            specials: (0.0, 0.05),
            q: (1, 50),
            ..BASE
        },
        "wide" => Params {
            n: (1, 1),
            m: (1, 50),
            edge: 0.5,
            k: (2, 5),
            q: (1, 20),
            ..BASE
        },
        "tall" => Params {
            n: (1, 50),
            m: (1, 1),
            edge: 0.5,
            k: (2, 5),
            q: (1, 20),
            ..BASE
        },
        "cascade" => Params {
            n: (6, 16),
            m: (6, 16),
            k: (3, 4),
            specials: (0.0, 0.03),
            q: (5, 40),
            valid: 0.85,
            ..BASE
        },
        "full" => Params {
            n: (50, 50),
            m: (50, 50),
            k: (3, 8),
            specials: (0.0, 0.02),
            q: (1, 3),
            valid: 0.85,
            ..BASE
        },
        "edges" => Params {
            n: (1, 50),
            m: (1, 50),
            edge: 0.8,
            k: (2, 6),
            specials: (0.0, 0.08),
            q: (1, 6),
            valid: 0.8,
            ..BASE
        },
        _ => return None,
    })
}

/// Generates a case for a profile ("mix" draws the profile from the source first).
pub fn generate<S: Source>(profile: &str, src: &mut S) -> Case {
    let name = if profile == "mix" {
        MIX[src.weighted(&MIX_WEIGHTS)].0
    } else {
        profile
    };
    let p = params(name).unwrap_or(BASE);
    generate_with(&p, src)
}

/// Buffers a thread reuses from case to case.
struct Scratch {
    sim: Sim,
    palette: Vec<u8>,
    /// The valid swaps of the simulated board after `valid_at` changes (see [`Sim::changes`]),
    /// one mask per row: bit c of `right[r]` for (r, c)-(r, c+1), of `down[r]` for (r, c)-(r+1, c).
    right: [u64; MAX_SIDE],
    down: [u64; MAX_SIDE],
    valid_count: usize,
    valid_at: Option<u64>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            sim: Sim::new(),
            palette: Vec::new(),
            right: [0; MAX_SIDE],
            down: [0; MAX_SIDE],
            valid_count: 0,
            valid_at: None,
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Generates a case from explicit parameters.
pub fn generate_with<S: Source>(p: &Params, src: &mut S) -> Case {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => generate_in(p, src, &mut scratch),
        Err(_) => generate_in(p, src, &mut Scratch::default()),
    })
}

fn generate_in<S: Source>(p: &Params, src: &mut S, scratch: &mut Scratch) -> Case {
    let k = src.range(p.k.0, p.k.1).clamp(1, usize::from(MAX_COLOURS));
    let mut n = side(p.n, p.edge, src).clamp(1, MAX_SIDE);
    let mut m = side(p.m, p.edge, src).clamp(1, MAX_SIDE);
    let palette = &mut scratch.palette;
    palette.clear();
    palette.extend(1..=k as u8);
    if let Some((lo, hi)) = p.palette {
        let size = src.range(lo, hi).clamp(1, k);
        for i in 0..size {
            let j = i + src.below(k - i);
            palette.swap(i, j);
        }
        palette.truncate(size);
    }
    if palette.len() == 1 {
        // With one colour only boards without three cells in a line are valid.
        n = n.min(2);
        m = m.min(2);
    }
    let colour = fill_colours(n, m, palette, src);
    let special = place_specials(n * m, p, src);
    let q = src.range(p.q.0, p.q.1).clamp(1, MAX_OPS);
    scratch.sim.load(n, m, &colour, &special);
    scratch.valid_at = None;
    let mut ops = Vec::with_capacity(q);
    operations(scratch, q, p, src, &mut ops);
    Case {
        k: k as u8,
        board: Board {
            n,
            m,
            colour,
            special,
        },
        ops,
    }
}

/// One side of the board: uniform in `range`, or with probability `edge` one of its ends.
fn side<S: Source>(range: (usize, usize), edge: f64, src: &mut S) -> usize {
    let (lo, hi) = range;
    if edge > 0.0 && hi > lo && src.chance(edge) {
        let ends = [lo, lo + 1, lo + 2, hi - 1, hi];
        (*src.pick(&ends)).clamp(lo, hi)
    } else {
        src.range(lo, hi)
    }
}

/// Specials on `cells` cells: each cell holds one with a probability drawn from `p.specials`. The
/// gaps between specials are drawn (geometric), not every cell.
fn place_specials<S: Source>(cells: usize, p: &Params, src: &mut S) -> Vec<u8> {
    let mut special = vec![0u8; cells];
    let density = src.uniform(p.specials.0, p.specials.1).clamp(0.0, 1.0);
    if density <= 0.0 || p.special_types.is_empty() {
        return special;
    }
    let gap = |src: &mut S| -> usize {
        if density >= 1.0 {
            return 0;
        }
        let u = src.uniform(0.0, 1.0);
        // P(gap >= g) = (1 - density)^g; `as` saturates, and u = 0 means no further special.
        (u.ln() / (1.0 - density).ln()).floor() as usize
    };
    let mut i = gap(src);
    while i < cells {
        special[i] = *src.pick(p.special_types);
        i = i.saturating_add(1).saturating_add(gap(src));
    }
    special
}

/// Colours for an n x m board with no run, using only `palette`.
fn fill_colours<S: Source>(n: usize, m: usize, palette: &[u8], src: &mut S) -> Vec<u8> {
    if palette.len() >= 3 {
        // At most two colours are ever forbidden at a cell (the one two cells to the left repeat,
        // the one two cells above repeat): choose among the others, in palette order. The grid
        // holds palette indices until the end.
        let mut g = vec![0u8; n * m];
        for r in 0..n {
            let (mut left1, mut left2) = (u8::MAX, u8::MAX - 1);
            for c in 0..m {
                let i = r * m + c;
                let left = (left1 == left2).then_some(left1);
                let up = (r >= 2 && g[i - m] == g[i - 2 * m]).then(|| g[i - m]);
                let (first, second) = match (left, up) {
                    (Some(a), Some(b)) if a != b => (Some(a.min(b)), Some(a.max(b))),
                    (Some(a), _) | (None, Some(a)) => (Some(a), None),
                    (None, None) => (None, None),
                };
                let forbidden = usize::from(first.is_some()) + usize::from(second.is_some());
                let mut j = src.below(palette.len() - forbidden) as u8;
                for f in [first, second].into_iter().flatten() {
                    if j >= f {
                        j += 1;
                    }
                }
                g[i] = j;
                (left2, left1) = (left1, j);
            }
        }
        for v in &mut g {
            *v = palette[usize::from(*v)];
        }
        return g;
    }
    if palette.len() == 1 {
        return vec![palette[0]; n * m];
    }
    // Two colours: a greedy fill can paint itself into a corner, so start from a pattern of 2x2
    // blocks (no three equal cells in a line) and flip cells at random while no run appears.
    let (dr, dc) = (src.below(2), src.below(2));
    let mut g: Vec<u8> = (0..n * m)
        .map(|i| palette[((i / m + dr) / 2 + (i % m + dc) / 2) % 2])
        .collect();
    let flips = src.range(0, n * m);
    for _ in 0..flips {
        let i = src.below(n * m);
        let old = g[i];
        g[i] = if old == palette[0] {
            palette[1]
        } else {
            palette[0]
        };
        if run_through(&g, n, m, i / m, i % m) {
            g[i] = old;
        }
    }
    g
}

/// The number of pairs of 4-adjacent cells on an n x m board.
fn pairs(n: usize, m: usize) -> usize {
    n * (m - 1) + (n - 1) * m
}

/// Pair `t` of the `pairs(n, m)`: the horizontal ones row by row, then the vertical ones.
fn pair(n: usize, m: usize, t: usize) -> (Pos, Pos) {
    let horizontal = n * (m - 1);
    if t < horizontal {
        let (r, c) = (t / (m - 1), t % (m - 1));
        (Pos::new(r, c), Pos::new(r, c + 1))
    } else {
        let (r, c) = ((t - horizontal) / m, (t - horizontal) % m);
        (Pos::new(r, c), Pos::new(r + 1, c))
    }
}

/// A random pair of 4-adjacent cells, unordered (None on a 1x1 board).
fn random_pair<S: Source>(n: usize, m: usize, src: &mut S) -> Option<(Pos, Pos)> {
    match pairs(n, m) {
        0 => None,
        count => Some(pair(n, m, src.below(count))),
    }
}

/// A random pair of 4-adjacent cells in a random order (None on a 1x1 board).
fn random_adjacent<S: Source>(n: usize, m: usize, src: &mut S) -> Option<Op> {
    let (a, b) = random_pair(n, m, src)?;
    Some(ordered(a, b, src))
}

/// The pair in a random order (the order decides which main colour comes first).
fn ordered<S: Source>(a: Pos, b: Pos, src: &mut S) -> Op {
    if src.chance(0.5) {
        Op { a, b }
    } else {
        Op { a: b, b: a }
    }
}

/// Chooses `q` operations, playing each on the simulation so later choices see the board as it
/// evolves.
fn operations<S: Source>(
    scratch: &mut Scratch,
    q: usize,
    p: &Params,
    src: &mut S,
    ops: &mut Vec<Op>,
) {
    let (n, m) = (scratch.sim.n(), scratch.sim.m());
    for _ in 0..q {
        let op = if src.chance(p.valid) {
            find_valid(scratch, src).or_else(|| random_adjacent(n, m, src))
        } else {
            let sim = &mut scratch.sim;
            match src.weighted(&p.other) {
                0 => find_invalid_adjacent(sim, src).or_else(|| random_adjacent(n, m, src)),
                1 => Some(non_adjacent(n, m, src)),
                2 => with_empty(sim, src).or_else(|| random_adjacent(n, m, src)),
                _ => random_adjacent(n, m, src),
            }
        };
        let op = op.unwrap_or(Op {
            a: Pos::new(0, 0),
            b: Pos::new(0, 0),
        });
        ops.push(op);
        if ops.len() < q {
            // The last operation is not played: no choice depends on it.
            scratch.sim.apply(op.a, op.b);
        }
    }
}

/// Boards with at most this many adjacent pairs are searched whole at once: cheaper than drawing.
const SCAN_BELOW: usize = 40;

/// A valid swap on the simulated board: a few random adjacent pairs first (on larger boards where
/// valid swaps were not found rare), then one of the set of every valid swap.
fn find_valid<S: Source>(scratch: &mut Scratch, src: &mut S) -> Option<Op> {
    let sim = &mut scratch.sim;
    let (n, m) = (sim.n(), sim.m());
    if scratch.valid_at != Some(sim.changes()) {
        let count = pairs(n, m);
        let rare = scratch.valid_at.is_some() && scratch.valid_count * 16 < count;
        let tries = if count <= SCAN_BELOW || rare { 0 } else { 24 };
        for _ in 0..tries {
            let (a, b) = random_pair(n, m, src)?;
            if swap_makes_run(sim.colour(), n, m, a, b) {
                return Some(ordered(a, b, src));
            }
        }
        update_valid(scratch);
    }
    if scratch.valid_count == 0 {
        return None;
    }
    let (a, b) = nth_valid(scratch, src.below(scratch.valid_count));
    Some(ordered(a, b, src))
}

/// Brings the set of valid swaps up to date: on a new board every pair of pieces is tried;
/// afterwards only the pairs whose verdict may have changed. A swap's verdict reads the two cells
/// and the two cells beyond each of them along the row and along the column, nothing else.
fn update_valid(scratch: &mut Scratch) {
    let sim = &mut scratch.sim;
    let (n, m) = (sim.n(), sim.m());
    let width = if m >= 64 { u64::MAX } else { (1u64 << m) - 1 };
    let fresh = scratch.valid_at.is_none();
    let mut changed = [0u64; MAX_SIDE];
    changed[..n].copy_from_slice(sim.changed());
    sim.clear_changed();
    let g = sim.colour();
    // The pieces of each row.
    let mut pieces = [0u64; MAX_SIDE];
    for (r, mask) in pieces[..n].iter_mut().enumerate() {
        for (c, &v) in g[r * m..(r + 1) * m].iter().enumerate() {
            *mask |= u64::from(v != 0) << c;
        }
    }
    let near_rows = |lo: usize, hi: usize| -> u64 {
        changed[lo..=hi.min(n - 1)]
            .iter()
            .fold(0, |acc, &x| acc | x)
    };
    let mut count = 0;
    for r in 0..n {
        // Pair (r, c)-(r, c+1) reads row r from c-2 to c+3 and columns c, c+1 from r-2 to r+2.
        let redo = if fresh {
            width
        } else {
            let x = changed[r];
            let column = near_rows(r.saturating_sub(2), r + 2);
            x << 2 | x << 1 | x | x >> 1 | x >> 2 | x >> 3 | column | column >> 1
        } & (width >> 1);
        let mut right = scratch.right[r] & (width >> 1) & !redo;
        let mut todo = redo & pieces[r] & pieces[r] >> 1;
        while todo != 0 {
            let c = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if swap_makes_run(g, n, m, Pos::new(r, c), Pos::new(r, c + 1)) {
                right |= 1 << c;
            }
        }
        let mut down = 0;
        if r + 1 < n {
            // Pair (r, c)-(r+1, c) reads column c from r-2 to r+3 and rows r, r+1 from c-2 to c+2.
            let redo = if fresh {
                width
            } else {
                let x = changed[r] | changed[r + 1];
                near_rows(r.saturating_sub(2), r + 3) | x << 2 | x << 1 | x | x >> 1 | x >> 2
            } & width;
            down = scratch.down[r] & width & !redo;
            let mut todo = redo & pieces[r] & pieces[r + 1];
            while todo != 0 {
                let c = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if swap_makes_run(g, n, m, Pos::new(r, c), Pos::new(r + 1, c)) {
                    down |= 1 << c;
                }
            }
        }
        scratch.right[r] = right;
        scratch.down[r] = down;
        count += (right.count_ones() + down.count_ones()) as usize;
    }
    scratch.valid_count = count;
    scratch.valid_at = Some(sim.changes());
}

/// Valid swap number `t` (below `valid_count`): the horizontal ones row by row, then the vertical
/// ones.
fn nth_valid(scratch: &Scratch, mut t: usize) -> (Pos, Pos) {
    let n = scratch.sim.n();
    for (masks, dr, dc) in [(&scratch.right, 0, 1), (&scratch.down, 1, 0)] {
        for (r, &mask) in masks[..n].iter().enumerate() {
            let ones = mask.count_ones() as usize;
            if t >= ones {
                t -= ones;
                continue;
            }
            let mut bits = mask;
            for _ in 0..t {
                bits &= bits - 1;
            }
            let c = bits.trailing_zeros() as usize;
            return (Pos::new(r, c), Pos::new(r + dr, c + dc));
        }
    }
    (Pos::new(0, 0), Pos::new(0, 0))
}

/// An adjacent pair of pieces whose swap makes no run.
fn find_invalid_adjacent<S: Source>(sim: &mut Sim, src: &mut S) -> Option<Op> {
    let (n, m) = (sim.n(), sim.m());
    for _ in 0..24 {
        let (a, b) = random_pair(n, m, src)?;
        let g = sim.colour();
        let (ia, ib) = (a.r() * m + a.c(), b.r() * m + b.c());
        if g[ia] != 0 && g[ib] != 0 && !swap_makes_run(g, n, m, a, b) {
            return Some(ordered(a, b, src));
        }
    }
    None
}

/// Two cells that are not 4-adjacent: the same cell, a diagonal neighbour or any other pair.
fn non_adjacent<S: Source>(n: usize, m: usize, src: &mut S) -> Op {
    let a = Pos::new(src.below(n), src.below(m));
    let b = match src.below(3) {
        0 => a,
        1 if n > 1 && m > 1 => {
            let r = if a.r() + 1 < n { a.r() + 1 } else { a.r() - 1 };
            let c = if a.c() + 1 < m { a.c() + 1 } else { a.c() - 1 };
            Pos::new(r, c)
        }
        _ => Pos::new(src.below(n), src.below(m)),
    };
    let adjacent = a.r().abs_diff(b.r()) + a.c().abs_diff(b.c()) == 1;
    if adjacent {
        Op { a, b: a }
    } else {
        Op { a, b }
    }
}

/// An adjacent pair where at least one cell is empty.
fn with_empty<S: Source>(sim: &Sim, src: &mut S) -> Option<Op> {
    let (n, m, g) = (sim.n(), sim.m(), sim.colour());
    let empties = g.iter().filter(|&&v| v == 0).count();
    if empties == 0 {
        return None;
    }
    let nth = src.below(empties);
    let i = g.iter().enumerate().filter(|&(_, &v)| v == 0).nth(nth)?.0;
    let (r, c) = (i / m, i % m);
    let mut near = [Pos::new(0, 0); 4];
    let mut count = 0;
    for (ok, p) in [
        (r > 0, (r.wrapping_sub(1), c)),
        (r + 1 < n, (r + 1, c)),
        (c > 0, (r, c.wrapping_sub(1))),
        (c + 1 < m, (r, c + 1)),
    ] {
        if ok {
            near[count] = Pos::new(p.0, p.1);
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let b = *src.pick(&near[..count]);
    Some(ordered(Pos::new(r, c), b, src))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{case_seed, rng};
    use std::collections::BTreeSet;

    /// The sizes, colours, specials and operation counts a case of `p` may have.
    fn check_params(name: &str, seed: u64, p: &Params, case: &Case) {
        let within = |x: usize, (lo, hi): (usize, usize)| (lo..=hi).contains(&x);
        let what = format!("profile {name} seed {seed}");
        let (n, m) = (case.n(), case.m());
        if case.k > 1 {
            assert!(within(n, p.n) && within(m, p.m), "{what}: {n}x{m}");
        } else {
            assert!(n <= 2 && m <= 2, "{what}: one colour on {n}x{m}");
        }
        assert!(within(usize::from(case.k), p.k), "{what}: k = {}", case.k);
        assert!(
            within(case.ops.len(), p.q),
            "{what}: q = {}",
            case.ops.len()
        );
        let colours: BTreeSet<u8> = case.board.colour.iter().copied().collect();
        if let Some((_, hi)) = p.palette {
            assert!(colours.len() <= hi, "{what}: {} colours", colours.len());
        }
        for &s in &case.board.special {
            assert!(
                s == 0 || p.special_types.contains(&s),
                "{what}: special {s}"
            );
        }
        if p.specials.1 == 0.0 {
            assert!(case.board.special.iter().all(|&s| s == 0), "{what}");
        }
    }

    #[test]
    fn every_profile_generates_valid_cases_of_its_sizes_deterministically() {
        for profile in PROFILES {
            let seeds: u64 = match profile.name {
                "max" | "heavy" | "storm" => 3,
                _ => 300,
            };
            for seed in 0..seeds {
                let case = generate(profile.name, &mut rng(seed));
                if let Err(e) = case.validate() {
                    panic!("profile {} seed {seed}: {e}", profile.name);
                }
                assert!(case.board.find_run().is_none());
                if let Some(p) = params(profile.name) {
                    check_params(profile.name, seed, &p, &case);
                }
                assert_eq!(
                    case,
                    generate(profile.name, &mut rng(seed)),
                    "{} is not deterministic",
                    profile.name
                );
                assert_eq!(Case::parse(case.write().as_bytes()).as_ref(), Ok(&case));
            }
        }
    }

    #[test]
    fn a_case_does_not_depend_on_what_the_thread_generated_before() {
        let fresh: Vec<Case> = std::thread::spawn(|| {
            (0..40)
                .map(|s| generate("mix", &mut rng(case_seed(9, s))))
                .collect()
        })
        .join()
        .unwrap();
        // The same cases in reverse order, after other profiles, on this thread.
        for s in 0..5 {
            generate("heavy", &mut rng(s));
        }
        for s in (0..40).rev() {
            assert_eq!(
                generate("mix", &mut rng(case_seed(9, s))),
                fresh[s as usize],
                "seed {s}"
            );
        }
    }

    #[test]
    fn one_and_two_colour_boards_terminate_without_runs() {
        let p = Params {
            n: (1, 50),
            m: (1, 50),
            k: (1, 2),
            q: (1, 3),
            ..BASE
        };
        for seed in 0..300 {
            let case = generate_with(&p, &mut rng(seed));
            case.validate().unwrap();
            if case.k == 1 {
                assert!(case.n() <= 2 && case.m() <= 2);
            }
        }
    }

    #[test]
    fn profiles_shape_their_cases() {
        let mut wide_ends = BTreeSet::new();
        let mut edge_shapes = BTreeSet::new();
        for seed in 0..200 {
            let wide = generate("wide", &mut rng(seed));
            assert_eq!(wide.n(), 1);
            wide_ends.insert(wide.m());
            let tall = generate("tall", &mut rng(seed));
            assert_eq!(tall.m(), 1);
            let plain = generate("plain", &mut rng(seed));
            assert!(plain.board.special.iter().all(|&s| s == 0));
            let many = generate("many-colours", &mut rng(seed));
            assert!(many.k >= 20);
            let distinct: BTreeSet<u8> = many.board.colour.iter().copied().collect();
            assert!(distinct.len() <= 6);
            let full = generate("full", &mut rng(seed));
            assert_eq!((full.n(), full.m()), (50, 50));
            assert!(full.ops.len() <= 3);
            let edges = generate("edges", &mut rng(seed));
            edge_shapes.insert((edges.n(), edges.m()));
        }
        assert!(wide_ends.contains(&50) && wide_ends.contains(&1));
        for shape in [(1, 50), (50, 1), (50, 50), (2, 50), (50, 2), (3, 49)] {
            assert!(edge_shapes.contains(&shape), "edges never made {shape:?}");
        }
        let heavy = generate("heavy", &mut rng(1));
        assert_eq!((heavy.n(), heavy.m(), heavy.ops.len()), (50, 50, 1000));
        assert!((4..=8).contains(&heavy.k));
        let specials = heavy.board.special.iter().filter(|&&s| s != 0).count();
        assert!(specials <= 30, "{specials} specials on a heavy board");
    }

    #[test]
    fn specials_come_at_the_density_asked_for() {
        for density in [0.01, 0.1, 0.4] {
            let p = Params {
                n: (50, 50),
                m: (50, 50),
                k: (5, 5),
                specials: (density, density),
                q: (1, 1),
                ..BASE
            };
            let cells = 20 * 2500;
            let specials: usize = (0..20)
                .map(|s| {
                    let case = generate_with(&p, &mut rng(s));
                    case.board.special.iter().filter(|&&x| x != 0).count()
                })
                .sum();
            let share = specials as f64 / cells as f64;
            assert!(
                (share - density).abs() < density * 0.1,
                "density {density}: {share}"
            );
        }
    }

    #[test]
    fn the_default_mix_reaches_the_largest_board_and_every_border_shape() {
        let total = 20_000u64;
        let (mut full, mut row, mut column, mut thin, mut big_ops) = (0, 0, 0, 0, 0);
        for i in 0..total {
            let case = generate("mix", &mut rng(case_seed(1, i)));
            let (n, m) = (case.n(), case.m());
            if (n, m) == (50, 50) {
                full += 1;
                big_ops += case.ops.len();
            }
            row += u64::from(n == 1);
            column += u64::from(m == 1);
            thin += u64::from(n.min(m) <= 3 && n.max(m) >= 49);
        }
        let share = |x: u64| x as f64 / total as f64;
        assert!(share(full) >= 0.008, "50x50: {full} of {total}");
        assert!(share(row) >= 0.03, "1 x m: {row} of {total}");
        assert!(share(column) >= 0.03, "n x 1: {column} of {total}");
        assert!(share(thin) >= 0.008, "thin 49..50-long boards: {thin}");
        // The largest boards come with short games.
        assert!(big_ops as f64 / full as f64 <= 3.0);
    }

    #[test]
    fn the_first_cases_of_a_batch_touch_the_last_row_and_column_of_a_50x50_board() {
        // What a mutant that breaks only at the far border of the largest board needs: valid
        // operations that remove pieces there, within the first 2000 cases of the default mix.
        let (mut last_row, mut last_column) = (0, 0);
        for i in 0..2000 {
            let case = generate("mix", &mut rng(case_seed(1, i)));
            if (case.n(), case.m()) != (50, 50) {
                continue;
            }
            let outcome = reference::texas::outcome(&case);
            for round in outcome.ops.iter().flat_map(|t| &t.rounds) {
                last_row += usize::from(round.removed.rows[49] != 0);
                last_column +=
                    usize::from(round.removed.rows.iter().any(|&bits| bits >> 49 & 1 == 1));
            }
        }
        assert!(
            last_row >= 1 && last_column >= 1,
            "{last_row} {last_column}"
        );
    }

    #[test]
    fn generated_operations_are_mostly_valid_where_asked() {
        // The simulation keeps proposing swaps the reference finds valid. Pieces never enter the
        // board, so valid swaps run out after a few hundred operations; while they last, about 95%
        // of the operations of a heavy case must be valid.
        let valid: usize = (0..5)
            .map(|seed| {
                let case = generate("heavy", &mut rng(seed));
                let outcome = reference::texas::outcome(&case);
                outcome.ops[..100]
                    .iter()
                    .filter(|t| t.invalid.is_none())
                    .count()
            })
            .sum();
        assert!(
            valid >= 450,
            "only {valid} of the first 100 operations of 5 heavy cases are valid"
        );
    }

    #[test]
    fn the_set_of_valid_swaps_is_kept_up_to_date() {
        // After updates (every third operation) the incrementally updated set equals a fresh
        // search of the board, and holds exactly the swaps the simulation accepts.
        let mut kept = Scratch::default();
        let mut fresh = Scratch::default();
        for seed in 0..300 {
            let profile = ["small", "specials", "cascade", "medium", "edges", "tall"][seed % 6];
            let case = generate(profile, &mut rng(seed as u64));
            let (n, m) = (case.n(), case.m());
            kept.sim.load(n, m, &case.board.colour, &case.board.special);
            kept.valid_at = None;
            for (i, op) in case.ops.iter().enumerate() {
                if (i + seed) % 3 != 0 {
                    // Several operations between updates, too.
                    kept.sim.apply(op.a, op.b);
                    continue;
                }
                update_valid(&mut kept);
                fresh.sim.load(n, m, kept.sim.colour(), kept.sim.special());
                fresh.valid_at = None;
                update_valid(&mut fresh);
                assert_eq!(
                    (&kept.right[..n], &kept.down[..n], kept.valid_count),
                    (&fresh.right[..n], &fresh.down[..n], fresh.valid_count),
                    "{profile} seed {seed} before operation {}",
                    i + 1
                );
                for t in 0..pairs(n, m) {
                    let (a, b) = pair(n, m, t);
                    let listed = if a.r() == b.r() {
                        kept.right[a.r()] >> a.c() & 1 == 1
                    } else {
                        kept.down[a.r()] >> a.c() & 1 == 1
                    };
                    assert_eq!(listed, kept.sim.is_valid(a, b), "{profile} seed {seed}");
                }
                for t in 0..kept.valid_count {
                    let (a, b) = nth_valid(&kept, t);
                    assert!(kept.sim.is_valid(a, b));
                }
                kept.sim.apply(op.a, op.b);
            }
        }
    }

    #[test]
    fn fuzzer_bytes_give_valid_cases() {
        let mut x = 1u64;
        for len in 0..600 {
            let data: Vec<u8> = (0..len)
                .map(|_| {
                    x = crate::rng::mix(x);
                    x as u8
                })
                .collect();
            for profile in std::iter::once("mix").chain(FUZZ_PROFILES.iter().copied()) {
                let mut u = arbitrary::Unstructured::new(&data);
                let case = generate(profile, &mut crate::source::Bytes(&mut u));
                if let Err(e) = case.validate() {
                    panic!("{profile} from {len} bytes: {e}");
                }
            }
        }
        // Bytes that always say "the largest choice".
        let data = [0xffu8; 4000];
        let mut u = arbitrary::Unstructured::new(&data);
        generate("edges", &mut crate::source::Bytes(&mut u))
            .validate()
            .unwrap();
    }

    #[test]
    fn the_generator_uses_no_engine() {
        // The generator and its simulation name neither engine crate (tests aside).
        for (file, text) in [
            ("gen.rs", include_str!("gen.rs")),
            ("sim.rs", include_str!("sim.rs")),
        ] {
            let code = text.split("#[cfg(test)]").next().unwrap_or(text);
            for name in ["engine::", "reference::"] {
                assert!(!code.contains(name), "{file} uses {name}");
            }
        }
    }
}
