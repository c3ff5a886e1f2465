//! The parts of a Mayan repro for the explain phase ([`harness::run::explain`]): each block, recoloured
//! to every other colour that leaves the board without a run. The picture lists the columns
//! bottom-up as the input does, `?` for a block whose colour does not matter.

use harness::roles::verdict::{Explanation, Part, Where};
use model::mayan::{Case, COLS, MAX_COLOUR, ROWS};

/// Every block with its variants (only valid cases).
pub fn variants(case: &Case) -> Vec<Part<Case>> {
    let mut parts = Vec::new();
    for x in 0..COLS {
        for y in 0..ROWS {
            let own = case.board.cells[x][y];
            if own == 0 {
                continue;
            }
            let variants = (1..=MAX_COLOUR)
                .filter(|&c| c != own)
                .map(|c| {
                    let mut d = *case;
                    d.board.cells[x][y] = c;
                    d
                })
                .filter(|d| d.validate().is_ok())
                .collect();
            parts.push(Part {
                at: Where::Cell {
                    row: y,
                    col: x,
                    value: "colour".into(),
                },
                label: format!("colour of the block at ({x}, {y})"),
                variants,
            });
        }
    }
    parts
}

/// The columns bottom-up, `?` for a block whose colour does not matter.
pub fn picture(case: &Case, e: &Explanation) -> Option<String> {
    if e.free.is_empty() {
        return None;
    }
    let mut out =
        String::from("the repro (columns bottom-up), ? where any colour fails the same way:\n");
    out.push_str(&format!("  n = {}\n", case.n));
    for x in 0..COLS {
        let blocks: Vec<String> = (0..ROWS)
            .take_while(|&y| case.board.cells[x][y] != 0)
            .map(|y| {
                if e.cell_is_free(y, x, "colour") {
                    "?".to_string()
                } else {
                    case.board.cells[x][y].to_string()
                }
            })
            .collect();
        out.push_str(&format!("  column {x}: {}\n", blocks.join(" ")));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_recolour_one_block_and_stay_valid() {
        let case = Case::parse(b"1\n1 2 0\n2 1 0\n0\n0\n0\n").expect("a case");
        let parts = variants(&case);
        assert_eq!(parts.len(), 4);
        for p in &parts {
            assert!(!p.variants.is_empty());
            for v in &p.variants {
                assert!(v.validate().is_ok());
                assert_ne!(*v, case);
            }
        }
    }
}
