//! Mayan's scope by construction `swaps:`: every shape of a vertical run that a swap completes
//! around the swapped cell, each built on a board that the swap empties, in every colouring from
//! a colour set.
//!
//! Three neighbouring columns: the middle one M (column L + 1, L in 0..=2) holds, from the floor,
//! `d` blocks of colour c, a block of colour b, `u` blocks of c, then the blocks R_0..R_{d-1}, b;
//! the side column S (L or L + 2) holds R_0..R_{d-1}, c; the other side column T holds R_0..R_{d-1},
//! b. Swapping (S, d) with (M, d) makes a vertical run of d + 1 + u blocks of c in M, with d below
//! the swapped cell and u above; when it goes, the blocks above fall and every row 0..=d holds
//! three equal blocks across the three columns: the board empties in one move. No run exists
//! before (c != b, the R are all different from c, b and each other, and u <= 2), and every colour
//! has at least three blocks, so no bound prunes the position. The shapes (d, u) are those that fit
//! seven rows: (0, 2), (1, 1), (1, 2), (2, 0) and (2, 1), the run of four with one block above the
//! swapped cell and two below.
//!
//! Parameters: `colours` (the set the roles c, b, R_0, R_1 are coloured from, all different; at
//! least 2, default 1..4) and `n` (the exact number of moves, 1..=5, default 1; with more than one
//! the swap empties the board too early, and the search must see that). Indices run through the
//! shapes by their number of blocks, then `n`, L, the side, then the colourings. Every index is a
//! valid case.

use harness::roles::scope::{range_text, set_text, Blocks, Expr, Scope, ScopeError};
use model::mayan::{Board, Case, MAX_COLOUR, MAX_MOVES};
use std::ops::RangeInclusive;

/// The shapes (blocks below the swapped cell, blocks above it), smallest board first.
const SHAPES: [(usize, usize); 5] = [(0, 2), (1, 1), (1, 2), (2, 0), (2, 1)];

/// One block of indices: a shape, a number of moves, the left column, the side.
#[derive(Debug, Clone, Copy)]
struct Part {
    below: usize,
    above: usize,
    n: usize,
    left: usize,
    /// The swapped block of colour c comes from the right side column (else from the left).
    from_right: bool,
}

/// The `swaps:` scope (module docs).
pub struct Swaps {
    colours: Vec<u8>,
    moves: RangeInclusive<u64>,
    parts: Vec<Part>,
    index: Blocks,
}

/// Parses the expression of a Mayan scope by construction (already parsed as `e`).
pub fn parse(family: &str, mut e: Expr, text: &str) -> Result<Swaps, ScopeError> {
    if family != "swaps" {
        return Err(ScopeError::new(
            format!("{family}:"),
            format!("unknown family `{family}`: Mayan's scopes by construction are swaps"),
        ));
    }
    let colours = e.take_set("colours", 1..=u64::from(MAX_COLOUR), &[1, 2, 3, 4])?;
    if colours.len() < 2 {
        return Err(ScopeError::new(
            text.trim(),
            "`colours` needs at least two colours (a run's and the swapped block's)",
        ));
    }
    let moves = e.take("n", 1..=MAX_MOVES as u64, 1..=1)?;
    e.finish(&["colours", "n"])?;
    let colours: Vec<u8> = colours.iter().map(|&c| c as u8).collect();
    Ok(Swaps::new(colours, moves))
}

/// The number of ways to give `roles` roles different colours out of `k`.
fn colourings(k: usize, roles: usize) -> u64 {
    (0..roles).map(|i| k.saturating_sub(i) as u64).product()
}

impl Swaps {
    fn new(colours: Vec<u8>, moves: RangeInclusive<u64>) -> Swaps {
        let mut parts = Vec::new();
        let mut sizes = Vec::new();
        for (below, above) in SHAPES {
            for n in moves.clone() {
                for left in 0..3 {
                    for from_right in [false, true] {
                        parts.push(Part {
                            below,
                            above,
                            n: n as usize,
                            left,
                            from_right,
                        });
                        sizes.push(colourings(colours.len(), 2 + below));
                    }
                }
            }
        }
        Swaps {
            // At most 5 * 5 * 6 blocks of at most 10 * 9 * 8 * 7 indices: no overflow.
            index: Blocks::new(sizes).unwrap_or_default(),
            colours,
            moves,
            parts,
        }
    }

    /// The roles' colours of colouring number `code`: c, b, then R_0..R_{below - 1}.
    fn roles(&self, mut code: u64, roles: usize) -> Vec<u8> {
        let mut left = self.colours.clone();
        let mut out = Vec::with_capacity(roles);
        for _ in 0..roles {
            let k = left.len() as u64;
            out.push(left.remove((code % k) as usize));
            code /= k;
        }
        out
    }
}

impl Scope<Case> for Swaps {
    fn canonical(&self) -> String {
        harness::roles::scope::family_canonical("swaps", &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        let colours: Vec<u64> = self.colours.iter().map(|&c| u64::from(c)).collect();
        vec![
            ("colours".into(), set_text(&colours)),
            ("n".into(), range_text(&self.moves)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let (block, offset) = self.index.locate(index)?;
        let p = self.parts[block];
        let (d, u) = (p.below, p.above);
        let roles = self.roles(offset, 2 + d);
        let (c, b, rows) = (roles[0], roles[1], &roles[2..]);
        let middle = p.left + 1;
        let (side, other) = if p.from_right {
            (p.left + 2, p.left)
        } else {
            (p.left, p.left + 2)
        };
        let mut m: Vec<u8> = vec![c; d];
        m.push(b);
        m.extend(std::iter::repeat_n(c, u));
        m.extend_from_slice(rows);
        m.push(b);
        let mut board = Board::empty();
        for (x, column) in [
            (middle, m),
            (side, [rows, &[c]].concat()),
            (other, [rows, &[b]].concat()),
        ] {
            board.cells[x][..column.len()].copy_from_slice(&column);
        }
        Some(Case { n: p.n, board })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        const N_KEYS: [&str; 5] = ["n=1", "n=2", "n=3", "n=4", "n=5"];
        let mut out: Vec<(&'static str, String)> = N_KEYS
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.moves.contains(&(*i as u64 + 1)))
            .map(|(_, key)| (*key, format!("the scope has n={}", range_text(&self.moves))))
            .collect();
        out.push((
            "empty board",
            "every board of the scope holds a block".into(),
        ));
        out
    }
}

#[cfg(test)]
mod tests;
