//! Every per-case time limit of a run, computed in one place from the one setting that changes
//! them (`--case-timeout`): the batch's limit of an in-process engine, the wall-clock limit of a
//! case run on a thread of its own (a saved case replayed, a shrink candidate), and the limit of
//! the engine under test relative to the trusted engine's time.

use crate::roles::game::Game;
use std::time::Duration;

/// With two in-process engines, the engine under test may take this many times the trusted
/// engine's CPU time on a case (a correct optimized engine is many times faster)...
pub(crate) const RELATIVE_LIMIT: u32 = 20;
/// ...and at least this long (times [`SLOWDOWN`]), within the case's own limit: so a hang of
/// the engine under test is a verdict after a fraction of a second, not after the whole limit.
/// (While a judged program's hang is shrunk, its candidates get the same relative limit:
/// `crate::run::minimize`.)
pub(crate) const RELATIVE_FLOOR: Duration = Duration::from_millis(200);

/// How much slower an unoptimized build runs the engines.
pub const SLOWDOWN: u32 = if cfg!(unoptimized) { 20 } else { 1 };

/// The per-case limits of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Limits {
    /// A fixed per-case limit (`--case-timeout`), else the game's from the case's size.
    pub(crate) case_timeout: Option<Duration>,
}

impl Limits {
    /// The limit of an in-process engine on `case` in the batch (CPU time; stretched in an
    /// unoptimized build).
    pub fn case<G: Game>(&self, case: &G::Case) -> Duration {
        self.case_timeout
            .unwrap_or_else(|| G::time_limit(case) * SLOWDOWN)
    }

    /// The wall-clock limit of `case` run on a thread of its own outside the batch: the batch's
    /// limit doubled (a loaded machine slows a case down in wall-clock time).
    pub(crate) fn wall<G: Game>(&self, case: &G::Case) -> Duration {
        self.case::<G>(case) * 2
    }

    /// Whether engine b's limit in the batch is relative to engine a's time: with no fixed
    /// per-case limit (and two in-process engines, which the caller knows).
    pub(crate) fn relative(&self) -> bool {
        self.case_timeout.is_none()
    }

    /// Engine b's limit in the batch, in nanoseconds, after engine a took `a` nanoseconds:
    /// [`RELATIVE_LIMIT`] times that, at least [`RELATIVE_FLOOR`] (times [`SLOWDOWN`]), at most
    /// the case's `limit`.
    pub(crate) fn relative_nanos(a: u64, limit: u64) -> u64 {
        let floor = u64::try_from((RELATIVE_FLOOR * SLOWDOWN).as_nanos()).unwrap_or(u64::MAX);
        limit.min(a.saturating_mul(u64::from(RELATIVE_LIMIT)).max(floor))
    }

    /// A shrink candidate's limit for a judged program after the trusted engine took `trusted`:
    /// [`RELATIVE_LIMIT`] times that, at least [`RELATIVE_FLOOR`] (the program's own limit caps
    /// it where it runs).
    pub(crate) fn relative_to(trusted: Duration) -> Duration {
        trusted.saturating_mul(RELATIVE_LIMIT).max(RELATIVE_FLOOR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relative_limit_is_bounded_on_both_sides() {
        let floor = u64::try_from((RELATIVE_FLOOR * SLOWDOWN).as_nanos()).unwrap();
        assert_eq!(Limits::relative_nanos(0, u64::MAX), floor);
        assert_eq!(Limits::relative_nanos(floor, u64::MAX), floor * 20);
        assert_eq!(Limits::relative_nanos(floor, floor * 3), floor * 3);
        assert_eq!(
            Limits::relative_to(Duration::from_secs(1)),
            Duration::from_secs(20)
        );
        assert_eq!(Limits::relative_to(Duration::ZERO), RELATIVE_FLOOR);
        let fixed = Limits {
            case_timeout: Some(Duration::from_secs(3)),
        };
        assert!(!fixed.relative() && Limits::default().relative());
    }
}
