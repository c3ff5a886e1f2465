//! The text formats: every broken constraint is an error naming its line, column, token and rule;
//! no input panics; writing and reading a case gives it back.

use own_game::{gen, optimized, Board, Case, Dir, Move};
use proptest::prelude::*;

/// Parses `input`, expecting an error at (line, column) with this token whose rule contains
/// `rule`.
fn bad(input: &[u8], line: usize, column: usize, token: Option<&str>, rule: &str) {
    let err = match Case::parse(input) {
        Ok(case) => panic!("{:?} parsed: {case:?}", String::from_utf8_lossy(input)),
        Err(err) => err,
    };
    let shown = String::from_utf8_lossy(input);
    assert_eq!((err.line, err.column), (line, column), "{shown:?}: {err}");
    assert_eq!(err.token.as_deref(), token, "{shown:?}: {err}");
    assert!(err.rule.contains(rule), "{shown:?}: {err}");
}

#[test]
fn errors_name_line_column_token_and_rule() {
    bad(
        b"",
        1,
        0,
        None,
        "unexpected end of input: expected the first line `n m q`",
    );
    bad(
        b"2 2\n",
        1,
        0,
        None,
        "expected 3 values `n m q` on this line, found only 2",
    );
    bad(
        b"1 1 0 7\n2\n",
        1,
        7,
        Some("7"),
        "found 4 value(s): extra value",
    );
    bad(
        b"0 2 0\n",
        1,
        1,
        Some("0"),
        "n = 0 is out of range: 1 <= n <= 8",
    );
    bad(
        b"2 9 0\n",
        1,
        3,
        Some("9"),
        "m = 9 is out of range: 1 <= m <= 8",
    );
    bad(
        b"1 1 100001\n",
        1,
        5,
        Some("100001"),
        "q = 100001 is out of range",
    );
    bad(
        b"1 2 0\n2 x\n",
        2,
        3,
        Some("x"),
        "the tile a[1][2] must be an integer",
    );
    bad(
        b"2 2 0\n2 2\n6 0\n",
        3,
        1,
        Some("6"),
        "a[2][1] = 6 must be 0 (empty) or a power of two",
    );
    bad(
        b"1 1 0\n1\n",
        2,
        1,
        Some("1"),
        "a[1][1] = 1 must be 0 (empty) or a power of two",
    );
    bad(
        b"1 1 0\n2097152\n",
        2,
        1,
        Some("2097152"),
        "a[1][1] = 2097152 is out of range",
    );
    bad(
        b"1 2 0\n-2 0\n",
        2,
        1,
        Some("-2"),
        "is out of range: 0 <= the tile a[1][1]",
    );
    bad(
        b"2 2 0\n2 2\n4\n",
        3,
        0,
        None,
        "expected 2 values (row 2 of the board)",
    );
    bad(b"1 2 0\n2 2 2\n", 2, 5, Some("2"), "extra value");
    bad(
        b"1 1 1\n2\nX 1 1 2\n",
        3,
        1,
        Some("X"),
        "direction of move 1 must be one of L, R, U, D",
    );
    bad(
        b"1 1 1\n2\nl 1 1 2\n",
        3,
        1,
        Some("l"),
        "must be one of L, R, U, D",
    );
    bad(
        b"2 2 1\n0 0\n0 0\nL 3 1 2\n",
        4,
        3,
        Some("3"),
        "the row r of move 1 = 3 is out of range: 1 <=",
    );
    bad(
        b"2 2 1\n0 0\n0 0\nL 1 0 2\n",
        4,
        5,
        Some("0"),
        "the column c of move 1 = 0 is out of range",
    );
    bad(
        b"1 1 2\n2\nL 1 1 2\nL 1 1 8\n",
        4,
        7,
        Some("8"),
        "the value v of move 2 must be 2 or 4, not 8",
    );
    bad(
        b"1 1 1\n2\nL 1 1 3\n",
        3,
        7,
        Some("3"),
        "must be 2 or 4, not 3",
    );
    bad(
        b"1 1 1\n2\nL 1 1\n",
        3,
        0,
        None,
        "expected 4 values `D r c v` (move 1)",
    );
    bad(
        b"1 1 2\n2\nL 1 1 2\n",
        3,
        0,
        None,
        "unexpected end of input: expected move 2 of 2",
    );
    bad(
        b"1 1 1\n2\nL 1 1 2\n\nU 1 1 2\n",
        5,
        1,
        Some("U"),
        "unexpected trailing input after the 1 moves",
    );
    bad(
        b"1 1 0\n2\n\xff\x00\n",
        3,
        1,
        Some("\\xff\\u{0}"),
        "unexpected trailing input",
    );
    bad(
        b"\xff\xfe 1 0\n",
        1,
        1,
        Some("\\xff\\xfe"),
        "n must be an integer",
    );
    bad(
        b"1 1 1\n2\nL\xc3\x28 1 1 2\n",
        3,
        1,
        Some("L\\xc3("),
        "must be one of L, R, U, D",
    );
}

#[test]
fn the_format_is_lenient_where_the_tokenizer_is() {
    // CRLF line ends, tabs, blank lines and leading zeros are all fine.
    let case = Case::parse(b"1 2 1\r\n\r\n 02\t0\r\nR 1 1 4\r\n\n").expect("parses");
    assert_eq!(case.board, Board::from_rows(&[[2, 0]]));
    assert_eq!(
        case.moves,
        [Move {
            dir: Dir::R,
            r: 0,
            c: 0,
            v: 4
        }]
    );
}

#[test]
fn written_cases_read_back_over_every_profile() {
    for p in gen::PROFILES {
        let count = if p.bench_only { 2 } else { 300 };
        for seed in 0..count {
            let case = p.case(seed);
            assert!(case.check().is_ok(), "{} {seed}", p.name);
            let text = case.write();
            let back = Case::parse(text.as_bytes())
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}\n{text}", p.name));
            assert_eq!(back, case, "{} seed {seed}", p.name);
        }
    }
}

#[test]
fn the_answer_format() {
    let case = Case::parse(b"1 3 1\n1048576 1048576 0\nL 1 3 4\n").expect("parses");
    let out = optimized::run(&case, false);
    assert_eq!(out.answer(), "2097152\n1\n2097152 0 4\n");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Random bytes: an error or a case, never a panic; a case written reads back.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(case) = Case::parse(&bytes) {
            prop_assert!(case.check().is_ok());
            prop_assert_eq!(Case::parse(case.write().as_bytes()), Ok(case));
        }
    }

    /// A valid input with one byte changed or cut short: an error or a case, never a panic.
    #[test]
    fn damaged_inputs_never_panic(seed in 0u64..1000, at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<bool>()) {
        let text = gen::case("small", seed).expect("a profile").write().into_bytes();
        let i = at.index(text.len());
        let mut damaged = text.clone();
        if cut {
            damaged.truncate(i);
        } else {
            damaged[i] = byte;
        }
        match Case::parse(&damaged) {
            Ok(case) => prop_assert!(case.check().is_ok()),
            Err(err) => {
                prop_assert!(err.line >= 1);
                prop_assert!(!err.rule.is_empty());
            }
        }
    }
}
