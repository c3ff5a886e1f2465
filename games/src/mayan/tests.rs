//! Tests of the Mayan game: generators, comparison, shrinking, coverage.

use super::gen::*;
use super::*;
use model::mayan::Move;

fn p(name: &str) -> &'static Profile<Case> {
    Mayan::profile(name).expect("a profile of the game")
}

#[test]
fn generated_cases_are_valid_and_deterministic() {
    for p in Mayan::PROFILES {
        let seeds = if p.name == "dense" { 2 } else { 60 };
        for seed in 0..seeds {
            let case = Mayan::generate(p, seed);
            case.validate()
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", p.name));
            assert_eq!(case, Mayan::generate(p, seed));
            assert_eq!(Mayan::parse(Mayan::write(&case).as_bytes()).unwrap(), case);
            if p.name != "dense" {
                assert!(
                    case.board.blocks() <= MAX_PLANTED_BLOCKS[case.n],
                    "{}",
                    p.name
                );
            }
            if p.name == "random" || p.name == "sparse" {
                assert!(case.board.blocks() <= MAX_BLOCKS[case.n], "{}", p.name);
            }
        }
    }
}

#[test]
fn planted_puzzles_are_solvable() {
    for seed in 0..40 {
        let case = Mayan::generate(p("solvable"), seed);
        let answer = engine::mayan::solve(&case);
        assert!(answer.is_some(), "seed {seed}:\n{}", case.write());
    }
}

#[test]
fn dense_cases_are_dense_and_unsolvable() {
    let case = Mayan::generate(p("dense"), 7);
    assert_eq!(case.n, 5);
    assert!(case.board.blocks() >= 24, "{}", case.board.blocks());
    assert_eq!(engine::mayan::solve(&case), None);
    // Colours come in threes, so no colour is left once or twice.
    let counts = case.board.colour_counts();
    assert!(counts.iter().all(|&c| c % 3 == 0), "{counts:?}");
}

#[test]
fn compare_names_the_first_differing_move() {
    let case = Case::parse(b"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n").unwrap();
    let right = reference::mayan::solve(&case);
    assert!(Mayan::compare(&case, &right, &right.clone(), Names::default()).is_none());
    let mut wrong = right.clone().unwrap();
    wrong[1] = Move::new(0, 0, 1);
    let d = Mayan::compare(&case, &right, &Some(wrong), Names::default()).unwrap();
    assert_eq!(d.at.as_str(), "move 2");
    assert!(
        d.what
            .contains("reference plays 3 1 1, optimized plays 0 0 1"),
        "{}",
        d.what
    );
    assert!(d.what.contains("does not empty the board"), "{}", d.what);
    assert_eq!(
        d.event.words(),
        "reference plays N N N, optimized plays N N N"
    );
    assert!(d.a_view.contains("board after 1 move(s)"));
    assert!(d.b_view.contains("0 0 1"));
    let d = Mayan::compare(&case, &right, &None, Names::default()).unwrap();
    assert_eq!(d.at, harness::roles::verdict::At::Answer);
    assert!(d.what.contains("answers -1"), "{}", d.what);
    assert_eq!(
        d.event.words(),
        "reference finds a sequence, optimized answers -N"
    );
    assert_eq!(d.context["b"], serde_json::json!(-1));
    assert!(Mayan::judge(&case, &right, "2 1 1 3 1 1\n3 0 1").is_ok());
    assert!(Mayan::judge(&case, &right, "-1").is_err());
}

#[test]
fn shrink_candidates_are_valid_and_lighter() {
    for seed in 0..30 {
        let case = Mayan::generate(p("mix"), seed);
        let w = Mayan::weight(&case);
        for smaller in Mayan::shrink_candidates(&case) {
            smaller.validate().unwrap();
            assert!(Mayan::weight(&smaller) < w, "seed {seed}");
        }
    }
    let case = Case::parse(b"2\n1 2 0\n0\n3 0\n0\n0\n").unwrap();
    let candidates = Mayan::shrink_candidates(&case);
    assert!(candidates.iter().any(|c| c.n == 1));
    assert!(candidates.iter().any(|c| c.board.blocks() == 1));
    assert!(candidates.iter().any(|c| c.board.colours() == [1, 2]));
}

#[test]
fn arbitrary_bytes_give_valid_cases() {
    let mut made = 0;
    for seed in 0..200u64 {
        let bytes: Vec<u8> = (0..64)
            .map(|i| (harness::rng::mix(seed * 64 + i) & 0xff) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        if let Ok(case) = Mayan::arbitrary_case(&mut u) {
            case.validate().unwrap();
            assert!(case.board.blocks() <= MAX_BLOCKS[case.n]);
            made += 1;
        }
    }
    assert!(made > 150, "{made}");
}

#[test]
fn coverage_sees_stalls_and_cascades() {
    let case = Case::parse(b"2\n1 0\n1 0\n0\n1 0\n0\n").unwrap();
    let answer = reference::mayan::solve(&case);
    let keys = harness::roles::coverage::keys_hit::<Mayan>(&case, &answer);
    for key in [
        "solvable",
        "n=2",
        "answer: swap of two equal blocks",
        "answer: move removing nothing",
        "answer: left drag",
        "answer: drop move",
    ] {
        assert!(keys.contains(&key), "{key}: {keys:?}");
    }
    let case = Case::parse(b"1\n0\n5 6 4 0\n4 4 7 5 0\n5 0\n0\n").unwrap();
    let answer = reference::mayan::solve(&case);
    // A two-wave cascade exists, but the 6 and the 7 stay: unsolvable.
    assert_eq!(answer, None);
    assert_eq!(
        harness::roles::coverage::keys_hit::<Mayan>(&case, &answer),
        ["unsolvable", "n=1"]
    );
}

#[test]
fn the_mix_reaches_every_coverage_key() {
    let mut seen: Vec<&str> = Vec::new();
    for seed in 0..400 {
        let case = Mayan::generate(p("mix"), seed);
        let answer = engine::mayan::solve(&case);
        for key in harness::roles::coverage::keys_hit::<Mayan>(&case, &answer) {
            assert!(Mayan::coverage_keys().contains(&key));
            if !seen.contains(&key) {
                seen.push(key);
            }
        }
    }
    let missing: Vec<&&str> = Mayan::coverage_keys()
        .iter()
        .filter(|k| !seen.contains(k) && **k != "empty board")
        .collect();
    assert!(missing.is_empty(), "never hit: {missing:?}");
}

#[test]
fn the_time_limit_grows_with_the_sequences_the_reference_may_try() {
    // A full board with five moves: the naive reference tries up to 60^5 sequences (13 s here),
    // past the 12 s of the moves alone; a fuzz run saved it as a hang.
    let full = b"5\n5 6 2 2 5 2 1 0\n1 4 5 1 5 4 0\n2 5 5 0\n5 5 1 2 6 1 2 0\n2 6 2 1 2 5 4 0\n";
    let full = Mayan::parse(full).unwrap();
    assert_eq!(full.board.blocks(), 30);
    let limit = Mayan::time_limit(&full);
    assert!(limit >= Duration::from_secs(12 + 60), "{limit:?}");
    // A small case keeps its two seconds per move (and a few microseconds).
    let small = Mayan::parse(b"1\n1 2 0\n1 0\n2 1 0\n0\n0\n").unwrap();
    let limit = Mayan::time_limit(&small);
    assert!(
        limit >= Duration::from_secs(4) && limit < Duration::from_millis(4001),
        "{limit:?}"
    );
}
