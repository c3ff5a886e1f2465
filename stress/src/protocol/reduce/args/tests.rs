use super::*;
use proptest::prelude::*;

fn call(args: &str, seed: u64) -> SeedCall {
    SeedCall {
        args: args.split_whitespace().map(String::from).collect(),
        seed,
    }
}

fn words(c: &SeedCall) -> String {
    c.args.join(" ")
}

#[test]
fn sizes_weigh_more_than_seeds_and_small_seeds_less_than_others() {
    assert!(weight(&call("10 3", 999_999)) < weight(&call("10 4", 0)));
    assert!(weight(&call("10 3", 7)) < weight(&call("10 3", 8)));
    assert_eq!(weight(&call("10 3", 8)), weight(&call("10 3", 123_456)));
    assert!(weight(&call("-5 x", 3)) < weight(&call("-6 x", 3)));
    assert_eq!(weight(&call("word --flag", 0)), 0);
}

#[test]
fn numbers_are_lowered_and_words_kept() {
    let list = candidates(&call("tree 100 --max=40 -q", 12345));
    let all: Vec<String> = list.iter().map(words).collect();
    assert_eq!(all[0], "tree 0 --max=0 -q");
    assert_eq!(all[1], "tree 1 --max=1 -q");
    for want in [
        "tree 0 --max=40 -q",
        "tree 50 --max=40 -q",
        "tree 99 --max=40 -q",
        "tree 100 --max=20 -q",
    ] {
        assert!(all.iter().any(|a| a == want), "{want} not in {all:?}");
    }
    assert!(list
        .iter()
        .all(|c| c.args[0] == "tree" && c.args[3] == "-q"));
    // The small seeds, same sizes.
    let seeds: Vec<u64> = list
        .iter()
        .filter(|c| c.args == call("tree 100 --max=40 -q", 0).args)
        .map(|c| c.seed)
        .collect();
    assert_eq!(seeds, (0..8).collect::<Vec<u64>>());
}

#[test]
fn a_range_stays_in_order() {
    for c in candidates(&call("5 10", 77)) {
        let (a, b) = (c.args[0].parse::<i64>(), c.args[1].parse::<i64>());
        assert!(matches!((a, b), (Ok(a), Ok(b)) if a <= b), "{c:?}");
    }
    let all: Vec<String> = candidates(&call("5 10", 77)).iter().map(words).collect();
    // 10 goes no lower than 5; 5 goes down freely.
    assert!(all.contains(&"5 5".to_string()) && all.contains(&"5 9".to_string()));
    assert!(all.contains(&"0 10".to_string()) && all.contains(&"2 10".to_string()));
    // Negative numbers move toward 0, the lower bound no higher than the upper one.
    let all: Vec<String> = candidates(&call("-10 -4", 77)).iter().map(words).collect();
    assert!(all.contains(&"-5 -4".to_string()) && all.contains(&"-9 -4".to_string()));
    assert!(all.contains(&"-4 -4".to_string()) && all.contains(&"-10 -3".to_string()));
    assert!(!all.contains(&"0 -4".to_string()), "{all:?}");
    assert!(all.contains(&"0 0".to_string()), "{all:?}");
}

#[test]
fn a_seed_below_eight_offers_only_smaller_seeds_alone() {
    let list = candidates(&call("x", 3));
    assert_eq!(list.iter().map(|c| c.seed).collect::<Vec<_>>(), [0, 1, 2]);
}

/// The harness's descent: the first failing candidate in list order, to a fixed point.
fn descend(mut case: SeedCall, fails: impl Fn(&SeedCall) -> bool) -> SeedCall {
    'step: loop {
        for c in candidates(&case) {
            if fails(&c) {
                case = c;
                continue 'step;
            }
        }
        return case;
    }
}

#[test]
fn the_descent_finds_the_smallest_size_over_the_small_seeds() {
    // Fails when n >= 10 - seed for a small seed, n >= 50 for any other.
    let fails = |c: &SeedCall| {
        let n: u64 = c.args[0].parse().unwrap_or(0);
        let need = if c.seed < 8 { 10 - c.seed } else { 50 };
        n >= need
    };
    let end = descend(call("1000 x", 987_654_321), fails);
    assert_eq!(end, call("3 x", 7));
    // A failure that needs a seed with n % 3 == 2 and n >= 7.
    let fails = |c: &SeedCall| c.seed % 3 == 2 && c.args[0].parse::<u64>().unwrap_or(0) >= 7;
    assert_eq!(descend(call("1000", 123_456_788), fails), call("7", 2));
}

fn calls() -> impl Strategy<Value = SeedCall> {
    let word = prop_oneof![
        (-1000i64..100_000).prop_map(|n| n.to_string()),
        (0i64..1000).prop_map(|n| format!("-n={n}")),
        Just("--flag".to_string()),
        Just("x1".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
    ];
    let seed = prop_oneof![0u64..10, any::<u64>()];
    (prop::collection::vec(word, 0..6), seed).prop_map(|(args, seed)| SeedCall { args, seed })
}

proptest! {
    #[test]
    fn candidates_are_lighter_new_deterministic_and_keep_ranges(c in calls()) {
        let list = candidates(&c);
        prop_assert_eq!(&list, &candidates(&c));
        let mut seen = std::collections::HashSet::new();
        let before = numbers(&c.args);
        for d in &list {
            prop_assert!(weight(d) < weight(&c), "{:?} from {:?}", d, c);
            prop_assert!(seen.insert(d.clone()));
            let after = numbers(&d.args);
            prop_assert_eq!(after.len(), before.len());
            for w in before.windows(2).zip(after.windows(2)) {
                let adjacent = w.0[1].arg == w.0[0].arg + 1;
                if adjacent && w.0[0].value <= w.0[1].value {
                    prop_assert!(w.1[0].value <= w.1[1].value, "{:?} from {:?}", d, c);
                }
            }
            for (a, b) in c.args.iter().zip(&d.args) {
                if numbers(std::slice::from_ref(a)).is_empty() {
                    prop_assert_eq!(a, b);
                }
            }
        }
    }
}

#[test]
fn a_stream_generators_arguments_are_lowered_smallest_first_and_never_raised() {
    let args: Vec<String> = ["--n=10", "tree", "4"].map(String::from).to_vec();
    let lowered = lowered_args(&args);
    assert_eq!(lowered[0], ["--n=0", "tree", "0"]);
    assert_eq!(lowered[1], ["--n=1", "tree", "1"]);
    assert!(lowered.contains(&vec!["--n=5".into(), "tree".into(), "4".into()]));
    assert!(lowered
        .iter()
        .all(|a| size(a) < size(&args) && a[1] == "tree"));
    assert!(lowered_args(&["tree".to_string()]).is_empty());
}
