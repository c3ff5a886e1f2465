//! The coverage keys a Texas scope provably cannot reach, each with why. Only certain facts are
//! listed: a key missing here may still go unreached by a scope.

use std::ops::RangeInclusive;

/// `name`, checked at compile time to be a Texas coverage key (a misspelt key is a build error,
/// not a reason given for a key nobody counts).
const fn checked(name: &'static str) -> &'static str {
    harness::roles::coverage::index(crate::texas::COVERAGE_KEYS, name);
    name
}

/// The largest values of a scope's bounds (the least ones never reach more).
pub(super) struct Bounds {
    pub n: u64,
    pub m: u64,
    pub k: u64,
    pub specials: u64,
    pub kinds: RangeInclusive<u64>,
    pub q: u64,
    pub far: bool,
}

pub(super) const SPECIALS: [&str; 6] = [
    checked("special 1 (row)"),
    checked("special 2 (column)"),
    checked("special 3 (row+column)"),
    checked("special 4 (3x3)"),
    checked("special 5 (5x5)"),
    checked("special 6 (colour)"),
];

/// Hands with the number of different colours each needs.
pub(super) const HANDS: [(&str, u64); 7] = [
    (checked("hand: high card"), 5),
    (checked("hand: one pair"), 4),
    (checked("hand: two pairs"), 3),
    (checked("hand: three of a kind"), 3),
    (checked("hand: full house"), 2),
    (checked("hand: four of a kind"), 2),
    (checked("hand: five of a kind"), 1),
];

/// The keys that need some operation to be valid (a run to form).
const NEED_A_RUN: [&str; 12] = [
    checked("special set off by special"),
    checked("two main colours"),
    checked("chain of 2 rounds"),
    checked("chain of 3-4 rounds"),
    checked("chain of 5+ rounds"),
    checked("combo of 4 (50)"),
    checked("combo of 5 (200)"),
    checked("combo of 6+ (450+)"),
    checked("invalid: empty cell"),
    checked("all operations valid"),
    checked("board cleared"),
    checked("hand: five of a kind"),
];

/// Every key the bounds rule out, with the first reason found for it.
pub(super) fn unreachable(b: &Bounds) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let mut add = |key: &'static str, why: String| {
        if !out.iter().any(|(k, _)| *k == key) {
            out.push((key, why));
        }
    };
    if b.n < 3 && b.m < 3 {
        let why = format!(
            "boards of at most {}x{} have no line of three cells, so no run ever forms",
            b.n, b.m
        );
        for key in SPECIALS
            .iter()
            .chain(&NEED_A_RUN)
            .chain(HANDS.iter().map(|(k, _)| k))
        {
            add(key, why.clone());
        }
    }
    if !b.far {
        add(
            const { checked("invalid: not adjacent") },
            "far=0: every operation swaps 4-adjacent cells".into(),
        );
    }
    if b.q < 2 {
        add(
            const { checked("invalid: empty cell") },
            "the initial board is full and q <= 1: no operation sees an emptied cell".into(),
        );
    }
    let cells = b.n * b.m;
    for (key, colours) in HANDS {
        if b.q < 5 {
            add(
                key,
                format!("a hand needs five valid operations: q <= {}", b.q),
            );
        } else if cells < 15 {
            add(
                key,
                format!(
                    "a hand needs five valid operations, each removing at least three pieces, \
                     and no piece is ever added: boards have at most {cells} cells"
                ),
            );
        } else if b.k < colours {
            add(
                key,
                format!("it needs {colours} different colours: k <= {}", b.k),
            );
        }
    }
    if b.k < 2 {
        add(
            const { checked("two main colours") },
            "it needs two different colours: k <= 1".into(),
        );
    }
    specials(b, &mut add);
    combos_and_chains(b, &mut add);
    out
}

fn specials(b: &Bounds, add: &mut dyn FnMut(&'static str, String)) {
    for (i, key) in SPECIALS.iter().enumerate() {
        let kind = i as u64 + 1;
        if b.specials == 0 {
            add(key, "no cell holds a special: specials=0".into());
        } else if !b.kinds.contains(&kind) {
            add(
                key,
                format!(
                    "kind {kind} is outside kinds={}..{}",
                    b.kinds.start(),
                    b.kinds.end()
                ),
            );
        }
    }
    if b.specials < 2 {
        add(
            const { checked("special set off by special") },
            format!(
                "only the initial board holds specials and it holds at most {}: one needs two",
                b.specials
            ),
        );
    }
}

fn combos_and_chains(b: &Bounds, add: &mut dyn FnMut(&'static str, String)) {
    let cells = b.n * b.m;
    for (key, size) in [
        (const { checked("combo of 4 (50)") }, 4),
        (const { checked("combo of 5 (200)") }, 5),
        (const { checked("combo of 6+ (450+)") }, 6),
    ] {
        if cells < size {
            add(
                key,
                format!("it needs {size} matched cells: boards have at most {cells}"),
            );
        }
    }
    let chains = [
        (const { checked("chain of 2 rounds") }, 2),
        (const { checked("chain of 3-4 rounds") }, 3),
        (const { checked("chain of 5+ rounds") }, 5),
    ];
    for (key, rounds) in chains {
        if b.n < 2 {
            add(
                key,
                "boards of one row: nothing falls, so no second round finds a run".into(),
            );
        } else if cells < 3 * rounds {
            add(
                key,
                format!(
                    "{rounds} rounds remove at least {} pieces, and no piece is ever added: \
                     boards have at most {cells} cells",
                    3 * rounds
                ),
            );
        }
    }
}
