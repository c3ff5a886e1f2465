//! The optimized engine: boards packed into integers, lines slid by precomputed tables.
//!
//! Two representations, both of tile *exponents* (a tile 2^k is k, an empty cell 0):
//!
//! - **Nibbles** (4x4 boards whose tiles are all at most 2^15): the whole board is one `u64`, row
//!   r in bits `16r..16r+16`, cell (r, c) in the nibble at bit `16r + 4c`. `L` and `R` look each
//!   row up in a 65536-entry table of `u32` (one per direction, 256 KiB each) whose entry packs
//!   the slid row, the score gained and an overflow flag; `U` and `D` transpose the board, use the
//!   same tables, and transpose back. The number of merges, needed only for the events, is the
//!   number of tiles the slide took off the board.
//! - **Bytes** (every other board, and a 4x4 board from the move whose merge would make a tile
//!   past 2^15 on): up to eight rows of a `[u64; 8]`, cell (r, c) in byte c of row r, the board in
//!   the top-left corner of an 8x8 frame of empty cells. A line is slid by `slide_line`, a tight
//!   loop over its non-empty bytes; `R` reverses each row with a byte swap, `U` and `D` transpose
//!   the 8x8 byte matrix (three rounds of masked swaps) and slide rows. A byte holds exponents up
//!   to 255, so the bytes stay exact far past the 2^37 a valid case can reach.
//!
//! A nibble table entry flags a row whose slide would make an exponent past 15. The move that
//! raises the flag is not applied: the board is widened to bytes and the move, and every later
//! one, is played there (exponents never go down, so there is no way back). The tables are built
//! once per process, by running `slide_line` over every 4-cell row, so the whole engine holds the
//!
//! This module holds the rule, its tables and the nibble board; `bytes` holds the byte board and
//! `play` the moves of a case on both.

use crate::case::{Board, Case, Dir};
use crate::trace::Outcome;
use std::sync::OnceLock;

mod bytes;
mod play;

/// A slid line: the line (byte i = cell i counted from the side the tiles move towards), the
/// score the merges made and their number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slid {
    line: u64,
    gained: u64,
    merges: u32,
}

/// The rule, the one place the engine holds it. `line` holds up to eight exponents, byte i being
/// cell i counted from the side the tiles move towards; every tile is moved to byte 0 onwards, and
/// a tile equal to the last one put down joins it unless that one was itself made by a merge in
/// this line (with `planted`, it joins it anyway: the planted bug).
#[inline(always)]
fn slide_line(mut x: u64, planted: bool) -> Slid {
    let mut out = 0u64;
    // Bit position of the next free cell.
    let mut shift = 0u32;
    // Exponent of the last tile put down while it may still take a merge, else 0.
    let mut last = 0u64;
    let mut gained = 0u64;
    let mut merges = 0u32;
    while x != 0 {
        // Skip to the first non-empty byte.
        x >>= x.trailing_zeros() & !7;
        let e = x & 0xff;
        x >>= 8;
        if e == last {
            out += 1 << (shift - 8);
            gained += 2 << e;
            merges += 1;
            last = if planted { e + 1 } else { 0 };
        } else {
            out |= e << shift;
            shift += 8;
            last = e;
        }
    }
    Slid {
        line: out,
        gained,
        merges,
    }
}

/// In a nibble table entry: bits 0..16 the slid row, bits 16..31 the score gained divided by 4
/// (a merge makes at least a 4, and a row without overflow gains less than 2^17), bit 31 the
/// overflow flag. A table is 256 KiB.
const ROW_MASK: u32 = 0xffff;
const GAIN_SHIFT: u32 = 16;
const OVERFLOW: u32 = 1 << 31;

/// The precomputed slides of one rule (the true one or the planted bug).
struct Tables {
    /// Row slides towards nibble 0 (`L`, and `U` on the transposed board).
    left: Box<[u32]>,
    /// Row slides towards nibble 3 (`R`, and `D` on the transposed board).
    right: Box<[u32]>,
    planted: bool,
}

impl Tables {
    fn build(planted: bool) -> Tables {
        let entries = |reversed: bool| -> Box<[u32]> {
            (0..=u16::MAX)
                .map(|row| table_entry(row, reversed, planted))
                .collect()
        };
        Tables {
            left: entries(false),
            right: entries(true),
            planted,
        }
    }
}

/// The table entry of a 4-cell nibble row slid towards nibble 0, or towards nibble 3 when
/// `reversed`.
fn table_entry(row: u16, reversed: bool, planted: bool) -> u32 {
    let cell = |i: usize| if reversed { 3 - i } else { i };
    let mut line = 0u64;
    for i in 0..4 {
        line |= u64::from((row >> (4 * cell(i))) & 0xf) << (8 * i);
    }
    let slid = slide_line(line, planted);
    let mut out = 0u32;
    for i in 0..4 {
        let e = (slid.line >> (8 * i)) & 0xff;
        if e > 15 {
            return OVERFLOW;
        }
        out |= (e as u32) << (4 * cell(i));
    }
    // At most three made tiles (two, but for the planted bug), each at most 2^15.
    let quarter = slid.gained / 4;
    debug_assert!(slid.gained.is_multiple_of(4) && quarter < 1 << 15);
    out | (quarter as u32) << GAIN_SHIFT
}

fn tables(planted: bool) -> &'static Tables {
    static TRUE: OnceLock<Tables> = OnceLock::new();
    static PLANTED: OnceLock<Tables> = OnceLock::new();
    if planted {
        PLANTED.get_or_init(|| Tables::build(true))
    } else {
        TRUE.get_or_init(|| Tables::build(false))
    }
}

/// Transposes a 4x4 nibble board (cell (r, c) goes to (c, r)).
#[inline(always)]
fn transpose4(x: u64) -> u64 {
    let a1 = x & 0xf0f0_0f0f_f0f0_0f0f;
    let a2 = x & 0x0000_f0f0_0000_f0f0;
    let a3 = x & 0x0f0f_0000_0f0f_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xff00_ff00_00ff_00ff;
    let b2 = a & 0x00ff_00ff_0000_0000;
    let b3 = a & 0x0000_0000_ff00_ff00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// Number of tiles on a nibble board.
#[inline(always)]
fn tiles4(b: u64) -> u32 {
    let x = b | b >> 1;
    ((x | x >> 2) & 0x1111_1111_1111_1111).count_ones()
}

/// One slide of a nibble board: the board and the score, or `None` when a merge would make a tile
/// past 2^15. `U` and `D` transpose the board around the row tables of `L` and `R`; the choices are
/// selects, not jumps.
#[inline(always)]
fn slide4(t: &Tables, b: u64, dir: Dir) -> Option<(u64, u64)> {
    let vertical = matches!(dir, Dir::U | Dir::D);
    let table: &[u32] = if matches!(dir, Dir::R | Dir::D) {
        &t.right
    } else {
        &t.left
    };
    let x = if vertical { transpose4(b) } else { b };
    let e0 = table[(x & 0xffff) as usize];
    let e1 = table[((x >> 16) & 0xffff) as usize];
    let e2 = table[((x >> 32) & 0xffff) as usize];
    let e3 = table[(x >> 48) as usize];
    let row = |e: u32| u64::from(e & ROW_MASK);
    let y = row(e0) | row(e1) << 16 | row(e2) << 32 | row(e3) << 48;
    let quarter = |e: u32| u64::from((e & !OVERFLOW) >> GAIN_SHIFT);
    let gained = 4 * (quarter(e0) + quarter(e1) + quarter(e2) + quarter(e3));
    if (e0 | e1 | e2 | e3) & OVERFLOW != 0 {
        return None;
    }
    Some((if vertical { transpose4(y) } else { y }, gained))
}

/// One slide of a 4x4 nibble board (cell (r, c) in the nibble at bit `16r + 4c`, holding the
/// exponent): the slid board and the score, or `None` when a merge would make a tile past 2^15.
/// No tile is placed. For benchmarks.
#[doc(hidden)]
#[cfg_attr(mutants, mutants::skip)] // only the benchmarks call it
pub fn move4(board: u64, dir: Dir) -> Option<(u64, u64)> {
    slide4(tables(false), board, dir)
}

/// The nibble board of a 4x4 board whose tiles are all at most 2^15 (for benchmarks).
#[doc(hidden)]
pub fn pack4(board: &Board) -> Option<u64> {
    if board.n != 4 || board.m != 4 {
        return None;
    }
    let mut b = 0u64;
    for (i, &v) in board.cells.iter().enumerate() {
        let e = exponent(v);
        if e > 15 {
            return None;
        }
        b |= e << (4 * i);
    }
    Some(b)
}

/// The exponent of a tile (0 for an empty cell).
#[inline(always)]
fn exponent(v: u64) -> u64 {
    if v == 0 {
        0
    } else {
        u64::from(v.trailing_zeros())
    }
}

/// The value of an exponent.
#[inline(always)]
fn value(e: u64) -> u64 {
    if e == 0 {
        0
    } else {
        1 << e
    }
}

fn board_of_nibbles(b: u64) -> Board {
    Board {
        n: 4,
        m: 4,
        cells: (0..16).map(|i| value((b >> (4 * i)) & 0xf)).collect(),
    }
}

/// Plays the case. With `trace`, the outcome holds one event per move.
pub fn run(case: &Case, trace: bool) -> Outcome {
    play::run_with(case, trace, tables(false))
}

/// The engine with a planted bug, for testing the tests: a tile made by a merge may merge again in
/// the same move (`2 2 4 0` moved left gives `8 0 0 0`). The same code as [`run`], on tables (and
/// a line rule) built with the bug.
#[doc(hidden)]
pub fn run_planted(case: &Case, trace: bool) -> Outcome {
    play::run_with(case, trace, tables(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(exps: &[u64]) -> u64 {
        exps.iter().enumerate().map(|(i, &e)| e << (8 * i)).sum()
    }

    #[test]
    fn slide_line_follows_the_rule() {
        let s = slide_line(line(&[1, 1, 1, 1]), false);
        assert_eq!((s.line, s.gained, s.merges), (line(&[2, 2]), 8, 2));
        let s = slide_line(line(&[1, 1, 2, 0]), false);
        assert_eq!((s.line, s.gained, s.merges), (line(&[2, 2]), 4, 1));
        let s = slide_line(line(&[1, 1, 2, 0]), true);
        assert_eq!((s.line, s.gained, s.merges), (line(&[3]), 12, 2));
        let s = slide_line(line(&[0, 5, 0, 5, 0, 0, 0, 7]), false);
        assert_eq!((s.line, s.gained, s.merges), (line(&[6, 7]), 64, 1));
        let s = slide_line(line(&[30, 30]), false);
        assert_eq!((s.line, s.gained), (line(&[31]), 1 << 31));
        let full = line(&[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(slide_line(full, false).line, full);
        let s = slide_line(line(&[9; 8]), false);
        assert_eq!((s.line, s.merges), (line(&[10; 4]), 4));
    }

    #[test]
    fn the_nibble_transpose_matches_the_naive_one() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..100 {
            x = harness::rng::mix(x);
            let t = transpose4(x);
            for r in 0..4 {
                for c in 0..4 {
                    assert_eq!((t >> (16 * c + 4 * r)) & 0xf, (x >> (16 * r + 4 * c)) & 0xf);
                }
            }
            assert_eq!(transpose4(t), x);
        }
    }

    #[test]
    fn tables_flag_merges_past_2_15() {
        let t = tables(false);
        assert_eq!(t.left[0xff], OVERFLOW);
        assert_eq!(t.right[0xff00], OVERFLOW);
        let e = t.left[0x0ee];
        assert_eq!(e & ROW_MASK, 0xf);
        assert_eq!(e >> GAIN_SHIFT, 1 << 13);
        assert_eq!(move4(0xeeee, Dir::L), Some((0xff, 1 << 16)));
        assert_eq!(tiles4(0x1000_0f00_0020_0301), 5);
        assert_eq!(move4(0xff, Dir::L), None);
        assert_eq!(move4(0x11, Dir::R), Some((0x2000, 4)));
    }
}
