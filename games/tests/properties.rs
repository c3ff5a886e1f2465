//! Properties of Texas Match-3 games, checked with proptest. Cases come from byte vectors through the
//! generators' `arbitrary` path, so when a property fails proptest shrinks the bytes, and shorter or
//! smaller bytes mean a smaller case.

use arbitrary::Unstructured;
use games::Texas;
use harness::prelude::Names;
use harness::prelude::*;
use model::texas::{Board, Case, Invalid, NoTrace, Recorder};
use proptest::prelude::*;

fn case_from(bytes: &[u8]) -> Case {
    Texas::arbitrary_case(&mut Unstructured::new(bytes))
        .expect("the arbitrary path accepts any bytes")
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..2000)
}

/// The board after each operation, from the optimized engine stepped one operation at a time,
/// with each operation's trace.
fn steps(case: &Case) -> Vec<(Board, model::texas::OpTrace)> {
    let mut engine = engine::texas::Engine::new();
    engine.load(case);
    let mut out = Vec::new();
    for &op in &case.ops {
        let mut rec = Recorder::default();
        engine.apply(op, &mut rec);
        out.push((
            engine.board(),
            rec.ops.pop().expect("one trace entry per operation"),
        ));
    }
    out
}

fn has_run(b: &Board) -> bool {
    b.find_run().is_some()
}

fn floating(b: &Board) -> Option<(usize, usize)> {
    (0..b.m).find_map(|c| {
        (1..b.n)
            .find(|&r| b.colour_at(r - 1, c) != 0 && b.colour_at(r, c) == 0)
            .map(|r| (r, c))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(debug_assertions) { 300 } else { 3000 }, ..ProptestConfig::default() })]

    #[test]
    fn engine_and_reference_agree(data in bytes()) {
        let case = case_from(&data);
        let reference = reference::texas::outcome(&case);
        let optimized = engine::texas::outcome(&case);
        let d = Texas::compare(&case, &reference, &optimized, Names::default());
        prop_assert!(d.is_none(), "{}\n{}", harness::render::report::divergence(&d.unwrap(), Names::default(), false), case.write());
        prop_assert_eq!(reference, optimized);
    }

    #[test]
    fn pieces_are_conserved(data in bytes()) {
        let case = case_from(&data);
        let out = reference::texas::outcome(&case);
        let removed: usize = out.ops.iter().flat_map(|t| &t.rounds).map(|r| r.removed.count()).sum();
        prop_assert_eq!(out.board.pieces() + removed, case.n() * case.m());
        for t in &out.ops {
            for r in &t.rounds {
                // Every matched cell is removed.
                prop_assert!(r.matched.iter().all(|p| r.removed.contains(p)));
            }
        }
    }

    #[test]
    fn boards_stay_settled_and_stable(data in bytes()) {
        let case = case_from(&data);
        let mut before = case.board.clone();
        for (i, (after, trace)) in steps(&case).into_iter().enumerate() {
            prop_assert!(floating(&after).is_none(), "a piece floats above {:?} after operation {}", floating(&after), i + 1);
            prop_assert!(!has_run(&after), "a run is left after operation {}", i + 1);
            if let Some(why) = trace.invalid {
                prop_assert_eq!(&after, &before, "invalid operation {} ({:?}) changed the board", i + 1, why);
                prop_assert!(trace.rounds.is_empty() && trace.main.is_empty());
            } else {
                prop_assert!(!trace.rounds.is_empty(), "a valid operation removed nothing");
                prop_assert!(after.pieces() < before.pieces());
            }
            before = after;
        }
    }

    #[test]
    fn the_running_score_adds_up_and_never_decreases(data in bytes()) {
        let case = case_from(&data);
        let out = engine::texas::outcome(&case);
        let mut running = 0u64;
        let mut parts = model::texas::Score::default();
        for t in &out.ops {
            let points: u64 = t.rounds.iter().map(|r| r.combo + r.elimination).sum::<u64>() + t.chain + t.hand.map_or(0, |h| h.points);
            let next = running + points;
            prop_assert!(next >= running);
            running = next;
            parts.elimination += t.rounds.iter().map(|r| r.elimination).sum::<u64>();
            parts.combo += t.rounds.iter().map(|r| r.combo).sum::<u64>();
            parts.chain += t.chain;
            parts.hand += t.hand.map_or(0, |h| h.points);
        }
        let all_valid = out.ops.iter().all(|t| t.invalid.is_none());
        parts.endgame = if all_valid { 1000 } else { 0 } + if out.board.is_cleared() { 10000 } else { 0 };
        prop_assert_eq!(parts, out.score);
        prop_assert_eq!(running + parts.endgame, out.score.total());
        prop_assert_eq!(engine::texas::play(&case, &mut NoTrace).0, out.score);
    }

    #[test]
    fn an_operation_is_invalid_exactly_when_the_rules_say(data in bytes()) {
        let case = case_from(&data);
        let mut before = case.board.clone();
        for ((after, trace), op) in steps(&case).into_iter().zip(&case.ops) {
            let adjacent = op.a.r().abs_diff(op.b.r()) + op.a.c().abs_diff(op.b.c()) == 1;
            let empty = before.is_empty_at(op.a.r(), op.a.c()) || before.is_empty_at(op.b.r(), op.b.c());
            match trace.invalid {
                Some(Invalid::NotAdjacent) => prop_assert!(!adjacent),
                Some(Invalid::EmptyCell) => prop_assert!(adjacent && empty),
                Some(Invalid::NoRun) => {
                    prop_assert!(adjacent && !empty);
                    let mut swapped = before.clone();
                    let (ia, ib) = (swapped.idx(op.a.r(), op.a.c()), swapped.idx(op.b.r(), op.b.c()));
                    swapped.colour.swap(ia, ib);
                    prop_assert!(!has_run(&swapped));
                }
                None => prop_assert!(adjacent && !empty),
            }
            before = after;
        }
    }
}
