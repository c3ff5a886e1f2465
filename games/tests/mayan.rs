//! The Mayan puzzle end to end: the corpus through both solvers, and the differential test of the
//! optimized solver against the exhaustive reference on generated cases.

use games::mayan::Mayan;
use harness::prelude::Names;
use harness::prelude::*;
use harness::rng::case_seed;
use model::mayan::{parse_answer, Answer, Case, Move};
use reference::mayan::{replay, MoveKind};
use std::path::PathBuf;

fn corpus() -> Vec<(String, Case, Answer)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/mayan");
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    entries.sort();
    for input in entries {
        let name = input.file_stem().unwrap().to_string_lossy().into_owned();
        let case =
            Mayan::parse(&std::fs::read(&input).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = std::fs::read(input.with_extension("out")).unwrap();
        let answer = parse_answer(&expected, case.n).unwrap_or_else(|e| panic!("{name}: {e}"));
        out.push((name, case, answer));
    }
    out
}

/// Checks what any right answer satisfies: exactly n legal moves that end on an empty board.
fn check_answer_plays(case: &Case, answer: &Answer) {
    if let Some(moves) = answer {
        assert_eq!(moves.len(), case.n);
        let played = replay(&case.board, moves).unwrap();
        assert!(played.last().unwrap().board.is_cleared());
        assert!(played[..case.n - 1].iter().all(|p| !p.board.is_cleared()));
    }
}

#[test]
fn the_corpus_through_both_solvers() {
    let cases = corpus();
    assert!(cases.len() >= 8, "{}", cases.len());
    assert!(cases.iter().any(|(name, _, _)| name == "sample1"));
    for (name, case, expected) in &cases {
        for (engine, solve) in [
            ("reference", reference::mayan::solve as fn(&Case) -> Answer),
            ("optimized", engine::mayan::solve),
        ] {
            let got = solve(case);
            assert_eq!(&got, expected, "{name} ({engine})");
            let text = Mayan::answer(&got);
            assert!(Mayan::judge(case, expected, &text).is_ok(), "{name}");
        }
        check_answer_plays(case, expected);
    }
}

#[test]
fn the_sample() {
    let case = Mayan::parse(b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
    let want = Some(vec![
        Move::new(2, 1, 1),
        Move::new(3, 1, 1),
        Move::new(3, 0, 1),
    ]);
    assert_eq!(reference::mayan::solve(&case), want);
    assert_eq!(engine::mayan::solve(&case), want);
    assert_eq!(Mayan::answer(&want), "2 1 1\n3 1 1\n3 0 1\n");
}

#[test]
fn the_two_wave_cascade_clears_in_one_move() {
    let case = Mayan::parse(b"1\n0\n4 5 4 0\n4 5 0\n5 0\n0\n").unwrap();
    let answer = engine::mayan::solve(&case);
    assert_eq!(answer, Some(vec![Move::new(1, 2, -1)]));
    let played = replay(&case.board, answer.as_ref().unwrap()).unwrap();
    assert_eq!(played[0].kind, MoveKind::Drop);
    assert_eq!((played[0].waves, played[0].removed), (2, 6));
}

/// Runs both solvers on `count` cases of a profile; returns how many were solvable.
fn differential(profile: &str, seed: u64, count: u64) -> u64 {
    let mut solvable = 0;
    for i in 0..count {
        let case = Mayan::generate(
            Mayan::profile(profile).expect("a profile"),
            case_seed(seed, i),
        );
        let reference = reference::mayan::solve(&case);
        let optimized = engine::mayan::solve(&case);
        if let Some(d) = Mayan::compare(&case, &reference, &optimized, Names::default()) {
            panic!(
                "{profile} case {i}: {} at {}: {}\n{}\nreference:\n{}\noptimized:\n{}",
                Mayan::size(&case),
                d.at,
                d.what,
                case.write(),
                d.a_view,
                d.b_view
            );
        }
        check_answer_plays(&case, &reference);
        if let Some(moves) = &optimized {
            // The optimized solver never names a left drag into an occupied cell.
            let played = replay(&case.board, moves).unwrap();
            for (m, p) in moves.iter().zip(&played) {
                assert!(m.g == 1 || p.kind == MoveKind::Drop, "{profile} case {i}");
            }
            solvable += 1;
        }
    }
    solvable
}

#[test]
fn differential_small() {
    // Quick enough for a debug build; the thousands are in `differential_thousands`.
    let solvable = differential("solvable", 11, 120);
    assert_eq!(solvable, 120, "planted puzzles all have an answer");
    let some = differential("sparse", 12, 100);
    assert!(some > 0 && some < 100, "{some}");
    differential("random", 13, 60);
    differential("mix", 14, 100);
}

#[test]
#[ignore = "a few thousand cases: run with --release -- --ignored"]
fn differential_thousands() {
    for (i, profile) in ["mix", "solvable", "random", "sparse"].iter().enumerate() {
        differential(profile, 100 + i as u64, 2000);
    }
}
