//! What a saved repro says beyond its input: what makes it again (the generator's stream, saved as
//! `NAME.bin` beside the repro and shown in hex when short; or the generator's arguments and seed),
//! the input's sizes, and the `reproduce:` command, each program named as the run was given it
//! (a source as `harness exec SOURCE`, never its compiled program in the cache).

use crate::game::case::{Case, Source};
use crate::programs::problem::Problem;
use crate::programs::program::Cmd;
use crate::programs::replay::ReplayLine;
use crate::programs::testset::GenId;
use harness::roles::Regenerate;
use serde_json::json;

/// Streams up to this many bytes are shown in hex in the report.
const HEX_SHOWN: usize = 64;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// ` (hex ...)` for a short stream, nothing for a long one.
fn hex_shown(s: &[u8]) -> String {
    match s.len() {
        0 => " (hex empty)".into(),
        n if n <= HEX_SHOWN => format!(" (hex {})", hex(s)),
        _ => String::new(),
    }
}

/// The report's lines, JSON entry, files and command that make `case` again, and the `replay:`
/// line that judges the repro through the problem's own programs as the run did, named as the run
/// was given them (its problem file or folder, its flags, the solution after `--`): a line a
/// setter can paste.
pub fn regenerate(problem: &Problem, case: &Case) -> Regenerate {
    let mut r = made_again(problem, case);
    if let Some(line) = &ReplayLine::of(problem.given.as_deref(), &problem.flags) {
        r.text
            .push_str(&format!("replay: {}\n", replay_command(line)));
    }
    r
}

/// `harness replay FLAGS {repro}.in [-- SOLUTION...]`, each word quoted for a shell.
fn replay_command(line: &ReplayLine) -> String {
    let quote = |w: &String| shlex::try_quote(w).map_or(w.clone(), |q| q.into_owned());
    let mut words: Vec<String> = vec!["harness".into(), "replay".into()];
    words.extend(line.flags.iter().map(quote));
    words.push("{repro}.in".into());
    if !line.solution.is_empty() {
        words.push("--".into());
        words.extend(line.solution.iter().map(quote));
    }
    words.join(" ")
}

/// The report's lines, JSON entry, files and command that make `case` again, from what made it;
/// an interactive problem's command runs the solution against its interactor on the saved input.
fn made_again(problem: &Problem, case: &Case) -> Regenerate {
    let mut r = made_again_alone(problem, case);
    if let Some(interactor) = &problem.interactor {
        r.reproduce = interaction(&problem.solution_shown(), interactor);
    }
    r
}

/// The solution `solution` (as a shell runs it) against the interactor over a named pipe, the
/// interactor reading the saved input and writing its output to `{repro}.out`: the pipeline's
/// status is the interactor's, its verdict.
fn interaction(solution: &str, interactor: &Cmd) -> String {
    format!(
        "rm -f {{repro}}.pipe && mkfifo {{repro}}.pipe && {solution} < {{repro}}.pipe | {} \
         {{repro}}.in {{repro}}.out > {{repro}}.pipe",
        interactor.shown()
    )
}

/// [`made_again`] for a solution that reads the input on its standard input.
fn made_again_alone(problem: &Problem, case: &Case) -> Regenerate {
    let solution = problem.solution_shown();
    let gen = problem
        .generators
        .first()
        .map(|g| g.cmd().shown())
        .unwrap_or_default();
    let (bytes, tokens, lines) = case.input().map(sizes).unwrap_or_default();
    let size = json!({"bytes": bytes, "tokens": tokens, "lines": lines});
    match case.trimmed() {
        Source::Stream(s) => {
            let shown = hex_shown(&s);
            Regenerate {
                reproduce: format!("{gen} < {{repro}}.bin | {solution}"),
                text: format!(
                    "generator stream: {} bytes{shown}, saved as .bin beside the repro\n",
                    s.len()
                ),
                json: json!({"kind": "stream", "generator": gen, "stream_hex": hex(&s),
                             "stream_bytes": s.len(), "input": size}),
                files: vec![("bin".into(), s)],
            }
        }
        Source::Sized(id, s) => {
            let gen = called(problem, id, &s.args);
            Regenerate {
                reproduce: format!("{gen} < {{repro}}.bin | {solution}"),
                text: format!(
                    "generator stream: {} bytes{}, saved as .bin beside the repro, read by: {gen}\n",
                    s.bytes.len(),
                    hex_shown(&s.bytes)
                ),
                json: json!({"kind": "stream", "generator": gen, "args": s.args,
                             "stream_hex": hex(&s.bytes), "stream_bytes": s.bytes.len(),
                             "input": size}),
                files: vec![("bin".into(), s.bytes.clone())],
            }
        }
        Source::Seed(id, call) => {
            let gen = called(problem, id, &call.args);
            let args = call.seed.to_string();
            Regenerate {
                reproduce: format!("{gen} {args} | {solution}"),
                text: format!("generator call: {gen} {args}\n"),
                json: json!({"kind": "seed", "generator": gen, "args": call.args,
                             "seed": call.seed, "input": size}),
                files: Vec::new(),
            }
        }
        Source::Text(_) => Regenerate {
            reproduce: format!("{solution} < {{repro}}.in"),
            text: "the input itself (a manual test, or reduced as text), saved as .in\n".into(),
            json: json!({"kind": "text", "input": size}),
            files: Vec::new(),
        },
    }
}

/// The command of the problem's generator `id` called with `args`, as a `reproduce:` line gives it.
fn called(problem: &Problem, id: GenId, args: &[String]) -> String {
    match problem.generators.get(id) {
        Some(g) => g.cmd().with_args(args).shown(),
        None => format!("(no generator {})", id.0),
    }
}

/// Tokens and lines of a text, for sizes.
pub fn sizes(text: &str) -> (usize, usize, usize) {
    (
        text.len(),
        text.split_ascii_whitespace().count(),
        text.lines().count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::problem::{Flags, Sanitize};
    use std::path::Path;

    #[test]
    fn the_replay_line_names_the_programs_as_given_and_quotes_them() {
        let flags = Flags {
            gen: Some("gen.cpp 10".into()),
            reference: Some("brute.cpp".into()),
            checker: Some("my checker.cpp".into()),
            solution: vec!["sol.py".into(), "a b".into()],
            time_ms: Some(1500),
            ..Flags::default()
        };
        let line = ReplayLine::of(Some(Path::new("probs/sum")), &flags).unwrap();
        assert_eq!(
            replay_command(&line),
            "harness replay --problem probs/sum --gen 'gen.cpp 10' --reference brute.cpp \
             --checker 'my checker.cpp' --timeout-ms 1500 {repro}.in -- sol.py 'a b'"
        );
        let alone = ReplayLine::of(Some(Path::new("p")), &Flags::default()).unwrap();
        assert_eq!(
            replay_command(&alone),
            "harness replay --problem p {repro}.in"
        );
        let sanitized = Flags {
            sanitize: Some(Sanitize::Solution),
            ..flags
        };
        assert_eq!(ReplayLine::of(None, &sanitized), None);
    }

    #[test]
    fn an_interaction_runs_the_solution_against_the_interactor_over_a_pipe() {
        let interactor = crate::programs::program::resolve("sh -c 'exit 1'", Path::new("."), "i");
        let line = interaction("harness exec sol.cpp", &interactor.unwrap());
        assert_eq!(
            line,
            "rm -f {repro}.pipe && mkfifo {repro}.pipe && harness exec sol.cpp < {repro}.pipe | \
             sh -c 'exit 1' {repro}.in {repro}.out > {repro}.pipe"
        );
    }

    #[test]
    fn a_problem_file_is_named_as_the_run_was_given_it() {
        use crate::programs::problem::{read_file, resolve_problem};
        let dir = std::env::temp_dir().join(format!("stress-replay-line-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("sums.toml");
        std::fs::write(
            &file,
            "gen = \"sh -c 'echo 1'\"\nreference = \"cat\"\nsolution = \"cat\"\n",
        )
        .unwrap();
        let resolved = |flags: &Flags| {
            let p = resolve_problem(Some(read_file(&file).unwrap()), flags).unwrap();
            ReplayLine::of(p.given.as_deref(), &p.flags).unwrap()
        };
        let line = resolved(&Flags::default());
        assert_eq!(line.flags, ["--problem", file.to_str().unwrap()]);
        assert!(line.solution.is_empty());
        let flags = Flags {
            time_ms: Some(700),
            solution: vec!["cat".into()],
            ..Flags::default()
        };
        let line = resolved(&flags);
        assert_eq!(line.flags[2..], ["--timeout-ms", "700"]);
        assert_eq!(line.solution, ["cat"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
