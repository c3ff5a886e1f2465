//! NoGo play-out: the board, the move list and the checker's verdict, with their text formats.
//!
//! Coordinates are 0-based inside the program (`row` 0 is the top row); the text formats are 1-based.
//! The only rule checked here is the input constraint (every group of the initial board has a
//! liberty); legality of moves, the play-out and the checker live in the engines.

use crate::text::{Lines, ParseError, Token};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// Largest board side n.
pub const MAX_N: usize = 1000;

/// A side. Black (`X`) moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The side that plays the move with 0-based index `index` of a game: black plays 0, 2, 4, ...
    pub fn to_play(index: usize) -> Colour {
        if index.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    /// The board character: `X` or `O`.
    pub fn symbol(self) -> char {
        match self {
            Colour::Black => 'X',
            Colour::White => 'O',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A point named by a move, 0-based. A move read from text may lie outside the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub row: u32,
    pub col: u32,
}

impl Move {
    /// The 0-based point (`row`, `col`).
    pub fn new(row: usize, col: usize) -> Self {
        Move {
            row: u32::try_from(row).unwrap_or(u32::MAX),
            col: u32::try_from(col).unwrap_or(u32::MAX),
        }
    }
    pub fn r(self) -> usize {
        self.row as usize
    }
    pub fn c(self) -> usize {
        self.col as usize
    }
    /// True when the point lies on an n x n board.
    pub fn on_board(self, n: usize) -> bool {
        self.r() < n && self.c() < n
    }
}

impl fmt::Display for Move {
    /// 1-based, as in the text formats: `(row col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "({} {})",
            u64::from(self.row) + 1,
            u64::from(self.col) + 1
        )
    }
}

/// An n x n position. `cells` is row-major, `n * n` long; `None` is an empty point.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub n: usize,
    pub cells: Vec<Option<Colour>>,
}

impl Board {
    /// An empty n x n board.
    pub fn empty(n: usize) -> Self {
        Board {
            n,
            cells: vec![None; n * n],
        }
    }
    pub fn idx(&self, r: usize, c: usize) -> usize {
        r * self.n + c
    }
    pub fn get(&self, r: usize, c: usize) -> Option<Colour> {
        self.cells[r * self.n + c]
    }
    pub fn set(&mut self, r: usize, c: usize, point: Option<Colour>) {
        let n = self.n;
        self.cells[r * n + c] = point;
    }
    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|p| p.is_some()).count()
    }

    /// The first stone, in row-major order, of the first group without a liberty (groups ordered by
    /// their first stone), or `None` when every group has one. Validation only.
    pub fn dead_group(&self) -> Option<(usize, usize)> {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut stack = Vec::new();
        for start in 0..n * n {
            let Some(colour) = self.cells[start] else {
                continue;
            };
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut free = false;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / n, i % n);
                let mut visit = |j: usize| match self.cells[j] {
                    None => free = true,
                    Some(other) if other == colour && !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    Some(_) => {}
                };
                if r > 0 {
                    visit(i - n);
                }
                if r + 1 < n {
                    visit(i + n);
                }
                if c > 0 {
                    visit(i - 1);
                }
                if c + 1 < n {
                    visit(i + 1);
                }
            }
            if !free {
                return Some((start / n, start % n));
            }
        }
        None
    }

    /// Checks every constraint of the input format. Parsing checks the same rules with positions;
    /// this is for boards built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_N).contains(&self.n) {
            return Err(format!("n = {}: 1 <= n <= {MAX_N}", self.n));
        }
        if self.cells.len() != self.n * self.n {
            return Err(format!(
                "the board has {} points, not n * n = {}",
                self.cells.len(),
                self.n * self.n
            ));
        }
        if let Some((r, c)) = self.dead_group() {
            return Err(dead_group_rule(self.get(r, c), r, c));
        }
        Ok(())
    }

    /// Parses the input format: `n`, then n lines of n characters `.`, `X`, `O`. Every rule is
    /// checked, with positions.
    pub fn parse(input: &[u8]) -> Result<Board, ParseError> {
        let mut lines = Lines::new(input);
        let header = lines.next_line("the board size `n`")?;
        let [n] = header.exactly("1 value, the board size `n`")?;
        let n = n.uint("n", 1, MAX_N)?;
        let mut board = Board::empty(n);
        // Where each row's first character stands, for the dead-group error.
        let mut row_at = Vec::with_capacity(n);
        for r in 0..n {
            let line = lines.next_line(format_args!("row {} of the board", r + 1))?;
            let row = line.first();
            if let Some(extra) = line.tokens().nth(1) {
                return Err(extra.error(format!(
                    "row {} of the board must be {n} characters with no space in between",
                    r + 1
                )));
            }
            for (j, &b) in row.text.iter().enumerate() {
                let point = match b {
                    b'.' => None,
                    b'X' => Some(Colour::Black),
                    b'O' => Some(Colour::White),
                    _ => {
                        let bad = Token {
                            line: row.line,
                            column: row.column + j,
                            text: &row.text[j..=j],
                        };
                        return Err(
                            bad.error(format!("a point of row {} must be `.`, `X` or `O`", r + 1))
                        );
                    }
                };
                if j < n {
                    board.cells[r * n + j] = point;
                }
            }
            let len = row.text.len();
            if len != n {
                let rule = format!(
                    "row {} of the board must have n = {n} characters, found {len}",
                    r + 1
                );
                return Err(if len > n {
                    Token {
                        line: row.line,
                        column: row.column + n,
                        text: &row.text[n..],
                    }
                    .error(rule)
                } else {
                    row.error(rule)
                });
            }
            row_at.push((row.line, row.column));
        }
        lines.expect_end(format_args!("the {n} rows of the board"))?;
        if let Some((r, c)) = board.dead_group() {
            let stone = board.get(r, c);
            return Err(ParseError {
                line: row_at[r].0,
                column: row_at[r].1 + c,
                token: stone.map(|s| s.to_string()),
                rule: dead_group_rule(stone, r, c),
            });
        }
        Ok(board)
    }

    /// Writes the input format; `Board::parse(board.write())` gives the board back.
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1) + 8);
        let _ = writeln!(out, "{}", self.n);
        out.push_str(&self.picture());
        out
    }

    /// The rows of the board, one line each, as in the input format (without the size line).
    pub fn picture(&self) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1));
        for row in self.cells.chunks(self.n.max(1)) {
            out.extend(row.iter().map(|p| p.map_or('.', Colour::symbol)));
            out.push('\n');
        }
        out
    }
}

fn dead_group_rule(stone: Option<Colour>, r: usize, c: usize) -> String {
    let colour = stone.map_or('?', Colour::symbol);
    format!(
        "the {colour} group whose first stone is at row {} column {} has no liberty \
         (every group needs an empty 4-neighbour)",
        r + 1,
        c + 1
    )
}

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
fn parse_plain_moves(input: &[u8]) -> Option<Vec<Move>> {
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
fn parse_moves_checked(input: &[u8]) -> Result<Vec<Move>, ParseError> {
    let mut moves = Vec::new();
    for line in Lines::new(input) {
        let number = moves.len() + 1;
        let [row, col] = line.exactly(format_args!("2 values `r c` (move {number})"))?;
        let max = i64::from(u32::MAX);
        let row = row.int(format_args!("the row of move {number}"), 1, max)?;
        let col = col.int(format_args!("the column of move {number}"), 1, max)?;
        // Both in 1..=u32::MAX, so the conversions cannot fail.
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
        let (r, c) = (u64::from(m.row) + 1, u64::from(m.col) + 1);
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

/// What the checker says about a proposed move list. `number` is the 1-based position of the
/// offending move in the list; `colour` is the side whose turn it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// Every move was legal and, at the end, the side to move has no legal point.
    Ok,
    /// The move names a point outside the n x n board.
    OffBoard {
        number: usize,
        at: Move,
        colour: Colour,
        n: usize,
    },
    /// The move names a point that already holds a stone (of colour `by`).
    Occupied {
        number: usize,
        at: Move,
        colour: Colour,
        by: Colour,
    },
    /// The point is empty but illegal for the side to move: some group would have no liberty.
    Illegal {
        number: usize,
        at: Move,
        colour: Colour,
    },
    /// Every move was legal, but the side to move still has a legal point; `at` is its first one
    /// in row-major order.
    NotOver { colour: Colour, at: Move },
}

impl Verdict {
    pub fn is_ok(&self) -> bool {
        matches!(self, Verdict::Ok)
    }
    /// A short name of the kind of verdict, for coverage counters and reports.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::OffBoard { .. } => "off board",
            Verdict::Occupied { .. } => "occupied",
            Verdict::Illegal { .. } => "illegal",
            Verdict::NotOver { .. } => "not over",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Verdict::Ok => write!(f, "ok"),
            Verdict::OffBoard { number, at, n, .. } => {
                write!(f, "move {number} {at}: off the {n}x{n} board")
            }
            Verdict::Occupied { number, at, by, .. } => {
                write!(f, "move {number} {at}: occupied by {by}")
            }
            Verdict::Illegal { number, at, colour } => {
                write!(f, "move {number} {at}: illegal for {colour}")
            }
            Verdict::NotOver { colour, at } => write!(
                f,
                "game not over: {colour} can still play {} {}",
                u64::from(at.row) + 1,
                u64::from(at.col) + 1
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> ParseError {
        Board::parse(input.as_bytes()).unwrap_err()
    }

    #[test]
    fn board_round_trip() {
        let text = "3\n.XO\nX.O\nOO.\n";
        let b = Board::parse(text.as_bytes()).unwrap();
        assert_eq!(b.n, 3);
        assert_eq!(b.get(0, 1), Some(Colour::Black));
        assert_eq!(b.get(0, 2), Some(Colour::White));
        assert_eq!(b.get(1, 1), None);
        assert_eq!(b.stones(), 6);
        assert_eq!(b.write(), text);
        assert_eq!(Board::parse(b.write().as_bytes()).unwrap(), b);
        assert!(b.validate().is_ok());
        // CRLF, blank lines and surrounding spaces are harmless.
        let b2 = Board::parse(b"\r\n 3 \r\n\n.XO\r\n  X.O\nOO.\n\n").unwrap();
        assert_eq!(b2, b);
        let one = Board::parse(b"1\n.").unwrap();
        assert_eq!(one, Board::empty(1));
        assert_eq!(one.write(), "1\n.\n");
    }

    #[test]
    fn size_errors() {
        let e = err("0\n");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(
            e.rule.contains("n = 0 is out of range: 1 <= n <= 1000"),
            "{e}"
        );
        let e = err("1001\n");
        assert!(e.rule.contains("n = 1001 is out of range"), "{e}");
        let e = err("x\n");
        assert_eq!(
            e.to_string(),
            "line 1, column 1, token `x`: n must be an integer"
        );
        let e = err("2 2\n..\n..\n");
        assert_eq!((e.line, e.column), (1, 3));
        assert!(e.rule.contains("extra value"), "{e}");
        let e = err("");
        assert!(e.rule.contains("expected the board size"), "{e}");
    }

    #[test]
    fn row_errors() {
        let e = err("3\n...\n..\n...\n");
        assert_eq!((e.line, e.column), (3, 1));
        assert_eq!(e.token.as_deref(), Some(".."));
        assert_eq!(
            e.rule,
            "row 2 of the board must have n = 3 characters, found 2"
        );
        let e = err("3\n...\n....X\n...\n");
        assert_eq!((e.line, e.column), (3, 4));
        assert_eq!(e.token.as_deref(), Some(".X"));
        assert!(e.rule.contains("found 5"), "{e}");
        let e = err("3\n...\n.x.\n...\n");
        assert_eq!(
            e.to_string(),
            "line 3, column 2, token `x`: a point of row 2 must be `.`, `X` or `O`"
        );
        let e = err("3\n...\n. .\n...\n");
        assert_eq!((e.line, e.column), (3, 3));
        assert!(e.rule.contains("no space"), "{e}");
        let e = Board::parse(b"2\n..\n\xff.\n").unwrap_err();
        assert_eq!(e.token.as_deref(), Some("\\xff"));
        assert_eq!((e.line, e.column), (3, 1));
    }

    #[test]
    fn line_count_errors() {
        let e = err("3\n...\n...\n");
        assert_eq!(e.line, 3);
        assert!(
            e.rule
                .contains("unexpected end of input: expected row 3 of the board"),
            "{e}"
        );
        let e = err("2\n..\n..\n..\n");
        assert_eq!((e.line, e.column), (4, 1));
        assert!(e.rule.contains("trailing input after the 2 rows"), "{e}");
        let e = err("2\n..\n..\n5\n");
        assert!(e.rule.contains("trailing"), "{e}");
    }

    #[test]
    fn a_group_without_liberty_is_named_by_its_first_stone() {
        // The O group {(1,3),(2,3)} is surrounded; its first stone is row 1 column 3.
        let e = err("3\n.XO\n.XO\n.XX\n");
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(e.token.as_deref(), Some("O"));
        assert!(
            e.rule
                .starts_with("the O group whose first stone is at row 1 column 3 has no liberty"),
            "{e}"
        );
        // The first X stone at (1,1) is a dead group on its own.
        let e = err("\n3\n  XOX\n  OOX\n  XX.\n");
        assert_eq!((e.line, e.column), (3, 3));
        assert!(
            e.rule
                .contains("the X group whose first stone is at row 1 column 1"),
            "{e}"
        );
        let e = err("1\nX\n");
        assert!(e.rule.contains("row 1 column 1 has no liberty"), "{e}");
        let mut b = Board::empty(2);
        b.set(0, 0, Some(Colour::Black));
        b.set(0, 1, Some(Colour::White));
        b.set(1, 0, Some(Colour::White));
        assert_eq!(b.dead_group(), Some((0, 0)));
        assert!(b.validate().unwrap_err().contains("row 1 column 1"));
        b.set(1, 1, Some(Colour::White));
        assert_eq!(b.dead_group(), Some((0, 0)));
        b.set(0, 0, None);
        assert_eq!(b.dead_group(), None);
        b.set(0, 0, Some(Colour::White));
        assert_eq!(b.dead_group(), Some((0, 0)), "a full board has no liberty");
    }

    #[test]
    fn written_moves_read_as_formatted_numbers() {
        let values = [
            0u32,
            1,
            8,
            9,
            10,
            98,
            99,
            100,
            998,
            999,
            1000,
            9998,
            9999,
            10_000,
            123_456,
            99_999_999,
            999_999_999,
            1_000_000_000,
            u32::MAX - 1,
            u32::MAX,
        ];
        let moves: Vec<Move> = values
            .iter()
            .flat_map(|&r| values.iter().map(move |&c| Move { row: r, col: c }))
            .collect();
        let want: String = moves
            .iter()
            .map(|m| format!("{} {}\n", u64::from(m.row) + 1, u64::from(m.col) + 1))
            .collect();
        assert_eq!(write_moves(&moves), want);
        assert_eq!(write_moves(&[]), "");
        assert_eq!(
            write_moves(&[Move::new(999, 0), Move::new(0, 999)]),
            "1000 1\n1 1000\n"
        );
    }

    #[test]
    fn moves_round_trip_and_errors() {
        let moves = parse_moves(b"1 1\n\n3 12\r\n  2 1  \n").unwrap();
        assert_eq!(
            moves,
            vec![Move::new(0, 0), Move::new(2, 11), Move::new(1, 0)]
        );
        assert_eq!(write_moves(&moves), "1 1\n3 12\n2 1\n");
        assert_eq!(parse_moves(write_moves(&moves).as_bytes()).unwrap(), moves);
        assert_eq!(parse_moves(b"").unwrap(), vec![]);
        assert_eq!(parse_moves(b"\n \n").unwrap(), vec![]);
        // Far off any board, still a move: the checker says where it is.
        let far = parse_moves(b"4294967295 1\n").unwrap();
        assert_eq!(
            far,
            vec![Move {
                row: u32::MAX - 1,
                col: 0
            }]
        );
        assert_eq!(far[0].to_string(), "(4294967295 1)");
        let e = parse_moves(b"1 1\n2\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 0));
        assert!(e.rule.contains("2 values `r c` (move 2)"), "{e}");
        let e = parse_moves(b"1 1 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        let e = parse_moves(b"1 1\n0 3\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1, token `0`: the row of move 2 = 0 is out of range: \
             1 <= the row of move 2 <= 4294967295"
        );
        let e = parse_moves(b"1 -1\n").unwrap_err();
        assert!(
            e.rule.contains("the column of move 1 = -1 is out of range"),
            "{e}"
        );
        let e = parse_moves(b"1 a\n").unwrap_err();
        assert_eq!(e.rule, "the column of move 1 must be an integer");
        let e = parse_moves(b"99999999999 1\n").unwrap_err();
        assert!(e.rule.contains("out of range"), "{e}");
        assert_eq!(
            parse_moves(b"0001 1234567890\n").unwrap(),
            vec![Move::new(0, 1_234_567_889)]
        );
    }

    /// The fast path and the tokenizer agree on every input the fast path accepts, and the fast
    /// path accepts the writer's output.
    #[test]
    fn plain_and_checked_move_parsers_agree() {
        let alphabet = b"0123456789  \t\r\n\n\x0b-x";
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut accepted = 0;
        for round in 0..4000 {
            let len = round % 24;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let checked = parse_moves_checked(&input);
            if let Some(plain) = parse_plain_moves(&input) {
                assert_eq!(Ok(plain), checked, "{:?}", String::from_utf8_lossy(&input));
                accepted += 1;
            }
            assert_eq!(parse_moves(&input), checked);
        }
        assert!(accepted > 100, "{accepted}");
        let moves: Vec<Move> = (0..300).map(|i| Move::new(i * 7 % 1000, i * 13)).collect();
        assert_eq!(
            parse_plain_moves(write_moves(&moves).as_bytes()),
            Some(moves)
        );
    }

    #[test]
    fn verdicts_read_like_the_rules() {
        let at = Move::new(2, 3);
        assert_eq!(Verdict::Ok.to_string(), "ok");
        assert_eq!(
            Verdict::Illegal {
                number: 7,
                at,
                colour: Colour::White
            }
            .to_string(),
            "move 7 (3 4): illegal for O"
        );
        assert_eq!(
            Verdict::NotOver {
                colour: Colour::Black,
                at: Move::new(4, 0)
            }
            .to_string(),
            "game not over: X can still play 5 1"
        );
        assert_eq!(
            Verdict::Occupied {
                number: 2,
                at,
                colour: Colour::White,
                by: Colour::Black
            }
            .to_string(),
            "move 2 (3 4): occupied by X"
        );
        assert_eq!(
            Verdict::OffBoard {
                number: 1,
                at: Move::new(12, 0),
                colour: Colour::Black,
                n: 12
            }
            .to_string(),
            "move 1 (13 1): off the 12x12 board"
        );
        assert!(Verdict::Ok.is_ok());
        assert_eq!(
            Verdict::NotOver {
                colour: Colour::Black,
                at
            }
            .kind(),
            "not over"
        );
    }

    #[test]
    fn colours_alternate_black_first() {
        assert_eq!(Colour::to_play(0), Colour::Black);
        assert_eq!(Colour::to_play(1), Colour::White);
        assert_eq!(Colour::to_play(6), Colour::Black);
        assert_eq!(Colour::Black.other(), Colour::White);
        assert!(Move::new(2, 2).on_board(3));
        assert!(!Move::new(3, 0).on_board(3));
    }
}
