//! The reference engine: the rules as written, on plain vectors, with nothing clever.
//!
//! A move takes the board line by line (rows for `L`/`R`, columns for `U`/`D`). Each line lists
//! its cells starting from the side the tiles move towards; the tiles are collected in that order
//! and put down one after another, each either joining the last tile put down (same value, and
//! that tile not made by a merge in this move) or going after it. Then the line is written back.

use crate::case::{Board, Case, Dir, Move};
use crate::trace::{Event, Outcome};

/// What one move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub changed: bool,
    pub gained: u64,
    pub merges: u32,
    pub placed: bool,
}

/// Plays the case. With `trace`, the outcome holds one event per move.
pub fn run(case: &Case, trace: bool) -> Outcome {
    let mut board = case.board.clone();
    let mut score = 0u64;
    let mut moved = 0u64;
    let mut events = Vec::new();
    for mv in &case.moves {
        let step = step(&mut board, mv);
        score += step.gained;
        if step.changed {
            moved += 1;
        }
        if trace {
            events.push(Event {
                mv: *mv,
                changed: step.changed,
                gained: step.gained,
                merges: step.merges,
                placed: step.placed,
                board: board.clone(),
            });
        }
    }
    Outcome {
        score,
        moved,
        board,
        events,
    }
}

/// Plays one move on the board.
pub fn step(board: &mut Board, mv: &Move) -> Step {
    let before = board.clone();
    let (gained, merges) = slide(board, mv.dir);
    let changed = *board != before;
    if !changed {
        return Step {
            changed: false,
            gained: 0,
            merges: 0,
            placed: false,
        };
    }
    let placed = board.get(mv.r, mv.c) == 0;
    if placed {
        board.set(mv.r, mv.c, mv.v);
    }
    Step {
        changed,
        gained,
        merges,
        placed,
    }
}

/// The cells of every line of the board for a move towards `dir`, each line starting from the
/// side the tiles move towards.
fn lines(n: usize, m: usize, dir: Dir) -> Vec<Vec<(usize, usize)>> {
    match dir {
        Dir::L => (0..n).map(|r| (0..m).map(|c| (r, c)).collect()).collect(),
        Dir::R => (0..n)
            .map(|r| (0..m).rev().map(|c| (r, c)).collect())
            .collect(),
        Dir::U => (0..m).map(|c| (0..n).map(|r| (r, c)).collect()).collect(),
        Dir::D => (0..m)
            .map(|c| (0..n).rev().map(|r| (r, c)).collect())
            .collect(),
    }
}

/// Slides every tile towards `dir`, merging; returns the score and the number of merges.
fn slide(board: &mut Board, dir: Dir) -> (u64, u32) {
    let mut gained = 0;
    let mut merges = 0;
    for line in lines(board.n, board.m, dir) {
        let tiles: Vec<u64> = line
            .iter()
            .map(|&(r, c)| board.get(r, c))
            .filter(|&v| v != 0)
            .collect();
        // The tiles put down so far, each with whether a merge in this move made it.
        let mut put: Vec<(u64, bool)> = Vec::new();
        for tile in tiles {
            match put.last_mut() {
                Some((last, merged)) if *last == tile && !*merged => {
                    *last = tile * 2;
                    *merged = true;
                    gained += tile * 2;
                    merges += 1;
                }
                _ => put.push((tile, false)),
            }
        }
        for (i, &(r, c)) in line.iter().enumerate() {
            board.set(r, c, put.get(i).map_or(0, |&(v, _)| v));
        }
    }
    (gained, merges)
}
