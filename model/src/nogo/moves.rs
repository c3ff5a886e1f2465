//! The move list format: parsing (a fast path for plain lines, the tokenizer for the rest, with
//! positions) and writing.

use super::text_coordinate;
use super::Move;
use crate::text::{Lines, ParseError};

/// Parses a move list: one move `r c` (1-based row and column) per line, nothing else. An empty
/// input is the empty list. Coordinates must be positive integers; whether they lie on the board is
/// the checker's business, not the parser's.
pub fn parse_moves(input: &[u8]) -> Result<Vec<Move>, ParseError> {
    match parse_plain_moves(input) {
        Some(moves) => Ok(moves),
        None => parse_moves_checked(input),
    }
}

/// The common case, a million lines in milliseconds: every non-blank line holds two plain numbers
/// of 1 to 9 digits, neither 0. `None` as soon as anything else shows up (the tokenizer then finds
/// the error). Separators and blank lines are those of [`Lines`].
pub(super) fn parse_plain_moves(input: &[u8]) -> Option<Vec<Move>> {
    let is_sep = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c);
    let mut moves = Vec::with_capacity(input.len() / 8);
    for line in input.split(|&b| b == b'\n') {
        let mut values = [0u32; 2];
        let mut count = 0;
        for token in line.split(is_sep).filter(|t| !t.is_empty()) {
            if count == 2 || token.len() > 9 || !token.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let value = token
                .iter()
                .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            values[count] = value.checked_sub(1)?;
            count += 1;
        }
        match count {
            0 => {}
            2 => moves.push(Move {
                row: values[0],
                col: values[1],
            }),
            _ => return None,
        }
    }
    Some(moves)
}

/// The move list through the tokenizer, every rule checked with its position.
pub(super) fn parse_moves_checked(input: &[u8]) -> Result<Vec<Move>, ParseError> {
    let mut moves = Vec::new();
    for line in Lines::new(input) {
        let number = moves.len() + 1;
        let [row, col] = line.exactly(format_args!("2 values `r c` (move {number})"))?;
        let max = i64::from(u32::MAX);
        // 0 is read (it is off every board, judged by the checker like a number past the last
        // line); it becomes u32::MAX, which no other number can.
        let row = row.int(format_args!("the row of move {number}"), 0, max)?;
        let col = col.int(format_args!("the column of move {number}"), 0, max)?;
        moves.push(Move {
            row: u32::try_from(row - 1).unwrap_or(u32::MAX),
            col: u32::try_from(col - 1).unwrap_or(u32::MAX),
        });
    }
    Ok(moves)
}

/// Writes a move list, one `r c` line per move (1-based); `parse_moves` reads it back.
///
/// A million moves make about 9 MB of text. Numbers below 10000 (every move on a board of the
/// statement) come from a table of their digits, and a line is put together in one 16-byte word,
/// appended whole; the next line overwrites its tail. Larger numbers go digit pair by digit pair.
pub fn write_moves(moves: &[Move]) -> String {
    // Lines are at most 10 bytes while coordinates stay below 10000; longer ones grow the buffer.
    let mut out = Vec::with_capacity(moves.len() * 10 + LINE);
    for m in moves {
        let (r, c) = (text_coordinate(m.row), text_coordinate(m.col));
        let at = out.len();
        if r < 10_000 && c < 10_000 {
            let (rd, rl) = SMALL[r as usize];
            let (cd, cl) = SMALL[c as usize];
            let (rl, cl) = (u32::from(rl), u32::from(cl));
            let word = u128::from(rd)
                | u128::from(b' ') << (8 * rl)
                | u128::from(cd) << (8 * (rl + 1))
                | u128::from(b'\n') << (8 * (rl + cl + 1));
            out.extend_from_slice(&word.to_le_bytes());
            out.truncate(at + (rl + cl + 2) as usize);
        } else {
            let mut line = [0u8; LINE];
            let mut len = put_decimal(&mut line, 0, r);
            line[len] = b' ';
            len = put_decimal(&mut line, len + 1, c);
            line[len] = b'\n';
            out.extend_from_slice(&line);
            out.truncate(at + len + 1);
        }
    }
    // Only ASCII digits, spaces and newlines were written.
    String::from_utf8(out).unwrap_or_default()
}

/// For each number below 10000, its decimal digits as the little-endian bytes of a word, and how
/// many.
static SMALL: [(u32, u8); 10_000] = {
    let mut table = [(0u32, 0u8); 10_000];
    let mut v = 0;
    while v < 10_000 {
        let mut len = 1;
        while len < 4 && v >= [1, 10, 100, 1000][len] {
            len += 1;
        }
        let mut word = 0u32;
        let mut x = v;
        let mut i = len;
        while i > 0 {
            i -= 1;
            word |= (b'0' as u32 + (x % 10) as u32) << (8 * i);
            x /= 10;
        }
        table[v] = (word, len as u8);
        v += 1;
    }
    table
};

/// Room for one line of [`write_moves`]: two numbers of up to 10 digits, a space, a newline.
const LINE: usize = 32;

/// "00" to "99".
const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// Writes `v` (at most 20 digits) in decimal at `line[at..]`; returns where it ends.
fn put_decimal(line: &mut [u8; LINE], at: usize, v: u64) -> usize {
    let mut digits = 1;
    let mut bound = 10u64;
    while digits < 20 && v >= bound {
        digits += 1;
        bound = bound.saturating_mul(10);
    }
    let end = at + digits;
    let (mut x, mut i) = (v, end);
    while x >= 100 {
        let d = (x % 100) as usize;
        x /= 100;
        i -= 2;
        line[i..i + 2].copy_from_slice(&DIGIT_PAIRS[2 * d..2 * d + 2]);
    }
    if x >= 10 {
        let d = x as usize;
        line[i - 2..i].copy_from_slice(&DIGIT_PAIRS[2 * d..2 * d + 2]);
    } else {
        line[i - 1] = b'0' + x as u8;
    }
    end
}
