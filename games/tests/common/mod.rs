//! The integration tests' shared helpers: one file for the whole workspace,
//! `cli/tests/common/mod.rs`, attached here (each test file that needs them says `mod common;`).

// Each test binary uses its own part of the helpers.
#![allow(unused_imports)]

#[path = "../../../cli/tests/common/mod.rs"]
mod shared;

pub use shared::*;
