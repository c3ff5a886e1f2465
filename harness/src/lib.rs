//! The differential-testing harness: seeded generators, engines behind one trait, the diff oracle,
//! the batch loop with its watchdog, the shrinker, the judge for external programs, benchmarks and
//! the bodies of the fuzz targets. It knows no game: each game is a plug-in registered with a
//! [`Registry`](crate::cli::Registry) (the built-in ones in the `games` crate, registered by the `harness` binary).
//!
//! # What is public
//!
//! The public surface is what a user's game (`games`, `examples/own-game`), engine
//! (`examples/own-engine`), plug-in (`stress`), binary (`cli`) or fuzz target reaches:
//!
//! - [`prelude`]: the roles a game implements and the types its protocol and engines are written
//!   with, in one `use harness::prelude::*;`;
//! - [`roles`]: those roles one by one (`game`, `scope`, `coverage`, `verdict`, `source`,
//!   `html`, `difference`, `compare`, `grid`, `engine`, `oracle`), and `engine_entry!`;
//! - [`rng`]: the seeded generators (`rng`, `case_seed`, `mix`);
//! - [`cli`]: the [`Registry`](crate::cli::Registry) a binary registers its games, engines and
//!   plug-ins with, and the flag groups and helpers a plug-in's command reuses;
//! - [`run`], [`proof`], [`render`], [`programs`], [`timing`]: a run's plan, pipeline, batch and
//!   summary, bounded verification and its shards, reports and pages, the external-program judge,
//!   for a plug-in's commands and a game's own tests and benches;
//! - [`fuzz`]: the bodies of the fuzz targets; `gate` (feature `gate`): the mutation and scope
//!   gates.
//!
//! Within those modules an item is `pub` only when another crate uses it or a public signature
//! shows it; everything else is `pub(crate)`, free to change with the harness.
//! `scripts/pub-surface.sh` counts what is public.

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
