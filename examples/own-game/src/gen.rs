//! Case generators, written once against [`Source`] so that the same code makes seeded batches
//! (`harness::rng::rng(seed)`) and fuzzer cases ([`arbitrary_case`]). A case is a pure function of
//! (profile, seed).
//!
//! Realistic games spawn on cells that are empty after the move, so the generator plays its own
//! games with `Sim`, *the generator's own simulation of the rules, not an engine under test*: it
//! tells which directions change the board and which cells are empty afterwards. Most spawns go to
//! an empty cell; some go deliberately to an occupied one (nothing is placed), and some moves are
//! drawn without looking, so that some change nothing.
//!
//! This module holds the profiles and the boards they start from; `player` plays the moves,
//! on the boards of `grid` (any size) and `nib` (4x4 as nibbles).

use crate::case::Case;
use grid::Sim;
use harness::prelude::Profile;
use harness::rng::rng;
use harness::roles::source::{Bytes, Source};
use player::{play, Style, ANY, CORNER};

mod grid;
mod nib;
mod player;

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
    use grid::Grid;

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
