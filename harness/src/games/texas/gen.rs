//! Seeded generators of valid Texas Match-3 cases.
//!
//! A case is a pure function of (profile, seed). Boards never hold an initial run (generation
//! terminates for k = 1 and 2 too); operations mix valid swaps found on the evolving board (the
//! optimized engine plays the game as it is generated), invalid adjacent swaps, non-adjacent pairs,
//! swaps with an empty cell and random adjacent swaps.

use crate::source::Source;
use engine::texas::Engine;
use model::texas::{Board, Case, NoTrace, Op, Pos};

/// The knobs of a profile.
#[derive(Debug, Clone, Copy)]
pub struct Params {
    pub n: (usize, usize),
    pub m: (usize, usize),
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
        about: "the default: a weighted mix of the small and medium profiles below",
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
        about: "50x50, k 4..6, 10% specials mostly row/column/colour, q = 1000",
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
        about: "a single row, 1 x m",
    },
    crate::Profile {
        name: "tall",
        about: "a single column, n x 1",
    },
    crate::Profile {
        name: "cascade",
        about: "3..4 colours on 6x6 to 16x16 boards: long chains of rounds",
    },
];

/// The profiles fuzzer bytes choose from: the small ones, so that a fuzzer runs thousands of cases
/// a second.
pub const FUZZ_PROFILES: &[&str] = &[
    "tiny",
    "small",
    "specials",
    "plain",
    "cascade",
    "wide",
    "tall",
    "many-colours",
];

/// The profiles the default mix draws from, with weights.
const MIX: &[(&str, u32)] = &[
    ("tiny", 30),
    ("small", 30),
    ("plain", 8),
    ("specials", 10),
    ("cascade", 7),
    ("medium", 4),
    ("many-colours", 5),
    ("wide", 3),
    ("tall", 3),
];

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
            k: (2, 5),
            q: (1, 20),
            ..BASE
        },
        "tall" => Params {
            n: (1, 50),
            m: (1, 1),
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
        _ => return None,
    })
}

/// Generates a case for a profile ("mix" draws the profile from the source first).
pub fn generate<S: Source>(profile: &str, src: &mut S) -> Case {
    let name = if profile == "mix" {
        let weights: Vec<u32> = MIX.iter().map(|&(_, w)| w).collect();
        MIX[src.weighted(&weights)].0
    } else {
        profile
    };
    let p = params(name).unwrap_or(BASE);
    generate_with(&p, src)
}

/// Generates a case from explicit parameters.
pub fn generate_with<S: Source>(p: &Params, src: &mut S) -> Case {
    let k = src.range(p.k.0, p.k.1).clamp(1, 100);
    let mut n = src.range(p.n.0, p.n.1).clamp(1, 50);
    let mut m = src.range(p.m.0, p.m.1).clamp(1, 50);
    let palette: Vec<u8> = match p.palette {
        Some((lo, hi)) => {
            let size = src.range(lo, hi).min(k);
            let mut all: Vec<u8> = (1..=k as u8).collect();
            for i in 0..size {
                let j = i + src.below(all.len() - i);
                all.swap(i, j);
            }
            all.truncate(size);
            all
        }
        None => (1..=k as u8).collect(),
    };
    if palette.len() == 1 {
        // With one colour only boards without three cells in a line are valid.
        n = n.min(2);
        m = m.min(2);
    }
    let colour = fill_colours(n, m, &palette, src);
    let density = src.uniform(p.specials.0, p.specials.1);
    let special = (0..n * m)
        .map(|_| {
            if density > 0.0 && src.chance(density) {
                *src.pick(p.special_types)
            } else {
                0
            }
        })
        .collect();
    let board = Board {
        n,
        m,
        colour,
        special,
    };
    let q = src.range(p.q.0, p.q.1).clamp(1, 1000);
    let mut case = Case {
        k: k as u8,
        board,
        ops: Vec::new(),
    };
    case.ops = operations(&case, q, p, src);
    case
}

/// Colours for an n x m board with no run, using only `palette`.
fn fill_colours<S: Source>(n: usize, m: usize, palette: &[u8], src: &mut S) -> Vec<u8> {
    if palette.len() >= 3 {
        // At most two colours are ever forbidden at a cell: a plain greedy fill always succeeds.
        let mut g = vec![0u8; n * m];
        let mut allowed = Vec::with_capacity(palette.len());
        for r in 0..n {
            for c in 0..m {
                let left =
                    (c >= 2 && g[r * m + c - 1] == g[r * m + c - 2]).then(|| g[r * m + c - 1]);
                let up = (r >= 2 && g[(r - 1) * m + c] == g[(r - 2) * m + c])
                    .then(|| g[(r - 1) * m + c]);
                allowed.clear();
                allowed.extend(
                    palette
                        .iter()
                        .copied()
                        .filter(|&v| Some(v) != left && Some(v) != up),
                );
                g[r * m + c] = *src.pick(&allowed);
            }
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

/// Length of the line of equal non-empty colours through (r, c) in direction (dr, dc), both ways.
fn line_len(g: &[u8], n: usize, m: usize, r: usize, c: usize, dr: isize, dc: isize) -> usize {
    let v = g[r * m + c];
    if v == 0 {
        return 0;
    }
    let mut len = 1;
    for sign in [-1isize, 1] {
        let (mut rr, mut cc) = (r as isize + sign * dr, c as isize + sign * dc);
        while rr >= 0
            && cc >= 0
            && (rr as usize) < n
            && (cc as usize) < m
            && g[rr as usize * m + cc as usize] == v
        {
            len += 1;
            rr += sign * dr;
            cc += sign * dc;
        }
    }
    len
}

/// Whether a run passes through (r, c).
pub(crate) fn run_through(g: &[u8], n: usize, m: usize, r: usize, c: usize) -> bool {
    line_len(g, n, m, r, c, 0, 1) >= 3 || line_len(g, n, m, r, c, 1, 0) >= 3
}

/// Whether swapping the pieces at a and b (adjacent) would create a run.
fn swap_makes_run(g: &mut [u8], n: usize, m: usize, a: Pos, b: Pos) -> bool {
    let (ia, ib) = (a.r() * m + a.c(), b.r() * m + b.c());
    if g[ia] == 0 || g[ib] == 0 || g[ia] == g[ib] {
        return false;
    }
    g.swap(ia, ib);
    let found = run_through(g, n, m, a.r(), a.c()) || run_through(g, n, m, b.r(), b.c());
    g.swap(ia, ib);
    found
}

/// A random pair of 4-adjacent cells (None on a 1x1 board).
fn random_adjacent<S: Source>(n: usize, m: usize, src: &mut S) -> Option<Op> {
    let horizontal = if n * (m - 1) == 0 {
        false
    } else if (n - 1) * m == 0 {
        true
    } else {
        src.chance(0.5)
    };
    if horizontal && m >= 2 {
        let (r, c) = (src.below(n), src.below(m - 1));
        Some(ordered(Pos::new(r, c), Pos::new(r, c + 1), src))
    } else if n >= 2 {
        let (r, c) = (src.below(n - 1), src.below(m));
        Some(ordered(Pos::new(r, c), Pos::new(r + 1, c), src))
    } else {
        None
    }
}

/// The pair in a random order (the order decides which main colour comes first).
fn ordered<S: Source>(a: Pos, b: Pos, src: &mut S) -> Op {
    if src.chance(0.5) {
        Op { a, b }
    } else {
        Op { a: b, b: a }
    }
}

/// Every adjacent pair of pieces whose swap makes a run.
fn valid_swaps(g: &mut [u8], n: usize, m: usize, out: &mut Vec<(Pos, Pos)>) {
    out.clear();
    for r in 0..n {
        for c in 0..m {
            let a = Pos::new(r, c);
            if c + 1 < m && swap_makes_run(g, n, m, a, Pos::new(r, c + 1)) {
                out.push((a, Pos::new(r, c + 1)));
            }
            if r + 1 < n && swap_makes_run(g, n, m, a, Pos::new(r + 1, c)) {
                out.push((a, Pos::new(r + 1, c)));
            }
        }
    }
}

/// Chooses `q` operations, playing each on the optimized engine so later choices see the board as
/// it evolves.
fn operations<S: Source>(case: &Case, q: usize, p: &Params, src: &mut S) -> Vec<Op> {
    let (n, m) = (case.n(), case.m());
    let mut engine = Engine::new();
    let mut probe = case.clone();
    probe.ops.clear();
    engine.load(&probe);
    let mut g = case.board.colour.clone();
    let mut ops = Vec::with_capacity(q);
    let mut candidates = Vec::new();
    for _ in 0..q {
        let op = if src.chance(p.valid) {
            find_valid(&mut g, n, m, src, &mut candidates).or_else(|| random_adjacent(n, m, src))
        } else {
            match src.weighted(&p.other) {
                0 => {
                    find_invalid_adjacent(&mut g, n, m, src).or_else(|| random_adjacent(n, m, src))
                }
                1 => Some(non_adjacent(n, m, src)),
                2 => with_empty(&g, n, m, src).or_else(|| random_adjacent(n, m, src)),
                _ => random_adjacent(n, m, src),
            }
        };
        let op = op.unwrap_or(Op {
            a: Pos::new(0, 0),
            b: Pos::new(0, 0),
        });
        engine.apply(op, &mut NoTrace);
        g.copy_from_slice(&engine.board().colour);
        ops.push(op);
    }
    ops
}

fn find_valid<S: Source>(
    g: &mut [u8],
    n: usize,
    m: usize,
    src: &mut S,
    all: &mut Vec<(Pos, Pos)>,
) -> Option<Op> {
    for _ in 0..24 {
        let op = random_adjacent(n, m, src)?;
        if swap_makes_run(g, n, m, op.a, op.b) {
            return Some(op);
        }
    }
    valid_swaps(g, n, m, all);
    if all.is_empty() {
        return None;
    }
    let (a, b) = *src.pick(all);
    Some(ordered(a, b, src))
}

fn find_invalid_adjacent<S: Source>(g: &mut [u8], n: usize, m: usize, src: &mut S) -> Option<Op> {
    for _ in 0..24 {
        let op = random_adjacent(n, m, src)?;
        let (ia, ib) = (op.a.r() * m + op.a.c(), op.b.r() * m + op.b.c());
        if g[ia] != 0 && g[ib] != 0 && !swap_makes_run(g, n, m, op.a, op.b) {
            return Some(op);
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
fn with_empty<S: Source>(g: &[u8], n: usize, m: usize, src: &mut S) -> Option<Op> {
    let empties: Vec<usize> = (0..n * m).filter(|&i| g[i] == 0).collect();
    if empties.is_empty() {
        return None;
    }
    let i = *src.pick(&empties);
    let (r, c) = (i / m, i % m);
    let mut near = Vec::with_capacity(4);
    if r > 0 {
        near.push(Pos::new(r - 1, c));
    }
    if r + 1 < n {
        near.push(Pos::new(r + 1, c));
    }
    if c > 0 {
        near.push(Pos::new(r, c - 1));
    }
    if c + 1 < m {
        near.push(Pos::new(r, c + 1));
    }
    if near.is_empty() {
        return None;
    }
    let b = *src.pick(&near);
    Some(ordered(Pos::new(r, c), b, src))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng;

    #[test]
    fn every_profile_generates_valid_cases_deterministically() {
        for profile in PROFILES {
            let seeds: u64 = match profile.name {
                "max" | "heavy" | "storm" => 2,
                _ => 200,
            };
            for seed in 0..seeds {
                let case = generate(profile.name, &mut rng(seed));
                if let Err(e) = case.validate() {
                    panic!("profile {} seed {seed}: {e}", profile.name);
                }
                assert_eq!(
                    case,
                    generate(profile.name, &mut rng(seed)),
                    "{} is not deterministic",
                    profile.name
                );
                assert_eq!(
                    model::texas::Case::parse(case.write().as_bytes()).as_ref(),
                    Ok(&case)
                );
            }
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
        for seed in 0..50 {
            let wide = generate("wide", &mut rng(seed));
            assert_eq!(wide.n(), 1);
            let tall = generate("tall", &mut rng(seed));
            assert_eq!(tall.m(), 1);
            let plain = generate("plain", &mut rng(seed));
            assert!(plain.board.special.iter().all(|&s| s == 0));
            let many = generate("many-colours", &mut rng(seed));
            assert!(many.k >= 20);
            let distinct: std::collections::BTreeSet<u8> =
                many.board.colour.iter().copied().collect();
            assert!(distinct.len() <= 6);
        }
        let heavy = generate("heavy", &mut rng(1));
        assert_eq!((heavy.n(), heavy.m(), heavy.ops.len()), (50, 50, 1000));
        assert!((4..=8).contains(&heavy.k));
        let specials = heavy.board.special.iter().filter(|&&s| s != 0).count();
        assert!(specials <= 13, "{specials} specials on a heavy board");
    }

    #[test]
    fn generated_operations_are_mostly_valid_where_asked() {
        // The generator's own validity check agrees with the engine's verdicts on most operations.
        let case = generate("heavy", &mut rng(5));
        let outcome = engine::texas::outcome(&case);
        // Pieces never enter the board, so valid swaps run out after a few hundred operations; while
        // they last, about 95% of the operations must be valid.
        let valid = outcome.ops[..100]
            .iter()
            .filter(|t| t.invalid.is_none())
            .count();
        assert!(
            valid >= 85,
            "only {valid} of the first 100 operations of a heavy case are valid"
        );
    }

    #[test]
    fn fuzzer_bytes_give_valid_cases() {
        let mut x = 1u64;
        for len in 0..400 {
            let data: Vec<u8> = (0..len)
                .map(|_| {
                    x = crate::rng::mix(x);
                    x as u8
                })
                .collect();
            let mut u = arbitrary::Unstructured::new(&data);
            let case = generate("mix", &mut crate::source::Bytes(&mut u));
            case.validate().unwrap();
        }
    }
}
