//! The boards an engine had (rebuilt from its own trace by [`super::super::sim::op_boards`]), drawn
//! as tables side by side.

use super::palette::special_symbol;
use harness::roles::html::page::escape;
use harness::roles::verdict::Explanation;
use model::texas::{Board, Cells, Pos};
use std::fmt::Write as _;

/// Differing cells listed by position above a board.
const SHOW_CELLS: usize = 6;
/// Boards with at most this many cells carry a tooltip per cell.
const TOOLTIP_CELLS: usize = 400;

fn has(cells: Option<&Cells>, r: usize, c: usize) -> bool {
    c < 64 && cells.is_some_and(|x| x.rows.get(r).is_some_and(|bits| bits >> c & 1 == 1))
}

/// One board as drawn: the pieces, the cells outlined, the swapped cells.
#[derive(Clone, Copy)]
pub(super) struct Drawn<'a> {
    pub(super) board: &'a Board,
    pub(super) matched: Option<&'a Cells>,
    pub(super) removed: Option<&'a Cells>,
    pub(super) swap: Option<(Pos, Pos)>,
    /// The repro's parts that do not matter (the explain phase), marked on the initial board.
    pub(super) free: Option<&'a Explanation>,
}

impl Drawn<'_> {
    pub(super) fn plain(board: &Board) -> Drawn<'_> {
        Drawn {
            board,
            matched: None,
            removed: None,
            swap: None,
            free: None,
        }
    }

    /// True when cell (r, c) shows differently on `other` (piece, M or E).
    fn differs(&self, other: &Drawn<'_>, r: usize, c: usize) -> bool {
        let (x, y) = (self.board, other.board);
        x.colour_at(r, c) != y.colour_at(r, c)
            || x.special_at(r, c) != y.special_at(r, c)
            || has(self.matched, r, c) != has(other.matched, r, c)
            || has(self.removed, r, c) != has(other.removed, r, c)
    }

    fn same_shape(&self, other: &Drawn<'_>) -> bool {
        self.board.n == other.board.n && self.board.m == other.board.m
    }

    /// The cells (row, column) that show differently on `other`; `None` when the boards do not
    /// even have the same size.
    fn differences(&self, other: &Drawn<'_>) -> Option<Vec<(usize, usize)>> {
        if !self.same_shape(other) {
            return None;
        }
        Some(
            (0..self.board.n)
                .flat_map(|r| (0..self.board.m).map(move |c| (r, c)))
                .filter(|&(r, c)| self.differs(other, r, c))
                .collect(),
        )
    }
}

/// Draws a board as a table; `other` is the other engine's board at the same moment (the cells that
/// differ are marked); `tag` names the engine and the moment for the table's data attributes.
fn board_table(
    out: &mut String,
    me: &Drawn<'_>,
    other: Option<&Drawn<'_>>,
    tag: (&str, &str, &str),
) {
    let b = me.board;
    let other = other.filter(|o| me.same_shape(o));
    let big = if b.m > 24 || b.n > 24 { " big" } else { "" };
    let tips = b.n * b.m <= TOOLTIP_CELLS;
    let _ = write!(
        out,
        "<table class=\"board{big}\" data-engine=\"{}\" data-op=\"{}\" data-round=\"{}\"><thead><tr><th></th>",
        tag.0, tag.1, tag.2
    );
    for c in 0..b.m {
        let _ = write!(out, "<th>{}</th>", c + 1);
    }
    out.push_str("</tr></thead><tbody>");
    for r in 0..b.n {
        let _ = write!(out, "\n<tr><th>{}</th>", r + 1);
        for c in 0..b.m {
            let (colour, special) = (b.colour_at(r, c), b.special_at(r, c));
            let mut class = if colour == 0 {
                "z".to_string()
            } else {
                format!("c{colour}")
            };
            if has(me.matched, r, c) {
                class.push_str(" m");
            } else if has(me.removed, r, c) {
                class.push_str(" x");
            }
            if other.is_some_and(|o| me.differs(o, r, c)) {
                class.push_str(" d");
            }
            if me
                .swap
                .is_some_and(|(p, q)| (p.r(), p.c()) == (r, c) || (q.r(), q.c()) == (r, c))
            {
                class.push_str(" s");
            }
            let free = |value: &str| me.free.is_some_and(|e| e.cell_is_free(r, c, value));
            let (free_colour, free_special) = (free("colour"), free("special"));
            if free_colour || free_special {
                class.push_str(" f");
            }
            let _ = write!(out, "<td class=\"{class}\"");
            if tips {
                let _ = write!(out, " title=\"({} {})", r + 1, c + 1);
                if colour == 0 {
                    out.push_str(" empty");
                } else {
                    let _ = write!(out, " colour {colour}");
                    if special != 0 {
                        let _ = write!(out, ", special {special}");
                    }
                }
                if free_colour {
                    out.push_str("; any colour fails the same way");
                }
                if free_special {
                    out.push_str("; any special fails the same way");
                }
                out.push('"');
            }
            out.push('>');
            if colour != 0 {
                if special != 0 {
                    let _ = write!(out, "<i>{}</i>", special_symbol(special));
                }
                let _ = write!(out, "{colour}");
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

/// One engine's side of a pair of boards.
pub(super) struct Side<'a> {
    pub(super) engine: &'a str,
    /// "A" or "B".
    pub(super) letter: &'a str,
    pub(super) caption: String,
    pub(super) drawn: Drawn<'a>,
}

/// Two boards side by side (or one, when only one engine has an outcome), the differences marked
/// and counted.
pub(super) fn pair_of_boards(out: &mut String, sides: &[Side<'_>], op: &str, round: &str) {
    out.push_str("<div class=\"pair\">");
    for (i, s) in sides.iter().enumerate() {
        let other = if sides.len() == 2 {
            sides.get(1 - i)
        } else {
            None
        };
        let note = match other.map(|o| s.drawn.differences(&o.drawn)) {
            None => String::new(),
            Some(None) => " &middot; <span class=\"nd\">the boards differ in size</span>".into(),
            Some(Some(cells)) if cells.is_empty() => String::new(),
            Some(Some(cells)) => {
                let list: Vec<String> = cells
                    .iter()
                    .take(SHOW_CELLS)
                    .map(|&(r, c)| format!("({} {})", r + 1, c + 1))
                    .collect();
                format!(
                    " &middot; <span class=\"nd\">{}: {}{}</span>",
                    if cells.len() == 1 {
                        "1 cell differs".to_string()
                    } else {
                        format!("{} cells differ", cells.len())
                    },
                    list.join(" "),
                    if cells.len() > SHOW_CELLS { " ..." } else { "" }
                )
            }
        };
        let _ = write!(
            out,
            "<figure><figcaption>{}: <b>{}</b>{}{note}</figcaption>",
            s.letter,
            escape(s.engine),
            s.caption
        );
        let tag = (s.letter.to_ascii_lowercase(), op, round);
        board_table(
            out,
            &s.drawn,
            other.map(|o| &o.drawn),
            (&tag.0, tag.1, tag.2),
        );
        out.push_str("</figure>");
    }
    out.push_str("</div>\n");
}
