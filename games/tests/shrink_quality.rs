//! How small the shrinker makes Texas repros.
//!
//! `games/build.rs` writes mutants of the reference engine, each with one planted bug (a special
//! clearing too little, a hand scored wrong, chain points a round late, gravity skipping the bottom
//! row...). For each mutant the first failing cases the generator draws (profile `mix`, seeds from
//! 0) are shrunk with the predicate "the comparison with the reference finds a divergence", and
//! the repros are measured against the targets: a median of at most 9 cells over all repros, at
//! most 36 cells and 6 operations for any repro, at most 30 cells for a bug that needs a hand (five
//! valid operations). Every repro must still fail, be a valid case, and be a fixed point of the
//! single steps built here independently of the shrinker (drop one operation, row or column; lower
//! one special, one colour, or k). The planted hand bug of `examples/texas.cpp` is shrunk the same
//! way, with a predicate that runs the compiled program. A bug of the optimized engine
//! (`Line::widened` computing `self | up ^ down`), modelled by a predicate written here, is shrunk
//! from the six repros `harness diff` saved with it and from the first four cases of `mix` that
//! show it.
//!
//! A mutant differs from the reference in one place only, so "any divergence" cannot drift to
//! another bug here. The whole file takes about 11 s in a release build and 20 s in a debug build
//! (which leaves out the four cases of `mix` of the modelled bug).

use games::Texas;
use harness::prelude::*;
use harness::roles::verdict::Names;
use harness::roles::Profile;
use model::texas::{Board, Case, Op, Pos};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod mutants {
    include!(concat!(env!("OUT_DIR"), "/mutants.rs"));
}
use mutants::{Mutant, MUTANTS};

/// Failing cases shrunk per mutant.
const CASES_PER_MUTANT: usize = 4;
/// Seeds tried per mutant to find them.
const SEEDS: u64 = 5_000;
/// Far more than any shrink here needs: a repro cut short by time would make the test depend on
/// the machine, so running out is a failure.
const BUDGET: Duration = Duration::from_secs(600);

const MEDIAN_CELLS: usize = 9;
const WORST_CELLS: usize = 36;
const WORST_OPS: usize = 6;
const HAND_CELLS: usize = 30;
/// The modelled widened bug needs a ring of eight cells that a cascade closes: its smallest repro
/// has 15 cells (a 5x3 board, by exhaustive search). The saved repros of the real bug must shrink
/// to at most this (5x4); the cases drawn from `mix` to at most `WORST_CELLS`.
const WIDENED_CELLS: usize = 20;
/// The first four seeds of `mix` (from 0) on which the modelled widened bug shows.
const WIDENED_MIX_SEEDS: [u64; 4] = [1993, 3500, 3522, 3782];

/// Whether the mutant's traced outcome differs from the reference's.
fn diverges(m: &Mutant, case: &Case) -> bool {
    let reference = reference::texas::outcome(case);
    let mutant = (m.outcome)(case);
    Texas::compare(case, &reference, &mutant, Names::default()).is_some()
}

/// The first `CASES_PER_MUTANT` (seed, case) pairs of profile `mix` on which `fails` holds.
fn failing_cases(fails: impl Fn(&Case) -> bool) -> Vec<(u64, Case)> {
    (0..SEEDS)
        .map(|seed| (seed, Texas::generate(mix(), seed)))
        .filter(|(_, case)| fails(case))
        .take(CASES_PER_MUTANT)
        .collect()
}

fn mix() -> &'static Profile<Case> {
    Texas::profile("mix").expect("the mix profile")
}

fn cells(case: &Case) -> usize {
    case.n() * case.m()
}

/// The board without row `row` or column `col`, operations on it dropped and the others moved;
/// `None` when no operation is left or the cut makes a run.
fn without_line(case: &Case, row: Option<usize>, col: Option<usize>) -> Option<Case> {
    let rows: Vec<usize> = (0..case.n()).filter(|&r| Some(r) != row).collect();
    let cols: Vec<usize> = (0..case.m()).filter(|&c| Some(c) != col).collect();
    if rows.is_empty() || cols.is_empty() {
        return None;
    }
    let mut board = Board::empty(rows.len(), cols.len());
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            let to = board.idx(i, j);
            board.colour[to] = case.board.colour_at(r, c);
            board.special[to] = case.board.special_at(r, c);
        }
    }
    let map = |p: Pos| {
        let i = rows.iter().position(|&r| r == p.r())?;
        let j = cols.iter().position(|&c| c == p.c())?;
        Some(Pos::new(i, j))
    };
    let ops: Vec<Op> = case
        .ops
        .iter()
        .filter_map(|op| {
            Some(Op {
                a: map(op.a)?,
                b: map(op.b)?,
            })
        })
        .collect();
    let smaller = Case {
        k: case.k,
        board,
        ops,
    };
    smaller.validate().is_ok().then_some(smaller)
}

/// Every valid case one step smaller than `case`: one operation, row or column fewer; one special
/// or one cell's colour lower; k down to the largest colour.
fn single_steps(case: &Case) -> Vec<(String, Case)> {
    let mut out = Vec::new();
    let mut add = |what: String, c: Case| {
        if c.validate().is_ok() {
            out.push((what, c));
        }
    };
    for i in 0..case.ops.len() {
        let mut c = case.clone();
        c.ops.remove(i);
        add(format!("drop operation {}", i + 1), c);
    }
    for r in 0..case.n() {
        if let Some(c) = without_line(case, Some(r), None) {
            add(format!("drop row {}", r + 1), c);
        }
    }
    for col in 0..case.m() {
        if let Some(c) = without_line(case, None, Some(col)) {
            add(format!("drop column {}", col + 1), c);
        }
    }
    for i in 0..cells(case) {
        let at = Pos::new(i / case.m(), i % case.m());
        for s in 0..case.board.special[i] {
            let mut c = case.clone();
            c.board.special[i] = s;
            add(format!("special at {at} down to {s}"), c);
        }
        for v in 1..case.board.colour[i] {
            let mut c = case.clone();
            c.board.colour[i] = v;
            add(format!("colour at {at} down to {v}"), c);
        }
    }
    let max = case.board.colour.iter().copied().max().unwrap_or(1);
    if max < case.k {
        let mut c = case.clone();
        c.k = max;
        add(format!("k down to {max}"), c);
    }
    out
}

/// Shrinks `case` with `fails` and checks the repro: it fails, is valid, took no more than the
/// budget, and no single step makes it smaller while it still fails.
fn shrink_and_check(what: &str, case: Case, fails: impl Fn(&Case) -> bool + Sync) -> Case {
    let shrunk = harness::run::shrink::shrink::<Texas>(case, &fails, BUDGET);
    let repro = shrunk.case;
    assert!(!shrunk.timed_out, "{what}: the shrink ran out of time");
    assert!(fails(&repro), "{what}: the repro no longer fails");
    repro
        .validate()
        .unwrap_or_else(|e| panic!("{what}: invalid repro ({e})"));
    for (step, smaller) in single_steps(&repro) {
        assert!(
            Texas::weight(&smaller) < Texas::weight(&repro),
            "{what}: `{step}` is not lighter"
        );
        assert!(
            !fails(&smaller),
            "{what}: not a fixed point, `{step}` still fails:\n{}\nfrom\n{}",
            smaller.write(),
            repro.write()
        );
    }
    repro
}

fn median(sorted: &[usize]) -> usize {
    sorted[sorted.len() / 2]
}

#[test]
fn repros_of_planted_engine_bugs_are_small_and_locally_minimal() {
    let mut all = Vec::new();
    let mut table = String::new();
    let mut over = Vec::new();
    for m in MUTANTS {
        let cases = failing_cases(|c| diverges(m, c));
        assert_eq!(
            cases.len(),
            CASES_PER_MUTANT,
            "{}: fewer than {CASES_PER_MUTANT} failing cases in {SEEDS} seeds",
            m.name
        );
        let mut sizes = Vec::new();
        for (seed, case) in cases {
            let what = format!("{} (seed {seed})", m.name);
            let before = Texas::size(&case);
            let repro = shrink_and_check(&what, case, |c| diverges(m, c));
            let (cells, ops) = (cells(&repro), repro.ops.len());
            let limit = if m.needs_hand {
                HAND_CELLS
            } else {
                WORST_CELLS
            };
            if cells > limit || ops > WORST_OPS {
                over.push(format!(
                    "{what}: {before} -> {}:\n{}",
                    Texas::size(&repro),
                    repro.write()
                ));
            }
            sizes.push(cells);
        }
        sizes.sort_unstable();
        table.push_str(&format!(
            "{:32} median {:3} worst {:3} cells {:?}  ({})\n",
            m.name,
            median(&sizes),
            sizes[sizes.len() - 1],
            sizes,
            m.about
        ));
        all.extend(sizes);
    }
    all.sort_unstable();
    table.push_str(&format!(
        "all {} repros: median {} worst {} cells\n",
        all.len(),
        median(&all),
        all[all.len() - 1]
    ));
    println!("{table}");
    assert!(
        over.is_empty(),
        "repros over the limits:\n{}\n{table}",
        over.join("\n")
    );
    assert!(
        median(&all) <= MEDIAN_CELLS,
        "median repro of {} cells (target {MEDIAN_CELLS}):\n{table}",
        median(&all)
    );
}

#[test]
fn the_shrink_does_not_depend_on_the_thread_count() {
    let m = MUTANTS
        .iter()
        .find(|m| m.needs_hand)
        .expect("a hand mutant");
    let (_, case) = failing_cases(|c| diverges(m, c)).remove(0);
    let shrink_with = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            harness::run::shrink::shrink::<Texas>(case.clone(), |c| diverges(m, c), BUDGET)
        })
    };
    let one = shrink_with(1);
    let three = shrink_with(3);
    assert!(!one.timed_out && !three.timed_out);
    assert_eq!(one.case, three.case, "different repros on 1 and 3 threads");
    assert_eq!(one.steps, three.steps);
    assert_eq!(one.offered, three.offered);
}

// ----------------------------------------------------------------------------------------------
// The planted hand bug of examples/texas.cpp, shrunk by running the program.

/// Compiles `examples/texas.cpp` with `-DPLANTED_BUG_HAND`.
fn compile_hand_bug() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shrink-quality");
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("texas-hand-bug");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/texas.cpp");
    let out = std::process::Command::new("g++")
        .args([
            "-std=c++17",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-DPLANTED_BUG_HAND",
            "-o",
        ])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run g++ ({e}): this test compiles examples/texas.cpp; install g++")
        });
    assert!(
        out.status.success(),
        "g++ failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    binary
}

/// The program's answer on `case` (its trimmed standard output), or `None` when it did not exit
/// normally in time. The one place that runs a program.
fn run_program(binary: &Path, case: &Case) -> Option<String> {
    use harness::programs::process::{execute, Ending, Limits};
    let cmd = [binary.display().to_string()];
    let limits = Limits::from_cpu(Duration::from_secs(10));
    let run = execute(&cmd, case.write().as_bytes(), &limits).ok()?;
    (run.ending == Ending::Exited(0) && run.limit.is_none())
        .then(|| String::from_utf8_lossy(&run.stdout).trim().to_string())
}

/// The failure kept while shrinking: a wrong answer (the program ran fine and printed another
/// score than the reference's), not a crash or a timeout.
fn wrong_answer(binary: &Path, case: &Case) -> bool {
    run_program(binary, case).is_some_and(|got| got != reference::texas::score(case).to_string())
}

#[test]
fn the_planted_hand_bug_of_the_cpp_solution_shrinks_to_a_small_repro() {
    let binary = compile_hand_bug();
    let cases: Vec<(u64, Case)> = failing_cases(|c| wrong_answer(&binary, c))
        .into_iter()
        .take(2)
        .collect();
    assert_eq!(cases.len(), 2, "the planted hand bug was not caught");
    for (seed, case) in cases {
        let what = format!("texas.cpp with PLANTED_BUG_HAND (seed {seed})");
        let repro = shrink_and_check(&what, case, |c| wrong_answer(&binary, c));
        println!("{what}: {}", Texas::size(&repro));
        assert!(
            cells(&repro) <= HAND_CELLS && repro.ops.len() <= WORST_OPS,
            "{what}: repro of {}:\n{}",
            Texas::size(&repro),
            repro.write()
        );
        // The bug is in two pairs only: the repro's hand must be one.
        let outcome = reference::texas::outcome(&repro);
        assert!(
            outcome
                .ops
                .iter()
                .filter_map(|t| t.hand)
                .any(|h| h.kind == model::texas::HandKind::TwoPairs),
            "{what}: no two-pairs hand in the repro:\n{}",
            repro.write()
        );
    }
}

// ----------------------------------------------------------------------------------------------
// A bug of the optimized engine, modelled: `Line::widened` computing `self | up ^ down`.

/// Whether the optimized engine's combo flood (`engine/src/texas/combos.rs`), with
/// `Line::widened` computing `self | up ^ down` instead of `self | up | down`, splits a
/// component of `matched` into one of fewer than three cells (the engine's debug assertion "a
/// component of M holds a whole run" then fires). The widening misses a cell whose two
/// neighbours in a column the fill already holds, so the fill grows around it: a column of M
/// reached at rows r - 1 and r + 1, not at r, from the columns beside it. This takes a ring of
/// one colour in M (a 3x3 square round a cell of another colour, say).
fn widened_xor_splits(board: &Board, matched: &[u64]) -> bool {
    let (n, m) = (board.n, board.m);
    let at = |r: usize, c: usize| matched[r] >> c & 1 == 1;
    if (0..n).map(|r| matched[r].count_ones()).sum::<u32>() < 6 {
        return false; // The engine counts fewer than six cells as one component.
    }
    // Column masks: bit r of column c.
    let mut unvisited: Vec<u64> = (0..m)
        .map(|c| {
            (0..n)
                .filter(|&r| at(r, c))
                .fold(0, |mask, r| mask | 1 << r)
        })
        .collect();
    let segments_through = |allowed: u64, seed: u64| {
        let mut fill = seed & allowed;
        loop {
            let grown = (fill | ((fill << 1) ^ (fill >> 1))) & allowed;
            if grown == fill {
                return fill;
            }
            fill = grown;
        }
    };
    while let Some(c0) = (0..m).find(|&c| unvisited[c] != 0) {
        let r0 = unvisited[c0].trailing_zeros() as usize;
        let colour = board.colour_at(r0, c0);
        let mut fill = vec![0u64; m + 1];
        fill[c0] = 1 << r0;
        let mut pending: Vec<usize> = [c0, c0 + 1].into_iter().filter(|&c| c < m).collect();
        while let Some(c) = pending.iter().copied().min() {
            pending.retain(|&p| p != c);
            let seed = fill[c] | fill[c + 1] | if c > 0 { fill[c - 1] } else { 0 };
            let same = (0..n)
                .filter(|&r| board.colour_at(r, c) == colour)
                .fold(0u64, |mask, r| mask | 1 << r);
            let grown = segments_through(unvisited[c] & same, seed);
            if grown != fill[c] {
                fill[c] |= grown;
                pending.extend([c + 1, c.wrapping_sub(1)].into_iter().filter(|&p| p < m));
            }
        }
        let size: u32 = fill.iter().map(|f| f.count_ones()).sum();
        for c in 0..m {
            unvisited[c] &= !fill[c];
        }
        if size < 3 {
            return true;
        }
    }
    false
}

/// Whether some round of the game (as the reference plays it) has an M that the modelled flood
/// splits.
fn widened_xor_fails(case: &Case) -> bool {
    let outcome = reference::texas::outcome(case);
    let mut fails = false;
    games::texas::sim::replay(case, &outcome.ops, |op, round, board| {
        fails = fails || widened_xor_splits(board, &outcome.ops[op].rounds[round].matched.rows);
    });
    fails
}

#[test]
fn the_modelled_widened_bug_shrinks_to_a_small_repro() {
    // The repros `harness diff --seed S` (S = 1 to 6) saved with the real bug, fixed points of the
    // shrinker before the reshaped cuts (24 to 70 cells), and the first four failing cases of
    // `mix`.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shrink_cases");
    let saved = (1..=6).map(|s| {
        let path = dir.join(format!("widened-xor-seed{s}.in"));
        let case = Case::parse(&std::fs::read(&path).unwrap()).unwrap();
        let what = format!("widened xor, saved repro {}", path.display());
        (what, case, WIDENED_CELLS)
    });
    // Looking for them takes 40 s in a debug build: the seeds are written down, and checked.
    // Shrinking them (50x50 boards with dozens of specials) takes 35 s there too: only an
    // optimized build shrinks them.
    let mix_seeds = if cfg!(unoptimized) {
        &[][..]
    } else {
        &WIDENED_MIX_SEEDS[..]
    };
    let generated = mix_seeds.iter().map(|&seed| {
        let case = Texas::generate(mix(), seed);
        (format!("widened xor, mix seed {seed}"), case, WORST_CELLS)
    });
    let mut sizes = Vec::new();
    let mut over = Vec::new();
    for (what, case, limit) in saved.chain(generated) {
        assert!(
            widened_xor_fails(&case),
            "{what}: the model misses it (if the generator changed, write down the first four seeds \
             of `mix` on which `widened_xor_fails` holds)"
        );
        let before = Texas::size(&case);
        let repro = shrink_and_check(&what, case, widened_xor_fails);
        println!("{what}: {before} -> {}", Texas::size(&repro));
        if cells(&repro) > limit || repro.ops.len() > 1 {
            over.push(format!(
                "{what} (limit {limit} cells): {before} ->\n{}",
                repro.write()
            ));
        }
        sizes.push(cells(&repro));
    }
    println!("widened xor: {sizes:?}");
    assert!(
        over.is_empty(),
        "repros over the limits:\n{}",
        over.join("\n")
    );
}
