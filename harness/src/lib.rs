//! The differential-testing harness: seeded generators, the diff oracle, the shrinker, the judge for
//! external programs, benchmarks and the bodies of the fuzz targets. The `harness` binary is a thin
//! command line over this library.

pub mod bench;
pub mod diff;
pub mod fuzz;
pub mod game;
pub mod games;
pub mod interrupt;
pub mod judge;
pub mod oracle;
pub mod process;
pub mod replay;
pub mod report;
pub mod rng;
pub mod shrink;
pub mod source;

pub use game::{Divergence, EngineKind, Game, Profile};
