//! `harness`: the command line of the workspace. See `harness --help` and `harness <command> --help`;
//! everything it does lives in the library (`harness::cli`).

fn main() -> std::process::ExitCode {
    harness::Registry::builtin().main()
}
