//! NoGo play-out, the naive way: every candidate point is tried on a copy of the board and the
//! groups it touches are flood-filled to count their liberties. Every scan starts again from the
//! top-left point. O(n^2) per candidate, meant for boards up to about 12x12.
//!
//! The rules are in `docs/rules.md` section 3 (`docs/rules.md#3-nogo-play-out-and-checker`, from
//! the repository root): legal points, the play-out and the checker.

use model::nogo::{Board, Colour, Move, Verdict};
use std::collections::HashSet;

/// Why an empty point is illegal for a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The group the new stone joins would have no liberty.
    Suicide,
    /// An opposing group next to the point would have no liberty.
    FillsLastLiberty,
    /// Both at once.
    Both,
}

/// A point found illegal during the play-out (reported once per colour and point).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skip {
    /// How many moves had been played when the point was first found illegal.
    pub after: usize,
    pub colour: Colour,
    pub at: Move,
    pub why: Illegal,
}

/// The play-out with the illegal points its scans ran into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub moves: Vec<Move>,
    pub skipped: Vec<Skip>,
}

/// The points next to (r, c) that lie on the board.
fn neighbours(n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < n {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < n {
        out.push((r, c + 1));
    }
    out
}

/// The number of liberties of the group holding the stone at (r, c): the empty points next to
/// any of its stones, each counted once.
fn liberties(board: &Board, r: usize, c: usize) -> usize {
    let colour = board.get(r, c);
    let mut in_group = vec![false; board.n * board.n];
    let mut is_liberty = vec![false; board.n * board.n];
    in_group[board.idx(r, c)] = true;
    let mut todo = vec![(r, c)];
    while let Some((r, c)) = todo.pop() {
        for (nr, nc) in neighbours(board.n, r, c) {
            let i = board.idx(nr, nc);
            let point = board.get(nr, nc);
            if point.is_none() {
                is_liberty[i] = true;
            } else if point == colour && !in_group[i] {
                in_group[i] = true;
                todo.push((nr, nc));
            }
        }
    }
    is_liberty.iter().filter(|&&l| l).count()
}

/// Whether `colour` may play the point (r, c): `None` when it is empty and legal, otherwise
/// `Some(reason)`; `Err` when the point is occupied.
pub fn illegal(
    board: &Board,
    colour: Colour,
    r: usize,
    c: usize,
) -> Result<Option<Illegal>, Colour> {
    if let Some(stone) = board.get(r, c) {
        return Err(stone);
    }
    let mut after = board.clone();
    after.set(r, c, Some(colour));
    let suicide = liberties(&after, r, c) == 0;
    let fills = neighbours(board.n, r, c).into_iter().any(|(nr, nc)| {
        after.get(nr, nc) == Some(colour.other()) && liberties(&after, nr, nc) == 0
    });
    Ok(match (suicide, fills) {
        (false, false) => None,
        (true, false) => Some(Illegal::Suicide),
        (false, true) => Some(Illegal::FillsLastLiberty),
        (true, true) => Some(Illegal::Both),
    })
}

/// True when `colour` may play the point (r, c).
pub fn is_legal(board: &Board, colour: Colour, r: usize, c: usize) -> bool {
    matches!(illegal(board, colour, r, c), Ok(None))
}

/// The first legal point for `colour` in row-major order.
pub fn first_legal(board: &Board, colour: Colour) -> Option<Move> {
    for r in 0..board.n {
        for c in 0..board.n {
            if is_legal(board, colour, r, c) {
                return Some(Move::new(r, c));
            }
        }
    }
    None
}

/// The play-out: each side plays its first legal point in row-major order, black first, until the
/// side to move has none.
pub fn playout(board: &Board) -> Vec<Move> {
    playout_traced(board).moves
}

/// The play-out, recording every illegal point its scans met (each colour and point once).
pub fn playout_traced(board: &Board) -> Trace {
    let mut board = board.clone();
    let mut moves = Vec::new();
    let mut skipped = Vec::new();
    let mut reported = HashSet::new();
    loop {
        let colour = Colour::to_play(moves.len());
        let mut chosen = None;
        'scan: for r in 0..board.n {
            for c in 0..board.n {
                match illegal(&board, colour, r, c) {
                    Err(_) => {}
                    Ok(None) => {
                        chosen = Some((r, c));
                        break 'scan;
                    }
                    Ok(Some(why)) => {
                        if reported.insert((colour, r, c)) {
                            skipped.push(Skip {
                                after: moves.len(),
                                colour,
                                at: Move::new(r, c),
                                why,
                            });
                        }
                    }
                }
            }
        }
        let Some((r, c)) = chosen else {
            return Trace { moves, skipped };
        };
        board.set(r, c, Some(colour));
        moves.push(Move::new(r, c));
    }
}

/// Judges a proposed move list: every move must be on the board, on an empty point and legal for
/// the side to move, and at the end the side to move must have no legal point.
pub fn check(board: &Board, moves: &[Move]) -> Verdict {
    let mut board = board.clone();
    for (i, &at) in moves.iter().enumerate() {
        let number = i + 1;
        let colour = Colour::to_play(i);
        if !at.on_board(board.n) {
            return Verdict::OffBoard {
                number,
                at,
                colour,
                n: board.n,
            };
        }
        match illegal(&board, colour, at.r(), at.c()) {
            Err(by) => {
                return Verdict::Occupied {
                    number,
                    at,
                    colour,
                    by,
                }
            }
            Ok(Some(_)) => return Verdict::Illegal { number, at, colour },
            Ok(None) => board.set(at.r(), at.c(), Some(colour)),
        }
    }
    let colour = Colour::to_play(moves.len());
    match first_legal(&board, colour) {
        Some(at) => Verdict::NotOver { colour, at },
        None => Verdict::Ok,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text.as_bytes()).unwrap()
    }

    const X: Colour = Colour::Black;
    const O: Colour = Colour::White;

    #[test]
    fn suicide_capture_and_joining() {
        // (1,1) is surrounded by O: suicide for X; O may play it (it joins groups with liberties).
        let b = board("3\n.O.\nO..\n...\n");
        assert_eq!(illegal(&b, X, 0, 0), Ok(Some(Illegal::Suicide)));
        assert_eq!(illegal(&b, O, 0, 0), Ok(None));
        // Next to an O stone that keeps other liberties: fine.
        assert_eq!(illegal(&b, X, 0, 2), Ok(None));
        assert_eq!(illegal(&b, X, 0, 1), Err(O));
        // Filling the last liberty of the O stone in the corner.
        let b = board("3\nOX.\n...\n...\n");
        assert_eq!(illegal(&b, X, 1, 0), Ok(Some(Illegal::FillsLastLiberty)));
        assert_eq!(illegal(&b, O, 1, 0), Ok(None));
        // Suicide only: the O stones around (2,1) keep other liberties.
        let b = board("3\nO..\n.O.\nO..\n");
        assert_eq!(illegal(&b, X, 1, 0), Ok(Some(Illegal::Suicide)));
        // Both: no liberty for the new stone, and the O group's last liberty is taken.
        let b = board("2\nO.\nOO\n");
        assert_eq!(illegal(&b, X, 0, 1), Ok(Some(Illegal::Both)));
        assert_eq!(illegal(&b, O, 0, 1), Ok(Some(Illegal::Suicide)));
        // Joining two X stones whose only liberty is the point: the joined group has none.
        let b = board("3\nX.X\nOOO\n...\n");
        assert_eq!(illegal(&b, X, 0, 1), Ok(Some(Illegal::Suicide)));
        assert_eq!(illegal(&b, O, 0, 1), Ok(Some(Illegal::FillsLastLiberty)));
        // Joining them when the point itself has an empty neighbour rescues both.
        let b = board("3\nX.X\nO.O\n...\n");
        assert_eq!(illegal(&b, X, 0, 1), Ok(None));
        assert_eq!(illegal(&b, O, 0, 1), Ok(Some(Illegal::FillsLastLiberty)));
        let b = board("3\nXO.\n.X.\n...\n");
        assert_eq!(illegal(&b, O, 1, 0), Ok(Some(Illegal::FillsLastLiberty)));
        // X (1,1) joins X (1,2), whose only liberty it is, and X (2,1), which has (3,1).
        let b = board("4\n.XO.\nXO..\n....\n....\n");
        assert_eq!(illegal(&b, X, 0, 0), Ok(None));
        assert_eq!(illegal(&b, O, 0, 0), Ok(Some(Illegal::Both)));
    }

    #[test]
    fn the_trace_names_each_reason() {
        let b = board("2\nO.\nOO\n");
        let t = playout_traced(&b);
        assert_eq!(t.moves, vec![]);
        assert_eq!(
            t.skipped,
            vec![Skip {
                after: 0,
                colour: X,
                at: Move::new(0, 1),
                why: Illegal::Both
            }]
        );
        assert_eq!(check(&b, &[]), Verdict::Ok);
        // Each colour and point is reported once, however often the scans pass it.
        let t = playout_traced(&board("3\n.O.\nO..\n...\n"));
        let suicides: Vec<_> = t
            .skipped
            .iter()
            .filter(|s| s.at == Move::new(0, 0))
            .collect();
        assert_eq!(suicides.len(), 1);
        assert_eq!((suicides[0].colour, suicides[0].why), (X, Illegal::Suicide));
    }
}
