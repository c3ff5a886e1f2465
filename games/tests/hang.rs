//! A hanging engine is a time-limit verdict, found by the batch's watchdog and shrunk by running
//! the engine out of process (here a shell script that hangs exactly when the engine does), then
//! saved. A mismatch whose smaller cases hang is shrunk until one hangs, then reported and saved;
//! a crash whose smaller cases hang goes on shrinking with the engine out of process.
//! The hanging threads keep spinning until this test binary ends, so these tests live alone in
//! their file.

use games::Texas;
use harness::prelude::*;
use harness::prelude::{Engine, Fault, Kind, Output, Pair};
use harness::programs::judge::Program;
use harness::run::batch::{BatchOptions, Silent};
use harness::run::pipeline;
use harness::run::plan::DiffOptions;
use model::texas::{Case, Outcome};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The optimized engine, except that it never ends on a case with two operations or more.
struct Spinner;

impl Engine<Texas> for Spinner {
    fn name(&self) -> &str {
        "spinner"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        while case.ops.len() >= 2 {
            std::hint::spin_loop();
        }
        harness::roles::game::optimized::<Texas>().run(case, trace)
    }
}

/// The same behaviour out of process: a script that reads the header `n m k q` and spins for ever
/// when q >= 2, else prints a score.
fn spinner_program() -> Arc<dyn Engine<Texas>> {
    script_program(
        "spinner",
        "read n m k q; if [ \"$q\" -ge 2 ]; then while :; do :; done; fi; echo 0",
    )
}

/// A shell script as the engine called `name`, with a 200 ms CPU limit.
fn script_program(name: &str, script: &str) -> Arc<dyn Engine<Texas>> {
    let mut p = Program::new(
        vec!["sh".into(), "-c".into(), script.into()],
        Duration::from_millis(200),
    );
    p.name = name.into();
    Arc::new(p)
}

/// A batch of the `medium` profile (every case has at least three operations) with a 300 ms
/// time limit per case, saving to `out`.
fn medium_batch(out: &std::path::Path, seed: u64) -> DiffOptions<Texas> {
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(10_000, seed), out.into());
    opts.batch.case_timeout = Some(Duration::from_millis(300));
    opts.batch.profile = harness::roles::game::ProfileChoice::One(
        harness::roles::game::ProfileId::named::<Texas>("medium").expect("a medium profile"),
    );
    opts.shrink_budget = Duration::from_secs(60);
    opts
}

#[test]
fn a_hanging_engine_is_a_time_limit_verdict_shrunk_out_of_process() {
    let out = std::env::temp_dir().join(format!("hang-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(10_000, 1), out.clone());
    opts.batch.case_timeout = Some(Duration::from_millis(200));
    opts.shrink_budget = Duration::from_secs(60);
    opts.isolate = Some(Arc::new(|name: &str| {
        (name == "spinner").then(spinner_program)
    }));
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Spinner),
    );
    let started = Instant::now();
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the hang is reported");
    assert_eq!(first.kind, Kind::TimeLimit, "{text}");
    assert_eq!(first.engine.as_deref(), Some("spinner"));
    assert!(text.starts_with("TIME LIMIT in case "), "{text}");
    assert!(
        started.elapsed() < Duration::from_secs(90),
        "took {:?}",
        started.elapsed()
    );
    // Shrunk to the smallest case that still hangs: two operations on a tiny board.
    let path = first.repro.clone().expect("saved");
    let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(case.ops.len(), 2, "{}", Texas::size(&case));
    assert!(
        case.n() * case.m() <= 2,
        "shrunk only to {}\n{text}",
        Texas::size(&case)
    );
    let _ = std::fs::remove_dir_all(out);
}

/// The optimized engine, except that it scores one point too many on cases of three operations or
/// more, and never ends on smaller ones.
struct WrongThenSpinner;

impl Engine<Texas> for WrongThenSpinner {
    fn name(&self) -> &str {
        "wrong-then-spinner"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        while case.ops.len() < 3 {
            std::hint::spin_loop();
        }
        match harness::roles::game::optimized::<Texas>().run(case, trace)? {
            Output::Outcome(mut o) => {
                o.score.endgame += 1;
                Ok(Output::Outcome(o))
            }
            other => Ok(other),
        }
    }
}

#[test]
fn a_mismatch_whose_smaller_cases_hang_is_still_reported_and_saved() {
    let out = std::env::temp_dir().join(format!("hang-shrink-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let opts = medium_batch(&out, 3);
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(WrongThenSpinner),
    );
    let started = Instant::now();
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the mismatch is reported");
    assert_eq!(first.kind, Kind::Mismatch, "{text}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
    assert!(
        !first.shrink_complete,
        "the hang stopped the shrink: {text}"
    );
    assert!(text.contains("(stopped early)"), "{text}");
    let path = first.repro.clone().expect("saved");
    let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert!(case.ops.len() >= 3, "{}", Texas::size(&case));
    let _ = std::fs::remove_dir_all(out);
}

/// The optimized engine, except that it panics on cases of three operations or more, never ends on
/// cases of two, and is right on smaller ones.
struct CrashThenSpinner;

impl Engine<Texas> for CrashThenSpinner {
    fn name(&self) -> &str {
        "crash-then-spinner"
    }
    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        assert!(case.ops.len() < 3, "planted crash");
        while case.ops.len() == 2 {
            std::hint::spin_loop();
        }
        harness::roles::game::optimized::<Texas>().run(case, trace)
    }
}

/// The same behaviour out of process: exit status 101 (a Rust panic) for q >= 3, spin for q = 2.
fn crash_then_spinner_program() -> Arc<dyn Engine<Texas>> {
    script_program(
        "crash-then-spinner",
        "read n m k q; if [ \"$q\" -ge 3 ]; then echo planted crash >&2; exit 101; fi; \
         if [ \"$q\" -eq 2 ]; then while :; do :; done; fi; echo 0",
    )
}

#[test]
fn a_crash_whose_smaller_cases_hang_is_shrunk_to_the_end_out_of_process() {
    let out = std::env::temp_dir().join(format!("hang-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut opts = medium_batch(&out, 3);
    opts.isolate = Some(Arc::new(|name: &str| {
        (name == "crash-then-spinner").then(crash_then_spinner_program)
    }));
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(CrashThenSpinner),
    );
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the crash is reported");
    assert_eq!(first.kind, Kind::Crash, "{text}");
    assert_eq!(first.engine.as_deref(), Some("crash-then-spinner"));
    assert!(first.shrink_complete, "{text}");
    assert!(!text.contains("(stopped early)"), "{text}");
    // The in-process report of the shrunk case: the panic's own message.
    assert!(first.shrunk_what.contains("planted crash"), "{text}");
    let case = Case::parse(&std::fs::read(first.repro.clone().expect("saved")).unwrap()).unwrap();
    assert_eq!(case.ops.len(), 3, "{}", Texas::size(&case));
    assert!(
        case.n() * case.m() <= 4,
        "shrunk only to {}\n{text}",
        Texas::size(&case)
    );
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn an_in_process_hang_is_a_verdict_long_before_the_case_limit() {
    let out = std::env::temp_dir().join(format!("hang-relative-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let opts = DiffOptions::<Texas>::new(BatchOptions::new::<Texas>(10_000, 5), out.clone());
    let pair = Pair::new(
        harness::roles::game::reference::<Texas>(),
        Arc::new(Spinner),
    );
    let mut text = Vec::new();
    let summary = pipeline::run::<Texas>(&opts, &pair, &Silent, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let first = summary.first.as_ref().expect("the hang is reported");
    assert_eq!(first.kind, Kind::TimeLimit, "{text}");
    assert!(
        first.what.contains("20 times what reference took"),
        "{}",
        first.what
    );
    // The limit the verdict names is far below the case's own limit.
    let case = Case::parse(&std::fs::read(first.repro.clone().expect("saved")).unwrap()).unwrap();
    let own = Texas::time_limit(&case) * harness::run::limits::SLOWDOWN;
    let named: u128 = first
        .what
        .split_once("exceeded (")
        .and_then(|(_, rest)| rest.split_once(" ms"))
        .and_then(|(ms, _)| ms.parse().ok())
        .expect("a limit in ms");
    assert!(
        named < own.as_millis(),
        "{named} ms against the case's {own:?}"
    );
    assert!(summary.detected_secs.is_some());
    let _ = std::fs::remove_dir_all(out);
}
