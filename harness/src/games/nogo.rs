//! NoGo for the generic tools.
//!
//! The case is the board (the contest input). The outcome is the play-out plus the checker's
//! verdicts on a family of proposed move lists: the play-out itself, prefixes, lists with a move
//! replaced, swapped, dropped or appended. The family is a pure function of the board and the
//! play-out, so when both engines play out alike their checkers judge exactly the same lists, and
//! `compare` diffs the play-outs first and the verdicts after.

use crate::game::{function, BenchRow, Divergence, EngineEntry, Game, Names, Profile};
use crate::rng::{mix, rng, Rng};
use arbitrary::Unstructured;
use model::nogo::{parse_moves, write_moves, Board, Colour, Move, Verdict};
use model::ParseError;
use rand::Rng as _;
use serde_json::json;
use std::fmt::Write as _;
use std::time::Duration;

/// NoGo play-out (RULES.md §3).
pub struct Nogo;

/// Largest side of the generated boards the reference can still handle quickly.
pub const SMALL_N: usize = 12;

/// One proposed move list, described by how it is made from a play-out `P`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Proposal {
    /// `P` itself.
    PlayOut,
    /// The first `k` moves of `P`.
    Prefix(usize),
    /// `P` with the move at 0-based `index` replaced by `with` (may be occupied or off the board).
    Replace { index: usize, with: Move },
    /// `P` with the moves at two 0-based indices exchanged.
    Swap(usize, usize),
    /// `P` without the move at 0-based `index`: every later move changes colour.
    Drop(usize),
    /// `P` followed by one more move.
    Append(Move),
}

impl Proposal {
    /// The move list this proposal makes from the play-out `base`.
    pub fn apply(&self, base: &[Move]) -> Vec<Move> {
        let mut list = base.to_vec();
        match *self {
            Proposal::PlayOut => {}
            Proposal::Prefix(k) => list.truncate(k),
            Proposal::Replace { index, with } => {
                if let Some(m) = list.get_mut(index) {
                    *m = with;
                }
            }
            Proposal::Swap(i, j) => {
                if i < list.len() && j < list.len() {
                    list.swap(i, j);
                }
            }
            Proposal::Drop(index) => {
                if index < list.len() {
                    list.remove(index);
                }
            }
            Proposal::Append(m) => list.push(m),
        }
        list
    }

    /// One line for reports, 1-based like the checker's messages.
    pub fn describe(&self) -> String {
        match *self {
            Proposal::PlayOut => "the play-out itself".into(),
            Proposal::Prefix(k) => format!("the first {k} moves of the play-out"),
            Proposal::Replace { index, with } => {
                format!("the play-out with move {} replaced by {with}", index + 1)
            }
            Proposal::Swap(i, j) => {
                format!("the play-out with moves {} and {} swapped", i + 1, j + 1)
            }
            Proposal::Drop(index) => format!("the play-out without move {}", index + 1),
            Proposal::Append(m) => format!("the play-out followed by {m}"),
        }
    }
}

/// The kinds of illegal points the reference's scans met (filled by a traced reference run only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IllegalSeen {
    pub suicide: bool,
    pub fills_last_liberty: bool,
    pub both: bool,
}

/// What an engine computes for a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The play-out.
    pub moves: Vec<Move>,
    /// The checker's verdict on each proposal (empty when run without a trace).
    pub checks: Vec<(Proposal, Verdict)>,
    /// Set by a traced reference run, for the coverage counters.
    pub illegal_seen: Option<IllegalSeen>,
}

/// A stable hash of a board (FNV-1a over the size and the points, then mixed).
pub fn board_hash(board: &Board) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for b in (board.n as u64).to_le_bytes() {
        eat(b);
    }
    for p in &board.cells {
        eat(match p {
            None => 0,
            Some(Colour::Black) => 1,
            Some(Colour::White) => 2,
        });
    }
    mix(h)
}

/// The proposals for a board and its play-out: a pure function of both.
pub fn proposals(board: &Board, playout: &[Move]) -> Vec<Proposal> {
    let n = board.n;
    let len = playout.len();
    let mut r = rng(board_hash(board) ^ mix(len as u64));
    let point = |r: &mut Rng| Move::new(r.random_range(0..n), r.random_range(0..n));
    let mut out = vec![Proposal::PlayOut, Proposal::Prefix(0)];
    if len > 0 {
        out.push(Proposal::Prefix(r.random_range(0..len)));
        out.push(Proposal::Prefix(len - 1));
        // A point occupied when move `index` is played: an initial stone or an earlier move.
        let index = r.random_range(0..len);
        let initial: Vec<usize> = (0..n * n).filter(|&i| board.cells[i].is_some()).collect();
        let choices = initial.len() + index;
        if choices > 0 {
            let k = r.random_range(0..choices);
            let with = match initial.get(k) {
                Some(&i) => Move::new(i / n, i % n),
                None => playout[k - initial.len()],
            };
            out.push(Proposal::Replace { index, with });
        }
        for _ in 0..2 {
            let index = r.random_range(0..len);
            out.push(Proposal::Replace {
                index,
                with: point(&mut r),
            });
        }
        let off = r.random_range(0..3);
        let along = r.random_range(0..n + 3);
        let with = if r.random_bool(0.5) {
            Move::new(n + off, along)
        } else {
            Move::new(along, n + off)
        };
        out.push(Proposal::Replace {
            index: r.random_range(0..len),
            with,
        });
        out.push(Proposal::Drop(r.random_range(0..len)));
    }
    if len >= 2 {
        let i = r.random_range(0..len - 1);
        out.push(Proposal::Swap(i, i + 1));
    }
    if len >= 3 {
        let i = r.random_range(0..len - 2);
        out.push(Proposal::Swap(i, i + 2));
        // Two moves of one colour, anywhere.
        let i = r.random_range(0..len - 2);
        let j = i + 2 * r.random_range(1..=(len - 1 - i) / 2);
        out.push(Proposal::Swap(i, j));
    }
    // One more move: a point still empty at the end when there is one, so the fault is "illegal".
    let mut empty_at_end: Vec<bool> = board.cells.iter().map(Option::is_none).collect();
    for m in playout {
        if m.on_board(n) {
            empty_at_end[m.r() * n + m.c()] = false;
        }
    }
    let empties: Vec<usize> = (0..n * n).filter(|&i| empty_at_end[i]).collect();
    let extra = if empties.is_empty() {
        point(&mut r)
    } else {
        let i = empties[r.random_range(0..empties.len())];
        Move::new(i / n, i % n)
    };
    out.push(Proposal::Append(extra));
    out
}

/// Clears the first stone of each group without liberty until every group has one. Removing a
/// stone never takes a liberty from anyone, so this ends with a valid board.
pub fn repair(board: &mut Board) {
    while let Some((r, c)) = board.dead_group() {
        board.set(r, c, None);
    }
}

/// A random valid n x n board: each point holds a stone with probability `density`, black with
/// probability `black`; then groups without liberty lose stones.
pub fn random_board(r: &mut Rng, n: usize, density: f64, black: f64) -> Board {
    let mut board = Board::empty(n);
    for p in &mut board.cells {
        if r.random_bool(density) {
            *p = Some(if r.random_bool(black) {
                Colour::Black
            } else {
                Colour::White
            });
        }
    }
    repair(&mut board);
    board
}

const PROFILES: &[Profile] = &[
    Profile {
        name: "mix",
        about:
            "boards up to 12x12: random densities and colour balances, some empty, some nearly full",
    },
    Profile {
        name: "small",
        about: "boards of side 1 to 4, any density",
    },
    Profile {
        name: "empty",
        about: "empty boards of side 1 to 12",
    },
    Profile {
        name: "full",
        about: "nearly full boards up to 12x12 (density 0.85 to 1, then repaired)",
    },
    Profile {
        name: "medium",
        about: "boards of side 13 to 20, any density (slower for the reference)",
    },
    Profile {
        name: "empty-250",
        about: "the empty 250x250 board (benchmarks; too big for the reference)",
    },
    Profile {
        name: "empty-500",
        about: "the empty 500x500 board (benchmarks; too big for the reference)",
    },
    Profile {
        name: "empty-1000",
        about: "the empty 1000x1000 board (benchmarks; too big for the reference)",
    },
];

const COVERAGE: &[&str] = &[
    "1x1 board",
    "game ends at once",
    "ends with X to move",
    "ends with O to move",
    "illegal: suicide",
    "illegal: fills last liberty",
    "illegal: both",
    "check: ok",
    "check: ok, not the play-out",
    "check: illegal",
    "check: occupied",
    "check: off board",
    "check: not over",
];

/// Which of the game's two engines runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Reference,
    Optimized,
}

/// One engine's outcome: its play-out, and with a trace its checker's verdicts on the proposals.
fn run(case: &Board, side: Side, trace: bool) -> Outcome {
    let (moves, illegal_seen) = run_playout(case, side, trace);
    let checks = if trace {
        proposals(case, &moves)
            .into_iter()
            .map(|p| (p, check_with(side, case, &p.apply(&moves))))
            .collect()
    } else {
        Vec::new()
    };
    Outcome {
        moves,
        checks,
        illegal_seen,
    }
}

fn run_playout(case: &Board, side: Side, trace: bool) -> (Vec<Move>, Option<IllegalSeen>) {
    match (side, trace) {
        (Side::Optimized, _) => (engine::nogo::playout(case), None),
        (Side::Reference, false) => (reference::nogo::playout(case), None),
        (Side::Reference, true) => {
            use reference::nogo::Illegal;
            let t = reference::nogo::playout_traced(case);
            let mut seen = IllegalSeen::default();
            for s in &t.skipped {
                match s.why {
                    Illegal::Suicide => seen.suicide = true,
                    Illegal::FillsLastLiberty => seen.fills_last_liberty = true,
                    Illegal::Both => seen.both = true,
                }
            }
            (t.moves, Some(seen))
        }
    }
}

fn check_with(side: Side, case: &Board, moves: &[Move]) -> Verdict {
    match side {
        Side::Optimized => engine::nogo::check(case, moves),
        Side::Reference => reference::nogo::check(case, moves),
    }
}

/// Parses a board and a move list and judges the list with the optimized checker: the body of
/// `harness check --game nogo BOARD MOVES`. A move-list error's rule names the move it is about.
pub fn check_files(board: &[u8], moves: &[u8]) -> Result<Verdict, ParseError> {
    let board = Board::parse(board)?;
    let moves = parse_moves(moves)?;
    Ok(engine::nogo::check(&board, &moves))
}

/// Boards wider than this are shown as a window around the point of interest.
const VIEW: usize = 41;

/// The board after `played` (stones placed alternately, black first, without judging them), drawn
/// one row per line with `*` on `mark`. Large boards are cut to a window around `mark`.
fn view(board: &Board, played: &[Move], mark: Option<Move>) -> String {
    let n = board.n;
    let mut pos = board.clone();
    for (i, m) in played.iter().enumerate() {
        if m.on_board(n) {
            pos.set(m.r(), m.c(), Some(Colour::to_play(i)));
        }
    }
    let centre = mark.filter(|m| m.on_board(n)).unwrap_or(Move::new(0, 0));
    let span = |x: usize| {
        if n <= VIEW {
            (0, n)
        } else {
            let lo = x.saturating_sub(VIEW / 2).min(n - VIEW);
            (lo, lo + VIEW)
        }
    };
    let (r0, r1) = span(centre.r());
    let (c0, c1) = span(centre.c());
    let mut out = String::new();
    if n > VIEW {
        let _ = writeln!(
            out,
            "rows {}..{}, columns {}..{} of {n}x{n}",
            r0 + 1,
            r1,
            c0 + 1,
            c1
        );
    }
    for r in r0..r1 {
        for c in c0..c1 {
            let here = Move::new(r, c);
            out.push(if Some(here) == mark {
                '*'
            } else {
                pos.get(r, c).map_or('.', Colour::symbol)
            });
        }
        out.push('\n');
    }
    out
}

/// A move list for a report, cut after `limit` moves.
fn list_view(moves: &[Move], limit: usize) -> String {
    let mut out = write_moves(&moves[..moves.len().min(limit)]);
    if moves.len() > limit {
        let _ = writeln!(out, "... ({} moves in all)", moves.len());
    }
    out
}

/// The first difference between two play-outs, as a message.
fn playout_difference(want: &[Move], got: &[Move]) -> Option<String> {
    let i = want.iter().zip(got).take_while(|(a, b)| a == b).count();
    match (want.get(i), got.get(i)) {
        (None, None) => None,
        (Some(a), Some(b)) => Some(format!("move {}: expected {a}, got {b}", i + 1)),
        (Some(a), None) => Some(format!(
            "the output stops after {i} moves; expected move {} {a}",
            i + 1
        )),
        (None, Some(b)) => Some(format!(
            "the play-out has {i} moves; the output goes on with {b}"
        )),
    }
}

impl Game for Nogo {
    const NAME: &'static str = "nogo";
    type Case = Board;
    type Outcome = Outcome;

    fn profiles() -> &'static [Profile] {
        PROFILES
    }

    fn bench_only() -> &'static [&'static str] {
        &["empty-250", "empty-500", "empty-1000"]
    }

    fn generate(profile: &Profile, seed: u64) -> Board {
        let mut r = rng(seed);
        let r = &mut r;
        match profile.name {
            "small" => {
                let n = r.random_range(1..=4);
                let (d, b) = (r.random_range(0.0..=1.0), r.random_range(0.2..=0.8));
                random_board(r, n, d, b)
            }
            "empty" => Board::empty(r.random_range(1..=SMALL_N)),
            "full" => {
                let n = r.random_range(2..=SMALL_N);
                let (d, b) = (r.random_range(0.85..=1.0), r.random_range(0.3..=0.7));
                random_board(r, n, d, b)
            }
            "medium" => {
                let n = r.random_range(13..=20);
                let (d, b) = (r.random_range(0.0..=0.9), r.random_range(0.3..=0.7));
                random_board(r, n, d, b)
            }
            "empty-250" => Board::empty(250),
            "empty-500" => Board::empty(500),
            "empty-1000" => Board::empty(1000),
            _ => {
                // "mix", the default.
                let n = if r.random_bool(0.1) {
                    r.random_range(1..=3)
                } else {
                    r.random_range(4..=SMALL_N)
                };
                let d = match r.random_range(0..8) {
                    0 => 0.0,
                    1 => r.random_range(0.85..=1.0),
                    _ => r.random_range(0.0..=0.8),
                };
                let b = r.random_range(0.2..=0.8);
                random_board(r, n, d, b)
            }
        }
    }

    fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Board> {
        let n = u.int_in_range(1..=SMALL_N)?;
        let mut board = Board::empty(n);
        for p in &mut board.cells {
            *p = match u.int_in_range(0..=2u8)? {
                0 => None,
                1 => Some(Colour::Black),
                _ => Some(Colour::White),
            };
        }
        repair(&mut board);
        Ok(board)
    }

    fn parse(input: &[u8]) -> Result<Board, ParseError> {
        Board::parse(input)
    }

    fn write(case: &Board) -> String {
        case.write()
    }

    fn engines() -> Vec<EngineEntry<Self>> {
        vec![
            EngineEntry {
                name: "reference",
                about: "naive flood fill on plain arrays (reference::nogo)",
                build: || {
                    function::<Nogo>("reference", |case, trace| run(case, Side::Reference, trace))
                },
            },
            EngineEntry {
                name: "optimized",
                about: "union-find with pseudo-liberties (engine::nogo)",
                build: || {
                    function::<Nogo>("optimized", |case, trace| run(case, Side::Optimized, trace))
                },
            },
        ]
    }

    /// Two seconds, plus 2 ns per (point x point): the reference rescans the board for each move.
    fn time_limit(case: &Board) -> Duration {
        let points = (case.n * case.n) as u64;
        Duration::from_secs(2) + Duration::from_nanos(2 * points * points)
    }

    fn bench_rows() -> &'static [BenchRow] {
        &[
            BenchRow {
                profile: "mix",
                cases: 500,
            },
            BenchRow {
                profile: "empty-250",
                cases: 1,
            },
            BenchRow {
                profile: "empty-500",
                cases: 1,
            },
            BenchRow {
                profile: "empty-1000",
                cases: 1,
            },
        ]
    }

    fn seed_profiles() -> &'static [&'static str] {
        &["small", "empty", "full"]
    }

    fn answer(outcome: &Outcome) -> String {
        write_moves(&outcome.moves)
    }

    fn compare(
        case: &Board,
        reference: &Outcome,
        optimized: &Outcome,
        names: Names<'_>,
    ) -> Option<Divergence> {
        let Names { a: na, b: nb } = names;
        let (rm, om) = (&reference.moves, &optimized.moves);
        let i = rm.iter().zip(om).take_while(|(a, b)| a == b).count();
        if i < rm.len() || i < om.len() {
            let colour = Colour::to_play(i);
            let says = |m: Option<&Move>| match m {
                Some(m) => format!("plays {m}"),
                None => format!("stops: {colour} has no legal point"),
            };
            let side = |who: &str, m: Option<&Move>| {
                format!(
                    "{colour} to play; {who} {}\n{}",
                    says(m),
                    view(case, &rm[..i], m.copied())
                )
            };
            return Some(Divergence {
                at: format!("move {}", i + 1),
                what: format!("{na} {}, {nb} {}", says(rm.get(i)), says(om.get(i))),
                a_view: side(na, rm.get(i)),
                b_view: side(nb, om.get(i)),
                context: json!({
                    "move": i + 1,
                    "colour": colour.to_string(),
                    "engines": [na, nb],
                    "a": rm.get(i),
                    "b": om.get(i),
                    "a_moves": rm.len(),
                    "b_moves": om.len(),
                }),
            });
        }
        let (rc, oc) = (&reference.checks, &optimized.checks);
        for j in 0..rc.len().max(oc.len()) {
            match (rc.get(j), oc.get(j)) {
                (Some((rp, rv)), Some((op, ov))) if rp == op && rv == ov => continue,
                (Some((rp, rv)), Some((op, ov))) if rp == op => {
                    let list = rp.apply(rm);
                    let side = |v: &Verdict| {
                        format!(
                            "checker says `{v}`\nboard:\n{}proposed moves:\n{}",
                            view(case, &[], None),
                            list_view(&list, 200)
                        )
                    };
                    return Some(Divergence {
                        at: format!("check {}: {}", j + 1, rp.describe()),
                        what: format!("{na} says `{rv}`, {nb} says `{ov}`"),
                        a_view: side(rv),
                        b_view: side(ov),
                        context: json!({
                            "check": j + 1,
                            "proposal": rp,
                            "engines": [na, nb],
                            "a": rv,
                            "b": ov,
                            "moves": list.len(),
                        }),
                    });
                }
                (r, o) => {
                    let describe = |x: Option<&(Proposal, Verdict)>| {
                        x.map_or("nothing".to_string(), |(p, _)| p.describe())
                    };
                    return Some(Divergence {
                        at: format!("check {}", j + 1),
                        what: "the engines judged different proposals".into(),
                        a_view: describe(r),
                        b_view: describe(o),
                        context: json!({ "check": j + 1 }),
                    });
                }
            }
        }
        None
    }

    fn shrink_candidates(case: &Board) -> Vec<Board> {
        let n = case.n;
        let mut out = Vec::new();
        let crop = |keep_row: &dyn Fn(usize) -> bool, keep_col: &dyn Fn(usize) -> bool| {
            let rows: Vec<usize> = (0..n).filter(|&r| keep_row(r)).collect();
            let cols: Vec<usize> = (0..n).filter(|&c| keep_col(c)).collect();
            let mut b = Board::empty(rows.len());
            for (i, &r) in rows.iter().enumerate() {
                for (j, &c) in cols.iter().enumerate() {
                    b.set(i, j, case.get(r, c));
                }
            }
            repair(&mut b);
            b
        };
        if n > 1 {
            // Quarter boards first, then one row and one column cut anywhere.
            let h = n / 2;
            for (r0, c0) in [(0, 0), (0, n - h), (n - h, 0), (n - h, n - h)] {
                out.push(crop(&|r| (r0..r0 + h).contains(&r), &|c| {
                    (c0..c0 + h).contains(&c)
                }));
            }
            for r in 0..n {
                for c in 0..n {
                    out.push(crop(&|x| x != r, &|y| y != c));
                }
            }
        }
        // Clearing stones keeps a board valid: it only adds liberties.
        let stones = case.stones();
        if stones > 0 {
            out.push(Board::empty(n));
            for colour in [Colour::Black, Colour::White] {
                let mut b = case.clone();
                for p in &mut b.cells {
                    if *p == Some(colour) {
                        *p = None;
                    }
                }
                if b.stones() < stones {
                    out.push(b);
                }
            }
            for r in 0..n {
                let mut b = case.clone();
                for c in 0..n {
                    b.set(r, c, None);
                }
                if b.stones() < stones {
                    out.push(b);
                }
            }
            for i in 0..n * n {
                if case.cells[i].is_some() {
                    let mut b = case.clone();
                    b.cells[i] = None;
                    out.push(b);
                }
            }
        }
        out
    }

    fn size(case: &Board) -> String {
        format!("{0}x{0}, {1} stones", case.n, case.stones())
    }

    fn weight(case: &Board) -> u64 {
        // Any smaller board weighs less than any larger one: stones <= n * n <= 10^6.
        case.n as u64 * 2_000_000 + case.stones() as u64
    }

    fn coverage_keys() -> &'static [&'static str] {
        COVERAGE
    }

    fn coverage(case: &Board, outcome: &Outcome) -> Vec<&'static str> {
        let mut keys = Vec::new();
        let mut hit = |k: &'static str, on: bool| {
            if on && !keys.contains(&k) {
                keys.push(k);
            }
        };
        let len = outcome.moves.len();
        hit("1x1 board", case.n == 1);
        hit("game ends at once", len == 0);
        hit("ends with X to move", len.is_multiple_of(2));
        hit("ends with O to move", len % 2 == 1);
        if let Some(seen) = outcome.illegal_seen {
            hit("illegal: suicide", seen.suicide);
            hit("illegal: fills last liberty", seen.fills_last_liberty);
            hit("illegal: both", seen.both);
        }
        for (p, v) in &outcome.checks {
            hit("check: ok", v.is_ok());
            hit(
                "check: ok, not the play-out",
                v.is_ok() && p.apply(&outcome.moves) != outcome.moves,
            );
            hit("check: illegal", matches!(v, Verdict::Illegal { .. }));
            hit("check: occupied", matches!(v, Verdict::Occupied { .. }));
            hit("check: off board", matches!(v, Verdict::OffBoard { .. }));
            hit("check: not over", matches!(v, Verdict::NotOver { .. }));
        }
        keys
    }

    /// Reads the program's output as a move list and judges it with the optimized checker; a list
    /// the checker accepts must also be the play-out of first legal points.
    fn judge(case: &Board, reference: &Outcome, output: &str) -> Result<(), String> {
        let moves =
            parse_moves(output.as_bytes()).map_err(|e| format!("malformed move list: {e}"))?;
        let verdict = engine::nogo::check(case, &moves);
        let difference = playout_difference(&reference.moves, &moves);
        match (verdict, difference) {
            (Verdict::Ok, None) => Ok(()),
            (Verdict::Ok, Some(d)) => Err(format!(
                "a complete game of legal moves, but not the play-out of first legal points: {d}"
            )),
            (fault, Some(d)) => Err(format!("{fault} (first difference from the play-out: {d})")),
            (fault, None) => Err(format!("{fault}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> &'static Profile {
        Nogo::profile(name).expect("a profile of the game")
    }
    use crate::rng::case_seed;

    fn board(text: &str) -> Board {
        Board::parse(text.as_bytes()).unwrap()
    }

    #[test]
    fn generated_boards_are_valid_and_deterministic() {
        for p in Nogo::profiles() {
            if p.name.starts_with("empty-") {
                continue;
            }
            for i in 0..40 {
                let seed = case_seed(11, i);
                let b = Nogo::generate(p, seed);
                assert!(
                    b.validate().is_ok(),
                    "{} seed {seed}: {:?}",
                    p.name,
                    b.validate()
                );
                assert_eq!(b, Nogo::generate(p, seed));
                assert_eq!(Nogo::parse(Nogo::write(&b).as_bytes()).unwrap(), b);
            }
        }
        assert_eq!(Nogo::generate(p("empty-250"), 3), Board::empty(250));
        assert_eq!(Nogo::generate(p("empty-1000"), 3).n, 1000);
        // The mix has both sparse and crowded boards.
        let stones: Vec<f64> = (0..200)
            .map(|i| {
                let b = Nogo::generate(p("mix"), case_seed(5, i));
                b.stones() as f64 / (b.n * b.n) as f64
            })
            .collect();
        assert!(stones.contains(&0.0));
        assert!(stones.iter().any(|&s| s > 0.6));
    }

    #[test]
    fn arbitrary_bytes_give_valid_boards() {
        let mut r = rng(9);
        for len in [0usize, 1, 5, 40, 200] {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len).map(|_| r.random()).collect();
                let b = Nogo::arbitrary_case(&mut Unstructured::new(&bytes)).unwrap();
                assert!(b.validate().is_ok());
            }
        }
    }

    /// The two engines over a few thousand boards: play-outs and every checker verdict.
    #[test]
    fn engines_agree_on_generated_boards() {
        let mut hits = std::collections::BTreeMap::new();
        let mut cases = 0;
        for (profile, count) in [
            ("mix", 1500u64),
            ("small", 800),
            ("empty", 100),
            ("full", 600),
        ] {
            for i in 0..count {
                let seed = case_seed(2024, i);
                let b = Nogo::generate(p(profile), seed);
                let r = run(&b, Side::Reference, true);
                let o = run(&b, Side::Optimized, true);
                if let Some(d) = Nogo::compare(&b, &r, &o, Names::default()) {
                    panic!(
                        "{profile} seed {seed}: {}: {}\n{}\nreference:\n{}\noptimized:\n{}",
                        d.at,
                        d.what,
                        b.write(),
                        d.a_view,
                        d.b_view
                    );
                }
                assert_eq!(r.checks[0], (Proposal::PlayOut, Verdict::Ok));
                for k in Nogo::coverage(&b, &r) {
                    *hits.entry(k).or_insert(0) += 1;
                }
                cases += 1;
            }
        }
        assert!(cases >= 3000);
        for k in Nogo::coverage_keys() {
            assert!(
                hits.get(k).is_some_and(|&c| c > 0),
                "never hit: {k}; {hits:?}"
            );
        }
    }

    #[test]
    fn proposals_are_a_function_of_board_and_playout() {
        let b = Nogo::generate(p("mix"), 77);
        let moves = engine::nogo::playout(&b);
        assert_eq!(proposals(&b, &moves), proposals(&b, &moves));
        let p = proposals(&b, &moves);
        assert_eq!(p[0], Proposal::PlayOut);
        assert!(p.contains(&Proposal::Prefix(0)));
        let m = [Move::new(0, 0), Move::new(0, 1), Move::new(1, 0)];
        assert_eq!(Proposal::Swap(0, 2).apply(&m), [m[2], m[1], m[0]]);
        assert_eq!(Proposal::Drop(1).apply(&m), [m[0], m[2]]);
        assert_eq!(Proposal::Prefix(1).apply(&m), [m[0]]);
        assert_eq!(
            Proposal::Replace {
                index: 1,
                with: Move::new(5, 5)
            }
            .apply(&m),
            [m[0], Move::new(5, 5), m[2]]
        );
        assert_eq!(Proposal::Append(m[0]).apply(&m).len(), 4);
        assert_eq!(
            Proposal::Swap(0, 2).describe(),
            "the play-out with moves 1 and 3 swapped"
        );
    }

    #[test]
    fn compare_names_the_first_difference() {
        let b = board("3\n...\n...\n...\n");
        let r = run(&b, Side::Reference, true);
        let mut o = run(&b, Side::Optimized, true);
        assert!(Nogo::compare(&b, &r, &o, Names::default()).is_none());
        assert_eq!(Nogo::answer(&r), "1 1\n1 2\n1 3\n2 2\n2 1\n3 2\n2 3\n");
        // A different fifth move.
        let mut bad = o.clone();
        bad.moves[4] = Move::new(2, 0);
        let d = Nogo::compare(&b, &r, &bad, Names::default()).unwrap();
        assert_eq!(d.at, "move 5");
        assert_eq!(d.what, "reference plays (2 1), optimized plays (3 1)");
        assert_eq!(
            d.a_view,
            "X to play; reference plays (2 1)\nXOX\n*O.\n...\n"
        );
        assert_eq!(
            d.b_view,
            "X to play; optimized plays (3 1)\nXOX\n.O.\n*..\n"
        );
        // A play-out that stops early.
        let mut bad = o.clone();
        bad.moves.truncate(6);
        let d = Nogo::compare(&b, &r, &bad, Names::default()).unwrap();
        assert_eq!(d.at, "move 7");
        assert_eq!(
            d.what,
            "reference plays (2 3), optimized stops: X has no legal point"
        );
        // A differing verdict.
        o.checks[1].1 = Verdict::Ok;
        let d = Nogo::compare(&b, &r, &o, Names::default()).unwrap();
        assert_eq!(d.at, "check 2: the first 0 moves of the play-out");
        assert_eq!(
            d.what,
            "reference says `game not over: X can still play 1 1`, optimized says `ok`"
        );
        o.checks.pop();
        o.checks[1] = r.checks[1];
        let d = Nogo::compare(&b, &r, &o, Names::default()).unwrap();
        assert_eq!(d.what, "the engines judged different proposals");
    }

    #[test]
    fn large_boards_are_viewed_through_a_window() {
        let b = Board::empty(100);
        let v = view(&b, &[Move::new(0, 0)], Some(Move::new(99, 50)));
        let lines: Vec<&str> = v.lines().collect();
        assert_eq!(lines[0], "rows 60..100, columns 31..71 of 100x100");
        assert_eq!(lines.len(), 1 + VIEW);
        assert_eq!(lines[VIEW].chars().nth(20), Some('*'));
        assert!(!v.contains('X'), "the stone at (1 1) is outside the window");
    }

    #[test]
    fn shrink_candidates_are_valid_and_lighter() {
        for i in 0..30 {
            let b = Nogo::generate(p("mix"), case_seed(8, i));
            let w = Nogo::weight(&b);
            let cands = Nogo::shrink_candidates(&b);
            if b.n > 1 || b.stones() > 0 {
                assert!(!cands.is_empty());
            }
            for c in cands {
                assert!(c.validate().is_ok());
                assert!(
                    Nogo::weight(&c) < w,
                    "{} -> {}",
                    Nogo::size(&b),
                    Nogo::size(&c)
                );
            }
        }
        let cut = Nogo::shrink_candidates(&board("3\nX.O\n.X.\nO.X\n"));
        assert!(
            cut.contains(&board("2\n.O\n.X\n")),
            "cut row 2 and column 1"
        );
        assert!(
            cut.contains(&board("3\n..O\n...\nO..\n")),
            "clear the X stones"
        );
    }

    #[test]
    fn the_judge_wants_the_play_out() {
        let b = board("2\n..\n..\n");
        let r = run(&b, Side::Reference, false);
        assert_eq!(Nogo::judge(&b, &r, "1 1\n1 2\n2 1\n"), Ok(()));
        assert_eq!(Nogo::judge(&b, &r, "1 1\r\n\n1 2\n2 1"), Ok(()));
        assert_eq!(
            Nogo::judge(&b, &r, "1 1\n1 2\n"),
            Err(
                "game not over: X can still play 2 1 (first difference from the play-out: \
                 the output stops after 2 moves; expected move 3 (2 1))"
                    .into()
            )
        );
        assert_eq!(
            Nogo::judge(&b, &r, "2 2\n2 1\n1 2\n"),
            Err(
                "a complete game of legal moves, but not the play-out of first legal points: \
                 move 1: expected (1 1), got (2 2)"
                    .into()
            )
        );
        assert_eq!(
            Nogo::judge(&b, &r, "1 1\n1 2\n2 1\n2 2\n"),
            Err(
                "move 4 (2 2): illegal for O (first difference from the play-out: \
                 the play-out has 3 moves; the output goes on with (2 2))"
                    .into()
            )
        );
        let e = Nogo::judge(&b, &r, "1 1\n1 x\n").unwrap_err();
        assert_eq!(
            e,
            "malformed move list: line 2, column 3, token `x`: the column of move 2 must be an integer"
        );
        let one = board("1\n.\n");
        let r = run(&one, Side::Optimized, false);
        assert_eq!(Nogo::judge(&one, &r, ""), Ok(()));
        assert_eq!(
            Nogo::judge(&one, &r, "1 1\n"),
            Err(
                "move 1 (1 1): illegal for X (first difference from the play-out: \
                 the play-out has 0 moves; the output goes on with (1 1))"
                    .into()
            )
        );
    }

    #[test]
    fn check_files_parses_both_and_judges() {
        assert_eq!(
            check_files(b"2\n..\n..\n", b"1 1\n1 2\n2 1\n"),
            Ok(Verdict::Ok)
        );
        assert_eq!(
            check_files(b"2\n..\n..\n", b"1 1\n1 1\n")
                .unwrap()
                .to_string(),
            "move 2 (1 1): occupied by X"
        );
        let e = check_files(b"2\n..\n.\n", b"").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        let e = check_files(b"2\n..\n..\n", b"1 1\n1\n").unwrap_err();
        assert!(e.rule.contains("(move 2)"), "{e}");
    }

    /// The hand-checked boards in corpus/nogo: both engines print the expected play-out, and both
    /// checkers accept it.
    #[test]
    fn corpus_play_outs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/nogo");
        let mut seen = 0;
        let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for entry in entries {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let b = Board::parse(&std::fs::read(&path).unwrap()).unwrap();
            let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
            for engine in [Side::Reference, Side::Optimized] {
                let o = run(&b, engine, false);
                assert_eq!(Nogo::answer(&o), want, "{} ({engine:?})", path.display());
                assert_eq!(check_with(engine, &b, &o.moves), Verdict::Ok);
            }
            seen += 1;
        }
        assert!(seen >= 4, "{seen} corpus boards");
    }

    /// The optimized engine on a board too big for the reference: its checker accepts its play-out.
    #[test]
    fn a_large_board_is_judged_ok() {
        let mut r = rng(4);
        let b = random_board(&mut r, 80, 0.3, 0.5);
        let o = run(&b, Side::Optimized, true);
        assert_eq!(o.checks[0], (Proposal::PlayOut, Verdict::Ok));
        assert_eq!(Nogo::judge(&b, &o, &Nogo::answer(&o)), Ok(()));
    }
}
