//! How a [`Fault`] reads: the one line of a report (`Display`), and the verdict a contest judge
//! gives it, in its words.

use super::verdict::Fault;
use std::fmt;

impl Fault {
    /// The verdict a contest judge gives this fault, in its words (`runtime error`, `output limit
    /// exceeded`...), for a program judged as a contest solution.
    pub(crate) fn contest_words(&self) -> &'static str {
        match self {
            Fault::Panic { .. } | Fault::RuntimeError { .. } | Fault::Interrupted => {
                "runtime error"
            }
            Fault::TimeLimit { .. } => "time limit exceeded",
            Fault::IdlenessLimit { .. } => "idleness limit exceeded",
            Fault::MemoryLimit { .. } => "memory limit exceeded",
            Fault::OutputLimit { .. } => "output limit exceeded",
            Fault::Malformed { .. } => "presentation error",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Panic { message, place } => match place {
                Some(place) => write!(f, "panicked: {message} at {place}"),
                None => write!(f, "panicked: {message}"),
            },
            Fault::TimeLimit { limit_ms, what } => {
                write!(f, "time limit exceeded ({limit_ms} ms; {what})")
            }
            Fault::Interrupted => write!(f, "interrupted"),
            Fault::IdlenessLimit {
                limit_ms,
                wall_ms,
                cpu_ms,
            } => write!(
                f,
                "idleness limit exceeded: still running after {wall_ms} ms of wall-clock time, \
                 {cpu_ms} ms of CPU time (CPU limit {limit_ms} ms)"
            ),
            Fault::MemoryLimit { limit_mb } => write!(f, "memory limit exceeded ({limit_mb} MB)"),
            Fault::OutputLimit { limit_bytes, .. } => {
                write!(f, "output limit exceeded: more than {limit_bytes} bytes")
            }
            Fault::RuntimeError { status, stderr, .. } => match stderr {
                Some(line) => write!(f, "runtime error: {status} (stderr: {line})"),
                None => write!(f, "runtime error: {status}"),
            },
            Fault::Malformed { why, .. } => write!(f, "malformed output: {why}"),
        }
    }
}
