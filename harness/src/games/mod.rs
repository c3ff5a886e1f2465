//! One [`crate::Game`] implementation per game.

pub mod mayan;
pub use mayan::Mayan;
pub mod nogo;
pub use nogo::Nogo;
pub mod texas;
pub use texas::Texas;
