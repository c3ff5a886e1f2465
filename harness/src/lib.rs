//! The differential-testing harness: seeded generators, the diff oracle, the shrinker, the judge for
//! external programs, benchmarks and the bodies of the fuzz targets. The `harness` binary is a thin
//! command line over this library.

pub mod game;
pub mod games;
pub mod rng;

pub use game::{Divergence, EngineKind, Game, Profile};
