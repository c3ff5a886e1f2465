use super::*;
use proptest::prelude::*;

#[test]
fn length_dominates_the_weight_then_the_numbers() {
    assert!(weight("9 9") < weight("1 10"));
    assert!(weight("19") < weight("20"));
    assert!(weight("-1") < weight("-2"));
    assert!(weight("a b") < weight("1 b"));
    assert_eq!(weight(""), 0);
}

#[test]
fn big_runs_of_lines_go_first_with_the_count_lowered() {
    let text = "4\n10\n20\n30\n40\n";
    let list = candidates(text);
    // Five lines: runs of 4, 2, 1 lines, later ones first, the lowered count first.
    assert_eq!(list[0], "0\n");
    assert_eq!(list[1], "4\n");
    assert_eq!(list[2], "40\n");
    assert!(list.contains(&"2\n10\n20\n".to_string()));
    assert!(list.contains(&"3\n10\n30\n40\n".to_string()));
    assert!(list.contains(&"4\n10\n30\n40\n".to_string()));
    // Removing the count's line offers no lowered count.
    assert!(list.contains(&"10\n20\n30\n40\n".to_string()));
}

#[test]
fn tokens_go_with_their_spacing_and_numbers_move_toward_zero() {
    let list = candidates("3\n5  -8\t12\n");
    for want in [
        "2\n5  -8\n",
        "2\n-8\t12\n",
        "3\n5  -8\n",
        "3\n5  -8\t0\n",
        "3\n5  -8\t6\n",
        "3\n5  -8\t11\n",
        "3\n5  -4\t12\n",
        "3\n5  -7\t12\n",
        "3\n5  0\t12\n",
        "0\n5  -8\t12\n",
        "1\n5  -8\t12\n",
    ] {
        assert!(list.contains(&want.to_string()), "{want:?} not in {list:?}");
    }
    // Words that are not integers are only removed.
    let list = candidates("x1 y\n");
    assert_eq!(list, ["", "x1\n", "y\n"]);
}

#[test]
fn a_small_text_has_a_short_list() {
    let list = candidates("2\n3 17\n");
    assert!(list.len() <= 30, "{list:?}");
    assert!(list.contains(&"1\n3\n".to_string()));
}

#[test]
fn a_long_text_gets_only_its_most_aggressive_candidates() {
    let text: String = (0..100_000).map(|i| format!("{i}\n")).collect();
    let list = candidates(&text);
    assert!(!list.is_empty() && list.len() <= crate::protocol::reduce::room_for(text.len()));
    assert!(text.starts_with(&list[0]) && list[0].len() * 2 <= text.len() + 8);
    assert!(list.iter().all(|c| c.len() < text.len()));
}

/// The numbers after the first, when there are as many as the first says.
fn valid(text: &str) -> Option<Vec<i64>> {
    let mut nums = text.split_whitespace().map(|t| t.parse::<i64>().ok());
    let n = nums.next()??;
    let rest: Option<Vec<i64>> = nums.collect();
    rest.filter(|r| r.len() as i64 == n)
}

/// A valid input with a value of at least 17 after a 3.
fn fails(text: &str) -> bool {
    valid(text).is_some_and(|v| {
        v.iter()
            .position(|&x| x == 3)
            .is_some_and(|i| v[i + 1..].iter().any(|&x| x >= 17))
    })
}

#[test]
fn the_descent_keeps_the_count_right_and_ends_at_the_smallest_input() {
    let cases = [
        ("6\n9 3 100\n4 5 40\n", "2\n3 17\n"),
        ("8\n1\n2\n3\n4\n5\n60\n70\n80\n", "2\n3\n17\n"),
        ("5\n3 -4 0 99 1000000\n", "2\n3 17\n"),
    ];
    for (start, best) in cases {
        assert!(fails(start));
        let mut case = start.to_string();
        'step: loop {
            for c in candidates(&case) {
                assert!(weight(&c) < weight(&case));
                if fails(&c) {
                    case = c;
                    continue 'step;
                }
            }
            break;
        }
        assert_eq!(case, best, "from {start:?}");
    }
}

proptest! {
    #[test]
    fn candidates_are_lighter_new_and_deterministic(text in "([ \t]?(-?[0-9]{1,4}|[a-z]{1,3})[ \n]{1,2}){0,10}") {
        let list = candidates(&text);
        prop_assert_eq!(&list, &candidates(&text));
        let mut seen = std::collections::HashSet::new();
        for c in &list {
            prop_assert!(weight(c) < weight(&text), "{:?} from {:?}", c, text);
            prop_assert!(seen.insert(c.clone()));
        }
    }
}

#[test]
fn token_chunks_halve_down_to_single_tokens() {
    let chunks: Vec<(usize, usize)> = aligned(5).collect();
    assert_eq!(
        chunks,
        [
            (4, 5),
            (2, 4),
            (0, 2),
            (4, 5),
            (3, 4),
            (2, 3),
            (1, 2),
            (0, 1)
        ]
    );
    assert_eq!(aligned(1).count(), 0);
    // A count and its items on one line: removing items lowers the count.
    let list = candidates("3 5 6 7\n");
    assert!(list.contains(&"2 5 6\n".to_string()), "{list:?}");
    assert!(list.contains(&"1 5\n".to_string()), "{list:?}");
}

/// The tests of a multi-test input (`T`, then per test `n` and a line of `n` numbers), when it is
/// one.
fn tests_of(text: &str) -> Option<Vec<Vec<i64>>> {
    let mut lines = text.lines();
    let t: usize = lines.next()?.trim().parse().ok()?;
    let mut tests = Vec::new();
    for _ in 0..t {
        let n: usize = lines.next()?.trim().parse().ok()?;
        let items: Option<Vec<i64>> = lines
            .next()?
            .split_whitespace()
            .map(|x| x.parse().ok())
            .collect();
        tests.push(items.filter(|v| v.len() == n)?);
    }
    lines.next().is_none().then_some(tests)
}

#[test]
fn a_multi_test_input_loses_whole_tests_down_to_the_failing_one() {
    // Fails when one test holds a 3 and, later in that test, a value of at least 17.
    let fails = |text: &str| {
        tests_of(text).is_some_and(|tests| {
            tests.iter().any(|v| {
                v.iter()
                    .position(|&x| x == 3)
                    .is_some_and(|i| v[i + 1..].iter().any(|&x| x >= 17))
            })
        })
    };
    let start = "4\n2\n5 6\n3\n1 3 40\n1\n7\n2\n8 9\n";
    assert!(fails(start));
    let mut case = start.to_string();
    'step: loop {
        for c in candidates(&case) {
            if fails(&c) {
                case = c;
                continue 'step;
            }
        }
        break;
    }
    // Every other test is gone, and the test's own count went down with its items.
    assert_eq!(case, "1\n2\n3 17\n");
}
