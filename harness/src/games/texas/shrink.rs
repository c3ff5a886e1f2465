//! Smaller variants of a Texas case for the shrinker, every one of them valid, the most aggressive
//! first: fewer operations, fewer rows and columns, no specials, fewer and smaller colours.

use model::texas::{Board, Case, Op, Pos};

pub fn candidates(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    let q = case.ops.len();
    // Fewer operations: keep a prefix, then drop chunks of halving size.
    let mut keep = q / 2;
    while keep >= 1 {
        out.push(with_ops(case, case.ops[..keep].to_vec()));
        keep /= 2;
    }
    let mut chunk = q / 2;
    while chunk >= 1 {
        let mut start = 0;
        while start < q {
            let end = (start + chunk).min(q);
            if end - start < q {
                let mut ops = case.ops[..start].to_vec();
                ops.extend_from_slice(&case.ops[end..]);
                out.push(with_ops(case, ops));
            }
            start += chunk;
        }
        chunk /= 2;
    }
    // Fewer rows and columns: halves first, then single lines.
    let (n, m) = (case.n(), case.m());
    for (lo, hi) in [(0, n / 2), (n / 2, n)] {
        if hi > lo && hi - lo < n {
            out.extend(keep_rows(case, lo, hi));
        }
    }
    for (lo, hi) in [(0, m / 2), (m / 2, m)] {
        if hi > lo && hi - lo < m {
            out.extend(keep_cols(case, lo, hi));
        }
    }
    for r in 0..n {
        if n > 1 {
            out.extend(drop_line(case, Some(r), None));
        }
    }
    for c in 0..m {
        if m > 1 {
            out.extend(drop_line(case, None, Some(c)));
        }
    }
    // No specials, then one special fewer, then simpler specials.
    if case.board.special.iter().any(|&s| s != 0) {
        let mut c = case.clone();
        c.board.special.iter_mut().for_each(|s| *s = 0);
        out.push(c);
        for i in 0..n * m {
            let s = case.board.special[i];
            if s != 0 {
                let mut c = case.clone();
                c.board.special[i] = 0;
                out.push(c);
                // 3 is 1 + 2, 5 is a bigger 4: try the smaller effect.
                let simpler: &[u8] = match s {
                    3 => &[1, 2],
                    5 => &[4],
                    _ => &[],
                };
                for &t in simpler {
                    let mut c = case.clone();
                    c.board.special[i] = t;
                    out.push(c);
                }
            }
        }
    }
    // Fewer and smaller colours: k down to the largest colour used, then merge a colour into a
    // smaller one, then swap an operation's cells (a before b) is left alone: it changes main colours.
    let max = case.board.colour.iter().copied().max().unwrap_or(1);
    if max < case.k {
        let mut c = case.clone();
        c.k = max;
        out.push(c);
    }
    let mut used: Vec<u8> = case.board.colour.clone();
    used.sort_unstable();
    used.dedup();
    for (j, &big) in used.iter().enumerate().rev() {
        for &small in &used[..j] {
            let mut c = case.clone();
            c.board
                .colour
                .iter_mut()
                .filter(|v| **v == big)
                .for_each(|v| *v = small);
            out.push(c);
        }
        if big > 1 && !used.contains(&(big - 1)) {
            let mut c = case.clone();
            c.board
                .colour
                .iter_mut()
                .filter(|v| **v == big)
                .for_each(|v| *v = big - 1);
            out.push(c);
        }
    }
    out.retain(|c| c.validate().is_ok());
    out
}

fn with_ops(case: &Case, ops: Vec<Op>) -> Case {
    Case {
        k: case.k,
        board: case.board.clone(),
        ops,
    }
}

/// The sub-board of rows/columns for which `keep_row`/`keep_col` hold, with operations remapped;
/// operations touching a removed cell are dropped. `None` when no operation survives.
fn sub_board(
    case: &Case,
    keep_row: impl Fn(usize) -> bool,
    keep_col: impl Fn(usize) -> bool,
) -> Option<Case> {
    let rows: Vec<usize> = (0..case.n()).filter(|&r| keep_row(r)).collect();
    let cols: Vec<usize> = (0..case.m()).filter(|&c| keep_col(c)).collect();
    if rows.is_empty() || cols.is_empty() {
        return None;
    }
    let mut board = Board::empty(rows.len(), cols.len());
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            let to = i * cols.len() + j;
            board.colour[to] = case.board.colour_at(r, c);
            board.special[to] = case.board.special_at(r, c);
        }
    }
    let map = |p: Pos| -> Option<Pos> {
        let i = rows.iter().position(|&r| r == p.r())?;
        let j = cols.iter().position(|&c| c == p.c())?;
        Some(Pos::new(i, j))
    };
    let ops: Vec<Op> = case
        .ops
        .iter()
        .filter_map(|op| {
            Some(Op {
                a: map(op.a)?,
                b: map(op.b)?,
            })
        })
        .collect();
    if ops.is_empty() {
        return None;
    }
    // Cutting a line out can bring equal colours together into a run; recolour instead of giving up,
    // or the shrinker gets stuck on boards where every cut makes a run.
    if !repair_runs(&mut board, case.k) {
        return None;
    }
    Some(Case {
        k: case.k,
        board,
        ops,
    })
}

/// Recolours cells until the board has no run: the third cell of each run found gets the smallest
/// colour in 1..=k that makes no run through it. False when some run cannot be broken that way.
fn repair_runs(board: &mut Board, k: u8) -> bool {
    for _ in 0..board.n * board.m {
        let Some((start, horizontal)) = board.find_run() else {
            return true;
        };
        let (r, c) = if horizontal {
            (start.r(), start.c() + 2)
        } else {
            (start.r() + 2, start.c())
        };
        let i = board.idx(r, c);
        let old = board.colour[i];
        let fix = (1..=k).find(|&v| {
            board.colour[i] = v;
            v != old && !super::gen::run_through(&board.colour, board.n, board.m, r, c)
        });
        match fix {
            Some(v) => board.colour[i] = v,
            None => {
                board.colour[i] = old;
                return false;
            }
        }
    }
    board.find_run().is_none()
}

fn keep_rows(case: &Case, lo: usize, hi: usize) -> Option<Case> {
    sub_board(case, |r| (lo..hi).contains(&r), |_| true)
}

fn keep_cols(case: &Case, lo: usize, hi: usize) -> Option<Case> {
    sub_board(case, |_| true, |c| (lo..hi).contains(&c))
}

fn drop_line(case: &Case, row: Option<usize>, col: Option<usize>) -> Option<Case> {
    sub_board(case, |r| Some(r) != row, |c| Some(c) != col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::Texas;

    #[test]
    fn candidates_are_valid_and_lighter() {
        for seed in 0..60 {
            let case = Texas::generate(Texas::profile("small").expect("profile"), seed);
            let w = Texas::weight(&case);
            for c in candidates(&case) {
                c.validate().unwrap();
                assert!(
                    Texas::weight(&c) < w,
                    "candidate not lighter:\n{}\nfrom\n{}",
                    c.write(),
                    case.write()
                );
            }
        }
    }

    #[test]
    fn a_cut_that_makes_a_run_is_repaired() {
        // Dropping the middle row brings the two 1s of column 1 next to the 1 below them.
        let case =
            Case::parse(b"4 2 2 1\n1 2\n2 1\n1 2\n1 1\n0 0\n0 0\n0 0\n0 0\n1 1 1 2\n").unwrap();
        let smaller = drop_line(&case, Some(1), None).unwrap();
        smaller.validate().unwrap();
        assert_eq!(smaller.n(), 3);
        assert!(smaller.board.colour.iter().all(|&v| (1..=2).contains(&v)));
        assert_ne!(
            smaller.board.colour,
            vec![1, 2, 1, 2, 1, 1],
            "the run was left in place"
        );
    }

    #[test]
    fn dropping_a_row_remaps_operations() {
        let case =
            Case::parse(b"3 3 3 2\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n3 1 3 2\n1 1 2 1\n")
                .unwrap();
        let smaller = drop_line(&case, Some(1), None).unwrap();
        assert_eq!(smaller.n(), 2);
        assert_eq!(smaller.board.colour, vec![1, 2, 3, 3, 1, 2]);
        // The second operation touched row 2 and is gone; the first moved up a row.
        assert_eq!(
            smaller.ops,
            vec![Op {
                a: Pos::new(1, 0),
                b: Pos::new(1, 1)
            }]
        );
    }
}
