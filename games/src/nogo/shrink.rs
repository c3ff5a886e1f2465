//! Smaller NoGo boards for the shrinker: quarter boards, a row and a column cut out, stones
//! cleared (clearing a stone only adds liberties, so every candidate stays valid).

use super::gen::repair;
use model::nogo::{Board, Colour};

pub(super) fn candidates(case: &Board) -> Vec<Board> {
    let n = case.n;
    let mut out = Vec::new();
    let crop = |keep_row: &dyn Fn(usize) -> bool, keep_col: &dyn Fn(usize) -> bool| {
        let rows: Vec<usize> = (0..n).filter(|&r| keep_row(r)).collect();
        let cols: Vec<usize> = (0..n).filter(|&c| keep_col(c)).collect();
        let mut b = Board::empty(rows.len());
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in cols.iter().enumerate() {
                b.set(i, j, case.get(r, c));
            }
        }
        repair(&mut b);
        b
    };
    if n > 1 {
        // Quarter boards first, then one row and one column cut anywhere.
        let h = n / 2;
        for (r0, c0) in [(0, 0), (0, n - h), (n - h, 0), (n - h, n - h)] {
            out.push(crop(&|r| (r0..r0 + h).contains(&r), &|c| {
                (c0..c0 + h).contains(&c)
            }));
        }
        for r in 0..n {
            for c in 0..n {
                out.push(crop(&|x| x != r, &|y| y != c));
            }
        }
    }
    // Clearing stones keeps a board valid: it only adds liberties.
    let stones = case.stones();
    if stones > 0 {
        out.push(Board::empty(n));
        for colour in [Colour::Black, Colour::White] {
            let mut b = case.clone();
            for p in &mut b.cells {
                if *p == Some(colour) {
                    *p = None;
                }
            }
            if b.stones() < stones {
                out.push(b);
            }
        }
        for r in 0..n {
            let mut b = case.clone();
            for c in 0..n {
                b.set(r, c, None);
            }
            if b.stones() < stones {
                out.push(b);
            }
        }
        for i in 0..n * n {
            if case.cells[i].is_some() {
                let mut b = case.clone();
                b.cells[i] = None;
                out.push(b);
            }
        }
    }
    out
}
