//! The column-step table and the spread bound: the table against steps found another way, the
//! word-at-a-time bound against the colour-at-a-time one, and no answer cut by the bound.

use super::*;

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
