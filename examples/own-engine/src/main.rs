//! `own-engine`: the `harness` command line with one more Texas engine, `arrays`.
//!
//! `own-engine diff --game texas --engine arrays --cases 20000` compares it with the reference,
//! `own-engine bench --game texas --engine arrays --profile medium` times them side by side.

use games::Texas;
use harness::cli::Registry;

fn main() -> std::process::ExitCode {
    games::builtin(Registry::new())
        .program("own-engine")
        .engine::<Texas>(
            "arrays",
            "plain arrays with an empty border, a scan per round, a stack for specials (own-engine)",
            own_engine::build,
        )
        .main()
}
