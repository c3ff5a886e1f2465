//! The NoGo engine's unit tests: legality by hand, the resume pointers and `try_play` against
//! plain play-outs, the pseudo-liberty counts against a slow recount, and whole play-outs.

use super::*;
use model::nogo::parse_moves;
use proptest::prelude::*;

fn board(text: &str) -> Board {
    Board::parse(text.as_bytes()).unwrap()
}

fn legal(b: &Board, colour: Colour, r: usize, c: usize) -> bool {
    let mut pos = Position::from_board(b);
    let p = pos.index(Move::new(r, c));
    pos.cell[p] == EMPTY && pos.legal(stone_of(colour), p)
}

/// Liberties counted the slow way, to test the pseudo-liberty bookkeeping.
fn recount(pos: &mut Position) {
    let mut want = vec![0u32; pos.cell.len()];
    for p in pos.interior() {
        if pos.cell[p] == BLACK || pos.cell[p] == WHITE {
            let pairs = pos
                .neighbours(p)
                .iter()
                .filter(|&&q| pos.cell[q] == EMPTY)
                .count();
            want[pos.find(p)] += pairs as u32;
        }
    }
    for p in pos.interior() {
        if pos.cell[p] == BLACK || pos.cell[p] == WHITE {
            let root = pos.find(p);
            assert_eq!(pos.plib(root), want[root], "group of {}", pos.point(p));
            for q in pos.neighbours(p) {
                if pos.cell[q] == pos.cell[p] {
                    assert_eq!(pos.find(q), root, "neighbours of one colour share a group");
                }
            }
        }
    }
}

const X: Colour = Colour::Black;
const O: Colour = Colour::White;

#[test]
fn points_from_indices() {
    for n in [1, 2, 3, 7, 100, 1000, 1021, 1022, 1023, 1200] {
        let pos = Position::from_board(&Board::empty(n));
        for r in [0, 1, n / 2, n - 1] {
            for c in [0, 1, n / 3, n - 1] {
                let m = Move::new(r, c);
                assert_eq!(pos.point(pos.index(m)), m, "{n}: {m}");
            }
        }
    }
}

#[test]
fn legality_by_hand() {
    let b = board("3\n.O.\nO..\n...\n");
    assert!(!legal(&b, X, 0, 0), "suicide");
    assert!(legal(&b, O, 0, 0), "joins groups with liberties");
    assert!(legal(&b, X, 0, 2));
    assert!(!legal(&b, X, 0, 1), "occupied");
    let b = board("3\nOX.\n...\n...\n");
    assert!(!legal(&b, X, 1, 0), "fills the last liberty of O");
    assert!(legal(&b, O, 1, 0));
    let b = board("2\nO.\nOO\n");
    assert!(!legal(&b, X, 0, 1));
    assert!(!legal(&b, O, 0, 1));
    let b = board("3\nX.X\nOOO\n...\n");
    assert!(!legal(&b, X, 0, 1), "the joined group has no liberty");
    let b = board("3\nX.X\nO.O\n...\n");
    assert!(legal(&b, X, 0, 1), "joining through a point with a liberty");
    assert!(!legal(&b, O, 0, 1));
    // One group touching p twice: the O group {(1,2),(2,2),(2,1)} touches (1,1) from two sides.
    let b = board("3\n.O.\nOO.\n...\n");
    assert!(legal(&b, O, 0, 0));
    assert!(!legal(&b, X, 0, 0));
    let b = board("3\n.OX\nOOX\nXX.\n");
    assert!(!legal(&b, X, 0, 0), "the O group's last liberty");
    assert!(
        !legal(&b, O, 0, 0),
        "the O group would fill its own last liberty"
    );
    let b = board("4\n.XO.\nXO..\n....\n....\n");
    assert!(legal(&b, X, 0, 0));
    assert!(!legal(&b, O, 0, 0));
}

/// The play-out without resume pointers: every scan from the top-left point.
fn playout_rescanning(board: &Board) -> Vec<Move> {
    let mut pos = Position::from_board(board);
    let mut out = Vec::new();
    let start = pos.w + 1;
    while let Some(p) = pos.first_legal_from(stone_of(Colour::to_play(out.len())), start) {
        pos.play(stone_of(Colour::to_play(out.len())), p);
        out.push(pos.point(p));
    }
    out
}

fn arb_board(max_n: usize) -> impl Strategy<Value = Board> {
    (1..=max_n)
        .prop_flat_map(|n| (Just(n), prop::collection::vec(0u8..3, n * n)))
        .prop_map(|(n, raw)| {
            let mut b = Board::empty(n);
            for (cell, v) in b.cells.iter_mut().zip(raw) {
                *cell = [None, Some(X), Some(O)][usize::from(v)];
            }
            // Clear the first stone of each group without liberty until none is left.
            while let Some((r, c)) = b.dead_group() {
                b.set(r, c, None);
            }
            b
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn resume_pointers_change_nothing(b in arb_board(9)) {
        let out = playout(&b);
        prop_assert_eq!(&out, &playout_rescanning(&b));
        prop_assert_eq!(check(&b, &out), Verdict::Ok);
    }

    /// Playing through `try_play` is the legality test followed by the plain move.
    #[test]
    fn try_play_is_legal_then_play(
        b in arb_board(8),
        picks in prop::collection::vec(0usize..64, 0..40),
    ) {
        let mut pos = Position::from_board(&b);
        for (i, pick) in picks.into_iter().enumerate() {
            let empty: Vec<usize> = pos.interior().filter(|&p| pos.cell[p] == EMPTY).collect();
            if empty.is_empty() {
                break;
            }
            let (stone, p) = ([BLACK, WHITE][i % 2], empty[pick % empty.len()]);
            let mut want = pos.clone();
            let legal = want.legal(stone, p);
            if legal {
                want.play(stone, p);
            }
            prop_assert_eq!(pos.try_play(stone, p), legal);
            prop_assert_eq!(&pos.cell, &want.cell);
            for q in pos.interior() {
                if pos.cell[q] == BLACK || pos.cell[q] == WHITE {
                    let (a, b) = (pos.find(q), want.find(q));
                    prop_assert_eq!(pos.plib(a), want.plib(b));
                }
            }
            recount(&mut pos);
        }
    }

    #[test]
    fn pseudo_liberties_stay_exact(b in arb_board(8), picks in prop::collection::vec(0usize..64, 0..40)) {
        let mut pos = Position::from_board(&b);
        recount(&mut pos);
        for (i, pick) in picks.into_iter().enumerate() {
            let empty: Vec<usize> = pos.interior().filter(|&p| pos.cell[p] == EMPTY).collect();
            if empty.is_empty() {
                break;
            }
            // Illegal moves too: the bookkeeping must not care.
            pos.play([BLACK, WHITE][i % 2], empty[pick % empty.len()]);
            recount(&mut pos);
        }
    }
}

#[test]
fn a_medium_empty_board_plays_out_and_checks_ok() {
    let b = Board::empty(120);
    let out = playout(&b);
    assert!(out.len() > 120 * 120 / 2, "{} moves", out.len());
    assert_eq!(check(&b, &out), Verdict::Ok);
    let cut = out.len() - 1;
    assert!(matches!(
        check(&b, &out[..cut]),
        Verdict::NotOver { at, .. } if at == out[cut]
    ));
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn the_1000x1000_play_out_checks_ok() {
    let b = Board::empty(1000);
    let out = playout(&b);
    assert!(out.len() > 500_000, "{} moves", out.len());
    assert_eq!(check(&b, &out), Verdict::Ok);
    let text = model::nogo::write_moves(&out);
    assert_eq!(parse_moves(text.as_bytes()).unwrap(), out);
}
