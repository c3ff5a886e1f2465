//! The parts of a NoGo repro for the explain phase ([`harness::run::explain`]): each point of the board,
//! varied to the other two values (black, white, empty) that leave every group a liberty. The
//! picture shows a point that does not matter as `?`.

use harness::roles::verdict::{Explanation, Part, Where};
use model::nogo::{Board, Colour};

/// Every point with its variants (only valid boards).
pub fn variants(case: &Board) -> Vec<Part<Board>> {
    let n = case.n;
    let mut parts = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let own = case.get(r, c);
            let variants = [None, Some(Colour::Black), Some(Colour::White)]
                .into_iter()
                .filter(|&p| p != own)
                .map(|p| {
                    let mut b = case.clone();
                    b.set(r, c, p);
                    b
                })
                .filter(|b| b.validate().is_ok())
                .collect();
            parts.push(Part {
                at: Where::Cell {
                    row: r,
                    col: c,
                    value: "point".into(),
                },
                label: format!("point ({} {})", r + 1, c + 1),
                variants,
            });
        }
    }
    parts
}

/// The board in the input format, `?` for the points that do not matter.
pub fn picture(case: &Board, e: &Explanation) -> Option<String> {
    if e.free.is_empty() {
        return None;
    }
    let mut out = String::from("the repro, ? where any point fails the same way:\n");
    for r in 0..case.n {
        out.push_str("  ");
        for c in 0..case.n {
            out.push(if e.cell_is_free(r, c, "point") {
                '?'
            } else {
                match case.get(r, c) {
                    None => '.',
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                }
            });
        }
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_valid_boards_that_differ_in_one_point() {
        let b = Board::parse(b"3\nX.O\n...\nO.X\n").expect("a board");
        let parts = variants(&b);
        assert_eq!(parts.len(), 9);
        for p in &parts {
            let Where::Cell { row, col, .. } = p.at else {
                panic!("a point")
            };
            for v in &p.variants {
                assert!(v.validate().is_ok());
                assert_ne!(v.get(row, col), b.get(row, col));
                let mut same = v.clone();
                same.set(row, col, b.get(row, col));
                assert_eq!(same, b);
            }
        }
        // The corner X at (1 1) keeps its liberties as O or empty.
        assert_eq!(parts[0].variants.len(), 2);
    }
}
