//! The Mayan model's unit tests: the input and output formats, their errors, and board validation.

use super::*;
use crate::text::ParseError;

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
