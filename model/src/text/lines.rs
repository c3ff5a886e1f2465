//! Lines: the non-blank lines of an input read one at a time, each with its number and token
//! count, and the errors that name a line or the end of input.

use super::{is_sep, ParseError, Token, Tokens};
use std::fmt::Display;

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
