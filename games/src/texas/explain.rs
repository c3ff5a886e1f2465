//! The parts of a Texas repro for the explain phase ([`harness::run::explain`]), and its picture.
//!
//! Each cell has two parts: its colour (every other colour of 1..=k that leaves the board
//! without a run, at most [`MAX_VARIANTS`] of them) and its special (every other of 0..=6). Each
//! operation is a part too: replaced by every other swap of two neighbouring cells (at most
//! [`MAX_VARIANTS`], spread over the board). A part whose every variant still fails the same way
//! does not matter; the picture shows its cell as `?` (a free colour) or `c*?` (a free special).

use harness::roles::verdict::{Explanation, Part, Where};
use model::texas::{Case, Op, Pos};

/// At most this many variants of one part: enough to say "any value", cheap on any board.
const MAX_VARIANTS: usize = 12;

/// Every part of the case with its variants.
pub fn variants(case: &Case) -> Vec<Part<Case>> {
    let (n, m) = (case.n(), case.m());
    let mut parts = Vec::new();
    for r in 0..n {
        for c in 0..m {
            let i = case.board.idx(r, c);
            let colour = case.board.colour[i];
            let colours: Vec<Case> = (1..=case.k)
                .filter(|&v| v != colour)
                .map(|v| {
                    let mut d = case.clone();
                    d.board.colour[i] = v;
                    d
                })
                .filter(|d| d.validate().is_ok())
                .take(MAX_VARIANTS)
                .collect();
            parts.push(cell_part(r, c, "colour", colours));
            let special = case.board.special[i];
            let specials: Vec<Case> = (0..=6)
                .filter(|&s| s != special)
                .map(|s| {
                    let mut d = case.clone();
                    d.board.special[i] = s;
                    d
                })
                .collect();
            parts.push(cell_part(r, c, "special", specials));
        }
    }
    let swaps = neighbour_swaps(n, m);
    for (k, op) in case.ops.iter().enumerate() {
        let others: Vec<&Op> = swaps.iter().filter(|s| *s != op).collect();
        let step = others.len().div_ceil(MAX_VARIANTS).max(1);
        let variants = others
            .iter()
            .step_by(step)
            .map(|&&s| {
                let mut d = case.clone();
                d.ops[k] = s;
                d
            })
            .collect();
        parts.push(Part {
            at: Where::Operation { index: k },
            label: format!("operation {}", k + 1),
            variants,
        });
    }
    parts
}

fn cell_part(r: usize, c: usize, value: &str, variants: Vec<Case>) -> Part<Case> {
    Part {
        at: Where::Cell {
            row: r,
            col: c,
            value: value.into(),
        },
        label: format!("{value} of ({} {})", r + 1, c + 1),
        variants,
    }
}

/// Every swap of two neighbouring cells, in reading order (right neighbour, then the one below).
fn neighbour_swaps(n: usize, m: usize) -> Vec<Op> {
    let pos = |r: usize, c: usize| Pos {
        row: r as u8,
        col: c as u8,
    };
    let mut all = Vec::new();
    for r in 0..n {
        for c in 0..m {
            if c + 1 < m {
                all.push(Op {
                    a: pos(r, c),
                    b: pos(r, c + 1),
                });
            }
            if r + 1 < n {
                all.push(Op {
                    a: pos(r, c),
                    b: pos(r + 1, c),
                });
            }
        }
    }
    all
}

/// The board with `?` for what does not matter (`c*s` is colour c with special s), then the
/// operations, a free one marked `(any)`.
pub fn picture(case: &Case, e: &Explanation) -> Option<String> {
    if e.free.is_empty() {
        return None;
    }
    let (n, m) = (case.n(), case.m());
    let mut cells = Vec::with_capacity(n * m);
    for r in 0..n {
        for c in 0..m {
            let i = case.board.idx(r, c);
            let colour = if e.cell_is_free(r, c, "colour") {
                "?".to_string()
            } else {
                case.board.colour[i].to_string()
            };
            let special = case.board.special[i];
            cells.push(if e.cell_is_free(r, c, "special") {
                format!("{colour}*?")
            } else if special != 0 {
                format!("{colour}*{special}")
            } else {
                colour
            });
        }
    }
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::from("the repro, ? where any value fails the same way:\n");
    for row in cells.chunks(m) {
        let line: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
        out.push_str(&format!("  {}\n", line.join(" ")));
    }
    for (k, op) in case.ops.iter().enumerate() {
        out.push_str(&format!(
            "  operation {}: {} {} {} {}{}\n",
            k + 1,
            op.a.row + 1,
            op.a.col + 1,
            op.b.row + 1,
            op.b.col + 1,
            if e.operation_is_free(k) { " (any)" } else { "" }
        ));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use harness::roles::verdict::Free;

    fn case() -> Case {
        Case::parse(b"2 3 3 1\n1 2 1\n2 1 2\n0 0 0\n0 4 0\n1 2 2 2\n").expect("a valid case")
    }

    #[test]
    fn every_variant_is_valid_and_differs_in_its_part_only() {
        let c = case();
        let parts = variants(&c);
        // Two parts per cell, one per operation.
        assert_eq!(parts.len(), 2 * 6 + 1);
        for p in &parts {
            assert!(
                !p.variants.is_empty() || p.label.starts_with("colour"),
                "{}",
                p.label
            );
            for v in &p.variants {
                assert!(v.validate().is_ok(), "{}", p.label);
                assert_ne!(*v, c, "{}", p.label);
                match &p.at {
                    Where::Cell { row, col, .. } => {
                        let i = c.board.idx(*row, *col);
                        let mut same = v.clone();
                        same.board.colour[i] = c.board.colour[i];
                        same.board.special[i] = c.board.special[i];
                        assert_eq!(same, c, "{}", p.label);
                    }
                    Where::Operation { .. } => assert_eq!(v.board, c.board),
                    Where::Other => unreachable!(),
                }
            }
        }
    }

    #[test]
    fn the_picture_marks_free_parts() {
        let c = case();
        let e = Explanation {
            free: vec![
                Free {
                    at: Where::Cell {
                        row: 0,
                        col: 1,
                        value: "colour".into(),
                    },
                    label: "colour of (1 2)".into(),
                    tried: 1,
                },
                Free {
                    at: Where::Cell {
                        row: 1,
                        col: 1,
                        value: "special".into(),
                    },
                    label: "special of (2 2)".into(),
                    tried: 6,
                },
            ],
            parts: 13,
            complete: true,
        };
        let p = picture(&c, &e).expect("a picture");
        assert!(p.contains("  1   ?   1\n"), "{p}");
        assert!(p.contains("  2 1*?   2\n"), "{p}");
        assert!(p.contains("operation 1: 1 2 2 2\n"), "{p}");
    }
}
