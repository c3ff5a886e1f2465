//! Texas Match-3 for the generic tools: generators, comparison down to the first differing event,
//! shrink candidates and rule coverage.

pub mod costs;
pub mod gen;
mod shrink;

use crate::game::{Divergence, EngineKind, Game, Profile};
use crate::source::{Bytes, Source};
use arbitrary::Unstructured;
use model::texas::{Board, Case, Cells, HandKind, Invalid, OpTrace, Outcome, Pos};
use model::ParseError;
use serde_json::json;

/// Texas Match-3.
pub struct Texas;

impl Game for Texas {
    const NAME: &'static str = "texas";
    type Case = Case;
    type Outcome = Outcome;

    fn profiles() -> &'static [Profile] {
        gen::PROFILES
    }

    fn generate(profile: &str, seed: u64) -> Case {
        gen::generate(profile, &mut crate::rng::rng(seed))
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let mut src = Bytes(u);
        const FUZZ_PROFILES: &[&str] = &[
            "tiny",
            "small",
            "specials",
            "plain",
            "cascade",
            "wide",
            "tall",
            "many-colours",
        ];
        let profile = *src.pick(FUZZ_PROFILES);
        Ok(gen::generate(profile, &mut src))
    }

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn run(case: &Case, engine: EngineKind, trace: bool) -> Outcome {
        match (engine, trace) {
            (EngineKind::Optimized, true) => engine::texas::outcome(case),
            (EngineKind::Reference, true) => reference::texas::outcome(case),
            (EngineKind::Optimized, false) => {
                untraced(engine::texas::play(case, &mut model::texas::NoTrace))
            }
            (EngineKind::Reference, false) => {
                untraced(reference::texas::play(case, &mut model::texas::NoTrace))
            }
        }
    }

    fn answer(outcome: &Outcome) -> String {
        format!("{}\n", outcome.score.total())
    }

    fn compare(case: &Case, reference: &Outcome, optimized: &Outcome) -> Option<Divergence> {
        compare(case, reference, optimized)
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

fn untraced((score, board): (model::texas::Score, Board)) -> Outcome {
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
    let mut hit = [false; 26];
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
    const SPECIAL_KEYS: [&str; 6] = [
        "special 1 (row)",
        "special 2 (column)",
        "special 3 (row+column)",
        "special 4 (3x3)",
        "special 5 (5x5)",
        "special 6 (colour)",
    ];
    let mut seen = std::collections::VecDeque::new();
    replay(case, &outcome.ops, |i, r, board| {
        let round = &outcome.ops[i].rounds[r];
        for p in round.removed.iter() {
            if p.r() >= board.n || p.c() >= board.m {
                continue;
            }
            let s = board.special_at(p.r(), p.c());
            if (1..=6).contains(&s) {
                mark(SPECIAL_KEYS[usize::from(s) - 1]);
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

/// The board an engine had just before operation `op` (and, for `round > 0`, before that round,
/// replayed from its own trace), by re-running that engine on the first `op` operations.
fn board_at(
    case: &Case,
    engine: EngineKind,
    trace: &[OpTrace],
    op: usize,
    round: Option<usize>,
) -> Board {
    let mut prefix = case.clone();
    prefix.ops.truncate(op);
    let mut board = if op == 0 {
        case.board.clone()
    } else {
        Texas::run(&prefix, engine, false).board
    };
    if let (Some(round), Some(t), Some(o)) = (round, trace.get(op), case.ops.get(op)) {
        if t.invalid.is_none() {
            swap(&mut board, o.a, o.b);
            for r in t.rounds.iter().take(round) {
                remove_and_fall(&mut board, &r.removed);
            }
        }
    }
    board
}

/// A board picture with some cells marked `[x]`.
fn picture(board: &Board, marked: Option<&Cells>) -> String {
    let mut out = String::new();
    for r in 0..board.n {
        for c in 0..board.m {
            if c > 0 {
                out.push(' ');
            }
            let (v, s) = (board.colour_at(r, c), board.special_at(r, c));
            let cell = match (v, s) {
                (0, _) => ".".to_string(),
                (v, 0) => v.to_string(),
                (v, s) => format!("{v}*{s}"),
            };
            let hit = marked.is_some_and(|m| m.contains(Pos::new(r, c)));
            let cell = if hit { format!("[{cell}]") } else { cell };
            out.push_str(&format!("{cell:>6}"));
        }
        out.push('\n');
    }
    out
}

fn cells_list(cells: impl Iterator<Item = Pos>) -> String {
    let v: Vec<String> = cells.take(12).map(|p| p.to_string()).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

fn cell_difference(what: &str, a: &Cells, b: &Cells) -> String {
    let only_a = a.iter().filter(|p| !b.contains(*p));
    let only_b = b.iter().filter(|p| !a.contains(*p));
    format!(
        "{what} differ: reference {} cells, optimized {}; only in reference: {}; only in optimized: {}",
        a.count(),
        b.count(),
        cells_list(only_a),
        cells_list(only_b)
    )
}

fn compare(case: &Case, reference: &Outcome, optimized: &Outcome) -> Option<Divergence> {
    let (rt, ot) = (&reference.ops, &optimized.ops);
    let ops = rt.len().max(ot.len());
    for i in 0..ops {
        let op_name = case
            .ops
            .get(i)
            .map_or(String::new(), |o| format!(" (swap {} {})", o.a, o.b));
        let (Some(a), Some(b)) = (rt.get(i), ot.get(i)) else {
            return Some(divergence(
                case,
                reference,
                optimized,
                i,
                None,
                format!("operation {}", i + 1),
                format!(
                    "trace lengths differ: reference {} operations, optimized {}",
                    rt.len(),
                    ot.len()
                ),
                None,
            ));
        };
        let at = format!("operation {}{op_name}", i + 1);
        if a.invalid != b.invalid {
            let show = |v: Option<Invalid>| {
                v.map_or("valid".to_string(), |w| format!("invalid ({})", w.name()))
            };
            let what = format!(
                "validity differs: reference {}, optimized {}",
                show(a.invalid),
                show(b.invalid)
            );
            return Some(divergence(
                case,
                reference,
                optimized,
                i,
                Some(0),
                at,
                what,
                None,
            ));
        }
        if a.main != b.main {
            let what = format!(
                "main colours differ: reference {:?}, optimized {:?}",
                a.main, b.main
            );
            return Some(divergence(
                case,
                reference,
                optimized,
                i,
                Some(0),
                at,
                what,
                None,
            ));
        }
        for r in 0..a.rounds.len().max(b.rounds.len()) {
            let at = format!("operation {}{op_name}, round {}", i + 1, r + 1);
            let (Some(x), Some(y)) = (a.rounds.get(r), b.rounds.get(r)) else {
                let what = format!(
                    "number of rounds differs: reference {}, optimized {}",
                    a.rounds.len(),
                    b.rounds.len()
                );
                return Some(divergence(
                    case,
                    reference,
                    optimized,
                    i,
                    Some(r),
                    at,
                    what,
                    None,
                ));
            };
            let found = if x.matched != y.matched {
                Some((
                    cell_difference("matched cells (runs)", &x.matched, &y.matched),
                    Some((&x.matched, &y.matched)),
                ))
            } else if x.removed != y.removed {
                Some((
                    cell_difference("removed cells", &x.removed, &y.removed),
                    Some((&x.removed, &y.removed)),
                ))
            } else if x.combo != y.combo {
                Some((
                    format!(
                        "combo points differ: reference {}, optimized {}",
                        x.combo, y.combo
                    ),
                    Some((&x.matched, &y.matched)),
                ))
            } else if x.elimination != y.elimination {
                Some((
                    format!(
                        "elimination points differ: reference {}, optimized {}",
                        x.elimination, y.elimination
                    ),
                    Some((&x.removed, &y.removed)),
                ))
            } else {
                None
            };
            if let Some((what, marks)) = found {
                return Some(divergence(
                    case,
                    reference,
                    optimized,
                    i,
                    Some(r),
                    at,
                    what,
                    marks,
                ));
            }
        }
        if a.chain != b.chain {
            let what = format!(
                "chain points differ: reference {}, optimized {}",
                a.chain, b.chain
            );
            return Some(divergence(
                case, reference, optimized, i, None, at, what, None,
            ));
        }
        if a.hand != b.hand {
            let show = |h: Option<model::texas::Hand>| {
                h.map_or("none".to_string(), |h| {
                    format!("{} = {}", h.kind.name(), h.points)
                })
            };
            let what = format!(
                "hand differs: reference {}, optimized {}",
                show(a.hand),
                show(b.hand)
            );
            return Some(divergence(
                case, reference, optimized, i, None, at, what, None,
            ));
        }
    }
    if reference.board != optimized.board {
        let what = "final boards differ".to_string();
        return Some(divergence(
            case,
            reference,
            optimized,
            case.ops.len(),
            None,
            "end of game".into(),
            what,
            None,
        ));
    }
    if reference.score != optimized.score {
        let (a, b) = (reference.score, optimized.score);
        let what = format!(
            "score breakdowns differ: reference {} (elimination {}, chain {}, combo {}, hand {}, endgame {}), optimized {} ({}, {}, {}, {}, {})",
            a.total(), a.elimination, a.chain, a.combo, a.hand, a.endgame,
            b.total(), b.elimination, b.chain, b.combo, b.hand, b.endgame
        );
        return Some(divergence(
            case,
            reference,
            optimized,
            case.ops.len(),
            None,
            "end of game".into(),
            what,
            None,
        ));
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn divergence(
    case: &Case,
    reference: &Outcome,
    optimized: &Outcome,
    op: usize,
    round: Option<usize>,
    at: String,
    what: String,
    marks: Option<(&Cells, &Cells)>,
) -> Divergence {
    let (rb, ob) = if op >= case.ops.len() {
        (reference.board.clone(), optimized.board.clone())
    } else {
        (
            board_at(case, EngineKind::Reference, &reference.ops, op, round),
            board_at(case, EngineKind::Optimized, &optimized.ops, op, round),
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
    let reference_view = format!("{moment}{mark_note}\n{}", picture(&rb, marks.map(|m| m.0)));
    let optimized_view = format!("{moment}{mark_note}\n{}", picture(&ob, marks.map(|m| m.1)));
    let lo = op.saturating_sub(1);
    let around = |ops: &[OpTrace]| -> Vec<serde_json::Value> {
        (lo..=op + 1)
            .filter_map(|i| ops.get(i).map(|t| json!({"operation": i + 1, "trace": t})))
            .collect()
    };
    let context = json!({
        "operation": op + 1,
        "round": round.map(|r| r + 1),
        "reference": { "score": reference.score, "total": reference.score.total(), "around": around(&reference.ops) },
        "optimized": { "score": optimized.score, "total": optimized.score.total(), "around": around(&optimized.ops) },
    });
    Divergence {
        at,
        what,
        reference_view,
        optimized_view,
        context,
    }
}
