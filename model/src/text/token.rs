//! Tokens: one whitespace-separated slice with its position, its integer value checked against
//! bounds, and the tokens of a line in turn.

use super::{escape, is_sep, ParseError};
use std::fmt::Display;

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
    pub(super) rest: &'a [u8],
    /// Column (0-based) of the first byte of `rest`.
    pub(super) offset: usize,
    pub(super) line: usize,
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
