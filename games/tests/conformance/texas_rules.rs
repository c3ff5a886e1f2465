//! The Texas Match-3 rules (RULES.md §1), one small case per rule, each checked against numbers
//! worked out by hand: the rounds (matched cells M, removed cells E, points), the main colours, the
//! hands, the endgame bonuses and the final board. Every rule runs on every engine
//! ([`super::Play`] also compares the engine's whole trace with the reference's).
//!
//! Pictures: `x` marks a cell of a set, `.` an empty cell of a board. Coordinates in comments are
//! 1-based (row, column) as in the contest format; row 1 is the top row.

use super::Play;
use model::texas::{Case, HandKind, Invalid, Outcome, Score};

/// A hand-checked rule: its name and the check it makes of an engine.
pub type Rule = (&'static str, fn(&Play));

/// The rules as a table of (name, check).
macro_rules! table {
    ($($rule:ident),* $(,)?) => {
        &[$((stringify!($rule), $rule as fn(&Play))),*]
    };
}

/// Every hand-checked rule.
pub const RULES: &[Rule] = table![
    the_samples_in_the_corpus_score_as_their_out_files,
    sample1_points_after_each_operation_and_its_hand,
    sample2_has_three_invalid_operations_and_no_bonus,
    sample3_two_rounds_with_big_combos,
    without_specials_only_the_run_goes,
    special_1_removes_its_row,
    special_2_removes_its_column,
    special_3_removes_its_row_and_column,
    special_4_removes_the_3x3_square,
    special_5_removes_the_5x5_square_clipped_at_the_border,
    special_6_removes_every_piece_of_its_colour,
    a_special_travels_with_its_piece,
    specials_removed_by_specials_trigger_too,
    a_chain_of_two_rounds,
    empty_cells_add_nothing_to_a_special,
    a_chain_of_three_rounds,
    four_in_a_line_scores_50,
    five_in_a_line_scores_200,
    a_t_scores_200,
    a_cross_scores_200,
    a_2x3_block_scores_450,
    touching_runs_of_different_colours_are_separate_components,
    every_hand_kind,
    a_two_colour_operation_takes_the_colour_giving_the_best_hand,
    hands_come_after_every_fifth_valid_operation,
    fewer_than_five_valid_operations_score_no_hand,
    clearing_the_board_scores_10000_more,
    each_kind_of_invalid_operation_leaves_the_board_untouched_and_scores_nothing,
    an_empty_cell_makes_an_operation_invalid_and_the_order_of_reasons,
    an_invalid_operation_costs_the_1000_and_nothing_else,
];

// ---------------------------------------------------------------------------------------------
// Helpers

/// The non-blank lines of `text` (ended by a newline or `;`), trimmed.
fn lines(text: &str) -> Vec<&str> {
    text.split([';', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

/// Builds a case from the contest text: the colour rows, the special rows (blank: no specials)
/// and the operations `x1 y1 x2 y2`, each a line (or ended by `;`). n, m, q are counted and k
/// is the largest colour. The case must parse and validate.
fn case(colours: &str, specials: &str, ops: &str) -> Case {
    let colour_rows = lines(colours);
    let n = colour_rows.len();
    let m = colour_rows[0].split_whitespace().count();
    let k = colour_rows
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|t| t.parse::<u32>().unwrap())
        .max()
        .unwrap();
    let zeros = vec!["0"; m].join(" ");
    let special_rows = if specials.trim().is_empty() {
        vec![zeros.as_str(); n]
    } else {
        lines(specials)
    };
    let op_rows = lines(ops);
    let text = format!(
        "{n} {m} {k} {}\n{}\n{}\n{}\n",
        op_rows.len(),
        colour_rows.join("\n"),
        special_rows.join("\n"),
        op_rows.join("\n")
    );
    let case = Case::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    case.validate().unwrap();
    case
}

/// A set of cells drawn as rows of `x` (in the set) and `.` (not), as row masks.
fn cells(picture: &str) -> Vec<u64> {
    lines(picture)
        .iter()
        .map(|row| {
            row.chars()
                .filter(|ch| !ch.is_whitespace())
                .enumerate()
                .filter(|&(_, ch)| ch == 'x')
                .fold(0, |mask, (c, _)| mask | 1 << c)
        })
        .collect()
}

/// The colours of a board drawn as rows of numbers, `.` for an empty cell.
fn board(picture: &str) -> Vec<u8> {
    lines(picture)
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|t| if t == "." { 0 } else { t.parse().unwrap() })
        .collect()
}

/// The corpus file `corpus/texas/<name>`.
fn corpus(name: &str) -> String {
    let path = format!("{}/../corpus/texas/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// The statement samples

fn the_samples_in_the_corpus_score_as_their_out_files(e: &Play) {
    for (name, expected) in [("sample1", 11692), ("sample2", 684), ("sample3", 3023)] {
        let case = Case::parse(corpus(&format!("{name}.in")).as_bytes()).unwrap();
        let out: u64 = corpus(&format!("{name}.out")).trim().parse().unwrap();
        assert_eq!(out, expected, "{name}.out");
        assert_eq!(e.run(&case).score.total(), expected, "{name}");
    }
}

fn sample1_points_after_each_operation_and_its_hand(e: &Play) {
    let case = Case::parse(corpus("sample1.in").as_bytes()).unwrap();
    let o = e.run(&case);
    // The first three kinds of points, added up after each operation.
    let mut running = 0;
    let mut after_each = Vec::new();
    for op in &o.ops {
        running += op.chain
            + op.rounds
                .iter()
                .map(|r| r.combo + r.elimination)
                .sum::<u64>();
        after_each.push(running);
    }
    assert_eq!(after_each, [315, 417, 429, 435, 482]);
    let mains: Vec<&[u8]> = o.ops.iter().map(|op| op.main.as_slice()).collect();
    assert_eq!(mains, [&[1][..], &[3, 2], &[4], &[2], &[4]]);
    // (1 2 4 2 4): two pairs, 200 + 2*4 + 2.
    let hand = o.ops[4].hand.unwrap();
    assert_eq!((hand.kind, hand.points), (HandKind::TwoPairs, 210));
    assert!(o.ops[..4].iter().all(|op| op.hand.is_none()));
    assert_eq!(o.score.endgame, 11000);
    assert!(o.board.is_cleared());
    assert_eq!(o.score.total(), 482 + 210 + 11000);
}

fn sample2_has_three_invalid_operations_and_no_bonus(e: &Play) {
    let case = Case::parse(corpus("sample2.in").as_bytes()).unwrap();
    let o = e.run(&case);
    let invalid: Vec<Option<Invalid>> = o.ops.iter().map(|op| op.invalid).collect();
    assert_eq!(
        invalid,
        [
            Some(Invalid::NotAdjacent), // (1 1) and (2 2) are diagonal
            None,
            Some(Invalid::EmptyCell), // (3 2) was emptied by the operation before
            Some(Invalid::NoRun),
            None,
            None,
            None,
            None
        ]
    );
    assert_eq!(o.score.endgame, 0);
    assert_eq!(o.score.total(), 684);
}

fn sample3_two_rounds_with_big_combos(e: &Play) {
    let case = Case::parse(corpus("sample3.in").as_bytes()).unwrap();
    let o = e.run(&case);
    let op = &o.ops[0];
    // After the swap row 3 is all 2s, row 4 all 1s and column 3 reads 2 2 2 1 2.
    assert_eq!(op.main, [2, 1]);
    assert_eq!(op.rounds.len(), 2);
    let r1 = &op.rounds[0];
    assert_eq!(
        r1.matched.rows,
        cells(
            "..x..
             ..x..
             xxxxx
             xxxxx
             ....."
        )
    );
    // Colour 2: row 3 and the two cells above its middle, 7 cells: 50*4^2 = 800.
    // Colour 1: row 4, 5 cells: 50*2^2 = 200. Touching, but of different colours.
    assert_eq!(r1.combo, 1000);
    assert_eq!(r1.elimination, 7 * 2 + 5);
    // The 1s of rows 1, 2 and 5 now stand in columns 1, 2, 4, 5, rows 3..5: two 3x2 blocks.
    let r2 = &op.rounds[1];
    assert_eq!(
        r2.matched.rows,
        cells(
            ".....
             .....
             xx.xx
             xx.xx
             xx.xx"
        )
    );
    assert_eq!(r2.combo, 450 + 450);
    assert_eq!(r2.elimination, 2 * 12);
    assert_eq!(op.chain, 80);
    assert_eq!(
        o.board.colour,
        board(
            ". . . . .
             . . . . .
             . . . . .
             . . . . .
             . . 2 . ."
        )
    );
    assert_eq!(o.score.total(), 19 + 24 + 1900 + 80 + 1000);
}

// ---------------------------------------------------------------------------------------------
// Specials

/// A 5x5 board where swapping (4 3) and (4 4) makes a vertical run of 1s in column 3, rows 2..4.
/// After the swap it reads
/// ```text
/// 2 3 4 5 6
/// 7 8 1 9 2
/// 3 4 1 6 7
/// 8 9 1 2 3
/// 4 5 6 7 8
/// ```
const BASE: &str = "
    2 3 4 5 6
    7 8 1 9 2
    3 4 1 6 7
    8 9 2 1 3
    4 5 6 7 8";
const BASE_OP: &str = "4 3 4 4";
const BASE_MATCHED: &str = "
    .....
    ..x..
    ..x..
    ..x..
    .....";

/// Plays BASE with the given specials and returns the single round of the single operation.
fn base_with(e: &Play, specials: &str) -> (Outcome, model::texas::Round) {
    let o = e.run(&case(BASE, specials, BASE_OP));
    assert_eq!(o.ops[0].main, [1]);
    assert_eq!(o.ops[0].rounds.len(), 1, "no second round on these boards");
    assert_eq!(o.ops[0].rounds[0].matched.rows, cells(BASE_MATCHED));
    assert_eq!(o.ops[0].rounds[0].combo, 0);
    assert_eq!(o.ops[0].chain, 0);
    let round = o.ops[0].rounds[0].clone();
    (o, round)
}

fn without_specials_only_the_run_goes(e: &Play) {
    let (o, round) = base_with(e, "");
    assert_eq!(round.removed.rows, cells(BASE_MATCHED));
    assert_eq!(round.elimination, 3);
    assert_eq!(
        o.board.colour,
        board(
            "2 3 . 5 6
             7 8 . 9 2
             3 4 . 6 7
             8 9 4 2 3
             4 5 6 7 8"
        )
    );
    assert_eq!(o.score.total(), 3 + 1000);
}

fn special_1_removes_its_row(e: &Play) {
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 1 0 0
         0 0 0 0 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            ".....
             ..x..
             xxxxx
             ..x..
             ....."
        )
    );
    // The run 1+1+1, then row 3's other pieces 3+4+6+7.
    assert_eq!(round.elimination, 3 + 20);
    assert_eq!(
        o.board.colour,
        board(
            ". . . . .
             2 3 . 5 6
             7 8 . 9 2
             8 9 4 2 3
             4 5 6 7 8"
        )
    );
    assert!(o.board.special.iter().all(|&s| s == 0));
    assert_eq!(o.score.total(), 23 + 1000);
}

fn special_2_removes_its_column(e: &Play) {
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 2 0 0
         0 0 0 0 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            "..x..
             ..x..
             ..x..
             ..x..
             ..x.."
        )
    );
    assert_eq!(round.elimination, 4 + 1 + 1 + 1 + 6);
    assert_eq!(
        o.board.colour,
        board(
            "2 3 . 5 6
             7 8 . 9 2
             3 4 . 6 7
             8 9 . 2 3
             4 5 . 7 8"
        )
    );
    assert_eq!(o.score.total(), 13 + 1000);
}

fn special_3_removes_its_row_and_column(e: &Play) {
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 3 0 0
         0 0 0 0 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            "..x..
             ..x..
             xxxxx
             ..x..
             ..x.."
        )
    );
    // The run, the rest of row 3, the rest of column 3.
    assert_eq!(round.elimination, 3 + (3 + 4 + 6 + 7) + (4 + 6));
    assert_eq!(
        o.board.colour,
        board(
            ". . . . .
             2 3 . 5 6
             7 8 . 9 2
             8 9 . 2 3
             4 5 . 7 8"
        )
    );
    assert_eq!(o.score.total(), 33 + 1000);
}

fn special_4_removes_the_3x3_square(e: &Play) {
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 4 0 0
         0 0 0 0 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            ".....
             .xxx.
             .xxx.
             .xxx.
             ....."
        )
    );
    assert_eq!(round.elimination, (8 + 1 + 9) + (4 + 1 + 6) + (9 + 1 + 2));
    assert_eq!(
        o.board.colour,
        board(
            "2 . . . 6
             7 . . . 2
             3 . . . 7
             8 3 4 5 3
             4 5 6 7 8"
        )
    );
    assert_eq!(o.score.total(), 41 + 1000);
}

fn special_5_removes_the_5x5_square_clipped_at_the_border(e: &Play) {
    // On (2 3) the square spans rows 0..4: row 0 is off the board.
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 5 0 0
         0 0 0 0 0
         0 0 0 0 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            "xxxxx
             xxxxx
             xxxxx
             xxxxx
             ....."
        )
    );
    assert_eq!(round.elimination, 20 + 27 + 21 + 23);
    assert_eq!(
        o.board.colour,
        board(
            ". . . . .
             . . . . .
             . . . . .
             . . . . .
             4 5 6 7 8"
        )
    );
    assert_eq!(o.score.total(), 91 + 1000);
}

fn special_6_removes_every_piece_of_its_colour(e: &Play) {
    // BASE with 1s in the four corners; the special 6 sits on the middle of the run.
    let o = e.run(&case(
        "1 3 4 5 1
         7 8 1 9 2
         3 4 1 6 7
         8 9 2 1 3
         1 5 6 7 1",
        "0 0 0 0 0
         0 0 0 0 0
         0 0 6 0 0
         0 0 0 0 0
         0 0 0 0 0",
        BASE_OP,
    ));
    let round = &o.ops[0].rounds[0];
    assert_eq!(round.matched.rows, cells(BASE_MATCHED));
    assert_eq!(
        round.removed.rows,
        cells(
            "x...x
             ..x..
             ..x..
             ..x..
             x...x"
        )
    );
    assert_eq!(round.elimination, 7);
    assert_eq!(
        o.board.colour,
        board(
            ". 3 . 5 .
             . 8 . 9 .
             7 4 . 6 2
             3 9 4 2 7
             8 5 6 7 3"
        )
    );
    assert_eq!(o.score.total(), 7 + 1000);
}

fn a_special_travels_with_its_piece(e: &Play) {
    // The special 1 starts on (4 4), under the 1 that the swap moves into the run.
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 0 0 0
         0 0 0 1 0
         0 0 0 0 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            ".....
             ..x..
             ..x..
             xxxxx
             ....."
        )
    );
    assert_eq!(round.elimination, 3 + (8 + 9 + 2 + 3));
    assert_eq!(o.score.total(), 25 + 1000);

    // A special under the 2 that the swap moves out of the run does not trigger.
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         0 0 0 0 0
         0 0 1 0 0
         0 0 0 0 0",
    );
    assert_eq!(round.removed.rows, cells(BASE_MATCHED));
    assert_eq!(o.score.total(), 3 + 1000);
    assert_eq!(o.board.special_at(3, 3), 1, "it now lies on (4 4)");
}

fn specials_removed_by_specials_trigger_too(e: &Play) {
    // (3 3) special 1 takes row 3, which holds (3 1) special 2 and (3 5) special 6 of colour 7.
    // (3 1) takes column 1; (3 5) takes every 7: (2 1), (3 5) and (5 4), whose special 2 takes
    // column 4. Special 6 uses the colour of its own piece (7), not the main colour (1).
    let (o, round) = base_with(
        e,
        "0 0 0 0 0
         0 0 0 0 0
         2 0 1 0 6
         0 0 0 0 0
         0 0 0 2 0",
    );
    assert_eq!(
        round.removed.rows,
        cells(
            "x..x.
             x.xx.
             xxxxx
             x.xx.
             x..x."
        )
    );
    // Column 1, column 4, the run, and the rest of row 3: (3 2) = 4 and (3 5) = 7.
    assert_eq!(
        round.elimination,
        (2 + 7 + 3 + 8 + 4) + (5 + 9 + 6 + 2 + 7) + 3 + (4 + 7)
    );
    assert_eq!(
        o.board.colour,
        board(
            ". . . . .
             . 3 . . 6
             . 8 . . 2
             . 9 4 . 3
             . 5 6 . 8"
        )
    );
    assert_eq!(o.score.total(), 67 + 1000);
}

// ---------------------------------------------------------------------------------------------
// Chains

/// Column 1 reads 1 1 3 5 3 1; the swap brings a 3 into row 4. Column 2 alternates 4 and 5 after
/// the swap and never takes part.
const TWO_ROUNDS: &str = "
    1 4
    1 5
    3 4
    5 3
    3 4
    1 5";

fn a_chain_of_two_rounds(e: &Play) {
    let o = e.run(&case(TWO_ROUNDS, "", "4 1 4 2"));
    let op = &o.ops[0];
    assert_eq!(op.main, [3]);
    assert_eq!(op.rounds.len(), 2);
    assert_eq!(op.rounds[0].matched.rows, cells("..;..;x.;x.;x.;.."));
    assert_eq!(op.rounds[0].elimination, 9);
    // The three 1s fall onto the last 1: round 2 doubles their colour sum.
    assert_eq!(op.rounds[1].matched.rows, cells("..;..;..;x.;x.;x."));
    assert_eq!(op.rounds[1].removed, op.rounds[1].matched);
    assert_eq!(op.rounds[1].elimination, 2 * 3);
    assert_eq!(op.chain, 80);
    assert_eq!(o.board.colour, board(". 4; . 5; . 4; . 5; . 4; . 5"));
    assert_eq!(o.score.total(), 9 + 6 + 80 + 1000);
}

fn empty_cells_add_nothing_to_a_special(e: &Play) {
    // TWO_ROUNDS with a special 3 on the bottom 1. In round 2 its column holds three empty cells,
    // which add nothing; its row adds (6 2).
    let o = e.run(&case(TWO_ROUNDS, "0 0;0 0;0 0;0 0;0 0;3 0", "4 1 4 2"));
    let op = &o.ops[0];
    assert_eq!(op.rounds.len(), 2);
    assert_eq!(
        op.rounds[0].removed, op.rounds[0].matched,
        "the special is not in round 1"
    );
    assert_eq!(op.rounds[1].matched.rows, cells("..;..;..;x.;x.;x."));
    assert_eq!(op.rounds[1].removed.rows, cells("..;..;..;x.;x.;xx"));
    assert_eq!(op.rounds[1].elimination, 2 * (1 + 1 + 1 + 5));
    assert_eq!(op.chain, 80);
    assert_eq!(o.board.colour, board(". .; . 4; . 5; . 4; . 5; . 4"));
    assert_eq!(o.score.total(), 9 + 16 + 80 + 1000);
}

fn a_chain_of_three_rounds(e: &Play) {
    // Column 1 reads 2 2 1 1 3 3 3 1 2 after the swap: the 3s go, then the 1s, then the 2s.
    let o = e.run(&case(
        "2 4
         2 5
         1 4
         1 5
         3 4
         5 3
         3 4
         1 5
         2 4",
        "",
        "6 1 6 2",
    ));
    let op = &o.ops[0];
    assert_eq!(op.main, [3]);
    let in_col1 =
        |rows: [usize; 3]| -> Vec<u64> { (1..=9).map(|r| u64::from(rows.contains(&r))).collect() };
    let rounds: Vec<(Vec<u64>, u64)> = op
        .rounds
        .iter()
        .map(|r| (r.matched.rows.clone(), r.elimination))
        .collect();
    assert_eq!(
        rounds,
        [
            (in_col1([5, 6, 7]), 3 * 3),
            (in_col1([6, 7, 8]), 2 * (1 + 1 + 1)),
            (in_col1([7, 8, 9]), 3 * (2 + 2 + 2)),
        ]
    );
    assert_eq!(op.chain, 80 * 2 * 2);
    assert_eq!(o.board.pieces(), 9, "column 2 stays whole");
    assert_eq!(o.score.total(), 9 + 6 + 18 + 320 + 1000);
}

// ---------------------------------------------------------------------------------------------
// Combos

fn four_in_a_line_scores_50(e: &Play) {
    let o = e.run(&case(
        "5 6 1 7
         1 1 2 1",
        "",
        "1 3 2 3",
    ));
    let op = &o.ops[0];
    assert_eq!(op.main, [1], "(1 3) now holds the 2, in no run");
    assert_eq!(op.rounds.len(), 1);
    assert_eq!(op.rounds[0].matched.rows, cells("....\nxxxx"));
    assert_eq!(op.rounds[0].combo, 50);
    assert_eq!(op.rounds[0].elimination, 4);
    assert_eq!(o.board.colour, board(". . . .\n5 6 2 7"));
    assert_eq!(o.score.total(), 4 + 50 + 1000);
}

fn five_in_a_line_scores_200(e: &Play) {
    let o = e.run(&case(
        "5 6 1 7 8
         1 1 2 1 1",
        "",
        "1 3 2 3",
    ));
    let op = &o.ops[0];
    assert_eq!(op.rounds[0].matched.rows, cells(".....\nxxxxx"));
    assert_eq!(op.rounds[0].combo, 200);
    assert_eq!(o.score.total(), 5 + 200 + 1000);
}

fn a_t_scores_200(e: &Play) {
    let o = e.run(&case(
        "5 1 6
         1 2 1
         7 1 8
         8 1 7",
        "",
        "1 2 2 2",
    ));
    let op = &o.ops[0];
    assert_eq!(op.main, [1]);
    assert_eq!(
        op.rounds[0].matched.rows,
        cells(
            "...
             xxx
             .x.
             .x."
        )
    );
    assert_eq!(op.rounds[0].combo, 200);
    assert_eq!(op.rounds[0].elimination, 5);
    assert_eq!(
        o.board.colour,
        board(
            ". . .
             5 . 6
             7 . 8
             8 2 7"
        )
    );
    assert_eq!(o.score.total(), 5 + 200 + 1000);
}

fn a_cross_scores_200(e: &Play) {
    // No single swap makes a cross (its centre's four neighbours would all be 1 before the swap),
    // so round 1 removes the 2s of column 2 and the 1s above them fall into place.
    let o = e.run(&case(
        "3 1 8
         4 2 9
         5 1 3
         6 2 4
         1 2 1
         7 1 5",
        "",
        "2 2 3 2",
    ));
    let op = &o.ops[0];
    assert_eq!(op.main, [2]);
    assert_eq!(op.rounds.len(), 2);
    assert_eq!(op.rounds[0].matched.rows, cells("...;...;.x.;.x.;.x.;..."));
    assert_eq!((op.rounds[0].combo, op.rounds[0].elimination), (0, 6));
    assert_eq!(op.rounds[1].matched.rows, cells("...;...;...;.x.;xxx;.x."));
    assert_eq!((op.rounds[1].combo, op.rounds[1].elimination), (200, 2 * 5));
    assert_eq!(op.chain, 80);
    assert_eq!(
        o.board.colour,
        board(". . .; 3 . 8; 4 . 9; 5 . 3; 6 . 4; 7 . 5")
    );
    assert_eq!(o.score.total(), 6 + 10 + 200 + 80 + 1000);
}

fn a_2x3_block_scores_450(e: &Play) {
    // Round 1 removes the 2s of row 2; columns 1 and 2 then hold 1 1 1 each, side by side.
    let o = e.run(&case(
        "1 1 2
         2 2 3
         1 1 4
         1 1 5",
        "",
        "1 3 2 3",
    ));
    let op = &o.ops[0];
    assert_eq!(op.main, [2]);
    assert_eq!(op.rounds.len(), 2);
    assert_eq!(op.rounds[0].matched.rows, cells("...\nxxx\n...\n..."));
    assert_eq!((op.rounds[0].combo, op.rounds[0].elimination), (0, 6));
    assert_eq!(op.rounds[1].matched.rows, cells("...\nxx.\nxx.\nxx."));
    assert_eq!((op.rounds[1].combo, op.rounds[1].elimination), (450, 2 * 6));
    assert_eq!(o.board.colour, board(". . .\n. . 3\n. . 4\n. . 5"));
    assert_eq!(o.score.total(), 6 + 12 + 450 + 80 + 1000);
}

fn touching_runs_of_different_colours_are_separate_components(e: &Play) {
    // After the swap column 1 is 1 1 1 1 and column 2 is 3 2 2 2: 4 cells (50) and 3 cells (0),
    // not one component of 7 (800).
    let colours = "1 3
                   1 2
                   2 1
                   1 2";
    let o = e.run(&case(colours, "", "3 1 3 2"));
    let op = &o.ops[0];
    assert_eq!(
        op.main,
        [1, 2],
        "both cells lie in runs, the colour at (3 1) first"
    );
    assert_eq!(op.rounds.len(), 1);
    assert_eq!(op.rounds[0].matched.rows, cells("x.\nxx\nxx\nxx"));
    assert_eq!(op.rounds[0].combo, 50);
    assert_eq!(op.rounds[0].elimination, 4 + 6);
    assert_eq!(o.board.colour, board(". .\n. .\n. .\n. 3"));
    assert_eq!(o.score.total(), 10 + 50 + 1000);

    // The same swap written the other way round lists the colour at its first cell first.
    let o = e.run(&case(colours, "", "3 2 3 1"));
    assert_eq!(o.ops[0].main, [2, 1]);
    assert_eq!(o.score.total(), 10 + 50 + 1000);
}

// ---------------------------------------------------------------------------------------------
// Hands

/// The main colours of a run of operations written as text: one entry per operation, `/` between
/// two colours (`"1 1 2 3 1/3"`).
fn mains(text: &str) -> Vec<Vec<u8>> {
    text.split_whitespace()
        .map(|entry| entry.split('/').map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// A three-row board with one operation per entry of `mains`, each in its own two columns, whose
/// main colours are the entry. One colour c (filler colours 97..99):
/// ```text
/// c  97        swap the bottom row: column 1 becomes c c c, column 2 97 98 99
/// c  98
/// 99 c
/// ```
/// two colours c, d:
/// ```text
/// c d          swap the bottom row: c c c beside d d d
/// c d
/// d c
/// ```
/// In every row the two cells of an unplayed pair differ, so no run ever crosses two pairs.
/// Returns the colour rows and the operations.
fn gadgets(mains: &[Vec<u8>]) -> (String, Vec<String>) {
    let mut rows: [Vec<String>; 3] = Default::default();
    let mut ops = Vec::new();
    for (i, main) in mains.iter().enumerate() {
        let cols = match main[..] {
            [c] => [[c, 97], [c, 98], [99, c]],
            [c, d] => [[c, d], [c, d], [d, c]],
            _ => panic!("one or two main colours"),
        };
        for (row, pair) in rows.iter_mut().zip(cols) {
            row.extend(pair.map(|v| v.to_string()));
        }
        ops.push(format!("3 {} 3 {}", 2 * i + 1, 2 * i + 2));
    }
    let text = rows
        .iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    (text, ops)
}

/// Plays the gadget game for `text` (see [`mains`]) and checks that every operation has the
/// intended main colours.
fn hand_game(e: &Play, text: &str) -> Outcome {
    let mains = mains(text);
    let (colours, ops) = gadgets(&mains);
    let o = e.run(&case(&colours, "", &ops.join("\n")));
    for (op, main) in o.ops.iter().zip(&mains) {
        assert_eq!(&op.main, main);
    }
    o
}

fn every_hand_kind(e: &Play) {
    for (mains, kind, points) in [
        ("1 2 3 4 9", HandKind::HighCard, 50 + 9),
        ("7 3 7 1 2", HandKind::OnePair, 100 + 2 * 7),
        // The larger pair (5) counts twice, whatever the order.
        ("2 5 2 5 1", HandKind::TwoPairs, 200 + 2 * 5 + 2),
        ("4 4 1 4 2", HandKind::ThreeOfAKind, 300 + 3 * 4),
        // The triple (3) counts three times, the pair (6) once, though 6 is larger.
        ("3 6 3 6 3", HandKind::FullHouse, 500 + 3 * 3 + 6),
        ("8 8 8 2 8", HandKind::FourOfAKind, 750 + 5 * 8),
        ("6 6 6 6 6", HandKind::FiveOfAKind, 1000 + 10 * 6),
    ] {
        let o = hand_game(e, mains);
        assert!(o.ops[..4].iter().all(|op| op.hand.is_none()));
        let hand = o.ops[4].hand.unwrap();
        assert_eq!((hand.kind, hand.points), (kind, points), "{mains}");
        assert_eq!(o.score.hand, points);
    }
}

fn a_two_colour_operation_takes_the_colour_giving_the_best_hand(e: &Play) {
    for (mains, kind, points) in [
        // 1: three 1s, 303; 3: two pairs 3 and 1, 207.
        ("1 1 2 3 1/3", HandKind::ThreeOfAKind, 303),
        // 90: two pairs 90 and 1, 381; 1: three 1s, 303. The most points, not the strongest kind.
        ("90 1 1 3 90/1", HandKind::TwoPairs, 381),
        // Every operation has two colours: 2 in all but the third gives four 2s, 760.
        ("1/2 2/3 3/1 1/2 2/3", HandKind::FourOfAKind, 760),
        // 5: a pair of 5s, 110; 60: high card, 50 + 60 = 110. Equal points: the stronger kind.
        ("5 1 2 3 5/60", HandKind::OnePair, 110),
    ] {
        let hand = hand_game(e, mains).ops[4].hand.unwrap();
        assert_eq!((hand.kind, hand.points), (kind, points), "{mains}");
    }
}

fn hands_come_after_every_fifth_valid_operation(e: &Play) {
    // Five of a kind (1000 + 10*1), two pairs (200 + 2*3 + 2), and three left over.
    let (colours, mut ops) = gadgets(&mains("1 1 1 1 1  2 3 2 3 4  5 5 5"));
    // An invalid operation after the second one does not count.
    ops.insert(2, "1 1 1 3".to_string());
    let o = e.run(&case(&colours, "", &ops.join("\n")));
    assert_eq!(o.ops[2].invalid, Some(Invalid::NotAdjacent));
    let hands: Vec<(usize, HandKind, u64)> = o
        .ops
        .iter()
        .enumerate()
        .filter_map(|(i, op)| op.hand.map(|h| (i, h.kind, h.points)))
        .collect();
    assert_eq!(
        hands,
        [
            (5, HandKind::FiveOfAKind, 1010),
            (10, HandKind::TwoPairs, 208)
        ]
    );
    assert_eq!(o.score.hand, 1010 + 208);
    assert_eq!(o.score.endgame, 0);
}

fn fewer_than_five_valid_operations_score_no_hand(e: &Play) {
    let o = hand_game(e, "1 1 1 1");
    assert!(o.ops.iter().all(|op| op.hand.is_none()));
    assert_eq!(o.score.hand, 0);
    assert_eq!(o.score.endgame, 1000);
}

// ---------------------------------------------------------------------------------------------
// Endgame and invalid operations

fn clearing_the_board_scores_10000_more(e: &Play) {
    let colours = "1 2
                   1 2
                   2 1";
    let o = e.run(&case(colours, "", "3 1 3 2"));
    assert!(o.board.is_cleared());
    assert_eq!(o.ops[0].rounds[0].combo, 0, "two components of 3");
    assert_eq!(o.score.endgame, 1000 + 10000);
    assert_eq!(o.score.total(), 3 + 6 + 11000);

    // Any further operation on the empty board is invalid: the 1000 goes, the 10000 stays.
    let o = e.run(&case(colours, "", "3 1 3 2; 1 1 1 2"));
    assert_eq!(o.ops[1].invalid, Some(Invalid::EmptyCell));
    assert_eq!(o.score.endgame, 10000);
    assert_eq!(o.score.total(), 9 + 10000);
}

fn each_kind_of_invalid_operation_leaves_the_board_untouched_and_scores_nothing(e: &Play) {
    let specials = "3 0 0 0 0
                    0 0 0 0 0
                    0 0 0 0 0
                    0 0 0 0 0
                    0 0 0 0 0";
    for (op, why) in [
        ("1 1 1 3", Invalid::NotAdjacent), // two apart in a row
        ("1 1 2 2", Invalid::NotAdjacent), // diagonal
        ("2 2 2 2", Invalid::NotAdjacent), // a cell with itself
        ("1 1 1 2", Invalid::NoRun),       // 3 2 4 5 6 / 2 over 7: no run
    ] {
        let case = case(BASE, specials, op);
        let o = e.run(&case);
        assert_eq!(o.ops[0].invalid, Some(why), "{op}");
        assert_eq!(o.board, case.board, "{op}");
        assert_eq!(
            o.score,
            Score::default(),
            "{op}: nothing, not even the 1000"
        );
    }
}

fn an_empty_cell_makes_an_operation_invalid_and_the_order_of_reasons(e: &Play) {
    // After the BASE operation, column 3 is empty in rows 1..3.
    let after_base = e.run(&case(BASE, "", BASE_OP));
    for (op, why) in [
        ("1 3 1 4", Invalid::EmptyCell),   // an empty cell beside a piece
        ("1 3 2 3", Invalid::EmptyCell),   // two empty cells
        ("1 3 3 3", Invalid::NotAdjacent), // empty, but not adjacent comes first
        ("1 3 1 3", Invalid::NotAdjacent), // an empty cell with itself
    ] {
        let o = e.run(&case(BASE, "", &format!("{BASE_OP}; {op}")));
        assert_eq!(o.ops[1].invalid, Some(why), "{op}");
        assert_eq!(o.board, after_base.board, "{op}");
        let expected = Score {
            endgame: 0,
            ..after_base.score
        };
        assert_eq!(o.score, expected, "{op}: only the +1000 is lost");
    }
}

fn an_invalid_operation_costs_the_1000_and_nothing_else(e: &Play) {
    let colours = "5 6 1 7
                   1 1 2 1";
    let all_valid = e.run(&case(colours, "", "1 3 2 3"));
    // After the first swap row 2 reads 5 6 2 7: swapping 5 and 6 makes no run.
    let one_invalid = e.run(&case(colours, "", "1 3 2 3; 2 1 2 2"));
    assert_eq!(one_invalid.ops[1].invalid, Some(Invalid::NoRun));
    assert_eq!(one_invalid.board, all_valid.board);
    assert_eq!(all_valid.score.endgame, 1000);
    assert_eq!(one_invalid.score.endgame, 0);
    assert_eq!(one_invalid.score.total(), all_valid.score.total() - 1000);
}
