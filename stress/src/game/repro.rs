//! What a saved repro says beyond its input: what makes it again (the generator's stream, saved as
//! `NAME.bin` beside the repro and shown in hex when short; or the generator's arguments and seed),
//! the input's sizes, and the `reproduce:` command.

use crate::game::case::{Case, Source};
use crate::programs::problem::Problem;
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

/// The report's lines, JSON entry, files and command that make `case` again; with a problem file
/// (or package), a line that replays the repro through the problem's own programs, named by their
/// sources (the interactor and the checker included), which a setter can paste.
pub fn regenerate(problem: &Problem, case: &Case) -> Regenerate {
    let mut r = made_again(problem, case);
    if let Some(dir) = problem.dir.as_ref().filter(|_| problem.replayable) {
        let dir = dir.display().to_string();
        let dir = shlex::try_quote(&dir).map_or(dir.clone(), |q| q.into_owned());
        r.text.push_str(&format!(
            "replay: harness replay --problem {dir} {{repro}}.in\n"
        ));
    }
    r
}

/// The report's lines, JSON entry, files and command that make `case` again, from what made it.
fn made_again(problem: &Problem, case: &Case) -> Regenerate {
    let solution = problem.solution_shown();
    let gen = problem.generators.first().cmd().shown();
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
