//! The statement's samples, step by step.

use engine::texas::{outcome, play, Engine};
use model::texas::{Case, HandKind, NoTrace};

/// The contest answer: the total of an untraced play.
fn score(case: &Case) -> u64 {
    play(case, &mut NoTrace).0.total()
}

const BOARD: &str = "\
1 1 5 1 5 4 5 3
2 1 2 2 5 4 3 2
1 4 1 4 2 1 5 4
2 1 5 5 2 1 4 4
2 3 5 2 3 4 2 2
4 2 4 3 3 2 4 5
1 3 4 3 5 2 4 3
3 4 2 5 2 1 1 2
0 0 0 0 0 0 0 0
2 0 0 0 0 0 0 0
0 0 0 0 5 0 0 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 0 6 0 0 3 1
0 0 0 0 3 0 0 0
";

fn sample1() -> Case {
    let input =
        format!("8 8 5 5\n{BOARD}0 0 0 0 0 0 1 4\n3 2 4 2\n5 4 5 5\n7 2 7 3\n8 5 8 6\n6 7 6 8\n");
    Case::parse(input.as_bytes()).unwrap()
}

fn sample2() -> Case {
    let input = format!(
        "8 8 5 8\n{BOARD}0 0 0 0 0 0 0 0\n1 1 2 2\n3 2 4 2\n3 2 3 3\n4 2 4 3\n5 4 5 5\n7 2 7 3\n8 5 8 6\n6 7 6 8\n"
    );
    Case::parse(input.as_bytes()).unwrap()
}

const SAMPLE3: &str = "5 5 2 1\n1 1 2 1 1\n1 1 2 1 1\n2 2 1 2 2\n1 1 2 1 1\n1 1 2 1 1\n\
    0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3 4 3\n";

#[test]
fn sample1_scores_11692_step_by_step() {
    let case = sample1();
    let mut engine = Engine::new();
    engine.load(&case);
    let mut running = Vec::new();
    for &op in &case.ops {
        engine.apply(op, &mut NoTrace);
        let s = engine.finish();
        running.push(s.elimination + s.chain + s.combo);
    }
    assert_eq!(running, [315, 417, 429, 435, 482]);
    let s = engine.finish();
    assert_eq!((s.hand, s.endgame, s.total()), (210, 11000, 11692));
    assert!(engine.board().is_cleared());

    let out = outcome(&case);
    assert_eq!(out.score.total(), 11692);
    assert_eq!(out.ops.len(), 5);
    assert!(out.ops.iter().all(|op| op.invalid.is_none()));
    let hand = out.ops[4].hand.unwrap();
    assert_eq!((hand.kind, hand.points), (HandKind::TwoPairs, 210));
    assert!(out.ops[..4].iter().all(|op| op.hand.is_none()));
    // The hand (1 2 4 2 4) takes one main colour of each operation; the second has two.
    for (op, want) in out.ops.iter().zip([1, 2, 4, 2, 4]) {
        assert!(op.main.contains(&want), "main colours {:?}", op.main);
    }
    assert_eq!(out.ops[1].main, [3, 2]);
}

#[test]
fn sample2_scores_684_with_three_invalid_operations() {
    let case = sample2();
    assert_eq!(score(&case), 684);
    let out = outcome(&case);
    assert_eq!(out.score.total(), 684);
    assert_eq!(out.ops.iter().filter(|op| op.invalid.is_some()).count(), 3);
    assert_eq!(out.score.endgame, 0);
}

#[test]
fn sample3_scores_3023() {
    let case = Case::parse(SAMPLE3.as_bytes()).unwrap();
    assert_eq!(score(&case), 3023);
    let out = outcome(&case);
    assert_eq!(out.score.total(), 3023);
    assert_eq!(out.ops[0].main.len(), 2, "both swapped cells lie in runs");
}

/// Every `corpus/texas/*.in` with an `.out` beside it scores what the `.out` says, and the whole
/// outcome agrees with the reference.
#[test]
fn the_corpus_scores_as_its_out_files() {
    let dir = format!("{}/../corpus/texas", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let Ok(expected) = std::fs::read_to_string(path.with_extension("out")) else {
            continue;
        };
        let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
        let expected: u64 = expected.trim().parse().unwrap();
        assert_eq!(score(&case), expected, "{}", path.display());
        assert_eq!(
            outcome(&case),
            reference::texas::outcome(&case),
            "{}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} corpus cases in {dir}");
}

/// Round 1 removes (2,2..4) and (3,1..4). After the fall the removed cells (3,1..3) hold 1s again,
/// as before, and form a run of round 2: a refilled cell must be looked at even when its colour did
/// not change.
#[test]
fn a_removed_cell_refilled_with_its_old_colour_still_starts_runs() {
    let input = "5 6 2 1\n2 1 1 2 2 1\n1 1 2 2 1 1\n1 2 1 1 2 2\n2 2 1 1 2 2\n1 1 2 2 1 1\n\
        0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n2 2 3 2\n";
    let case = Case::parse(input.as_bytes()).unwrap();
    let want = reference::texas::outcome(&case);
    assert_eq!(want.score.total(), 1158);
    assert!(want.ops[0].rounds.len() >= 2);
    assert_eq!(outcome(&case), want);
    assert_eq!(score(&case), 1158);
}
