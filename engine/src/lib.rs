//! The optimized engines. Each produces exactly the outcome of its twin in `reference`, fast.

#![forbid(unsafe_code)]

pub mod mayan;
pub mod nogo;
pub mod texas;
