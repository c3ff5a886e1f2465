//! The stream protocol and what works on it without running a program: the draws a generator
//! makes from its bytes and the tape it writes, the shrinker's candidate lists, and the odometer
//! over small choice sequences. Pure functions of their input; nothing here starts a process.

pub mod enumerate;
pub mod reduce;
pub mod tape;
