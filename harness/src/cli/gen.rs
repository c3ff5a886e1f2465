//! `gen`: one generated case in the contest format.

use super::args::GameArg;
use super::{Ctx, Exit};
use crate::game::{Game, ProfileChoice};
use std::io::Write as _;

/// Print a generated case in the contest format.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    /// The profile (`profiles` lists them; default: the game's first).
    #[arg(long, short)]
    pub profile: Option<String>,
    #[arg(long, short, default_value_t = 1)]
    pub seed: u64,
}

pub(super) fn run<G: Game>(args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let choice = ProfileChoice::parse::<G>(args.profile.as_deref())?;
    if let ProfileChoice::Cycle(_) = choice {
        return Err(Exit(2, "gen takes one profile, not `all`".into()));
    }
    let case = G::generate(choice.of(0), args.seed);
    cx.out.write_all(G::write(&case).as_bytes())?;
    Ok(0)
}
