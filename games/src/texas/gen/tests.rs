use super::moves::{nth_valid, pair, pairs, update_valid};
use super::*;
use harness::rng::{case_seed, rng};
use std::collections::BTreeSet;

/// The sizes, colours, specials and operation counts a case of `p` may have.
fn check_params(name: &str, seed: u64, p: &Params, case: &Case) {
    let within = |x: usize, (lo, hi): (usize, usize)| (lo..=hi).contains(&x);
    let what = format!("profile {name} seed {seed}");
    let (n, m) = (case.n(), case.m());
    if case.k > 1 {
        assert!(within(n, p.n) && within(m, p.m), "{what}: {n}x{m}");
    } else {
        assert!(n <= 2 && m <= 2, "{what}: one colour on {n}x{m}");
    }
    assert!(within(usize::from(case.k), p.k), "{what}: k = {}", case.k);
    assert!(
        within(case.ops.len(), p.q),
        "{what}: q = {}",
        case.ops.len()
    );
    let colours: BTreeSet<u8> = case.board.colour.iter().copied().collect();
    if let Some((_, hi)) = p.palette {
        assert!(colours.len() <= hi, "{what}: {} colours", colours.len());
    }
    for &s in &case.board.special {
        assert!(
            s == 0 || p.special_types.contains(&s),
            "{what}: special {s}"
        );
    }
    if p.specials.1 == 0.0 {
        assert!(case.board.special.iter().all(|&s| s == 0), "{what}");
    }
}

#[test]
fn every_profile_generates_valid_cases_of_its_sizes_deterministically() {
    for profile in PROFILES {
        let seeds: u64 = match profile.name {
            "max" | "heavy" | "storm" => 3,
            _ => 300,
        };
        for seed in 0..seeds {
            let case = generate(profile.name, &mut rng(seed));
            if let Err(e) = case.validate() {
                panic!("profile {} seed {seed}: {e}", profile.name);
            }
            assert!(case.board.find_run().is_none());
            if let Some(p) = params(profile.name) {
                check_params(profile.name, seed, &p, &case);
            }
            assert_eq!(
                case,
                generate(profile.name, &mut rng(seed)),
                "{} is not deterministic",
                profile.name
            );
            assert_eq!(Case::parse(case.write().as_bytes()).as_ref(), Ok(&case));
        }
    }
}

#[test]
fn a_case_does_not_depend_on_what_the_thread_generated_before() {
    let fresh: Vec<Case> = std::thread::spawn(|| {
        (0..40)
            .map(|s| generate("mix", &mut rng(case_seed(9, s))))
            .collect()
    })
    .join()
    .unwrap();
    // The same cases in reverse order, after other profiles, on this thread.
    for s in 0..5 {
        generate("heavy", &mut rng(s));
    }
    for s in (0..40).rev() {
        assert_eq!(
            generate("mix", &mut rng(case_seed(9, s))),
            fresh[s as usize],
            "seed {s}"
        );
    }
}

#[test]
fn one_and_two_colour_boards_terminate_without_runs() {
    let p = Params {
        n: (1, 50),
        m: (1, 50),
        k: (1, 2),
        q: (1, 3),
        ..BASE
    };
    for seed in 0..300 {
        let case = generate_with(&p, &mut rng(seed));
        case.validate().unwrap();
        if case.k == 1 {
            assert!(case.n() <= 2 && case.m() <= 2);
        }
    }
}

#[test]
fn profiles_shape_their_cases() {
    let mut wide_ends = BTreeSet::new();
    let mut edge_shapes = BTreeSet::new();
    for seed in 0..200 {
        let wide = generate("wide", &mut rng(seed));
        assert_eq!(wide.n(), 1);
        wide_ends.insert(wide.m());
        let tall = generate("tall", &mut rng(seed));
        assert_eq!(tall.m(), 1);
        let plain = generate("plain", &mut rng(seed));
        assert!(plain.board.special.iter().all(|&s| s == 0));
        let many = generate("many-colours", &mut rng(seed));
        assert!(many.k >= 20);
        let distinct: BTreeSet<u8> = many.board.colour.iter().copied().collect();
        assert!(distinct.len() <= 6);
        let full = generate("full", &mut rng(seed));
        assert_eq!((full.n(), full.m()), (50, 50));
        assert!(full.ops.len() <= 3);
        let edges = generate("edges", &mut rng(seed));
        edge_shapes.insert((edges.n(), edges.m()));
    }
    assert!(wide_ends.contains(&50) && wide_ends.contains(&1));
    for shape in [(1, 50), (50, 1), (50, 50), (2, 50), (50, 2), (3, 49)] {
        assert!(edge_shapes.contains(&shape), "edges never made {shape:?}");
    }
    let heavy = generate("heavy", &mut rng(1));
    assert_eq!((heavy.n(), heavy.m(), heavy.ops.len()), (50, 50, 1000));
    assert!((4..=8).contains(&heavy.k));
    let specials = heavy.board.special.iter().filter(|&&s| s != 0).count();
    assert!(specials <= 30, "{specials} specials on a heavy board");
}

#[test]
fn specials_come_at_the_density_asked_for() {
    for density in [0.01, 0.1, 0.4] {
        let p = Params {
            n: (50, 50),
            m: (50, 50),
            k: (5, 5),
            specials: (density, density),
            q: (1, 1),
            ..BASE
        };
        let cells = 20 * 2500;
        let specials: usize = (0..20)
            .map(|s| {
                let case = generate_with(&p, &mut rng(s));
                case.board.special.iter().filter(|&&x| x != 0).count()
            })
            .sum();
        let share = specials as f64 / cells as f64;
        assert!(
            (share - density).abs() < density * 0.1,
            "density {density}: {share}"
        );
    }
}

#[test]
fn the_default_mix_reaches_the_largest_board_and_every_border_shape() {
    let total = 20_000u64;
    let (mut full, mut row, mut column, mut thin, mut big_ops) = (0, 0, 0, 0, 0);
    for i in 0..total {
        let case = generate("mix", &mut rng(case_seed(1, i)));
        let (n, m) = (case.n(), case.m());
        if (n, m) == (50, 50) {
            full += 1;
            big_ops += case.ops.len();
        }
        row += u64::from(n == 1);
        column += u64::from(m == 1);
        thin += u64::from(n.min(m) <= 3 && n.max(m) >= 49);
    }
    let share = |x: u64| x as f64 / total as f64;
    assert!(share(full) >= 0.008, "50x50: {full} of {total}");
    assert!(share(row) >= 0.03, "1 x m: {row} of {total}");
    assert!(share(column) >= 0.03, "n x 1: {column} of {total}");
    assert!(share(thin) >= 0.008, "thin 49..50-long boards: {thin}");
    // The largest boards come with short games.
    assert!(big_ops as f64 / full as f64 <= 3.0);
}

#[test]
fn the_first_cases_of_a_batch_touch_the_last_row_and_column_of_a_50x50_board() {
    // What a mutant that breaks only at the far border of the largest board needs: valid
    // operations that remove pieces there, within the first 2000 cases of the default mix.
    let (mut last_row, mut last_column) = (0, 0);
    for i in 0..2000 {
        let case = generate("mix", &mut rng(case_seed(1, i)));
        if (case.n(), case.m()) != (50, 50) {
            continue;
        }
        let outcome = reference::texas::outcome(&case);
        for round in outcome.ops.iter().flat_map(|t| &t.rounds) {
            last_row += usize::from(round.removed.rows[49] != 0);
            last_column += usize::from(round.removed.rows.iter().any(|&bits| bits >> 49 & 1 == 1));
        }
    }
    assert!(
        last_row >= 1 && last_column >= 1,
        "{last_row} {last_column}"
    );
}

#[test]
fn generated_operations_are_mostly_valid_where_asked() {
    // The simulation keeps proposing swaps the reference finds valid. Pieces never enter the
    // board, so valid swaps run out after a few hundred operations; while they last, about 95%
    // of the operations of a heavy case must be valid.
    let valid: usize = (0..5)
        .map(|seed| {
            let case = generate("heavy", &mut rng(seed));
            let outcome = reference::texas::outcome(&case);
            outcome.ops[..100]
                .iter()
                .filter(|t| t.invalid.is_none())
                .count()
        })
        .sum();
    assert!(
        valid >= 450,
        "only {valid} of the first 100 operations of 5 heavy cases are valid"
    );
}

#[test]
fn the_set_of_valid_swaps_is_kept_up_to_date() {
    // After updates (every third operation) the incrementally updated set equals a fresh
    // search of the board, and holds exactly the swaps the simulation accepts.
    let mut kept = Scratch::default();
    let mut fresh = Scratch::default();
    for seed in 0..300 {
        let profile = ["small", "specials", "cascade", "medium", "edges", "tall"][seed % 6];
        let case = generate(profile, &mut rng(seed as u64));
        let (n, m) = (case.n(), case.m());
        kept.sim.load(n, m, &case.board.colour, &case.board.special);
        kept.valid_at = None;
        for (i, op) in case.ops.iter().enumerate() {
            if (i + seed) % 3 != 0 {
                // Several operations between updates, too.
                kept.sim.apply(op.a, op.b);
                continue;
            }
            update_valid(&mut kept);
            fresh.sim.load(n, m, kept.sim.colour(), kept.sim.special());
            fresh.valid_at = None;
            update_valid(&mut fresh);
            assert_eq!(
                (&kept.right[..n], &kept.down[..n], kept.valid_count),
                (&fresh.right[..n], &fresh.down[..n], fresh.valid_count),
                "{profile} seed {seed} before operation {}",
                i + 1
            );
            for t in 0..pairs(n, m) {
                let (a, b) = pair(n, m, t);
                let listed = if a.r() == b.r() {
                    kept.right[a.r()] >> a.c() & 1 == 1
                } else {
                    kept.down[a.r()] >> a.c() & 1 == 1
                };
                assert_eq!(listed, kept.sim.is_valid(a, b), "{profile} seed {seed}");
            }
            for t in 0..kept.valid_count {
                let (a, b) = nth_valid(&kept, t);
                assert!(kept.sim.is_valid(a, b));
            }
            kept.sim.apply(op.a, op.b);
        }
    }
}

#[test]
fn fuzzer_bytes_give_valid_cases() {
    let mut x = 1u64;
    for len in 0..600 {
        let data: Vec<u8> = (0..len)
            .map(|_| {
                x = harness::rng::mix(x);
                x as u8
            })
            .collect();
        let names = FUZZ_PROFILES.iter().map(|&(name, _)| name);
        for profile in std::iter::once("mix").chain(names) {
            let mut u = arbitrary::Unstructured::new(&data);
            let case = generate(profile, &mut harness::roles::source::Bytes(&mut u));
            if let Err(e) = case.validate() {
                panic!("{profile} from {len} bytes: {e}");
            }
        }
    }
    // Bytes that always say "the largest choice".
    let data = [0xffu8; 4000];
    let mut u = arbitrary::Unstructured::new(&data);
    generate("edges", &mut harness::roles::source::Bytes(&mut u))
        .validate()
        .unwrap();
}

#[test]
fn the_generator_uses_no_engine() {
    // The generator and its simulation name neither engine crate (tests aside).
    for (file, text) in [
        ("gen/mod.rs", include_str!("mod.rs")),
        ("gen/params.rs", include_str!("params.rs")),
        ("gen/moves.rs", include_str!("moves.rs")),
        ("sim/mod.rs", include_str!("../sim/mod.rs")),
        ("sim/play.rs", include_str!("../sim/play.rs")),
    ] {
        let code = text.split("#[cfg(test)]").next().unwrap_or(text);
        for name in ["engine::", "reference::"] {
            assert!(!code.contains(name), "{file} uses {name}");
        }
    }
}

#[test]
fn each_profile_carries_the_generator_of_its_name() {
    for profile in PROFILES {
        let seeds = match profile.name {
            "max" | "heavy" | "storm" | "full" => 1,
            _ => 20,
        };
        for seed in 0..seeds {
            let named = generate(profile.name, &mut rng(seed));
            assert_eq!(profile.case(seed), named, "{} seed {seed}", profile.name);
        }
    }
    let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
    for (name, p) in FUZZ_PROFILES {
        assert!(names.contains(name), "fuzz profile {name} is not a profile");
        let mut src = rng(3);
        let from_params = generate_with(p, &mut src);
        assert_eq!(from_params, generate(name, &mut rng(3)), "{name}");
    }
}

#[test]
#[should_panic(expected = "no Texas profile `nope`")]
fn an_unknown_profile_name_panics_rather_than_falling_back() {
    generate("nope", &mut rng(1));
}
