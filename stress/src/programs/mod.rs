//! The problem's programs and their runs: a command (a program on `PATH` or a source built once)
//! run under the supervisor's limits, the interactive pair, and the problem itself (its file, its
//! flags, every program resolved). Below the game: nothing here names a case or a role.

pub mod generators;
pub mod interact;
pub mod package;
pub mod problem;
pub mod program;
pub mod replay;
pub mod standard;
pub mod testset;
pub mod xml;
