//! Mayan's bounded scopes: every board of a few blocks, every exact number of moves.
//!
//! Parameters: `blocks` (how many blocks, 0..=35), `k` (the colours are 1..=k, its upper bound
//! counts) or instead `colours` (a set of colours, `colours=1,9,10`: the colours 8 to 10 the
//! search's bound keeps in its second word) and `n` (the exact number of moves, 1..=5). Indices run through block counts in order,
//! then move counts, then the columns' heights (every way to stack that many blocks in five
//! columns of at most seven), then the colours of the blocks. Blocks stand on the floor by
//! construction; a board with a run of three is not a valid input and is skipped.
//!
//! The named scopes, costs measured in CPU time on a spread sample of 20,000 indices (release
//! build) and extrapolated: `tiny` (13,532 indices, 0.03 s on 2 cores; it reaches every key but
//! `n=3..5` and those needing six blocks), `minute` (2,736,552, 46 s; all but `n=4`, `n=5`),
//! `ten-minutes` (3,648,736, 7 minutes; all but `n=5`), `eight-blocks` (16,508,296, 1.8
//! core-hours), `five-moves` (20,635,370, 20 core-hours; every key), `four-colours` (154,115,860,
//! 20 core-hours). The reference searches every sequence of exactly n moves, so a case costs
//! about ten times more per extra move: n dominates the cost, not the number of boards.
//!
//! After `tiny` (the plain scope that holds the smallest board of every rule), in order of size:
//! `swaps` and `swaps-high` (the scope by construction of [`super::scope_swaps`]: every vertical
//! run a swap completes around the swapped cell, in colours 1 to 4 and 7 to 10; 648 and 1,296
//! indices, 0.01 s) and `high-colours` (every board of at most 6 blocks in colours 1, 9 and 10, 1
//! or 2 moves; 380,948 indices, 1.3 core-seconds): the colours 8 to 10 the search's bound keeps in
//! its second word, and nibbles of 8 and more.

use harness::roles::scope::{range_text, set_text, Blocks, Expr, NamedScope, Scope, ScopeError};
use model::mayan::{Board, Case, COLS, MAX_COLOUR, MAX_MOVES, ROWS};
use std::ops::RangeInclusive;

/// The named scopes, smallest first.
pub const NAMED: &[NamedScope] = &[
    NamedScope {
        name: "tiny",
        expr: "blocks<=4,k=3,n<=2",
        about: "every board of at most 4 blocks in 3 colours, 1 or 2 moves (13,532 indices)",
        cost: "0.03 s on 2 cores",
    },
    NamedScope {
        name: "swaps",
        expr: "swaps: colours=1..4, n=1",
        about: "every vertical run a swap completes around the swapped cell (runs of four and five included), on boards the swap empties, in 4 colours (648 indices)",
        cost: "0.01 s on 2 cores",
    },
    NamedScope {
        name: "swaps-high",
        expr: "swaps: colours=7..10, n=1..2",
        about: "the same in colours 7 to 10 (8 to 10 are the bound's second word), one or two moves (1,296 indices)",
        cost: "0.01 s on 2 cores",
    },
    NamedScope {
        name: "high-colours",
        expr: "blocks<=6, colours=1,9,10, n<=2",
        about: "every board of at most 6 blocks in colours 1, 9 and 10, 1 or 2 moves (380,948 indices)",
        cost: "1 s on 2 cores (1.3 core-seconds)",
    },
    NamedScope {
        name: "minute",
        expr: "blocks<=7,k=3,n<=3",
        about: "every board of at most 7 blocks in 3 colours, 1 to 3 moves (2,736,552 indices)",
        cost: "46 s on 2 cores (0.03 core-hours)",
    },
    NamedScope {
        name: "ten-minutes",
        expr: "blocks<=7,k=3,n<=4",
        about: "every board of at most 7 blocks in 3 colours, 1 to 4 moves (3,648,736 indices)",
        cost: "7 minutes on 2 cores (0.24 core-hours)",
    },
    NamedScope {
        name: "eight-blocks",
        expr: "blocks<=8,k=3,n<=4",
        about: "every board of at most 8 blocks in 3 colours, 1 to 4 moves (16,508,296 indices)",
        cost: "1.8 core-hours",
    },
    NamedScope {
        name: "five-moves",
        expr: "blocks<=8,k=3,n<=5",
        about: "every board of at most 8 blocks in 3 colours, 1 to 5 moves (20,635,370 indices)",
        cost: "20 core-hours",
    },
    NamedScope {
        name: "four-colours",
        expr: "blocks<=8,k=4,n<=4",
        about: "every board of at most 8 blocks in 4 colours, 1 to 4 moves (154,115,860 indices)",
        cost: "20 core-hours",
    },
];

const KEYS: &[&str] = &["blocks", "k", "colours", "n"];

/// A Mayan scope: block counts, colours, move counts.
pub struct MayanScope {
    blocks: RangeInclusive<u64>,
    colours: u64,
    /// The colours, when given as a set (`colours=1,9,10`); else 1..=colours.
    palette: Option<Vec<u8>>,
    moves: RangeInclusive<u64>,
    /// For each block count b (index b - blocks.start), the column heights holding b blocks.
    heights: Vec<Vec<[u8; COLS]>>,
    /// One block per (block count, move count), in index order.
    index: Blocks,
    /// The (block count, move count) of each block.
    shapes: Vec<(usize, usize)>,
}

/// Parses a scope expression (a named scope already resolved).
pub fn parse(text: &str) -> Result<MayanScope, ScopeError> {
    let mut e = Expr::parse(text)?;
    if let Some(family) = e.family() {
        return Err(ScopeError::new(
            format!("{family}:"),
            "a scope by construction is not a plain scope (`Mayan::scope` reads both)",
        ));
    }
    let blocks = e.take("blocks", 0..=(COLS * ROWS) as u64, 0..=4)?;
    // The default 0..=0 (no colour 0 exists) says `k` was not given.
    let colours = e.take("k", 1..=u64::from(MAX_COLOUR), 0..=0)?;
    let k_given = *colours.end() > 0;
    let colours = if k_given { colours } else { 3..=3 };
    if colours.start() != colours.end() && *colours.start() != 1 {
        return Err(ScopeError::new(
            e.token("k").unwrap_or(text).to_string(),
            "`k` is the number of colours: write `k=K` or `k<=K`",
        ));
    }
    let palette = e.take_set("colours", 1..=u64::from(MAX_COLOUR), &[])?;
    let palette = if palette.is_empty() {
        None
    } else if k_given {
        return Err(ScopeError::new(
            e.token("colours").unwrap_or(text).to_string(),
            "give the colours as `k=K` (1..=K) or as a set `colours=...`, not both",
        ));
    } else {
        Some(palette.iter().map(|&c| c as u8).collect::<Vec<u8>>())
    };
    let colours = palette.as_ref().map_or(*colours.end(), |p| p.len() as u64);
    let moves = e.take("n", 1..=MAX_MOVES as u64, 1..=2)?;
    e.finish(KEYS)?;
    let mut scope = MayanScope::new(blocks, colours, moves).ok_or_else(|| {
        ScopeError::new(
            text.trim(),
            "this scope has more than 2^64 indices: bound `blocks` or `k` lower",
        )
    })?;
    scope.palette = palette;
    Ok(scope)
}

/// Every way to stack `blocks` blocks in the columns, at most [`ROWS`] each, in lexicographic order.
fn stackings(blocks: usize) -> Vec<[u8; COLS]> {
    fn fill(x: usize, left: usize, cur: &mut [u8; COLS], out: &mut Vec<[u8; COLS]>) {
        if x == COLS {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for h in 0..=left.min(ROWS) {
            cur[x] = h as u8;
            fill(x + 1, left - h, cur, out);
        }
    }
    let mut out = Vec::new();
    fill(0, blocks, &mut [0; COLS], &mut out);
    out
}

impl MayanScope {
    /// The scope; `None` when its length overflows `u64`.
    pub fn new(
        blocks: RangeInclusive<u64>,
        colours: u64,
        moves: RangeInclusive<u64>,
    ) -> Option<MayanScope> {
        let heights: Vec<_> = blocks.clone().map(|b| stackings(b as usize)).collect();
        let mut shapes = Vec::new();
        let mut sizes = Vec::new();
        for (b, h) in blocks.clone().zip(&heights) {
            let boards = (h.len() as u64).checked_mul(colours.checked_pow(b as u32)?)?;
            for n in moves.clone() {
                shapes.push((b as usize, n as usize));
                sizes.push(boards);
            }
        }
        Some(MayanScope {
            index: Blocks::new(sizes)?,
            blocks,
            colours,
            palette: None,
            moves,
            heights,
            shapes,
        })
    }

    /// The case at `index`, runs and all.
    fn board(&self, index: u64) -> Option<Case> {
        let (block, offset) = self.index.locate(index)?;
        let (b, n) = self.shapes[block];
        let stacks = &self.heights[b - *self.blocks.start() as usize];
        let per = self.colours.pow(b as u32);
        let heights = stacks[(offset / per) as usize];
        let mut code = offset % per;
        let mut board = Board::empty();
        for (x, &h) in heights.iter().enumerate() {
            for y in 0..h as usize {
                let digit = (code % self.colours) as usize;
                board.cells[x][y] = match &self.palette {
                    Some(p) => p[digit],
                    None => digit as u8 + 1,
                };
                code /= self.colours;
            }
        }
        Some(Case { n, board })
    }
}

impl Scope<Case> for MayanScope {
    fn canonical(&self) -> String {
        let parts: Vec<String> = self
            .params()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        parts.join(",")
    }

    fn params(&self) -> Vec<(String, String)> {
        let colours = match &self.palette {
            Some(p) => {
                let p: Vec<u64> = p.iter().map(|&c| u64::from(c)).collect();
                ("colours".into(), set_text(&p))
            }
            None => ("k".into(), self.colours.to_string()),
        };
        vec![
            ("blocks".into(), range_text(&self.blocks)),
            colours,
            ("n".into(), range_text(&self.moves)),
        ]
    }

    fn len(&self) -> u64 {
        self.index.len()
    }

    fn case(&self, index: u64) -> Option<Case> {
        let case = self.board(index)?;
        case.board.find_run().is_none().then_some(case)
    }

    fn unreachable(&self) -> Vec<(&'static str, String)> {
        const N_KEYS: [&str; 5] = ["n=1", "n=2", "n=3", "n=4", "n=5"];
        let mut out = Vec::new();
        for (i, key) in N_KEYS.iter().enumerate() {
            if !self.moves.contains(&(i as u64 + 1)) {
                out.push((*key, format!("the scope has n={}", range_text(&self.moves))));
            }
        }
        if *self.blocks.start() > 0 {
            out.push((
                "empty board",
                "every board of the scope holds a block".into(),
            ));
        }
        let most = *self.blocks.end();
        if most < 6 {
            let why = format!(
                "needs two clearings of 3 blocks or one of 6: the scope has at most {most} blocks"
            );
            out.push(("answer: cascade of 2+ waves", why.clone()));
            out.push(("answer: 6+ blocks in one move", why));
        }
        if most < 3 {
            for key in [
                "solvable",
                "answer: swap move",
                "answer: drop move",
                "answer: left drag",
                "answer: blocks fall after the drag",
                "answer: move removing nothing",
                "answer: swap of two equal blocks",
            ] {
                out.push((
                    key,
                    format!("clearing takes 3 blocks of a colour: the scope has at most {most}"),
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
