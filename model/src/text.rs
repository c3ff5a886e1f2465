//! A line-aware tokenizer for the contest text formats, and the error every parser returns.
//!
//! Inputs are bytes, not strings: binary junk must produce an error naming the line and the offending
//! token, never a panic. Lines end with `\n` (a trailing `\r` is dropped); tokens are separated by
//! spaces, tabs, `\r`, form feeds and vertical tabs. Lines holding only separators are skipped, so a
//! trailing blank line is harmless.
//!
//! Nothing here allocates unless there is an error: [`Lines`] walks the input in place, a [`Line`] is
//! a slice with its number and token count, and [`Tokens`] yields slices of it. Everything an error
//! message says (what was expected, which value it was) is passed as something to display
//! (`&str`, or `format_args!` for a message with values) and only formatted when the error happens.

use std::fmt::{self, Display};

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
    use fmt::Write as _;
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
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    const MAX: usize = 40;
    if out.chars().count() > MAX {
        let cut: String = out.chars().take(MAX).collect();
        return format!("{cut}...");
    }
    out
}

/// True for the bytes that separate tokens (`\n` ends a line and is handled apart).
#[inline(always)]
const fn is_sep(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// Number of tokens in a line (no `\n` inside). Branch-free, so the compiler can vectorize it.
#[inline]
fn count_tokens(text: &[u8]) -> usize {
    let first = text.first().map_or(0, |&b| usize::from(!is_sep(b)));
    first
        + text
            .windows(2)
            .map(|w| usize::from(is_sep(w[0]) & !is_sep(w[1])))
            .sum::<usize>()
}

/// Why a token is not an acceptable integer (the message is made by [`Token::int`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IntError {
    /// Not an optional `-` followed by decimal digits.
    NotInteger,
    /// Digits only, but too large for an `i64`.
    Overflow,
    /// A value outside the bounds.
    OutOfRange(i64),
}

/// One whitespace-separated token with its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// `what` names the value in the error, e.g. `"n"` or `format_args!("the colour a[{r}][{c}]")`;
    /// it is only formatted when there is an error.
    #[inline]
    pub fn int(&self, what: impl Display, lo: i64, hi: i64) -> Result<i64, ParseError> {
        match self.value(lo, hi) {
            Ok(v) => Ok(v),
            Err(why) => Err(self.int_error(why, &what, lo, hi)),
        }
    }

    /// Like [`Token::int`], for values that fit a `usize`.
    #[inline]
    pub fn uint(&self, what: impl Display, lo: usize, hi: usize) -> Result<usize, ParseError> {
        let lo_i = i64::try_from(lo).unwrap_or(i64::MAX);
        let hi_i = i64::try_from(hi).unwrap_or(i64::MAX);
        // Non-negative and within `hi`, so the conversion cannot fail.
        self.int(what, lo_i, hi_i)
            .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
    }

    /// The value of the token when it is an integer in `lo..=hi`.
    #[inline]
    fn value(&self, lo: i64, hi: i64) -> Result<i64, IntError> {
        let (neg, digits) = match self.text {
            [b'-', rest @ ..] => (true, rest),
            text => (false, text),
        };
        if digits.is_empty() {
            return Err(IntError::NotInteger);
        }
        let mut value: i64 = 0;
        if digits.len() <= 18 {
            // At most 18 digits: below 10^18, no overflow possible.
            for &d in digits {
                let digit = d.wrapping_sub(b'0');
                if digit > 9 {
                    return Err(IntError::NotInteger);
                }
                value = value * 10 + i64::from(digit);
            }
        } else {
            for &d in digits {
                let digit = d.wrapping_sub(b'0');
                if digit > 9 {
                    return Err(IntError::NotInteger);
                }
                value = match value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(i64::from(digit)))
                {
                    Some(v) => v,
                    // Junk further on makes it "not an integer" rather than "too large".
                    None if digits.iter().all(u8::is_ascii_digit) => {
                        return Err(IntError::Overflow)
                    }
                    None => return Err(IntError::NotInteger),
                };
            }
        }
        if neg {
            value = -value;
        }
        if value < lo || value > hi {
            return Err(IntError::OutOfRange(value));
        }
        Ok(value)
    }

    #[cold]
    #[inline(never)]
    fn int_error(&self, why: IntError, what: &dyn Display, lo: i64, hi: i64) -> ParseError {
        self.error(match why {
            IntError::NotInteger => format!("{what} must be an integer"),
            IntError::Overflow => format!("{what} is out of range: {lo} <= {what} <= {hi}"),
            IntError::OutOfRange(value) => {
                format!("{what} = {value} is out of range: {lo} <= {what} <= {hi}")
            }
        })
    }
}

/// The tokens of one line, left to right.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    /// What is left of the line.
    rest: &'a [u8],
    /// Column (0-based) of the first byte of `rest`.
    offset: usize,
    line: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    #[inline]
    fn next(&mut self) -> Option<Token<'a>> {
        let start = self.rest.iter().position(|&b| !is_sep(b))?;
        let after = &self.rest[start..];
        let len = after.iter().position(|&b| is_sep(b)).unwrap_or(after.len());
        let (text, rest) = after.split_at(len);
        let column = self.offset + start + 1;
        self.offset += start + len;
        self.rest = rest;
        Some(Token {
            line: self.line,
            column,
            text,
        })
    }
}

/// One non-blank input line: its 1-based number, its text (without `\n` and a trailing `\r`) and
/// how many tokens it holds. Only [`Lines`] makes them, so a line always has a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
    count: usize,
}

impl<'a> Line<'a> {
    /// Number of tokens on the line (at least 1).
    pub fn len(&self) -> usize {
        self.count
    }

    /// Always false: blank lines are skipped by [`Lines`].
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The tokens, left to right.
    #[inline]
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            rest: self.text,
            offset: 0,
            line: self.number,
        }
    }

    /// The first token. (A line from [`Lines`] is never blank; were it, this is an empty token at
    /// column 1, which no rule accepts.)
    pub fn first(&self) -> Token<'a> {
        self.tokens().next().unwrap_or(Token {
            line: self.number,
            column: 1,
            text: &[],
        })
    }

    /// An error about this whole line.
    pub fn error(&self, rule: impl Into<String>) -> ParseError {
        ParseError::at_line(self.number, rule)
    }

    /// Checks that the line holds exactly `count` tokens and returns them; `what` names them
    /// ("8 colours") and is only formatted for an error.
    #[inline]
    pub fn expect_tokens(
        &self,
        count: usize,
        what: impl Display,
    ) -> Result<Tokens<'a>, ParseError> {
        if self.count == count {
            Ok(self.tokens())
        } else {
            Err(self.count_error(count, &what))
        }
    }

    /// Like [`Line::expect_tokens`] for a fixed number of tokens, as an array:
    /// `let [x, y] = line.exactly("2 values `x y`")?;`.
    #[inline]
    pub fn exactly<const N: usize>(
        &self,
        what: impl Display,
    ) -> Result<[Token<'a>; N], ParseError> {
        let mut tokens = self.expect_tokens(N, what)?;
        let blank = Token {
            line: self.number,
            column: 0,
            text: &[],
        };
        // The count was checked, so every slot is filled from the line.
        Ok(std::array::from_fn(|_| tokens.next().unwrap_or(blank)))
    }

    #[cold]
    #[inline(never)]
    fn count_error(&self, count: usize, what: &dyn Display) -> ParseError {
        let found = self.count;
        match self.tokens().nth(count) {
            Some(extra) if found > count => extra.error(format!(
                "expected {what} on this line, found {found} value(s): extra value"
            )),
            _ => self.error(format!(
                "expected {what} on this line, found only {found} value(s)"
            )),
        }
    }
}

/// The non-blank lines of an input, read one at a time.
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    input: &'a [u8],
    /// Byte offset of the first line not read yet.
    pos: usize,
    /// Number of physical lines before `pos`.
    number: usize,
}

impl<'a> Lines<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Lines {
            input,
            pos: 0,
            number: 0,
        }
    }

    /// The next non-blank line; `what` says what was expected, for the end-of-input error (it is
    /// only formatted then).
    #[inline]
    pub fn next_line(&mut self, what: impl Display) -> Result<Line<'a>, ParseError> {
        match self.next() {
            Some(line) => Ok(line),
            None => Err(self.end_error(&what)),
        }
    }

    /// The fast path for a line of small numbers, in one pass over its bytes: when the next
    /// physical line holds exactly `out.len()` tokens of 1 to 3 decimal digits, the i-th with a
    /// value in `lo..=hi[i]`, writes the values to `out`, moves past the line and returns its number.
    /// Otherwise (a blank line, a sign, junk, a value out of range, too few or too many values, or
    /// `hi` not as long as `out`) returns `None` and does not move; `out` may then be partly
    /// written. The caller reads that line again with [`Lines::next_line`], which finds the error
    /// or accepts the unusual form (leading blank lines, `0007`), so the fast path changes no
    /// result, only the speed.
    #[inline]
    pub fn plain_numbers(&mut self, out: &mut [u8], lo: u8, hi: &[u8]) -> Option<usize> {
        let rest = self.input.get(self.pos..)?;
        if out.is_empty() || hi.len() != out.len() {
            return None;
        }
        let lo = u32::from(lo);
        let skip_separators = |mut i: usize| {
            while rest.get(i).is_some_and(|&b| is_sep(b)) {
                i += 1;
            }
            i
        };
        let mut i = 0;
        for (slot, &hi) in out.iter_mut().zip(hi) {
            i = skip_separators(i);
            let start = i;
            let mut value = 0u32;
            while let Some(d) = rest
                .get(i)
                .map(|b| b.wrapping_sub(b'0'))
                .filter(|&d| d <= 9)
            {
                if i - start == 3 {
                    // A fourth digit.
                    return None;
                }
                value = value * 10 + u32::from(d);
                i += 1;
            }
            // A token that does not start with a digit, or a value out of range. (A digit
            // followed by junk stops here too: the junk starts no token and ends no line.)
            if i == start || value < lo || value > u32::from(hi) {
                return None;
            }
            *slot = value as u8;
        }
        i = skip_separators(i);
        if rest.get(i).is_some_and(|&b| b != b'\n') {
            return None;
        }
        self.pos += i + 1;
        self.number += 1;
        Some(self.number)
    }

    /// Fails when any non-blank line is left (trailing garbage).
    pub fn expect_end(&self, after: impl Display) -> Result<(), ParseError> {
        match self.clone().next() {
            None => Ok(()),
            Some(line) => Err(line
                .first()
                .error(format!("unexpected trailing input after {after}"))),
        }
    }

    /// Number of the last physical line that holds anything (1 for an empty input).
    fn last_line(&self) -> usize {
        match self.input.iter().rposition(|&b| b != b'\n') {
            None => 1,
            Some(p) => 1 + self.input[..p].iter().filter(|&&b| b == b'\n').count(),
        }
    }

    #[cold]
    #[inline(never)]
    fn end_error(&self, what: &dyn Display) -> ParseError {
        ParseError::at_line(
            self.last_line(),
            format!("unexpected end of input: expected {what}"),
        )
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    /// The next non-blank line.
    #[inline]
    fn next(&mut self) -> Option<Line<'a>> {
        while self.pos < self.input.len() {
            let rest = &self.input[self.pos..];
            let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let raw = &rest[..len];
            self.pos += len + 1;
            self.number += 1;
            let count = count_tokens(raw);
            if count > 0 {
                return Some(Line {
                    number: self.number,
                    text: raw.strip_suffix(b"\r").unwrap_or(raw),
                    count,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens<'a>(line: &Line<'a>) -> Vec<Token<'a>> {
        line.tokens().collect()
    }

    #[test]
    fn tokens_carry_line_and_column() {
        let mut lines = Lines::new(b"3 4\n\n  x\t7\r\n");
        let first = lines.next_line("a header").unwrap();
        assert_eq!(first.number, 1);
        assert_eq!(first.len(), 2);
        let second = lines.next_line("more").unwrap();
        assert_eq!(second.number, 3);
        assert_eq!(second.text, b"  x\t7");
        let t = tokens(&second);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].line, t[0].column, t[0].text), (3, 3, &b"x"[..]));
        assert_eq!((t[1].line, t[1].column, t[1].text), (3, 5, &b"7"[..]));
        assert!(lines.expect_end("everything").is_ok());
        let err = lines.next_line("the rows").unwrap_err();
        assert_eq!(err.line, 3);
        assert_eq!(err.rule, "unexpected end of input: expected the rows");
    }

    #[test]
    fn every_separator_splits_and_blank_lines_are_skipped() {
        let input = b"\x0b \r\n\t\x0c\na\x0bb\x0cc\td e\r\n\r\n";
        let lines: Vec<Line<'_>> = Lines::new(input).collect();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].number, 3);
        assert_eq!(lines[0].len(), 5);
        let t = tokens(&lines[0]);
        let texts: Vec<&[u8]> = t.iter().map(|t| t.text).collect();
        assert_eq!(texts, [b"a", b"b", b"c", b"d", b"e"]);
        let columns: Vec<usize> = t.iter().map(|t| t.column).collect();
        assert_eq!(columns, [1, 3, 5, 7, 9]);
        // A `\r` inside a line separates tokens too.
        let line = Lines::new(b"1\r2").next().unwrap();
        assert_eq!(line.len(), 2);
    }

    #[test]
    fn end_of_input_names_the_last_line_holding_anything() {
        let cases: [(&[u8], usize); 7] = [
            (b"", 1),
            (b"\n\n\n", 1),
            (b"1\n", 1),
            (b"1\n\n\n", 1),
            (b"1\n2", 2),
            (b"1\n \n", 2),
            (b"1\n\r\n\n", 2),
        ];
        for (input, last) in cases {
            let mut lines = Lines::new(input);
            while lines.next().is_some() {}
            let err = lines.next_line("more").unwrap_err();
            assert_eq!(err.line, last, "{:?}", String::from_utf8_lossy(input));
            assert_eq!(err.column, 0);
        }
    }

    #[test]
    fn expect_end_does_not_consume_and_points_at_the_first_token() {
        let mut lines = Lines::new(b"1\n\n  junk here\n");
        lines.next_line("x").unwrap();
        let err = lines.expect_end("the header").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3, column 3, token `junk`: unexpected trailing input after the header"
        );
        assert_eq!(lines.next_line("x").unwrap().number, 3);
        assert!(lines.expect_end("all").is_ok());
    }

    #[test]
    fn integers_are_checked() {
        let mut lines = Lines::new(b"12 -3 x1 99999999999999999999 51");
        let line = lines.next_line("numbers").unwrap();
        let t = tokens(&line);
        assert_eq!(t[0].int("n", 1, 50).unwrap(), 12);
        assert_eq!(t[1].int("g", -5, 1).unwrap(), -3);
        let err = t[2].int("n", 1, 50).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 7, token `x1`: n must be an integer"
        );
        let err = t[3].int("n", 1, 50).unwrap_err();
        assert_eq!(err.rule, "n is out of range: 1 <= n <= 50");
        let err = t[4].uint("m", 1, 50).unwrap_err();
        assert_eq!(err.rule, "m = 51 is out of range: 1 <= m <= 50");
        let err = t[4]
            .uint(format_args!("a[{}][{}]", 2, 3), 1, 50)
            .unwrap_err();
        assert_eq!(err.rule, "a[2][3] = 51 is out of range: 1 <= a[2][3] <= 50");
    }

    #[test]
    fn integer_edge_cases() {
        let value = |text: &'static [u8]| {
            Token {
                line: 1,
                column: 1,
                text,
            }
            .int("v", i64::MIN + 1, i64::MAX)
        };
        assert_eq!(value(b"0").unwrap(), 0);
        assert_eq!(value(b"-0").unwrap(), 0);
        assert_eq!(value(b"007").unwrap(), 7);
        assert_eq!(
            value(b"999999999999999999").unwrap(),
            999_999_999_999_999_999
        );
        assert_eq!(value(b"9223372036854775807").unwrap(), i64::MAX);
        assert_eq!(value(b"-9223372036854775807").unwrap(), -i64::MAX);
        for junk in [
            &b"-"[..],
            b"",
            b"+1",
            b"1-",
            b"--1",
            b"1.5",
            b"1e3",
            b"\xff",
        ] {
            let err = value(junk).unwrap_err();
            assert_eq!(err.rule, "v must be an integer", "{junk:?}");
        }
        let err = value(b"9223372036854775808").unwrap_err();
        assert!(err.rule.starts_with("v is out of range"), "{err}");
        let err = value(b"-9223372036854775808").unwrap_err();
        assert!(err.rule.starts_with("v is out of range"), "{err}");
        // Junk after an overflow is still junk, not a large number.
        let err = value(b"99999999999999999999x").unwrap_err();
        assert_eq!(err.rule, "v must be an integer");
    }

    #[test]
    fn binary_junk_is_escaped() {
        let mut lines = Lines::new(b"\xff\x00ab 1");
        let line = lines.next_line("x").unwrap();
        let err = line.first().int("n", 1, 5).unwrap_err();
        assert_eq!(err.token.as_deref(), Some("\\xff\\u{0}ab"));
        let long = escape(&[b'7'; 60]);
        assert_eq!(long, format!("{}...", "7".repeat(40)));
    }

    #[test]
    fn token_counts_are_checked() {
        let mut lines = Lines::new(b"1 2 3\n1 2");
        let a = lines.next_line("x").unwrap();
        let err = a.expect_tokens(2, "2 numbers").unwrap_err();
        assert_eq!((err.line, err.column), (1, 5));
        assert_eq!(err.token.as_deref(), Some("3"));
        assert_eq!(
            err.rule,
            "expected 2 numbers on this line, found 3 value(s): extra value"
        );
        let [x, y, z] = a.exactly("3 numbers").unwrap();
        assert_eq!((x.text, y.text, z.text), (&b"1"[..], &b"2"[..], &b"3"[..]));
        assert_eq!(z.column, 5);
        let b = lines.next_line("x").unwrap();
        let err = b.exactly::<3>(format_args!("{} numbers", 3)).unwrap_err();
        assert_eq!((err.line, err.column, err.token.as_deref()), (2, 0, None));
        assert_eq!(
            err.rule,
            "expected 3 numbers on this line, found only 2 value(s)"
        );
        assert_eq!(b.expect_tokens(2, "2").unwrap().count(), 2);
    }
}
