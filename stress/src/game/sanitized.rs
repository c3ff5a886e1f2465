//! A program's sanitized build (`harness stress --sanitize`), run after its plain build passed a
//! case: a report of AddressSanitizer, UndefinedBehaviorSanitizer or the standard library's debug
//! mode is a runtime error whose detail is the report's first line, shrunk and saved like any.
//!
//! The plain build is judged for time and memory as always; the sanitized one runs only for its
//! reports, with room for the sanitizers' cost: [`CPU_FACTOR`] times the CPU limit and the memory
//! limit raised by [`MEMORY_FACTOR`] plus [`SHADOW_ROOM`] (shadow memory, redzones and the
//! quarantine are resident memory too). So the memory limit counts what the program uses (its
//! plain build), not the sanitizers' own; a sanitized run that hits its raised limits, or ends
//! without a report, gives no verdict. An interactive problem's sanitized build talks to the
//! interactor as its plain build did ([`checked_interactive`]).

use crate::programs::program::Cmd;
use harness::roles::verdict::Fault;
use supervise::{Execution, Limits};

/// The sanitized build's CPU limit, in times the problem's.
pub const CPU_FACTOR: u32 = 5;
/// The sanitized build's memory limit, in times the problem's, plus [`SHADOW_ROOM`].
pub const MEMORY_FACTOR: u64 = 3;
/// Bytes added to the sanitized build's memory limit.
pub const SHADOW_ROOM: u64 = 512 << 20;

/// Runs `sanitized`, when there is one, on `input` after its plain build passed; a report of a
/// sanitizer is a runtime error (with the output the sanitized build printed).
pub fn checked(sanitized: Option<&Cmd>, input: &[u8], limits: &Limits) -> Result<(), Fault> {
    let Some(sanitized) = sanitized else {
        return Ok(());
    };
    let Ok(run) = sanitized.run_with_env(&[], &sanitizer_env(), input, &roomy(limits)) else {
        return Ok(());
    };
    match report(&run) {
        Some(line) => Err(Fault::RuntimeError {
            status: "the sanitized build reports an error".into(),
            stderr: Some(line),
            output: String::from_utf8_lossy(&run.stdout).into_owned(),
        }),
        None => Ok(()),
    }
}

/// Runs `sanitized`, when there is one, against `interactor` on `input` after its plain build's
/// interaction passed; a report of a sanitizer is a runtime error. The sanitizers' options reach
/// the program through `env` ([`crate::programs::interact::pair_with_env`]).
pub fn checked_interactive(
    sanitized: Option<&Cmd>,
    interactor: &Cmd,
    input: &str,
    limits: &Limits,
) -> Result<(), Fault> {
    let Some(sanitized) = sanitized else {
        return Ok(());
    };
    let (run, _, _) = crate::programs::interact::pair_with_env(
        interactor,
        sanitized,
        &sanitizer_env(),
        input,
        &roomy(limits),
    )?;
    match report(&run) {
        Some(line) => Err(Fault::RuntimeError {
            status: "the sanitized build reports an error".into(),
            stderr: Some(line),
            output: String::new(),
        }),
        None => Ok(()),
    }
}

/// The sanitizers' options, as a run's environment.
fn sanitizer_env() -> Vec<(String, String)> {
    toolchain::SANITIZER_ENV
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The limits of a sanitized run (module doc).
fn roomy(limits: &Limits) -> Limits {
    Limits {
        memory_bytes: limits
            .memory_bytes
            .map(|m| m.saturating_mul(MEMORY_FACTOR).saturating_add(SHADOW_ROOM)),
        ..limits.with_cpu(limits.cpu.saturating_mul(CPU_FACTOR))
    }
}

/// The first line of a sanitizer's report in the run's standard error: AddressSanitizer's summary
/// (`AddressSanitizer: heap-buffer-overflow sol.cpp:7 in main`), UBSan's `runtime error:` line, or
/// the debug mode's `Error: ...` sentence (joined when wrapped); `None` when there is none.
pub fn report(run: &Execution) -> Option<String> {
    let text = String::from_utf8_lossy(&run.stderr);
    let lines: Vec<&str> = text.lines().collect();
    if let Some(summary) = lines
        .iter()
        .find_map(|l| l.strip_prefix("SUMMARY: AddressSanitizer: "))
    {
        return Some(format!("AddressSanitizer: {summary}"));
    }
    if let Some(ub) = lines.iter().find(|l| l.contains(": runtime error: ")) {
        return Some(ub.trim().to_string());
    }
    let at = lines.iter().position(|l| l.starts_with("Error: "))?;
    let sentence: Vec<&str> = lines[at..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim())
        .collect();
    Some(format!("debug mode: {}", sentence.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::program::tests::ended;
    use supervise::Ending;

    #[test]
    fn each_sanitizers_report_gives_its_first_line_and_a_plain_stderr_none() {
        let asan =
            "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6\nREAD of size 4\n\
                    SUMMARY: AddressSanitizer: heap-buffer-overflow /p/sol.cpp:3 in main\n";
        let r = report(&ended(Ending::Exited(23), None, asan));
        assert_eq!(
            r.as_deref(),
            Some("AddressSanitizer: heap-buffer-overflow /p/sol.cpp:3 in main")
        );
        let ub = "sol.cpp:7:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n";
        let r = report(&ended(Ending::Exited(23), None, ub));
        assert!(r.is_some_and(|l| l.starts_with("sol.cpp:7:12: runtime error: signed integer overflow")));
        let debug = "/usr/include/c++/12/debug/vector:442:\nIn function:\n    f\n\n\
                     Error: attempt to subscript container with out-of-bounds index 5, but \n\
                     container only holds 5 elements.\n\nObjects involved\n";
        let r = report(&ended(Ending::Signaled(6), None, debug));
        assert_eq!(
            r.as_deref(),
            Some("debug mode: Error: attempt to subscript container with out-of-bounds index 5, but container only holds 5 elements.")
        );
        assert_eq!(report(&ended(Ending::Exited(1), None, "oops\n")), None);
    }

    #[test]
    fn a_sanitized_run_gets_room_for_the_sanitizers() {
        let limits = Limits::from_cpu(std::time::Duration::from_secs(1)).with_memory(256 << 20);
        let r = roomy(&limits);
        assert_eq!(r.cpu, std::time::Duration::from_secs(5));
        assert_eq!(r.memory_bytes, Some((768 << 20) + SHADOW_ROOM));
    }
}
