//! `own-game`: the `harness` command line with 2048 registered, alone (none of the built-in games
//! or their engines is compiled in): `own-game diff --game 2048 --cases 100000`,
//! `own-game run --game 2048 FILE`.

use harness::cli::Registry;
use own_game::Game2048;

fn main() -> std::process::ExitCode {
    Registry::new()
        .program("own-game")
        .game::<Game2048>()
        .main()
}
