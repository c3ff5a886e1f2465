//! `harness stress PACKAGE`: a Polygon package (`problem.xml`) as a problem, and every solution
//! of it run against its tag.

mod fixture_programs;

use fixture_programs::{harness, last_line, repro_of, scratch};
use std::path::{Path, PathBuf};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/problems/polygon-sum")
}

/// A copy of the example package in a scratch folder, its `problem.xml` edited by `edit`.
fn copy(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = scratch("polygon", name);
    for sub in ["files", "solutions"] {
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
