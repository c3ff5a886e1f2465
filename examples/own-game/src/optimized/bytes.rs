//! The byte board: up to eight rows of a `[u64; 8]`, cell (r, c) in byte c of row r, the board in
//! the top-left corner of an 8x8 frame of empty cells; rows slid by the line rule, columns by
//! transposing the frame.

use super::{exponent, slide_line, value, Tables};
use crate::case::{Board, Dir};

/// Byte rows of an 8x8 frame.
pub(super) type Rows = [u64; 8];

pub(super) fn widen(b: u64) -> Rows {
    let mut rows = [0u64; 8];
    for (r, row) in rows.iter_mut().take(4).enumerate() {
        for c in 0..4 {
            *row |= ((b >> (16 * r + 4 * c)) & 0xf) << (8 * c);
        }
    }
    rows
}

pub(super) fn rows_of(board: &Board) -> Rows {
    let mut rows = [0u64; 8];
    for (r, row) in board.rows().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            rows[r] |= exponent(v) << (8 * c);
        }
    }
    rows
}

pub(super) fn board_of_rows(rows: &Rows, n: usize, m: usize) -> Board {
    let mut board = Board::empty(n, m);
    for (r, row) in rows.iter().enumerate().take(n) {
        for c in 0..m {
            board.set(r, c, value((row >> (8 * c)) & 0xff));
        }
    }
    board
}

/// Transposes the 8x8 byte matrix (byte c of row r goes to byte r of row c): swaps of 4x4, then
/// 2x2, then 1x1 blocks.
#[inline(always)]
fn transpose8(m: &mut Rows) {
    for r in 0..4 {
        let (a, b) = (m[r], m[r + 4]);
        m[r] = (a & 0x0000_0000_ffff_ffff) | (b << 32);
        m[r + 4] = (a >> 32) | (b & 0xffff_ffff_0000_0000);
    }
    for r in [0, 1, 4, 5] {
        let (a, b) = (m[r], m[r + 2]);
        m[r] = (a & 0x0000_ffff_0000_ffff) | ((b << 16) & 0xffff_0000_ffff_0000);
        m[r + 2] = ((a >> 16) & 0x0000_ffff_0000_ffff) | (b & 0xffff_0000_ffff_0000);
    }
    for r in [0, 2, 4, 6] {
        let (a, b) = (m[r], m[r + 1]);
        m[r] = (a & 0x00ff_00ff_00ff_00ff) | ((b << 8) & 0xff00_ff00_ff00_ff00);
        m[r + 1] = ((a >> 8) & 0x00ff_00ff_00ff_00ff) | (b & 0xff00_ff00_ff00_ff00);
    }
}

/// The first `len` bytes of a line in reverse order.
#[inline(always)]
fn reverse(line: u64, len: usize) -> u64 {
    line.swap_bytes() >> (8 * (8 - len))
}

/// Slides the first `count` rows, each of `len` cells, towards byte 0 (or towards byte `len - 1`
/// when `reversed`).
#[inline(always)]
fn slide_rows(
    rows: &mut Rows,
    count: usize,
    len: usize,
    reversed: bool,
    planted: bool,
) -> (u64, u32) {
    let mut gained = 0;
    let mut merges = 0;
    for row in rows.iter_mut().take(count) {
        if *row == 0 {
            continue;
        }
        let line = if reversed { reverse(*row, len) } else { *row };
        let slid = slide_line(line, planted);
        *row = if reversed {
            reverse(slid.line, len)
        } else {
            slid.line
        };
        gained += slid.gained;
        merges += slid.merges;
    }
    (gained, merges)
}

/// One slide of a byte board of `n` x `m` cells: the score and the merges.
#[inline(always)]
pub(super) fn slide_wide(t: &Tables, rows: &mut Rows, n: usize, m: usize, dir: Dir) -> (u64, u32) {
    match dir {
        Dir::L => slide_rows(rows, n, m, false, t.planted),
        Dir::R => slide_rows(rows, n, m, true, t.planted),
        Dir::U | Dir::D => {
            transpose8(rows);
            let done = slide_rows(rows, m, n, dir == Dir::D, t.planted);
            transpose8(rows);
            done
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_byte_transpose_matches_the_naive_one() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..100 {
            x = harness::rng::mix(x);
            let mut rows: Rows = std::array::from_fn(|i| harness::rng::mix(x ^ i as u64));
            let orig = rows;
            transpose8(&mut rows);
            for (r, before) in orig.iter().enumerate() {
                for (c, after) in rows.iter().enumerate() {
                    assert_eq!((after >> (8 * r)) & 0xff, (before >> (8 * c)) & 0xff);
                }
            }
        }
    }
}
