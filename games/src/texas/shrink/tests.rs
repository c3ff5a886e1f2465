use super::super::sim::Sim;
use super::colours::fold_colours;
use super::lines::{repair_runs, sub_board, Cut};
use super::repair::revalidate;
use super::*;
use harness::prelude::*;
use model::texas::{Board, Pos};
use std::collections::HashSet;

#[test]
fn candidates_are_valid_distinct_and_lighter() {
    for profile in [
        "tiny",
        "small",
        "specials",
        "wide",
        "tall",
        "many-colours",
        "cascade",
    ] {
        for seed in 0..10 {
            let case = Texas::generate(Texas::profile(profile).expect("profile"), seed);
            let w = Texas::weight(&case);
            let (cheap, costly) = (candidates(&case), costly_candidates(&case));
            // Each list is free of duplicates (the two are built apart and may share some).
            for list in [&cheap, &costly] {
                let distinct: HashSet<&Case> = list.iter().collect();
                assert_eq!(distinct.len(), list.len(), "duplicate candidates");
            }
            let list: Vec<Case> = cheap.into_iter().chain(costly).collect();
            for c in &list {
                c.validate().unwrap();
                assert!(
                    Texas::weight(c) < w,
                    "candidate not lighter:\n{}\nfrom\n{}",
                    c.write(),
                    case.write()
                );
            }
        }
    }
}

#[test]
fn a_cut_that_makes_a_run_is_repaired() {
    // Dropping the second row brings the two 1s of column 1 next to the 1 below them.
    let case = Case::parse(b"4 2 2 1\n1 2\n2 1\n1 2\n1 1\n0 0\n0 0\n0 0\n0 0\n1 1 1 2\n").unwrap();
    let (board, k) = sub_board(&case, &[0, 2, 3], &[0, 1]).unwrap();
    assert_eq!(k, 2);
    assert_eq!(
        board.colour,
        vec![1, 2, 1, 2, 2, 1],
        "the third 1 became a 2"
    );
    assert!(board.find_run().is_none());
}

#[test]
fn colours_fold_onto_half_as_many() {
    // Eight colours on one row: folded onto 4 they read 1 2 3 4 1 2 3 4, which has no run.
    let case = Case::parse(b"1 8 8 1\n1 2 3 4 5 6 7 8\n0 0 0 0 0 0 0 0\n1 1 1 2\n").unwrap();
    let mut out = Out::new(&case);
    fold_colours(&case, &mut out);
    let ks: Vec<u8> = out.list.iter().map(|c| c.k).collect();
    assert_eq!(ks, vec![4, 2, 2], "one candidate per halving");
    assert_eq!(out.list[0].board.colour, vec![1, 2, 3, 4, 1, 2, 3, 4]);
    // Onto 2: 1 2 1 2 1 2 1 2; onto 1: a run of 1s everywhere, repaired with a second colour.
    assert_eq!(out.list[1].board.colour, vec![1, 2, 1, 2, 1, 2, 1, 2]);
    assert!(out.list.iter().all(|c| c.validate().is_ok()));
}

#[test]
fn a_run_that_no_colour_up_to_k_breaks_gets_a_new_colour() {
    let mut board = Board::empty(1, 3);
    board.colour = vec![1, 1, 1];
    assert_eq!(repair_runs(&mut board, 1), Some(2));
    assert_eq!(board.colour, vec![1, 1, 2]);
}

#[test]
fn dropping_a_row_moves_the_operations_below_it() {
    let case =
        Case::parse(b"3 3 3 2\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n3 1 3 2\n1 1 2 1\n")
            .unwrap();
    let list = candidates(&case);
    // The second operation touched row 2 and is gone; the first moved up a row.
    let want = Case::parse(b"2 3 3 1\n1 2 3\n3 1 2\n0 0 0\n0 0 0\n2 1 2 2\n").unwrap();
    assert!(list.contains(&want), "{list:#?}");
}

#[test]
fn an_operation_that_stopped_being_valid_is_replaced_by_the_nearest_valid_swap() {
    // One row: 1 1 2 1 3 3 4 3. Swapping cells 3 and 4 makes a run of 1s, swapping cells 7
    // and 8 (farther) a run of 3s; the operation swaps two equal colours, which is invalid.
    let mut board = Board::empty(1, 8);
    board.colour = vec![1, 1, 2, 1, 3, 3, 4, 3];
    let op = |a: usize, b: usize| Op {
        a: Pos::new(0, a),
        b: Pos::new(0, b),
    };
    let mut sim = Sim::new();
    let repaired = |sim: &mut Sim, keep_mains: bool| {
        revalidate(sim, 4, &board, vec![(op(0, 1), Some(vec![3]))], keep_mains)
            .unwrap()
            .ops
    };
    // Its main colour was 3: the swap that makes a run of 3s, though farther.
    assert_eq!(repaired(&mut sim, true), vec![op(6, 7)]);
    // Any main colours: the nearest valid swap.
    assert_eq!(repaired(&mut sim, false), vec![op(2, 3)]);
    // An operation that was invalid to begin with stays as it is.
    let kept = revalidate(&mut sim, 4, &board, vec![(op(0, 1), None)], true).unwrap();
    assert_eq!(kept.ops, vec![op(0, 1)]);
}

#[test]
fn a_reshaped_cut_puts_the_special_of_the_dropped_line_on_a_cell_kept() {
    // A checkerboard with a colour special in column 1 and a swap in columns 2 and 3.
    let case =
        Case::parse(b"3 3 2 1\n1 2 1\n2 1 2\n1 2 1\n6 0 0\n0 0 0\n0 0 0\n1 2 2 2\n").unwrap();
    // The candidates without column 1 (and no other change of colour) that hold the special.
    let kept = vec![2, 1, 1, 2, 2, 1];
    let with_special = |list: Vec<Case>| -> Vec<Case> {
        list.into_iter()
            .filter(|c| c.board.colour == kept && c.board.special.contains(&6))
            .collect()
    };
    // A plain cut drops the special with its column; a reshaped cut puts it on any cell kept.
    assert!(with_special(candidates(&case)).is_empty());
    let cells: HashSet<usize> = with_special(costly_candidates(&case))
        .iter()
        .map(|c| c.board.special.iter().position(|&s| s == 6).unwrap())
        .collect();
    assert_eq!(cells.len(), 6);
}

#[test]
fn a_cut_that_moves_a_line_moves_the_operations_on_it() {
    // Columns kept in the order 2, 0: the swap in column 0 is now in column 1 of the cut.
    let case =
        Case::parse(b"3 3 3 1\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n1 1 2 1\n").unwrap();
    let mut sim = Sim::new();
    let played = play(&mut sim, &case);
    let cut = Cut::new(&case, &played, &[0, 1, 2], &[2, 0], |_| true).unwrap();
    assert_eq!(cut.board.colour, vec![3, 1, 1, 2, 2, 3]);
    let moved = Op {
        a: Pos::new(0, 1),
        b: Pos::new(1, 1),
    };
    assert_eq!(cut.kept, vec![moved]);
    assert_eq!(cut.shifted[0].0, moved);
}
