//! The page of any game.

use super::page::{answers, finish, first_difference, header, headline, input, start, views};
use super::View;
use crate::roles::Check;

/// The page of any game: the verdict, both answers, the first difference with both views, the
/// input. Mayan and NoGo use it as it is.
pub fn generic<G: Check>(v: &View<'_, G>) -> String {
    let mut out = String::new();
    let divergence = v.failure.and_then(|f| f.divergence.as_ref());
    start(
        &mut out,
        &format!("{}: {} - {}", G::NAME, headline(v.failure), v.title),
        "",
    );
    header(&mut out, v, divergence, divergence.is_some());
    answers(&mut out, v, None, false);
    if let Some(d) = divergence {
        first_difference(&mut out, d);
        views(&mut out, d, v.names);
    }
    input::<G>(&mut out, v.case);
    finish(&mut out);
    out
}
