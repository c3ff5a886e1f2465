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

mod lines;
#[cfg(test)]
mod tests;
mod token;

use std::fmt;

pub use lines::{Line, Lines};
pub use token::{Token, Tokens};

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
