//! Texas Match-3 (THUPC 2022 final): the case, the outcome with its trace, and the contest format.
//!
//! Coordinates are 0-based inside the program (`row` 0 is the top row); the text format is 1-based.
//! A cell's colour 0 means "empty" (only ever seen after pieces were removed).

use crate::text::{Lines, ParseError};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// Largest n and m.
pub const MAX_SIDE: usize = 50;
/// Largest number of colours k.
pub const MAX_COLOURS: u8 = 100;
/// Largest number of operations q.
pub const MAX_OPS: usize = 1000;
/// Largest special type.
pub const MAX_SPECIAL: u8 = 6;

/// A board position, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Self {
        debug_assert!(row < MAX_SIDE && col < MAX_SIDE);
        Pos {
            row: row as u8,
            col: col as u8,
        }
    }
    pub fn r(self) -> usize {
        usize::from(self.row)
    }
    pub fn c(self) -> usize {
        usize::from(self.col)
    }
}

impl fmt::Display for Pos {
    /// 1-based, as in the contest format: `(row col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({} {})", self.row + 1, self.col + 1)
    }
}

/// One operation: swap the pieces at `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Op {
    pub a: Pos,
    pub b: Pos,
}

/// A rectangular board. `colour` and `special` are row-major, `n * m` long; colour 0 is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub n: usize,
    pub m: usize,
    pub colour: Vec<u8>,
    pub special: Vec<u8>,
}

impl Board {
    /// An empty n x m board.
    pub fn empty(n: usize, m: usize) -> Self {
        Board {
            n,
            m,
            colour: vec![0; n * m],
            special: vec![0; n * m],
        }
    }
    pub fn idx(&self, r: usize, c: usize) -> usize {
        r * self.m + c
    }
    pub fn colour_at(&self, r: usize, c: usize) -> u8 {
        self.colour[r * self.m + c]
    }
    pub fn special_at(&self, r: usize, c: usize) -> u8 {
        self.special[r * self.m + c]
    }
    pub fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.colour_at(r, c) == 0
    }
    /// True when no cell holds a piece.
    pub fn is_cleared(&self) -> bool {
        self.colour.iter().all(|&c| c == 0)
    }
    /// Number of pieces on the board.
    pub fn pieces(&self) -> usize {
        self.colour.iter().filter(|&&c| c != 0).count()
    }
    /// The first run (>= 3 equal non-empty colours in a row or column) found scanning row-major,
    /// as (start, horizontal?). Validation only; the engines find runs their own way.
    pub fn find_run(&self) -> Option<(Pos, bool)> {
        if !self.has_run() {
            return None;
        }
        for r in 0..self.n {
            for c in 0..self.m {
                let v = self.colour_at(r, c);
                if v == 0 {
                    continue;
                }
                if c + 2 < self.m && self.colour_at(r, c + 1) == v && self.colour_at(r, c + 2) == v
                {
                    return Some((Pos::new(r, c), true));
                }
                if r + 2 < self.n && self.colour_at(r + 1, c) == v && self.colour_at(r + 2, c) == v
                {
                    return Some((Pos::new(r, c), false));
                }
            }
        }
        None
    }
    /// Whether some run exists: the quick answer for the usual case of none, in branch-free passes
    /// over whole rows; [`Board::find_run`] then finds the first one.
    fn has_run(&self) -> bool {
        /// Whether `a[i] == b[i] == c[i] != 0` for some i.
        fn triple(a: &[u8], b: &[u8], c: &[u8]) -> bool {
            a.iter().zip(b).zip(c).fold(false, |f, ((&a, &b), &c)| {
                f | ((a != 0) & (a == b) & (b == c))
            })
        }
        let m = self.m.max(1);
        let rows = || self.colour.chunks_exact(m);
        let horizontal = m >= 3
            && rows().fold(false, |f, row| {
                f | triple(&row[..m - 2], &row[1..m - 1], &row[2..])
            });
        let vertical = rows()
            .zip(rows().skip(1))
            .zip(rows().skip(2))
            .fold(false, |f, ((a, b), c)| f | triple(a, b, c));
        horizontal || vertical
    }

    /// A multi-line picture: one line per row, `colour` or `colour*special`, `.` for empty; the
    /// cells of `marked` are shown as `[x]`.
    pub fn render(&self, marked: Option<&Cells>) -> String {
        let mut out = String::new();
        for r in 0..self.n {
            for c in 0..self.m {
                if c > 0 {
                    out.push(' ');
                }
                let (v, s) = (self.colour_at(r, c), self.special_at(r, c));
                let cell = match (v, s) {
                    (0, _) => ".".to_string(),
                    (v, 0) => v.to_string(),
                    (v, s) => format!("{v}*{s}"),
                };
                if marked.is_some_and(|m| m.contains(Pos::new(r, c))) {
                    let _ = write!(out, "{:>6}", format!("[{cell}]"));
                } else {
                    let _ = write!(out, "{cell:>6}");
                }
            }
            out.push('\n');
        }
        out
    }
}

/// A whole Texas Match-3 input.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    /// Number of colours: every colour is in 1..=k.
    pub k: u8,
    /// The initial board: full, no run.
    pub board: Board,
    pub ops: Vec<Op>,
}

impl Case {
    pub fn n(&self) -> usize {
        self.board.n
    }
    pub fn m(&self) -> usize {
        self.board.m
    }

    /// Checks every constraint of the statement. Parsing checks the same rules with positions;
    /// this is for cases built in memory (generators, shrinkers).
    pub fn validate(&self) -> Result<(), String> {
        let (n, m) = (self.n(), self.m());
        if !(1..=MAX_SIDE).contains(&n) || !(1..=MAX_SIDE).contains(&m) {
            return Err(format!("board is {n}x{m}: 1 <= n, m <= {MAX_SIDE}"));
        }
        if self.k < 1 || self.k > MAX_COLOURS {
            return Err(format!("k = {}: 1 <= k <= {MAX_COLOURS}", self.k));
        }
        if self.board.colour.len() != n * m || self.board.special.len() != n * m {
            return Err("board arrays do not have n * m cells".into());
        }
        if self.ops.is_empty() || self.ops.len() > MAX_OPS {
            return Err(format!("q = {}: 1 <= q <= {MAX_OPS}", self.ops.len()));
        }
        for (i, (&v, &s)) in self
            .board
            .colour
            .iter()
            .zip(&self.board.special)
            .enumerate()
        {
            if v < 1 || v > self.k {
                return Err(format!(
                    "colour {v} at {}: 1 <= a <= k",
                    Pos::new(i / m, i % m)
                ));
            }
            if s > MAX_SPECIAL {
                return Err(format!(
                    "special {s} at {}: 0 <= b <= 6",
                    Pos::new(i / m, i % m)
                ));
            }
        }
        for (i, op) in self.ops.iter().enumerate() {
            for p in [op.a, op.b] {
                if p.r() >= n || p.c() >= m {
                    return Err(format!("operation {} names {p}, outside the board", i + 1));
                }
            }
        }
        if let Some((p, horizontal)) = self.board.find_run() {
            let dir = if horizontal { "horizontal" } else { "vertical" };
            return Err(format!("the initial board has a {dir} run starting at {p}"));
        }
        Ok(())
    }

    /// Parses the contest format. Every rule of the statement is checked, with positions.
    pub fn parse(input: &[u8]) -> Result<Case, ParseError> {
        let mut lines = Lines::new(input);
        let header = lines.next_line("the header `n m k q`")?;
        let [n, m, k, q] = header.exactly("4 values `n m k q`")?;
        let n = n.uint("n", 1, MAX_SIDE)?;
        let m = m.uint("m", 1, MAX_SIDE)?;
        let k = k.uint("k", 1, usize::from(MAX_COLOURS))?;
        let q = q.uint("q", 1, MAX_OPS)?;
        let mut board = Board::empty(n, m);
        // The line of each row of colours, to point at an initial run.
        let mut colour_lines = [0; MAX_SIDE];
        for (r, cells) in board.colour.chunks_exact_mut(m).enumerate() {
            colour_lines[r] = match lines.plain_numbers(cells, 1, &[k as u8; MAX_SIDE][..m]) {
                Some(number) => number,
                None => read_row(&mut lines, cells, Grid::Colours, r, (1, k))?,
            };
        }
        let specials = usize::from(MAX_SPECIAL);
        for (r, cells) in board.special.chunks_exact_mut(m).enumerate() {
            if lines
                .plain_numbers(cells, 0, &[MAX_SPECIAL; MAX_SIDE][..m])
                .is_none()
            {
                read_row(&mut lines, cells, Grid::Specials, r, (0, specials))?;
            }
        }
        if let Some((p, horizontal)) = board.find_run() {
            let dir = if horizontal { "horizontal" } else { "vertical" };
            return Err(ParseError {
                line: colour_lines[p.r()],
                column: 0,
                token: None,
                rule: format!(
                    "the initial board must have no run, but a {dir} run of colour {} starts at row {} column {}",
                    board.colour_at(p.r(), p.c()),
                    p.r() + 1,
                    p.c() + 1
                ),
            });
        }
        let corner = Pos::new(0, 0);
        let mut ops = vec![
            Op {
                a: corner,
                b: corner
            };
            q
        ];
        let bounds = [n, m, n, m].map(|side| side as u8);
        for (i, op) in ops.iter_mut().enumerate() {
            let mut v = [0u8; 4];
            *op = if lines.plain_numbers(&mut v, 1, &bounds).is_some() {
                let [x1, y1, x2, y2] = v.map(|x| usize::from(x - 1));
                Op {
                    a: Pos::new(x1, y1),
                    b: Pos::new(x2, y2),
                }
            } else {
                read_op(&mut lines, (i, q), n, m)?
            };
        }
        lines.expect_end(format_args!("the {q} operations"))?;
        Ok(Case {
            k: k as u8,
            board,
            ops,
        })
    }

    /// Writes the contest format; `Case::parse(case.write())` gives the case back.
    pub fn write(&self) -> String {
        let (n, m) = (self.n(), self.m());
        let mut out = String::with_capacity(4 * n * m + 12 * self.ops.len() + 32);
        let _ = writeln!(out, "{n} {m} {} {}", self.k, self.ops.len());
        for grid in [&self.board.colour, &self.board.special] {
            for r in 0..n {
                for c in 0..m {
                    if c > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{}", grid[r * m + c]);
                }
                out.push('\n');
            }
        }
        for op in &self.ops {
            let _ = writeln!(
                out,
                "{} {} {} {}",
                op.a.row + 1,
                op.a.col + 1,
                op.b.row + 1,
                op.b.col + 1
            );
        }
        out
    }
}

/// The two grids of the input, named as in the statement: `a` (colours) and `b` (specials).
#[derive(Clone, Copy)]
enum Grid {
    Colours,
    Specials,
}

impl Grid {
    /// (the grid in the plural, one cell, the statement's letter)
    fn names(self) -> (&'static str, &'static str, char) {
        match self {
            Grid::Colours => ("colours", "colour", 'a'),
            Grid::Specials => ("specials", "special", 'b'),
        }
    }
}

/// Reads row `r` (0-based) of a grid through the tokenizer, every rule checked with its position:
/// the path for the rows that [`Lines::plain_numbers`] does not take. Returns the line's number.
#[cold]
#[inline(never)]
fn read_row(
    lines: &mut Lines<'_>,
    cells: &mut [u8],
    grid: Grid,
    r: usize,
    (lo, hi): (usize, usize),
) -> Result<usize, ParseError> {
    let (m, row) = (cells.len(), r + 1);
    let (plural, one, letter) = grid.names();
    let line = lines.next_line(format_args!("row {row} of the {plural}"))?;
    let tokens = line.expect_tokens(m, format_args!("{m} {plural} (row {row} of {letter})"))?;
    for (c, (cell, tok)) in cells.iter_mut().zip(tokens).enumerate() {
        let c = c + 1;
        *cell = tok.uint(format_args!("{one} {letter}[{row}][{c}]"), lo, hi)? as u8;
    }
    Ok(line.number)
}

/// Reads operation `i` (0-based) of `q` through the tokenizer, every rule checked with its
/// position: the path for the lines that [`Lines::plain_numbers`] does not take.
#[cold]
#[inline(never)]
fn read_op(
    lines: &mut Lines<'_>,
    (i, q): (usize, usize),
    n: usize,
    m: usize,
) -> Result<Op, ParseError> {
    let line = lines.next_line(format_args!("operation {} of {q} `x1 y1 x2 y2`", i + 1))?;
    let [x1, y1, x2, y2] = line.exactly("4 values `x1 y1 x2 y2`")?;
    let x1 = x1.uint("x1", 1, n)?;
    let y1 = y1.uint("y1", 1, m)?;
    let x2 = x2.uint("x2", 1, n)?;
    let y2 = y2.uint("y2", 1, m)?;
    Ok(Op {
        a: Pos::new(x1 - 1, y1 - 1),
        b: Pos::new(x2 - 1, y2 - 1),
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE3: &str = "5 5 2 1\n1 1 2 1 1\n1 1 2 1 1\n2 2 1 2 2\n1 1 2 1 1\n1 1 2 1 1\n\
        0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3 4 3\n";

    fn err(input: &str) -> ParseError {
        Case::parse(input.as_bytes()).unwrap_err()
    }

    #[test]
    fn parse_and_write_round_trip() {
        let case = Case::parse(SAMPLE3.as_bytes()).unwrap();
        assert_eq!((case.n(), case.m(), case.k, case.ops.len()), (5, 5, 2, 1));
        assert_eq!(
            case.ops[0],
            Op {
                a: Pos::new(2, 2),
                b: Pos::new(3, 2)
            }
        );
        assert_eq!(case.write(), SAMPLE3);
        assert_eq!(Case::parse(case.write().as_bytes()).unwrap(), case);
        assert!(case.validate().is_ok());
    }

    #[test]
    fn errors_name_line_token_and_rule() {
        let e = err("5 5 2 x\n");
        assert_eq!((e.line, e.column), (1, 7));
        assert!(e.to_string().contains("q must be an integer"), "{e}");
        let e = err(&SAMPLE3.replace("5 5 2 1\n", "5 51 2 1\n"));
        assert!(e.to_string().contains("m = 51 is out of range"), "{e}");
        let e = err(&SAMPLE3.replace("1 1 2 1 1\n1 1 2 1 1\n2", "1 1 3 1 1\n1 1 2 1 1\n2"));
        assert!(
            e.to_string()
                .contains("colour a[1][3] = 3 is out of range: 1 <= colour a[1][3] <= 2"),
            "{e}"
        );
        let e = err(&SAMPLE3.replace(
            "0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3",
            "0 0 7 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3",
        ));
        assert_eq!(e.line, 7);
        let e = err(&SAMPLE3.replace("3 3 4 3", "3 3 6 3"));
        assert!(e.to_string().contains("x2 = 6 is out of range"), "{e}");
        let e = err(&SAMPLE3.replace("3 3 4 3\n", ""));
        assert!(
            e.rule
                .contains("unexpected end of input: expected operation 1 of 1"),
            "{e}"
        );
        let e = err(&format!("{SAMPLE3}1 1 1 2\n"));
        assert!(e.rule.contains("trailing"), "{e}");
        assert_eq!(e.line, 13);
        let e = err(&SAMPLE3.replace("1 1 2 1 1\n1 1 2 1 1\n2", "1 1 2 1\n1 1 2 1 1\n2"));
        assert!(e.rule.contains("found only 4"), "{e}");
        let e = err(&SAMPLE3.replace("3 3 4 3", "3 3 4 3 1"));
        assert!(e.rule.contains("extra value"), "{e}");
        let e = err("");
        assert!(e.rule.contains("expected the header"), "{e}");
    }

    #[test]
    fn unusual_spacing_and_leading_zeros_read_like_the_plain_form() {
        let plain = Case::parse(SAMPLE3.as_bytes()).unwrap();
        let odd =
            "\n5 5 2 1\r\n1 1 2 1 1\n\t1 1 2 1 1 \n2 2 01 2 2\r\n\n1  1 2 1 1\n1 1 2 1 0001\n\
            0 0 0 0 0\n0\t0 0 0 0\n0 0 0 0 00\n 0 0 0 0 0\n0 0 0 0 0\r\n3 3 4 3\r\n\n";
        assert_eq!(Case::parse(odd.as_bytes()).unwrap(), plain);
        // Operations in every form too, and an input without a final line end.
        let odd_ops = SAMPLE3.replace("3 3 4 3\n", "03\t3 4 3 \r");
        assert_eq!(Case::parse(odd_ops.as_bytes()).unwrap(), plain);
    }

    #[test]
    fn an_initial_run_is_rejected_with_its_place() {
        let input = SAMPLE3.replacen("1 1 2 1 1\n", "1 1 1 2 2\n", 1).replacen(
            "5 5 2 1\n",
            "5 5 2 1\n\n",
            1,
        );
        let e = err(&input);
        assert!(
            e.rule
                .contains("horizontal run of colour 1 starts at row 1 column 1"),
            "{e}"
        );
        assert_eq!(e.line, 3, "a blank line moves the first row to line 3");
    }

    #[test]
    fn render_marks_specials_and_holes() {
        let mut b = Board::empty(1, 3);
        b.colour = vec![1, 0, 3];
        b.special = vec![0, 0, 6];
        assert_eq!(
            b.render(None).split_whitespace().collect::<Vec<_>>(),
            ["1", ".", "3*6"]
        );
        let marked = Cells::from_rows(&[0b100]);
        assert_eq!(
            b.render(Some(&marked))
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["1", ".", "[3*6]"]
        );
    }
}
