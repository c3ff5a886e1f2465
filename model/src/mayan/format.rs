//! The Mayan input format: the number of moves, then one line per column bottom-up, ended by `0`.

use super::{Board, Case, COLS, MAX_COLOUR, MAX_MOVES, ROWS};
use crate::text::{Lines, ParseError, Token};
use std::fmt::Write as _;

impl Case {
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
