//! The optimized engine against the reference: whole outcomes (score breakdown, per-operation
//! trace, final board) on games from the harness's generators, with mostly valid swaps, specials
//! and cascades, over generator parameters drawn by proptest.

use games::texas::gen::{self, Params};
use games::Texas;
use harness::prelude::*;
use harness::rng::rng;
use model::texas::Case;
use proptest::prelude::*;

/// Sets of special types a game may draw from.
const SPECIAL_SETS: &[&[u8]] = &[
    &[1],
    &[2],
    &[3],
    &[4],
    &[5],
    &[6],
    &[1, 2],
    &[3, 6],
    &[4, 5],
    &[1, 5, 6],
    &[1, 2, 3, 4, 5, 6],
];

fn params() -> impl Strategy<Value = Params> {
    (
        prop_oneof![1usize..=4, 4usize..=10],
        prop_oneof![1usize..=4, 4usize..=10],
        prop_oneof![
            3 => prop_oneof![2usize..=3, 3usize..=6].prop_map(|k| (k, None)),
            1 => (20usize..=100, 3usize..=5).prop_map(|(k, used)| (k, Some((used, used)))),
        ],
        prop_oneof![Just(0.0), 0.0f64..0.12, 0.1f64..0.4],
        0..SPECIAL_SETS.len(),
        1usize..=30,
        0.5f64..1.0,
    )
        .prop_map(|(n, m, (k, palette), density, set, q, valid)| Params {
            n: (n, n),
            m: (m, m),
            k: (k, k),
            palette,
            specials: (density, density),
            special_types: SPECIAL_SETS[set],
            q: (q, q),
            valid,
            ..gen::params("small").unwrap_or_else(|| unreachable!())
        })
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    prop_assert!(case.validate().is_ok(), "{:?}", case.validate());
    let want = reference::texas::outcome(case);
    let got = engine::texas::outcome(case);
    prop_assert_eq!(
        engine::texas::play(case, &mut model::texas::NoTrace)
            .0
            .total(),
        reference::texas::score(case),
        "total differs on\n{}",
        case.write()
    );
    if got != want {
        // Name the first differing event before the full dump.
        let first = Texas::compare(case, &want, &got, harness::prelude::Names::default())
            .map(|d| format!("{}: {}", d.at, d.what));
        prop_assert_eq!(got, want, "{:?}\n{}", first, case.write());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn small_games_agree_with_the_reference(p in params(), seed in any::<u64>()) {
        check(&gen::generate_with(&p, &mut rng(seed)))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn larger_games_agree_with_the_reference(
        n in 10usize..=20,
        m in 10usize..=20,
        k in 3usize..=8,
        density in 0.0f64..0.05,
        seed in any::<u64>(),
    ) {
        let p = Params {
            n: (n, n),
            m: (m, m),
            k: (k, k),
            specials: (density, density),
            q: (60, 60),
            valid: 0.9,
            ..gen::params("small").unwrap_or_else(|| unreachable!())
        };
        check(&gen::generate_with(&p, &mut rng(seed)))?;
    }
}

/// Two full-size games (50x50, every special type, a few hundred operations).
#[test]
fn full_size_games_agree_with_the_reference() {
    for seed in [11u64, 14] {
        let k = 5 + seed as usize % 2;
        let p = Params {
            k: (k, k),
            specials: (0.004, 0.004),
            q: (200, 200),
            ..gen::params("heavy").unwrap_or_else(|| unreachable!())
        };
        let case = gen::generate_with(&p, &mut rng(seed));
        let want = reference::texas::outcome(&case);
        assert!(want.ops.iter().filter(|op| op.invalid.is_none()).count() >= 50);
        assert!(want.ops.iter().any(|op| op.rounds.len() >= 2));
        assert_eq!(engine::texas::outcome(&case), want, "seed {seed}");
    }
}
