//! `harness`: the command line of the workspace. See `harness --help` and `harness <command> --help`;
//! everything it does lives in the library (`harness::cli`), and the built-in games are plug-ins
//! (the `games` crate), registered here exactly as a user registers theirs, and so are problems
//! given by programs (the `stress` crate: `harness stress`).

/// The help's examples: the built-in games and problems given by programs.
const EXAMPLES: &str = "  \
    harness run --game texas corpus/texas/sample1.in
  harness diff --game texas --cases 1000000
  harness diff --game texas --profile specials --cases 50000 --seed 7
  harness gen --game texas --profile tiny --seed 42
  harness judge --game texas --cases 2000 -- ./my-solution
  harness scopes --game texas
  harness verify --game texas --scope 'n<=3,m<=3,k<=3,q=1' --json cert.json
  harness bench --game texas --profile heavy
  harness replay corpus/texas/*.in
  harness check board.txt moves.txt
  harness stress examples/problems/pair-sum
  harness stress --gen-stream gen.py --reference brute.py -- ./solution";

fn main() -> std::process::ExitCode {
    let registry = harness::cli::Registry::new().examples(EXAMPLES);
    stress::register(games::builtin(registry)).main()
}
