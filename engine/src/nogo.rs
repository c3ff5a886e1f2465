//! NoGo play-out and checker, near-linear in the number of points.
//!
//! - The board is padded with a frame of edge points, so every point has four neighbours and no
//!   bounds test is needed.
//! - Groups are a union-find forest (union by rank, path halving). Each root keeps its group's
//!   *pseudo-liberty* count: the number of (stone, empty neighbour) pairs. A group's pseudo-liberty
//!   count is zero exactly when it has no liberty, and it is maintained in O(1) per move: a new
//!   stone removes one pair for every stone next to it and brings one pair for every empty point
//!   next to it; a union adds the counts. One 32-bit word per point holds either the parent or, at
//!   a root, a root flag, the rank and the count, so a lookup touches one array.
//! - Legality of an empty point p for colour s is decided by p's four neighbours alone (before the
//!   move every group has a liberty, and only groups next to p lose one): each opposing group next
//!   to p must keep a pair not involving p, and the group s forms at p must have a pair at all.
//! - The play-out scans with one pointer per colour that only moves forward. A point occupied or
//!   illegal for a colour stays so for the rest of the game: stones are never removed, so a group's
//!   liberties only shrink, except when it grows by a stone played on one of its liberties. If p is
//!   illegal for s, then either p has no empty neighbour and every s group next to p has p as its
//!   only liberty, or some opposing group next to p has p as its only liberty. Such a group cannot
//!   gain a liberty without a stone on p itself, and p's neighbours stay occupied, so p stays
//!   illegal for s until someone plays on p. Every point behind a colour's pointer is therefore
//!   still unplayable for it, and the first legal point is at or after the pointer.
//! - A move's legality test and the move itself share the roots of its neighbours.

use model::nogo::{Board, Colour, Move, Verdict};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// In a root's link word: the flag that marks a root.
const ROOT: u32 = 1 << 31;
/// In a root's link word: where the union-by-rank rank starts (5 bits).
const RANK_SHIFT: u32 = 26;
/// In a root's link word: the pseudo-liberty count (26 bits; at most 4 n^2 < 2^26 pairs).
const PLIB: u32 = (1 << RANK_SHIFT) - 1;

fn stone_of(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

fn colour_of(stone: u8) -> Colour {
    if stone == BLACK {
        Colour::Black
    } else {
        Colour::White
    }
}

/// A position with its groups. Points are indices into an (n + 2) x (n + 2) padded grid.
#[derive(Debug, Clone)]
pub struct Position {
    n: usize,
    /// Width of the padded grid, n + 2.
    w: usize,
    /// ceil(2^64 / w), so that p / w is the high word of p * recip: exact while p * w < 2^64,
    /// which holds for every index of any board that fits in memory (p < w^2, so w < 2^21).
    recip: u64,
    cell: Vec<u8>,
    /// One word per stone: a root holds [`ROOT`], its rank and its group's pseudo-liberty count;
    /// any other stone holds its union-find parent. Empty points hold nothing meaningful.
    link: Vec<u32>,
}

/// The neighbourhood of a point a legal move would be played on (see `Position::survey`).
struct Survey {
    empties: u32,
    roots: [usize; 4],
    touching: [u32; 4],
    k: usize,
}

/// Whether the root word `a` goes on top of the root word `b` in a union (union by rank).
#[cfg_attr(mutants, mutants::skip)] // which root goes on top shapes the trees: only speed depends on it
#[inline]
fn ranks_first(a: u32, b: u32) -> bool {
    a >> RANK_SHIFT >= b >> RANK_SHIFT
}

impl Position {
    /// Sets up the groups of a board (named so that cargo-mutants, which leaves `new` alone,
    /// mutates it). The board should be valid (every group has a liberty); the
    /// engine does not check it again.
    pub fn from_board(board: &Board) -> Self {
        let n = board.n;
        let w = n + 2;
        let mut cell = vec![EDGE; w * w];
        for (r, row) in board.cells.chunks(n.max(1)).enumerate() {
            let base = (r + 1) * w + 1;
            for (dst, point) in cell[base..base + n].iter_mut().zip(row) {
                *dst = point.map_or(EMPTY, stone_of);
            }
        }
        let mut pos = Position {
            n,
            w,
            // w >= 3; (2^64 - 1) / w + 1 is ceil(2^64 / w) for any w > 1.
            recip: u64::MAX / w as u64 + 1,
            // Zeroed by the system, page by page as stones arrive.
            link: vec![0; w * w],
            cell,
        };
        for p in pos.interior() {
            let s = pos.cell[p];
            if s != BLACK && s != WHITE {
                continue;
            }
            let pairs = pos
                .neighbours(p)
                .iter()
                .filter(|&&q| pos.cell[q] == EMPTY)
                .count() as u32;
            pos.link[p] = ROOT | pairs;
            for q in [p - 1, p - w] {
                if pos.cell[q] == s {
                    let (a, b) = (pos.find(p), pos.find(q));
                    pos.union(a, b);
                }
            }
        }
        pos
    }

    /// The points of the board proper, row-major.
    fn interior(&self) -> impl Iterator<Item = usize> {
        let (n, w) = (self.n, self.w);
        (1..=n)
            .map(move |r| r * w + 1)
            .flat_map(move |start| start..start + n)
    }

    #[inline]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.w, p - 1, p + 1, p + self.w]
    }

    fn index(&self, m: Move) -> usize {
        (m.r() + 1) * self.w + m.c() + 1
    }

    #[inline]
    fn point(&self, p: usize) -> Move {
        let r = ((p as u128 * u128::from(self.recip)) >> 64) as usize;
        Move::new(r - 1, p - r * self.w - 1)
    }

    /// The root of the group of stone p, halving the path on the way.
    #[inline]
    fn find(&mut self, mut p: usize) -> usize {
        loop {
            let up = self.link[p];
            if up & ROOT != 0 {
                return p;
            }
            let grand = self.link[up as usize];
            if grand & ROOT != 0 {
                return up as usize;
            }
            self.link[p] = grand;
            p = grand as usize;
        }
    }

    /// The pseudo-liberty count of the group whose root is `root`.
    #[inline]
    fn plib(&self, root: usize) -> u32 {
        self.link[root] & PLIB
    }

    /// Joins two groups given by their roots; returns the new root.
    #[inline]
    fn union(&mut self, a: usize, b: usize) -> usize {
        if a == b {
            return a;
        }
        let (la, lb) = (self.link[a], self.link[b]);
        let (top, under, lt, lu) = if ranks_first(la, lb) {
            (a, b, la, lb)
        } else {
            (b, a, lb, la)
        };
        let mut word = lt + (lu & PLIB);
        if lt >> RANK_SHIFT == lu >> RANK_SHIFT {
            word += 1 << RANK_SHIFT;
        }
        self.link[top] = word;
        self.link[under] = top as u32;
        top
    }

    /// What playing `stone` on the empty point p would touch: its empty neighbours, and the distinct
    /// groups next to it with how many of their stones touch p. `None` when the move is illegal (a
    /// group next to p, or the new stone's own group, would have no liberty left).
    #[inline]
    fn survey(&mut self, stone: u8, p: usize) -> Option<Survey> {
        let mut empties = 0u32;
        // The distinct groups next to p, with how many of their stones touch p.
        let mut roots = [0usize; 4];
        let mut touching = [0u32; 4];
        let mut k = 0;
        for q in self.neighbours(p) {
            match self.cell[q] {
                EMPTY => empties += 1,
                EDGE => {}
                _ => {
                    let root = self.find(q);
                    match roots[..k].iter().position(|&x| x == root) {
                        Some(j) => touching[j] += 1,
                        None => {
                            roots[k] = root;
                            touching[k] = 1;
                            k += 1;
                        }
                    }
                }
            }
        }
        let mut own = empties;
        for j in 0..k {
            // Every pair counted in `touching` is one of the group's pseudo-liberties.
            let left = self.plib(roots[j]) - touching[j];
            if self.cell[roots[j]] == stone {
                own += left;
            } else if left == 0 {
                return None;
            }
        }
        (own > 0).then_some(Survey {
            empties,
            roots,
            touching,
            k,
        })
    }

    /// True when the empty point p is legal for `stone`.
    #[inline]
    fn legal(&mut self, stone: u8, p: usize) -> bool {
        self.survey(stone, p).is_some()
    }

    /// Puts `stone` on the empty point p (legal or not: the counts stay exact either way).
    #[cfg(test)]
    fn play(&mut self, stone: u8, p: usize) {
        self.cell[p] = stone;
        let mut pairs = 0;
        for q in self.neighbours(p) {
            match self.cell[q] {
                EMPTY => pairs += 1,
                EDGE => {}
                _ => {
                    let root = self.find(q);
                    self.link[root] -= 1;
                }
            }
        }
        self.link[p] = ROOT | pairs;
        let mut root = p;
        for q in self.neighbours(p) {
            if self.cell[q] == stone {
                let other = self.find(q);
                root = self.union(root, other);
            }
        }
    }

    /// Plays `stone` on the empty point p when that is legal; false (and nothing changes) when it
    /// is not. The legality test and the move share the neighbours' roots.
    #[inline]
    fn try_play(&mut self, stone: u8, p: usize) -> bool {
        let Some(Survey {
            empties,
            roots,
            touching,
            k,
        }) = self.survey(stone, p)
        else {
            return false;
        };
        self.cell[p] = stone;
        for j in 0..k {
            // The pairs of these stones with p are gone.
            self.link[roots[j]] -= touching[j];
        }
        self.link[p] = ROOT | empties;
        let mut root = p;
        for &r in &roots[..k] {
            if self.cell[r] == stone {
                root = self.union(root, r);
            }
        }
        true
    }

    /// Plays `stone` on its first legal point at or after the padded index `from`, in row-major
    /// order, and returns that point.
    #[inline]
    fn play_first_legal_from(&mut self, stone: u8, from: usize) -> Option<usize> {
        let end = (self.n + 1) * self.w;
        (from..end).find(|&p| self.cell[p] == EMPTY && self.try_play(stone, p))
    }

    /// The first legal point for `stone` at or after the padded index `from`, in row-major order.
    #[inline]
    fn first_legal_from(&mut self, stone: u8, from: usize) -> Option<usize> {
        let end = (self.n + 1) * self.w;
        (from..end).find(|&p| self.cell[p] == EMPTY && self.legal(stone, p))
    }
}

/// The play-out: each side plays its first legal point in row-major order, black first, until the
/// side to move has none.
pub fn playout(board: &Board) -> Vec<Move> {
    let mut pos = Position::from_board(board);
    // At most one move per empty point; the pages are only touched as moves are written.
    let empty = board.cells.iter().filter(|c| c.is_none()).count();
    let mut moves = Vec::with_capacity(empty);
    // Where each colour's scan resumes: every point before it is occupied or illegal for it (the
    // padding included: the scan starts at index 0, whose row is all edge).
    let mut resume = [0, 0];
    loop {
        let side = moves.len() % 2;
        let stone = [BLACK, WHITE][side];
        let Some(p) = pos.play_first_legal_from(stone, resume[side]) else {
            return moves;
        };
        // p itself is taken now: the next scan passes over it at the cost of one look.
        resume[side] = p;
        moves.push(pos.point(p));
    }
}

/// Judges a proposed move list: every move on the board, on an empty point and legal for the side
/// to move; at the end the side to move has no legal point (else the first one is named).
pub fn check(board: &Board, moves: &[Move]) -> Verdict {
    let mut pos = Position::from_board(board);
    for (i, &at) in moves.iter().enumerate() {
        let number = i + 1;
        let colour = Colour::to_play(i);
        if !at.on_board(pos.n) {
            return Verdict::OffBoard {
                number,
                at,
                colour,
                n: pos.n,
            };
        }
        let p = pos.index(at);
        let stone = stone_of(colour);
        if pos.cell[p] != EMPTY {
            return Verdict::Occupied {
                number,
                at,
                colour,
                by: colour_of(pos.cell[p]),
            };
        }
        if !pos.try_play(stone, p) {
            return Verdict::Illegal { number, at, colour };
        }
    }
    let colour = Colour::to_play(moves.len());
    // From index 0: the padding is never empty.
    match pos.first_legal_from(stone_of(colour), 0) {
        Some(p) => Verdict::NotOver {
            colour,
            at: pos.point(p),
        },
        None => Verdict::Ok,
    }
}

#[cfg(test)]
mod tests;
