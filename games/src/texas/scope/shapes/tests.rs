//! Tests of Texas's `shapes:` scopes: the count of shapes against a brute force over bit masks,
//! every case valid and round-tripping, round 2 matching exactly its shape in its colour (the
//! reference's trace), the engines agreeing, and bad expressions.

use super::*;
use crate::texas::Texas;
use harness::roles::Bounded;
use model::texas::Cells;
use std::collections::HashSet;

fn shapes(text: &str) -> Shapes {
    let e = Expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    parse(e, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The shapes of `size` cells found apart from the scope: every subset of every h x w box that
/// fills the box's first and last rows and columns, 4-connected, each cell in a segment of three.
fn brute_count(size: usize) -> usize {
    let mut count = 0;
    for h in 1..=size {
        for w in 1..=size {
            if h * w < size || h + w > size + 1 {
                continue;
            }
            let at = |mask: u32, r: isize, c: isize| {
                (0..h as isize).contains(&r)
                    && (0..w as isize).contains(&c)
                    && mask >> (r as usize * w + c as usize) & 1 == 1
            };
            for mask in 0u32..1 << (h * w) {
                if mask.count_ones() as usize != size {
                    continue;
                }
                let row_full = |r: usize| (0..w).any(|c| at(mask, r as isize, c as isize));
                let col_full = |c: usize| (0..h).any(|r| at(mask, r as isize, c as isize));
                if !(row_full(0) && row_full(h - 1) && col_full(0) && col_full(w - 1)) {
                    continue;
                }
                let in_segment = |r: isize, c: isize| {
                    let along = |dr: isize, dc: isize| {
                        (-2..=0).any(|s| (s..s + 3).all(|k| at(mask, r + k * dr, c + k * dc)))
                    };
                    along(0, 1) || along(1, 0)
                };
                let cells: Vec<(isize, isize)> = (0..h * w)
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| ((i / w) as isize, (i % w) as isize))
                    .collect();
                if cells.iter().all(|&(r, c)| in_segment(r, c)) && connected(&cells) {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Whether the cells are 4-connected (a flood from the first).
fn connected(cells: &[(isize, isize)]) -> bool {
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        let (r, c) = seen[i];
        for next in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if cells.contains(&next) && !seen.contains(&next) {
                seen.push(next);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

#[test]
fn every_shape_of_each_size_once() {
    let mut total = 0;
    for size in 3..=8 {
        let s = shapes(&format!("shapes: size={size}"));
        let want = brute_count(size);
        assert_eq!(s.len() as usize, want, "size {size}");
        total += want;
        let distinct: HashSet<&Vec<plan::Cell>> = s.shapes.iter().map(|(s, _)| &s.cells).collect();
        assert_eq!(distinct.len(), want, "size {size}: a shape twice");
    }
    assert_eq!(shapes("shapes: size=3..8").len() as usize, total);
    // Two colours double every block; sizes 3 and 4 hold only the straight lines.
    let two = shapes("shapes: size=3..4, colour=3,64");
    assert_eq!((two.len(), brute_count(3) + brute_count(4)), (8, 4));
}

/// The set of cells moved to the top left, sorted.
fn normal(cells: &Cells) -> Vec<plan::Cell> {
    let all: Vec<Pos> = cells.iter().collect();
    let r0 = all.iter().map(|p| p.r()).min().unwrap_or(0);
    let c0 = all.iter().map(|p| p.c()).min().unwrap_or(0);
    all.iter()
        .map(|p| ((p.r() - r0) as u8, (p.c() - c0) as u8))
        .collect()
}

/// The board after round 1 of the first operation: the swap made, `removed` gone, columns fallen.
fn after_round_one(case: &Case, removed: &Cells) -> Board {
    let mut b = case.board.clone();
    let (a, o) = (case.ops[0].a, case.ops[0].b);
    let (i, j) = (b.idx(a.r(), a.c()), b.idx(o.r(), o.c()));
    b.colour.swap(i, j);
    let mut out = Board::empty(b.n, b.m);
    for c in 0..b.m {
        let mut at = b.n;
        for r in (0..b.n).rev() {
            if !removed.contains(Pos::new(r, c)) {
                at -= 1;
                out.colour[at * b.m + c] = b.colour[r * b.m + c];
            }
        }
    }
    out
}

#[test]
fn every_case_is_valid_and_round_two_matches_exactly_its_shape() {
    let text = "shapes: size=3..7, colour=1,3,64,100";
    let s = shapes(text);
    let mut turning = 0;
    for i in 0..s.len() {
        let case = s.case(i).unwrap_or_else(|| panic!("index {i} skipped"));
        assert!(case.validate().is_ok(), "#{i}: {:?}", case.validate());
        assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case, "#{i}");
        let ((shape, _), c) = s.at(i).unwrap();
        let out = reference::texas::outcome(&case);
        let op = &out.ops[0];
        assert!(op.invalid.is_none(), "#{i}: {:?}", op.invalid);
        assert_eq!(op.main.len(), 1, "#{i}");
        assert!(op.rounds.len() >= 2, "#{i}: one round");
        assert_eq!(op.rounds[0].matched.count(), 3, "#{i}");
        let round2 = &op.rounds[1].matched;
        assert_eq!(normal(round2), shape.cells, "#{i}");
        let board = after_round_one(&case, &op.rounds[0].removed);
        assert!(
            round2.iter().all(|p| board.colour_at(p.r(), p.c()) == c),
            "#{i}"
        );
        assert_eq!(
            board.colour.iter().filter(|&&x| x == c).count(),
            shape.cells.len()
        );
        // Two cells of one column with a gap between them: no swap alone makes such a shape.
        turning += usize::from(shape.cells.iter().any(|&(r, col)| {
            shape
                .cells
                .iter()
                .any(|&(r2, c2)| c2 == col && r2 > r + 1 && !shape.cells.contains(&(r + 1, col)))
        }));
    }
    assert!(turning > 0, "no shape holds two segments of one column");
    assert!(s.case(s.len()).is_none());
}

#[test]
fn the_named_shape_scopes_agree_and_reach_big_combos() {
    for named in super::super::NAMED
        .iter()
        .filter(|n| n.expr.starts_with("shapes:"))
    {
        let s = Texas::scope(named.name).unwrap();
        let out = harness::proof::sample::sample::<Texas>(&*s, 0..s.len());
        assert!(out.failure.is_none(), "{}: {:?}", named.name, out.failure);
        assert_eq!(out.checked, s.len(), "{}", named.name);
        for key in [
            "combo of 6+ (450+)",
            "chain of 2 rounds",
            "special 6 (colour)",
        ] {
            assert!(out.reached.contains(key), "{}: {key}", named.name);
        }
        for (key, why) in s.unreachable() {
            assert!(!out.reached.contains(key), "{}: {key}: {why}", named.name);
        }
    }
}

#[test]
fn canonical_forms_round_trip() {
    for text in ["shapes", "shapes: colour=100,3,64, size=5..6"] {
        let s = Texas::scope(text).unwrap();
        let again = Texas::scope(&s.canonical()).unwrap();
        assert_eq!((again.canonical(), again.len()), (s.canonical(), s.len()));
        for i in 0..s.len() {
            assert_eq!(again.case(i), s.case(i));
        }
    }
    assert_eq!(
        shapes("shapes: colour=64,3").canonical(),
        "shapes:size=3..7,colour=3,64"
    );
}

#[test]
fn bad_expressions_name_the_token() {
    let err = |t: &str| Texas::scope(t).err().unwrap();
    for (text, token, why) in [
        ("shapes: size=2..7", "size=2..7", "3..=8"),
        ("shapes: size<=9", "size<=9", "3..=8"),
        ("shapes: colour=0", "colour=0", "1..=100"),
        ("shapes: colour=3,101", "colour=3,101", "1..=100"),
        ("shapes: colour=3,3", "colour=3,3", "twice"),
        ("shapes: size=3, k=2", "k=2", "size, colour"),
        ("shape: size=3", "shape:", "shapes"),
    ] {
        let e = err(text);
        assert_eq!(e.token, token, "{text}: {e}");
        assert!(e.why.contains(why), "{text}: {e}");
    }
}
