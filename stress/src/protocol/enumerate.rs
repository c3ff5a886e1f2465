//! Every small input of a stream generator: an odometer over its draws, as TigerBeetle's
//! exhaustigen does, the generator's tape telling it each draw's bound.
//!
//! **What is listed.** A *sequence* is the values of one run's draws. Within [`Bounds`], each of
//! the first `max_draws` draws takes a value in `0..min(n, max_value + 1)` (a draw with `n = 1`
//! has one value, `n = 0` stands for 2^64) and every later draw takes 0. Since a draw's bound may
//! depend on the values before it (`n`, then `n` values), the odometer learns the tree as it goes:
//! the bounds of the draws of a run with given first values are the same for every run with the
//! same first values (a generator is a function of its stream).
//!
//! **Order.** By size: first by the largest value in the sequence, then lexicographically (a
//! sequence padded with zeros; smaller values first at the first draw where two differ). So the
//! empty stream (all zeros) comes first, then every sequence of zeros and ones, and so on.
//!
//! **Exactly once, and probes.** Every sequence within bounds is a [`Visit::New`] exactly once.
//! To list the sequences whose largest value is `m` in order, the odometer runs through every
//! sequence of values up to `m`; those whose largest value is below `m` were listed before, and
//! their runs are [`Visit::Probe`]s: needed to learn the tree's shape, not new inputs. There are as
//! many probes at level `m` as sequences below it (less the all-zero one, whose tape is kept), a
//! small share of the sequences at level `m` when runs draw more than a few values.
//!
//! **Use.** Call [`Odometer::next_stream`], run the generator on that stream with a tape, pass the
//! tape to [`Odometer::record`]; check the input when it says [`Visit::New`]; stop when
//! `next_stream` gives `None`.

use crate::protocol::tape::{encode, Draw, Tape};
use std::fmt;

/// How far the enumeration goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Draws that vary: later draws are 0.
    pub max_draws: usize,
    /// The largest value of a draw (less for a draw with fewer values).
    pub max_value: u64,
}

/// What the run just recorded was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// A sequence not listed before: its input should be checked.
    New,
    /// A sequence listed before, run again to learn the bounds of its draws.
    Probe,
}

/// A run that [`Odometer::record`] cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The enumeration had finished: there was no stream to run.
    Finished,
    /// The run did not draw what the stream was made for: the generator draws differently from
    /// the same bytes (it is not a function of its stream).
    Mismatch {
        /// Which draw, from 0.
        draw: usize,
        /// What the stream was made to draw (from an earlier run's bounds).
        expected: Draw,
        /// What the run drew there (`None`: it drew fewer values).
        found: Option<Draw>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Finished => write!(f, "the enumeration has finished"),
            RecordError::Mismatch {
                draw,
                expected,
                found,
            } => {
                let found = match found {
                    Some(d) => format!("value {} of {} values", d.value, d.n),
                    None => "nothing (the run drew fewer values)".into(),
                };
                write!(
                    f,
                    "draw {draw}: the stream was made to draw value {} of {} values, the \
                     generator drew {found}; it must draw the same way from the same bytes",
                    expected.value, expected.n
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// The odometer: which stream to run next, from what the runs so far drew.
#[derive(Debug, Clone)]
pub struct Odometer {
    bounds: Bounds,
    /// The largest value of the sequences listed now.
    level: u64,
    /// The values the next run draws first (with their bounds); later draws are 0.
    target: Vec<Draw>,
    /// The draws of the all-zero run, once recorded.
    zero: Option<Vec<Draw>>,
    done: bool,
    visited: u64,
    probes: u64,
}

impl Odometer {
    /// An odometer at its start: the empty stream.
    pub fn new(bounds: Bounds) -> Self {
        Self {
            bounds,
            level: 0,
            target: Vec::new(),
            zero: None,
            done: false,
            visited: 0,
            probes: 0,
        }
    }

    /// The stream to run next (the same until [`Odometer::record`]), `None` once every sequence
    /// within bounds has been listed.
    pub fn next_stream(&mut self) -> Option<Vec<u8>> {
        (!self.done).then(|| encode(&self.target))
    }

    /// Takes the tape of a run of the stream [`Odometer::next_stream`] gave, and moves on.
    pub fn record(&mut self, tape: &Tape) -> Result<Visit, RecordError> {
        if self.done {
            return Err(RecordError::Finished);
        }
        for (draw, &expected) in self.target.iter().enumerate() {
            let found = tape.draws.get(draw).copied();
            if found != Some(expected) {
                return Err(RecordError::Mismatch {
                    draw,
                    expected,
                    found,
                });
            }
        }
        let top = self.target.iter().map(|d| d.value).max().unwrap_or(0);
        let visit = if top == self.level {
            self.visited += 1;
            Visit::New
        } else {
            self.probes += 1;
            Visit::Probe
        };
        if self.zero.is_none() {
            self.zero = Some(tape.draws.clone());
        }
        self.advance(&tape.draws);
        Ok(visit)
    }

    /// Sequences listed ([`Visit::New`]) so far.
    pub fn visited(&self) -> u64 {
        self.visited
    }

    /// Runs that were [`Visit::Probe`]s so far.
    pub fn probes(&self) -> u64 {
        self.probes
    }

    /// True once every sequence within bounds has been listed.
    pub fn finished(&self) -> bool {
        self.done
    }

    /// The largest value of the sequences listed now.
    pub fn level(&self) -> u64 {
        self.level
    }

    /// Moves the target to the next sequence in order after the run that drew `draws`: the last
    /// draw that can still go up goes up by one and every later one goes to 0; when none can, the
    /// next level starts again from the all-zero run.
    fn advance(&mut self, draws: &[Draw]) {
        let mut draws = draws.to_vec();
        loop {
            if let Some(j) = self.last_turnable(&draws) {
                let next = self.value_at(j) + 1;
                let mut target: Vec<Draw> = (0..j)
                    .map(|p| Draw {
                        value: self.value_at(p),
                        ..draws[p]
                    })
                    .collect();
                target.push(Draw {
                    value: next,
                    ..draws[j]
                });
                self.target = target;
                return;
            }
            if self.level >= self.bounds.max_value {
                self.done = true;
                return;
            }
            self.level += 1;
            self.target.clear();
            draws = self.zero.clone().unwrap_or_default();
        }
    }

    /// The value the current target gives draw `p`.
    fn value_at(&self, p: usize) -> u64 {
        self.target.get(p).map_or(0, |d| d.value)
    }

    /// The last of the first `max_draws` draws whose value can still go up at this level.
    fn last_turnable(&self, draws: &[Draw]) -> Option<usize> {
        let varying = draws.len().min(self.bounds.max_draws);
        (0..varying).rev().find(|&p| {
            let n = draws[p].n;
            let values = u128::from(self.level) + 1;
            let cap = if n == 0 {
                values
            } else {
                values.min(u128::from(n))
            };
            u128::from(self.value_at(p)) + 1 < cap
        })
    }
}

#[cfg(test)]
mod tests;
