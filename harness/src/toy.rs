//! A toy game for the core's own unit tests (the core names no real game): numbers whose outcome is
//! the number doubled, with two profiles. `toy_game!(Name, "name")` defines one, with its case
//! `Num` and its outcome `Doubled`, so that a test can register several under distinct names.

/// Defines a toy game called `$name` (its case type `Num`, its outcome `Doubled`).
macro_rules! toy_game {
    ($game:ident, $name:literal) => {
        /// A case of the toy game: one number.
        #[derive(Debug, Clone, PartialEq)]
        #[allow(dead_code)]
        struct Num(u64);

        /// The outcome of the toy game.
        #[derive(Debug, Clone, PartialEq)]
        struct Doubled(u64);

        /// A game of numbers whose outcome is the number doubled, with two profiles.
        struct $game;

        impl $crate::roles::Format for $game {
            const NAME: &'static str = $name;
            type Case = Num;
            fn parse(_: &[u8]) -> Result<Num, model::ParseError> {
                Ok(Num(0))
            }
            fn write(case: &Num) -> String {
                format!("{}\n", case.0)
            }
            fn size(case: &Num) -> String {
                case.0.to_string()
            }
        }

        impl $crate::roles::Generate for $game {
            const PROFILES: &'static [$crate::roles::Profile<Num>] = &[
                $crate::roles::Profile::new("small", "below 10", |seed| Num(seed % 10)),
                $crate::roles::Profile::new("large", "1000 and up", |seed| Num(1000 + seed % 1000)),
            ];
            fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Num> {
                Ok(Num(u.arbitrary()?))
            }
        }

        impl $crate::roles::Check for $game {
            type Outcome = Doubled;
            fn answer(outcome: &Doubled) -> String {
                format!("{}\n", outcome.0)
            }
            fn compare(
                _: &Num,
                a: &Doubled,
                b: &Doubled,
                _: $crate::roles::verdict::Names<'_>,
            ) -> Option<$crate::roles::verdict::Divergence> {
                (a != b).then(|| $crate::roles::verdict::Divergence {
                    at: $crate::roles::verdict::At::Answer,
                    event: $crate::roles::difference::Difference::named("the numbers differ"),
                    what: "the numbers differ".into(),
                    a_view: String::new(),
                    b_view: String::new(),
                    context: serde_json::Value::Null,
                })
            }
        }

        impl $crate::roles::Shrink for $game {
            fn weight(case: &Num) -> u64 {
                case.0
            }
        }

        impl $crate::roles::Coverage for $game {}
        impl $crate::roles::Bounded for $game {}

        impl $crate::roles::game::Game for $game {
            $crate::engines! {
                reference: "doubles" => |case: &Num, _| Doubled(case.0 * 2),
                optimized: "doubles too" => |case: &Num, _| Doubled(case.0 << 1),
            }
        }
    };
}

pub(crate) use toy_game;
