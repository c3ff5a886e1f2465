//! Tests of the verdict words: token comparison, the text of faults, and signatures computed from
//! a failure's structure, pinned to the text reading of `what` that saved reports were grouped by.

use super::*;
use crate::roles::difference::compare_tokens;
use crate::roles::oracle::{catching, catching_fault};

#[test]
fn tokens_compare_ignoring_whitespace() {
    assert!(compare_tokens("1 2\n3\n", "1  2 3").is_ok());
    assert!(compare_tokens("11692\n", "11692").is_ok());
    assert_eq!(
        compare_tokens("684\n", "685\n").unwrap_err().to_string(),
        "token 1: expected `684`, got `685`"
    );
    assert!(compare_tokens("1 2\n", "1\n")
        .unwrap_err()
        .to_string()
        .contains("ends early"));
    assert!(compare_tokens("1\n", "1 2\n")
        .unwrap_err()
        .to_string()
        .contains("extra output"));
}

#[test]
fn panics_become_messages_and_places() {
    let r: Result<(), String> = catching(|| panic!("boom {}", 7));
    let msg = r.unwrap_err();
    assert!(msg.starts_with("boom 7 at "), "{msg}");
    assert!(msg.contains("verdict/tests.rs:"), "{msg}");
    assert_eq!(catching(|| 5), Ok(5));
    let line = line!() + 1;
    let fault = catching_fault(|| panic!("boom: {}", 8)).unwrap_err();
    let Fault::Panic { message, place } = &fault else {
        panic!("not a panic: {fault:?}")
    };
    assert_eq!(message, "boom: 8");
    let place = place.as_ref().expect("the hook saw where");
    assert!(place.file.ends_with("verdict/tests.rs"), "{place}");
    assert_eq!(place.line, line);
    // The text of the fault is the hook's old one: message, then " at FILE:LINE".
    assert_eq!(fault.to_string(), format!("panicked: boom: 8 at {place}"));
}

#[test]
fn the_place_of_a_divergence_reads_and_serializes_as_before() {
    assert_eq!(At::Answer.to_string(), "answer");
    assert_eq!(At::Event("move 4".into()).to_string(), "move 4");
    let d = divergence(
        At::Answer,
        named("answer differs"),
        "answer differs: token 1",
    );
    let json = serde_json::to_value(&d).expect("serializes");
    assert_eq!(json["at"], "answer");
    let d = divergence(At::Event("operation 3, round 2".into()), named("x"), "x");
    let json = serde_json::to_value(&d).expect("serializes");
    assert_eq!(json["at"], "operation 3, round 2");
    // The fault is not part of a failure's JSON.
    let f = Failure::fault(
        Side::UnderTest,
        "optimized",
        &Fault::MemoryLimit { limit_mb: 64 },
    );
    let json = serde_json::to_value(&f).expect("serializes");
    let keys: Vec<&str> = json
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["divergence", "engine", "expected", "got", "kind", "what"]
    );
}

fn named(words: &'static str) -> Difference {
    Difference::named(words)
}

/// The token-level difference of two answers, as the comparison of answers makes it.
fn tokens(want: &str, got: &str) -> Difference {
    Difference::Tokens(compare_tokens(want, got).expect_err("they differ"))
}

fn divergence(at: At, event: Difference, what: &str) -> Divergence {
    Divergence {
        at,
        event,
        what: what.into(),
        a_view: String::new(),
        b_view: String::new(),
        context: serde_json::json!({}),
    }
}

fn mismatch(at: At, event: Difference, what: &str, got: Option<&str>) -> Failure {
    let whole = format!("{at}: {what}");
    Failure::mismatch(
        whole,
        Some(divergence(at, event, what)),
        None,
        got.map(str::to_string),
    )
}

/// The signature as it was computed before failures kept their fault: by reading the text of
/// `what` that the panic hook and the fault's words formatted. Every saved report holds
/// signatures made this way, so the structured one must give the same bytes.
fn by_text(f: &Failure) -> String {
    let kind = f.kind.describe();
    let engine = f.engine.as_deref().unwrap_or("");
    match f.kind {
        Kind::Mismatch => {
            let detail = match &f.divergence {
                Some(d) if d.at.to_string() == "answer" && f.got.is_some() => {
                    let head = head_of(&d.what);
                    let token_level = head.starts_with("token ")
                        || head.starts_with("output ends early")
                        || head.starts_with("unexpected extra output");
                    if token_level {
                        "wrong answer".to_string()
                    } else {
                        head
                    }
                }
                Some(d) => head_of(&d.what),
                None => head_of(&f.what),
            };
            format!("{kind}: {detail}")
        }
        Kind::Crash => {
            let rest = f.what.strip_prefix(engine).unwrap_or(&f.what);
            if let Some(message) = rest.strip_prefix(" panicked: ") {
                match message.rsplit_once(" at ") {
                    Some((_, place)) => {
                        let file = match place.rsplit_once(':') {
                            Some((file, line)) if line.bytes().all(|b| b.is_ascii_digit()) => file,
                            _ => place,
                        };
                        format!("{kind}: {engine} panicked at {file}")
                    }
                    None => format!("{kind}: {engine} panicked"),
                }
            } else if let Some(status) = rest.strip_prefix(" runtime error: ") {
                let status = status.split(" (stderr: ").next().unwrap_or(status);
                format!("{kind}: {engine} runtime error: {}", status.trim())
            } else {
                format!("{kind}: {engine}")
            }
        }
        Kind::TimeLimit | Kind::MemoryLimit | Kind::Malformed | Kind::Trusted => {
            format!("{kind}: {engine}")
        }
    }
}

/// The text up to the first `:` or `;`, trimmed, with every number as `N`: how the kind of a
/// difference was read from its words.
fn head_of(what: &str) -> String {
    crate::roles::difference::numbered(what.split([':', ';']).next().unwrap_or(what))
}

/// Asserts the signature of `f` is `want`, and what reading its text gave.
fn pinned(f: &Failure, want: &str) {
    assert_eq!(f.signature(), want, "{f:?}");
    assert_eq!(by_text(f), want, "{f:?}");
}

#[test]
fn mismatch_signatures_name_the_kind_of_difference_not_the_case() {
    let event = |s: &str| At::Event(s.into());
    let removed = mismatch(
        event("operation 3, round 2"),
        named("removed cells differ"),
        "removed cells differ: reference 6 cells, planted 5",
        None,
    );
    pinned(&removed, "mismatch: removed cells differ");
    let other_case = mismatch(
        event("operation 1, round 1"),
        named("removed cells differ"),
        "removed cells differ: reference 9 cells, planted 2",
        None,
    );
    assert_eq!(other_case.signature(), removed.signature());
    let moves = mismatch(
        event("move 4"),
        named("reference plays (1 2), optimized plays (3 4)"),
        "reference plays (1 2), optimized plays (3 4)",
        None,
    );
    pinned(
        &moves,
        "mismatch: reference plays (N N), optimized plays (N N)",
    );
    // Two traced outcomes whose answers differ.
    let answers = mismatch(
        At::Answer,
        named("answer differs"),
        "answer differs: token 1: expected `3`",
        None,
    );
    pinned(&answers, "mismatch: answer differs");
    // No divergence: the engines agree, not with the answer beside a saved case.
    let why = Differs::from(compare_tokens("7\n", "8\n").expect_err("they differ"));
    let beside = Failure::unexpected(&why, "8\n".into());
    assert!(beside.divergence.is_none());
    pinned(
        &beside,
        "mismatch: the engines agree but not with the expected answer beside the case (expected",
    );
}

#[test]
fn a_judged_answer_is_a_wrong_answer_at_token_level_else_the_judges_words() {
    let judged = mismatch(
        At::Answer,
        tokens("11692\n", "0\n"),
        "token 1: expected `11692`, got `0`",
        Some("0\n"),
    );
    pinned(&judged, "mismatch: wrong answer");
    let early = mismatch(
        At::Answer,
        tokens("1 3\n", "1"),
        "output ends early: expected `3` as token 2",
        Some(""),
    );
    pinned(&early, "mismatch: wrong answer");
    let extra = mismatch(
        At::Answer,
        tokens("1 2 3", "1 2 3 9"),
        "unexpected extra output at token 4: `9`",
        Some("1 2 3 9"),
    );
    pinned(&extra, "mismatch: wrong answer");
    let judge = mismatch(
        At::Answer,
        named("move 3 is not legal"),
        "move 3 is not legal: (2 2) is taken",
        Some("1 1\n2 2\n"),
    );
    pinned(&judge, "mismatch: move N is not legal");
    // An event named like the answer is still an event.
    let named = mismatch(
        At::Event("answer".into()),
        tokens("x", "0"),
        "token 1: x",
        Some("0"),
    );
    assert_eq!(named.signature(), "mismatch: token N");
}

#[test]
fn crash_signatures_keep_the_file_of_a_panic_and_the_status_of_an_exit() {
    let with_place = Failure::fault(
        Side::UnderTest,
        "optimized",
        &Fault::Panic {
            message: "attempt to add with overflow".into(),
            place: Some(Place {
                file: "engine/src/texas/line.rs".into(),
                line: 120,
            }),
        },
    );
    assert_eq!(
        with_place.what,
        "optimized panicked: attempt to add with overflow at engine/src/texas/line.rs:120"
    );
    pinned(
        &with_place,
        "crash: optimized panicked at engine/src/texas/line.rs",
    );
    let caught = Failure::fault(
        Side::UnderTest,
        "planted",
        &catching_fault(|| panic!("boom: {}", 7)).unwrap_err(),
    );
    assert!(
        caught
            .signature()
            .starts_with("crash: planted panicked at ")
            && caught.signature().ends_with("verdict/tests.rs"),
        "{}",
        caught.signature()
    );
    assert_eq!(by_text(&caught), caught.signature());
    let without_place = Failure::fault(
        Side::UnderTest,
        "optimized",
        &Fault::Panic {
            message: "unknown panic".into(),
            place: None,
        },
    );
    assert_eq!(without_place.what, "optimized panicked: unknown panic");
    pinned(&without_place, "crash: optimized panicked");
    let exited = Failure::fault(
        Side::UnderTest,
        "program ./sol",
        &Fault::RuntimeError {
            status: "exit status 3".into(),
            stderr: Some("oops at line 9".into()),
            output: String::new(),
        },
    );
    assert_eq!(
        exited.what,
        "program ./sol runtime error: exit status 3 (stderr: oops at line 9)"
    );
    pinned(&exited, "crash: program ./sol runtime error: exit status 3");
    let signalled = Failure::fault(
        Side::UnderTest,
        "program ./sol",
        &Fault::RuntimeError {
            status: "killed by signal 11".into(),
            stderr: None,
            output: String::new(),
        },
    );
    assert_eq!(
        signalled.what,
        "program ./sol runtime error: killed by signal 11"
    );
    pinned(
        &signalled,
        "crash: program ./sol runtime error: killed by signal 11",
    );
}

#[test]
fn limits_and_malformed_output_are_the_kind_and_the_engine() {
    let hang = Failure::fault(
        Side::UnderTest,
        "program ./sol",
        &Fault::TimeLimit {
            limit_ms: 2000,
            what: "CPU time, used 2001 ms".into(),
        },
    );
    pinned(&hang, "time limit: program ./sol");
    let memory = Failure::fault(
        Side::UnderTest,
        "program ./sol",
        &Fault::MemoryLimit { limit_mb: 64 },
    );
    pinned(&memory, "memory limit: program ./sol");
    let malformed = Failure::fault(
        Side::UnderTest,
        "program ./sol",
        &Fault::Malformed {
            why: "output is not UTF-8 text".into(),
            output: "\u{fffd}".into(),
        },
    );
    assert_eq!(malformed.got.as_deref(), Some("\u{fffd}"));
    pinned(&malformed, "malformed output: program ./sol");
}

#[test]
fn an_interrupted_run_is_no_failure() {
    let v = Verdict::Interrupted("program ./sol".into());
    assert!(v.failure().is_none());
    assert!(v.into_failure().is_none());
    let f = Failure::fault(Side::UnderTest, "x", &Fault::MemoryLimit { limit_mb: 1 });
    assert!(Verdict::Fails(Box::new(f)).failure().is_some());
    assert!(Verdict::Agree.into_failure().is_none());
}

#[test]
fn the_side_is_a_type_and_the_kind_of_a_difference_is_data() {
    // Two engines of one name: the same words, not the same failure.
    let fault = Fault::MemoryLimit { limit_mb: 64 };
    let a = Failure::fault(Side::Trusted, "reference", &fault);
    let b = Failure::fault(Side::UnderTest, "reference", &fault);
    assert_eq!(a.signature(), b.signature());
    assert!(!a.same_kind(&b) && b.same_kind(&b.clone()));
    let json = serde_json::to_value([Side::Trusted, Side::UnderTest, Side::Judge, Side::Harness])
        .expect("serializes");
    assert_eq!(
        json,
        serde_json::json!(["trusted", "under_test", "judge", "harness"])
    );
    // The kind is read, not the words: words that say otherwise do not change it.
    let f = mismatch(
        At::Event("move 2".into()),
        named("hands differ"),
        "other words: 3",
        None,
    );
    assert_eq!(f.signature(), "mismatch: hands differ");
    // A judge's kind for a judged answer, numbers as N.
    let judged = mismatch(
        At::Answer,
        named("move 3 (2 2)"),
        "move 3 (2 2): illegal for X",
        Some("1 1\n"),
    );
    assert_eq!(judged.signature(), "mismatch: move N (N N)");
    // Token-level differences of answers that are not a program's read as their kind.
    let traced = mismatch(At::Answer, tokens("1 2", "1"), "output ends early", None);
    assert_eq!(traced.signature(), "mismatch: output ends early");
    // A mismatch of no kind is the verdict kind alone.
    let bare = Failure::mismatch("x: y".into(), None, None, None);
    assert_eq!(bare.signature(), "mismatch");
}
