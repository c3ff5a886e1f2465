use super::shell_word;
use std::path::Path;

#[test]
fn a_repro_path_is_one_shell_word_with_its_extension_after_it() {
    for path in ["out/stress-x", "my dir/it's here", "", "a$b`c\"d", "-lead"] {
        let word = shell_word(Path::new(path));
        let line = format!("printf %s {word}.in");
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&line)
            .output()
            .unwrap();
        assert!(out.status.success(), "{line}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{path}.in"),
            "{line}"
        );
    }
    assert_eq!(shell_word(Path::new("out/stress-x")), "out/stress-x");
}
