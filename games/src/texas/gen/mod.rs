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

mod moves;
mod params;

pub(crate) use super::sim::run_through;
use super::sim::Sim;
use harness::roles::source::Source;
use model::texas::{Board, Case, MAX_COLOURS, MAX_OPS, MAX_SIDE};
use moves::operations;
#[cfg(test)]
use params::BASE;
pub use params::{params, Params, FUZZ_PROFILES, PROFILES};
use params::{MIX, MIX_WEIGHTS};
use std::cell::RefCell;

/// Generates a case for a profile named by the harness's own tests and benchmarks ("mix" draws
/// the profile from the source first). An unknown name is a mistake in the caller, and panics.
pub fn generate<S: Source>(profile: &str, src: &mut S) -> Case {
    if profile == "mix" {
        return mix(src);
    }
    match params(profile) {
        Some(p) => generate_with(&p, src),
        None => panic!("no Texas profile `{profile}`"),
    }
}

/// A case of the default mix: draws a profile by weight, then a case of it.
pub fn mix<S: Source>(src: &mut S) -> Case {
    let p = &MIX[src.weighted(&MIX_WEIGHTS)].0;
    generate_with(p, src)
}

/// The case of profile parameters `p` for a seed.
fn seeded(p: &Params, seed: u64) -> Case {
    generate_with(p, &mut harness::rng::rng(seed))
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

#[cfg(test)]
mod tests;
