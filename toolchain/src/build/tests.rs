use super::*;
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let unique = format!(
        "toolchain-{name}-{}-{:?}",
        std::process::id(),
        std::time::SystemTime::now()
    );
    let dir = std::env::temp_dir().join(unique.replace([' ', ':', '{', '}', ','], ""));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether an ELF64 program names a loader (a `PT_INTERP` program header): dynamically linked.
fn has_interpreter(elf: &[u8]) -> bool {
    let word =
        |at: usize, n: usize| (0..n).fold(0usize, |v, i| v | (usize::from(elf[at + i]) << (8 * i)));
    let (offset, size, count) = (word(0x20, 8), word(0x36, 2), word(0x38, 2));
    (0..count).any(|i| word(offset + i * size, 4) == 3)
}

#[test]
fn a_c_program_is_linked_statically_with_the_runtime_and_a_source_error_is_not_a_link_failure() {
    let dir = scratch("static");
    std::fs::write(dir.join("p.c"), "int main(void) { return 0; }\n").unwrap();
    let program = build(&dir.join("p.c"), &[], "--gen").unwrap();
    let bytes = std::fs::read(&program.exec[0]).unwrap();
    let static_libc = Path::new("/usr/lib/x86_64-linux-gnu/libc.a").is_file();
    assert_eq!(
        has_interpreter(&bytes),
        !static_libc,
        "static libc: {static_libc}"
    );
    let warm = program.warm.as_ref().expect("a C program starts warm");
    assert_eq!(warm.server, program.exec);
    assert!(is_link_failure(
        b"/usr/bin/ld: cannot find -lc\ncollect2: error: ld returned 1"
    ));
    assert!(!is_link_failure(
        b"p.c:1:1: error: expected ';' before '}' token"
    ));
}

#[test]
fn a_built_cpp_program_runs_the_same_by_exec_and_warm() {
    let dir = scratch("same");
    let source = dir.join("sum.cpp");
    std::fs::write(
        &source,
        "#include <iostream>\nint main(int c, char **v) { long a, b; std::cin >> a >> b; std::cout << a + b << ' ' << c << ' ' << v[c - 1] << '\\n'; }\n",
    )
    .unwrap();
    let program = build(&source, &[], "--solution").unwrap();
    let limits = supervise::Limits::from_cpu(Duration::from_secs(1));
    let args = vec!["x".to_string()];
    let before = supervise::start_counts();
    let warm = supervise::run(&program, &args, b"2 5\n", &limits).unwrap();
    assert_eq!(supervise::start_counts().warm, before.warm + 1);
    let cold = supervise::execute(&program.command(&args), b"2 5\n", &limits).unwrap();
    assert_eq!(warm.stdout, b"7 2 x\n");
    assert_eq!(cold.stdout, warm.stdout);
}

#[test]
fn an_edited_header_beside_the_source_makes_a_new_program() {
    let dir = scratch("header");
    let source = dir.join("main.cpp");
    std::fs::write(
        &source,
        "#include \"value.h\"\n#include <cstdio>\nint main() { std::printf(\"%d\\n\", VALUE); }\n",
    )
    .unwrap();
    std::fs::write(dir.join("value.h"), "#define VALUE 1\n").unwrap();
    let first = build(&source, &[], "--solution").unwrap();
    std::fs::write(dir.join("value.h"), "#define VALUE 2\n").unwrap();
    let second = build(&source, &[], "--solution").unwrap();
    assert_ne!(first.exec, second.exec);
    let limits = supervise::Limits::from_cpu(Duration::from_secs(1));
    let out = supervise::run(&second, &[], b"", &limits).unwrap();
    assert_eq!(out.stdout, b"2\n");
}

#[test]
fn a_forced_header_comes_first_and_makes_a_guarded_header_beside_the_source_empty() {
    let dir = scratch("forced");
    let source = dir.join("gen.cpp");
    std::fs::write(
        &source,
        "#include \"guarded.h\"\n#include <cstdio>\nint main() { std::printf(\"%d\\n\", VALUE); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("guarded.h"),
        "#ifndef GUARDED_H\n#define GUARDED_H\n#define VALUE 1\n#endif\n",
    )
    .unwrap();
    let kit = dir.join("kit");
    std::fs::create_dir_all(&kit).unwrap();
    let header = kit.join("first.h");
    std::fs::write(&header, "#define GUARDED_H\n#define VALUE 2\n").unwrap();
    let limits = supervise::Limits::from_cpu(Duration::from_secs(1));
    let plain = build(&source, std::slice::from_ref(&kit), "--gen").unwrap();
    let forced =
        build_with_header(&source, std::slice::from_ref(&kit), Some(&header), "--gen").unwrap();
    assert_ne!(
        plain.exec, forced.exec,
        "the header is part of the cache key"
    );
    let run = |p: &Program| supervise::run(p, &[], b"", &limits).unwrap().stdout;
    assert_eq!(run(&plain), b"1\n");
    assert_eq!(run(&forced), b"2\n");
    // Precompiled with its header, the same program is found again.
    precompile(
        &[(source.clone(), Some(header.clone()))],
        std::slice::from_ref(&kit),
    );
    let again =
        build_with_header(&source, std::slice::from_ref(&kit), Some(&header), "--gen").unwrap();
    assert_eq!(again.exec, forced.exec);
}

#[test]
fn a_python_script_runs_with_the_real_interpreter_and_a_missing_source_is_named() {
    let dir = scratch("python");
    std::fs::write(dir.join("g.py"), "print(1)\n").unwrap();
    let program = build(&dir.join("g.py"), &[], "--gen").unwrap();
    let python = python().unwrap();
    assert_eq!(program.exec[0], python);
    assert!(!python.contains("shims"), "{python}");
    assert!(program.warm.is_some());
    let err = build(&dir.join("h.py"), &[], "--gen").unwrap_err();
    assert!(err.to_string().contains("no such source file"), "{err}");
    let err = build(&dir.join("h.txt"), &[], "--gen").unwrap_err();
    assert!(err.to_string().contains("not a source file"), "{err}");
}

#[test]
fn precompile_compiles_every_source_before_build_needs_it() {
    let dir = scratch("pre");
    let stems = ["pre-a", "pre-b"];
    for stem in stems {
        std::fs::write(
            dir.join(format!("{stem}.c")),
            "int main(void) { return 0; }\n",
        )
        .unwrap();
    }
    let sources: Vec<(PathBuf, Option<PathBuf>)> = stems
        .iter()
        .map(|s| (dir.join(format!("{s}.c")), None))
        .collect();
    precompile(&sources, &[]);
    let cached: Vec<String> = std::fs::read_dir(cache_dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    for stem in stems {
        assert!(
            cached.iter().any(|c| c.starts_with(&format!("{stem}-"))),
            "{stem}"
        );
    }
}
