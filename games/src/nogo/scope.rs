//! NoGo's bounded scopes: every position of an n x n board, fewest stones first.
//!
//! Parameters: `n` (the board side, 1..=8) and `stones` (how many stones, 0..=n*n). Indices run
//! through board sides in order, then stone counts in order, then the points holding the stones
//! (combinations in colex order), then their colours (`X` or `O` per stone). An index whose
//! position has a group without a liberty is not a valid input and is skipped.
//!
//! The named scopes, costs measured in CPU time on a spread sample of 20,000 indices (release
//! build) and extrapolated: `tiny` (19,767 indices, 7,034 skipped, 0.1 s on 2 cores), `minute`
//! (2,167,672, 55 s), `4x4` (43,066,488, 8 minutes: the ten-minute one), `5x5-sparse`
//! (357,134,107, 9.1 core-hours), `5x5-ten` (4,764,405,531, 115 core-hours). The whole 5x5 board
//! has 847,331,675,931 indices (about 20,000 core-hours). Every one of them reaches every coverage
//! key, `tiny` included (checked by a test).

use harness::roles::scope::{range_text, Blocks, Expr, NamedScope, Scope, ScopeError};
use model::nogo::{Board, Colour};
use std::ops::RangeInclusive;

/// Largest board side a scope takes (its points fit one `u64` bitboard).
pub const MAX_SIDE: u64 = 8;

/// The named scopes, smallest first.
pub const NAMED: &[NamedScope] = &[
    NamedScope {
        name: "tiny",
        expr: "n<=3",
        about: "every legal position of boards up to 3x3 (19,767 indices)",
        cost: "0.1 s on 2 cores",
    },
    NamedScope {
        name: "minute",
        expr: "n<=4,stones<=7",
        about: "every legal position of at most 7 stones on boards up to 4x4 (2,167,672 indices)",
        cost: "55 s on 2 cores (0.03 core-hours)",
    },
    NamedScope {
        name: "4x4",
        expr: "n<=4",
        about: "every legal position of boards up to 4x4 (43,066,488 indices)",
        cost: "8 minutes on 2 cores (0.26 core-hours)",
    },
    NamedScope {
        name: "5x5-sparse",
        expr: "n<=5,stones<=8",
        about: "every legal position of at most 8 stones on boards up to 5x5 (357,134,107 indices)",
        cost: "9.1 core-hours",
    },
    NamedScope {
        name: "5x5-ten",
        expr: "n<=5,stones<=10",
        about:
            "every legal position of at most 10 stones on boards up to 5x5 (4,764,405,531 indices)",
        cost: "115 core-hours",
    },
];

/// The keys a scope takes, in canonical order.
const KEYS: &[&str] = &["n", "stones"];

/// Binomial coefficients C(a, b) for a, b <= 64, saturating at `u64::MAX`.
struct Binomials([[u64; 65]; 65]);

impl Binomials {
    fn new() -> Self {
        let mut t = [[0u64; 65]; 65];
        for a in 0..65 {
            t[a][0] = 1;
            for b in 1..=a {
                t[a][b] = t[a - 1][b - 1].saturating_add(t[a - 1][b]);
            }
        }
        Binomials(t)
    }

    fn get(&self, a: usize, b: usize) -> u64 {
        if b > a {
            0
        } else {
            self.0[a][b]
        }
    }
}

/// A NoGo scope: board sides and stone counts.
pub struct NogoScope {
    sides: RangeInclusive<u64>,
    stones: RangeInclusive<u64>,
    /// One block per (side, stone count), in index order.
    blocks: Blocks,
    /// The (side, stone count) of each block.
    shapes: Vec<(usize, usize)>,
    binomials: Box<Binomials>,
}

/// Parses a scope expression (a named scope already resolved).
pub fn parse(text: &str) -> Result<NogoScope, ScopeError> {
    let mut e = Expr::parse(text)?;
    let sides = e.take("n", 1..=MAX_SIDE, 1..=3)?;
    let stones = e.take("stones", 0..=MAX_SIDE * MAX_SIDE, 0..=MAX_SIDE * MAX_SIDE)?;
    e.finish(KEYS)?;
    NogoScope::new(sides, stones).ok_or_else(|| {
        ScopeError::new(
            text.trim(),
            "this scope has more than 2^64 indices: bound `n` or `stones` lower",
        )
    })
}

impl NogoScope {
    /// The scope of these sides and stone counts; `None` when its length overflows `u64`.
    pub fn new(sides: RangeInclusive<u64>, stones: RangeInclusive<u64>) -> Option<NogoScope> {
        let binomials = Box::new(Binomials::new());
        let mut shapes = Vec::new();
        let mut sizes = Vec::new();
        for n in sides.clone() {
            let points = (n * n) as usize;
            for s in stones.clone().take_while(|&s| s as usize <= points) {
                let s = s as usize;
                let ways = binomials.get(points, s);
                if ways == u64::MAX {
                    return None;
                }
                shapes.push((n as usize, s));
                sizes.push(ways.checked_mul(1u64.checked_shl(s as u32)?)?);
            }
        }
        Some(NogoScope {
            sides,
            stones,
            blocks: Blocks::new(sizes)?,
            shapes,
            binomials,
        })
    }

    /// The black and white bitboards at `index` (bit `r * n + c`), with the side.
    fn position(&self, index: u64) -> Option<(usize, u64, u64)> {
        let (block, offset) = self.blocks.locate(index)?;
        let (n, s) = self.shapes[block];
        let colours = offset & ((1u64 << s) - 1);
        let mut rank = offset >> s;
        let (mut black, mut white) = (0u64, 0u64);
        let mut top = n * n;
        // Colex unranking: the i-th stone (from the last) sits at the largest c with C(c, i) <= rank.
        for i in (1..=s).rev() {
            let mut c = top - 1;
            while self.binomials.get(c, i) > rank {
                c -= 1;
            }
            rank -= self.binomials.get(c, i);
            if colours >> (i - 1) & 1 == 0 {
                black |= 1 << c;
            } else {
                white |= 1 << c;
            }
            top = c;
        }
        Some((n, black, white))
    }
}

/// The points next to any point of `set` on an n x n board, and `set` itself.
fn grow(set: u64, n: usize, board: u64, left: u64, right: u64) -> u64 {
    (set | set << n | set >> n | (set & !right) << 1 | (set & !left) >> 1) & board
}

/// True when every group of the position has a liberty (bitboards of an n x n board, n <= 8).
pub fn all_groups_breathe(n: usize, black: u64, white: u64) -> bool {
    let points = n * n;
    let board = if points == 64 {
        u64::MAX
    } else {
        (1u64 << points) - 1
    };
    let (mut left, mut right) = (0u64, 0u64);
    for r in 0..n {
        left |= 1 << (r * n);
        right |= 1 << (r * n + n - 1);
    }
    let empty = board & !(black | white);
    for colour in [black, white] {
        let mut rest = colour;
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let next = grow(group, n, board, left, right) & colour;
                if next == group {
                    break;
                }
                group = next;
            }
            if grow(group, n, board, left, right) & empty == 0 {
                return false;
            }
            rest &= !group;
        }
    }
    true
}

impl Scope<Board> for NogoScope {
    fn canonical(&self) -> String {
        format!(
            "n={},stones={}",
            range_text(&self.sides),
            range_text(&self.stones)
        )
    }

    fn params(&self) -> Vec<(String, String)> {
        vec![
            ("n".into(), range_text(&self.sides)),
            ("stones".into(), range_text(&self.stones)),
        ]
    }

    fn len(&self) -> u64 {
        self.blocks.len()
    }

    fn case(&self, index: u64) -> Option<Board> {
        let (n, black, white) = self.position(index)?;
        if !all_groups_breathe(n, black, white) {
            return None;
        }
        let cells = (0..n * n)
            .map(|p| {
                if black >> p & 1 == 1 {
                    Some(Colour::Black)
                } else if white >> p & 1 == 1 {
                    Some(Colour::White)
                } else {
                    None
                }
            })
            .collect();
        Some(Board { n, cells })
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if *self.sides.start() > 1 {
            out.push((
                "1x1 board",
                format!(
                    "the scope's boards are at least {0}x{0}",
                    self.sides.start()
                ),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests;
