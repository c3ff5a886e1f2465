use super::*;
use harness::rng::rng;
use harness::roles::source::Source;
use model::texas::Op;

fn board(rows: &[&str]) -> Board {
    let n = rows.len();
    let colour: Vec<u8> = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }))
        .collect();
    let m = colour.len() / n;
    Board {
        n,
        m,
        special: vec![0; n * m],
        colour,
    }
}

fn sim_of(b: &Board) -> Sim {
    let mut sim = Sim::new();
    sim.load(b.n, b.m, &b.colour, &b.special);
    sim
}

#[test]
fn run_through_finds_runs_of_three_in_both_directions_and_nothing_else() {
    let b = board(&["1121", "2311", "2342", "1212"]);
    let at = |r, c| run_through(&b.colour, b.n, b.m, r, c);
    assert!(!(0..4).any(|r| (0..4).any(|c| at(r, c))));
    let b = board(&["1113", "2321", "2342", "2312"]);
    let at = |r, c| run_through(&b.colour, b.n, b.m, r, c);
    let hits: Vec<(usize, usize)> = (0..4)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&(r, c)| at(r, c))
        .collect();
    assert_eq!(
        hits,
        vec![
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (2, 0),
            (2, 1),
            (3, 0),
            (3, 1)
        ]
    );
}

/// The boards of every operation, rebuilt from the reference's trace of sample 1: one board per
/// round (the same [`replay`] visits), the board after each operation is the one the next
/// operation starts from, and the last is the reference's final board.
#[test]
fn op_boards_follow_the_trace_round_by_round() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/texas/sample1.in");
    let case = Case::parse(&std::fs::read(path).unwrap()).unwrap();
    let out = reference::texas::outcome(&case);
    let q = case.ops.len();
    let all = op_boards(&case, &out.ops, &vec![true; q]);
    assert_eq!(all.len(), q);
    let mut visited = Vec::new();
    replay(&case, &out.ops, |i, r, b| visited.push((i, r, b.clone())));
    let mut rounds = Vec::new();
    let mut before = case.board.clone();
    for (i, (op, t)) in case.ops.iter().zip(&out.ops).enumerate() {
        let b = all[i].as_ref().unwrap();
        assert_eq!(b.rounds.len(), t.rounds.len(), "operation {}", i + 1);
        for (r, board) in b.rounds.iter().enumerate() {
            rounds.push((i, r, board.clone()));
        }
        if t.invalid.is_some() {
            assert_eq!(b.after, before, "an invalid operation changes nothing");
        } else if let Some(first) = b.rounds.first() {
            let mut swapped = before.clone();
            swap(&mut swapped, op.a, op.b);
            assert_eq!(first, &swapped, "round 1 is just after the swap");
        }
        before = b.after.clone();
    }
    assert_eq!(rounds, visited);
    assert_eq!(before, out.board);
    // Only the operations shown get boards.
    let mut shown = vec![false; q];
    shown[q - 1] = true;
    let some = op_boards(&case, &out.ops, &shown);
    assert!(some[..q - 1].iter().all(Option::is_none));
    assert_eq!(some[q - 1], all[q - 1]);
    // A trace that stops early leaves the rest without boards.
    assert!(op_boards(&case, &out.ops[..1], &vec![true; q])[1..]
        .iter()
        .all(Option::is_none));
}

#[test]
fn gravity_keeps_the_order_of_each_column() {
    let mut b = board(&["12", "34", "56", "78"]);
    b.special = vec![0, 0, 1, 0, 0, 2, 0, 0];
    let removed = Cells::from_rows(&[0, 0b10, 0b01, 0]);
    remove_and_fall(&mut b, &removed);
    assert_eq!(b.colour, vec![0, 0, 1, 2, 3, 6, 7, 8]);
    assert_eq!(b.special, vec![0, 0, 0, 0, 1, 2, 0, 0]);
}

#[test]
fn a_swap_cascades_until_the_board_is_stable() {
    // Swapping (2 3) and (3 3) lines up three 1s in row 3; the pieces above fall and the 2s of
    // column 1 make a run in the second round.
    let b = board(&["213", "231", "112", "233"]);
    let mut sim = sim_of(&b);
    assert!(!sim.is_valid(Pos::new(0, 0), Pos::new(1, 1)), "diagonal");
    assert!(!sim.is_valid(Pos::new(0, 0), Pos::new(0, 0)), "same cell");
    assert!(!sim.apply(Pos::new(3, 0), Pos::new(3, 1)), "no run");
    assert_eq!(sim.changes(), 0);
    assert!(sim.apply(Pos::new(1, 2), Pos::new(2, 2)));
    assert_eq!(sim.changes(), 1);
    assert_eq!(sim.colour(), &[0, 0, 0, 0, 1, 3, 0, 3, 2, 0, 3, 3]);
    // Swaps with an empty cell are invalid.
    assert!(!sim.apply(Pos::new(0, 1), Pos::new(1, 1)));
}

#[test]
fn specials_chain_within_a_round() {
    // The swap makes row 4 a run of five 1s. Its special 1 adds its own row, its special 2
    // column 2, which reaches a special 4 at the top (the 3x3 square around it) and a special 6
    // (every 3). The 2s left fall to the bottom row and make a run of three in round 2.
    let mut b = board(&["23232", "32323", "23132", "11211"]);
    b.special[3 * 5] = 1;
    b.special[3 * 5 + 1] = 2;
    b.special[1] = 4;
    b.special[5 + 2] = 6;
    let mut sim = sim_of(&b);
    assert!(sim.apply(Pos::new(2, 2), Pos::new(3, 2)));
    let mut want = [0u8; 20];
    want[15] = 2;
    want[19] = 2;
    assert_eq!(sim.colour(), &want[..]);
    assert!(sim.special().iter().all(|&s| s == 0));
}

/// The simulation against the reference: on generated cases every operation's validity and
/// the final board agree.
#[test]
fn the_simulation_plays_cases_as_the_reference_does() {
    let mut sim = Sim::new();
    for seed in 0..600u64 {
        let mut src = rng(seed);
        let profile = *src.pick(&[
            "tiny",
            "small",
            "specials",
            "cascade",
            "edges",
            "full",
            "many-colours",
            "storm-small",
        ]);
        let case = if profile == "storm-small" {
            let p = super::super::gen::Params {
                specials: (0.1, 0.3),
                ..super::super::gen::params("small").unwrap_or_else(|| unreachable!())
            };
            super::super::gen::generate_with(&p, &mut src)
        } else {
            super::super::gen::generate(profile, &mut src)
        };
        let want = reference::texas::outcome(&case);
        sim.load(case.n(), case.m(), &case.board.colour, &case.board.special);
        for (i, (&Op { a, b }, t)) in case.ops.iter().zip(&want.ops).enumerate() {
            assert_eq!(
                sim.apply(a, b),
                t.invalid.is_none(),
                "seed {seed} operation {}\n{}",
                i + 1,
                case.write()
            );
        }
        assert_eq!(sim.board(), want.board, "seed {seed}\n{}", case.write());
    }
    // Long games on the largest board, with dense row, column and colour specials.
    for seed in 0..2 {
        let case = super::super::gen::generate("storm", &mut rng(seed));
        let want = reference::texas::outcome(&case);
        sim.load(50, 50, &case.board.colour, &case.board.special);
        let verdicts: Vec<bool> = case.ops.iter().map(|op| sim.apply(op.a, op.b)).collect();
        let valid: Vec<bool> = want.ops.iter().map(|t| t.invalid.is_none()).collect();
        assert_eq!(verdicts, valid, "storm seed {seed}");
        assert_eq!(sim.board(), want.board, "storm seed {seed}");
    }
}
