//! A generator's run on a case's choices: its arguments and standard input, with the stream
//! protocol's environment (the tape asked for, a fresh stream's extension), its output read as
//! the input text.

use crate::programs::problem::Problem;
use crate::protocol::tape::{self, Tape};

/// Runs a generator with its arguments and stdin: its output, and its tape when asked for
/// (`STRESS_TAPE`); a fresh stream is extended from its seed past its end (`STRESS_EXTEND`).
pub(crate) fn run_generator(
    cmd: &crate::programs::program::Cmd,
    (args, stdin): (&[String], &[u8]),
    (with_tape, extend): (bool, Option<u64>),
    p: &Problem,
) -> Result<(String, Option<Tape>), String> {
    let tape_path = with_tape.then(crate::programs::program::scratch_path);
    let mut env: Vec<(String, String)> = tape_path
        .iter()
        .map(|path| ("STRESS_TAPE".to_string(), path.display().to_string()))
        .collect();
    if let Some(seed) = extend {
        env.push(("STRESS_EXTEND".to_string(), format!("{seed:016x}")));
    }
    let run = cmd.run_with_env(args, &env, stdin, &p.limits());
    let tape = tape_path.as_ref().and_then(|path| {
        let text = std::fs::read_to_string(path).ok();
        let _ = std::fs::remove_file(path);
        text.and_then(|t| tape::parse(&t).ok())
    });
    let e = run.map_err(|e| format!("the generator cannot run: {e:#}"))?;
    if !e.success() || e.flooded {
        return Err(format!(
            "the generator `{}` failed ({}){}",
            cmd.spec,
            crate::programs::program::ending(&e),
            crate::programs::program::stderr_tail(&e)
        ));
    }
    let text = String::from_utf8(e.stdout).map_err(|_| {
        format!(
            "the generator `{}` wrote an input that is not UTF-8 text",
            cmd.spec
        )
    })?;
    Ok((text, tape))
}
