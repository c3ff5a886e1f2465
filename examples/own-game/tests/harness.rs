//! 2048 under the harness, as a user's game: the library's diff, shrinker and explain phase on a
//! planted bug, and the `own-game` command line end to end.

use harness::prelude::Kind;
use harness::prelude::*;
use harness::roles::game::{function, reference};
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use harness::run::{explain, shrink};
use own_game::{optimized, Case, Game2048};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("own-game-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The reference against the optimized engine with its planted bug (a merged tile merges again).
fn planted() -> Pair<Game2048> {
    Pair::new(
        reference::<Game2048>(),
        function::<Game2048>("planted", optimized::run_planted),
    )
}

#[test]
fn a_merged_tile_merging_again_is_caught_and_shrunk_to_one_row() {
    let out = scratch("planted");
    let opts = DiffOptions::<Game2048>::new(BatchOptions::new::<Game2048>(2000, 1), out.clone());
    let mut text = Vec::new();
    let summary = pipeline::run::<Game2048>(&opts, &planted(), &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the planted bug is found");
    assert_eq!(first.kind, Kind::Mismatch, "{text}");
    assert!(first.index < 50, "found late: case {}", first.index);
    let repro = first.repro.clone().expect("saved");
    let case = Game2048::parse(&std::fs::read(&repro).unwrap()).unwrap();
    assert_eq!(
        case.board.n.min(case.board.m),
        1,
        "one row (or column): {text}"
    );
    assert!(case.moves.len() <= 2, "{text}");
    assert!(case.board.tiles() <= 4, "{text}");
    // Every tile halved as far as it goes: the bug needs `2 2 4` (or `4 2 2`), no larger tiles.
    assert!(case.board.max_tile() <= 4, "{text}");
    // The explain phase ran on the repro.
    assert!(text.contains("explained: "), "{text}");
    // The first differing event is named with both boards.
    assert!(text.contains("first difference at move 1"), "{text}");
    assert!(text.contains("merges differ"), "{text}");
    // Its signature is the kind the game's comparison gave, with no number of the case.
    assert_eq!(first.signature, "mismatch: merges differ", "{text}");
    // The page shows the moves, both engines, the differing tiles marked.
    let page = std::fs::read_to_string(repro.with_extension("html")).unwrap();
    assert!(page.contains("<h3 id=\"first\">move 1</h3>"), "{page}");
    assert!(page.contains(" d\">"), "a differing tile is marked: {page}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn the_shrinker_and_the_explain_phase_work_on_the_grid_case() {
    let pair = planted();
    // A 4x4 board whose second row slides `2 2 4 .` left: the planted engine makes an 8.
    let case = Game2048::parse(b"4 4 2\n2 4 8 16\n2 2 4 0\n0 0 0 0\n32 0 0 64\nL 3 3 2\nU 1 1 4\n")
        .unwrap();
    let first = pair.failure(&case).expect("the planted engine differs");
    let same = |c: &Case| pair.failure(c).is_some_and(|f| f.same_kind(&first));
    let small = shrink::shrink::<Game2048>(case, same, Duration::from_secs(30));
    assert!(!small.timed_out);
    let c = &small.case;
    assert_eq!((c.board.n, c.board.m, c.moves.len()), (1, 3, 1), "{c:?}");
    // `2 2 4` left: every tile matters, the spawn cell and value do not.
    let e = explain::explain::<Game2048>(c, same, Duration::from_secs(30));
    assert!(e.complete);
    assert!(!e.cell_is_free(0, 0, "tile"));
    assert!(!e.cell_is_free(0, 2, "tile"));
    let picture = Game2048::picture(c, &e);
    if let Some(p) = picture {
        assert!(p.contains("move 1"), "{p}");
    }
}

/// The scope gate of the mutation campaign (`tests/scope_gate.rs`, `harness::gate::scopes`) on the
/// planted engine: `tiny` (boards up to 2x2) passes, since a tile made by a merge can merge again
/// only in a line of three cells; `lines` (every row and column up to 4 cells) fails, and the
/// ladder stops there with the report of its shrunk failure. On the real engines `tiny` passes.
#[test]
fn the_scope_gate_catches_the_planted_bug_in_the_first_scope_with_three_in_a_line() {
    let real = harness::gate::scopes::<Game2048>(1, &Pair::builtin()).unwrap();
    assert!(real.is_none(), "{real:?}");
    let tiny = harness::gate::scopes::<Game2048>(1, &planted()).unwrap();
    assert!(tiny.is_none(), "{tiny:?}");
    let report = harness::gate::scopes::<Game2048>(2, &planted())
        .unwrap()
        .expect("lines fails on the planted engine");
    assert!(report.contains("NOT verified"), "{report}");
    assert!(report.contains("scope lines"), "{report}");
    assert!(report.contains("merges differ"), "{report}");
    assert!(report.contains("shrunk to 1x3, q=1"), "{report}");
}

fn own_game(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_own-game"))
        .args(args)
        .output()
        .expect("own-game runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_runs_diffs_benches_and_replays_2048() {
    let dir = scratch("cli");
    let input = dir.join("example.in");
    std::fs::write(&input, "2 2 3\n2 2\n0 4\nL 1 2 2\nL 1 2 4\nU 2 1 2\n").unwrap();
    let input = input.to_str().unwrap();
    for engine in ["reference", "optimized"] {
        let (code, out, err) = own_game(&["run", "--game", "2048", "--engine", engine, input]);
        assert_eq!((code, out.as_str()), (0, "12\n2\n8 2\n2 0\n"), "{err}");
    }
    // 2048 is the default game of own-game, and its only one: the built-in games are not there.
    let (code, out, _) = own_game(&["run", input]);
    assert_eq!((code, out.as_str()), (0, "12\n2\n8 2\n2 0\n"));
    let (code, out, _) = own_game(&["engines", "--game", "2048"]);
    assert_eq!(code, 0);
    assert!(out.contains("reference"), "{out}");
    let (code, _, err) = own_game(&["engines", "--game", "texas"]);
    assert_eq!(code, 2, "{err}");

    let json = dir.join("run.json");
    let out_dir = dir.join("out");
    let (code, out, err) = own_game(&[
        "diff",
        "--game",
        "2048",
        "--cases",
        "3000",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.ends_with("cases/s\n") && out.contains("2048: 3000 cases, 0 mismatches"),
        "{out}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["game"], "2048");
    assert!(report["coverage"].as_array().unwrap().len() >= 10);

    let (code, out, err) = own_game(&["gen", "--game", "2048", "--profile", "line", "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(Game2048::parse(out.as_bytes()).is_ok(), "{out}");

    let (code, out, err) = own_game(&[
        "bench",
        "--game",
        "2048",
        "--profile",
        "classic",
        "--cases",
        "20",
        "--seconds",
        "0.2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("classic") && out.contains("reference"),
        "{out}"
    );

    let page = dir.join("example.html");
    let (code, out, err) = own_game(&[
        "replay",
        "--game",
        "2048",
        "--html",
        page.to_str().unwrap(),
        input,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<h2 id=\"moves\">Moves</h2>") && html.contains("move 3"),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_input_and_bad_flags_are_exit_status_2_with_a_clear_message() {
    let dir = scratch("bad");
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "2 2 1\n2 3\n0 0\nL 1 1 2\n").unwrap();
    let (code, _, err) = own_game(&["run", "--game", "2048", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 2") && err.contains("`3`"), "{err}");
    let (code, _, err) = own_game(&["diff", "--game", "4096"]);
    assert_eq!(code, 2);
    assert!(err.contains("2048") && !err.contains("texas"), "{err}");
    let (code, _, err) = own_game(&["diff", "--game", "2048", "--profile", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown profile `nope`") && err.contains("classic"),
        "{err}"
    );
    let (code, _, err) = own_game(&["check", "--game", "2048", "a", "b"]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_corpus_cases_give_their_expected_answers_on_both_engines() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/2048");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("in") {
            continue;
        }
        let case = Game2048::parse(&std::fs::read(&path).unwrap()).unwrap();
        let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
        for engine in [
            reference::<Game2048>(),
            harness::roles::game::optimized::<Game2048>(),
        ] {
            let got = harness::roles::engine::answer(&*engine, &case).unwrap();
            assert_eq!(got, want, "{} on {}", engine.name(), path.display());
        }
        assert!(Pair::<Game2048>::builtin().failure(&case).is_none());
        checked += 1;
    }
    assert!(checked >= 6, "{checked} cases");
}

#[test]
fn judge_and_merge_work_for_2048_too() {
    let dir = scratch("judge");
    let exe = env!("CARGO_BIN_EXE_own-game");
    // The optimized engine as an external program, judged against the reference.
    let (code, out, err) = own_game(&[
        "judge",
        "--game",
        "2048",
        "--cases",
        "200",
        "--quiet",
        "--no-replay",
        "--out",
        dir.join("judge").to_str().unwrap(),
        "--",
        exe,
        "run",
        "--game",
        "2048",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("2048: 200 cases, 200 accepted, 0 wrong"),
        "{out}"
    );
    // Two shards merged report what one run reports.
    let mut reports = Vec::new();
    for i in 0..2 {
        let json = dir.join(format!("shard-{i}.json"));
        let (code, out, err) = own_game(&[
            "diff",
            "--game",
            "2048",
            "--cases",
            "400",
            "--quiet",
            "--no-replay",
            "--shard",
            &format!("{i}/2"),
            "--out",
            dir.join("out").to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{out}{err}");
        reports.push(json.to_str().unwrap().to_string());
    }
    let (code, out, err) = own_game(&["merge", &reports[0], &reports[1]]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("merged shards 0/2 1/2"), "{out}");
    assert!(out.contains("2048: 400 cases, 0 mismatches"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_help_gives_examples_of_this_binary_and_its_game() {
    let (code, help, _) = own_game(&["--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("own-game diff --game 2048 --cases"), "{help}");
    assert!(help.contains("Exit status: 0 success"), "{help}");
    // The built-in games are not compiled in: the help names none of them.
    assert!(!help.contains("texas"), "{help}");
}
