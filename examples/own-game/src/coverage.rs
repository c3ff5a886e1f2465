//! Which situations a case reaches, for coverage counts of a batch.
//!
//! The keys are computed from the case and its **traced** outcome: the board before move i is the
//! board after move i - 1 (or the initial board), read from the events. Line facts (runs of equal
//! tiles, the tiles merges make) come from a small analysis of each line of the board before the
//! move, not from an engine.

use crate::case::{Board, Case, Dir};
use crate::trace::Outcome;

/// The coverage keys; [`coverage`] returns indices into this list.
pub const COVERAGE_KEYS: &[&str] = &[
    "three equal tiles in one line (one merge, one left)",
    "four or more equal tiles in one line (two merges)",
    "a merge past 2^15 (a tile of 2^16 made)",
    "a merge past 2^16 (a tile of 2^17 or more made)",
    "a merge past 2^20 (a tile of 2^21 or more made)",
    "a 4x4 board of tiles up to 2^15 that makes a 2^16",
    "a tile made by a merge meets an equal tile (which must not merge)",
    "a move that changes nothing",
    "a move that changes nothing on a full board",
    "a spawn on an occupied cell (nothing placed)",
    "a spawn placed",
    "a 4 placed",
    "a 1xm board (m >= 2)",
    "an nx1 board (n >= 2)",
    "a 1x1 board",
    "a board with 8 rows or 8 columns",
    "a full board before a move",
    "a move with merges in several lines",
    "a game with no moves",
];

const THREE_EQUAL: usize = 0;
const FOUR_EQUAL: usize = 1;
const PAST_15: usize = 2;
const PAST_16: usize = 3;
const PAST_20: usize = 4;
const NIBBLES_PAST_15: usize = 5;
const MADE_MEETS_EQUAL: usize = 6;
const UNCHANGED: usize = 7;
const STUCK: usize = 8;
const SPAWN_OCCUPIED: usize = 9;
const SPAWN_PLACED: usize = 10;
const FOUR_PLACED: usize = 11;
const ROW_BOARD: usize = 12;
const COLUMN_BOARD: usize = 13;
const ONE_CELL: usize = 14;
const SIDE_8: usize = 15;
const FULL_BEFORE: usize = 16;
const SEVERAL_LINES: usize = 17;
const NO_MOVES: usize = 18;

/// What one line does in a move.
#[derive(Debug, Default)]
struct LineFacts {
    /// A maximal run of exactly three equal tiles.
    three: bool,
    /// A maximal run of four or more equal tiles.
    four: bool,
    /// The tiles the merges make.
    made: Vec<u64>,
    /// A made tile followed by a tile of its value.
    made_meets_equal: bool,
}

/// The facts of a line given by its tiles in order from the side they move towards.
fn analyse(tiles: &[u64]) -> LineFacts {
    let mut facts = LineFacts::default();
    for run in tiles.chunk_by(|a, b| a == b) {
        facts.three |= run.len() == 3;
        facts.four |= run.len() >= 4;
    }
    let mut i = 0;
    while i < tiles.len() {
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
            let made = tiles[i] * 2;
            facts.made.push(made);
            facts.made_meets_equal |= tiles.get(i + 2) == Some(&made);
            i += 2;
        } else {
            i += 1;
        }
    }
    facts
}

/// The tiles of every line of the board for a move towards `dir`, each from that side.
fn lines(board: &Board, dir: Dir) -> Vec<Vec<u64>> {
    let (n, m) = (board.n, board.m);
    let line = |cells: Vec<(usize, usize)>| -> Vec<u64> {
        cells
            .into_iter()
            .map(|(r, c)| board.get(r, c))
            .filter(|&v| v != 0)
            .collect()
    };
    match dir {
        Dir::L => (0..n)
            .map(|r| line((0..m).map(|c| (r, c)).collect()))
            .collect(),
        Dir::R => (0..n)
            .map(|r| line((0..m).rev().map(|c| (r, c)).collect()))
            .collect(),
        Dir::U => (0..m)
            .map(|c| line((0..n).map(|r| (r, c)).collect()))
            .collect(),
        Dir::D => (0..m)
            .map(|c| line((0..n).rev().map(|r| (r, c)).collect()))
            .collect(),
    }
}

/// The coverage keys (indices into [`COVERAGE_KEYS`], each at most once, ascending) that the case
/// reaches. `outcome` must be traced for the keys about moves.
pub fn coverage(case: &Case, outcome: &Outcome) -> Vec<usize> {
    let mut hit = [false; COVERAGE_KEYS.len()];
    let b = &case.board;
    hit[ROW_BOARD] = b.n == 1 && b.m >= 2;
    hit[COLUMN_BOARD] = b.m == 1 && b.n >= 2;
    hit[ONE_CELL] = b.n == 1 && b.m == 1;
    hit[SIDE_8] = b.n == 8 || b.m == 8;
    hit[NO_MOVES] = case.moves.is_empty();
    let nibbles = b.n == 4 && b.m == 4 && b.max_tile() <= 1 << 15;
    let mut before = b;
    for event in &outcome.events {
        let mut lines_merging = 0;
        for tiles in lines(before, event.mv.dir) {
            let facts = analyse(&tiles);
            hit[THREE_EQUAL] |= facts.three;
            hit[FOUR_EQUAL] |= facts.four;
            hit[MADE_MEETS_EQUAL] |= facts.made_meets_equal;
            for &made in &facts.made {
                hit[PAST_15] |= made == 1 << 16;
                hit[PAST_16] |= made >= 1 << 17;
                hit[PAST_20] |= made >= 1 << 21;
                hit[NIBBLES_PAST_15] |= nibbles && made == 1 << 16;
            }
            lines_merging += usize::from(!facts.made.is_empty());
        }
        hit[SEVERAL_LINES] |= lines_merging >= 2;
        hit[FULL_BEFORE] |= before.is_full();
        hit[UNCHANGED] |= !event.changed;
        hit[STUCK] |= !event.changed && before.is_full();
        hit[SPAWN_OCCUPIED] |= event.changed && !event.placed;
        hit[SPAWN_PLACED] |= event.placed;
        hit[FOUR_PLACED] |= event.placed && event.mv.v == 4;
        before = &event.board;
    }
    (0..COVERAGE_KEYS.len()).filter(|&k| hit[k]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_facts() {
        let f = analyse(&[2, 2, 2]);
        assert!(f.three && !f.four);
        assert_eq!(f.made, [4]);
        let f = analyse(&[2, 2, 2, 2, 2]);
        assert!(!f.three && f.four);
        assert_eq!(f.made, [4, 4]);
        let f = analyse(&[2, 2, 4, 8]);
        assert!(f.made_meets_equal);
        assert_eq!(f.made, [4]);
        let f = analyse(&[4, 2, 2]);
        assert!(!f.made_meets_equal);
    }
}
