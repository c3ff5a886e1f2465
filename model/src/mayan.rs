//! Mayan puzzle (NOIP 2011): the case, the move, the answer, and both text formats.
//!
//! The board has [`COLS`] columns (x = 0..4, left to right) and [`ROWS`] rows (y = 0..6, bottom to
//! top). `cells[x][y]` is the colour at (x, y), 0 for an empty cell. Blocks stand on the floor or on
//! other blocks: in every column the blocks fill rows 0..height and nothing above is set.
//!
//! Input format: the number of moves `n` on a line, then one line per column x = 0..4 with the colours
//! of that column bottom-up, ended by `0`. Output format: one line `x y g` per move, or `-1`.

use crate::text::{Lines, ParseError, Token};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt::{self, Write as _};

/// Number of columns.
pub const COLS: usize = 5;
/// Number of rows.
pub const ROWS: usize = 7;
/// Largest colour.
pub const MAX_COLOUR: u8 = 10;
/// Largest number of moves.
pub const MAX_MOVES: usize = 5;

/// A drag: the block at (x, y) goes one column right (`g = 1`) or left (`g = -1`).
///
/// Moves are ordered as the statement asks: by x, then y, then `g = 1` before `g = -1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub x: u8,
    pub y: u8,
    pub g: i8,
}

impl Move {
    pub fn new(x: usize, y: usize, g: i8) -> Self {
        debug_assert!(x < COLS && y < ROWS && (g == 1 || g == -1));
        Move {
            x: x as u8,
            y: y as u8,
            g,
        }
    }

    /// The sort key: (x, y, 0 for right, 1 for left).
    pub fn key(self) -> (u8, u8, u8) {
        (self.x, self.y, u8::from(self.g != 1))
    }

    /// The target column, when it is on the board.
    pub fn target(self) -> Option<usize> {
        let t = i32::from(self.x) + i32::from(self.g);
        (0..COLS as i32).contains(&t).then_some(t as usize)
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Move {
    /// As in the output format: `x y g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.g)
    }
}

/// The answer: the lexicographically smallest sequence of exactly n moves that empties the board, or
/// `None` when there is none (printed `-1`).
pub type Answer = Option<Vec<Move>>;

/// Writes an answer in the output format: one `x y g` line per move, or `-1`.
pub fn write_answer(answer: &Answer) -> String {
    match answer {
        None => "-1\n".to_string(),
        Some(moves) => {
            let mut out = String::with_capacity(7 * moves.len());
            for m in moves {
                let _ = writeln!(out, "{m}");
            }
            out
        }
    }
}

/// Parses the output format for a case of `n` moves: either the single line `-1`, or exactly `n`
/// lines `x y g` with 0 <= x <= 4, 0 <= y <= 6, g = 1 or -1. Whether the moves are legal or empty
/// the board is for the engines to say, not for the format.
pub fn parse_answer(input: &[u8], n: usize) -> Result<Answer, ParseError> {
    let mut lines = Lines::new(input);
    let first = lines.next_line("`-1` or the first move `x y g`")?;
    if first.len() == 1 && first.first().text == b"-1" {
        lines.expect_end("`-1`")?;
        return Ok(None);
    }
    let mut moves = Vec::with_capacity(n);
    let mut line = first;
    for i in 0..n {
        if i > 0 {
            line = lines.next_line(format_args!("move {} of {n} `x y g`", i + 1))?;
        }
        let [x, y, g_token] = line.exactly("3 values `x y g`")?;
        let x = x.uint("x", 0, COLS - 1)?;
        let y = y.uint("y", 0, ROWS - 1)?;
        let g = g_token.int("g", -1, 1)?;
        if g == 0 {
            return Err(g_token.error("g must be 1 (right) or -1 (left)"));
        }
        moves.push(Move::new(x, y, g as i8));
    }
    lines.expect_end(format_args!("the {n} moves"))?;
    Ok(Some(moves))
}

/// A run found on a board (validation only; the engines find runs their own way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Run {
    /// The leftmost (horizontal) or lowest (vertical) cell.
    pub x: usize,
    pub y: usize,
    pub horizontal: bool,
    pub colour: u8,
}

/// The board: `cells[x][y]`, 0 for empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub cells: [[u8; ROWS]; COLS],
}

impl Board {
    /// The empty board.
    pub fn empty() -> Self {
        Board::default()
    }

    /// A board from its columns, each bottom-up. Fails when a column is taller than [`ROWS`], a
    /// colour is out of 1..=10, or there are not [`COLS`] columns. Runs are not checked here.
    pub fn from_columns<C: AsRef<[u8]>>(columns: &[C]) -> Result<Board, String> {
        if columns.len() != COLS {
            return Err(format!("expected {COLS} columns, found {}", columns.len()));
        }
        let mut board = Board::empty();
        for (x, col) in columns.iter().enumerate() {
            let col = col.as_ref();
            if col.len() > ROWS {
                return Err(format!(
                    "column {x} holds {} blocks: at most {ROWS}",
                    col.len()
                ));
            }
            for (y, &c) in col.iter().enumerate() {
                if !(1..=MAX_COLOUR).contains(&c) {
                    return Err(format!(
                        "colour {c} at ({x}, {y}): colours are 1..={MAX_COLOUR}"
                    ));
                }
                board.cells[x][y] = c;
            }
        }
        Ok(board)
    }

    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[x][y]
    }

    /// Number of blocks in column x (the blocks fill rows 0..height on a valid board).
    pub fn height(&self, x: usize) -> usize {
        self.cells[x].iter().take_while(|&&c| c != 0).count()
    }

    /// The blocks of column x, bottom-up.
    pub fn column(&self, x: usize) -> &[u8] {
        &self.cells[x][..self.height(x)]
    }

    /// The columns, bottom-up.
    pub fn columns(&self) -> Vec<Vec<u8>> {
        (0..COLS).map(|x| self.column(x).to_vec()).collect()
    }

    /// Number of blocks on the board.
    pub fn blocks(&self) -> usize {
        self.cells.iter().flatten().filter(|&&c| c != 0).count()
    }

    /// True when no cell holds a block.
    pub fn is_cleared(&self) -> bool {
        self.cells.iter().flatten().all(|&c| c == 0)
    }

    /// How many blocks of each colour: index c for colour c (index 0 unused).
    pub fn colour_counts(&self) -> [usize; MAX_COLOUR as usize + 1] {
        let mut counts = [0; MAX_COLOUR as usize + 1];
        for &c in self.cells.iter().flatten() {
            if c != 0 {
                counts[usize::from(c).min(MAX_COLOUR as usize)] += 1;
            }
        }
        counts
    }

    /// The distinct colours on the board, ascending.
    pub fn colours(&self) -> Vec<u8> {
        let counts = self.colour_counts();
        (1..=MAX_COLOUR)
            .filter(|&c| counts[usize::from(c)] > 0)
            .collect()
    }

    /// The first floating block (an empty cell below it), scanning x then y.
    pub fn find_floating(&self) -> Option<(usize, usize)> {
        for x in 0..COLS {
            let h = self.height(x);
            if let Some(y) = (h..ROWS).find(|&y| self.cells[x][y] != 0) {
                return Some((x, y));
            }
        }
        None
    }

    /// The first run (>= 3 equal colours in a row or column), scanning x then y, horizontal first.
    pub fn find_run(&self) -> Option<Run> {
        for x in 0..COLS {
            for y in 0..ROWS {
                let c = self.cells[x][y];
                if c == 0 {
                    continue;
                }
                if x + 2 < COLS && self.cells[x + 1][y] == c && self.cells[x + 2][y] == c {
                    return Some(Run {
                        x,
                        y,
                        horizontal: true,
                        colour: c,
                    });
                }
                if y + 2 < ROWS && self.cells[x][y + 1] == c && self.cells[x][y + 2] == c {
                    return Some(Run {
                        x,
                        y,
                        horizontal: false,
                        colour: c,
                    });
                }
            }
        }
        None
    }

    /// Checks what every board between moves satisfies: colours in range, nothing floating, no run.
    pub fn validate(&self) -> Result<(), String> {
        for x in 0..COLS {
            for y in 0..ROWS {
                let c = self.cells[x][y];
                if c > MAX_COLOUR {
                    return Err(format!(
                        "colour {c} at ({x}, {y}): colours are 1..={MAX_COLOUR}"
                    ));
                }
            }
        }
        if let Some((x, y)) = self.find_floating() {
            return Err(format!(
                "the block at ({x}, {y}) floats: the cell below it is empty"
            ));
        }
        if let Some(run) = self.find_run() {
            let dir = if run.horizontal {
                "horizontal"
            } else {
                "vertical"
            };
            return Err(format!(
                "the board has a {dir} run of colour {} starting at ({}, {})",
                run.colour, run.x, run.y
            ));
        }
        Ok(())
    }

    /// A picture, top row first: one line per row, `.` for empty, colours right-aligned.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for y in (0..ROWS).rev() {
            let _ = write!(out, "y={y} |");
            for x in 0..COLS {
                match self.cells[x][y] {
                    0 => out.push_str("  ."),
                    c => {
                        let _ = write!(out, "{c:>3}");
                    }
                }
            }
            out.push('\n');
        }
        out.push_str("      ");
        for x in 0..COLS {
            let _ = write!(out, "{x:>3}");
        }
        out.push_str("  (x)\n");
        out
    }
}

/// A whole Mayan puzzle input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    /// The exact number of moves, 1..=5.
    pub n: usize,
    pub board: Board,
}

impl Case {
    /// Checks every constraint of the statement, for cases built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_MOVES).contains(&self.n) {
            return Err(format!("n = {}: 1 <= n <= {MAX_MOVES}", self.n));
        }
        self.board.validate()
    }

    /// Parses the contest format, checking every rule with its position.
    pub fn parse(input: &[u8]) -> Result<Case, ParseError> {
        let mut lines = Lines::new(input);
        let header = lines.next_line("the number of moves `n`")?;
        let [n] = header.exactly("1 value `n`")?;
        let n = n.uint("n", 1, MAX_MOVES)?;
        let mut board = Board::empty();
        // The token of every block, to point at a run.
        let mut places: [[Option<Token<'_>>; ROWS]; COLS] = [[None; ROWS]; COLS];
        for (x, column_places) in places.iter_mut().enumerate() {
            let line = lines.next_line(format_args!(
                "the line of column x = {x} (x = 0..{}): its colours bottom-up, ended by 0",
                COLS - 1
            ))?;
            let mut ended = false;
            for (i, tok) in line.tokens().enumerate() {
                if ended {
                    return Err(tok.error(format!(
                        "unexpected trailing input after the 0 that ends column {x}"
                    )));
                }
                let v = column_value(&tok, x)?;
                if v == 0 {
                    ended = true;
                    continue;
                }
                if i >= ROWS {
                    return Err(tok.error(format!(
                        "column {x} is taller than {ROWS} rows: this is its block number {} \
                         and the column is not yet ended by 0",
                        i + 1
                    )));
                }
                board.cells[x][i] = v;
                column_places[i] = Some(tok);
            }
            if !ended {
                return Err(ParseError {
                    line: line.number,
                    column: 0,
                    token: None,
                    rule: format!("column {x} must be ended by 0"),
                });
            }
        }
        lines.expect_end(format_args!("the {COLS} columns"))?;
        if let Some(run) = board.find_run() {
            let dir = if run.horizontal {
                "horizontal"
            } else {
                "vertical"
            };
            let rule = format!(
                "the initial board must have no run, but a {dir} run of colour {} starts at x = {}, y = {}",
                run.colour, run.x, run.y
            );
            return Err(match places[run.x][run.y] {
                Some(tok) => tok.error(rule),
                None => ParseError::at_line(1, rule),
            });
        }
        Ok(Case { n, board })
    }

    /// Writes the contest format; `Case::parse(case.write())` gives the case back.
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(64);
        let _ = writeln!(out, "{}", self.n);
        for x in 0..COLS {
            for &c in self.board.column(x) {
                let _ = write!(out, "{c} ");
            }
            out.push_str("0\n");
        }
        out
    }
}

/// A value of a column line: 0 (the end of the column) or a colour 1..=10.
fn column_value(tok: &Token<'_>, x: usize) -> Result<u8, ParseError> {
    let out_of_range = |shown: &str| {
        tok.error(format!(
            "colour {shown} is out of range: colours are 1..={MAX_COLOUR} (0 ends the column)"
        ))
    };
    match tok.int(
        format_args!("a value of column {x}"),
        i64::MIN + 1,
        i64::MAX,
    ) {
        Ok(v) if (0..=i64::from(MAX_COLOUR)).contains(&v) => Ok(v as u8),
        Ok(v) => Err(out_of_range(&v.to_string())),
        Err(e) => {
            let digits = tok.text.strip_prefix(b"-").unwrap_or(tok.text);
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                // A number too large for an i64.
                Err(out_of_range(&crate::text::escape(tok.text)))
            } else {
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

    fn err(input: &str) -> ParseError {
        Case::parse(input.as_bytes()).unwrap_err()
    }

    #[test]
    fn sample_parses_and_round_trips() {
        let case = Case::parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(case.n, 3);
        assert_eq!(case.board.column(0), &[1]);
        assert_eq!(case.board.column(2), &[2, 3, 4]);
        assert_eq!(case.board.column(4), &[2, 4, 3, 4]);
        assert_eq!(case.board.blocks(), 12);
        assert_eq!(case.write(), SAMPLE);
        assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case);
        assert!(case.validate().is_ok());
    }

    #[test]
    fn empty_columns_and_blank_lines_round_trip() {
        let case = Case::parse(b"\n5\r\n0\n\n1 2 1 2 1 2 1 0\n0\n0\n0 \n").unwrap();
        assert_eq!(case.board.height(1), 7);
        assert_eq!(case.board.height(0), 0);
        let again = Case::parse(case.write().as_bytes()).unwrap();
        assert_eq!(again, case);
        let empty = Case::parse(b"1\n0\n0\n0\n0\n0\n").unwrap();
        assert!(empty.board.is_cleared());
        assert_eq!(empty.write(), "1\n0\n0\n0\n0\n0\n");
    }

    #[test]
    fn n_must_be_one_to_five() {
        let e = err(&SAMPLE.replacen('3', "6", 1));
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.rule.contains("n = 6 is out of range: 1 <= n <= 5"), "{e}");
        let e = err(&SAMPLE.replacen('3', "0", 1));
        assert!(e.rule.contains("n = 0 is out of range"), "{e}");
        let e = err(&SAMPLE.replacen("3\n", "3 4\n", 1));
        assert_eq!((e.line, e.column), (1, 3));
        assert!(e.rule.contains("extra value"), "{e}");
        let e = err(&SAMPLE.replacen('3', "three", 1));
        assert_eq!(e.token.as_deref(), Some("three"));
        assert!(e.rule.contains("n must be an integer"), "{e}");
        let e = err("");
        assert!(e.rule.contains("expected the number of moves"), "{e}");
    }

    #[test]
    fn column_errors_name_line_token_and_rule() {
        // A column taller than 7.
        let e = err("1\n1 2 1 2 1 2 1 2 0\n0\n0\n0\n0\n");
        assert_eq!((e.line, e.column), (2, 15));
        assert_eq!(e.token.as_deref(), Some("2"));
        assert!(e.rule.contains("column 0 is taller than 7 rows"), "{e}");
        // A colour out of range, both ways.
        let e = err(&SAMPLE.replace("2 3 4 0", "2 11 4 0"));
        assert_eq!((e.line, e.column), (4, 3));
        assert!(e.rule.contains("colour 11 is out of range"), "{e}");
        let e = err(&SAMPLE.replace("2 3 4 0", "2 -3 4 0"));
        assert!(e.rule.contains("colour -3 is out of range"), "{e}");
        let e = err(&SAMPLE.replace("2 3 4 0", "2 99999999999999999999999 4 0"));
        assert!(
            e.rule.contains("is out of range: colours are 1..=10"),
            "{e}"
        );
        // A missing terminating 0.
        let e = err(&SAMPLE.replace("3 1 0", "3 1"));
        assert_eq!((e.line, e.column), (5, 0));
        assert!(e.rule.contains("column 3 must be ended by 0"), "{e}");
        // A non-number.
        let e = err(&SAMPLE.replace("3 1 0", "3 x 0"));
        assert_eq!((e.line, e.column), (5, 3));
        assert!(e.rule.contains("must be an integer"), "{e}");
        // Something after the 0.
        let e = err(&SAMPLE.replace("3 1 0", "3 1 0 2"));
        assert_eq!((e.line, e.column), (5, 7));
        assert!(e.rule.contains("trailing input after the 0"), "{e}");
        // Too few column lines.
        let e = err("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n");
        assert!(
            e.rule
                .contains("unexpected end of input: expected the line of column x = 4"),
            "{e}"
        );
        // Too many column lines (trailing garbage).
        let e = err(&format!("{SAMPLE}1 0\n"));
        assert_eq!(e.line, 7);
        assert!(e.rule.contains("trailing input after the 5 columns"), "{e}");
        let e = err(&format!("{SAMPLE}junk"));
        assert!(e.rule.contains("trailing"), "{e}");
    }

    #[test]
    fn initial_runs_are_rejected_at_their_first_block() {
        let e = err("1\n1 0\n2 1 0\n3 1 0\n4 1 0\n0\n");
        assert_eq!((e.line, e.column), (3, 3));
        assert!(
            e.rule
                .contains("horizontal run of colour 1 starts at x = 1, y = 1"),
            "{e}"
        );
        let e = err("1\n0\n0\n2 4 4 4 0\n0\n0\n");
        assert_eq!((e.line, e.column), (4, 3));
        assert!(e.rule.contains("vertical run of colour 4"), "{e}");
        assert!(Case::parse(b"1\n0\n0\n2 4 4 2 4 0\n0\n0\n").is_ok());
    }

    #[test]
    fn binary_junk_is_an_error_not_a_panic() {
        let e = err("\u{0}\u{1}\n");
        assert_eq!(e.line, 1);
        let e = Case::parse(b"2\n\xff 0\n0\n0\n0\n0\n").unwrap_err();
        assert_eq!(e.token.as_deref(), Some("\\xff"));
    }

    #[test]
    fn validation_catches_floating_blocks_and_runs() {
        let mut board = Board::empty();
        board.cells[1][1] = 3;
        assert!(board.validate().unwrap_err().contains("floats"));
        board.cells[1][0] = 3;
        board.cells[1][2] = 3;
        assert!(board.validate().unwrap_err().contains("vertical run"));
        let case = Case {
            n: 0,
            board: Board::empty(),
        };
        assert!(case.validate().unwrap_err().contains("n = 0"));
        assert!(Board::from_columns(&[vec![1u8; 8], vec![], vec![], vec![], vec![]]).is_err());
        assert!(Board::from_columns(&[vec![11u8], vec![], vec![], vec![], vec![]]).is_err());
        assert!(Board::from_columns(&[vec![1u8]]).is_err());
    }

    #[test]
    fn moves_order_by_x_then_y_then_right_first() {
        let mut moves = vec![
            Move::new(1, 0, -1),
            Move::new(0, 3, 1),
            Move::new(1, 0, 1),
            Move::new(0, 2, -1),
        ];
        moves.sort();
        assert_eq!(
            moves,
            [
                Move::new(0, 2, -1),
                Move::new(0, 3, 1),
                Move::new(1, 0, 1),
                Move::new(1, 0, -1)
            ]
        );
        assert!(vec![Move::new(0, 0, 1), Move::new(4, 0, -1)] < vec![Move::new(0, 0, -1)]);
        assert_eq!(Move::new(0, 1, -1).target(), None);
        assert_eq!(Move::new(4, 1, 1).target(), None);
        assert_eq!(Move::new(2, 1, -1).target(), Some(1));
    }

    #[test]
    fn answers_round_trip() {
        let answer = Some(vec![
            Move::new(2, 1, 1),
            Move::new(3, 1, 1),
            Move::new(3, 0, 1),
        ]);
        let text = write_answer(&answer);
        assert_eq!(text, "2 1 1\n3 1 1\n3 0 1\n");
        assert_eq!(parse_answer(text.as_bytes(), 3).unwrap(), answer);
        assert_eq!(write_answer(&None), "-1\n");
        assert_eq!(parse_answer(b"-1\n", 3).unwrap(), None);
        let e = parse_answer(b"2 1 1\n3 1 0\n3 0 1\n", 3).unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        let e = parse_answer(b"2 1 1\n", 2).unwrap_err();
        assert!(e.rule.contains("expected move 2 of 2"), "{e}");
        let e = parse_answer(b"-1\n1 1 1\n", 1).unwrap_err();
        assert!(e.rule.contains("trailing"), "{e}");
        let e = parse_answer(b"5 1 1\n", 1).unwrap_err();
        assert!(e.rule.contains("x = 5 is out of range"), "{e}");
    }

    #[test]
    fn render_draws_the_top_row_first() {
        let case = Case::parse(SAMPLE.as_bytes()).unwrap();
        let picture = case.board.render();
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), ROWS + 1);
        assert_eq!(lines[ROWS - 1], "y=0 |  1  2  2  3  2");
        assert_eq!(lines[ROWS - 4], "y=3 |  .  .  .  .  4");
    }
}
