//! 2048 as a contest problem: slide, merge, spawn; score, moves that counted, final board.
//!
//! The rules and the text formats are in `RULES.md` beside this crate. The crate holds the case
//! and its formats ([`case`]), the outcome and its per-move events ([`trace`]), two engines that
//! share no rule logic ([`reference`](mod@reference) and [`optimized`]), the generators ([`gen`]) and coverage
//! keys ([`coverage`]).
//!
//! # Engine design
//!
//! The **reference** ([`reference::run`]) reads like the rules: for each row or column it lists
//! the cells from the side the tiles move towards, collects the tiles, puts them down one after
//! another with a "made by a merge" flag, and writes the line back, on `Vec`s of tile values.
//!
//! The **optimized** engine ([`optimized::run`]) works on exponents packed into integers and never
//! allocates per move (unless traced):
//!
//! - A 4x4 board whose tiles are all at most 2^15 is one `u64` of 4-bit exponents. `L` and `R`
//!   look each 16-bit row up in a 65536-entry `u32` table per direction; an entry packs the slid
//!   row, the score and an overflow flag. `U` and `D` transpose the board with a few masked
//!   shifts, use the same tables, and transpose back. Placing the tile is one nibble test and or;
//!   the merges of a traced move are the tiles it took off the board.
//! - Any other board, and a 4x4 board from the move where a merge would make a tile past 2^15 (the
//!   flag), is eight `u64` rows of 8-bit exponents in an 8x8 frame: a row is slid by a tight loop
//!   over its non-empty bytes, `R` reverses rows with a byte swap, and `U`/`D` transpose the 8x8
//!   byte matrix. Exponents up to 255 fit a byte, so every tile a valid case can make (below 2^37;
//!   a case built in code starts from tiles of at most 2^30) is exact; scores are `u64`.
//!
//! The tables are built once per process (`OnceLock`) by running the byte engine's line rule over
//! every 4-cell row, so the optimized engine states the rule once. [`optimized::run_planted`] is the
//! same engine on tables built with a planted bug, for testing the tests.

pub mod case;
pub mod coverage;
mod game;
pub mod gen;
pub mod optimized;
mod page;
pub mod reference;
pub mod scope;
pub mod scope_built;
pub mod trace;

pub use case::{Board, Case, Dir, Move, Spawn};
pub use game::Game2048;
pub use trace::{Event, Outcome};
