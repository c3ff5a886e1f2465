//! The solver's unit tests: the board operations against the reference's rules, the column-step
//! table, and answers.
//!
//! The column-step table and the spread bound are tested in `spread`, every drag against the
//! reference's rules in `drags`.

mod drags;
mod spread;

use super::board::*;
use super::spread::*;
use super::*;
use model::mayan::Board;

fn case(n: usize, columns: &[&[u8]]) -> Case {
    let case = Case {
        n,
        board: Board::from_columns(columns).unwrap(),
    };
    case.validate().unwrap();
    case
}

fn moves(list: &[(usize, usize, i8)]) -> Option<Vec<Move>> {
    Some(list.iter().map(|&(x, y, g)| Move::new(x, y, g)).collect())
}

fn packed(columns: &[&[u8]]) -> Packed {
    Packed::from_case(&Case {
        n: 1,
        board: Board::from_columns(columns).unwrap(),
    })
}

/// Drags and settles: the board after the move, and whether anything was removed.
fn play(b: &Packed, x: usize, y: usize, t: usize) -> (Packed, bool) {
    let (mut next, run) = b.drag(x, y, t);
    let mut spreads = next.spreads();
    let removed = next.settle(&mut spreads);
    assert_eq!(
        run, removed,
        "the local look and the settle disagree at ({x}, {y}) -> {t}"
    );
    assert_eq!(spreads, next.spreads(), "spreads after ({x}, {y}) -> {t}");
    (next, removed)
}

fn to_board(b: &Packed) -> Board {
    let columns: Vec<Vec<u8>> =
        b.0.iter()
            .map(|&c| (0..height(c)).map(|y| cell(c, y) as u8).collect())
            .collect();
    Board::from_columns(&columns).unwrap()
}

/// What the spread bound says a board needs with `left` moves to go.
fn needs(b: &Packed, left: usize) -> Option<u16> {
    Spread::needs(&Spread::steps_of(&b.spreads()), left)
}

#[test]
fn column_helpers() {
    let col = 0x0000_4321;
    assert_eq!(height(col), 4);
    assert_eq!(height(0), 0);
    assert_eq!(height(0x0a00_0000 | 0x00ff_ffff), 7);
    assert_eq!(cell(col, 2), 3);
    assert_eq!(take_out(col, 1), 0x0000_0431);
    assert_eq!(take_out(col, 3), 0x0000_0321);
    assert_eq!(take_out(0x0a98_7654, 6), 0x0098_7654);
    let mut spreads = [0; 16];
    spreads[1] = 0o1000;
    spreads[3] = 0o1000;
    spreads[2] = 0o3000;
    spreads[4] = 0o5000;
    // Column 3: rows 0 and 2 (colours 1 and 3) go.
    assert_eq!(
        remove_marked(col, 0x0000_0808, 3, &mut spreads),
        0x0000_0042
    );
    assert_eq!(spreads[..5], [0, 0, 0o3000, 0, 0o5000]);
    assert_eq!(
        remove_marked(0x0000_4242, 0x0000_0088, 3, &mut spreads),
        0x0000_0042
    );
    assert_eq!(spreads[..5], [0, 0, 0o2000, 0, 0o4000]);
    assert_eq!(nonzero(0x0000_0a01), 0x0000_0808);
    assert_eq!(nonzero(0x0fff_ffff), FLAGS);
    assert_eq!(nonzero(0x0808_0107), 0x0808_0808);
    assert_eq!(same(0x0000_0321, 0x0000_0331) & 0x888, 0x808);
    assert_eq!(holds(0x0000_5353, 5), 0x0000_8080);
    assert!(vertical_run(0x0000_7772));
    assert!(!vertical_run(0x0000_7727));
    assert!(vertical_run_of(0x0000_8882, 8));
    assert!(!vertical_run_of(0x0000_8882, 2));
}

#[test]
fn the_sample() {
    let c = Case::parse(b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
    assert_eq!(solve(&c), moves(&[(2, 1, 1), (3, 1, 1), (3, 0, 1)]));
}

#[test]
fn swap_drop_fall_and_cascade() {
    // Swap.
    let b = packed(&[&[1, 2], &[2, 1], &[], &[], &[]]);
    assert_eq!(
        play(&b, 0, 1, 1),
        (packed(&[&[1, 1], &[2, 2], &[], &[], &[]]), false)
    );
    // Drop: the blocks above fall, the dragged block rests on column 1.
    let b = packed(&[&[1, 2, 3], &[4], &[], &[], &[]]);
    assert_eq!(
        play(&b, 0, 1, 1),
        (packed(&[&[1, 3], &[4, 2], &[], &[], &[]]), false)
    );
    // A horizontal and a vertical run sharing a block: one wave.
    let b = packed(&[&[1], &[1], &[2, 1, 1], &[1], &[]]);
    assert_eq!(
        play(&b, 2, 0, 3),
        (packed(&[&[], &[], &[], &[2], &[]]), true)
    );
    // Two waves.
    let b = packed(&[&[], &[5, 6, 4], &[4, 4, 7, 5], &[5], &[]]);
    assert_eq!(
        play(&b, 1, 2, 2),
        (packed(&[&[], &[6, 7], &[], &[], &[]]), true)
    );
    // A full column of seven stays within its 28 bits.
    let b = packed(&[&[1, 2, 1, 2, 1, 2, 1], &[2], &[], &[], &[]]);
    let (after, _) = play(&b, 1, 0, 0);
    assert_eq!(
        after,
        packed(&[&[2, 2, 1, 2, 1, 2, 1], &[1], &[], &[], &[]])
    );
}

#[test]
fn lonely_colours_are_seen() {
    let lonely = |columns: &[&[u8]]| needs(&packed(columns), 5).is_none();
    assert!(lonely(&[&[1], &[2], &[1], &[2], &[1]]));
    assert!(!lonely(&[&[1], &[2], &[1], &[2], &[1, 2]]));
    assert!(!lonely(&[&[], &[], &[], &[], &[]]));
    assert!(lonely(&[&[10, 9, 10], &[9, 10], &[], &[], &[]]));
    assert!(!lonely(&[&[10, 9, 10], &[9, 10], &[9], &[], &[]]));
}

#[test]
fn an_early_clear_needs_a_stall_move() {
    let b: &[&[u8]] = &[&[1], &[1], &[], &[1], &[]];
    assert_eq!(solve(&case(1, b)), moves(&[(3, 0, -1)]));
    // The stall (a swap of two equal blocks) comes first; without it the answer would be
    // 1 0 1, 0 0 1.
    assert_eq!(solve(&case(2, b)), moves(&[(0, 0, 1), (3, 0, -1)]));
    assert_eq!(
        solve(&case(3, b)),
        moves(&[(0, 0, 1), (0, 0, 1), (3, 0, -1)])
    );
    let b: &[&[u8]] = &[&[1], &[], &[1], &[1], &[]];
    assert_eq!(solve(&case(1, b)), moves(&[(0, 0, 1)]));
    assert_eq!(solve(&case(2, b)), moves(&[(2, 0, 1), (0, 0, 1)]));
}

#[test]
fn up_to_fifteen_moves_search_right() {
    // Beyond the statement's 5 but within what a key holds: equal swaps until the last move,
    // which clears.
    let b: &[&[u8]] = &[&[1], &[1], &[], &[1], &[]];
    let mut want = vec![Move::new(0, 0, 1); MAX_LEFT - 1];
    want.push(Move::new(3, 0, -1));
    let c = Case {
        n: MAX_LEFT,
        board: Board::from_columns(b).unwrap(),
    };
    assert_eq!(solve(&c), Some(want));
}

#[test]
#[should_panic(expected = "the solver takes at most 15 moves")]
fn more_moves_than_a_key_holds_are_refused() {
    let b: &[&[u8]] = &[&[1], &[1], &[], &[1], &[]];
    solve(&Case {
        n: MAX_LEFT + 1,
        board: Board::from_columns(b).unwrap(),
    });
}

#[test]
fn unsolvable_cases() {
    let b: &[&[u8]] = &[&[1], &[], &[1], &[], &[1]];
    assert_eq!(solve(&case(1, b)), None);
    assert_eq!(solve(&case(2, b)), moves(&[(0, 0, 1), (4, 0, -1)]));
    assert_eq!(solve(&case(5, &[&[2], &[2], &[], &[], &[]])), None);
    assert_eq!(solve(&case(1, &[&[], &[], &[], &[], &[]])), None);
}

#[test]
fn a_left_swap_is_the_right_swap_of_the_left_neighbour() {
    let b = packed(&[&[1, 2, 3], &[2, 3, 1, 2], &[3, 1], &[1], &[4, 4]]);
    let mut checked = 0;
    for x in 1..COLS {
        for y in 0..height(b.0[x]).min(height(b.0[x - 1])) {
            assert_eq!(play(&b, x, y, x - 1), play(&b, x - 1, y, x), "({x}, {y})");
            checked += 1;
        }
    }
    assert_eq!(checked, 7);
    // 1 1 2 1 with 2 2 above the last 1: the swap of (2, 0) and (3, 0) empties the board. It is
    // both the right drag of (2, 0) and the left drag of (3, 0); the answer names the first.
    let c = case(1, &[&[1], &[1], &[2], &[1, 2, 2], &[]]);
    assert_eq!(solve(&c), moves(&[(2, 0, 1)]));
}
