//! Explaining a shrunk repro: which parts of it do not matter to the failure.
//!
//! After shrinking, a case is a fixed point (nothing can be removed), but some of what is left may
//! still be incidental: a cell whose colour could be any other, an operation that could be another
//! one. As in Hypothesis' explain phase, each part of the case is varied on its own
//! ([`crate::roles::Shrink::variants`] lists the variants of each part, every one a valid case);
//! a part whose every variant still fails the same way (the shrinker's predicate) is **free**,
//! and the report shows it: `?` on the text picture of the case, a list in the JSON report.
//! A part that has no variant, or one variant that passes, matters.
//!
//! Deterministic: the parts and their variants are pure functions of the case and the predicate
//! is deterministic; variants are evaluated in parallel, and only the budget can cut it short
//! (`complete` is then false and the parts not reached count as mattering).

use crate::roles::verdict::{Explanation, Free};
use crate::roles::Shrink;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Finds the free parts of `case`: those whose every variant still `fails`. `fails` is the
/// shrinker's predicate (same kind of failure), deterministic.
pub fn explain<G: Shrink>(
    case: &G::Case,
    fails: impl Fn(&G::Case) -> bool + Sync,
    budget: Duration,
) -> Explanation {
    let start = Instant::now();
    let parts = G::variants(case);
    let mut explanation = Explanation {
        free: Vec::new(),
        parts: parts.len(),
        complete: true,
    };
    for part in parts {
        if start.elapsed() > budget {
            explanation.complete = false;
            break;
        }
        if part.variants.is_empty() {
            continue;
        }
        if part.variants.par_iter().all(&fails) {
            explanation.free.push(Free {
                at: part.at,
                label: part.label,
                tried: part.variants.len(),
            });
        }
    }
    explanation
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::verdict::{Part, Where};
    use crate::roles::Format;

    /// A case of three numbers; it "fails" when the first is odd.
    struct Triples;

    impl Format for Triples {
        const NAME: &'static str = "triples";
        type Case = [u8; 3];
        fn parse(_: &[u8]) -> Result<[u8; 3], model::ParseError> {
            Ok([0; 3])
        }
        fn write(_: &[u8; 3]) -> String {
            String::new()
        }
        fn size(_: &[u8; 3]) -> String {
            String::new()
        }
    }

    impl Shrink for Triples {
        fn weight(c: &[u8; 3]) -> u64 {
            c.iter().map(|&x| u64::from(x)).sum()
        }
        fn shrink_candidates(_: &[u8; 3]) -> Vec<[u8; 3]> {
            Vec::new()
        }
        fn variants(c: &[u8; 3]) -> Vec<Part<[u8; 3]>> {
            (0..3)
                .map(|i| Part {
                    at: Where::Cell {
                        row: 0,
                        col: i,
                        value: "number".into(),
                    },
                    label: format!("number {}", i + 1),
                    variants: (0..4u8)
                        .filter(|&v| v != c[i])
                        .map(|v| {
                            let mut d = *c;
                            d[i] = v;
                            d
                        })
                        .collect(),
                })
                .collect()
        }
    }

    #[test]
    fn the_parts_the_failure_does_not_need_are_free() {
        let e = explain::<Triples>(&[1, 2, 3], |c| c[0] % 2 == 1, Duration::from_secs(10));
        assert_eq!(e.parts, 3);
        assert!(e.complete);
        let labels: Vec<&str> = e.free.iter().map(|f| f.label.as_str()).collect();
        assert_eq!(labels, ["number 2", "number 3"]);
        assert!(e.cell_is_free(0, 1, "number"));
        assert!(!e.cell_is_free(0, 0, "number"));
        assert!(e.text().contains("number 2, number 3"), "{}", e.text());
    }

    #[test]
    fn a_failure_that_needs_everything_has_no_free_part() {
        let e = explain::<Triples>(&[1, 2, 3], |c| *c == [1, 2, 3], Duration::from_secs(10));
        assert!(e.free.is_empty());
        assert!(e.text().contains("every part"), "{}", e.text());
    }
}
