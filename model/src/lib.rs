//! Plain data shared by every engine and tool in the workspace.
//!
//! Per game: the case (what the contest input describes), the outcome (what an engine computes, with
//! enough trace to pin down the first divergence between two engines), and the contest text format
//! (parse with line/column errors, write back). There is no game logic here beyond validation: the
//! optimized and the reference engines each implement the rules on their own, so that a shared helper
//! cannot hide a bug from the differential test.

#![forbid(unsafe_code)]

pub mod mayan;
pub mod nogo;
pub mod texas;
pub mod text;

pub use text::ParseError;
