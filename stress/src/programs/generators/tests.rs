use super::*;

fn script(gen: usize, arg: &str) -> Script {
    Script {
        gen: GenId(gen),
        args: vec![arg.to_string()],
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("stress-generators-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_package_generator_that_does_not_build_is_left_out_with_its_lines() {
    let dir = scratch("left-out");
    std::fs::write(
        dir.join("good.c"),
        "#include <stdio.h>\nint main(void) { puts(\"1\"); }\n",
    )
    .unwrap();
    std::fs::write(dir.join("old.c"), "int main(void) { this is not C; }\n").unwrap();
    std::fs::write(
        dir.join("also.c"),
        "#include <stdio.h>\nint main(void) { puts(\"2\"); }\n",
    )
    .unwrap();
    // The first generator (most lines) does not build: the others are renumbered from 0.
    let first = ("old.c".to_string(), file_generator("old.c", &dir, true));
    let more = ["good.c".to_string(), "also.c".to_string()];
    let scripts = [
        script(0, "a"),
        script(1, "b"),
        script(0, "c"),
        script(2, "d"),
    ];
    let r = resolve_all(first, &more, true, &scripts, &dir).unwrap();
    assert_eq!(r.generators.all().count(), 2);
    assert_eq!(r.scripts, [script(0, "b"), script(1, "d")]);
    assert_eq!(r.left_out.len(), 1);
    assert_eq!(
        (r.left_out[0].spec.as_str(), r.left_out[0].lines),
        ("old.c", 2)
    );
    assert!(
        r.left_out[0].why.contains("does not compile") && r.left_out[0].why.contains("error:"),
        "{:?}",
        r.left_out
    );
    let shown = r.generators.get(GenId(1)).map(|g| g.cmd().shown());
    assert!(
        shown.as_deref().is_some_and(|s| s.ends_with("also.c")),
        "{shown:?}"
    );
    // Outside a package, or when none builds, it is an error.
    let first = ("old.c".to_string(), file_generator("old.c", &dir, false));
    assert!(resolve_all(first, &[], false, &[], &dir).is_err());
    let first = ("old.c".to_string(), file_generator("old.c", &dir, true));
    let err = resolve_all(first, &["old.c".to_string()], true, &scripts, &dir).unwrap_err();
    assert!(format!("{err:#}").contains("does not compile"), "{err:#}");
    let _ = std::fs::remove_dir_all(&dir);
}
