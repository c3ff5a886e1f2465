//! Test your own engine: a Texas Match-3 engine of its own design, plugged into the harness.
//!
//! [`Arrays`] plays the rules of Texas Match-3 on plain arrays: one `Vec<u8>` of colours and one of
//! specials, row-major, with an empty border two cells wide all round, so that the 3x3 and 5x5
//! squares of specials 4 and 5 never need clipping (border cells are empty and add nothing) and a
//! walk along a line stops at the border by itself. Each round scans every row and column for runs,
//! grows the removed set with a stack of specials still to trigger, and compacts every column.
//! Sets of cells are lists of indices plus stamp arrays (a cell is in the set of this round when its
//! stamp equals the round's), so nothing is cleared between rounds.
//!
//! The engine reports every event of a game to a [`Sink`]: with a [`Recorder`] it gives the full
//! per-operation trace the harness compares, with [`NoTrace`] only the score and the final board.
//! Implementing [`harness::prelude::Engine`] is the whole of the plumbing: `src/main.rs` registers it with
//! the command line and `tests/library.rs` drives diff, shrink and bench from Rust.
//!
//! For the harness's own tests of the shrinker, [`Arrays::with_planted_bug`] builds a broken
//! variant in which special 4 clears only its own centre instead of its 3x3 square.

mod grid;
mod hand;

use games::Texas;
use grid::Grid;
use harness::prelude::{Engine, Fault, Output};
use model::texas::{Board, Case, NoTrace, Outcome, Recorder, Score, Sink};
use std::sync::Arc;

/// A Texas Match-3 engine on plain arrays.
#[derive(Debug, Clone)]
pub struct Arrays {
    name: &'static str,
    /// The planted bug of [`Arrays::with_planted_bug`]: special 4 clears only its centre.
    centre_only_special_4: bool,
}

impl Default for Arrays {
    fn default() -> Self {
        Self::new()
    }
}

impl Arrays {
    /// The engine, called "arrays".
    pub fn new() -> Self {
        Arrays {
            name: "arrays",
            centre_only_special_4: false,
        }
    }

    /// A deliberately broken variant, called "arrays-broken": special 4 clears only its centre
    /// (instead of the 3x3 square around it). Used to show the shrinker at work.
    pub fn with_planted_bug() -> Self {
        Arrays {
            name: "arrays-broken",
            centre_only_special_4: true,
        }
    }

    /// Plays every operation of `case` (which must satisfy [`Case::validate`]), reporting the
    /// events to `sink`; returns the score breakdown and the final board.
    pub fn play<S: Sink>(&self, case: &Case, sink: &mut S) -> (Score, Board) {
        Grid::new(&case.board, self.centre_only_special_4).play(&case.ops, sink)
    }

    /// The score, the whole trace and the final board.
    pub fn outcome(&self, case: &Case) -> Outcome {
        let mut recorder = Recorder::default();
        let (score, board) = self.play(case, &mut recorder);
        Outcome {
            score,
            ops: recorder.ops,
            board,
        }
    }
}

impl Engine<Texas> for Arrays {
    fn name(&self) -> &str {
        self.name
    }

    fn run(&self, case: &Case, trace: bool) -> Result<Output<Outcome>, Fault> {
        Ok(Output::Outcome(if trace {
            self.outcome(case)
        } else {
            games::texas::untraced(self.play(case, &mut NoTrace))
        }))
    }
}

/// The engine as the command line builds it (`--engine arrays`).
pub fn build() -> Arc<dyn Engine<Texas>> {
    Arc::new(Arrays::new())
}
