//! `harness-stress`: the `stress` command alone, for running it before (or without) the `harness`
//! binary that registers it.

fn main() -> std::process::ExitCode {
    stress::register(harness::Registry::new().program("harness-stress")).main()
}
