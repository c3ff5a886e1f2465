//! One Texas engine as a program, for measuring shrinking through a stream generator: reads a case
//! on standard input and prints its total score, computed by the reference engine (`reference`) or
//! by one of the mutants `games/build.rs` writes (each with one planted bug, named as there).
//! A bad case is exit status 2 with the parse error.
//!
//! `cargo build --release -p games --example texas_mutant`, then
//! `target/release/examples/texas_mutant NAME < case.in` (no name: the list of names).

use std::io::Read as _;

#[allow(dead_code)]
mod mutants {
    include!(concat!(env!("OUT_DIR"), "/mutants.rs"));
}

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let engine: fn(&model::texas::Case) -> model::texas::Outcome = if name == "reference" {
        reference::texas::outcome
    } else if let Some(m) = mutants::MUTANTS.iter().find(|m| m.name == name) {
        m.outcome
    } else {
        eprintln!("usage: texas_mutant reference|NAME < case; the names:");
        for m in mutants::MUTANTS {
            eprintln!("  {}: {}", m.name, m.about);
        }
        std::process::exit(2);
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("cannot read standard input: {e}");
        std::process::exit(2);
    }
    match model::texas::Case::parse(&input) {
        Ok(case) => {
            let s = engine(&case).score;
            println!("{}", s.elimination + s.chain + s.combo + s.hand + s.endgame);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
