//! Problems given by programs (a generator, a brute force, a solution): the pure pieces of
//! `harness stress` and of its `verify`.
//!
//! - [`tape`]: the stream protocol's bounded draws, the tape a generator writes, and the byte
//!   stream that makes a generator draw given values.
//! - [`reduce`]: candidate lists for the harness's greedy shrinker: byte streams, seed generator
//!   calls, and input texts whose format is unknown.
//! - [`enumerate`]: an odometer that lists every small choice sequence of a stream generator, in
//!   order of size.

pub mod enumerate;
pub mod reduce;
pub mod tape;

pub mod case;
pub mod cli;
pub mod engines;
pub mod game;
pub mod interact;
pub mod kind;
pub mod problem;
pub mod program;
pub mod replay;
pub mod repro;
pub mod scope;
pub mod shrinking;
pub mod verify;

/// Adds problems given by programs to a command line: `harness stress`, the problem's flags of
/// `harness verify` (every small input of a stream generator, with a certificate), and
/// `harness replay --problem` (a problem's saved repros).
pub fn register(registry: harness::cli::Registry) -> harness::cli::Registry {
    replay::register(verify::register(cli::register(registry)))
}
