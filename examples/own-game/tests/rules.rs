//! The rules by hand-checked examples, on both engines and on every board shape the optimized
//! engine treats differently (1xm, nx1, the 4x4 nibble board, the 8x8 byte board).

use own_game::{optimized, reference, Board, Case, Dir, Move, Outcome};

type Engine = fn(&Case, bool) -> Outcome;

const ENGINES: [(&str, Engine); 2] = [("reference", reference::run), ("optimized", optimized::run)];

/// Slides one line on an `n` x `m` board: the line is row 1 (`L`, `R`) or column 1 (`U`, `D`),
/// padded with empty cells on the side away from the move. The spawn goes to the first cell of the
/// line on the side the tiles move towards, which a non-empty line always fills, so nothing is
/// placed. Returns the line after the move (same padding) and the score.
fn slide(engine: Engine, line: &[u64], dir: Dir, n: usize, m: usize) -> (Vec<u64>, u64) {
    let len = if matches!(dir, Dir::L | Dir::R) { m } else { n };
    let pad = len - line.len();
    let padded: Vec<u64> = match dir {
        Dir::L | Dir::U => line.iter().copied().chain(vec![0; pad]).collect(),
        Dir::R | Dir::D => vec![0; pad]
            .into_iter()
            .chain(line.iter().copied())
            .collect(),
    };
    let mut board = Board::empty(n, m);
    let at = |i: usize| match dir {
        Dir::L | Dir::R => (0, i),
        Dir::U | Dir::D => (i, 0),
    };
    for (i, &v) in padded.iter().enumerate() {
        let (r, c) = at(i);
        board.set(r, c, v);
    }
    let (r, c) = match dir {
        Dir::L | Dir::U => (0, 0),
        Dir::R => (0, m - 1),
        Dir::D => (n - 1, 0),
    };
    let case = Case {
        board,
        moves: vec![Move { dir, r, c, v: 2 }],
    };
    let out = engine(&case, false);
    let after = (0..len)
        .map(|i| {
            let (r, c) = at(i);
            out.board.get(r, c)
        })
        .collect();
    let unpadded = match dir {
        Dir::L | Dir::U => padded_back(after, line.len(), false),
        Dir::R | Dir::D => padded_back(after, line.len(), true),
    };
    (unpadded, out.score)
}

/// The last (`tail`) or first `keep` cells of a padded line, checking the padding stayed empty.
fn padded_back(line: Vec<u64>, keep: usize, tail: bool) -> Vec<u64> {
    let pad = line.len() - keep;
    let (padding, kept) = if tail {
        (&line[..pad], &line[pad..])
    } else {
        (&line[keep..], &line[..keep])
    };
    assert!(padding.iter().all(|&v| v == 0), "padding filled: {line:?}");
    kept.to_vec()
}

/// (line, direction, line after, score), the line read left to right or top to bottom.
const LINES: &[(&[u64], Dir, &[u64], u64)] = &[
    (&[2, 2, 2, 2], Dir::L, &[4, 4, 0, 0], 8),
    (&[2, 2, 4, 0], Dir::L, &[4, 4, 0, 0], 4),
    (&[4, 4, 4, 0], Dir::L, &[8, 4, 0, 0], 8),
    (&[4, 4, 4, 0], Dir::R, &[0, 0, 4, 8], 8),
    (&[2, 2, 2, 2], Dir::R, &[0, 0, 4, 4], 8),
    (&[0, 2, 2, 4], Dir::R, &[0, 0, 4, 4], 4),
    (&[2, 0, 0, 2], Dir::L, &[4, 0, 0, 0], 4),
    (&[2, 4, 8, 16], Dir::L, &[2, 4, 8, 16], 0),
    (&[2, 4, 2, 4], Dir::R, &[2, 4, 2, 4], 0),
    (&[0, 0, 0, 2], Dir::L, &[2, 0, 0, 0], 0),
    (&[8, 8, 16, 16], Dir::L, &[16, 32, 0, 0], 48),
    (&[2, 2, 4, 8], Dir::L, &[4, 4, 8, 0], 4),
];

#[test]
fn line_examples_on_every_shape_and_both_engines() {
    for &(line, dir, after, score) in LINES {
        // The same line as a row and as a column, reading U like L and D like R.
        let column_dir = match dir {
            Dir::L => Dir::U,
            Dir::R => Dir::D,
            d => d,
        };
        for (name, engine) in ENGINES {
            for (d, n, m) in [
                (dir, 1, 4),
                (dir, 4, 4),
                (dir, 8, 8),
                (dir, 3, 6),
                (column_dir, 4, 1),
                (column_dir, 4, 4),
                (column_dir, 8, 8),
                (column_dir, 7, 2),
            ] {
                let got = slide(engine, line, d, n, m);
                assert_eq!(
                    got,
                    (after.to_vec(), score),
                    "{name}: {line:?} {d} on {n}x{m}"
                );
            }
        }
    }
}

#[test]
fn the_example_of_the_statement() {
    let input = b"2 2 3\n2 2\n0 4\nL 1 2 2\nL 1 2 4\nU 2 1 2\n";
    let case = Case::parse(input).expect("the example parses");
    for (name, engine) in ENGINES {
        let out = engine(&case, false);
        assert_eq!(out.answer(), "12\n2\n8 2\n2 0\n", "{name}");
        let traced = engine(&case, true);
        assert_eq!(traced.events.len(), 3, "{name}");
        let e = &traced.events;
        assert!(e[0].changed && e[0].placed && e[0].gained == 4 && e[0].merges == 1);
        assert!(!e[1].changed && !e[1].placed && e[1].gained == 0);
        assert!(e[2].changed && e[2].placed && e[2].gained == 8 && e[2].merges == 1);
        assert_eq!(e[0].board, Board::from_rows(&[[4, 2], [4, 0]]));
        assert_eq!(e[2].board, out.board);
        assert_eq!((traced.score, traced.moved), (out.score, out.moved));
        assert!(out.events.is_empty());
    }
}

#[test]
fn spawns_only_after_a_change_and_only_on_an_empty_cell() {
    let board = Board::from_rows(&[[2, 0], [4, 8]]);
    let moves = vec![
        // Changes nothing: nothing placed although (1, 2) is empty.
        Move {
            dir: Dir::L,
            r: 0,
            c: 1,
            v: 4,
        },
        // Changes the board (row 1 becomes `0 2`); (2, 1) holds the 4: nothing placed.
        Move {
            dir: Dir::R,
            r: 1,
            c: 0,
            v: 2,
        },
        // Changes the board (column 1 becomes `4 0`); (2, 1) is empty then: a 4 is placed.
        Move {
            dir: Dir::U,
            r: 1,
            c: 0,
            v: 4,
        },
    ];
    let case = Case { board, moves };
    for (name, engine) in ENGINES {
        let out = engine(&case, true);
        let flags: Vec<(bool, bool)> = out.events.iter().map(|e| (e.changed, e.placed)).collect();
        assert_eq!(
            flags,
            [(false, false), (true, false), (true, true)],
            "{name}"
        );
        assert_eq!(out.board, Board::from_rows(&[[4, 2], [4, 8]]), "{name}");
        assert_eq!((out.score, out.moved), (0, 2), "{name}");
    }
}

fn exact(n: usize, m: usize) {
    let mut board = Board::empty(n, m);
    board.set(0, 0, 1 << 30);
    if m > 1 {
        board.set(0, m - 1, 1 << 30);
    } else {
        board.set(n - 1, 0, 1 << 30);
    }
    let dir = if m > 1 { Dir::L } else { Dir::U };
    let case = Case {
        board,
        moves: vec![Move {
            dir,
            r: 0,
            c: 0,
            v: 2,
        }],
    };
    assert!(case.check().is_ok());
    for (name, engine) in ENGINES {
        let out = engine(&case, true);
        assert_eq!(out.board.get(0, 0), 1 << 31, "{name} {n}x{m}");
        assert_eq!(out.score, 1 << 31, "{name} {n}x{m}");
        assert_eq!(out.events[0].gained, 2_147_483_648, "{name} {n}x{m}");
        assert!(
            out.answer().starts_with("2147483648\n1\n2147483648"),
            "{name}"
        );
    }
}

#[test]
fn tiles_of_2_30_merge_exactly_into_2_31() {
    exact(1, 2);
    exact(2, 1);
    exact(4, 4);
    exact(8, 8);
    exact(3, 7);
}

#[test]
fn merges_go_on_exactly_past_2_31() {
    // Eight 2^30 tiles in a row, moved left three times: 2^31, then 2^32, then 2^33.
    let board = Board::from_rows(&[[1u64 << 30; 8]]);
    let mv = Move {
        dir: Dir::L,
        r: 0,
        c: 0,
        v: 2,
    };
    let case = Case {
        board,
        moves: vec![mv; 3],
    };
    for (name, engine) in ENGINES {
        let out = engine(&case, false);
        assert_eq!(out.board.get(0, 0), 1 << 33, "{name}");
        assert_eq!(out.score, 3 * (1 << 33), "{name}");
    }
}

#[test]
fn a_4x4_game_leaves_the_nibble_board_exactly() {
    // Tiles up to 2^15: the optimized engine starts on nibbles. The second move merges three
    // columns, one of them into a 2^16, past what a nibble holds; the game goes on after it.
    let b = 1u64 << 15;
    let board = Board::from_rows(&[[b, 2, 0, 0], [0, 0, 0, b], [0, 0, 2, 0], [b, 0, 0, 4]]);
    let moves = vec![
        Move {
            dir: Dir::L,
            r: 3,
            c: 3,
            v: 2,
        },
        Move {
            dir: Dir::U,
            r: 3,
            c: 3,
            v: 4,
        },
        Move {
            dir: Dir::L,
            r: 3,
            c: 2,
            v: 2,
        },
        Move {
            dir: Dir::D,
            r: 0,
            c: 3,
            v: 2,
        },
    ];
    let case = Case { board, moves };
    let want = reference::run(&case, true);
    assert_eq!(want.events[1].gained, 1 << 16);
    assert_eq!(want.board.max_tile(), 1 << 16);
    assert_eq!(optimized::run(&case, true), want);
    assert_eq!(optimized::run(&case, false).board, want.board);
}

#[test]
fn the_planted_bug_merges_a_made_tile_again() {
    let case = Case {
        board: Board::from_rows(&[[2, 2, 4, 0]]),
        moves: vec![Move {
            dir: Dir::L,
            r: 0,
            c: 0,
            v: 2,
        }],
    };
    let good = reference::run(&case, true);
    assert_eq!(good.board, Board::from_rows(&[[4, 4, 0, 0]]));
    let bad = optimized::run_planted(&case, true);
    assert_eq!(bad.board, Board::from_rows(&[[8, 0, 0, 0]]));
    assert_ne!(bad, good);
    assert_eq!(optimized::run(&case, true), good);
    // On the nibble board and the byte board alike.
    for (n, m) in [(4, 4), (8, 8)] {
        let mut board = Board::empty(n, m);
        for (c, v) in [2, 2, 4].into_iter().enumerate() {
            board.set(1, c, v);
        }
        let case = Case {
            board,
            moves: vec![Move {
                dir: Dir::L,
                r: 0,
                c: 0,
                v: 2,
            }],
        };
        let bad = optimized::run_planted(&case, false);
        assert_eq!(bad.board.get(1, 0), 8, "{n}x{m}");
        assert_ne!(bad, reference::run(&case, false), "{n}x{m}");
    }
}

#[test]
fn events_picture_the_move() {
    let case = Case::parse(b"2 2 2\n2 2\n0 4\nL 1 2 2\nL 1 2 4\n").expect("parses");
    let out = optimized::run(&case, true);
    assert_eq!(
        out.events[0].to_string(),
        "L (1 2) +4, 1 merge, tile 2 placed\n4 2\n4 ."
    );
    assert_eq!(
        out.events[1].to_string(),
        "L (1 2) no change, nothing placed\n4 2\n4 ."
    );
    let json = serde_json::to_string(&out.events[0]).expect("serializes");
    assert!(
        json.starts_with(r#"{"move":{"dir":"L","r":0,"c":1,"v":2},"changed":true"#),
        "{json}"
    );
}
