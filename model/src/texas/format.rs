//! The contest format of a case: parsing, every rule checked with its position, and writing.

use super::{Board, Case, Op, Pos, MAX_COLOURS, MAX_OPS, MAX_SIDE, MAX_SPECIAL};
use crate::text::{Lines, ParseError};
use std::fmt::Write as _;

impl Case {
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
