//! The built-in games, each a plug-in of the harness shaped like a user's own game
//! (`examples/own-game`): its format, generators, shrinker, comparison, coverage, scopes and page
//! in one module, written against the harness's public API alone. The engines stay in their own
//! crates (`engine` for the optimized ones, `reference` for the naive ones, `model` for the shared
//! types), so that the two share no code by construction.
//!
//! The `harness` binary is `games::builtin(harness::cli::Registry::new()).main()`.

pub mod mayan;
pub use mayan::Mayan;
pub mod nogo;
pub use nogo::Nogo;
pub mod texas;
pub use texas::Texas;

/// Registers the built-in games (texas, mayan, nogo), one line each, exactly as a user's crate
/// registers its own.
pub fn builtin(registry: harness::cli::Registry) -> harness::cli::Registry {
    registry.game::<Texas>().game::<Mayan>().game::<Nogo>()
}
