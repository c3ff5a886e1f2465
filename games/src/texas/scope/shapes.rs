//! Texas's scope by construction `shapes:`: every shape a component of a round's matched set can
//! take, up to some size, as the one component of round 2.
//!
//! A shape is a fixed polyomino S (4-connected, every cell in a horizontal or vertical segment of
//! at least three cells of S): S turning back, wrapping around or holding two segments of one
//! column included, which no single swap on a board without a run can form. The case is built in
//! two rounds (c the shape's colour, z a colour of its own, the filler in other colours):
//! - the board of round 2 is S in colour c in a box of filler, at the bottom left;
//! - the initial board is that box with spacers of colour z inserted into its columns (at most
//!   three a column, at heights planned per shape so that neither S nor the spacers hold a run:
//!   [`plan`]), the columns with fewer spacers topped with filler, then a filler column and
//!   `z z x z` in the top row with the colour special (6) on the first z;
//! - the one operation swaps x with the last z: round 1 matches `z z z`, the special removes every
//!   piece of colour z, the columns fall, and round 2 sees S as the whole matched set.
//!
//! The filler is coloured greedily ([`board`]) so that no run forms on the initial board, after the
//! swap, or in round 2 outside S. Parameters: `size` (the shape sizes, 3..=8, default 3..7) and
//! `colour` (the colours c, a set within 1..=100, default 1); z is the least colour other than c,
//! the filler roles take the next ones. Indices run through the shapes by size, then by their
//! cells (row-major, lexicographic), then the colours. Every index is a valid case.

mod board;
mod plan;

use board::{Roles, SHAPE, SPACER};
use harness::roles::scope::{range_text, set_text, Blocks, Expr, Scope, ScopeError};
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS};
use plan::{Shape, MAX_SIZE};
use std::ops::RangeInclusive;

/// The parameters, in canonical order.
const KEYS: &[&str] = &["size", "colour"];

/// The `shapes:` scope (module docs).
pub struct Shapes {
    sizes: RangeInclusive<u64>,
    colours: Vec<u8>,
    /// The shapes by size, then by their cells, with their boards of roles.
    shapes: Vec<(Shape, Roles)>,
    /// The first shape of each size.
    first: Vec<usize>,
    index: Blocks,
}

/// Parses the expression of the `shapes:` family (already parsed as `e`).
pub fn parse(mut e: Expr, text: &str) -> Result<Shapes, ScopeError> {
    let sizes = e.take("size", 3..=MAX_SIZE as u64, 3..=7)?;
    let colours = e.take_set("colour", 1..=u64::from(MAX_COLOURS), &[1])?;
    e.finish(KEYS)?;
    let colours: Vec<u8> = colours.iter().map(|&c| c as u8).collect();
    Shapes::new(sizes, colours).map_err(|size| {
        ScopeError::new(
            text.trim(),
            format!("a shape of {size} cells has no spacer plan"),
        )
    })
}

impl Shapes {
    /// The scope, or the size of a shape that has no plan.
    fn new(sizes: RangeInclusive<u64>, colours: Vec<u8>) -> Result<Shapes, usize> {
        let all = plan::polyominoes(*sizes.end() as usize);
        let mut shapes = Vec::new();
        let mut first = Vec::new();
        for size in sizes.clone() {
            first.push(shapes.len());
            for cells in &all[size as usize - 1] {
                if plan::every_cell_in_a_run(cells) {
                    let shape = plan::plan(cells.clone()).ok_or(size as usize)?;
                    let roles = board::build(&shape);
                    shapes.push((shape, roles));
                }
            }
        }
        let per = colours.len() as u64;
        let ends = first.iter().skip(1).copied().chain([shapes.len()]);
        let sizes_of: Vec<u64> = first
            .iter()
            .zip(ends)
            .map(|(a, b)| (b - a) as u64 * per)
            .collect();
        Ok(Shapes {
            sizes,
            colours,
            shapes,
            first,
            // At most 8 blocks of a few thousand shapes times 64 colours: no overflow.
            index: Blocks::new(sizes_of).unwrap_or_default(),
        })
    }

    /// The shape of index `index` and its colour.
    fn at(&self, index: u64) -> Option<(&(Shape, Roles), u8)> {
        let (block, offset) = self.index.locate(index)?;
        let per = self.colours.len() as u64;
        let shape = &self.shapes[self.first[block] + (offset / per) as usize];
        Some((shape, self.colours[(offset % per) as usize]))
    }
}

/// The case of a board of roles with the shape in colour `c`: z the least colour other than c,
/// the filler roles the colours after it (skipping c).
fn case_of(b: &Roles, c: u8) -> Case {
    let palette: Vec<u8> = (1..=MAX_COLOURS).filter(|&x| x != c).collect();
    let colour: Vec<u8> = b
        .roles
        .iter()
        .map(|&r| match r {
            SHAPE => c,
            // SPACER is the palette's first colour, FILLER its second, ...: the greedy uses a
            // few filler roles (each cell sees at most 18 windows), far fewer than 98.
            r => palette[usize::from(r - SPACER)],
        })
        .collect();
    let mut special = vec![0; b.n * b.m];
    special[b.special] = 6;
    let k = colour.iter().copied().max().unwrap_or(1);
    Case {
        k,
        board: Board {
            n: b.n,
            m: b.m,
            colour,
            special,
        },
        ops: vec![Op {
            a: Pos::new(0, b.swap.0),
            b: Pos::new(0, b.swap.1),
        }],
    }
}

impl Scope<Case> for Shapes {
    fn canonical(&self) -> String {
        harness::roles::scope::family_canonical("shapes", &self.params())
    }

    fn params(&self) -> Vec<(String, String)> {
        let colours: Vec<u64> = self.colours.iter().map(|&c| u64::from(c)).collect();
        vec![
            ("size".into(), range_text(&self.sizes)),
            ("colour".into(), set_text(&colours)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let ((_, roles), c) = self.at(index)?;
        Some(case_of(roles, c))
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = Vec::new();
        for key in crate::texas::COVERAGE_KEYS {
            let why = if key.starts_with("hand:") {
                "a hand needs five valid operations: every case has one"
            } else if key.starts_with("invalid:") {
                "every case's one operation is valid"
            } else if key.starts_with("special") && !key.starts_with("special 6") {
                "the only special is one colour special (6)"
            } else if *key == "two main colours" {
                "the swapped x is in no run after the swap (its filler colour is chosen so)"
            } else {
                continue;
            };
            out.push((key, why.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests;
