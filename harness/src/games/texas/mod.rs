//! Texas Match-3 for the generic tools: generators, comparison down to the first differing event,
//! shrink candidates and rule coverage.

pub mod costs;
pub mod gen;
mod shrink;

use crate::game::{function, BenchRow, Divergence, EngineEntry, Game, Names, Profile};
use crate::source::{Bytes, Source};
use arbitrary::Unstructured;
use model::texas::{Board, Case, Cells, HandKind, Invalid, NoTrace, OpTrace, Outcome, Pos};
use model::ParseError;
use serde_json::json;
use std::time::Duration;

/// Texas Match-3.
pub struct Texas;

impl Game for Texas {
    const NAME: &'static str = "texas";
    type Case = Case;
    type Outcome = Outcome;

    fn profiles() -> &'static [Profile] {
        gen::PROFILES
    }

    fn generate(profile: &Profile, seed: u64) -> Case {
        gen::generate(profile.name, &mut crate::rng::rng(seed))
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let mut src = Bytes(u);
        let profile = *src.pick(gen::FUZZ_PROFILES);
        Ok(gen::generate(profile, &mut src))
    }

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn engines() -> Vec<EngineEntry<Self>> {
        vec![
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
            },
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
            },
        ]
    }

    fn answer(outcome: &Outcome) -> String {
        format!("{}\n", outcome.score.total())
    }

    fn compare(case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
        compare(case, a, b, names)
    }

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        shrink::candidates(case)
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

    /// Half a second, plus 20 ns per cell and operation: a heavy 50x50 game with q = 1000 gets
    /// 1.5 s, about seventy times what the reference needs on it.
    fn time_limit(case: &Case) -> Duration {
        let work = (case.n() * case.m()) as u64 * (case.ops.len() as u64 + 1);
        Duration::from_millis(500) + Duration::from_nanos(20 * work)
    }

    fn bench_rows() -> &'static [BenchRow] {
        &[
            BenchRow {
                profile: "heavy",
                cases: 4,
            },
            BenchRow {
                profile: "storm",
                cases: 4,
            },
            BenchRow {
                profile: "max",
                cases: 4,
            },
            BenchRow {
                profile: "medium",
                cases: 200,
            },
            BenchRow {
                profile: "mix",
                cases: 2000,
            },
        ]
    }

    fn seed_profiles() -> &'static [&'static str] {
        gen::FUZZ_PROFILES
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

    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE_KEYS
    }

    fn coverage(case: &Case, outcome: &Outcome) -> Vec<&'static str> {
        coverage(case, outcome)
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

// ----------------------------------------------------------------------------------------------
// Replaying a trace. The harness never decides a rule here: it only applies the swaps and the
// removals an engine reported (and gravity), to show boards at the moment of a divergence and to
// see which specials a trace triggered.

/// Swaps the pieces of two cells.
fn swap(board: &mut Board, a: Pos, b: Pos) {
    let (ia, ib) = (board.idx(a.r(), a.c()), board.idx(b.r(), b.c()));
    board.colour.swap(ia, ib);
    board.special.swap(ia, ib);
}

/// Removes the cells of a round and lets the rest fall.
fn remove_and_fall(board: &mut Board, removed: &Cells) {
    for p in removed.iter() {
        if p.r() < board.n && p.c() < board.m {
            let i = board.idx(p.r(), p.c());
            board.colour[i] = 0;
            board.special[i] = 0;
        }
    }
    for c in 0..board.m {
        let mut write = board.n;
        for r in (0..board.n).rev() {
            let i = board.idx(r, c);
            if board.colour[i] != 0 {
                write -= 1;
                let j = board.idx(write, c);
                board.colour[j] = board.colour[i];
                board.special[j] = board.special[i];
                if j != i {
                    board.colour[i] = 0;
                    board.special[i] = 0;
                }
            }
        }
    }
}

/// Calls `visit(op_index, round_index, board_before_round)` for every round of a trace.
fn replay(case: &Case, ops: &[OpTrace], mut visit: impl FnMut(usize, usize, &Board)) {
    let mut board = case.board.clone();
    for (i, (op, trace)) in case.ops.iter().zip(ops).enumerate() {
        if trace.invalid.is_some() {
            continue;
        }
        swap(&mut board, op.a, op.b);
        for (r, round) in trace.rounds.iter().enumerate() {
            visit(i, r, &board);
            remove_and_fall(&mut board, &round.removed);
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Coverage.

fn coverage(case: &Case, outcome: &Outcome) -> Vec<&'static str> {
    let mut hit = vec![false; COVERAGE_KEYS.len()];
    let mut mark = |key: &str| {
        if let Some(i) = COVERAGE_KEYS.iter().position(|k| *k == key) {
            hit[i] = true;
        }
    };
    for t in &outcome.ops {
        match t.invalid {
            Some(Invalid::NotAdjacent) => mark("invalid: not adjacent"),
            Some(Invalid::EmptyCell) => mark("invalid: empty cell"),
            Some(Invalid::NoRun) => mark("invalid: no run"),
            None => {}
        }
        if t.main.len() == 2 {
            mark("two main colours");
        }
        match t.rounds.len() {
            2 => mark("chain of 2 rounds"),
            3 | 4 => mark("chain of 3-4 rounds"),
            x if x >= 5 => mark("chain of 5+ rounds"),
            _ => {}
        }
        if let Some(h) = t.hand {
            mark(match h.kind {
                HandKind::HighCard => "hand: high card",
                HandKind::OnePair => "hand: one pair",
                HandKind::TwoPairs => "hand: two pairs",
                HandKind::ThreeOfAKind => "hand: three of a kind",
                HandKind::FullHouse => "hand: full house",
                HandKind::FourOfAKind => "hand: four of a kind",
                HandKind::FiveOfAKind => "hand: five of a kind",
            });
        }
    }
    if !outcome.ops.is_empty() && outcome.ops.iter().all(|t| t.invalid.is_none()) {
        mark("all operations valid");
    }
    if outcome.board.is_cleared() {
        mark("board cleared");
    }
    let mut seen = std::collections::VecDeque::new();
    replay(case, &outcome.ops, |i, r, board| {
        let round = &outcome.ops[i].rounds[r];
        for p in round.removed.iter() {
            if p.r() >= board.n || p.c() >= board.m {
                continue;
            }
            let s = board.special_at(p.r(), p.c());
            if (1..=6).contains(&s) {
                // The first six keys are the special types, in order.
                mark(COVERAGE_KEYS[usize::from(s) - 1]);
                if !round.matched.contains(p) {
                    mark("special set off by special");
                }
            }
        }
        for size in component_sizes(board, &round.matched, &mut seen) {
            match size {
                4 => mark("combo of 4 (50)"),
                5 => mark("combo of 5 (200)"),
                x if x >= 6 => mark("combo of 6+ (450+)"),
                _ => {}
            }
        }
    });
    COVERAGE_KEYS
        .iter()
        .zip(hit)
        .filter(|&(_, h)| h)
        .map(|(k, _)| *k)
        .collect()
}

/// Sizes of the 4-connected one-colour components of `cells` on `board` (coverage only).
fn component_sizes(
    board: &Board,
    cells: &Cells,
    queue: &mut std::collections::VecDeque<(usize, usize)>,
) -> Vec<usize> {
    let mut left = cells.clone();
    let mut sizes = Vec::new();
    for p in cells.iter() {
        if !left.contains(p) {
            continue;
        }
        let colour = board.colour_at(p.r(), p.c());
        left.rows[p.r()] &= !(1u64 << p.c());
        queue.clear();
        queue.push_back((p.r(), p.c()));
        let mut size = 0;
        while let Some((r, c)) = queue.pop_front() {
            size += 1;
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in near {
                if nr < board.n
                    && nc < board.m
                    && left.rows[nr] >> nc & 1 == 1
                    && board.colour_at(nr, nc) == colour
                {
                    left.rows[nr] &= !(1u64 << nc);
                    queue.push_back((nr, nc));
                }
            }
        }
        sizes.push(size);
    }
    sizes
}

// ----------------------------------------------------------------------------------------------
// Comparison.

/// The board an engine had just before operation `op` (and, for `round > 0`, before that round),
/// rebuilt from the case and that engine's own trace (its swaps and removals, then gravity).
fn board_at(case: &Case, trace: &[OpTrace], op: usize, round: Option<usize>) -> Board {
    let mut board = case.board.clone();
    let last = if round.is_some() { op + 1 } else { op };
    for (i, (o, t)) in case.ops.iter().zip(trace).enumerate().take(last) {
        if t.invalid.is_some() {
            continue;
        }
        swap(&mut board, o.a, o.b);
        let rounds = if i == op {
            round.unwrap_or(0)
        } else {
            t.rounds.len()
        };
        for r in t.rounds.iter().take(rounds) {
            remove_and_fall(&mut board, &r.removed);
        }
    }
    board
}

fn cells_list(cells: impl Iterator<Item = Pos>) -> String {
    let v: Vec<String> = cells.take(12).map(|p| p.to_string()).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

fn cell_difference(names: Names<'_>, what: &str, a: &Cells, b: &Cells) -> String {
    let only_a = a.iter().filter(|p| !b.contains(*p));
    let only_b = b.iter().filter(|p| !a.contains(*p));
    let Names { a: na, b: nb } = names;
    format!(
        "{what} differ: {na} {} cells, {nb} {}; only in {na}: {}; only in {nb}: {}",
        a.count(),
        b.count(),
        cells_list(only_a),
        cells_list(only_b)
    )
}

/// The first differing event: where (operation, round), in words, and the cells in question.
struct Event<'a> {
    op: usize,
    round: Option<usize>,
    at: String,
    what: String,
    marks: Option<(&'a Cells, &'a Cells)>,
}

fn compare(case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
    let e = first_event(case, a, b, names)?;
    Some(divergence(case, a, b, e, names))
}

fn differ(
    names: Names<'_>,
    what: &str,
    x: impl std::fmt::Display,
    y: impl std::fmt::Display,
) -> String {
    format!("{what} differ: {} {x}, {} {y}", names.a, names.b)
}

/// Walks both traces in step: per operation its validity, main colours, each round (matched cells,
/// removed cells, combo and elimination points), chain and hand; then the final board and score.
fn first_event<'a>(
    case: &Case,
    reference: &'a Outcome,
    optimized: &'a Outcome,
    names: Names<'_>,
) -> Option<Event<'a>> {
    let (rt, ot) = (&reference.ops, &optimized.ops);
    for i in 0..rt.len().max(ot.len()) {
        let op_name = case
            .ops
            .get(i)
            .map_or(String::new(), |o| format!(" (swap {} {})", o.a, o.b));
        let at = format!("operation {}{op_name}", i + 1);
        let whole_op = |what: String| {
            Some(Event {
                op: i,
                round: None,
                at: at.clone(),
                what,
                marks: None,
            })
        };
        let before_rounds = |what: String| {
            Some(Event {
                op: i,
                round: Some(0),
                at: at.clone(),
                what,
                marks: None,
            })
        };
        let in_round = |r: usize, what: String, marks| {
            Some(Event {
                op: i,
                round: Some(r),
                at: format!("{at}, round {}", r + 1),
                what,
                marks,
            })
        };
        let (Some(a), Some(b)) = (rt.get(i), ot.get(i)) else {
            return whole_op(differ(
                names,
                "trace lengths (operations)",
                rt.len(),
                ot.len(),
            ));
        };
        if a.invalid != b.invalid {
            let show = |v: Option<Invalid>| {
                v.map_or("valid".to_string(), |w| format!("invalid ({})", w.name()))
            };
            return before_rounds(differ(
                names,
                "validity verdicts",
                show(a.invalid),
                show(b.invalid),
            ));
        }
        if a.main != b.main {
            return before_rounds(differ(
                names,
                "main colours",
                format!("{:?}", a.main),
                format!("{:?}", b.main),
            ));
        }
        for r in 0..a.rounds.len().max(b.rounds.len()) {
            let (Some(x), Some(y)) = (a.rounds.get(r), b.rounds.get(r)) else {
                return in_round(
                    r,
                    differ(names, "numbers of rounds", a.rounds.len(), b.rounds.len()),
                    None,
                );
            };
            if x.matched != y.matched {
                return in_round(
                    r,
                    cell_difference(names, "matched cells (runs)", &x.matched, &y.matched),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.removed != y.removed {
                return in_round(
                    r,
                    cell_difference(names, "removed cells", &x.removed, &y.removed),
                    Some((&x.removed, &y.removed)),
                );
            }
            if x.combo != y.combo {
                return in_round(
                    r,
                    differ(names, "combo points", x.combo, y.combo),
                    Some((&x.matched, &y.matched)),
                );
            }
            if x.elimination != y.elimination {
                return in_round(
                    r,
                    differ(names, "elimination points", x.elimination, y.elimination),
                    Some((&x.removed, &y.removed)),
                );
            }
        }
        if a.chain != b.chain {
            return whole_op(differ(names, "chain points", a.chain, b.chain));
        }
        if a.hand != b.hand {
            let show = |h: Option<model::texas::Hand>| {
                h.map_or("none".to_string(), |h| {
                    format!("{} = {}", h.kind.name(), h.points)
                })
            };
            return whole_op(differ(names, "hands", show(a.hand), show(b.hand)));
        }
    }
    let end = |what: String| {
        Some(Event {
            op: case.ops.len(),
            round: None,
            at: "end of game".into(),
            what,
            marks: None,
        })
    };
    if reference.board != optimized.board {
        return end("final boards differ".into());
    }
    if reference.score != optimized.score {
        let show = |s: &model::texas::Score| {
            format!(
                "{} (elimination {}, chain {}, combo {}, hand {}, endgame {})",
                s.total(),
                s.elimination,
                s.chain,
                s.combo,
                s.hand,
                s.endgame
            )
        };
        return end(differ(
            names,
            "score breakdowns",
            show(&reference.score),
            show(&optimized.score),
        ));
    }
    None
}

fn divergence(
    case: &Case,
    reference: &Outcome,
    optimized: &Outcome,
    event: Event<'_>,
    names: Names<'_>,
) -> Divergence {
    let Event {
        op,
        round,
        at,
        what,
        marks,
    } = event;
    let (rb, ob) = if op >= case.ops.len() {
        (reference.board.clone(), optimized.board.clone())
    } else {
        (
            board_at(case, &reference.ops, op, round),
            board_at(case, &optimized.ops, op, round),
        )
    };
    let moment = match (op >= case.ops.len(), round) {
        (true, _) => "final board".to_string(),
        (false, Some(r)) => format!("before round {} (after the swap)", r + 1),
        (false, None) => format!("before operation {}", op + 1),
    };
    let mark_note = if marks.is_some() {
        ", [x] = in question"
    } else {
        ""
    };
    let a_view = format!("{moment}{mark_note}\n{}", rb.render(marks.map(|m| m.0)));
    let b_view = format!("{moment}{mark_note}\n{}", ob.render(marks.map(|m| m.1)));
    let lo = op.saturating_sub(1);
    let around = |ops: &[OpTrace]| -> Vec<serde_json::Value> {
        (lo..=op + 1)
            .filter_map(|i| ops.get(i).map(|t| json!({"operation": i + 1, "trace": t})))
            .collect()
    };
    let context = json!({
        "operation": op + 1,
        "round": round.map(|r| r + 1),
        "engines": [names.a, names.b],
        "a": { "score": reference.score, "total": reference.score.total(), "around": around(&reference.ops) },
        "b": { "score": optimized.score, "total": optimized.score.total(), "around": around(&optimized.ops) },
    });
    Divergence {
        at,
        what,
        a_view,
        b_view,
        context,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample1() -> Case {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
        Case::parse(&std::fs::read(path).unwrap()).unwrap()
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
            d.at.starts_with(&format!("operation {}", valid_op + 1)),
            "{}",
            d.at
        );
        assert!(d.at.ends_with(", round 2"), "{}", d.at);
        assert!(d.what.starts_with("removed cells differ"), "{}", d.what);
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

        let mut bad = good.clone();
        bad.board.colour[0] ^= 1;
        assert_eq!(
            compare(&case, &good, &bad, Names::default()).unwrap().what,
            "final boards differ"
        );

        let mut bad = good.clone();
        bad.score.hand += 1;
        let d = compare(&case, &good, &bad, Names::default()).unwrap();
        assert_eq!(d.at, "end of game");
        assert!(d.what.starts_with("score breakdowns differ"), "{}", d.what);
    }

    #[test]
    fn coverage_sees_the_rules_sample_1_uses() {
        let case = sample1();
        let out = reference::texas::outcome(&case);
        let hit = coverage(&case, &out);
        // Both endgame bonuses: every operation valid and the board cleared.
        for key in [
            "hand: two pairs",
            "all operations valid",
            "board cleared",
            "special 5 (5x5)",
        ] {
            assert!(hit.contains(&key), "{key} not in {hit:?}");
        }
        assert!(!hit.contains(&"invalid: no run"));
        assert!(!hit.contains(&"hand: full house"));
    }
}
