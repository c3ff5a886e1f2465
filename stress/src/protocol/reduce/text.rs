//! Reducing an input text without knowing its format: remove chunks of lines (halves, quarters,
//! ... then runs of 8, 4, 2, 1 lines), then chunks of tokens within a line (halves, quarters, ...
//! single tokens), then move each integer toward 0 (0, half, one step). Contest inputs start with
//! a count (`n`, then `n` lines or `n` numbers), so a removal after the text's first number is offered
//! first with the text's first number lowered by the number of lines or tokens removed; and when
//! that number stands alone on the first line (`T` tests follow), any run of up to 8 lines is
//! offered removed with `T` lowered by one: one test of a multi-test input. Tokens removed from a
//! line of `n` items that follows the line `n` alone lower that `n`.
//!
//! A token is a run of characters other than ASCII white space; an integer is a token of digits
//! with an optional sign. Removals keep the rest of the text as it was (its spacing, its line
//! ends). Every candidate is strictly lighter by [`weight`].

use super::{ranges, room_for, Collector};

/// The weight of a text: its length in bytes first, then the sum of its integers' absolute
/// values (`len << 40 | sum`, each part saturating: exact for texts under 16 MiB whose integers
/// add up to less than 2^40).
pub fn weight(text: &str) -> u64 {
    let len = (text.len() as u64).min((1 << 24) - 1);
    let sum: u128 = text
        .split_ascii_whitespace()
        .filter_map(integer)
        .map(i128::unsigned_abs)
        .sum();
    let sum = u64::try_from(sum).unwrap_or(u64::MAX).min((1 << 40) - 1);
    (len << 40) | sum
}

/// Smaller variants of `text`, most aggressive first, each strictly lighter by [`weight`], no
/// duplicates. A long text gets only its most aggressive candidates (see `MOST_BYTES`), finer
/// ones once it is shorter.
pub fn candidates(text: &str) -> Vec<String> {
    let room = room_for(text.len());
    let mut out =
        Collector::new(&text.to_string(), (|t: &String| weight(t)) as Weigh).with_room(room);
    let count = leading_count(text);
    remove_lines(text, count, &mut out);
    remove_tests(text, count, &mut out);
    remove_tokens(text, count, &mut out);
    lower_integers(text, &mut out);
    out.finish()
}

type Weigh = fn(&String) -> u64;
type Out = Collector<String, Weigh>;

/// The leading count: its span and value.
type Count = Option<(usize, usize, u64)>;

/// Removes runs of lines: halves, quarters, ... aligned, then runs of 8, 4, 2, 1 anywhere.
fn remove_lines(text: &str, count: Count, out: &mut Out) {
    let lines = lines(text);
    for (a, b) in ranges(lines.len()) {
        if out.full() {
            return;
        }
        let cut = (lines[a].0, lines[b - 1].1);
        removal(text, cut, (b - a) as u64, count, out);
    }
}

/// The most lines one test of a multi-test input is taken to span.
const TEST_LINES: usize = 8;

/// For a multi-test input (its first line the number of tests `T` alone, at most as many lines
/// after it): removes one test, taken to be any run of 1 to [`TEST_LINES`] lines after the first,
/// with `T` lowered by one. Longer runs first, later ones first.
fn remove_tests(text: &str, count: Count, out: &mut Out) {
    let lines = lines(text);
    let Some((start, end, tests)) = count else {
        return;
    };
    let alone = lines
        .first()
        .is_some_and(|&(a, b)| text[a..b].trim() == text[..end].trim());
    let after = lines.len().saturating_sub(1);
    if !alone || tests == 0 || tests > after as u64 {
        return;
    }
    for size in (1..=TEST_LINES.min(after)).rev() {
        for first in (1..=lines.len() - size).rev() {
            if out.full() {
                return;
            }
            let cut = (lines[first].0, lines[first + size - 1].1);
            let without = replace(text, cut, "");
            out.push(replace(&without, (start, end), &(tests - 1).to_string()));
        }
    }
}

/// Removes chunks of tokens within each line of two or more (later lines first), each with the
/// white space before it (after it, for a line's first token).
fn remove_tokens(text: &str, count: Count, out: &mut Out) {
    let lines = lines(text);
    for (i, &(start, end)) in lines.iter().enumerate().rev() {
        let toks = tokens(text, start, end);
        if toks.len() < 2 {
            continue;
        }
        // A line of `n` items right after the line `n` alone is counted by that line.
        let count = i
            .checked_sub(1)
            .and_then(|p| line_count(text, lines[p], toks.len()))
            .or(count);
        for (a, b) in aligned(toks.len()) {
            if out.full() {
                return;
            }
            let from = if a > 0 { toks[a - 1].1 } else { toks[a].0 };
            let to = if a > 0 || b == toks.len() {
                toks[b - 1].1
            } else {
                toks[b].0
            };
            removal(text, (from, to), (b - a) as u64, count, out);
        }
    }
}

/// Moves each integer toward 0 (later ones first): 0, half, one step.
fn lower_integers(text: &str, out: &mut Out) {
    for (start, end) in tokens(text, 0, text.len()).into_iter().rev() {
        if let Some(v) = integer(&text[start..end]) {
            for t in toward_zero(v) {
                if out.full() {
                    return;
                }
                out.push(replace(text, (start, end), &t.to_string()));
            }
        }
    }
}

/// Offers `text` without `cut`; first with the leading count lowered by `removed` when the cut
/// comes after it.
fn removal(text: &str, cut: (usize, usize), removed: u64, count: Count, out: &mut Out) {
    let without = replace(text, cut, "");
    if let Some((start, end, n)) = count.filter(|c| cut.0 >= c.1) {
        if let Some(lower) = n.checked_sub(removed) {
            out.push(replace(&without, (start, end), &lower.to_string()));
        }
    }
    out.push(without);
}

/// `text` with the bytes `span` replaced by `with`.
fn replace(text: &str, span: (usize, usize), with: &str) -> String {
    let mut s = String::with_capacity(text.len());
    s.push_str(&text[..span.0]);
    s.push_str(with);
    s.push_str(&text[span.1..]);
    s
}

/// The byte spans of the lines of `text`, each with its line end.
fn lines(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push((start, text.len()));
    }
    out
}

/// The byte spans of the tokens of `text[start..end]`.
fn tokens(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let bytes = &text.as_bytes()[start..end];
    let mut out = Vec::new();
    let mut from = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_whitespace(), from) {
            (true, Some(f)) => {
                out.push((start + f, start + i));
                from = None;
            }
            (false, None) => from = Some(i),
            _ => {}
        }
    }
    if let Some(f) = from {
        out.push((start + f, end));
    }
    out
}

/// The value of an integer token (digits with an optional sign), if it is one.
fn integer(token: &str) -> Option<i128> {
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    token.parse().ok().filter(|_| plain)
}

/// The text's first token when it is a non-negative integer: its span and value.
fn leading_count(text: &str) -> Count {
    let &(start, end) = tokens(text, 0, text.len()).first()?;
    let value = integer(&text[start..end])?;
    Some((start, end, u64::try_from(value).ok()?))
}

/// The line `span` when it holds one integer alone, equal to `items`: its span and value.
fn line_count(text: &str, span: (usize, usize), items: usize) -> Count {
    let toks = tokens(text, span.0, span.1);
    let &[(a, b)] = toks.as_slice() else {
        return None;
    };
    let value = u64::try_from(integer(&text[a..b])?).ok()?;
    (value == items as u64).then_some((a, b, value))
}

/// 0, half, one step toward 0 (no repeats, none equal to `v`).
fn toward_zero(v: i128) -> Vec<i128> {
    let mut out = Vec::new();
    for t in [0, v / 2, v - v.signum()] {
        if t != v && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// ddmin's chunks of `len` items: halves, quarters, ... single items, each size aligned to its
/// multiples (with the remainder), later chunks first. Lazy, as [`ranges`] is.
fn aligned(len: usize) -> impl Iterator<Item = (usize, usize)> {
    std::iter::successors(Some(len / 2), |&size| Some(size / 2))
        .take_while(|&size| size >= 1)
        .flat_map(move |size| {
            (0..len.div_ceil(size))
                .rev()
                .map(move |i| (i * size, (i * size + size).min(len)))
        })
}

#[cfg(test)]
mod tests;
