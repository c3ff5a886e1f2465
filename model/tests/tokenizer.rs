//! The tokenizer against the obvious one, and its fast path against the checked one, on random
//! bytes (proptest).
//!
//! The obvious tokenizer splits the whole input into lines and tokens up front, allocating as it
//! goes; `Lines` walks the input in place. Both must see the same lines (number, text), the same
//! tokens (line, column, text) and name the same line at the end of the input.

use model::text::{Line, Lines};
use proptest::prelude::*;

/// (line number, text, tokens as (column, text))
type ObviousLine = (usize, Vec<u8>, Vec<(usize, Vec<u8>)>);

/// The non-blank lines, split up front, and the number of the last line holding anything.
fn obvious(input: &[u8]) -> (Vec<ObviousLine>, usize) {
    let is_sep = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c);
    let mut lines = Vec::new();
    let mut last = 1;
    for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
        if !raw.is_empty() {
            last = i + 1;
        }
        let text = raw.strip_suffix(b"\r").unwrap_or(raw);
        let mut tokens = Vec::new();
        let mut j = 0;
        while j < text.len() {
            if is_sep(text[j]) {
                j += 1;
                continue;
            }
            let start = j;
            while j < text.len() && !is_sep(text[j]) {
                j += 1;
            }
            tokens.push((start + 1, text[start..j].to_vec()));
        }
        if !tokens.is_empty() {
            lines.push((i + 1, text.to_vec(), tokens));
        }
    }
    (lines, last)
}

fn seen(line: &Line<'_>) -> ObviousLine {
    let tokens: Vec<(usize, Vec<u8>)> = line
        .tokens()
        .map(|t| {
            assert_eq!(t.line, line.number);
            (t.column, t.text.to_vec())
        })
        .collect();
    assert_eq!(tokens.len(), line.len());
    assert_eq!(line.first().column, tokens[0].0);
    (line.number, line.text.to_vec(), tokens)
}

/// Bytes that exercise the tokenizer: separators, line ends, digits, signs, junk.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => Just(b' '),
        3 => Just(b'\n'),
        1 => Just(b'\r'),
        1 => Just(b'\t'),
        1 => Just(0x0b),
        1 => Just(0x0c),
        1 => Just(b'-'),
        6 => b'0'..=b'9',
        1 => any::<u8>(),
    ];
    proptest::collection::vec(byte, 0..300)
}

/// Lines of small numbers in their usual and unusual forms, so that the fast path is often taken.
fn numeric_input() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        8 => (0u32..300).prop_map(|v| v.to_string().into_bytes()),
        1 => Just(b"007".to_vec()),
        1 => Just(b"0007".to_vec()),
        1 => Just(b"-1".to_vec()),
        1 => Just(b"x".to_vec()),
        1 => Just(b"4x".to_vec()),
        1 => Just(b"99999999999999999999".to_vec()),
    ];
    let sep = prop_oneof![
        8 => Just(b" ".to_vec()),
        1 => Just(b"\t".to_vec()),
        1 => Just(b"  ".to_vec()),
        1 => Just(b"\r".to_vec()),
        1 => Just(b"\x0b".to_vec()),
    ];
    let line = proptest::collection::vec((sep, token), 0..7);
    let end = prop_oneof![
        6 => Just(b"\n".to_vec()),
        1 => Just(b"\r\n".to_vec()),
        1 => Just(b" \n".to_vec()),
        1 => Just(Vec::new()),
    ];
    proptest::collection::vec((line, end, any::<bool>()), 0..5).prop_map(|lines| {
        let mut out = Vec::new();
        for (tokens, end, leading_sep) in lines {
            for (i, (sep, token)) in tokens.into_iter().enumerate() {
                if i > 0 || leading_sep {
                    out.extend(sep);
                }
                out.extend(token);
            }
            out.extend(end);
        }
        out
    })
}

fn rest(lines: &Lines<'_>) -> Vec<ObviousLine> {
    lines.clone().map(|l| seen(&l)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn lines_and_tokens_match_the_obvious_tokenizer(input in input()) {
        let (expected, last) = obvious(&input);
        let mut lines = Lines::new(&input);
        match lines.expect_end("nothing") {
            Ok(()) => prop_assert!(expected.is_empty()),
            Err(e) => {
                prop_assert_eq!((e.line, e.column), (expected[0].0, expected[0].2[0].0));
                prop_assert!(e.rule == "unexpected trailing input after nothing");
            }
        }
        let mut got = Vec::new();
        while let Ok(line) = lines.next_line("more") {
            got.push(seen(&line));
        }
        prop_assert_eq!(&got, &expected);
        let end = lines.next_line(format_args!("line {}", got.len() + 1)).unwrap_err();
        prop_assert_eq!((end.line, end.column), (last, 0));
        prop_assert_eq!(
            end.rule,
            format!("unexpected end of input: expected line {}", got.len() + 1)
        );
        prop_assert!(lines.expect_end("all").is_ok());
    }

    /// When the fast path takes a line, the checked path reads the same line, accepts every value
    /// with the same bounds and leaves the cursor at the same place; when it does not, nothing
    /// moved.
    #[test]
    fn the_fast_path_agrees_with_the_checked_one(
        input in prop_oneof![numeric_input(), input()],
        count in 1usize..6,
        lo in 0u8..3,
        his in proptest::collection::vec(prop_oneof![Just(255u8), 0u8..=255], 6),
        skip in 0usize..3,
    ) {
        let mut fast = Lines::new(&input);
        for _ in 0..skip {
            fast.next();
        }
        let mut checked = fast.clone();
        let before = rest(&fast);
        let mut out = vec![0u8; count];
        let hi = &his[..count];
        match fast.plain_numbers(&mut out, lo, hi) {
            Some(number) => {
                let line = checked.next_line("a line").unwrap();
                prop_assert_eq!(line.number, number);
                let tokens: Vec<_> = line.expect_tokens(count, "values").unwrap().collect();
                for ((token, &value), &hi) in tokens.iter().zip(&out).zip(hi) {
                    let parsed = token.uint("v", usize::from(lo), usize::from(hi)).unwrap();
                    prop_assert_eq!(parsed, usize::from(value));
                }
                prop_assert_eq!(rest(&fast), rest(&checked));
            }
            None => prop_assert_eq!(rest(&fast), before),
        }
    }
}

#[test]
fn the_fast_path_takes_the_usual_lines_and_leaves_the_rest() {
    let input =
        b"1 2 3\n4  5\t6\r\n\n1 2 3\n7 8\n9 10 011\n1 2 3 4\n1 2 -3\n1 2 x3\n256 0 0\n1 2 3";
    let mut lines = Lines::new(input);
    let mut out = [0u8; 3];
    let hi = [255u8; 3];
    assert_eq!(lines.plain_numbers(&mut out, 0, &hi), Some(1));
    assert_eq!(out, [1, 2, 3]);
    assert_eq!(lines.plain_numbers(&mut out, 0, &hi), Some(2));
    assert_eq!(out, [4, 5, 6]);
    // A blank line first: left to the checked path.
    assert_eq!(lines.plain_numbers(&mut out, 0, &hi), None);
    assert_eq!(lines.next_line("x").unwrap().number, 4);
    // Too few values; then bounds per value.
    assert_eq!(lines.plain_numbers(&mut out, 0, &hi), None);
    assert_eq!(lines.next_line("x").unwrap().number, 5);
    assert_eq!(lines.plain_numbers(&mut out, 0, &[9, 10, 11]), Some(6));
    assert_eq!(out, [9, 10, 11]);
    // Too many values, a sign, junk, a value above 255: all left to the checked path.
    for number in 7..=10 {
        assert_eq!(lines.plain_numbers(&mut out, 0, &hi), None);
        assert_eq!(lines.next_line("x").unwrap().number, number);
    }
    // The last line needs no `\n`.
    assert_eq!(lines.plain_numbers(&mut out, 1, &hi), Some(11));
    assert_eq!(lines.plain_numbers(&mut out, 1, &hi), None);
    assert!(lines.expect_end("all").is_ok());
}
