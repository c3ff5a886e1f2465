//! 2., 4. and 7. Colours: renumbered, folded onto fewer, merged and lowered one at a time.

use super::super::sim::run_through;
use super::lines::repair_runs;
use super::{halving, Out, ALL_LOWER_VALUES};
use model::texas::Case;

/// k down to the largest colour used; the colours renumbered densely.
pub(super) fn renumber(case: &Case, out: &mut Out) {
    let colour = &case.board.colour;
    let max = colour.iter().copied().max().unwrap_or(1);
    if max < case.k {
        let mut c = case.clone();
        c.k = max;
        out.push(c);
    }
    // Dense renumbering keeps every equality (and the order) of colours: the game plays the same.
    let used = used_colours(case);
    let dense = |v: u8| used.iter().position(|&u| u == v).map_or(v, |p| p as u8 + 1);
    let mut c = case.clone();
    c.board.colour.iter_mut().for_each(|v| *v = dense(*v));
    c.k = used.len() as u8;
    out.push(c);
}

/// Half, a quarter, ... as many colours: the colours, renumbered densely, folded onto the first t
/// (runs that makes repaired). Merging colours one at a time would take a step, and a pass over
/// every earlier candidate, per colour.
pub(super) fn fold_colours(case: &Case, out: &mut Out) {
    let used = used_colours(case);
    let dense = |v: u8| used.iter().position(|&u| u == v).map_or(v, |p| p as u8 + 1);
    for t in halving(used.len()) {
        let mut c = case.clone();
        let fold = |v: u8| (dense(v) - 1) % t as u8 + 1;
        c.board.colour.iter_mut().for_each(|v| *v = fold(*v));
        if let Some(k) = repair_runs(&mut c.board, t as u8) {
            c.k = k;
            out.push(c);
        }
    }
}

fn used_colours(case: &Case) -> Vec<u8> {
    let mut used: Vec<u8> = case.board.colour.clone();
    used.sort_unstable();
    used.dedup();
    used
}

/// One colour merged into a smaller one; one cell's colour lowered.
pub(super) fn colour_steps(case: &Case, out: &mut Out) {
    let used = used_colours(case);
    for (j, &big) in used.iter().enumerate().rev() {
        for &small in &used[..j] {
            let mut c = case.clone();
            c.board
                .colour
                .iter_mut()
                .filter(|v| **v == big)
                .for_each(|v| *v = small);
            if let Some(k) = repair_runs(&mut c.board, c.k) {
                c.k = k;
                out.push(c);
            }
        }
    }
    let (n, m) = (case.n(), case.m());
    let max = used.last().copied().unwrap_or(1);
    let all_values = n * m * usize::from(max) <= ALL_LOWER_VALUES;
    let mut g = case.board.colour.clone();
    for i in 0..n * m {
        let cur = g[i];
        let mut found = false;
        for v in 1..cur {
            if !all_values && found && v + 1 != cur {
                continue;
            }
            g[i] = v;
            if !run_through(&g, n, m, i / m, i % m) {
                found = true;
                let mut c = case.clone();
                c.board.colour[i] = v;
                out.push(c);
            }
        }
        g[i] = cur;
    }
}
