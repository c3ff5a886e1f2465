//! A line-aware tokenizer for the contest text formats, and the error every parser returns.
//!
//! Inputs are bytes, not strings: binary junk must produce an error naming the line and the offending
//! token, never a panic. Lines end with `\n` (a trailing `\r` is dropped); tokens are separated by
//! spaces and tabs. Lines holding only whitespace are skipped, so a trailing blank line is harmless.

use std::fmt;

/// A parse or validation error: where it is (1-based line and column), the offending token when
/// there is one, and the rule that was broken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number; for "end of input" errors, the number of the last line read.
    pub line: usize,
    /// 1-based column of the token, or 0 when the error concerns the whole line or the end of input.
    pub column: usize,
    /// The offending token, escaped for printing.
    pub token: Option<String>,
    /// The rule that was broken, in words.
    pub rule: String,
}

impl ParseError {
    /// An error about a whole line.
    pub fn at_line(line: usize, rule: impl Into<String>) -> Self {
        ParseError {
            line,
            column: 0,
            token: None,
            rule: rule.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if self.column > 0 {
            write!(f, ", column {}", self.column)?;
        }
        if let Some(token) = &self.token {
            write!(f, ", token `{token}`")?;
        }
        write!(f, ": {}", self.rule)
    }
}

impl std::error::Error for ParseError {}

/// Escapes a raw token for an error message (non-UTF-8 and control bytes become `\xNN`).
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        for ch in chunk.valid().chars() {
            if ch.is_control() {
                out.extend(ch.escape_default());
            } else {
                out.push(ch);
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    const MAX: usize = 40;
    if out.chars().count() > MAX {
        let cut: String = out.chars().take(MAX).collect();
        return format!("{cut}...");
    }
    out
}

/// One whitespace-separated token with its position.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub line: usize,
    pub column: usize,
    pub text: &'a [u8],
}

impl<'a> Token<'a> {
    /// An error pointing at this token.
    pub fn error(&self, rule: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            column: self.column,
            token: Some(escape(self.text)),
            rule: rule.into(),
        }
    }

    /// Parses a decimal integer (optional leading `-`) and checks `lo <= value <= hi`.
    /// `what` names the value in the error, e.g. "n" or "the colour a[2][3]".
    pub fn int(&self, what: &str, lo: i64, hi: i64) -> Result<i64, ParseError> {
        let (neg, digits) = match self.text.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, self.text),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(self.error(format!("{what} must be an integer")));
        }
        let mut value: i64 = 0;
        for &d in digits {
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d - b'0')))
            {
                Some(v) => v,
                None => {
                    return Err(
                        self.error(format!("{what} is out of range: {lo} <= {what} <= {hi}"))
                    )
                }
            };
        }
        if neg {
            value = -value;
        }
        if value < lo || value > hi {
            return Err(self.error(format!(
                "{what} = {value} is out of range: {lo} <= {what} <= {hi}"
            )));
        }
        Ok(value)
    }

    /// Like [`Token::int`], for values that fit a `usize`.
    pub fn uint(&self, what: &str, lo: usize, hi: usize) -> Result<usize, ParseError> {
        let lo_i = i64::try_from(lo).unwrap_or(i64::MAX);
        let hi_i = i64::try_from(hi).unwrap_or(i64::MAX);
        // Non-negative and within `hi`, so the conversion cannot fail.
        self.int(what, lo_i, hi_i)
            .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
    }
}

/// One non-blank input line: its 1-based number, raw text and tokens.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
    pub tokens: Vec<Token<'a>>,
}

impl<'a> Line<'a> {
    /// An error about this whole line.
    pub fn error(&self, rule: impl Into<String>) -> ParseError {
        ParseError::at_line(self.number, rule)
    }

    /// Checks that the line holds exactly `count` tokens; `what` names them ("8 colours").
    pub fn expect_tokens(&self, count: usize, what: &str) -> Result<(), ParseError> {
        match self.tokens.len().cmp(&count) {
            std::cmp::Ordering::Equal => Ok(()),
            std::cmp::Ordering::Less => Err(self.error(format!(
                "expected {what} on this line, found only {} value(s)",
                self.tokens.len()
            ))),
            std::cmp::Ordering::Greater => Err(self.tokens[count].error(format!(
                "expected {what} on this line, found {} value(s): extra value",
                self.tokens.len()
            ))),
        }
    }
}

/// The non-blank lines of an input, read one at a time.
#[derive(Debug)]
pub struct Lines<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
    /// Number of the last physical line (for end-of-input errors).
    last: usize,
}

impl<'a> Lines<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        let mut lines = Vec::new();
        let mut last = 0;
        for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
            let number = i + 1;
            let text = raw.strip_suffix(b"\r").unwrap_or(raw);
            if !raw.is_empty() || i == 0 {
                last = number;
            }
            let mut tokens = Vec::new();
            let mut start = None;
            for (j, &b) in text.iter().enumerate() {
                let sep = b == b' ' || b == b'\t' || b == b'\r' || b == 0x0c || b == 0x0b;
                match (sep, start) {
                    (false, None) => start = Some(j),
                    (true, Some(s)) => {
                        tokens.push(Token {
                            line: number,
                            column: s + 1,
                            text: &text[s..j],
                        });
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = start {
                tokens.push(Token {
                    line: number,
                    column: s + 1,
                    text: &text[s..],
                });
            }
            if !tokens.is_empty() {
                lines.push(Line {
                    number,
                    text,
                    tokens,
                });
            }
        }
        Lines {
            lines,
            next: 0,
            last,
        }
    }

    /// The next non-blank line; `what` says what was expected, for the end-of-input error.
    pub fn next_line(&mut self, what: &str) -> Result<Line<'a>, ParseError> {
        match self.lines.get(self.next) {
            Some(line) => {
                self.next += 1;
                Ok(line.clone())
            }
            None => Err(ParseError::at_line(
                self.last.max(1),
                format!("unexpected end of input: expected {what}"),
            )),
        }
    }

    /// Fails when any non-blank line is left (trailing garbage).
    pub fn expect_end(&self, after: &str) -> Result<(), ParseError> {
        match self.lines.get(self.next) {
            None => Ok(()),
            Some(line) => {
                Err(line.tokens[0].error(format!("unexpected trailing input after {after}")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_line_and_column() {
        let mut lines = Lines::new(b"3 4\n\n  x\t7\r\n");
        let first = lines.next_line("a header").unwrap();
        assert_eq!(first.number, 1);
        assert_eq!(first.tokens.len(), 2);
        let second = lines.next_line("more").unwrap();
        assert_eq!(second.number, 3);
        assert_eq!(second.tokens[0].column, 3);
        assert_eq!(second.tokens[1].column, 5);
        assert_eq!(second.tokens[1].text, b"7");
        assert!(lines.expect_end("everything").is_ok());
        let err = lines.next_line("the rows").unwrap_err();
        assert!(err.rule.contains("unexpected end of input"), "{err}");
    }

    #[test]
    fn integers_are_checked() {
        let mut lines = Lines::new(b"12 -3 x1 99999999999999999999 51");
        let line = lines.next_line("numbers").unwrap();
        assert_eq!(line.tokens[0].int("n", 1, 50).unwrap(), 12);
        assert_eq!(line.tokens[1].int("g", -5, 1).unwrap(), -3);
        let err = line.tokens[2].int("n", 1, 50).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 7, token `x1`: n must be an integer"
        );
        assert!(line.tokens[3].int("n", 1, 50).is_err());
        let err = line.tokens[4].uint("m", 1, 50).unwrap_err();
        assert!(
            err.rule.contains("m = 51 is out of range: 1 <= m <= 50"),
            "{err}"
        );
    }

    #[test]
    fn binary_junk_is_escaped() {
        let mut lines = Lines::new(b"\xff\x00ab 1");
        let line = lines.next_line("x").unwrap();
        let err = line.tokens[0].int("n", 1, 5).unwrap_err();
        assert_eq!(err.token.as_deref(), Some("\\xff\\u{0}ab"));
    }

    #[test]
    fn token_counts_are_checked() {
        let mut lines = Lines::new(b"1 2 3\n1 2");
        let a = lines.next_line("x").unwrap();
        let err = a.expect_tokens(2, "2 numbers").unwrap_err();
        assert_eq!(err.column, 5);
        let b = lines.next_line("x").unwrap();
        let err = b.expect_tokens(3, "3 numbers").unwrap_err();
        assert!(err.rule.contains("found only 2"), "{err}");
    }
}
