//! Every failure is a reported, saved, shrunk case: a panicking engine is a crash verdict, and a
//! panicking generator names the case (profile, seed), saves its report and says which component
//! failed. (Hangs are in tests/hang.rs: a hanging engine leaves its thread spinning.)

use arbitrary::Unstructured;
use games::Texas;
use harness::prelude::*;
use harness::prelude::{Divergence, Engine, Fault, Game, Kind, Names, Output, Pair, Profile};
use harness::roles::game::EngineEntry;
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use model::texas::{Case, Outcome};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("verdicts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The optimized engine, except that it panics on any case with a special 6 on the board.
struct Panicky;

impl Engine<Texas> for Panicky {
    fn name(&self) -> &str {
        "panicky"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        assert!(
            !case.board.special.contains(&6),
            "colour bombs are not implemented"
        );
        harness::roles::game::optimized::<Texas>().run(case, trace)
    }
}

#[test]
fn a_panicking_engine_is_a_crash_verdict_with_a_saved_shrunk_case() {
    let out = scratch("panic");
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(20_000, 1), out.clone());
    opts.batch.profile =
        harness::roles::game::ProfileChoice::parse::<Texas>(Some("specials")).unwrap();
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Panicky),
    );
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(summary.count(Kind::Crash), summary.failed(), "{text}");
    let first = summary.first.as_ref().expect("a failure is reported");
    assert_eq!(first.kind, Kind::Crash);
    assert_eq!(first.engine.as_deref(), Some("panicky"));
    assert_eq!(first.side, Some(harness::prelude::Side::UnderTest));
    assert!(
        first.what.contains("colour bombs are not implemented"),
        "{text}"
    );
    assert!(text.starts_with("CRASH in case "), "{text}");
    // Saved before it was reported, and small: one special 6 is all it takes.
    let path = first.repro.clone().expect("saved");
    assert!(
        text.contains(&format!("repro: {}", path.display())),
        "{text}"
    );
    let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert!(case.board.special.contains(&6));
    assert!(
        case.n() * case.m() <= 2,
        "shrunk only to {}",
        Texas::size(&case)
    );
    assert!(case.ops.len() <= 1, "shrunk only to {}", Texas::size(&case));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(json["failure"]["kind"], "crash");
    assert_eq!(json["failure"]["engine"], "panicky");
    assert_eq!(json["profile"], "specials");
    let _ = std::fs::remove_dir_all(out);
}

/// Texas, except that its generator panics on one case of the batch.
struct Flaky;

const BAD_INDEX: u64 = 7;

impl Format for Flaky {
    const NAME: &'static str = "texas";
    type Case = Case;
    fn parse(input: &[u8]) -> Result<Case, model::ParseError> {
        Texas::parse(input)
    }
    fn write(case: &Case) -> String {
        Texas::write(case)
    }
    fn size(case: &Case) -> String {
        Texas::size(case)
    }
    fn time_limit(case: &Case) -> Duration {
        Texas::time_limit(case)
    }
}

impl Generate for Flaky {
    const PROFILES: &'static [Profile<Case>] = Texas::PROFILES;
    fn generate(profile: &Profile<Case>, seed: u64) -> Case {
        assert!(
            seed != harness::rng::case_seed(1, BAD_INDEX),
            "the generator broke"
        );
        Texas::generate(profile, seed)
    }
    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        Texas::arbitrary_case(u)
    }
}

impl Check for Flaky {
    type Outcome = Outcome;
    fn answer(outcome: &Outcome) -> String {
        Texas::answer(outcome)
    }
    fn compare(case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
        Texas::compare(case, a, b, names)
    }
}

impl Shrink for Flaky {
    fn weight(case: &Case) -> u64 {
        Texas::weight(case)
    }
    fn shrink_candidates(case: &Case) -> Vec<Case> {
        Texas::shrink_candidates(case)
    }
    fn shrink_candidates_costly(case: &Case) -> Vec<Case> {
        Texas::shrink_candidates_costly(case)
    }
}

impl Coverage for Flaky {
    fn coverage_keys() -> &'static [&'static str] {
        Texas::coverage_keys()
    }
    fn coverage(case: &Case, outcome: &Outcome, hits: &mut [bool]) {
        Texas::coverage(case, outcome, hits)
    }
}

impl Game for Flaky {
    fn reference() -> EngineEntry<Self> {
        EngineEntry {
            name: "reference",
            about: "",
            build: || {
                harness::roles::game::function::<Flaky>("reference", |c, _| {
                    reference::texas::outcome(c)
                })
            },
        }
    }
    fn optimized() -> EngineEntry<Self> {
        EngineEntry {
            name: "optimized",
            about: "",
            build: || {
                harness::roles::game::function::<Flaky>("optimized", |c, _| {
                    engine::texas::outcome(c)
                })
            },
        }
    }
}

#[test]
fn a_panicking_generator_names_the_case_and_saves_its_report() {
    let out = scratch("generator");
    let opts = DiffOptions::<Flaky>::new(BatchOptions::new::<Flaky>(1000, 1), out.clone());
    let mut text = Vec::new();
    let summary = pipeline::run::<Flaky>(&opts, &Pair::builtin(), &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the failure is reported");
    assert_eq!(first.index, BAD_INDEX, "{text}");
    assert_eq!(
        (first.kind, first.engine.as_deref()),
        (Kind::Crash, Some("generator"))
    );
    assert!(
        text.contains("generator panicked: the generator broke"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "reproduce: harness gen --game texas --profile mix --seed {}",
            harness::rng::case_seed(1, BAD_INDEX)
        )),
        "{text}"
    );
    // No case to write: the report is saved, with the profile and the seed.
    let path = first.repro.clone().expect("the report is saved");
    assert_eq!(path.extension().and_then(|e| e.to_str()), Some("json"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["failure"]["engine"], "generator");
    assert_eq!(json["profile"], "mix");
    assert_eq!(json["case_index"], BAD_INDEX);
    // Every case below it ran: the batch stops at the lowest failing case, whatever the threads.
    assert!(summary.cases > BAD_INDEX, "{}", summary.cases);
    let _ = std::fs::remove_dir_all(out);
}

impl Bounded for Flaky {}

/// An engine that always panics, under the reference's name.
struct Impostor;

impl Engine<Texas> for Impostor {
    fn name(&self) -> &str {
        "reference"
    }
    fn run(&self, _: &Case, _: bool) -> Result<Output<Outcome>, Fault> {
        panic!("an impostor")
    }
}

#[test]
fn two_engines_of_one_name_are_told_apart_by_side() {
    use harness::prelude::Side;
    let case = Texas::generate(&Texas::PROFILES[0], 3);
    let reference = harness::roles::game::reference::<Texas>;
    // The engine under test fails: blamed on it, and the trusted engine is run for the page.
    let tested = Pair::new(reference(), Arc::new(Impostor));
    let f = tested.failure(&case).expect("the impostor panics");
    assert_eq!((f.kind, f.side), (Kind::Crash, Some(Side::UnderTest)));
    assert!(f.signature().starts_with("crash: reference panicked at "));
    assert!(tested.pictured(&case, &f).a.is_some());
    // The trusted engine fails: a failure of the trusted side, not run again.
    let trusted = Pair::new(Arc::new(Impostor), reference());
    let g = trusted.failure(&case).expect("the impostor panics");
    assert_eq!((g.kind, g.side), (Kind::Trusted, Some(Side::Trusted)));
    assert_eq!(g.signature(), "failure of the trusted side: reference");
    assert!(trusted.pictured(&case, &g).a.is_none());
    // Same name, other side: not the same kind of failure (a shrinker keeps to its side).
    let mut h = f.clone();
    h.side = Some(Side::Trusted);
    assert!(f.same_kind(&f.clone()) && !f.same_kind(&h));
}
