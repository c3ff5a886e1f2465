//! The family of proposed move lists the checkers judge: a pure function of the board and the
//! play-out, so two engines that play out alike judge exactly the same lists.

use harness::rng::{mix, rng, Rng};
use model::nogo::{Board, Colour, Move};
use rand::Rng as _;

/// One proposed move list, described by how it is made from a play-out `P`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Proposal {
    /// `P` itself.
    PlayOut,
    /// The first `k` moves of `P`.
    Prefix(usize),
    /// `P` with the move at 0-based `index` replaced by `with` (may be occupied or off the board).
    Replace { index: usize, with: Move },
    /// `P` with the moves at two 0-based indices exchanged.
    Swap(usize, usize),
    /// `P` without the move at 0-based `index`: every later move changes colour.
    Drop(usize),
    /// `P` followed by one more move.
    Append(Move),
}

impl Proposal {
    /// The move list this proposal makes from the play-out `base`.
    pub fn apply(&self, base: &[Move]) -> Vec<Move> {
        let mut list = base.to_vec();
        match *self {
            Proposal::PlayOut => {}
            Proposal::Prefix(k) => list.truncate(k),
            Proposal::Replace { index, with } => {
                if let Some(m) = list.get_mut(index) {
                    *m = with;
                }
            }
            Proposal::Swap(i, j) => {
                if i < list.len() && j < list.len() {
                    list.swap(i, j);
                }
            }
            Proposal::Drop(index) => {
                if index < list.len() {
                    list.remove(index);
                }
            }
            Proposal::Append(m) => list.push(m),
        }
        list
    }

    /// One line for reports, 1-based like the checker's messages.
    pub fn describe(&self) -> String {
        match *self {
            Proposal::PlayOut => "the play-out itself".into(),
            Proposal::Prefix(k) => format!("the first {k} moves of the play-out"),
            Proposal::Replace { index, with } => {
                format!("the play-out with move {} replaced by {with}", index + 1)
            }
            Proposal::Swap(i, j) => {
                format!("the play-out with moves {} and {} swapped", i + 1, j + 1)
            }
            Proposal::Drop(index) => format!("the play-out without move {}", index + 1),
            Proposal::Append(m) => format!("the play-out followed by {m}"),
        }
    }
}

/// A stable hash of a board (FNV-1a over the size and the points, then mixed).
pub fn board_hash(board: &Board) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for b in (board.n as u64).to_le_bytes() {
        eat(b);
    }
    for p in &board.cells {
        eat(match p {
            None => 0,
            Some(Colour::Black) => 1,
            Some(Colour::White) => 2,
        });
    }
    mix(h)
}

/// The proposals for a board and its play-out: a pure function of both.
pub fn proposals(board: &Board, playout: &[Move]) -> Vec<Proposal> {
    let n = board.n;
    let len = playout.len();
    let mut r = rng(board_hash(board) ^ mix(len as u64));
    let point = |r: &mut Rng| Move::new(r.random_range(0..n), r.random_range(0..n));
    let mut out = vec![Proposal::PlayOut, Proposal::Prefix(0)];
    if len > 0 {
        out.push(Proposal::Prefix(r.random_range(0..len)));
        out.push(Proposal::Prefix(len - 1));
        // A point occupied when move `index` is played: an initial stone or an earlier move.
        let index = r.random_range(0..len);
        let initial: Vec<usize> = (0..n * n).filter(|&i| board.cells[i].is_some()).collect();
        let choices = initial.len() + index;
        if choices > 0 {
            let k = r.random_range(0..choices);
            let with = match initial.get(k) {
                Some(&i) => Move::new(i / n, i % n),
                None => playout[k - initial.len()],
            };
            out.push(Proposal::Replace { index, with });
        }
        for _ in 0..2 {
            let index = r.random_range(0..len);
            out.push(Proposal::Replace {
                index,
                with: point(&mut r),
            });
        }
        let off = r.random_range(0..3);
        let along = r.random_range(0..n + 3);
        let with = if r.random_bool(0.5) {
            Move::new(n + off, along)
        } else {
            Move::new(along, n + off)
        };
        out.push(Proposal::Replace {
            index: r.random_range(0..len),
            with,
        });
        out.push(Proposal::Drop(r.random_range(0..len)));
    }
    if len >= 2 {
        let i = r.random_range(0..len - 1);
        out.push(Proposal::Swap(i, i + 1));
    }
    if len >= 3 {
        let i = r.random_range(0..len - 2);
        out.push(Proposal::Swap(i, i + 2));
        // Two moves of one colour, anywhere.
        let i = r.random_range(0..len - 2);
        let j = i + 2 * r.random_range(1..=(len - 1 - i) / 2);
        out.push(Proposal::Swap(i, j));
    }
    // One more move: a point still empty at the end when there is one, so the fault is "illegal".
    let mut empty_at_end: Vec<bool> = board.cells.iter().map(Option::is_none).collect();
    for m in playout {
        if m.on_board(n) {
            empty_at_end[m.r() * n + m.c()] = false;
        }
    }
    let empties: Vec<usize> = (0..n * n).filter(|&i| empty_at_end[i]).collect();
    let extra = if empties.is_empty() {
        point(&mut r)
    } else {
        let i = empties[r.random_range(0..empties.len())];
        Move::new(i / n, i % n)
    };
    out.push(Proposal::Append(extra));
    out
}
