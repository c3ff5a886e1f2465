//! Texas Match-3 for the generic tools: generators, comparison down to the first differing event,
//! shrink candidates, rule coverage and the HTML page.

mod compare;
pub mod costs;
pub mod coverage;
mod explain;
pub mod gen;
mod page;
mod same;
pub mod scope;
mod shrink;
pub mod sim;

use arbitrary::Unstructured;
use harness::roles::game::{function, EngineEntry, Game};
use harness::roles::source::{Bytes, Source};
use harness::roles::verdict::{Divergence, Names};
use harness::roles::{Bounded, Check, Coverage, Format, Generate, Profile, Shrink};
use model::texas::{Board, Case, NoTrace, Outcome};
use model::ParseError;
use std::time::Duration;

/// Texas Match-3.
pub struct Texas;

impl Format for Texas {
    const NAME: &'static str = "texas";

    type Case = Case;

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        Case::write(case)
    }

    fn size(case: &Case) -> String {
        let specials = case.board.special.iter().filter(|&&s| s != 0).count();
        format!(
            "{}x{}, k={}, q={}, {} specials",
            case.n(),
            case.m(),
            case.k,
            case.ops.len(),
            specials
        )
    }

    /// Half a second, plus 20 ns per cell and operation: a heavy 50x50 game with q = 1000 gets
    /// 1.5 s, about seventy times what the reference needs on it.
    fn time_limit(case: &Case) -> Duration {
        let work = (case.n() * case.m()) as u64 * (case.ops.len() as u64 + 1);
        Duration::from_millis(500) + Duration::from_nanos(20 * work)
    }
}

impl Generate for Texas {
    const PROFILES: &'static [Profile<Case>] = gen::PROFILES;

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let mut src = Bytes(u);
        let (_, profile) = *src.pick(gen::FUZZ_PROFILES);
        Ok(gen::generate_with(&profile, &mut src))
    }
}

impl Check for Texas {
    type Outcome = Outcome;

    /// The total score, on one line.
    fn answer(outcome: &Outcome) -> String {
        let mut out = String::new();
        Self::write_answer(outcome, &mut out);
        out
    }

    fn write_answer(outcome: &Outcome, out: &mut String) {
        // Digit by digit: the formatter's machinery cost more than the rest of a small case's
        // digest.
        let mut digits = [0u8; 20];
        let (mut at, mut total) = (digits.len(), outcome.score.total());
        loop {
            at -= 1;
            digits[at] = b'0' + (total % 10) as u8;
            total /= 10;
            if total == 0 {
                break;
            }
        }
        out.extend(digits[at..].iter().map(|&d| char::from(d)));
        out.push('\n');
    }

    fn compare(case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
        compare::compare(case, a, b, names)
    }

    fn malformed(output: &str) -> Option<String> {
        let tokens: Vec<&str> = output.split_whitespace().take(2).collect();
        match tokens.as_slice() {
            [] => Some("empty output: expected one number".into()),
            [one] if one.parse::<u64>().is_ok() => None,
            [one] => Some(format!(
                "`{}` is not a score (a number from 0 to 2^64-1)",
                one.chars().take(40).collect::<String>()
            )),
            _ => Some("more than one value: expected one number".into()),
        }
    }
}

impl Shrink for Texas {
    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrink::candidates(case)
    }

    fn shrink_candidates_costly(case: &Case) -> Vec<Case> {
        shrink::costly_candidates(case)
    }

    fn weight(case: &Case) -> u64 {
        let cells = (case.n() * case.m()) as u64;
        let specials = case.board.special.iter().filter(|&&s| s != 0).count() as u64;
        let colours: u64 = case.board.colour.iter().map(|&c| u64::from(c)).sum();
        let special_sum: u64 = case.board.special.iter().map(|&s| u64::from(s)).sum();
        cells * 1_000_000_000
            + case.ops.len() as u64 * 1_000_000
            + specials * 10_000
            + special_sum * 100
            + colours
            + u64::from(case.k)
    }

    fn variants(case: &Case) -> Vec<harness::roles::verdict::Part<Case>> {
        explain::variants(case)
    }

    fn picture(case: &Case, explained: &harness::roles::verdict::Explanation) -> Option<String> {
        explain::picture(case, explained)
    }
}

impl Coverage for Texas {
    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Outcome, hits: &mut [bool]) {
        coverage::mark(case, outcome, hits)
    }
}

impl Game for Texas {
    const ABOUT: &'static str = "Texas Match-3 (THUPC 2022 final, Luogu P8422)";

    fn reference() -> EngineEntry<Self> {
        EngineEntry {
            name: "reference",
            about: "the naive engine that reads like the rules (reference::texas)",
            build: || {
                function::<Texas>("reference", |case, trace| {
                    if trace {
                        reference::texas::outcome(case)
                    } else {
                        untraced(reference::texas::play(case, &mut NoTrace))
                    }
                })
            },
        }
    }

    fn optimized() -> EngineEntry<Self> {
        EngineEntry {
            name: "optimized",
            about: "the bitboard engine (engine::texas)",
            build: || {
                function::<Texas>("optimized", |case, trace| {
                    if trace {
                        engine::texas::outcome(case)
                    } else {
                        untraced(engine::texas::play(case, &mut NoTrace))
                    }
                })
            },
        }
    }

    /// Every operation's summary and both engines' boards, round by round (the `page` module).
    fn html(view: &harness::roles::html::View<'_, Self>) -> String {
        page::page(view)
    }

    /// Single operations: one invalid and one valid operation, optimized against reference.
    fn bench_extra(seed: u64) -> Vec<harness::timing::Row> {
        costs::op_costs(seed, 5)
    }
}

pub fn untraced((score, board): (model::texas::Score, Board)) -> Outcome {
    Outcome {
        score,
        ops: Vec::new(),
        board,
    }
}

pub const COVERAGE_KEYS: &[&str] = &[
    "special 1 (row)",
    "special 2 (column)",
    "special 3 (row+column)",
    "special 4 (3x3)",
    "special 5 (5x5)",
    "special 6 (colour)",
    "special set off by special",
    "hand: high card",
    "hand: one pair",
    "hand: two pairs",
    "hand: three of a kind",
    "hand: full house",
    "hand: four of a kind",
    "hand: five of a kind",
    "two main colours",
    "chain of 2 rounds",
    "chain of 3-4 rounds",
    "chain of 5+ rounds",
    "combo of 4 (50)",
    "combo of 5 (200)",
    "combo of 6+ (450+)",
    "invalid: not adjacent",
    "invalid: empty cell",
    "invalid: no run",
    "all operations valid",
    "board cleared",
];

/// Bounded scopes: every board up to some size ([`scope`]; its parameters in [`scope::HELP`]).
impl Bounded for Texas {
    fn scopes() -> &'static [harness::roles::scope::NamedScope] {
        scope::NAMED
    }

    /// `n`, `m` (rows, columns), `k` (colours), `specials` (cells holding one), `kinds` (their
    /// kinds), `q` (operations) and `far` (0: adjacent swaps, 1: any two cells); see
    /// [`scope::HELP`].
    fn scope(
        expr: &str,
    ) -> Result<Box<dyn harness::roles::scope::Scope<Case>>, harness::roles::scope::ScopeError>
    {
        harness::roles::scope::build(scope::NAMED, expr, scope::built::parse, |text| {
            Ok(Box::new(scope::parse(text)?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::compare::compare;
    use super::*;
    use model::texas::Invalid;

    fn sample1() -> Case {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
        Case::parse(&std::fs::read(path).unwrap()).unwrap()
    }

    #[test]
    fn the_digested_answer_is_the_answer() {
        let mut out = reference::texas::outcome(&sample1());
        let mut buffer = String::from("left from the last case");
        for total in [0, 7, 10, 99, 1_000_000_007, u64::MAX] {
            out.score = model::texas::Score {
                elimination: total,
                chain: 0,
                combo: 0,
                hand: 0,
                endgame: 0,
            };
            buffer.clear();
            Texas::write_answer(&out, &mut buffer);
            assert_eq!(buffer, Texas::answer(&out), "{total}");
            assert_eq!(buffer, format!("{total}\n"));
        }
    }

    #[test]
    fn identical_outcomes_do_not_diverge() {
        let case = sample1();
        let out = reference::texas::outcome(&case);
        assert!(compare(&case, &out, &out.clone(), Names::default()).is_none());
    }

    #[test]
    fn the_first_differing_event_is_named() {
        let case = sample1();
        let good = reference::texas::outcome(&case);
        let valid_op = good
            .ops
            .iter()
            .position(|t| t.rounds.len() >= 2)
            .expect("sample 1 has a cascade");

        let mut bad = good.clone();
        let row = &mut bad.ops[valid_op].rounds[1].removed.rows[0];
        *row ^= 1;
        let d = compare(&case, &good, &bad, Names::default()).unwrap();
        assert!(
            d.at.as_str()
                .starts_with(&format!("operation {}", valid_op + 1)),
            "{}",
            d.at
        );
        assert!(d.at.as_str().ends_with(", round 2"), "{}", d.at);
        assert!(d.what.starts_with("removed cells differ"), "{}", d.what);
        assert_eq!(d.event.words(), "removed cells differ");
        assert!(
            d.a_view
                .starts_with("before round 2 (after the swap), [x] = in question"),
            "{}",
            d.a_view
        );
        assert_eq!(d.context["round"], 2);

        let mut bad = good.clone();
        bad.ops[valid_op].chain += 80;
        let d = compare(&case, &good, &bad, Names::default()).unwrap();
        assert_eq!(
            d.what,
            format!(
                "chain points differ: reference {}, optimized {}",
                good.ops[valid_op].chain,
                good.ops[valid_op].chain + 80
            )
        );

        let mut bad = good.clone();
        bad.ops[0].invalid = Some(Invalid::NoRun);
        let d = compare(&case, &good, &bad, Names::default()).unwrap();
        assert_eq!(
            d.what,
            "validity verdicts differ: reference valid, optimized invalid (no run)"
        );
        assert_eq!(d.event.words(), "validity verdicts differ");

        let mut bad = good.clone();
        bad.board.colour[0] ^= 1;
        assert_eq!(
            compare(&case, &good, &bad, Names::default()).unwrap().what,
            "final boards differ"
        );

        let mut bad = good.clone();
        bad.score.hand += 1;
        let d = compare(&case, &good, &bad, Names::default()).unwrap();
        assert_eq!(d.at.as_str(), "end of game");
        assert!(d.what.starts_with("score breakdowns differ"), "{}", d.what);
        assert_eq!(d.event.words(), "score breakdowns differ");
    }
}
