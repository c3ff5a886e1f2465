//! One [`crate::Game`] implementation per game.

pub mod mayan;
pub mod nogo;
pub mod texas;
