//! The outcome of a case with its trace, and the sinks an engine reports the trace to.

use super::{Board, Pos};
use serde::{Deserialize, Serialize};

/// The five kinds of points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Score {
    pub elimination: u64,
    pub chain: u64,
    pub combo: u64,
    pub hand: u64,
    pub endgame: u64,
}

impl Score {
    pub fn total(&self) -> u64 {
        self.elimination + self.chain + self.combo + self.hand + self.endgame
    }
}

/// Why an operation is invalid. When several reasons hold, the first in this order is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Invalid {
    /// The two cells are not 4-adjacent (this includes a cell swapped with itself).
    NotAdjacent,
    /// At least one of the two cells is empty.
    EmptyCell,
    /// After the swap no run exists.
    NoRun,
}

impl Invalid {
    pub const ALL: [Invalid; 3] = [Invalid::NotAdjacent, Invalid::EmptyCell, Invalid::NoRun];
    pub fn name(self) -> &'static str {
        match self {
            Invalid::NotAdjacent => "not adjacent",
            Invalid::EmptyCell => "empty cell",
            Invalid::NoRun => "no run",
        }
    }
}

/// The seven poker hands, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum HandKind {
    HighCard,
    OnePair,
    TwoPairs,
    ThreeOfAKind,
    FullHouse,
    FourOfAKind,
    FiveOfAKind,
}

impl HandKind {
    pub const ALL: [HandKind; 7] = [
        HandKind::HighCard,
        HandKind::OnePair,
        HandKind::TwoPairs,
        HandKind::ThreeOfAKind,
        HandKind::FullHouse,
        HandKind::FourOfAKind,
        HandKind::FiveOfAKind,
    ];
    pub fn name(self) -> &'static str {
        match self {
            HandKind::HighCard => "high card",
            HandKind::OnePair => "one pair",
            HandKind::TwoPairs => "two pairs",
            HandKind::ThreeOfAKind => "three of a kind",
            HandKind::FullHouse => "full house",
            HandKind::FourOfAKind => "four of a kind",
            HandKind::FiveOfAKind => "five of a kind",
        }
    }
}

/// A scored hand. Several choices of main colours can reach the best points; `kind` is then the
/// strongest kind among the choices that reach them (so both engines report the same kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    pub kind: HandKind,
    pub points: u64,
}

/// A set of cells: one bit mask per row, bit `c` for column `c`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cells {
    pub rows: Vec<u64>,
}

impl Cells {
    pub fn from_rows(rows: &[u64]) -> Self {
        Cells {
            rows: rows.to_vec(),
        }
    }
    pub fn count(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }
    pub fn contains(&self, p: Pos) -> bool {
        self.rows.get(p.r()).is_some_and(|r| r >> p.c() & 1 == 1)
    }
    /// The cells in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        self.rows.iter().enumerate().flat_map(|(r, &bits)| {
            (0..64)
                .filter(move |c| bits >> c & 1 == 1)
                .map(move |c| Pos::new(r, c))
        })
    }
}

/// One round of a cascade.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// M: every cell in some run.
    pub matched: Cells,
    /// E: M plus everything the specials added.
    pub removed: Cells,
    /// Combo points of this round.
    pub combo: u64,
    /// Elimination points of this round (round number times the colour sum of E).
    pub elimination: u64,
}

/// What happened in one operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OpTrace {
    /// `None` for a valid operation.
    pub invalid: Option<Invalid>,
    /// The main colours, the colour at `a` first (empty when invalid).
    pub main: Vec<u8>,
    pub rounds: Vec<Round>,
    /// Chain points of this operation.
    pub chain: u64,
    /// The hand scored after this operation (after every fifth valid one).
    pub hand: Option<Hand>,
}

/// Everything an engine computes for a case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub score: Score,
    /// One entry per operation when traced; empty when the engine ran without a trace.
    pub ops: Vec<OpTrace>,
    /// The board after the last operation.
    pub board: Board,
}

/// Receives the events of a game as an engine plays it. Every method has an empty default, so
/// [`NoTrace`] costs nothing: engines are generic over the sink and the calls compile away.
///
/// Protocol, per operation in order: either `invalid`, or `valid` followed by one `round` per round
/// that removed something and then `end_op`.
pub trait Sink {
    /// False for sinks that ignore everything; engines may skip building trace-only data.
    const ENABLED: bool = true;
    fn invalid(&mut self, _why: Invalid) {}
    fn valid(&mut self, _main: &[u8]) {}
    /// `matched` and `removed` are row masks (bit c of row r), n entries each.
    fn round(&mut self, _matched: &[u64], _removed: &[u64], _combo: u64, _elimination: u64) {}
    fn end_op(&mut self, _chain: u64, _hand: Option<Hand>) {}
}

/// The sink that records nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoTrace;

impl Sink for NoTrace {
    const ENABLED: bool = false;
}

/// The sink that records the whole trace.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    pub ops: Vec<OpTrace>,
}

impl Sink for Recorder {
    fn invalid(&mut self, why: Invalid) {
        self.ops.push(OpTrace {
            invalid: Some(why),
            main: Vec::new(),
            rounds: Vec::new(),
            chain: 0,
            hand: None,
        });
    }
    fn valid(&mut self, main: &[u8]) {
        self.ops.push(OpTrace {
            invalid: None,
            main: main.to_vec(),
            rounds: Vec::new(),
            chain: 0,
            hand: None,
        });
    }
    fn round(&mut self, matched: &[u64], removed: &[u64], combo: u64, elimination: u64) {
        if let Some(op) = self.ops.last_mut() {
            op.rounds.push(Round {
                matched: Cells::from_rows(matched),
                removed: Cells::from_rows(removed),
                combo,
                elimination,
            });
        }
    }
    fn end_op(&mut self, chain: u64, hand: Option<Hand>) {
        if let Some(op) = self.ops.last_mut() {
            op.chain = chain;
            op.hand = hand;
        }
    }
}
