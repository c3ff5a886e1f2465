//! The differential-testing harness: seeded generators, engines behind one trait, the diff oracle,
//! the batch loop with its watchdog, the shrinker, the judge for external programs, benchmarks and
//! the bodies of the fuzz targets. It knows no game: each game is a plug-in registered with a
//! [`Registry`] (the built-in ones in the `games` crate, registered by the `harness` binary).

pub mod batch;
pub mod bench;
pub mod cases;
pub mod certificate;
pub mod cli;
pub mod compare;
pub mod corpus;
pub mod coverage;
pub mod diff;
pub mod difference;
pub mod engine;
pub mod explain;
pub mod fuzz;
pub mod game;
pub mod gate;
pub mod html;
pub mod interrupt;
pub mod judge;
pub mod limits;
pub mod merge;
pub mod minimize;
pub mod oracle;
pub mod pages;
pub mod plan;
pub mod record;
pub mod replay;
pub mod report;
pub mod rng;
pub mod roles;
pub mod sample;
pub mod saved;
pub mod scope;
pub mod shrink;
pub mod source;
pub mod summary;
pub mod timing;
#[cfg(test)]
mod toy;
pub mod verdict;
pub mod verify;

pub use cli::Registry;
pub use engine::{Engine, Fault, Kind, Output};
pub use game::{Divergence, Game, Names, Profile};
pub use oracle::{Failure, Pair};
/// Running a judged program under limits: the `supervise` crate, re-exported.
pub use supervise as process;
pub use verdict::{At, Side, Verdict};

/// The traits a game's code calls through, and what its protocol is written with:
/// `use harness::prelude::*;` brings every role into scope, so that `MyGame::parse`, `MyGame::size`
/// and the rest resolve, and a game's own roles need no other import of the harness.
pub mod prelude {
    pub use crate::compare::{traced, Traced};
    pub use crate::engine::{Engine, Output};
    pub use crate::engines;
    pub use crate::explain::{Explanation, Part};
    pub use crate::game::{
        Bounded, Check, Coverage, Differs, Divergence, Format, Game, Generate, Names, Profile,
        Shrink,
    };
    pub use crate::oracle::Pair;
    pub use crate::shrink::grid::{self, GridCase};
}
