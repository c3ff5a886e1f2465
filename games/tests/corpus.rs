//! Every case under corpus/ (statement samples, hand-checked cases, saved regressions and judge
//! failures) goes through every engine of its game, paired with the reference; where a `.out` is
//! beside it, the answer must match it.

use games::{Mayan, Nogo, Texas};
use harness::prelude::{Game, Pair};
use harness::render::corpus::case_files;
use harness::run::recheck::{check_saved, Saved, SavedRun};
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

fn check_game<G: Game>(min_with_answers: usize) {
    let files = case_files(&corpus().join(G::NAME));
    let mut with_answers = 0;
    let mut failures = Vec::new();
    let engines = harness::roles::game::engines::<G>();
    assert!(engines.len() >= 2, "{}: fewer than two engines", G::NAME);
    for entry in &engines {
        let pair = Pair::<G>::new(harness::roles::game::reference::<G>(), (entry.build)());
        for f in &files {
            match check_saved::<G>(f, &pair, None) {
                Ok(SavedRun {
                    saved: Saved::Passes { checked_expected },
                    ..
                }) => with_answers += usize::from(checked_expected && entry.name == "reference"),
                Ok(run) => {
                    failures.push(format!("{} ({}): {:?}", f.display(), entry.name, run.saved))
                }
                Err(why) => failures.push(format!("{} ({}): {why}", f.display(), entry.name)),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "corpus failures:\n{}",
        failures.join("\n")
    );
    assert!(
        with_answers >= min_with_answers,
        "{}: only {with_answers} cases with an expected answer in {:?}",
        G::NAME,
        files
    );
}

#[test]
fn texas_corpus() {
    check_game::<Texas>(3);
}

#[test]
fn mayan_corpus() {
    check_game::<Mayan>(1);
}

#[test]
fn nogo_corpus() {
    check_game::<Nogo>(1);
}

#[test]
fn the_texas_samples_score_as_the_statement_says() {
    for (name, want) in [("sample1", 11692u64), ("sample2", 684), ("sample3", 3023)] {
        let path = corpus().join("texas").join(format!("{name}.in"));
        let case = model::texas::Case::parse(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(
            reference::texas::outcome(&case).score.total(),
            want,
            "{name}, reference"
        );
        assert_eq!(
            engine::texas::outcome(&case).score.total(),
            want,
            "{name}, optimized"
        );
        let stored = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(stored.trim(), want.to_string());
    }
}
