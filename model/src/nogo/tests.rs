use super::moves::{parse_moves_checked, parse_plain_moves};
use super::*;

fn err(input: &str) -> ParseError {
    Board::parse(input.as_bytes()).unwrap_err()
}

#[test]
fn board_round_trip() {
    let text = "3\n.XO\nX.O\nOO.\n";
    let b = Board::parse(text.as_bytes()).unwrap();
    assert_eq!(b.n, 3);
    assert_eq!(b.get(0, 1), Some(Colour::Black));
    assert_eq!(b.get(0, 2), Some(Colour::White));
    assert_eq!(b.get(1, 1), None);
    assert_eq!(b.stones(), 6);
    assert_eq!(b.write(), text);
    assert_eq!(Board::parse(b.write().as_bytes()).unwrap(), b);
    assert!(b.validate().is_ok());
    // CRLF, blank lines and surrounding spaces are harmless.
    let b2 = Board::parse(b"\r\n 3 \r\n\n.XO\r\n  X.O\nOO.\n\n").unwrap();
    assert_eq!(b2, b);
    let one = Board::parse(b"1\n.").unwrap();
    assert_eq!(one, Board::empty(1));
    assert_eq!(one.write(), "1\n.\n");
}

#[test]
fn size_errors() {
    let e = err("0\n");
    assert_eq!((e.line, e.column), (1, 1));
    assert!(
        e.rule.contains("n = 0 is out of range: 1 <= n <= 1000"),
        "{e}"
    );
    let e = err("1001\n");
    assert!(e.rule.contains("n = 1001 is out of range"), "{e}");
    let e = err("x\n");
    assert_eq!(
        e.to_string(),
        "line 1, column 1, token `x`: n must be an integer"
    );
    let e = err("2 2\n..\n..\n");
    assert_eq!((e.line, e.column), (1, 3));
    assert!(e.rule.contains("extra value"), "{e}");
    let e = err("");
    assert!(e.rule.contains("expected the board size"), "{e}");
}

#[test]
fn row_errors() {
    let e = err("3\n...\n..\n...\n");
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(e.token.as_deref(), Some(".."));
    assert_eq!(
        e.rule,
        "row 2 of the board must have n = 3 characters, found 2"
    );
    let e = err("3\n...\n....X\n...\n");
    assert_eq!((e.line, e.column), (3, 4));
    assert_eq!(e.token.as_deref(), Some(".X"));
    assert!(e.rule.contains("found 5"), "{e}");
    let e = err("3\n...\n.x.\n...\n");
    assert_eq!(
        e.to_string(),
        "line 3, column 2, token `x`: a point of row 2 must be `.`, `X` or `O`"
    );
    let e = err("3\n...\n. .\n...\n");
    assert_eq!((e.line, e.column), (3, 3));
    assert!(e.rule.contains("no space"), "{e}");
    let e = Board::parse(b"2\n..\n\xff.\n").unwrap_err();
    assert_eq!(e.token.as_deref(), Some("\\xff"));
    assert_eq!((e.line, e.column), (3, 1));
}

#[test]
fn line_count_errors() {
    let e = err("3\n...\n...\n");
    assert_eq!(e.line, 3);
    assert!(
        e.rule
            .contains("unexpected end of input: expected row 3 of the board"),
        "{e}"
    );
    let e = err("2\n..\n..\n..\n");
    assert_eq!((e.line, e.column), (4, 1));
    assert!(e.rule.contains("trailing input after the 2 rows"), "{e}");
    let e = err("2\n..\n..\n5\n");
    assert!(e.rule.contains("trailing"), "{e}");
}

#[test]
fn a_group_without_liberty_is_named_by_its_first_stone() {
    // The O group {(1,3),(2,3)} is surrounded; its first stone is row 1 column 3.
    let e = err("3\n.XO\n.XO\n.XX\n");
    assert_eq!((e.line, e.column), (2, 3));
    assert_eq!(e.token.as_deref(), Some("O"));
    assert!(
        e.rule
            .starts_with("the O group whose first stone is at row 1 column 3 has no liberty"),
        "{e}"
    );
    // The first X stone at (1,1) is a dead group on its own.
    let e = err("\n3\n  XOX\n  OOX\n  XX.\n");
    assert_eq!((e.line, e.column), (3, 3));
    assert!(
        e.rule
            .contains("the X group whose first stone is at row 1 column 1"),
        "{e}"
    );
    let e = err("1\nX\n");
    assert!(e.rule.contains("row 1 column 1 has no liberty"), "{e}");
    let mut b = Board::empty(2);
    b.set(0, 0, Some(Colour::Black));
    b.set(0, 1, Some(Colour::White));
    b.set(1, 0, Some(Colour::White));
    assert_eq!(b.dead_group(), Some((0, 0)));
    assert!(b.validate().unwrap_err().contains("row 1 column 1"));
    b.set(1, 1, Some(Colour::White));
    assert_eq!(b.dead_group(), Some((0, 0)));
    b.set(0, 0, None);
    assert_eq!(b.dead_group(), None);
    b.set(0, 0, Some(Colour::White));
    assert_eq!(b.dead_group(), Some((0, 0)), "a full board has no liberty");
}

#[test]
fn written_moves_read_as_formatted_numbers() {
    let values = [
        0u32,
        1,
        8,
        9,
        10,
        98,
        99,
        100,
        998,
        999,
        1000,
        9998,
        9999,
        10_000,
        123_456,
        99_999_999,
        999_999_999,
        1_000_000_000,
        u32::MAX - 1,
        u32::MAX,
    ];
    let moves: Vec<Move> = values
        .iter()
        .flat_map(|&r| values.iter().map(move |&c| Move { row: r, col: c }))
        .collect();
    // 1-based, except u32::MAX, which stands for a 0 read from text and is written back as 0.
    let text = |x: u32| if x == u32::MAX { 0 } else { u64::from(x) + 1 };
    let want: String = moves
        .iter()
        .map(|m| format!("{} {}\n", text(m.row), text(m.col)))
        .collect();
    assert_eq!(write_moves(&moves), want);
    assert_eq!(write_moves(&[]), "");
    assert_eq!(
        write_moves(&[Move::new(999, 0), Move::new(0, 999)]),
        "1000 1\n1 1000\n"
    );
}

#[test]
fn moves_round_trip_and_errors() {
    let moves = parse_moves(b"1 1\n\n3 12\r\n  2 1  \n").unwrap();
    assert_eq!(
        moves,
        vec![Move::new(0, 0), Move::new(2, 11), Move::new(1, 0)]
    );
    assert_eq!(write_moves(&moves), "1 1\n3 12\n2 1\n");
    assert_eq!(parse_moves(write_moves(&moves).as_bytes()).unwrap(), moves);
    assert_eq!(parse_moves(b"").unwrap(), vec![]);
    assert_eq!(parse_moves(b"\n \n").unwrap(), vec![]);
    // Far off any board, still a move: the checker says where it is.
    let far = parse_moves(b"4294967295 1\n").unwrap();
    assert_eq!(
        far,
        vec![Move {
            row: u32::MAX - 1,
            col: 0
        }]
    );
    assert_eq!(far[0].to_string(), "(4294967295 1)");
    let e = parse_moves(b"1 1\n2\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 0));
    assert!(e.rule.contains("2 values `r c` (move 2)"), "{e}");
    let e = parse_moves(b"1 1 1\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));
    // A 0 is off every board: it parses, stays distinct from every other number, writes back as
    // 0, and is never on a board.
    let zero = parse_moves(b"1 1\n0 3\n").unwrap();
    assert_eq!(zero[1].to_string(), "(0 3)");
    assert!(!zero[1].on_board(1000));
    assert_eq!(write_moves(&zero), "1 1\n0 3\n");
    assert_eq!(parse_moves(write_moves(&zero).as_bytes()).unwrap(), zero);
    let e = parse_moves(b"1 1\n-1 3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 1, token `-1`: the row of move 2 = -1 is out of range: \
         0 <= the row of move 2 <= 4294967295"
    );
    let e = parse_moves(b"1 -1\n").unwrap_err();
    assert!(
        e.rule.contains("the column of move 1 = -1 is out of range"),
        "{e}"
    );
    let e = parse_moves(b"1 a\n").unwrap_err();
    assert_eq!(e.rule, "the column of move 1 must be an integer");
    let e = parse_moves(b"99999999999 1\n").unwrap_err();
    assert!(e.rule.contains("out of range"), "{e}");
    assert_eq!(
        parse_moves(b"0001 1234567890\n").unwrap(),
        vec![Move::new(0, 1_234_567_889)]
    );
}

/// The fast path and the tokenizer agree on every input the fast path accepts, and the fast
/// path accepts the writer's output.
#[test]
fn plain_and_checked_move_parsers_agree() {
    let alphabet = b"0123456789  \t\r\n\n\x0b-x";
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut accepted = 0;
    for round in 0..4000 {
        let len = round % 24;
        let input: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        let checked = parse_moves_checked(&input);
        if let Some(plain) = parse_plain_moves(&input) {
            assert_eq!(Ok(plain), checked, "{:?}", String::from_utf8_lossy(&input));
            accepted += 1;
        }
        assert_eq!(parse_moves(&input), checked);
    }
    assert!(accepted > 100, "{accepted}");
    let moves: Vec<Move> = (0..300).map(|i| Move::new(i * 7 % 1000, i * 13)).collect();
    assert_eq!(
        parse_plain_moves(write_moves(&moves).as_bytes()),
        Some(moves)
    );
}

#[test]
fn verdicts_read_like_the_rules() {
    let at = Move::new(2, 3);
    assert_eq!(Verdict::Ok.to_string(), "ok");
    assert_eq!(
        Verdict::Illegal {
            number: 7,
            at,
            colour: Colour::White
        }
        .to_string(),
        "move 7 (3 4): illegal for O"
    );
    assert_eq!(
        Verdict::NotOver {
            colour: Colour::Black,
            at: Move::new(4, 0)
        }
        .to_string(),
        "game not over: X can still play 5 1"
    );
    assert_eq!(
        Verdict::Occupied {
            number: 2,
            at,
            colour: Colour::White,
            by: Colour::Black
        }
        .to_string(),
        "move 2 (3 4): occupied by X"
    );
    assert_eq!(
        Verdict::OffBoard {
            number: 1,
            at: Move::new(12, 0),
            colour: Colour::Black,
            n: 12
        }
        .to_string(),
        "move 1 (13 1): off the 12x12 board"
    );
    assert!(Verdict::Ok.is_ok());
    assert_eq!(
        Verdict::NotOver {
            colour: Colour::Black,
            at
        }
        .kind(),
        "not over"
    );
}

#[test]
fn colours_alternate_black_first() {
    assert_eq!(Colour::to_play(0), Colour::Black);
    assert_eq!(Colour::to_play(1), Colour::White);
    assert_eq!(Colour::to_play(6), Colour::Black);
    assert_eq!(Colour::Black.other(), Colour::White);
    assert!(Move::new(2, 2).on_board(3));
    assert!(!Move::new(3, 0).on_board(3));
}
