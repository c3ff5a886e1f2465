//! `gen`: one generated case in the contest format.

use super::args::GameArg;
use super::context::{Ctx, Exit};
use super::game::Table;
use crate::roles::game::{Game, ProfileChoice};
use std::io::Write as _;

/// Print a generated case in the contest format: the case of (profile, seed), or with --scope the
/// case at --index of a bounded scope (what `verify` reports name).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArg,
    /// The profile (`profiles` lists them; default: the game's first).
    #[arg(long, short, conflicts_with = "scope")]
    pub(crate) profile: Option<String>,
    #[arg(long, short, default_value_t = 1, conflicts_with = "scope")]
    pub(crate) seed: u64,
    /// A bounded scope (`scopes` lists the named ones; or bounds such as 'n<=3,q=1').
    #[arg(long, requires = "index")]
    pub scope: Option<String>,
    /// With --scope: the index of the case in the scope.
    #[arg(long, requires = "scope")]
    pub(crate) index: Option<u64>,
}

pub(super) fn run<G: Game>(_: &Table<G>, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let case = match (&args.scope, args.index) {
        (Some(text), Some(index)) => {
            let scope = super::scopes::scope_of::<G>(text)?;
            if index >= scope.len() {
                return Err(Exit(
                    2,
                    format!(
                        "--index {index}: scope `{}` has indices 0..{}",
                        scope.canonical(),
                        scope.len()
                    ),
                ));
            }
            scope.case(index).ok_or_else(|| {
                Exit(
                    2,
                    format!(
                        "--index {index} of scope `{}` is not a valid input (verify skips it)",
                        scope.canonical()
                    ),
                )
            })?
        }
        _ => {
            let choice = ProfileChoice::parse::<G>(args.profile.as_deref())?;
            if let ProfileChoice::Cycle(_) = choice {
                return Err(Exit(2, "gen takes one profile, not `all`".into()));
            }
            G::generate(choice.of::<G>(0), args.seed)
        }
    };
    cx.out.write_all(G::write(&case).as_bytes())?;
    Ok(0)
}
