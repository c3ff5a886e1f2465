//! Every small input of a stream generator (`harness stress --scope 'draws<=D,values<=V'`): the
//! odometer ([`crate::enumerate`]) lists every sequence of the generator's first `D` draws with
//! values up to `V` (the generator's tape telling each draw's bound), the generator runs once per
//! sequence, and the distinct inputs (an input two sequences make is counted once) become the
//! run's cases, checked through the pipeline like generated ones.

use crate::case::{Case, Made, Source};
use crate::enumerate::{Bounds, Odometer, Visit};
use crate::game::Stress;
use harness::run::cases::{Cases, Origin};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Parses `draws<=D,values<=V` (`=` is taken for `<=`; both parts are needed).
pub fn parse(expr: &str) -> Result<Bounds, String> {
    let (mut draws, mut values) = (None, None);
    for part in expr.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once("<=")
            .or_else(|| part.split_once('='))
            .ok_or_else(|| format!("--scope `{part}`: expected NAME<=N (draws, values)"))?;
        let n: u64 = value
            .trim()
            .parse()
            .map_err(|_| format!("--scope `{part}`: `{}` is not a whole number", value.trim()))?;
        match name.trim() {
            "draws" => draws = Some(usize::try_from(n).map_err(|_| "--scope: too many draws")?),
            "values" => values = Some(n),
            other => return Err(format!("--scope: unknown bound `{other}` (draws, values)")),
        }
    }
    match (draws, values) {
        (Some(max_draws), Some(max_value)) => Ok(Bounds {
            max_draws,
            max_value,
        }),
        _ => Err(format!(
            "--scope `{expr}`: give both bounds, e.g. draws<=4,values<=2"
        )),
    }
}

/// The enumerated inputs of a scope.
pub struct Enumerated {
    /// The scope's expression, as given.
    pub scope: String,
    /// The trimmed stream of each distinct input, in the odometer's order.
    pub streams: Vec<Vec<u8>>,
    /// Sequences listed, and runs that were probes.
    pub sequences: u64,
    pub probes: u64,
}

/// Runs the odometer to its end: every sequence within `bounds` generated once (with its tape),
/// the distinct inputs kept. An error when the generator fails, writes no tape, or draws
/// differently from the same bytes; `stop` (an interrupt) ends it early with an error.
pub fn enumerate(scope: &str, bounds: Bounds, stop: &AtomicBool) -> Result<Enumerated, String> {
    let mut odometer = Odometer::new(bounds);
    let mut seen = HashSet::new();
    let mut streams = Vec::new();
    while let Some(stream) = odometer.next_stream() {
        if stop.load(Relaxed) {
            return Err("interrupted while enumerating the scope".into());
        }
        let case = Case::candidate(Source::Stream(stream.clone()));
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
    })
}

impl Cases<Stress> for Enumerated {
    fn len(&self) -> u64 {
        self.streams.len() as u64
    }

    fn case(&self, index: u64) -> Option<Case> {
        let stream = self.streams.get(usize::try_from(index).ok()?)?;
        Some(Case::candidate(Source::Stream(stream.clone())))
    }

    fn origin(&self, index: u64) -> Origin {
        Origin::Scope {
            scope: self.scope.clone(),
            index,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_names_both_bounds() {
        let b = parse("draws<=4, values<=2").unwrap();
        assert_eq!((b.max_draws, b.max_value), (4, 2));
        assert_eq!(parse("values=1,draws=3").unwrap().max_draws, 3);
        assert!(parse("draws<=4").unwrap_err().contains("both bounds"));
        assert!(parse("depth<=4,values<=1")
            .unwrap_err()
            .contains("unknown bound"));
        assert!(parse("draws<=x,values<=1")
            .unwrap_err()
            .contains("not a whole number"));
    }
}
