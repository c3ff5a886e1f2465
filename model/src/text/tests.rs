//! The tokenizer's unit tests: positions, separators, end of input, integers and their edge cases,
//! escaping of binary junk, token counts.

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
