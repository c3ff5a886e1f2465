//! Smaller Mayan puzzles for the shrinker: columns emptied, fewer moves, single blocks removed,
//! fewer and smaller colours; only valid boards (no run) are kept.

use super::gen::valid_board;
use model::mayan::{Case, COLS};

pub(super) fn candidates(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    let board = &case.board;
    let columns = board.columns();
    // Empty a whole column.
    for x in 0..COLS {
        if !columns[x].is_empty() {
            let mut c = columns.clone();
            c[x].clear();
            push_valid(&mut out, case.n, &c);
        }
    }
    // Fewer moves.
    if case.n > 1 {
        push_valid(&mut out, case.n - 1, &columns);
    }
    // Remove one block (the blocks above fall).
    for x in 0..COLS {
        for y in (0..columns[x].len()).rev() {
            let mut c = columns.clone();
            c[x].remove(y);
            push_valid(&mut out, case.n, &c);
        }
    }
    // Fewer colours: paint every block of one colour with another colour on the board.
    let present = board.colours();
    for &from in present.iter().rev() {
        for &to in &present {
            if to != from {
                push_valid(&mut out, case.n, &recolour(&columns, from, to));
            }
        }
    }
    // Smaller colour numbers: rename a colour to the smallest unused one below it.
    for &from in &present {
        if let Some(to) = (1..from).find(|c| !present.contains(c)) {
            push_valid(&mut out, case.n, &recolour(&columns, from, to));
        }
    }
    out
}

fn recolour(columns: &[Vec<u8>], from: u8, to: u8) -> Vec<Vec<u8>> {
    columns
        .iter()
        .map(|col| {
            col.iter()
                .map(|&c| if c == from { to } else { c })
                .collect()
        })
        .collect()
}

/// Adds the case (n, columns) when it is valid.
fn push_valid(out: &mut Vec<Case>, n: usize, columns: &[Vec<u8>]) {
    if let Some(board) = valid_board(columns) {
        out.push(Case { n, board });
    }
}
