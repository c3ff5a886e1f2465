use super::*;
use crate::programs::program::resolve;
use std::path::Path;
use std::time::Duration;
use supervise::Limits;

/// A problem of `sh` commands: the generator `gen`, the others `cat`.
fn installed(gen: &str) -> Arc<Installed> {
    let cmd = |spec: &str| resolve(spec, Path::new("."), "test").unwrap();
    let problem = Problem {
        name: "test".into(),
        generator: Generator::Stream(cmd(gen)),
        reference: cmd("cat"),
        solution: cmd("cat"),
        checker: None,
        validator: None,
        interactor: None,
        limits: Limits::from_cpu(Duration::from_secs(2)),
        reduce_text: false,
        sanitized: Default::default(),
        covered: None,
        replayable: false,
        scripts: Vec::new(),
        dir: None,
    };
    Installed::new(problem, Arc::new(AtomicBool::new(false)))
}

#[test]
fn a_saved_case_takes_the_problem_of_the_first_engine_that_runs_it() {
    let case = Case::text("1 2\n".into());
    let clone = case.clone();
    assert!(case.installed().is_none());
    let unbound = case.with_source(Source::Text("1".into()));
    assert!(unbound.installed().is_none());
    let (a, b) = (installed("cat"), installed("cat"));
    clone.bind(&a);
    case.bind(&b);
    assert!(Arc::ptr_eq(case.installed().unwrap(), &a), "the first");
    let smaller = case.with_source(Source::Text("1".into()));
    assert!(Arc::ptr_eq(smaller.installed().unwrap(), &a));
    assert_eq!(case.input(), Ok("1 2\n"));
}

#[test]
fn each_problem_keeps_its_own_inputs() {
    let (a, b) = (installed("cat"), installed("sh -c 'tr 1 2'"));
    let x = Case::candidate(&a, Source::Stream(b"1".to_vec()));
    let y = Case::candidate(&a, Source::Stream(b"1".to_vec()));
    assert!(Arc::ptr_eq(&x.made, &y.made), "one input per source");
    let z = Case::candidate(&b, Source::Stream(b"1".to_vec()));
    assert!(!Arc::ptr_eq(&x.made, &z.made));
    assert_eq!((x.input(), z.input()), (Ok("1"), Ok("2")));
    let unbound = Case::unbound(Source::Stream(b"1".to_vec()));
    assert_eq!(unbound.input(), Err("no problem is installed"));
}

#[test]
fn a_fresh_case_its_generator_fails_on_is_an_error_of_its_problem_alone() {
    let fine = installed("sh -c 'cat >/dev/null; echo 5'");
    let failing = installed("sh -c 'exit 3'");
    let case = Case::fresh(&failing, 7);
    assert!(case.input().is_err());
    let error = failing.error.lock().unwrap().clone().unwrap();
    assert!(
        error.starts_with("on the fresh case of seed 7: "),
        "{error}"
    );
    assert!(failing.stop.load(Relaxed));
    let candidate = Case::candidate(&failing, Source::Stream(vec![1]));
    assert!(candidate.input().is_err());
    assert_eq!(failing.error.lock().unwrap().as_deref(), Some(&*error));
    assert!(Case::fresh(&fine, 7).input().is_ok());
    assert!(fine.error.lock().unwrap().is_none() && !fine.stop.load(Relaxed));
}
