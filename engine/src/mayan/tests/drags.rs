//! Every drag of a settled board against the reference's rules, and the order of the moves.

use super::*;

/// Settled boards of a few colours (so that moves often form runs): each block takes the first
/// colour from a drawn one on that makes no run with the blocks below it and to its left; a
/// column stops early when none fits.
fn settled_board() -> impl Strategy<Value = Packed> {
    (
        2u8..=4,
        proptest::collection::vec(
            (0usize..=ROWS, proptest::collection::vec(0u8..4, ROWS)),
            COLS,
        ),
    )
        .prop_map(|(k, columns)| {
            let mut cells = [[0u8; ROWS]; COLS];
            for (x, (h, draws)) in columns.iter().enumerate() {
                for (y, &draw) in draws.iter().enumerate().take(*h) {
                    let fits = (0..k).map(|i| (draw + i) % k + 1).find(|&c| {
                        let below = y >= 2 && cells[x][y - 1] == c && cells[x][y - 2] == c;
                        let beside = x >= 2 && cells[x - 1][y] == c && cells[x - 2][y] == c;
                        !below && !beside
                    });
                    match fits {
                        Some(c) => cells[x][y] = c,
                        None => break,
                    }
                }
            }
            let columns: Vec<Vec<u8>> = cells
                .iter()
                .map(|col| col.iter().copied().take_while(|&c| c != 0).collect())
                .collect();
            let board = Board::from_columns(&columns).unwrap();
            assert!(board.find_run().is_none());
            Packed::from_case(&Case { n: 1, board })
        })
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Every drag of a settled board, left swaps included: the local look for runs agrees with
    /// the full settle (checked inside `play`), the colour counts follow the removals, and the
    /// board is the reference's.
    #[test]
    fn every_drag_matches_the_reference(b in settled_board()) {
        let board = to_board(&b);
        for x in 0..COLS {
            for y in 0..height(b.0[x]) {
                for t in [x.wrapping_sub(1), x + 1] {
                    if t >= COLS {
                        continue;
                    }
                    let (next, removed) = play(&b, x, y, t);
                    let g = if t > x { 1 } else { -1 };
                    let want = reference::mayan::play(&board, Move::new(x, y, g)).unwrap();
                    prop_assert_eq!(to_board(&next), want.board, "({}, {}, {})", x, y, g);
                    prop_assert_eq!(removed, want.removed > 0);
                }
            }
        }
    }

    /// The packed moves visit the statement's order, left swaps left out.
    #[test]
    fn moves_come_in_order(b in settled_board()) {
        let mut seen = Vec::new();
        each_move(&b, 0, |x, y, t, _, _| {
            seen.push(move_to(x, y, t));
            false
        });
        let board = to_board(&b);
        let want: Vec<Move> = reference::mayan::legal_moves(&board)
            .into_iter()
            .filter(|m| {
                let (x, y) = (usize::from(m.x), usize::from(m.y));
                !(m.g == -1 && y < board.height(x - 1))
            })
            .collect();
        prop_assert_eq!(seen, want);
    }
}
