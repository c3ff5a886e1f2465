//! The game's type and its outcome: what the roles ([`crate::game::roles`]) and the engines
//! ([`crate::game::engines`]) both name, defined apart so that the roles can build the engines
//! without the engines importing the roles.

/// The game of problems given by programs (`harness stress`); its roles are in
/// [`crate::game::roles`].
pub struct Stress;

/// What the reference printed: the expected answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer(pub String);
