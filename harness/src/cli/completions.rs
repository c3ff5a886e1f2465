//! `completions`: a shell completion script, with the registered games as `--game` values.

use super::registry::Registry;
use super::{Ctx, Exit};

/// Print a shell completion script (bash, zsh, fish, elvish, powershell) to standard output.
///
/// For bash: `harness completions bash > ~/.local/share/bash-completion/completions/harness`.
#[derive(clap::Args)]
pub struct Args {
    pub shell: clap_complete::Shell,
}

pub(super) fn run(registry: &Registry, args: &Args, cx: &mut Ctx<'_>) -> Result<u8, Exit> {
    let mut cmd = registry.command();
    clap_complete::generate(args.shell, &mut cmd, cx.program, cx.out);
    Ok(0)
}
