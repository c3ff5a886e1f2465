//! The generic comparison of traced outcomes that are a sequence of events: the first event that
//! differs, by index, with both views; then the answers. A game whose outcome implements [`Traced`]
//! compares in one line:
//!
//! ```ignore
//! fn compare(_case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
//!     harness::roles::compare::traced::<MyGame>(a, b, names)
//! }
//! ```

use crate::roles::difference::{compare_tokens, Difference, Differs};
use crate::roles::verdict::{At, Divergence, Names};
use crate::roles::Check;
use std::fmt::Display;

/// An outcome that carries its trace as a list of events (one per operation, move, round...).
pub trait Traced {
    type Event: PartialEq + Display + serde::Serialize;

    /// The events, in order (empty for an untraced run).
    fn events(&self) -> &[Self::Event];

    /// Where event `i` (0-based) happens, in words: "move 3" by default.
    fn at(&self, i: usize) -> String {
        format!("event {}", i + 1)
    }

    /// What differs between two events: its kind (failures are grouped by it) and the line, the
    /// kind first, then a colon and details ([`Differs::new`]). "events differ" by default.
    fn difference(a: &Self::Event, b: &Self::Event) -> Differs {
        let _ = (a, b);
        Differs::just("events differ")
    }
}

/// The first difference between two traced outcomes: the first differing event (both events as
/// the views, the one before each too), else a different number of events, else different
/// answers. `None` when they agree in every event and in the answer.
pub fn traced<G: Check>(a: &G::Outcome, b: &G::Outcome, names: Names<'_>) -> Option<Divergence>
where
    G::Outcome: Traced,
{
    let (ea, eb) = (a.events(), b.events());
    let view = |events: &[<G::Outcome as Traced>::Event], i: usize| -> String {
        let mut v = String::new();
        if i > 0 {
            if let Some(e) = events.get(i - 1) {
                v.push_str(&format!("before:\n{e}\n"));
            }
        }
        match events.get(i) {
            Some(e) => v.push_str(&format!("then:\n{e}\n")),
            None => v.push_str("(no such event)\n"),
        }
        v
    };
    let context = |i: usize| {
        let around = |events: &[<G::Outcome as Traced>::Event]| {
            let lo = i.saturating_sub(1).min(events.len());
            let hi = (i + 2).min(events.len());
            serde_json::to_value(&events[lo..hi]).unwrap_or_default()
        };
        // Keyed by side, not by name: both engines may have the same name.
        serde_json::json!({
            "index": i,
            "engines": [names.a, names.b],
            "trusted": around(ea),
            "under_test": around(eb),
        })
    };
    if let Some(i) = ea.iter().zip(eb).position(|(x, y)| x != y) {
        let Differs { kind, what } = <G::Outcome as Traced>::difference(&ea[i], &eb[i]);
        return Some(Divergence {
            at: At::Event(a.at(i)),
            event: kind,
            what,
            a_view: view(ea, i),
            b_view: view(eb, i),
            context: context(i),
        });
    }
    if ea.len() != eb.len() {
        let i = ea.len().min(eb.len());
        return Some(Divergence {
            at: At::Event(a.at(i)),
            event: Difference::named("event count differs"),
            what: format!(
                "event count differs: {} {}, {} {}",
                names.a,
                ea.len(),
                names.b,
                eb.len()
            ),
            a_view: view(ea, i),
            b_view: view(eb, i),
            context: context(i),
        });
    }
    let (x, y) = (G::answer(a), G::answer(b));
    compare_tokens(&x, &y).err().map(|why| Divergence {
        at: At::Answer,
        event: Difference::named("answer differs"),
        what: format!("answer differs: {why}"),
        a_view: x,
        b_view: y,
        context: serde_json::Value::Null,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::Format;

    /// A game whose outcome is a list of numbers and whose answer is their sum.
    struct Sums;

    #[derive(Clone, Debug)]
    struct Out(Vec<u32>);

    impl Traced for Out {
        type Event = u32;
        fn events(&self) -> &[u32] {
            &self.0
        }
        fn at(&self, i: usize) -> String {
            format!("step {}", i + 1)
        }
        fn difference(a: &u32, b: &u32) -> Differs {
            Differs::new("value differs", format_args!("{a} against {b}"))
        }
    }

    impl Format for Sums {
        const NAME: &'static str = "sums";
        type Case = ();
        fn parse(_: &[u8]) -> Result<(), model::ParseError> {
            Ok(())
        }
        fn write(_: &()) -> String {
            String::new()
        }
        fn size(_: &()) -> String {
            String::new()
        }
    }

    impl Check for Sums {
        type Outcome = Out;
        fn answer(out: &Out) -> String {
            format!("{}\n", out.0.iter().sum::<u32>())
        }
        fn compare(_: &(), a: &Out, b: &Out, names: Names<'_>) -> Option<Divergence> {
            traced::<Sums>(a, b, names)
        }
    }

    fn names() -> Names<'static> {
        Names::default()
    }

    #[test]
    fn the_first_differing_event_is_named_with_both_views() {
        let d = traced::<Sums>(&Out(vec![1, 2, 3, 4]), &Out(vec![1, 2, 5, 4]), names())
            .expect("they differ");
        assert_eq!(d.at, At::Event("step 3".into()));
        assert_eq!(d.what, "value differs: 3 against 5");
        assert_eq!(d.event, Difference::named("value differs"));
        assert_eq!(d.a_view, "before:\n2\nthen:\n3\n");
        assert_eq!(d.b_view, "before:\n2\nthen:\n5\n");
        assert_eq!(d.context["index"], 2);
        assert_eq!(d.context["trusted"], serde_json::json!([2, 3, 4]));
        assert_eq!(d.context["under_test"], serde_json::json!([2, 5, 4]));
    }

    #[test]
    fn the_context_keys_both_sides_apart_when_the_engines_have_one_name() {
        let same = Names {
            a: "reference",
            b: "reference",
        };
        let d = traced::<Sums>(&Out(vec![1, 2]), &Out(vec![1, 3]), same).expect("they differ");
        assert_eq!(
            d.context["engines"],
            serde_json::json!(["reference", "reference"])
        );
        assert_eq!(d.context["trusted"], serde_json::json!([1, 2]));
        assert_eq!(d.context["under_test"], serde_json::json!([1, 3]));
    }

    #[test]
    fn a_missing_event_is_a_difference_and_equal_traces_are_not() {
        let d = traced::<Sums>(&Out(vec![1, 2]), &Out(vec![1, 2, 3]), names()).expect("longer");
        assert_eq!(d.at, At::Event("step 3".into()));
        assert!(d.what.starts_with("event count differs"), "{}", d.what);
        assert_eq!(d.event, Difference::named("event count differs"));
        assert!(traced::<Sums>(&Out(vec![1, 2]), &Out(vec![1, 2]), names()).is_none());
        // No events (an untraced run): the answers decide.
        let a = Out(vec![]);
        assert!(traced::<Sums>(&a, &a.clone(), names()).is_none());
    }
}
