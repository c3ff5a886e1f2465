//! 2048 under the harness, with its public API only: the game's roles, the whole protocol; the
//! rest of the crate is the game (formats, engines, generators, coverage), which knows of the
//! harness only `Source`, `Profile` and the grid shrinker's `GridCase`.

use crate::case::{Case, Dir};
use crate::{coverage, gen, optimized, reference, Event, Outcome};
use harness::prelude::*;
use harness::roles::scope::{NamedScope, Scope, ScopeError};
use model::ParseError;
use std::time::Duration;

/// 2048 (rules in RULES.md): `Registry::new().game::<Game2048>()` puts it under every command.
pub struct Game2048;

impl Format for Game2048 {
    const NAME: &'static str = "2048";
    type Case = Case;

    fn parse(input: &[u8]) -> Result<Case, ParseError> {
        Case::parse(input)
    }

    fn write(case: &Case) -> String {
        case.write()
    }

    fn size(case: &Case) -> String {
        case.size()
    }

    /// One second, plus 200 ns per cell and move: the reference's worst batch case takes about
    /// 2 ms, a 100000-move 8x8 game about 0.2 s.
    fn time_limit(case: &Case) -> Duration {
        let work = (case.board.cells.len() * (case.moves.len() + 1)) as u64;
        Duration::from_secs(1) + Duration::from_nanos(200 * work)
    }
}

impl Generate for Game2048 {
    const PROFILES: &'static [Profile<Case>] = gen::PROFILES;

    fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Case> {
        gen::arbitrary_case(u)
    }
}

impl Traced for Outcome {
    type Event = Event;

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn at(&self, i: usize) -> String {
        let Some(m) = self.events.get(i).map(|e| e.mv) else {
            return format!("move {}", i + 1);
        };
        format!("move {} ({} {} {})", i + 1, m.dir, m.r + 1, m.c + 1)
    }

    /// The kind of the difference (what failures are grouped by), then its details.
    fn difference(a: &Event, b: &Event) -> Differs {
        if a.changed != b.changed {
            let detail = format!("{} and {}", a.changed, b.changed);
            Differs::new("change differs", detail)
        } else if a.merges != b.merges {
            Differs::new("merges differ", format!("{} and {}", a.merges, b.merges))
        } else if a.gained != b.gained {
            let detail = format!("+{} and +{}", a.gained, b.gained);
            Differs::new("score gained differs", detail)
        } else if a.placed != b.placed {
            Differs::new(
                "placement differs",
                format!("{} and {}", a.placed, b.placed),
            )
        } else {
            let cells = grid::differing_cells(&a.board.cells, &b.board.cells, a.board.m);
            Differs::new("board differs", format!("at {cells}"))
        }
    }
}

impl Check for Game2048 {
    type Outcome = Outcome;

    fn answer(outcome: &Outcome) -> String {
        outcome.answer()
    }

    fn compare(_case: &Case, a: &Outcome, b: &Outcome, names: Names<'_>) -> Option<Divergence> {
        traced::<Game2048>(a, b, names)
    }
}

impl GridCase for Case {
    fn dims(&self) -> (usize, usize, usize) {
        (self.board.n, self.board.m, self.moves.len())
    }
    fn without_ops(&self, range: std::ops::Range<usize>) -> Option<Case> {
        let mut c = self.clone();
        c.moves.drain(range);
        Some(c)
    }
    fn without_row(&self, r: usize) -> Option<Case> {
        Case::without_row(self, r)
    }
    fn without_col(&self, c: usize) -> Option<Case> {
        Case::without_col(self, c)
    }
    fn lowered(&self, r: usize, c: usize) -> Vec<Case> {
        let empty = (self.board.get(r, c) > 2).then_some(0);
        let mut out = grid::each(self, empty, |d, v| d.board.set(r, c, v));
        out.extend(Case::lowered(self, r, c));
        out
    }
    /// Every tile halved (the rules do not change when all tiles are halved): when none is a 2.
    fn lowered_all(&self) -> Option<Case> {
        let cells = &self.board.cells;
        if cells.iter().all(|&v| v == 0) || cells.contains(&2) {
            return None;
        }
        let mut c = self.clone();
        c.board.cells.iter_mut().for_each(|v| *v /= 2);
        Some(c)
    }
    /// A tile: empty, or any tile from 2 to 2^20 other than its own (a few of them).
    fn cell_variants(&self, r: usize, c: usize) -> Vec<(&'static str, Vec<Case>)> {
        let values = [0u64, 2, 4, 8, 64, 1 << 11, 1 << 16, 1 << 20];
        let others = values.into_iter().filter(|&v| v != self.board.get(r, c));
        let tiles = grid::each(self, others, |d, v| d.board.set(r, c, v));
        vec![("tile", tiles)]
    }
    /// A move: the other three directions, and the other spawn value.
    fn op_variants(&self, i: usize) -> Vec<Case> {
        let mv = self.moves[i];
        let dirs = Dir::ALL.into_iter().filter(|&d| d != mv.dir);
        let mut out = grid::each(self, dirs, |d, dir| d.moves[i].dir = dir);
        out.extend(grid::each(self, [6 - mv.v], |d, v| d.moves[i].v = v));
        out
    }
}

impl Shrink for Game2048 {
    fn weight(case: &Case) -> u64 {
        case.weight()
    }

    fn shrink_candidates(case: &Case) -> Vec<Case> {
        grid::candidates(case)
    }

    fn variants(case: &Case) -> Vec<Part<Case>> {
        grid::parts(case)
    }

    fn picture(case: &Case, explained: &Explanation) -> Option<String> {
        crate::page::picture(case, explained)
    }
}

impl Coverage for Game2048 {
    fn coverage_keys() -> &'static [&'static str] {
        coverage::COVERAGE_KEYS
    }

    fn reached(case: &Case, outcome: &Outcome) -> impl IntoIterator<Item = bool> {
        coverage::reached(case, outcome)
    }
}

impl Game for Game2048 {
    const ABOUT: &'static str = "2048 (a game of your own, examples/own-game)";

    engines! {
        reference: "plain vectors per line, like the rules" => reference::run,
        optimized: "packed rows, precomputed slide tables" => optimized::run,
    }

    fn html(view: &harness::roles::html::View<'_, Self>) -> String {
        crate::page::page(view)
    }
}

/// 2048's scopes, through the harness's public scope role.
impl Bounded for Game2048 {
    fn scopes() -> &'static [NamedScope] {
        crate::scope::NAMED
    }

    fn scope(expr: &str) -> Result<Box<dyn Scope<Case>>, ScopeError> {
        harness::roles::scope::build(
            crate::scope::NAMED,
            expr,
            |family, e, text| Ok(Box::new(crate::scope_built::parse(family, e, text)?)),
            |text| Ok(Box::new(crate::scope::parse(text)?)),
        )
    }
}
