//! `harness stress PACKAGE`: a Polygon package (`problem.xml`) as a problem, and every solution
//! of it run against its tag.

mod fixture_programs;

use fixture_programs::{fixtures, harness, last_line, replay_of, repro_of, scratch, shell};
use std::path::{Path, PathBuf};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/problems/polygon-sum")
}

/// A copy of the example package in a scratch folder, its `problem.xml` edited by `edit`.
fn copy(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = scratch("polygon", name);
    for sub in ["files", "solutions", "tests"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for entry in std::fs::read_dir(example().join(sub)).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dir.join(sub).join(path.file_name().unwrap())).unwrap();
        }
    }
    let xml = std::fs::read_to_string(example().join("problem.xml")).unwrap();
    std::fs::write(dir.join("problem.xml"), edit(xml)).unwrap();
    dir
}

fn stress(package: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = package.join("repros");
    let p = package.to_str().unwrap();
    let o = out.to_str().unwrap();
    let args = [
        &[
            "stress",
            p,
            "--cases",
            "12",
            "--shrink-secs",
            "1",
            "-q",
            "--out",
            o,
        ][..],
        extra,
    ];
    harness(&args.concat())
}

#[test]
fn every_solution_of_the_example_package_is_judged_against_its_tag() {
    let dir = copy("tags", |x| x);
    let (code, stdout, stderr) = stress(&dir, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    for row in [
        "solutions/ok.py | accepted | accepted | yes | -",
        "solutions/wa.cpp | wrong-answer | wrong answer | yes | ",
        "solutions/tl.cpp | time-limit-exceeded | time limit exceeded | yes | ",
    ] {
        assert!(stdout.contains(row), "{row}\n{stdout}");
    }
    assert_eq!(
        last_line(&stdout),
        "polygon: 3 solutions, 3 as tagged, 0 not"
    );
    // Each solution's repros in a folder of its own; the repro is an input the validator took.
    assert!(dir.join("repros/wa").read_dir().unwrap().count() > 0);
}

#[test]
fn a_solution_whose_verdict_is_not_its_tag_fails_the_run() {
    let dir = copy("mistagged", |x| {
        x.replace(
            "<solution tag=\"wrong-answer\">",
            "<solution tag=\"accepted\">",
        )
        .replace(
            "<solution tag=\"time-limit-exceeded\">",
            "<solution tag=\"do-not-run\">",
        )
    });
    let (code, stdout, stderr) = stress(&dir, &[]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("solutions/wa.cpp | accepted | wrong answer | NO | "),
        "{stdout}"
    );
    assert_eq!(
        last_line(&stdout),
        "polygon: 2 solutions, 1 as tagged, 1 not"
    );
    // With a solution given, the package is one problem: that solution against the main one.
    let wa = dir.join("solutions/wa.cpp");
    let (code, stdout, _) = stress(&dir, &["--", wa.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.starts_with("WRONG ANSWER in "), "{stdout}");
}

/// An edit of a package's `problem.xml`.
type Edit = fn(String) -> String;

#[test]
fn a_bad_package_is_a_clear_error() {
    let cases: [(&str, Edit, &str); 3] = [
        (
            "malformed",
            |x| x.replace("</problem>", ""),
            "malformed XML",
        ),
        (
            "unknown-tag",
            |x| x.replace("tag=\"accepted\"", "tag=\"probably-fine\""),
            "tag=\"probably-fine\"",
        ),
        (
            "missing",
            |x| x.replace("solutions/tl.cpp", "solutions/gone.cpp"),
            "solutions/gone.cpp, which is missing",
        ),
    ];
    for (name, edit, says) in cases {
        let dir = copy(name, edit);
        let (code, stdout, stderr) = stress(&dir, &[]);
        assert_eq!(code, 2, "{name}: {stdout}{stderr}");
        assert!(
            stderr.contains(says) && stderr.contains("problem.xml"),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_package_generator_written_with_testlib_runs_as_a_stream_generator() {
    // The package's generator includes testlib.h; the one beside it stops any compile that reads
    // it, so the package runs only if the kit's stress.h stands in for it (its `rnd` drawing from
    // the stream, its script lines as the arguments).
    let dir = copy("testlib-gen", |x| x);
    std::fs::write(
        dir.join("files/gen.cpp"),
        "#include \"testlib.h\"\n\
         int main(int argc, char *argv[]) {\n\
         registerGen(argc, argv, 1);\n\
         int max_n = atoi(argv[1]);\n\
         long long max_v = atoll(argv[2]);\n\
         int n = rnd.next(1, max_n);\n\
         std::vector<long long> a(n);\n\
         for (auto &x : a) x = rnd.next(-max_v, max_v);\n\
         println(n);\n\
         println(a);\n\
         }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("files/testlib.h"),
        "#ifndef _TESTLIB_H_\n#define _TESTLIB_H_\n#error \"a stand-in\"\n#endif\n",
    )
    .unwrap();
    let wa = dir.join("solutions/wa.cpp");
    let (p, o) = (dir.to_str().unwrap(), dir.join("repros"));
    let args = [
        "stress",
        p,
        "--cases",
        "40",
        "--shrink-secs",
        "20",
        "-q",
        "--out",
        o.to_str().unwrap(),
        "--",
        wa.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = harness(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("WRONG ANSWER in case "), "{stdout}");
    let repro = repro_of(&stdout);
    let input = std::fs::read_to_string(repro).unwrap();
    // Three values wrap a 32-bit sum; the random case had up to 100.
    assert!(input.split_whitespace().count() <= 6, "{input}");
}

/// `xml` with what lies between `open` and `close` (the first of each) replaced by `with`.
fn between(xml: &str, open: &str, close: &str, with: &str) -> String {
    let start = xml.find(open).unwrap() + open.len();
    let end = start + xml[start..].find(close).unwrap();
    format!("{}{with}{}", &xml[..start], &xml[end..])
}

/// The kit's testlib.h stand-in: any compile that reads it stops.
const STAND_IN: &str = "#ifndef _TESTLIB_H_\n#define _TESTLIB_H_\n#error \"a stand-in\"\n#endif\n";

/// gen-small MAX_N MAX_V SEED: a seed generator of n in 1..MAX_N values in -MAX_V..MAX_V.
const GEN_SMALL: &str = r#"#include <cstdio>
#include <cstdlib>
#include <random>
int main(int argc, char *argv[]) {
    if (argc < 4) return 1;
    long long max_n = std::atoll(argv[1]), max_v = std::atoll(argv[2]);
    std::mt19937_64 rng(std::strtoull(argv[argc - 1], nullptr, 10));
    long long n = 1 + (long long)(rng() % (unsigned long long)(max_n < 1 ? 1 : max_n));
    std::printf("%lld\n", n);
    for (long long i = 0; i < n; i++)
        std::printf(i ? " %lld" : "%lld", (long long)(rng() % (unsigned long long)(2 * max_v + 1)) - max_v);
    std::printf("\n");
}
"#;

/// gen-big EXTRA MAX_V, written with testlib: n = 5 + a draw in 0..EXTRA values.
const GEN_BIG: &str = r#"#include "testlib.h"
int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int extra = atoi(argv[1]);
    long long max_v = atoll(argv[2]);
    int n = 5 + rnd.next(0, extra);
    std::vector<long long> a(n);
    for (auto &x : a) x = rnd.next(-max_v, max_v);
    println(n);
    println(a);
}
"#;

/// The sum, one too many from five values on.
const FIVE: &str = r#"#include <cstdio>
int main() {
    long long n, s = 0, v;
    if (std::scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n; i++) { std::scanf("%lld", &v); s += v; }
    std::printf("%lld\n", n >= 5 ? s + 1 : s);
}
"#;

#[test]
fn every_generator_of_a_package_runs_its_own_script_lines() {
    // gen-small (two lines, a seed generator) makes at most three values; only gen-big's line
    // (a testlib generator: a stream generator) makes the five a planted bug needs.
    let dir = copy("two-generators", |x| {
        let x = between(
            &x,
            "<tests>",
            "</tests>",
            r#"<test method="manual" sample="true"/>
                <test cmd="gen-small 3 10" method="generated"/>
                <test cmd="gen-big 20 100" method="generated"/>
                <test cmd="gen-small 2 1000" method="generated"/>"#,
        );
        let x = between(
            &x,
            "<executables>",
            "</executables>",
            r#"<executable><source path="files/gen-small.cpp" type="cpp.g++17"/></executable>
               <executable><source path="files/gen-big.cpp" type="cpp.g++17"/></executable>"#,
        );
        // No validator: the repro stays what the generator made (no text reduction).
        between(&x, "<validators>", "</validators>", "")
    });
    for (file, text) in [
        ("files/gen-small.cpp", GEN_SMALL),
        ("files/gen-big.cpp", GEN_BIG),
        ("files/testlib.h", STAND_IN),
        ("solutions/five.cpp", FIVE),
    ] {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let five = dir.join("solutions/five.cpp");
    let (p, o) = (dir.to_str().unwrap(), dir.join("repros"));
    let args = [
        "stress",
        p,
        "--cases",
        "12",
        "--shrink-secs",
        "20",
        "-q",
        "--out",
        o.to_str().unwrap(),
        "--",
        five.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = harness(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("WRONG ANSWER in case "), "{stdout}");
    // The repro names gen-big, called with its line's arguments lowered.
    let read_by = stdout
        .lines()
        .find_map(|l| l.strip_prefix("generator stream: "))
        .and_then(|l| l.split_once("read by: "))
        .map(|(_, cmd)| cmd.to_string())
        .unwrap_or_else(|| panic!("no stream line read by a generator: {stdout}"));
    assert!(
        read_by.contains("gen-big") && !read_by.contains("gen-small"),
        "{read_by}"
    );
    let reproduce = stdout
        .lines()
        .find(|l| l.starts_with("reproduce: "))
        .unwrap_or_else(|| panic!("no reproduce line: {stdout}"));
    assert!(reproduce.contains("gen-big"), "{reproduce}");
    // The generator is named by its source, built as the run built it, never from the cache.
    assert!(
        read_by.starts_with("harness exec --stream ") && read_by.contains("gen-big.cpp"),
        "{read_by}"
    );
    let repro = PathBuf::from(repro_of(&stdout));
    let input = std::fs::read_to_string(&repro).unwrap();
    assert_eq!(input.split_whitespace().next(), Some("5"), "{input}");
    // That generator on the saved stream makes the repro's input again.
    let bin = repro.with_extension("bin");
    // Pasted into a shell where the run started.
    let (code, again, stderr) = shell(&format!("{read_by} < '{}'", bin.display()), &fixtures());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(again, input);
    // The replay line judges that solution (after `--`), not the main one, and fails as the run did.
    let words = replay_of(&stdout);
    assert_eq!(words[words.len() - 2..], ["--", five.to_str().unwrap()]);
    let (code, replayed, stderr) = harness(&words);
    assert_eq!(code, 1, "{replayed}{stderr}");
    assert!(replayed.contains("MISMATCH"), "{replayed}");
    // The next run replays the saved repro first, and it fails again.
    let (code, stdout, stderr) = harness(&args);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("saved case"), "{stdout}");
}

#[test]
fn a_manual_test_of_a_package_is_a_case_of_its_own() {
    // The solution is wrong on one value no generator draws; the package's manual test has it.
    let dir = copy("manual", |x| x);
    std::fs::write(dir.join("tests/01"), "1\n123456789\n").unwrap();
    std::fs::write(
        dir.join("solutions/odd.cpp"),
        "#include <cstdio>\n\
         int main() {\n\
         long long n, s = 0, v;\n\
         if (std::scanf(\"%lld\", &n) != 1) return 1;\n\
         for (long long i = 0; i < n; i++) { std::scanf(\"%lld\", &v); s += v == 123456789 ? 1 : v; }\n\
         std::printf(\"%lld\\n\", s);\n\
         }\n",
    )
    .unwrap();
    let odd = dir.join("solutions/odd.cpp");
    let (code, stdout, stderr) = stress(&dir, &["--", odd.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("WRONG ANSWER in case "), "{stdout}");
    assert!(stdout.contains("the input itself"), "{stdout}");
    let input = std::fs::read_to_string(repro_of(&stdout)).unwrap();
    assert_eq!(input, "1\n123456789\n");
    // Without the manual test's file, the package is a bad one: its number and file are named.
    std::fs::remove_file(dir.join("tests/01")).unwrap();
    let (code, stdout, stderr) = stress(&dir, &["--", odd.to_str().unwrap()]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stderr.contains("manual test 1")
            && stderr.contains("tests/01")
            && stderr.contains("problem.xml"),
        "{stderr}"
    );
}

/// The sum's answer as two lines, `n` then the sum (`sep` `\n`), or as one (`sep` a space).
fn two_numbers(sep: &str) -> String {
    format!(
        "#include <cstdio>\n\
         int main() {{\n\
         long long n, s = 0, v;\n\
         if (std::scanf(\"%lld\", &n) != 1) return 1;\n\
         for (long long i = 0; i < n; i++) {{ std::scanf(\"%lld\", &v); s += v; }}\n\
         std::printf(\"%lld{sep}%lld\\n\", n, s);\n\
         }}\n"
    )
}

#[test]
fn a_standard_checker_named_without_its_source_judges_as_testlib_s() {
    // std::lcmp compares line by line: the right tokens on the wrong lines are a wrong answer,
    // which a comparison of tokens (std::wcmp, given on the command line) accepts.
    let dir = copy("lcmp", |x| x.replace("std::ncmp.cpp", "std::lcmp.cpp"));
    std::fs::write(dir.join("solutions/main.cpp"), two_numbers("\\n")).unwrap();
    let one_line = dir.join("solutions/one-line.cpp");
    std::fs::write(&one_line, two_numbers(" ")).unwrap();
    let solution = one_line.to_str().unwrap();
    let (code, stdout, stderr) = stress(&dir, &["--", solution]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("WRONG ANSWER in "), "{stdout}");
    assert!(stdout.contains("lines differ"), "{stdout}");
    let (code, stdout, stderr) = stress(&dir, &["--checker", "std::wcmp", "--", solution]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn a_standard_checker_on_the_command_line_and_an_unknown_one() {
    let out = scratch("polygon", "rcmp6");
    let run = |checker: &str, answer: &str| {
        let echo = format!("echo {answer}");
        harness(&[
            "stress",
            "--gen-stream",
            "gen.cpp",
            "--reference",
            "sh -c 'echo 1.0'",
            "--checker",
            checker,
            "--cases",
            "5",
            "-q",
            "--out",
            out.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            &echo,
        ])
    };
    // rcmp6: an absolute or relative error of 1e-6 at most.
    let (code, stdout, stderr) = run("std::rcmp6", "1.0000001");
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, stdout, stderr) = run("std::rcmp6.cpp", "1.00001");
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("numbers differ"), "{stdout}");
    let (code, stdout, stderr) = run("std::rcmp7", "1.0");
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stderr.contains("std::rcmp7") && stderr.contains("std::rcmp6, std::rcmp9"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_package_with_manual_tests_only_runs_them_and_judges_its_tags_on_them() {
    // stress/tests/fixtures/polygon-manual: three manual tests, no generator; wa.cpp sums in 32
    // bits, wrong on manual test 2.
    let run = |name: &str, extra: &[&str]| {
        let out = scratch("polygon-manual-only", name);
        let o = out.to_str().unwrap();
        let args = [
            &[
                "stress",
                "polygon-manual",
                "--shrink-secs",
                "1",
                "-q",
                "--out",
                o,
            ][..],
            extra,
        ];
        harness(&args.concat())
    };
    let note = "stress: the package has no generator: its 3 manual tests are the cases \
                (fresh inputs need a generator in the package)";
    let (code, stdout, stderr) = run("tags", &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(stdout.matches(note).count(), 2, "{stdout}");
    assert!(stdout.contains("stress: 3 cases, 0 failures"), "{stdout}");
    assert!(stdout.contains("stress: 3 cases, 1 failure"), "{stdout}");
    assert!(
        stdout.contains("solutions/ok.cpp | accepted | accepted | yes | -"),
        "{stdout}"
    );
    assert!(
        stdout.contains("solutions/wa.cpp | wrong-answer | wrong answer | yes | "),
        "{stdout}"
    );
    assert_eq!(
        last_line(&stdout),
        "polygon: 2 solutions, 2 as tagged, 0 not"
    );
    // One solution given: the wrong one is caught on the manual test, its repro that input
    // shrunk as text, replayed to the same failure; the accepted one passes the three tests.
    let (code, stdout, stderr) = run("wa", &["--", "polygon-manual/solutions/wa.cpp"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("WRONG ANSWER in case "), "{stdout}");
    assert!(stdout.contains("the input itself"), "{stdout}");
    let input = std::fs::read_to_string(repro_of(&stdout)).unwrap();
    assert!(input.starts_with("3\n"), "{input}");
    let (code, replayed, stderr) = harness(&replay_of(&stdout));
    assert_eq!(code, 1, "{replayed}{stderr}");
    let (code, stdout, stderr) = run("ok", &["--", "polygon-manual/solutions/ok.cpp"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        last_line(&stdout).starts_with("stress: 3 cases, 0 failures"),
        "{stdout}"
    );
}
