//! `scopes`: a game's named bounded scopes, for `verify`.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::Game;
use std::io::Write as _;

/// List a game's named scopes for `verify`, smallest first: name, indices, rough cost, what it
/// holds, and the expression it stands for.
///
/// A scope is every case of the game up to some size; `verify --scope NAME` checks each one, or
/// give the bounds yourself: `verify --scope 'n<=3,m<=3,k<=3,specials<=1,q=1'` (docs/verify.md).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
}

pub(super) fn run<G: Game>(_: &Table<G>, _: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let named = G::scopes();
    if named.is_empty() {
        writeln!(cx.out, "{} names no scopes", G::NAME)?;
        return Ok(0);
    }
    let width = named.iter().map(|s| s.name.len()).max().unwrap_or(0);
    for s in named {
        let indices = match G::scope(s.expr) {
            Ok(scope) => format!("{} indices", crate::render::report::grouped(scope.len())),
            Err(e) => format!("(does not parse: {e})"),
        };
        writeln!(
            cx.out,
            "{:width$}  {indices:>23}  {:>22}  {}\n{:width$}  {:23}  {}",
            s.name, s.cost, s.about, "", "", s.expr
        )?;
    }
    Ok(0)
}

/// The scope `--scope TEXT` names for game `G`: a named scope, or bounds. A bad one is exit
/// status 2 with what is wrong and where.
pub(super) fn scope_of<G: Game>(
    text: &str,
) -> Result<Box<dyn crate::roles::scope::Scope<G::Case>>, Exit> {
    let expr = crate::roles::scope::resolve(G::scopes(), text);
    G::scope(expr).map_err(|e| {
        let names: Vec<&str> = G::scopes().iter().map(|s| s.name).collect();
        let known = if names.is_empty() {
            String::new()
        } else {
            format!(
                " (named scopes: {}; `scopes --game {}` lists them)",
                names.join(", "),
                G::NAME
            )
        };
        Exit(2, format!("--scope `{text}`: {e}{known}"))
    })
}
