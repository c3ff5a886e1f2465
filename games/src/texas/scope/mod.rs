//! Texas bounded scopes: every board up to some size, with its specials and operations, one case
//! per index ([`harness::roles::scope`]).
//!
//! Parameters (the text of [`HELP`]):
//! - `n`, `m`: rows and columns (1..=50; default 1..3 each);
//! - `k`: the header's number of colours; every cell takes a colour in 1..=k (1..=100; default 1..3);
//! - `specials`: how many cells hold a special (0..=64; default 0);
//! - `kinds`: the special kinds those cells may hold (1..=6; default 1..6);
//! - `q`: the number of operations (1..=1000; default 1);
//! - `far`: 0 for every ordered pair of 4-adjacent cells (both orders, since the main colours depend
//!   on the order), 1 for every ordered pair of cells, the same cell twice included, so that
//!   operations on cells that are not adjacent are reached too (default 0).
//!
//! Indices are ordered by size: boards by cells (then rows), then by `k`, then by the number of
//! specials, then by the number of operations; each such block is a mixed-radix number whose
//! digits are, most significant first, the colouring (the colours of the cells in row-major order,
//! the last cell the least significant digit), the cells that hold a special (a combination, in
//! colex order), their kinds, and the operations (the first one the most significant). An index
//! whose board has a run is skipped.

pub mod built;
mod decode;
pub mod hands;
pub mod lines;
mod named;
mod reach;
mod shapes;
pub mod specials;
#[cfg(test)]
mod tests;

pub use named::NAMED;

use harness::roles::scope::{range_text, Blocks, Expr, Filled, Scope, ScopeError};
use model::texas::{Board, Case, Op, Pos, MAX_COLOURS, MAX_OPS, MAX_SIDE, MAX_SPECIAL};
use std::ops::RangeInclusive;

/// The parameters of a Texas scope, in canonical order.
pub const KEYS: &[&str] = &["n", "m", "k", "specials", "kinds", "q", "far"];

/// The most cells holding a special in one scope (keeps the table of binomials small).
pub const MAX_SCOPE_SPECIALS: u64 = 64;

/// The most parameter combinations (boards x k x specials x q) a scope may span.
const MAX_COMBINATIONS: u64 = 1 << 22;

/// What each parameter means, for `harness scopes` and error messages.
pub const HELP: &str = "\
texas scope parameters (comma-separated `key<=V`, `key=V`, `key=A..B`):
  n         rows, 1..=50 (default 1..3)
  m         columns, 1..=50 (default 1..3)
  k         colours: the header's k, every cell in 1..=k; 1..=100 (default 1..3)
  specials  how many cells hold a special, 0..=64 (default 0)
  kinds     the special kinds those cells may hold, 1..=6 (default 1..6)
  q         operations, 1..=1000 (default 1)
  far       0: every ordered pair of 4-adjacent cells; 1: every ordered pair of cells (default 0)
indices: smaller boards first, then smaller k, fewer specials, fewer operations; boards with a run are skipped";

/// Which operations a scope lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ops {
    /// Every ordered pair of 4-adjacent cells.
    Adjacent,
    /// Every ordered pair of cells, the same cell twice included.
    Any,
}

/// A scope's bounds, as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Params {
    n: RangeInclusive<u64>,
    m: RangeInclusive<u64>,
    k: RangeInclusive<u64>,
    specials: RangeInclusive<u64>,
    kinds: RangeInclusive<u64>,
    q: RangeInclusive<u64>,
    ops: Ops,
}

/// One block: the boards of one shape, k, number of specials and number of operations.
#[derive(Debug, Clone, Copy)]
struct Block {
    n: usize,
    m: usize,
    k: u64,
    specials: usize,
    q: usize,
    /// The shape's list of operations in [`TexasScope::tables`].
    table: usize,
    /// Choices of the cells that hold a special: C(n*m, specials).
    placements: u64,
    /// Choices of their kinds: kinds^specials.
    kindings: u64,
    /// Choices of the operations: ops^q.
    sequences: u64,
}

/// Every Texas case within some bounds, by index (see the module's documentation for the order).
#[derive(Debug, Clone)]
pub struct TexasScope {
    params: Params,
    blocks: Blocks,
    block: Vec<Block>,
    /// The operations of each shape, in order.
    tables: Vec<Vec<Op>>,
    /// C(x, j) for x <= the most cells and j <= the most specials, saturating; row x at
    /// `x * (specials + 1)`.
    binom: Vec<u64>,
    binom_stride: usize,
}

/// Parses a scope expression or a named scope's name.
pub fn parse(text: &str) -> Result<TexasScope, ScopeError> {
    let text = harness::roles::scope::resolve(NAMED, text);
    let mut e = Expr::parse(text)?;
    if let Some(family) = e.family() {
        return Err(ScopeError::new(
            format!("{family}:"),
            "a scope by construction is not a plain scope (`Texas::scope` reads both)",
        ));
    }
    let side = 1..=MAX_SIDE as u64;
    let n = e.take("n", side.clone(), 1..=3)?;
    let m = e.take("m", side, 1..=3)?;
    let k = e.take("k", 1..=u64::from(MAX_COLOURS), 1..=3)?;
    let specials = e.take("specials", 0..=MAX_SCOPE_SPECIALS, 0..=0)?;
    let kinds = e.take("kinds", 1..=u64::from(MAX_SPECIAL), 1..=6)?;
    let q = e.take("q", 1..=MAX_OPS as u64, 1..=1)?;
    let far = e.take("far", 0..=1, 0..=0)?;
    if far.start() != far.end() {
        return Err(ScopeError::new(
            format!("far={}", range_text(&far)),
            "`far` is 0 (4-adjacent pairs) or 1 (every ordered pair of cells), not a range",
        ));
    }
    e.finish(KEYS)?;
    let ops = if *far.start() == 1 {
        Ops::Any
    } else {
        Ops::Adjacent
    };
    TexasScope::new(
        Params {
            n,
            m,
            k,
            specials,
            kinds,
            q,
            ops,
        },
        text.trim(),
    )
}

/// The operations of an n x m board, in order: by first cell, then second cell, row-major.
fn operations(n: usize, m: usize, ops: Ops) -> Vec<Op> {
    let mut out = Vec::new();
    for a in 0..n * m {
        for b in 0..n * m {
            let (ar, ac, br, bc) = (a / m, a % m, b / m, b % m);
            if ops == Ops::Any || ar.abs_diff(br) + ac.abs_diff(bc) == 1 {
                out.push(Op {
                    a: Pos::new(ar, ac),
                    b: Pos::new(br, bc),
                });
            }
        }
    }
    out
}

/// C(x, j) for every x <= `cells`, j <= `most`, saturating at u64::MAX (Pascal's rule).
fn binomials(cells: usize, most: usize) -> Vec<u64> {
    let stride = most + 1;
    let mut t = vec![0u64; (cells + 1) * stride];
    for x in 0..=cells {
        t[x * stride] = 1;
        for j in 1..=most.min(x) {
            t[x * stride + j] = t[(x - 1) * stride + j - 1].saturating_add(t[(x - 1) * stride + j]);
        }
    }
    t
}

impl TexasScope {
    fn new(params: Params, text: &str) -> Result<TexasScope, ScopeError> {
        let overflow = |what: String| {
            ScopeError::new(
                text,
                format!("{what}: bound n, m, k, specials or q more tightly"),
            )
        };
        let span = |r: &RangeInclusive<u64>| r.end() - r.start() + 1;
        let combos = [&params.n, &params.m, &params.k, &params.specials, &params.q]
            .into_iter()
            .try_fold(1u64, |acc, r| acc.checked_mul(span(r)))
            .filter(|&c| c <= MAX_COMBINATIONS);
        if combos.is_none() {
            return Err(overflow(format!(
                "more than {MAX_COMBINATIONS} combinations of n, m, k, specials and q"
            )));
        }
        let most_cells = (params.n.end() * params.m.end()) as usize;
        let most_specials = *params.specials.end() as usize;
        let binom = binomials(most_cells, most_specials);
        let mut shapes: Vec<(usize, usize)> = Vec::new();
        for n in params.n.clone() {
            for m in params.m.clone() {
                shapes.push((n as usize, m as usize));
            }
        }
        shapes.sort_by_key(|&(n, m)| (n * m, n));
        let tables: Vec<Vec<Op>> = shapes
            .iter()
            .map(|&(n, m)| operations(n, m, params.ops))
            .collect();
        let mut scope = TexasScope {
            params,
            blocks: Blocks::default(),
            block: Vec::new(),
            tables,
            binom,
            binom_stride: most_specials + 1,
        };
        scope.block = scope.list_blocks(&shapes, &overflow)?;
        scope.blocks = Blocks::new(scope.block.iter().map(Self::block_len))
            .ok_or_else(|| overflow("the scope has more than 2^64-1 indices".into()))?;
        Ok(scope)
    }

    /// Every non-empty block, in index order; an error when one block alone overflows.
    fn list_blocks(
        &self,
        shapes: &[(usize, usize)],
        overflow: &dyn Fn(String) -> ScopeError,
    ) -> Result<Vec<Block>, ScopeError> {
        let p = &self.params;
        let kinds = p.kinds.end() - p.kinds.start() + 1;
        let mut out = Vec::new();
        for (table, &(n, m)) in shapes.iter().enumerate() {
            let cells = n * m;
            let ops = self.tables[table].len() as u64;
            for k in p.k.clone() {
                for s in p.specials.clone() {
                    let s = s as usize;
                    if s > cells {
                        break;
                    }
                    for q in p.q.clone() {
                        let q = q as usize;
                        let too_big = || {
                            overflow(format!(
                                "the {n}x{m} boards with k={k}, {s} specials and q={q} alone \
                                 number more than 2^64-1"
                            ))
                        };
                        let block = Block {
                            n,
                            m,
                            k,
                            specials: s,
                            q,
                            table,
                            placements: self.binomial(cells, s),
                            kindings: checked_pow(kinds, s).ok_or_else(too_big)?,
                            sequences: checked_pow(ops, q).ok_or_else(too_big)?,
                        };
                        let len = checked_pow(k, cells)
                            .and_then(|c| c.checked_mul(block.placements))
                            .filter(|_| block.placements != u64::MAX)
                            .and_then(|c| c.checked_mul(block.kindings))
                            .and_then(|c| c.checked_mul(block.sequences))
                            .ok_or_else(too_big)?;
                        if len > 0 {
                            out.push(block);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Indices in a block (checked in [`TexasScope::list_blocks`]).
    fn block_len(b: &Block) -> u64 {
        b.k.pow((b.n * b.m) as u32) * b.placements * b.kindings * b.sequences
    }

    fn binomial(&self, x: usize, j: usize) -> u64 {
        self.binom[x * self.binom_stride + j]
    }
}

/// `base^exp`, or `None` on overflow (`0^0` is 1).
fn checked_pow(base: u64, exp: usize) -> Option<u64> {
    let exp = u32::try_from(exp).ok()?;
    base.checked_pow(exp)
}

impl Scope<Case> for TexasScope {
    fn canonical(&self) -> String {
        self.params()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn params(&self) -> Vec<(String, String)> {
        let p = &self.params;
        let far = match p.ops {
            Ops::Adjacent => "0",
            Ops::Any => "1",
        };
        [&p.n, &p.m, &p.k, &p.specials, &p.kinds, &p.q]
            .into_iter()
            .map(range_text)
            .chain([far.to_string()])
            .zip(KEYS)
            .map(|(v, k)| (k.to_string(), v))
            .collect()
    }

    fn len(&self) -> u64 {
        self.blocks.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        harness::roles::scope::case_by_fill(self, index)
    }

    /// Decodes the index's digits (module doc) into the buffers `case` already holds; a colouring
    /// with a run skips every index of the block up to the first colouring that does not begin
    /// with the same cells (`TexasScope::colours`).
    fn fill(&self, index: u64, case: &mut Option<Case>) -> Filled {
        let Some((at, rest)) = self.blocks.locate(index) else {
            return Filled::Skip(1);
        };
        let b = &self.block[at];
        // The indices of one colouring are consecutive: its placements, kindings and sequences.
        let per_colouring = b.placements * b.kindings * b.sequences;
        let (colouring, within) = (rest / per_colouring, rest % per_colouring);
        let case = case.get_or_insert_with(|| Case {
            k: 0,
            board: Board::empty(0, 0),
            ops: Vec::new(),
        });
        let cells = b.n * b.m;
        let board = &mut case.board;
        board.colour.resize(cells, 0);
        if let Err(colourings) = Self::colours(b, &mut board.colour, colouring) {
            return Filled::Skip(colourings * per_colouring - within);
        }
        board.special.resize(cells, 0);
        let (sequence, rest) = (within % b.sequences, within / b.sequences);
        self.specials(b, &mut board.special, rest / b.kindings, rest % b.kindings);
        self.operations(b, &mut case.ops, sequence);
        (board.n, board.m, case.k) = (b.n, b.m, b.k as u8);
        Filled::Case
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        reach::unreachable(&reach::Bounds {
            n: *self.params.n.end(),
            m: *self.params.m.end(),
            k: *self.params.k.end(),
            specials: *self.params.specials.end(),
            kinds: self.params.kinds.clone(),
            q: *self.params.q.end(),
            far: self.params.ops == Ops::Any,
        })
    }
}
