//! Judging external programs: a program as an engine ([`judge`]), run under limits by the
//! `supervise` crate ([`process`]).

pub mod judge;
/// Running a judged program under limits: the `supervise` crate, re-exported.
pub use supervise as process;
