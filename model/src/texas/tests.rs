use super::*;
use crate::text::ParseError;

const SAMPLE3: &str = "5 5 2 1\n1 1 2 1 1\n1 1 2 1 1\n2 2 1 2 2\n1 1 2 1 1\n1 1 2 1 1\n\
    0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3 4 3\n";

fn err(input: &str) -> ParseError {
    Case::parse(input.as_bytes()).unwrap_err()
}

#[test]
fn parse_and_write_round_trip() {
    let case = Case::parse(SAMPLE3.as_bytes()).unwrap();
    assert_eq!((case.n(), case.m(), case.k, case.ops.len()), (5, 5, 2, 1));
    assert_eq!(
        case.ops[0],
        Op {
            a: Pos::new(2, 2),
            b: Pos::new(3, 2)
        }
    );
    assert_eq!(case.write(), SAMPLE3);
    assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case);
    assert!(case.validate().is_ok());
}

#[test]
fn errors_name_line_token_and_rule() {
    let e = err("5 5 2 x\n");
    assert_eq!((e.line, e.column), (1, 7));
    assert!(e.to_string().contains("q must be an integer"), "{e}");
    let e = err(&SAMPLE3.replace("5 5 2 1\n", "5 51 2 1\n"));
    assert!(e.to_string().contains("m = 51 is out of range"), "{e}");
    let e = err(&SAMPLE3.replace("1 1 2 1 1\n1 1 2 1 1\n2", "1 1 3 1 1\n1 1 2 1 1\n2"));
    assert!(
        e.to_string()
            .contains("colour a[1][3] = 3 is out of range: 1 <= colour a[1][3] <= 2"),
        "{e}"
    );
    let e = err(&SAMPLE3.replace(
        "0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3",
        "0 0 7 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3",
    ));
    assert_eq!(e.line, 7);
    let e = err(&SAMPLE3.replace("3 3 4 3", "3 3 6 3"));
    assert!(e.to_string().contains("x2 = 6 is out of range"), "{e}");
    let e = err(&SAMPLE3.replace("3 3 4 3\n", ""));
    assert!(
        e.rule
            .contains("unexpected end of input: expected operation 1 of 1"),
        "{e}"
    );
    let e = err(&format!("{SAMPLE3}1 1 1 2\n"));
    assert!(e.rule.contains("trailing"), "{e}");
    assert_eq!(e.line, 13);
    let e = err(&SAMPLE3.replace("1 1 2 1 1\n1 1 2 1 1\n2", "1 1 2 1\n1 1 2 1 1\n2"));
    assert!(e.rule.contains("found only 4"), "{e}");
    let e = err(&SAMPLE3.replace("3 3 4 3", "3 3 4 3 1"));
    assert!(e.rule.contains("extra value"), "{e}");
    let e = err("");
    assert!(e.rule.contains("expected the header"), "{e}");
}

#[test]
fn unusual_spacing_and_leading_zeros_read_like_the_plain_form() {
    let plain = Case::parse(SAMPLE3.as_bytes()).unwrap();
    let odd = "\n5 5 2 1\r\n1 1 2 1 1\n\t1 1 2 1 1 \n2 2 01 2 2\r\n\n1  1 2 1 1\n1 1 2 1 0001\n\
        0 0 0 0 0\n0\t0 0 0 0\n0 0 0 0 00\n 0 0 0 0 0\n0 0 0 0 0\r\n3 3 4 3\r\n\n";
    assert_eq!(Case::parse(odd.as_bytes()).unwrap(), plain);
    // Operations in every form too, and an input without a final line end.
    let odd_ops = SAMPLE3.replace("3 3 4 3\n", "03\t3 4 3 \r");
    assert_eq!(Case::parse(odd_ops.as_bytes()).unwrap(), plain);
}

#[test]
fn an_initial_run_is_rejected_with_its_place() {
    let input =
        SAMPLE3
            .replacen("1 1 2 1 1\n", "1 1 1 2 2\n", 1)
            .replacen("5 5 2 1\n", "5 5 2 1\n\n", 1);
    let e = err(&input);
    assert!(
        e.rule
            .contains("horizontal run of colour 1 starts at row 1 column 1"),
        "{e}"
    );
    assert_eq!(e.line, 3, "a blank line moves the first row to line 3");
}

#[test]
fn render_marks_specials_and_holes() {
    let mut b = Board::empty(1, 3);
    b.colour = vec![1, 0, 3];
    b.special = vec![0, 0, 6];
    assert_eq!(
        b.render(None).split_whitespace().collect::<Vec<_>>(),
        ["1", ".", "3*6"]
    );
    let marked = Cells::from_rows(&[0b100]);
    assert_eq!(
        b.render(Some(&marked))
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["1", ".", "[3*6]"]
    );
}
