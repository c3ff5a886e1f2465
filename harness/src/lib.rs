//! The differential-testing harness: seeded generators, engines behind one trait, the diff oracle,
//! the batch loop with its watchdog, the shrinker, the judge for external programs, benchmarks and
//! the bodies of the fuzz targets. It knows no game: each game is a plug-in registered with a
//! [`Registry`](crate::cli::Registry) (the built-in ones in the `games` crate, registered by the `harness` binary).

pub mod cli;
pub mod fuzz;
/// Test support: the mutation and scope gates, behind the `gate` feature (off by default; the test
/// suites that run mutation campaigns enable it through their dev-dependencies).
#[cfg(feature = "gate")]
pub mod gate;
pub mod programs;
pub mod proof;
pub mod render;
pub mod rng;
pub mod roles;
pub mod run;
pub mod timing;
#[cfg(test)]
mod toy;

/// The traits a game's code calls through, and what its protocol and its engines are written with:
/// `use harness::prelude::*;` brings every role into scope, so that `MyGame::parse`, `MyGame::size`
/// and the rest resolve, and a game's own roles need no other import of the harness. Everything
/// else has one public path, in the folder that does it (see ARCHITECTURE.md).
pub mod prelude {
    pub use crate::engines;
    pub use crate::roles::compare::{traced, Traced};
    pub use crate::roles::difference::Differs;
    pub use crate::roles::engine::{Engine, Output};
    pub use crate::roles::game::Game;
    pub use crate::roles::grid::{self, GridCase};
    pub use crate::roles::oracle::Pair;
    pub use crate::roles::verdict::{At, Divergence, Explanation, Fault, Kind, Names, Part, Side};
    pub use crate::roles::{Bounded, Check, Coverage, Format, Generate, Profile, Shrink};
}
