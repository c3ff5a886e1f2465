use super::*;
use crate::programs::testset::GenId;

/// A package folder with `problem.xml` = `xml` and the files `files` (empty), fresh.
fn package(name: &str, xml: &str, files: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stress-package-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for f in files {
        let path = dir.join(f);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, format!("{f}\n")).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("problem.xml"), xml).unwrap();
    dir
}

/// A problem.xml as Polygon writes one, with `checker` and `solutions` put in.
fn xml(checker: &str, solutions: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="a-plus-b">
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="" run-count="1">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>6</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test cmd="gen 100 1000000000" method="generated"/>
        <test cmd="gen 5 10" method="generated"/>
        <test cmd="other --n=3" method="generated"/>
        <test method="manual"/>
        <test cmd="gen 5 10" method="generated"/>
      </tests>
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables>
      <executable><source path="files/gen.cpp" type="cpp.g++17"/><binary path="files/gen.exe" type="exe.win32"/></executable>
      <executable><source path="files/other.cpp" type="cpp.g++17"/></executable>
    </executables>
  </files>
  <assets>
    {checker}
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>{solutions}</solutions>
  </assets>
</problem>"#
    )
}

const FILES: &[&str] = &[
    "files/gen.cpp",
    "files/other.cpp",
    "files/val.cpp",
    "files/check.cpp",
    "solutions/main.cpp",
    "solutions/wa.cpp",
    "solutions/slow.py",
    "tests/01",
    "tests/05",
];

const SOLUTIONS: &str = r#"
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded-or-accepted"><source path="solutions/slow.py" type="python.3"/></solution>"#;

const CHECKER: &str = r#"<checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>"#;

#[test]
fn a_package_gives_its_limits_programs_tags_and_script_lines() {
    let dir = package("full", &xml(CHECKER, SOLUTIONS), FILES);
    assert!(is_package(&dir));
    let p = read(&dir).unwrap();
    assert_eq!(p.name, "a-plus-b");
    assert_eq!((p.time_ms, p.memory_mb), (1500, 256));
    assert_eq!(p.checker, Checker::Source(dir.join("files/check.cpp")));
    assert_eq!(p.validator, Some(dir.join("files/val.cpp")));
    assert_eq!(p.interactor, None);
    assert_eq!(p.main, dir.join("solutions/main.cpp"));
    let tags: Vec<Tag> = p.solutions.iter().map(|s| s.tag).collect();
    assert_eq!(tags, [Tag::WrongAnswer, Tag::TimeLimitOrAccepted]);
    // Every generator, the one most lines call first; every line naming its generator, the
    // smallest first, the repeated one once.
    assert_eq!(
        p.generators,
        [dir.join("files/gen.cpp"), dir.join("files/other.cpp")]
    );
    let lines: Vec<(usize, Vec<&str>)> = p
        .scripts
        .iter()
        .map(|s| (s.gen.0, s.args.iter().map(String::as_str).collect()))
        .collect();
    assert_eq!(
        lines,
        [
            (1, vec!["--n=3"]),
            (0, vec!["5", "10"]),
            (0, vec!["100", "1000000000"])
        ]
    );
    // The manual tests by their number in the testset, their inputs read.
    let manual: Vec<(usize, &str)> = p.manual.iter().map(|m| (m.index, &*m.text)).collect();
    assert_eq!(manual, [(1, "tests/01\n"), (5, "tests/05\n")]);
    assert_eq!(p.manual[1].file, dir.join("tests/05"));
    // As a problem file: the first generator is `gen`, the other follows with its lines.
    let f = crate::programs::problem::from_package(&p);
    assert_eq!(f.gen.as_deref(), Some("files/gen.cpp"));
    assert_eq!(f.package.more_gens, ["files/other.cpp"]);
    assert_eq!(f.package.scripts[0].gen, GenId(1));
    assert_eq!(f.package.manual.len(), 2);
}

#[test]
fn a_package_with_manual_tests_only_has_no_generator() {
    let manual = r#"<test method="manual" sample="true"/>
        <test method="manual"/>"#;
    let only = xml(CHECKER, SOLUTIONS);
    let start = only.find("<tests>").unwrap() + "<tests>".len();
    let end = only.find("</tests>").unwrap();
    let only = format!("{}{manual}{}", &only[..start], &only[end..]);
    let dir = package("manual-only", &only, FILES);
    // A test uploaded from Windows keeps its `\r\n` line ends: read as `\n`.
    std::fs::write(dir.join("tests/02"), "2\r\n0 0 0\r\n").unwrap();
    let p = read(&dir).unwrap();
    assert!(p.generators.is_empty() && p.scripts.is_empty());
    assert_eq!(p.manual.len(), 2);
    assert_eq!(p.manual[1].text, "2\n0 0 0\n");
    let f = crate::programs::problem::from_package(&p);
    assert_eq!(f.gen, None);
    assert_eq!(f.package.manual.len(), 2);
}

#[test]
fn a_script_line_of_an_undeclared_executable_or_a_missing_manual_test_is_an_error() {
    let stray = xml(CHECKER, SOLUTIONS).replace(
        r#"<test method="manual"/>"#,
        r#"<test cmd="gen-tree 7" method="generated"/>"#,
    );
    let dir = package("undeclared", &stray, FILES);
    let err = read(&dir).unwrap_err().to_string();
    assert!(
        err.contains("`gen-tree`") && err.contains("<executable>") && err.contains("problem.xml"),
        "{err}"
    );
    let dir = package(
        "no-manual",
        &xml(CHECKER, SOLUTIONS),
        &FILES[..FILES.len() - 1],
    );
    let err = read(&dir).unwrap_err().to_string();
    assert!(
        err.contains("manual test 5") && err.contains("tests/05") && err.contains("missing"),
        "{err}"
    );
    let odd = xml(CHECKER, SOLUTIONS).replace("tests/%02d", "tests/all");
    let dir = package("pattern", &odd, FILES);
    let err = read(&dir).unwrap_err().to_string();
    assert!(err.contains("<input-path-pattern>"), "{err}");
}

#[test]
fn an_input_path_pattern_is_printf_s_number() {
    use crate::programs::testset::test_path;
    assert_eq!(test_path("tests/%02d", 7).as_deref(), Some("tests/07"));
    assert_eq!(test_path("tests/%02d", 123).as_deref(), Some("tests/123"));
    assert_eq!(test_path("t/%d.in", 3).as_deref(), Some("t/3.in"));
    assert_eq!(test_path("t/%03d", 3).as_deref(), Some("t/003"));
    assert_eq!(test_path("tests/01", 1), None);
    assert_eq!(test_path("t/%s", 1), None);
    assert_eq!(test_path("t/%d-%d", 1), None);
}

#[test]
fn a_standard_checker_without_its_source_is_the_kit_s_or_named_unknown() {
    let no_source =
        r#"<checker name="std::wcmp.cpp" type="testlib"><source path="files/gone.cpp"/></checker>"#;
    let dir = package("wcmp", &xml(no_source, SOLUTIONS), FILES);
    assert_eq!(
        read(&dir).unwrap().checker,
        Checker::Standard("wcmp".into())
    );
    let rcmp = r#"<checker name="std::rcmp6.cpp" type="testlib"/>"#;
    let dir = package("rcmp", &xml(rcmp, SOLUTIONS), FILES);
    let p = read(&dir).unwrap();
    assert_eq!(p.checker, Checker::Standard("rcmp6".into()));
    let f = crate::programs::problem::from_package(&p);
    assert_eq!(f.checker.as_deref(), Some("std::rcmp6"));
    for (name, says) in [
        ("std::rcmp7.cpp", "std::rcmp6, std::rcmp9"),
        ("mine.cpp", "not a standard checker"),
    ] {
        let checker = format!(r#"<checker name="{name}" type="testlib"/>"#);
        let dir = package("unknown", &xml(&checker, SOLUTIONS), FILES);
        let err = read(&dir).unwrap_err().to_string();
        assert!(
            err.contains(name) && err.contains(says) && err.contains("problem.xml"),
            "{err}"
        );
    }
}

#[test]
fn bad_packages_say_which_file_and_element() {
    let dir = package("malformed", "<problem><judging>", FILES);
    let err = read(&dir).unwrap_err().to_string();
    assert!(
        err.contains("malformed XML") && err.contains("problem.xml"),
        "{err}"
    );
    let dir = package("missing", &xml(CHECKER, SOLUTIONS), &FILES[1..]);
    let err = read(&dir).unwrap_err().to_string();
    assert!(
        err.contains("files/gen.cpp") && err.contains("missing"),
        "{err}"
    );
    let odd = r#"<solution tag="main"><source path="solutions/main.cpp"/></solution>
        <solution tag="mostly-fine"><source path="solutions/wa.cpp"/></solution>"#;
    let dir = package("tag", &xml(CHECKER, odd), FILES);
    let err = read(&dir).unwrap_err().to_string();
    assert!(
        err.contains("tag=\"mostly-fine\"") && err.contains("does not know"),
        "{err}"
    );
    let none = r#"<solution tag="accepted"><source path="solutions/wa.cpp"/></solution>"#;
    let dir = package("nomain", &xml(CHECKER, none), FILES);
    assert!(read(&dir).unwrap_err().to_string().contains("tag=\"main\""));
}

#[test]
fn each_tag_expects_its_verdicts() {
    use Found::*;
    let all = [
        Passed,
        WrongAnswer,
        PresentationError,
        TimeLimit,
        MemoryLimit,
        RuntimeError,
    ];
    let expected =
        |tag: Tag| -> Vec<Found> { all.into_iter().filter(|f| tag.expects(*f)).collect() };
    assert_eq!(expected(Tag::Accepted), [Passed]);
    assert_eq!(expected(Tag::WrongAnswer), [WrongAnswer]);
    assert_eq!(expected(Tag::TimeLimitOrAccepted), [Passed, TimeLimit]);
    assert_eq!(
        expected(Tag::TimeLimitOrMemoryLimit),
        [TimeLimit, MemoryLimit]
    );
    assert_eq!(expected(Tag::Failed), [RuntimeError]);
    assert_eq!(expected(Tag::Rejected).len(), 5);
    for word in [
        "main",
        "accepted",
        "rejected",
        "failed",
        "do-not-run",
        "time-limit-exceeded",
    ] {
        assert_eq!(Tag::parse(word).map(Tag::name), Some(word));
    }
}
