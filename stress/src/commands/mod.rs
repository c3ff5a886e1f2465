//! The command line: `harness stress`, the problem flags of `harness verify`, and `harness replay
//! --problem`, each a plug-in of the harness's registry running the pipeline on the game.

pub mod entry;
pub mod flags;
pub mod polygon;
pub mod replay;
pub mod stress;
pub mod verify;
