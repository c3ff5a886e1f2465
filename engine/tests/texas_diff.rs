//! The optimized engine against the reference: whole outcomes (score breakdown, per-operation
//! trace, final board) on small random games with mostly valid swaps, specials and cascades.

mod common;

use common::Profile;
use model::texas::Case;
use proptest::prelude::*;

fn profile() -> impl Strategy<Value = Profile> {
    (
        prop_oneof![1usize..=4, 4usize..=10],
        prop_oneof![1usize..=4, 4usize..=10],
        prop_oneof![2u8..=3, 3u8..=6],
        prop_oneof![
            3 => Just(Vec::new()),
            1 => prop::collection::vec(1u8..=100, 3..=5),
        ],
        prop_oneof![Just(0.0), 0.0f64..0.12, 0.1f64..0.4],
        prop::collection::vec(1u8..=6, 1..=3),
        1usize..=30,
        0.5f64..1.0,
    )
        .prop_map(
            |(n, m, k, palette, special_density, special_types, q, p_valid)| Profile {
                n,
                // With a palette of large colours, k covers them all.
                k: palette.iter().copied().max().unwrap_or(k).max(k),
                palette,
                m,
                special_density,
                special_types,
                q,
                p_valid,
            },
        )
}

/// A game for the profile; when its colours cannot make a board without runs (two colours and
/// an unlucky draw), with one more colour each time until they can.
fn game(mut p: Profile, seed: u64) -> Case {
    let mut rng = common::rng(seed);
    loop {
        for _ in 0..8 {
            if let Some(case) = common::game(&mut rng, &p) {
                return case;
            }
        }
        if p.palette.is_empty() {
            p.k += 1;
        } else {
            let fresh = (1..=100).find(|x| !p.palette.contains(x)).unwrap();
            p.palette.push(fresh);
            p.k = p.k.max(fresh);
        }
    }
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    prop_assert!(case.validate().is_ok(), "{:?}", case.validate());
    let want = reference::texas::outcome(case);
    let got = engine::texas::outcome(case);
    prop_assert_eq!(
        engine::texas::score(case),
        reference::texas::score(case),
        "total differs on\n{}",
        case.write()
    );
    if got != want {
        // Name the first differing operation before the full dump.
        let first =
            (0..want.ops.len().max(got.ops.len())).find(|&i| want.ops.get(i) != got.ops.get(i));
        prop_assert_eq!(
            got,
            want,
            "first differing operation: {:?}\n{}",
            first,
            case.write()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn small_games_agree_with_the_reference(p in profile(), seed in any::<u64>()) {
        check(&game(p, seed))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn larger_games_agree_with_the_reference(
        n in 10usize..=20,
        m in 10usize..=20,
        k in 3u8..=8,
        special_density in 0.0f64..0.05,
        seed in any::<u64>(),
    ) {
        let p = Profile {
            n,
            m,
            k,
            palette: Vec::new(),
            special_density,
            special_types: (1..=6).collect(),
            q: 60,
            p_valid: 0.9,
        };
        check(&game(p, seed))?;
    }
}

/// Two full-size games (50x50, every special type, a few hundred operations).
#[test]
fn full_size_games_agree_with_the_reference() {
    for seed in [11, 12] {
        let p = Profile {
            n: 50,
            m: 50,
            k: 4 + seed as u8 % 3,
            palette: Vec::new(),
            special_density: 0.004,
            special_types: (1..=6).collect(),
            q: 200,
            p_valid: 0.95,
        };
        let case = common::game(&mut common::rng(seed), &p).unwrap();
        let want = reference::texas::outcome(&case);
        assert!(want.ops.iter().filter(|op| op.invalid.is_none()).count() >= 50);
        assert!(want.ops.iter().any(|op| op.rounds.len() >= 2));
        assert_eq!(engine::texas::outcome(&case), want, "seed {seed}");
    }
}
