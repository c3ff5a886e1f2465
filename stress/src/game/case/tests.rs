use super::*;
use crate::programs::problem::Generators;
use crate::programs::program::resolve;
use crate::programs::testset::{Manual, Script};
use std::path::Path;
use std::time::Duration;
use supervise::Limits;

/// A problem of `sh` commands: the generator `gen`, the others `cat`.
fn installed(gen: &str) -> Arc<Installed> {
    let cmd = |spec: &str| resolve(spec, Path::new("."), "test").unwrap();
    Installed::new(
        problem(Generators::one(Generator::Stream(cmd(gen)))),
        Arc::new(AtomicBool::new(false)),
    )
}

/// A problem of `generators`, its other programs `cat`.
fn problem(generators: Generators) -> Problem {
    let cmd = |spec: &str| resolve(spec, Path::new("."), "test").unwrap();
    Problem {
        name: "test".into(),
        generators,
        reference: cmd("cat"),
        solution: cmd("cat"),
        checker: None,
        validator: None,
        interactor: None,
        limits: Limits::from_cpu(Duration::from_secs(2)),
        reduce_text: false,
        sanitized: Default::default(),
        covered: None,
        given: None,
        flags: Default::default(),
        scripts: Vec::new(),
        left_out: Vec::new(),
        manual: Vec::new(),
        dir: None,
    }
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

/// A seed generator: a script in a scratch folder that echoes `name`, its arguments and the seed.
fn echo_generator(name: &str) -> Generator {
    let dir = std::env::temp_dir().join(format!("stress-case-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\necho {name} \"$@\"\n")).unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = path.display().to_string();
    Generator::Seed(resolve(&spec, Path::new("."), "test").unwrap())
}

/// A package's problem: two seed generators, a script line of each, and a manual test.
fn package(validator: Option<&str>) -> Arc<Installed> {
    let generators = Generators::new(echo_generator("small"), vec![echo_generator("big")]);
    let mut p = problem(generators);
    p.scripts = vec![
        Script {
            gen: GenId(0),
            args: vec!["1".into()],
        },
        Script {
            gen: GenId(1),
            args: vec!["9".into()],
        },
    ];
    p.manual = vec![Manual {
        index: 1,
        file: "tests/01".into(),
        text: "manual\n".into(),
    }];
    p.validator = validator.map(|v| resolve(v, Path::new("."), "test").unwrap());
    Installed::new(p, Arc::new(AtomicBool::new(false)))
}

#[test]
fn a_package_runs_its_manual_tests_then_each_line_with_its_own_generator() {
    let p = package(None);
    let inputs: Vec<String> = (0..4)
        .map(|i| Case::fresh_at(&p, i, 40 + i).input().unwrap().to_string())
        .collect();
    assert_eq!(
        inputs,
        ["manual\n", "small 1 41\n", "big 9 42\n", "small 1 43\n"]
    );
    let big = Case::fresh_at(&p, 2, 42);
    assert!(matches!(big.source, Source::Seed(GenId(1), _)), "{big:?}");
    // Shrinking lowers the line's arguments and seed; its generator stays.
    let candidates = crate::game::shrinking::candidates(&big);
    assert!(!candidates.is_empty());
    for c in &candidates {
        assert!(matches!(c.source, Source::Seed(GenId(1), _)), "{c:?}");
        assert!(c.input().unwrap().starts_with("big "), "{c:?}");
    }
    assert!(matches!(
        Case::fresh_at(&p, 0, 40).source,
        Source::Text(ref t) if t == "manual\n"
    ));
}

#[test]
fn a_manual_test_the_validator_rejects_is_an_error_of_the_problem() {
    let p = package(Some("sh -c 'grep -qv manual'"));
    assert!(Case::fresh_at(&p, 0, 1).input().is_err());
    let error = p.error.lock().unwrap().clone().unwrap();
    assert!(
        error.starts_with("on the package's manual test 1: the validator"),
        "{error}"
    );
    assert!(Case::fresh_at(&p, 1, 1).input().is_ok());
}
