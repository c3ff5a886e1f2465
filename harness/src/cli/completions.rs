//! `completions`: a shell completion script, with the registered games as `--game` values: its
//! flags (its run, over the registry, is in `every_game.rs`).

/// Print a shell completion script (bash, zsh, fish, elvish, powershell) to standard output.
///
/// For bash: `harness completions bash > ~/.local/share/bash-completion/completions/harness`.
#[derive(clap::Args)]
pub struct Args {
    pub(crate) shell: clap_complete::Shell,
}
