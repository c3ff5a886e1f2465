//! Writes test-only copies of the reference Texas engine, each with one planted bug (a mutant):
//!
//! - `planted_texas.rs`: special 5 clears a 3x3 square instead of 5x5, for `tests/planted.rs`,
//!   which checks that the harness finds, shrinks and pins such a bug;
//! - `mutant_<name>.rs` for every entry of [`MUTANTS`], and `mutants.rs`, which declares them as
//!   modules with a list `MUTANTS` of (name, what is wrong, outcome function), for
//!   `tests/shrink_quality.rs`, which measures how small the shrinker makes their repros.
//!
//! The copies are made from the current source at every change, so they never drift. A mutation
//! whose text no longer appears exactly once in the reference becomes a `compile_error!` that says
//! which line of this file to update.

use std::path::Path;

const SOURCE: &str = "../reference/src/texas.rs";

/// One planted bug: text replacements, each `from` appearing exactly once in the reference.
struct Mutant {
    name: &'static str,
    about: &'static str,
    /// The bug only shows once five valid operations have made a hand.
    needs_hand: bool,
    edits: &'static [(&'static str, &'static str)],
}

const SPECIAL5: (&str, &str) = ("5 => square(2),", "5 => square(1), // 3x3 instead of 5x5");

const MUTANTS: &[Mutant] = &[
    Mutant {
        name: "special5_3x3",
        about: "special 5 clears the 3x3 square instead of the 5x5 one",
        needs_hand: false,
        edits: &[SPECIAL5],
    },
    Mutant {
        name: "special6_skips_colour_1",
        about: "special 6 does nothing on a piece of colour 1",
        needs_hand: false,
        edits: &[(
            ".filter(|&j| board.colour[j] == board.colour[i])",
            ".filter(|&j| board.colour[j] == board.colour[i] && board.colour[i] != 1)",
        )],
    },
    Mutant {
        name: "special_not_set_off_by_special",
        about: "a special reached by another special does not trigger",
        needs_hand: false,
        edits: &[("to_trigger.push(j);", "let _ = j;")],
    },
    Mutant {
        name: "row_special_misses_last_column",
        about: "specials 1 and 3 clear their row except its last column",
        needs_hand: false,
        edits: &[(
            "let row = (0..m).map(|cc| r * m + cc)",
            "let row = (0..m - 1).map(|cc| r * m + cc)",
        )],
    },
    Mutant {
        name: "vertical_runs_miss_bottom_row",
        about: "run detection does not see the bottom row in columns",
        needs_hand: false,
        edits: &[(
            "let cols = (0..m).map(|c| (c, m, n));",
            "let cols = (0..m).map(|c| (c, m, n - 1));",
        )],
    },
    Mutant {
        name: "combo_joins_colours",
        about: "combo components join adjacent matched cells of different colours",
        needs_hand: false,
        edits: &[(
            "if matched[j] && !seen[j] && board.colour[j] == colour {",
            "if matched[j] && !seen[j] {",
        )],
    },
    Mutant {
        name: "combo5_scores_150",
        about: "a combo of 5 cells scores 150 instead of 200",
        needs_hand: false,
        edits: &[(
            "points += 50 * (size - 3) * (size - 3);",
            "points += if size == 5 { 150 } else { 50 * (size - 3) * (size - 3) };",
        )],
    },
    Mutant {
        name: "chain_one_round_late",
        about: "chain points count one round too few: 80*(x-2)^2",
        needs_hand: false,
        edits: &[(
            "let chain = 80 * (round - 1) * (round - 1);",
            "let chain = 80 * round.saturating_sub(2) * round.saturating_sub(2);",
        )],
    },
    Mutant {
        name: "elimination_ignores_round",
        about: "elimination points are not multiplied by the round number",
        needs_hand: false,
        edits: &[(
            "let elimination = round * colour_sum(&board, &removed);",
            "let elimination = colour_sum(&board, &removed);",
        )],
    },
    Mutant {
        name: "gravity_skips_last_row",
        about: "gravity never moves pieces into or out of the bottom row",
        needs_hand: false,
        edits: &[
            (
                "pieces.extend(\n            (0..n)\n",
                "pieces.extend(\n            (0..n - 1)\n",
            ),
            (
                "for (k, r) in (0..n).rev().enumerate() {",
                "for (k, r) in (0..n - 1).rev().enumerate() {",
            ),
        ],
    },
    Mutant {
        name: "two_pairs_weights_swapped",
        about: "two pairs score 200 + c(larger) + 2*c(smaller)",
        needs_hand: true,
        edits: &[(
            "200 + 2 * c(0) + c(1)",
            "200 + c(0) + 2 * c(1)",
        )],
    },
    Mutant {
        name: "hand_first_main_only",
        about: "the hand takes only the first main colour of each operation",
        needs_hand: true,
        edits: &[(
            "colours.iter().map(move |&colour| {",
            "colours.iter().take(1).map(move |&colour| {",
        )],
    },
    Mutant {
        name: "first_hand_skipped",
        about: "the hand after the fifth valid operation is not scored (later ones are)",
        needs_hand: true,
        edits: &[
            (
                "let mut pending_mains: Vec<Vec<u8>> = Vec::new();",
                "let mut pending_mains: Vec<Vec<u8>> = Vec::new();\n    let mut hands_seen = 0;",
            ),
            (
                "score.hand += hand.points;",
                "hands_seen += 1;\n            if hands_seen > 1 {\n                score.hand += hand.points;\n            }",
            ),
        ],
    },
];

/// The reference with `edits` applied, inner doc comments removed (they are not allowed inside the
/// module a test includes this into); or a `compile_error!` naming the edit that no longer applies.
fn mutate(text: &str, name: &str, edits: &[(&str, &str)]) -> String {
    for (from, _) in edits {
        if text.matches(from).count() != 1 {
            return format!(
                "compile_error!(\"mutant {name}: `{}` must appear exactly once in {SOURCE}; update games/build.rs\");",
                from.escape_default()
            );
        }
    }
    let mut body = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    for (from, to) in edits {
        body = body.replace(from, &format!("/* planted bug */ {to}"));
    }
    body
}

fn main() {
    // Time limits of in-process engines are stretched in unoptimized builds (the tests).
    println!("cargo:rustc-check-cfg=cfg(unoptimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|o| o == "0") {
        println!("cargo:rustc-cfg=unoptimized");
    }
    println!("cargo:rerun-if-changed={SOURCE}");
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    let text = std::fs::read_to_string(SOURCE).unwrap_or_default();
    let write = |name: &str, body: String| {
        std::fs::write(out.join(name), body).expect("OUT_DIR is writable");
    };
    write("planted_texas.rs", mutate(&text, "planted", &[SPECIAL5]));

    let mut index = String::from(
        "// Generated by games/build.rs: mutants of the reference Texas engine.\n\n\
         /// A mutant of the reference engine.\n\
         pub struct Mutant {\n\
         \x20   pub name: &'static str,\n\
         \x20   pub about: &'static str,\n\
         \x20   /// The bug only shows once five valid operations have made a hand.\n\
         \x20   pub needs_hand: bool,\n\
         \x20   pub outcome: fn(&model::texas::Case) -> model::texas::Outcome,\n\
         }\n\n",
    );
    for m in MUTANTS {
        let file = format!("mutant_{}.rs", m.name);
        write(&file, mutate(&text, m.name, m.edits));
        index.push_str(&format!(
            "#[allow(dead_code, unused_variables)]\npub mod {} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));\n}}\n\n",
            m.name
        ));
    }
    index.push_str("pub const MUTANTS: &[Mutant] = &[\n");
    for m in MUTANTS {
        index.push_str(&format!(
            "    Mutant {{ name: {:?}, about: {:?}, needs_hand: {}, outcome: {}::outcome }},\n",
            m.name, m.about, m.needs_hand, m.name
        ));
    }
    index.push_str("];\n");
    write("mutants.rs", index);
}
