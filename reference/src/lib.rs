//! The reference engines: naive, obviously right, written to read like the rules.

pub mod mayan;
pub mod nogo;
pub mod texas;
