//! The page kit: a picture of a case as one self-contained HTML page, for `harness replay --html
//! OUT FILE` and the `.html` saved beside every failing case.
//!
//! A page is made from a [`View`]: the case, what two engines made of it and the verdict. The kit
//! depends on the verdict words ([`crate::roles::verdict`]) and the game's roles ([`crate::roles::Format`],
//! [`crate::roles::Check`]) only: it runs no engine and knows no game. The pages of the games are
//! beside the games (Texas: `games::texas::page`, reached through `Game::html`); the functions
//! that run engines to make pages are in [`crate::render::pages`].
//!
//! - [`page`]: the skeleton and its CSS, [`escape`](page::escape), and the pieces every page shares (the verdict,
//!   the answers, both views of a divergence, the input);
//! - [`generic()`]: the page of any game (the verdict, both answers, the first difference with both
//!   engines' views, and the input), the default of `Game::html`.
//!
//! The page has inline CSS only: no script, no network, no external font. Every piece of text is
//! escaped. What the page shows, and how to open it, is in docs/html-report.md.

mod generic;
pub mod page;

pub use generic::generic;

use crate::roles::verdict::{Explanation, Failure, Names};
use crate::roles::Check;

/// What a page pictures: a case and what two engines made of it.
pub struct View<'a, G: Check> {
    /// What the page is about: a file's path, a saved case's name.
    pub title: &'a str,
    pub case: &'a G::Case,
    /// The trusted engine (`a`) and the engine under test (`b`).
    pub names: Names<'a>,
    /// The trusted engine's traced outcome, when it gave one.
    pub a: Option<&'a G::Outcome>,
    /// The traced outcome of the engine under test, when it gave one.
    pub b: Option<&'a G::Outcome>,
    /// The verdict; `None` when the engines agree.
    pub failure: Option<&'a Failure>,
    /// For a shrunk repro: the parts that can take other values and still fail the same way.
    pub explained: Option<&'a Explanation>,
}
