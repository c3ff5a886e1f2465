//! The command line: `harness stress`, the problem flags of `harness verify`, `harness replay
//! --problem`, each a plug-in of the harness's registry running the pipeline on the game, and
//! `harness exec`, one program run as a report's lines name it.

pub mod entry;
pub mod exec;
pub mod flags;
pub mod polygon;
pub mod replay;
pub mod stress;
pub mod verify;
