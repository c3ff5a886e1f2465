//! The profiles: their names, the default mix and the parameters of each.

/// The knobs of a profile.
#[derive(Debug, Clone, Copy)]
pub struct Params {
    pub n: (usize, usize),
    pub m: (usize, usize),
    /// Probability that each side is drawn from the ends of its range (lo, lo+1, lo+2, hi-1, hi:
    /// 1, 2, 3, 49, 50 for the full range) instead of uniformly.
    pub edge: f64,
    pub k: (usize, usize),
    /// Use only this many distinct colours, drawn from 1..=k (None: all of 1..=k).
    pub palette: Option<(usize, usize)>,
    /// Probability range of a special on a cell (one probability drawn per case).
    pub specials: (f64, f64),
    /// The special types, drawn uniformly.
    pub special_types: &'static [u8],
    pub q: (usize, usize),
    /// Probability that an operation is a valid swap (while one exists).
    pub valid: f64,
    /// Weights of the other kinds: invalid adjacent swap, non-adjacent pair, swap with an empty
    /// cell, random adjacent swap.
    pub other: [u32; 4],
}

const ALL_TYPES: &[u8] = &[1, 2, 3, 4, 5, 6];
const STORM_TYPES: &[u8] = &[1, 2, 3, 6, 6, 6];

pub const BASE: Params = Params {
    n: (2, 8),
    m: (2, 8),
    edge: 0.0,
    k: (2, 6),
    palette: None,
    specials: (0.0, 0.12),
    special_types: ALL_TYPES,
    q: (1, 20),
    valid: 0.7,
    other: [3, 2, 2, 1],
};

/// The profiles, the default mix first.
pub const PROFILES: &[harness::prelude::Profile<model::texas::Case>] = &[
    harness::prelude::Profile::new(
        "mix",
        "the default: a weighted mix of the profiles below up to 20x20, with a share of \
                50x50 (full) and border shapes (edges, wide, tall)",
        |s| super::mix(&mut harness::rng::rng(s)),
    )
    .bench(2000),
    harness::prelude::Profile::new(
        "tiny",
        "boards up to 4x4, k 1..5, up to 8 operations, many specials",
        |s| super::seeded(&TINY, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "small",
        "boards up to 8x8, k 2..6, up to 20 operations",
        |s| super::seeded(&SMALL, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "medium",
        "boards 8x8 to 20x20, k 3..10, 10 to 100 operations",
        |s| super::seeded(&MEDIUM, s),
    )
    .bench(200),
    harness::prelude::Profile::new(
        "max",
        "50x50, k 3..100, q = 1000, half the operations valid",
        |s| super::seeded(&MAX, s),
    )
    .bench(4),
    harness::prelude::Profile::new(
        "heavy",
        "50x50, k 4..8, specials on <= 0.5% of cells, q = 1000, 95% valid swaps",
        |s| super::seeded(&HEAVY, s),
    )
    .bench(4),
    harness::prelude::Profile::new(
        "specials",
        "dense specials of every type on boards up to 12x12",
        |s| super::seeded(&SPECIALS, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "storm",
        "50x50, k 6..8, 1% specials mostly row/column/colour, q = 1000",
        |s| super::seeded(&STORM, s),
    )
    .bench(4),
    harness::prelude::Profile::new("plain", "no specials at all, boards up to 12x12", |s| {
        super::seeded(&PLAIN, s)
    })
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "many-colours",
        "k 20..100 with 3..6 colours in use, so colour ids are large",
        |s| super::seeded(&MANY_COLOURS, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "wide",
        "a single row, 1 x m (m = 1, 2, 3, 49 or 50 half the time)",
        |s| super::seeded(&WIDE, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "tall",
        "a single column, n x 1 (n = 1, 2, 3, 49 or 50 half the time)",
        |s| super::seeded(&TALL, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "cascade",
        "3..4 colours on 6x6 to 16x16 boards: long chains of rounds",
        |s| super::seeded(&CASCADE, s),
    )
    .fuzz_seed(),
    harness::prelude::Profile::new(
        "full",
        "50x50, k 3..8, a few specials, 1 to 3 operations: the largest board, cheaply",
        |s| super::seeded(&FULL, s),
    ),
    harness::prelude::Profile::new(
        "edges",
        "border shapes: each side 1, 2, 3, 49 or 50 most of the time (1x50, 50x2, 3x49, \
                50x50...), up to 6 operations",
        |s| super::seeded(&EDGES, s),
    ),
];

/// The profiles fuzzer bytes choose from: the small ones, so that a fuzzer runs thousands of cases
/// a second (new names go at the end, so that existing fuzz inputs keep their profile).
pub const FUZZ_PROFILES: &[(&str, Params)] = &[
    ("tiny", TINY),
    ("small", SMALL),
    ("specials", SPECIALS),
    ("plain", PLAIN),
    ("cascade", CASCADE),
    ("wide", WIDE),
    ("tall", TALL),
    ("many-colours", MANY_COLOURS),
    ("edges", EDGES),
];

/// The profiles the default mix draws from, with weights (out of 100).
pub(super) const MIX: &[(Params, u32)] = &[
    (TINY, 28),
    (SMALL, 28),
    (PLAIN, 8),
    (SPECIALS, 10),
    (CASCADE, 7),
    (MEDIUM, 4),
    (MANY_COLOURS, 5),
    (WIDE, 3),
    (TALL, 3),
    (FULL, 1),
    (EDGES, 3),
];

/// The mix's weights, in `MIX` order.
pub(super) const MIX_WEIGHTS: [u32; MIX.len()] = {
    let mut w = [0; MIX.len()];
    let mut i = 0;
    while i < MIX.len() {
        w[i] = MIX[i].1;
        i += 1;
    }
    w
};

/// The parameters of a named profile (`None` for "mix" and unknown names).
pub fn params(profile: &str) -> Option<Params> {
    NAMED
        .iter()
        .find(|(name, _)| *name == profile)
        .map(|&(_, p)| p)
}

/// The profiles with parameters of their own, by name.
const NAMED: &[(&str, Params)] = &[
    ("tiny", TINY),
    ("small", SMALL),
    ("medium", MEDIUM),
    ("max", MAX),
    ("heavy", HEAVY),
    ("specials", SPECIALS),
    ("storm", STORM),
    ("plain", PLAIN),
    ("many-colours", MANY_COLOURS),
    ("wide", WIDE),
    ("tall", TALL),
    ("cascade", CASCADE),
    ("full", FULL),
    ("edges", EDGES),
];

/// The `tiny` profile.
pub const TINY: Params = Params {
    n: (1, 4),
    m: (1, 4),
    k: (1, 5),
    specials: (0.0, 0.3),
    q: (1, 8),
    ..BASE
};

/// The `small` profile.
pub const SMALL: Params = BASE;

/// The `medium` profile.
pub const MEDIUM: Params = Params {
    n: (8, 20),
    m: (8, 20),
    k: (3, 10),
    specials: (0.0, 0.04),
    q: (10, 100),
    ..BASE
};

/// The `max` profile.
pub const MAX: Params = Params {
    n: (50, 50),
    m: (50, 50),
    k: (3, 100),
    specials: (0.0, 0.02),
    q: (1000, 1000),
    valid: 0.5,
    ..BASE
};

/// The `heavy` profile.
pub const HEAVY: Params = Params {
    n: (50, 50),
    m: (50, 50),
    k: (4, 8),
    specials: (0.0, 0.005),
    q: (1000, 1000),
    valid: 0.95,
    other: [0, 0, 0, 1],
    ..BASE
};

/// The `specials` profile.
pub const SPECIALS: Params = Params {
    n: (3, 12),
    m: (3, 12),
    k: (3, 8),
    specials: (0.15, 0.45),
    q: (1, 30),
    ..BASE
};

/// The `storm` profile.
pub const STORM: Params = Params {
    n: (50, 50),
    m: (50, 50),
    k: (6, 8),
    specials: (0.01, 0.01),
    special_types: STORM_TYPES,
    q: (1000, 1000),
    valid: 0.95,
    other: [0, 0, 0, 1],
    ..BASE
};

/// The `plain` profile.
pub const PLAIN: Params = Params {
    n: (2, 12),
    m: (2, 12),
    k: (2, 8),
    specials: (0.0, 0.0),
    q: (1, 30),
    ..BASE
};

/// The `many-colours` profile.
pub const MANY_COLOURS: Params = Params {
    n: (3, 20),
    m: (3, 20),
    k: (20, 100),
    palette: Some((3, 6)),
    specials: (0.0, 0.05),
    q: (1, 50),
    ..BASE
};

/// The `wide` profile.
pub const WIDE: Params = Params {
    n: (1, 1),
    m: (1, 50),
    edge: 0.5,
    k: (2, 5),
    q: (1, 20),
    ..BASE
};

/// The `tall` profile.
pub const TALL: Params = Params {
    n: (1, 50),
    m: (1, 1),
    edge: 0.5,
    k: (2, 5),
    q: (1, 20),
    ..BASE
};

/// The `cascade` profile.
pub const CASCADE: Params = Params {
    n: (6, 16),
    m: (6, 16),
    k: (3, 4),
    specials: (0.0, 0.03),
    q: (5, 40),
    valid: 0.85,
    ..BASE
};

/// The `full` profile.
pub const FULL: Params = Params {
    n: (50, 50),
    m: (50, 50),
    k: (3, 8),
    specials: (0.0, 0.02),
    q: (1, 3),
    valid: 0.85,
    ..BASE
};

/// The `edges` profile.
pub const EDGES: Params = Params {
    n: (1, 50),
    m: (1, 50),
    edge: 0.8,
    k: (2, 6),
    specials: (0.0, 0.08),
    q: (1, 6),
    valid: 0.8,
    ..BASE
};
