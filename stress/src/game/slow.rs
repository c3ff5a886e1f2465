//! How long a solution runs, and what a run past its CPU limit says. A run is measured to
//! completion up to [`CAP`] times the limit, so a time limit says what the solution needed ("used
//! 2,340 ms, ran to completion") or that it needed more than the cap, not only the moment it was
//! stopped. A shrink candidate is too slow only at [`MARGIN`] times the limit or more: a slow input
//! shrinks while it stays well past the limit, so its saved repro fails on any judge, not only on
//! a machine as fast as this one at this moment.

use crate::game::kind::Answer;
use harness::roles::engine::Output;
use harness::roles::verdict::Fault;
use std::time::Duration;
use supervise::{Execution, Limit, Limits};

/// A solution's run is stopped at this many times its CPU limit.
pub const CAP: u32 = 3;

/// A shrink candidate keeps a time limit only at this many times the limit or more.
pub const MARGIN: u32 = 2;

/// The limits a solution runs under: the problem's, with the CPU limit (and the wall-clock guard
/// derived from it) raised to the cap.
pub fn measured(limits: &Limits) -> Limits {
    limits.with_cpu(limits.cpu.saturating_mul(CAP))
}

/// The verdict of a solution's run made under [`measured`] limits, against the problem's
/// `limits`; `candidate`: the case is a shrink candidate (it must stay [`MARGIN`] times past).
pub fn judged(exec: Execution, limits: &Limits, candidate: bool) -> Result<Output<Answer>, Fault> {
    let limit = limits.cpu;
    let over = |d: Duration| Fault::TimeLimit {
        limit_ms: ms(limit),
        what: d_text(d, &exec),
    };
    if exec.interrupted {
        return harness::programs::judge::classify(exec, limits);
    }
    if exec.limit == Some(Limit::Cpu) {
        return Err(over(exec.cpu));
    }
    let needed = if candidate {
        limit.saturating_mul(MARGIN)
    } else {
        limit
    };
    if exec.limit.is_none() && exec.cpu > needed {
        return Err(over(exec.cpu));
    }
    harness::programs::judge::classify(exec, limits)
}

/// What a time limit says of a run that used `cpu`.
fn d_text(cpu: Duration, exec: &Execution) -> String {
    match exec.limit {
        Some(Limit::Cpu) => format!(
            "CPU time, more than {} ms: stopped at {CAP}x the limit",
            ms(cpu)
        ),
        _ => format!("CPU time, used {} ms, ran to completion", ms(cpu)),
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::program::tests::ended;
    use supervise::Ending;

    fn run(cpu_ms: u64, limit: Option<Limit>) -> Execution {
        let mut e = ended(Ending::Exited(0), limit, "");
        e.stdout = b"42\n".to_vec();
        e.cpu = Duration::from_millis(cpu_ms);
        e
    }

    #[test]
    fn a_run_is_measured_to_the_cap_and_a_candidate_needs_the_margin() {
        let limits = Limits::from_cpu(Duration::from_millis(1000));
        assert_eq!(measured(&limits).cpu, Duration::from_millis(3000));
        let within = judged(run(900, None), &limits, false);
        assert!(
            matches!(within, Ok(Output::Answer(ref a)) if a == "42\n"),
            "{within:?}"
        );
        let slow = judged(run(1500, None), &limits, false);
        assert!(
            matches!(&slow, Err(Fault::TimeLimit { limit_ms: 1000, what }) if what.contains("used 1500 ms, ran to completion")),
            "{slow:?}"
        );
        // A candidate at 1.5x the limit is not too slow enough: it does not keep the failure.
        assert!(judged(run(1500, None), &limits, true).is_ok());
        assert!(judged(run(2100, None), &limits, true).is_err());
        let capped = judged(run(3010, Some(Limit::Cpu)), &limits, true);
        assert!(
            matches!(&capped, Err(Fault::TimeLimit { what, .. }) if what.contains("stopped at 3x")),
            "{capped:?}"
        );
    }
}
