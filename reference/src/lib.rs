//! The reference engines: naive, obviously right, written to read like the rules.

#![forbid(unsafe_code)]

pub mod mayan;
pub mod nogo;
pub mod texas;
