//! The solver's unit tests: the board operations against the reference's rules, the column-step
//! table, and answers.

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

fn needs(b: &Packed, left: usize) -> Option<u16> {
    Spread::needs(&Spread::steps_of(&b.spreads()), left)
}

/// The table entry for blocks standing in these columns.
fn steps(columns: &[usize]) -> u8 {
    let index: usize = columns.iter().map(|&x| 1 << (3 * x)).sum();
    Spread::TABLE[index]
}

/// The steps of three to five blocks found another way: their sorted columns paired with
/// the sorted columns of every run (and, for five, every pair of crossing runs of three).
fn explicit_steps(index: usize) -> u8 {
    let mut columns = [0usize; 5];
    let mut k = 0;
    let mut x = 0;
    while x < COLS {
        let mut n = (index >> (SPREAD_BITS as usize * x)) & 7;
        while n > 0 {
            if k == 5 {
                return 0;
            }
            columns[k] = x;
            k += 1;
            n -= 1;
        }
        x += 1;
    }
    if k == 0 {
        return 0;
    }
    if k < 3 {
        return LONELY;
    }
    let mut best = usize::MAX;
    // Vertical: all in column z.
    let mut z = 0;
    while z < COLS {
        let mut pattern = [z; 5];
        pattern[4] = z;
        best = min(best, cost(&columns, &pattern, k));
        z += 1;
    }
    // Horizontal: columns z..z + k.
    let mut z = 0;
    while z + k <= COLS {
        let mut pattern = [0; 5];
        let mut i = 0;
        while i < k {
            pattern[i] = z + i;
            i += 1;
        }
        best = min(best, cost(&columns, &pattern, k));
        z += 1;
    }
    // Five: a horizontal three at z..z + 3 crossed by a vertical three in column z + j.
    if k == 5 {
        let mut z = 0;
        while z + 3 <= COLS {
            let mut j = 0;
            while j < 3 {
                // Sorted: the columns left of z + j, three times z + j, the columns right.
                let mut pattern = [0; 5];
                let mut i = 0;
                let mut col = z;
                while col < z + 3 {
                    let times = if col == z + j { 3 } else { 1 };
                    let mut t = 0;
                    while t < times {
                        pattern[i] = col;
                        i += 1;
                        t += 1;
                    }
                    col += 1;
                }
                best = min(best, cost(&columns, &pattern, k));
                j += 1;
            }
            z += 1;
        }
    }
    best as u8
}

fn cost(columns: &[usize; 5], pattern: &[usize; 5], k: usize) -> usize {
    let mut sum = 0;
    let mut i = 0;
    while i < k {
        sum += columns[i].abs_diff(pattern[i]);
        i += 1;
    }
    sum
}

fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

#[test]
fn three_to_five_blocks_need_the_steps_to_a_run() {
    let mut checked = 0;
    for index in 0..SPREAD_SIZE {
        let k = Spread::total(index);
        if (1..=5).contains(&k) {
            let want = if k < 3 { LONELY } else { explicit_steps(index) };
            assert_eq!(Spread::TABLE[index], want, "{index:o}");
            checked += 1;
        }
    }
    assert_eq!(checked, 5 + 15 + 35 + 70 + 126);
}

#[test]
fn column_steps_to_a_run() {
    assert_eq!(steps(&[]), 0);
    assert_eq!(steps(&[2]), LONELY);
    assert_eq!(steps(&[0, 4]), LONELY);
    // Three: a vertical or a horizontal run.
    assert_eq!(steps(&[1, 1, 1]), 0);
    assert_eq!(steps(&[0, 1, 2]), 0);
    assert_eq!(steps(&[0, 2, 3]), 1);
    assert_eq!(steps(&[0, 2, 4]), 2);
    assert_eq!(steps(&[0, 0, 4]), 3);
    assert_eq!(steps(&[0, 4, 4]), 3);
    // Four.
    assert_eq!(steps(&[3, 3, 3, 3]), 0);
    assert_eq!(steps(&[1, 2, 3, 4]), 0);
    assert_eq!(steps(&[0, 2, 3, 4]), 1);
    assert_eq!(steps(&[0, 0, 4, 4]), 4);
    // Five: a line or two crossing runs of three.
    assert_eq!(steps(&[0, 1, 2, 3, 4]), 0);
    assert_eq!(steps(&[1, 2, 2, 2, 3]), 0);
    assert_eq!(steps(&[2, 2, 2, 3, 4]), 0);
    assert_eq!(steps(&[0, 1, 2, 2, 2]), 0);
    assert_eq!(steps(&[0, 0, 1, 2, 4]), 3);
    // Six and seven: several runs, in one wave or more.
    assert_eq!(steps(&[0, 0, 0, 4, 4, 4]), 0);
    assert_eq!(steps(&[0, 1, 1, 2, 2, 3]), 0);
    assert_eq!(steps(&[1, 1, 1, 2, 3, 4]), 0);
    assert_eq!(steps(&[0, 1, 2, 2, 2, 2]), 0);
    assert_eq!(steps(&[0, 1, 2, 3, 3, 3]), 0);
    assert_eq!(steps(&[0, 0, 2, 2, 4, 4]), 2);
    assert_eq!(steps(&[0, 1, 2, 2, 3, 4, 4]), 1);
    assert_eq!(steps(&[0, 0, 0, 0, 4, 4, 4]), 0);
    assert_eq!(steps(&[0, 0, 2, 2, 2, 4, 4]), 2);
    // Above seven: no bound.
    assert_eq!(steps(&[0, 0, 2, 2, 2, 2, 4, 4]), 0);
}

#[test]
fn needs_a_word_at_a_time_as_one_colour_at_a_time() {
    use rand::{Rng as _, SeedableRng as _};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..20_000 {
        let mut steps = [0u8; 16];
        for s in &mut steps[1..=10] {
            *s = match rng.random_range(0..12) {
                0 => LONELY,
                k => (k % 7) as u8,
            };
        }
        let left = rng.random_range(1..=6);
        assert_eq!(
            Spread::needs(&steps, left),
            Spread::needs_slowly(&steps, left),
            "{steps:?} {left}"
        );
    }
    let mut steps = [0u8; 16];
    steps[3] = 2;
    steps[7] = 2;
    assert_eq!(Spread::needs(&steps, 2), Some(1 << 3 | 1 << 7));
    steps[9] = 1;
    assert_eq!(Spread::needs(&steps, 2), None);
    steps[9] = 0;
    assert_eq!(Spread::needs(&steps, 3), Some(0));
    steps[10] = 2;
    assert_eq!(Spread::needs(&steps, 3), Some(0));
    steps[1] = 2;
    assert_eq!(Spread::needs(&steps, 3), None);
}

#[test]
fn too_far_and_needed_colours() {
    // Colour 1 in columns 0, 2, 4 needs two steps; colour 2 in 0, 1, 3 one.
    let b = packed(&[&[1, 2], &[2], &[1], &[2], &[1]]);
    assert_eq!(needs(&b, 1), None);
    assert_eq!(needs(&b, 2), Some(1 << 1));
    assert_eq!(needs(&b, 3), Some(0));
    // Three colours one step each: three steps are more than one move makes.
    let b = packed(&[&[1, 2, 3], &[], &[1, 2, 3], &[1, 2, 3], &[]]);
    assert_eq!(needs(&b, 1), None);
    assert_eq!(needs(&b, 2), Some(0));
    // A board one move from empty: colour 5 needs its step now.
    let b = packed(&[&[5], &[5], &[], &[5], &[]]);
    assert_eq!(needs(&b, 1), Some(1 << 5));
    assert_eq!(
        solve(&case(1, &[&[5], &[5], &[], &[5], &[]])),
        moves(&[(3, 0, -1)])
    );
}

/// Every sequence of `left` moves from `board` that empties it exactly at the end (the
/// reference's rules), each as the boards before its moves.
fn all_answers(
    board: &Board,
    left: usize,
    path: &mut Vec<(Board, Move)>,
    out: &mut Vec<Vec<(Board, Move)>>,
) {
    if left == 0 {
        if board.is_cleared() {
            out.push(path.clone());
        }
        return;
    }
    for m in reference::mayan::legal_moves(board) {
        if let Some(played) = reference::mayan::play(board, m) {
            path.push((*board, m));
            all_answers(&played.board, left - 1, path, out);
            path.pop();
        }
    }
}

/// On random small boards of one or two colours: along every answer (every sequence of n
/// moves that empties the board, not only the smallest), each position is within the spread
/// bound for the moves it has left and each move displaces a block of every colour the bound
/// says it must. The engine's answer is the reference's.
#[test]
fn the_spread_bound_never_cuts_an_answer() {
    use rand::{Rng as _, SeedableRng as _};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let (mut answers, mut bound_used) = (0, 0);
    for _ in 0..2000 {
        let k = rng.random_range(1..=2u8);
        let mut cells = [[0u8; ROWS]; COLS];
        let mut blocks = 0;
        for x in 0..COLS {
            for y in 0..rng.random_range(0..=3usize) {
                let wanted = rng.random_range(1..=k);
                let fits = (0..k).map(|i| (wanted - 1 + i) % k + 1).find(|&c| {
                    let below = y >= 2 && cells[x][y - 1] == c && cells[x][y - 2] == c;
                    let beside = x >= 2 && cells[x - 1][y] == c && cells[x - 2][y] == c;
                    !below && !beside
                });
                match fits {
                    Some(c) if blocks < 9 => {
                        cells[x][y] = c;
                        blocks += 1;
                    }
                    _ => break,
                }
            }
        }
        let columns: Vec<Vec<u8>> = cells
            .iter()
            .map(|col| col.iter().copied().take_while(|&c| c != 0).collect())
            .collect();
        let c = Case {
            n: rng.random_range(1..=3),
            board: Board::from_columns(&columns).unwrap(),
        };
        assert_eq!(solve(&c), reference::mayan::solve(&c), "{}", c.write());
        if c.n == 3 {
            continue;
        }
        let mut all = Vec::new();
        all_answers(&c.board, c.n, &mut Vec::new(), &mut all);
        for answer in &all {
            answers += 1;
            for (i, (board, m)) in answer.iter().enumerate() {
                let here = Packed::from_case(&Case {
                    n: 1,
                    board: *board,
                });
                let need = needs(&here, c.n - i);
                let need = need.unwrap_or_else(|| panic!("{} cut at move {i}", c.write()));
                bound_used += usize::from(need != 0);
                let (x, y) = (usize::from(m.x), usize::from(m.y));
                let t = m.target().unwrap();
                let moved = 1u16 << board.get(x, y) | 1u16 << board.get(t, y);
                assert_eq!(need & !moved, 0, "{} move {i}", c.write());
            }
        }
    }
    assert!(answers > 300, "{answers} {bound_used}");
    assert!(bound_used > 100, "{answers} {bound_used}");
}

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
