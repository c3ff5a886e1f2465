//! Tests of the NoGo game: generators, proposals, comparison, shrinking, judging, corpus.

use super::compare::{view, VIEW};
use super::*;
use harness::rng::rng;
use rand::Rng as _;

fn p(name: &str) -> &'static Profile<Board> {
    Nogo::profile(name).expect("a profile of the game")
}
use harness::rng::case_seed;

fn board(text: &str) -> Board {
    Board::parse(text.as_bytes()).unwrap()
}

#[test]
fn generated_boards_are_valid_and_deterministic() {
    for p in Nogo::PROFILES {
        if p.name.starts_with("empty-") {
            continue;
        }
        for i in 0..40 {
            let seed = case_seed(11, i);
            let b = Nogo::generate(p, seed);
            assert!(
                b.validate().is_ok(),
                "{} seed {seed}: {:?}",
                p.name,
                b.validate()
            );
            assert_eq!(b, Nogo::generate(p, seed));
            assert_eq!(Nogo::parse(Nogo::write(&b).as_bytes()).unwrap(), b);
        }
    }
    assert_eq!(Nogo::generate(p("empty-250"), 3), Board::empty(250));
    assert_eq!(Nogo::generate(p("empty-1000"), 3).n, 1000);
    // The mix has both sparse and crowded boards.
    let stones: Vec<f64> = (0..200)
        .map(|i| {
            let b = Nogo::generate(p("mix"), case_seed(5, i));
            b.stones() as f64 / (b.n * b.n) as f64
        })
        .collect();
    assert!(stones.contains(&0.0));
    assert!(stones.iter().any(|&s| s > 0.6));
}

#[test]
fn arbitrary_bytes_give_valid_boards() {
    let mut r = rng(9);
    for len in [0usize, 1, 5, 40, 200] {
        for _ in 0..20 {
            let bytes: Vec<u8> = (0..len).map(|_| r.random()).collect();
            let b = Nogo::arbitrary_case(&mut Unstructured::new(&bytes)).unwrap();
            assert!(b.validate().is_ok());
        }
    }
}

/// The two engines over a few thousand boards: play-outs and every checker verdict.
#[test]
fn engines_agree_on_generated_boards() {
    let mut hits = std::collections::BTreeMap::new();
    let mut cases = 0;
    for (profile, count) in [
        ("mix", 1500u64),
        ("small", 800),
        ("empty", 100),
        ("full", 600),
    ] {
        for i in 0..count {
            let seed = case_seed(2024, i);
            let b = Nogo::generate(p(profile), seed);
            let r = run(&b, Side::Reference, true);
            let o = run(&b, Side::Optimized, true);
            if let Some(d) = Nogo::compare(&b, &r, &o, Names::default()) {
                panic!(
                    "{profile} seed {seed}: {}: {}\n{}\nreference:\n{}\noptimized:\n{}",
                    d.at,
                    d.what,
                    b.write(),
                    d.a_view,
                    d.b_view
                );
            }
            assert_eq!(r.checks[0], (Proposal::PlayOut, Verdict::Ok));
            for k in harness::roles::coverage::keys_hit::<Nogo>(&b, &r) {
                *hits.entry(k).or_insert(0) += 1;
            }
            cases += 1;
        }
    }
    assert!(cases >= 3000);
    for k in Nogo::coverage_keys() {
        assert!(
            hits.get(k).is_some_and(|&c| c > 0),
            "never hit: {k}; {hits:?}"
        );
    }
}

#[test]
fn proposals_are_a_function_of_board_and_playout() {
    let b = Nogo::generate(p("mix"), 77);
    let moves = engine::nogo::playout(&b);
    assert_eq!(proposals(&b, &moves), proposals(&b, &moves));
    let p = proposals(&b, &moves);
    assert_eq!(p[0], Proposal::PlayOut);
    assert!(p.contains(&Proposal::Prefix(0)));
    let m = [Move::new(0, 0), Move::new(0, 1), Move::new(1, 0)];
    assert_eq!(Proposal::Swap(0, 2).apply(&m), [m[2], m[1], m[0]]);
    assert_eq!(Proposal::Drop(1).apply(&m), [m[0], m[2]]);
    assert_eq!(Proposal::Prefix(1).apply(&m), [m[0]]);
    assert_eq!(
        Proposal::Replace {
            index: 1,
            with: Move::new(5, 5)
        }
        .apply(&m),
        [m[0], Move::new(5, 5), m[2]]
    );
    assert_eq!(Proposal::Append(m[0]).apply(&m).len(), 4);
    assert_eq!(
        Proposal::Swap(0, 2).describe(),
        "the play-out with moves 1 and 3 swapped"
    );
}

#[test]
fn compare_names_the_first_difference() {
    let b = board("3\n...\n...\n...\n");
    let r = run(&b, Side::Reference, true);
    let mut o = run(&b, Side::Optimized, true);
    assert!(Nogo::compare(&b, &r, &o, Names::default()).is_none());
    assert_eq!(Nogo::answer(&r), "1 1\n1 2\n1 3\n2 2\n2 1\n3 2\n2 3\n");
    // A different fifth move.
    let mut bad = o.clone();
    bad.moves[4] = Move::new(2, 0);
    let d = Nogo::compare(&b, &r, &bad, Names::default()).unwrap();
    assert_eq!(d.at.as_str(), "move 5");
    assert_eq!(d.what, "reference plays (2 1), optimized plays (3 1)");
    assert_eq!(
        d.event.words(),
        "reference plays (N N), optimized plays (N N)"
    );
    assert_eq!(
        d.a_view,
        "X to play; reference plays (2 1)\nXOX\n*O.\n...\n"
    );
    assert_eq!(
        d.b_view,
        "X to play; optimized plays (3 1)\nXOX\n.O.\n*..\n"
    );
    // A play-out that stops early.
    let mut bad = o.clone();
    bad.moves.truncate(6);
    let d = Nogo::compare(&b, &r, &bad, Names::default()).unwrap();
    assert_eq!(d.at.as_str(), "move 7");
    assert_eq!(
        d.what,
        "reference plays (2 3), optimized stops: X has no legal point"
    );
    assert_eq!(d.event.words(), "reference plays (N N), optimized stops");
    // A differing verdict.
    o.checks[1].1 = Verdict::Ok;
    let d = Nogo::compare(&b, &r, &o, Names::default()).unwrap();
    assert_eq!(d.at.as_str(), "check 2: the first 0 moves of the play-out");
    assert_eq!(
        d.what,
        "reference says `game not over: X can still play 1 1`, optimized says `ok`"
    );
    assert_eq!(d.event.words(), "reference says `game not over");
    o.checks.pop();
    o.checks[1] = r.checks[1];
    let d = Nogo::compare(&b, &r, &o, Names::default()).unwrap();
    assert_eq!(d.what, "the engines judged different proposals");
    assert_eq!(d.event.words(), "the engines judged different proposals");
}

#[test]
fn large_boards_are_viewed_through_a_window() {
    let b = Board::empty(100);
    let v = view(&b, &[Move::new(0, 0)], Some(Move::new(99, 50)));
    let lines: Vec<&str> = v.lines().collect();
    assert_eq!(lines[0], "rows 60..100, columns 31..71 of 100x100");
    assert_eq!(lines.len(), 1 + VIEW);
    assert_eq!(lines[VIEW].chars().nth(20), Some('*'));
    assert!(!v.contains('X'), "the stone at (1 1) is outside the window");
}

#[test]
fn shrink_candidates_are_valid_and_lighter() {
    for i in 0..30 {
        let b = Nogo::generate(p("mix"), case_seed(8, i));
        let w = Nogo::weight(&b);
        let cands = Nogo::shrink_candidates(&b);
        if b.n > 1 || b.stones() > 0 {
            assert!(!cands.is_empty());
        }
        for c in cands {
            assert!(c.validate().is_ok());
            assert!(
                Nogo::weight(&c) < w,
                "{} -> {}",
                Nogo::size(&b),
                Nogo::size(&c)
            );
        }
    }
    let cut = Nogo::shrink_candidates(&board("3\nX.O\n.X.\nO.X\n"));
    assert!(
        cut.contains(&board("2\n.O\n.X\n")),
        "cut row 2 and column 1"
    );
    assert!(
        cut.contains(&board("3\n..O\n...\nO..\n")),
        "clear the X stones"
    );
}

#[test]
fn the_judge_wants_the_play_out() {
    // What the judge says: the kind of the difference (what signatures group by), and the line.
    let judged = |b: &Board, r: &Outcome, out: &str| {
        Nogo::judge(b, r, out).map_err(|d| (d.kind.words(), d.what))
    };
    let wrong = |kind: &str, what: &str| Err((kind.to_string(), what.to_string()));
    let b = board("2\n..\n..\n");
    let r = run(&b, Side::Reference, false);
    assert_eq!(judged(&b, &r, "1 1\n1 2\n2 1\n"), Ok(()));
    assert_eq!(judged(&b, &r, "1 1\r\n\n1 2\n2 1"), Ok(()));
    assert_eq!(
        judged(&b, &r, "1 1\n1 2\n"),
        wrong(
            "game not over",
            "game not over: X can still play 2 1 (first difference from the play-out: \
             the output stops after 2 moves; expected move 3 (2 1))"
        )
    );
    assert_eq!(
        judged(&b, &r, "2 2\n2 1\n1 2\n"),
        wrong(
            "a complete game of legal moves, but not the play-out of first legal points",
            "a complete game of legal moves, but not the play-out of first legal points: \
             move 1: expected (1 1), got (2 2)"
        )
    );
    assert_eq!(
        judged(&b, &r, "1 1\n1 2\n2 1\n2 2\n"),
        wrong(
            "move N (N N)",
            "move 4 (2 2): illegal for O (first difference from the play-out: \
             the play-out has 3 moves; the output goes on with (2 2))"
        )
    );
    assert_eq!(
        judged(&b, &r, "1 1\n1 x\n"),
        wrong(
            "malformed move list",
            "malformed move list: line 2, column 3, token `x`: the column of move 2 must be an \
             integer"
        )
    );
    let one = board("1\n.\n");
    let r = run(&one, Side::Optimized, false);
    assert_eq!(judged(&one, &r, ""), Ok(()));
    assert_eq!(
        judged(&one, &r, "1 1\n"),
        wrong(
            "move N (N N)",
            "move 1 (1 1): illegal for X (first difference from the play-out: \
             the play-out has 0 moves; the output goes on with (1 1))"
        )
    );
}

#[test]
fn check_files_parses_both_and_judges() {
    assert_eq!(
        check_files(b"2\n..\n..\n", b"1 1\n1 2\n2 1\n"),
        Ok(Verdict::Ok)
    );
    assert_eq!(
        check_files(b"2\n..\n..\n", b"1 1\n1 1\n")
            .unwrap()
            .to_string(),
        "move 2 (1 1): occupied by X"
    );
    let e = check_files(b"2\n..\n.\n", b"").unwrap_err();
    assert_eq!((e.line, e.column), (3, 1));
    let e = check_files(b"2\n..\n..\n", b"1 1\n1\n").unwrap_err();
    assert!(e.rule.contains("(move 2)"), "{e}");
}

/// The hand-checked boards in corpus/nogo: both engines print the expected play-out, and both
/// checkers accept it.
#[test]
fn corpus_play_outs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/nogo");
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let b = Board::parse(&std::fs::read(&path).unwrap()).unwrap();
        let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
        for engine in [Side::Reference, Side::Optimized] {
            let o = run(&b, engine, false);
            assert_eq!(Nogo::answer(&o), want, "{} ({engine:?})", path.display());
            assert_eq!(check_with(engine, &b, &o.moves), Verdict::Ok);
        }
        seen += 1;
    }
    assert!(seen >= 4, "{seen} corpus boards");
}

/// The optimized engine on a board too big for the reference: its checker accepts its play-out.
#[test]
fn a_large_board_is_judged_ok() {
    let mut r = rng(4);
    let b = random_board(&mut r, 80, 0.3, 0.5);
    let o = run(&b, Side::Optimized, true);
    assert_eq!(o.checks[0], (Proposal::PlayOut, Verdict::Ok));
    assert_eq!(Nogo::judge(&b, &o, &Nogo::answer(&o)), Ok(()));
}
