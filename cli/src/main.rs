//! `harness`: the command line of the workspace. See `harness --help` and `harness <command> --help`;
//! everything it does lives in the library (`harness::cli`), and the built-in games are plug-ins
//! (the `games` crate), registered here exactly as a user registers theirs, and so are problems
//! given by programs (the `stress` crate: `harness stress`).

fn main() -> std::process::ExitCode {
    stress::register(games::builtin(harness::cli::Registry::new())).main()
}
