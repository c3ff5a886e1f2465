//! `engines`: a game's engines, shipped and registered.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::Game;
use std::io::Write as _;

/// List a game's engines (built in and registered).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
}

pub(super) fn run<G: Game>(table: &Table<G>, _: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let all = table.all_engines();
    let width = all.iter().map(|e| e.name.len()).max().unwrap_or(0);
    for e in &all {
        writeln!(cx.out, "{:width$}  {}", e.name, e.about)?;
    }
    Ok(0)
}
