//! `profiles`: a game's generator profiles.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::Game;
use std::io::Write as _;

/// List a game's generator profiles.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
}

pub(super) fn run<G: Game>(_: &Table<G>, _: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let width = G::PROFILES.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in G::PROFILES {
        let note = if p.bench_only {
            " [benchmarks only]"
        } else {
            ""
        };
        writeln!(cx.out, "{:width$}  {}{note}", p.name, p.about)?;
    }
    writeln!(
        cx.out,
        "{:width$}  every profile above the reference can finish, in turn",
        "all"
    )?;
    Ok(0)
}
