//! Mayan puzzle (NOIP 2011): plain exhaustive search, written to read like the rules of
//! `docs/rules.md` section 2 (`docs/rules.md#2-mayan-puzzle`, from the repository root).
//!
//! Every sequence of exactly n legal moves is tried in lexicographic order (x, then y, then g = 1
//! before g = -1); the first one that leaves the board empty is the answer. No pruning at all: a
//! board is a plain grid, a move copies it, and each wave of a cascade is a fresh scan of the board.

// Cells are named by (x, y) as in the rules, so loops run over coordinates.
#![allow(clippy::needless_range_loop)]

use model::mayan::{Answer, Board, Case, Move, COLS, ROWS};

/// How a move moved its block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The target cell held a block: the two blocks swapped.
    Swap,
    /// The target cell was empty: the block left its column and dropped into the target column.
    Drop,
}

/// The result of one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    /// The board once everything has settled.
    pub board: Board,
    pub kind: MoveKind,
    /// Number of waves of the cascade that removed blocks (0 when the move removed nothing).
    pub waves: usize,
    /// Number of blocks removed in all.
    pub removed: usize,
    /// True when blocks fell right after the drag (the dropped block itself, or blocks that stood on
    /// it in its old column), before any removal.
    pub fell: bool,
}

/// The legal moves on a board, in lexicographic order: every block, dragged right (g = 1) and then
/// left (g = -1), as long as the target column is on the board.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    for x in 0..COLS {
        for y in 0..ROWS {
            if board.cells[x][y] == 0 {
                continue;
            }
            for g in [1i8, -1] {
                let m = Move::new(x, y, g);
                if m.target().is_some() {
                    moves.push(m);
                }
            }
        }
    }
    moves
}

/// Plays one move; `None` when it is not legal (no block at (x, y), or the target column is off the
/// board).
pub fn play(board: &Board, m: Move) -> Option<Played> {
    let (x, y) = (usize::from(m.x), usize::from(m.y));
    if x >= COLS || y >= ROWS || board.cells[x][y] == 0 {
        return None;
    }
    let t = m.target()?;
    let mut b = *board;
    let kind = if b.cells[t][y] != 0 {
        let here = b.cells[x][y];
        b.cells[x][y] = b.cells[t][y];
        b.cells[t][y] = here;
        MoveKind::Swap
    } else {
        // The block leaves its column; gravity below lets the blocks above it fall and lets it drop
        // in the target column until it rests.
        b.cells[t][y] = b.cells[x][y];
        b.cells[x][y] = 0;
        MoveKind::Drop
    };
    let mut played = Played {
        board: b,
        kind,
        waves: 0,
        removed: 0,
        fell: false,
    };
    loop {
        let before = played.board;
        apply_gravity(&mut played.board);
        if played.waves == 0 && played.board != before {
            played.fell = true;
        }
        let runs = cells_in_runs(&played.board);
        let count = runs.iter().flatten().filter(|&&r| r).count();
        if count == 0 {
            break;
        }
        for x in 0..COLS {
            for y in 0..ROWS {
                if runs[x][y] {
                    played.board.cells[x][y] = 0;
                }
            }
        }
        played.waves += 1;
        played.removed += count;
    }
    Some(played)
}

/// Every block falls until it stands on the floor or on another block.
fn apply_gravity(board: &mut Board) {
    for column in board.cells.iter_mut() {
        let before = *column;
        *column = [0; ROWS];
        let mut next = 0;
        for c in before {
            if c != 0 {
                column[next] = c;
                next += 1;
            }
        }
    }
}

/// Marks every block that lies in a horizontal or vertical run of >= 3 equal colours.
fn cells_in_runs(board: &Board) -> [[bool; ROWS]; COLS] {
    let mut marked = [[false; ROWS]; COLS];
    let c = &board.cells;
    for x in 0..COLS {
        for y in 0..ROWS {
            let colour = c[x][y];
            if colour == 0 {
                continue;
            }
            if x + 2 < COLS && c[x + 1][y] == colour && c[x + 2][y] == colour {
                marked[x][y] = true;
                marked[x + 1][y] = true;
                marked[x + 2][y] = true;
            }
            if y + 2 < ROWS && c[x][y + 1] == colour && c[x][y + 2] == colour {
                marked[x][y] = true;
                marked[x][y + 1] = true;
                marked[x][y + 2] = true;
            }
        }
    }
    marked
}

/// Plays a whole sequence from `board`, failing at the first illegal move. An empty board allows no
/// move, so every move after the board has cleared is illegal.
pub fn replay(board: &Board, moves: &[Move]) -> Result<Vec<Played>, String> {
    let mut current = *board;
    let mut out = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        match play(&current, m) {
            Some(played) => {
                current = played.board;
                out.push(played);
            }
            None => {
                return Err(format!(
                    "move {} ({m}) is not legal: {}",
                    i + 1,
                    if current.is_cleared() {
                        "the board is already empty".to_string()
                    } else if current.cells[usize::from(m.x).min(COLS - 1)]
                        [usize::from(m.y).min(ROWS - 1)]
                        == 0
                    {
                        "no block stands there".to_string()
                    } else {
                        "the target column is off the board".to_string()
                    }
                ))
            }
        }
    }
    Ok(out)
}

/// The answer: the lexicographically smallest sequence of exactly n moves that empties the board.
pub fn solve(case: &Case) -> Answer {
    let mut path = Vec::with_capacity(case.n);
    if search(&case.board, case.n, &mut path) {
        Some(path)
    } else {
        None
    }
}

/// Tries every sequence of `moves_left` moves from `board` in lexicographic order.
fn search(board: &Board, moves_left: usize, path: &mut Vec<Move>) -> bool {
    if moves_left == 0 {
        return board.is_cleared();
    }
    for m in legal_moves(board) {
        if let Some(played) = play(board, m) {
            path.push(m);
            if search(&played.board, moves_left - 1, path) {
                return true;
            }
            path.pop();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(text: &str) -> Case {
        Case::parse(text.as_bytes()).unwrap()
    }

    fn board(columns: &[&[u8]]) -> Board {
        Board::from_columns(columns).unwrap()
    }

    #[test]
    fn the_sample() {
        let c = case("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n");
        assert_eq!(
            solve(&c),
            Some(vec![
                Move::new(2, 1, 1),
                Move::new(3, 1, 1),
                Move::new(3, 0, 1)
            ])
        );
    }

    #[test]
    fn a_drag_into_an_occupied_cell_swaps() {
        let b = board(&[&[1, 2], &[2, 1], &[], &[], &[]]);
        let p = play(&b, Move::new(0, 1, 1)).unwrap();
        assert_eq!(p.kind, MoveKind::Swap);
        assert_eq!(p.board, board(&[&[1, 1], &[2, 2], &[], &[], &[]]));
        assert_eq!((p.waves, p.removed, p.fell), (0, 0, false));
    }

    #[test]
    fn a_drag_into_an_empty_cell_drops_and_the_blocks_above_fall() {
        let b = board(&[&[1, 2, 3], &[4], &[], &[], &[]]);
        let p = play(&b, Move::new(0, 1, 1)).unwrap();
        assert_eq!(p.kind, MoveKind::Drop);
        assert!(p.fell);
        assert_eq!(p.board, board(&[&[1, 3], &[4, 2], &[], &[], &[]]));
        // Dragged left from the top of a tall column, it drops to the floor of an empty column.
        let b = board(&[&[], &[1, 2, 1, 2], &[], &[], &[]]);
        let p = play(&b, Move::new(1, 3, -1)).unwrap();
        assert_eq!(p.board, board(&[&[2], &[1, 2, 1], &[], &[], &[]]));
    }

    #[test]
    fn a_horizontal_and_a_vertical_run_sharing_a_block_go_at_once() {
        // Swapping the 2 at (2, 0) with the 1 at (3, 0) makes 1 1 1 on row 0 and 1 1 1 in column 2.
        let b = board(&[&[1], &[1], &[2, 1, 1], &[1], &[]]);
        let p = play(&b, Move::new(2, 0, 1)).unwrap();
        assert_eq!(p.kind, MoveKind::Swap);
        assert_eq!((p.waves, p.removed), (1, 5));
        assert_eq!(p.board, board(&[&[], &[], &[], &[2], &[]]));
    }

    #[test]
    fn cascades_repeat_until_no_run_is_left() {
        // Swapping the 4 at (1, 2) with the 7 at (2, 2) makes 4 4 4 in column 2; once it is gone the
        // 5 on top falls to (2, 0), in line with the 5s at (1, 0) and (3, 0): a second wave.
        let b = board(&[&[], &[5, 6, 4], &[4, 4, 7, 5], &[5], &[]]);
        let p = play(&b, Move::new(1, 2, 1)).unwrap();
        assert_eq!(p.kind, MoveKind::Swap);
        assert_eq!((p.waves, p.removed), (2, 6));
        assert_eq!(p.board, board(&[&[], &[6, 7], &[], &[], &[]]));
    }

    #[test]
    fn a_left_swap_equals_the_right_swap_of_the_left_neighbour() {
        let b = board(&[&[1, 2, 3], &[2, 3, 1, 2], &[3, 1], &[1], &[]]);
        let mut checked = 0;
        for x in 1..COLS {
            for y in 0..ROWS {
                if b.cells[x][y] != 0 && b.cells[x - 1][y] != 0 {
                    let left = play(&b, Move::new(x, y, -1)).unwrap();
                    let right = play(&b, Move::new(x - 1, y, 1)).unwrap();
                    assert_eq!(left, right, "({x}, {y})");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 6);
    }

    #[test]
    fn an_early_clear_needs_a_stall_move() {
        // 1 1 _ 1: dragging (3, 0) left clears the board in one move.
        let b = board(&[&[1], &[1], &[], &[1], &[]]);
        let one = Case { n: 1, board: b };
        assert_eq!(solve(&one), Some(vec![Move::new(3, 0, -1)]));
        // With two moves the first must remove nothing: swapping the two 1s at (0, 0) and (1, 0)
        // changes nothing and comes first. (Skipping that stall would give 1 0 1, 0 0 1.)
        let two = Case { n: 2, board: b };
        assert_eq!(
            solve(&two),
            Some(vec![Move::new(0, 0, 1), Move::new(3, 0, -1)])
        );
        // 1 _ 1 1: the first move (0, 0, 1) clears at once, too early for n = 2.
        let b = board(&[&[1], &[], &[1], &[1], &[]]);
        assert_eq!(
            solve(&Case { n: 1, board: b }),
            Some(vec![Move::new(0, 0, 1)])
        );
        assert_eq!(
            solve(&Case { n: 2, board: b }),
            Some(vec![Move::new(2, 0, 1), Move::new(0, 0, 1)])
        );
    }

    #[test]
    fn unsolvable_cases_answer_none() {
        // 1 _ 1 _ 1: no single move lines them up, two moves do.
        let b = board(&[&[1], &[], &[1], &[], &[1]]);
        assert_eq!(solve(&Case { n: 1, board: b }), None);
        assert_eq!(
            solve(&Case { n: 2, board: b }),
            Some(vec![Move::new(0, 0, 1), Move::new(4, 0, -1)])
        );
        // Two blocks of a colour can never go.
        let b = board(&[&[2], &[2], &[], &[], &[]]);
        assert_eq!(solve(&Case { n: 3, board: b }), None);
    }

    #[test]
    fn a_move_that_removes_nothing_is_still_a_move() {
        // One move left, two blocks of one colour side by side: swapping them changes nothing.
        let b = board(&[&[1], &[1], &[], &[], &[]]);
        let p = play(&b, Move::new(0, 0, 1)).unwrap();
        assert_eq!(p.board, b);
        assert_eq!(p.removed, 0);
    }

    #[test]
    fn an_empty_board_allows_no_move() {
        let c = Case {
            n: 1,
            board: Board::empty(),
        };
        assert!(legal_moves(&c.board).is_empty());
        assert_eq!(solve(&c), None);
        assert!(replay(&Board::empty(), &[Move::new(0, 0, 1)])
            .unwrap_err()
            .contains("already empty"));
    }

    #[test]
    fn illegal_moves_are_refused() {
        let b = board(&[&[1], &[2], &[], &[], &[3]]);
        assert!(play(&b, Move::new(0, 0, -1)).is_none());
        assert!(play(&b, Move::new(4, 0, 1)).is_none());
        assert!(play(&b, Move::new(1, 1, 1)).is_none());
        assert_eq!(legal_moves(&b).len(), 4);
    }
}
