//! A problem given by programs as a game of the harness: its type and outcome, its case (the input
//! with what makes it again), the core's roles, the engines and the judge, how a case shrinks, what
//! a repro says, and the cases of a scope.

pub mod case;
pub mod engines;
pub mod generate;
pub mod guided;
pub mod kind;
pub mod mutate;
pub mod probe;
pub mod repro;
pub mod roles;
pub mod sanitized;
pub mod scope;
pub mod search;
pub mod shrinking;
pub mod slow;

pub use kind::{Answer, Stress};
