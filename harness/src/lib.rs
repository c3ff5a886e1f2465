//! The differential-testing harness: seeded generators, engines behind one trait, the diff oracle,
//! the batch loop with its watchdog, the shrinker, the judge for external programs, benchmarks and
//! the bodies of the fuzz targets. The `harness` binary is `cli::main()`.

pub mod batch;
pub mod bench;
pub mod cli;
pub mod corpus;
pub mod diff;
pub mod engine;
pub mod fuzz;
pub mod game;
pub mod games;
pub mod html;
pub mod interrupt;
pub mod judge;
pub mod merge;
pub mod oracle;
pub mod process;
pub mod replay;
pub mod report;
pub mod rng;
pub mod shrink;
pub mod source;

pub use engine::{Engine, Fault, Kind, Output};
pub use game::{Divergence, Game, Names, Profile};
pub use oracle::{Failure, Pair};
