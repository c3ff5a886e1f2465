//! `seeds`: the fuzz seed corpora of every registered game: its flags (its run, over the registry,
//! is in `every_game.rs`).

use std::path::PathBuf;

/// Refresh the fuzz seed corpora (corpus/fuzz/<target>/) from the cases under corpus/.
///
/// For every registered game, every `.in` under `corpus/<game>/` (samples, hand-checked cases,
/// regressions, judge failures) becomes a seed of `<game>_diff` and `<game>_parse`, together with a
/// few generated cases of each of its fuzz-seed profiles and a few random byte strings for the
/// generators' `arbitrary` path. Existing seeds are kept.
#[derive(clap::Args)]
pub struct Args {
    /// The corpus folder (it must exist).
    #[arg(long, default_value = "corpus")]
    pub(crate) corpus: PathBuf,
}
