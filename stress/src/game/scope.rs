//! Every small input of a stream generator (`harness stress --scope 'draws<=D,values<=V'`): the
//! odometer ([`crate::protocol::enumerate`]) lists every sequence of the generator's first `D`
//! draws with values up to `V` (the generator's tape telling each draw's bound), the generator runs
//! once per sequence, and the distinct inputs (an input two sequences make is counted once) become
//! the run's cases, checked through the pipeline like generated ones.

use crate::game::case::{Case, Installed, Made, Source};
use crate::game::kind::Stress;
use crate::protocol::enumerate::{Bounds, Odometer, Visit};
use harness::roles::scope::{Expr, Scope, ScopeError};
use harness::run::cases::{Cases, Origin};
use std::collections::HashSet;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// Parses `draws<=D,values<=V` in the harness's scope syntax ([`harness::roles::scope::Expr`]: `=` is
/// taken for `<=`, since the sequences of fewer draws or smaller values are in either); both
/// bounds are needed. An error names the token at fault.
pub fn parse(expr: &str) -> Result<Bounds, ScopeError> {
    let mut e = Expr::parse(expr)?;
    let draws = e.take("draws", 0..=u64::from(u32::MAX), 0..=u64::MAX)?;
    let values = e.take("values", 0..=u64::MAX - 1, 0..=u64::MAX)?;
    e.finish(&["draws", "values"])?;
    let bound = |r: std::ops::RangeInclusive<u64>, key: &str| -> Result<u64, ScopeError> {
        match (*r.start(), *r.end()) {
            (_, u64::MAX) => Err(ScopeError::new(
                expr.trim(),
                format!("give both bounds, e.g. draws<=4,values<=2 (`{key}` is missing)"),
            )),
            (0, end) => Ok(end),
            (start, end) if start == end => Ok(end),
            _ => Err(ScopeError::new(
                expr.trim(),
                format!("`{key}` takes an upper bound (`{key}<=N`), not a range"),
            )),
        }
    };
    let max_draws = bound(draws, "draws")?;
    Ok(Bounds {
        max_draws: usize::try_from(max_draws)
            .map_err(|_| ScopeError::new(expr.trim(), "too many draws"))?,
        max_value: bound(values, "values")?,
    })
}

/// The canonical form of `bounds`, as certificates name the scope.
pub fn canonical(bounds: Bounds) -> String {
    format!("draws<={},values<={}", bounds.max_draws, bounds.max_value)
}

/// The enumerated inputs of a scope.
pub struct Enumerated {
    /// The scope's expression, as given.
    pub scope: String,
    /// The trimmed stream of each distinct input, in the odometer's order.
    pub streams: Vec<Vec<u8>>,
    /// Sequences listed, and runs that were probes.
    pub sequences: u64,
    /// Runs of the generator that only learned the shape of its draws (listed before).
    pub probes: u64,
    /// The bounds enumerated.
    pub bounds: Bounds,
    /// The programs that make and check the inputs, with their content hashes (for the
    /// certificate; `null` when not given).
    pub programs: serde_json::Value,
    /// The problem the inputs are of.
    installed: Arc<Installed>,
}

/// Runs the odometer to its end: every sequence within `bounds` generated once (with its tape) by
/// the generator of `installed`, the distinct inputs kept. An error when the generator fails,
/// writes no tape, or draws differently from the same bytes; the run's stop flag (an interrupt)
/// ends it early with an error.
pub fn enumerate(
    installed: &Arc<Installed>,
    scope: &str,
    bounds: Bounds,
) -> Result<Enumerated, String> {
    let mut odometer = Odometer::new(bounds);
    let mut seen = HashSet::new();
    let mut streams = Vec::new();
    while let Some(stream) = odometer.next_stream() {
        if installed.stop.load(Relaxed) {
            return Err("interrupted while enumerating the scope".into());
        }
        let case = Case::candidate(installed, Source::Stream(stream.clone()));
        let (text, tape) = match case.made() {
            Made::Input { text, tape } => (text, tape),
            Made::Rejected(why) => return Err(format!("on the stream {stream:02x?}: {why}")),
        };
        let tape = tape.as_ref().ok_or(
            "the generator wrote no tape (STRESS_TAPE): enumerating needs a generator that uses \
             the kit (stress.h, stress_random.py)",
        )?;
        let visit = odometer
            .record(tape)
            .map_err(|e| format!("on the stream {stream:02x?}: {e}"))?;
        if visit == Visit::New && seen.insert(text.clone()) {
            streams.push(stream);
        }
    }
    Ok(Enumerated {
        scope: scope.to_string(),
        streams,
        sequences: odometer.visited(),
        probes: odometer.probes(),
        bounds,
        programs: serde_json::Value::Null,
        installed: Arc::clone(installed),
    })
}

impl Cases<Stress> for Enumerated {
    fn len(&self) -> u64 {
        self.streams.len() as u64
    }

    fn case(&self, index: u64) -> Option<Case> {
        crate::game::case::listed(&self.installed, &self.streams, index)
    }

    fn origin(&self, index: u64) -> Origin {
        Origin::Scope {
            scope: self.scope.clone(),
            index,
        }
    }
}

/// The enumerated inputs as a bounded scope of the harness (`harness verify`): index `i` is the
/// `i`-th distinct input in the odometer's order; no index is skipped.
impl Scope<Case> for Enumerated {
    fn canonical(&self) -> String {
        canonical(self.bounds)
    }

    fn params(&self) -> Vec<(String, String)> {
        vec![
            ("draws".into(), format!("<={}", self.bounds.max_draws)),
            ("values".into(), format!("<={}", self.bounds.max_value)),
        ]
    }

    fn len(&self) -> u64 {
        self.streams.len() as u64
    }

    fn case(&self, index: u64) -> Option<Case> {
        Cases::<Stress>::case(self, index)
    }

    fn source(&self) -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "programs": self.programs,
            "choice_sequences": self.sequences,
            "probe_runs": self.probes,
            "distinct_inputs": self.streams.len(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_names_both_bounds_and_a_bad_token() {
        let b = parse("draws<=4, values<=2").unwrap();
        assert_eq!((b.max_draws, b.max_value), (4, 2));
        assert_eq!(canonical(b), "draws<=4,values<=2");
        assert_eq!(parse("values=1,draws=3").unwrap().max_draws, 3);
        let e = parse("draws<=4").unwrap_err();
        assert!(e.why.contains("both bounds"), "{e}");
        let e = parse("depth<=4,values<=1").unwrap_err();
        assert_eq!(e.token, "depth<=4");
        assert!(e.why.contains("unknown parameter"), "{e}");
        let e = parse("draws<=x,values<=1").unwrap_err();
        assert_eq!(e.token, "draws<=x");
        assert!(e.why.contains("not a whole number"), "{e}");
        let e = parse("draws=1..3,values<=1").unwrap_err();
        assert!(e.why.contains("upper bound"), "{e}");
    }
}
