//! The shared flags through the whole command line: each is accepted by every command that
//! takes its group and resolves to the same plan there, `--jobs` is `--threads`, and the table of
//! subcommands agrees with the clap command it makes.

use super::*;
use crate::cli::commands::{Command, RunsWith};
use crate::cli::toplevel::Cli;
use crate::cli::Registry;
use clap::FromArgMatches as _;

crate::toy::toy_game!(Doubles, "doubles");

/// The command line as the registry's clap command parses it, or clap's error.
fn parse(args: &[String]) -> Result<Command, clap::Error> {
    let cmd = Registry::new().game::<Doubles>().command();
    let matches = cmd
        .try_get_matches_from(std::iter::once("harness").chain(args.iter().map(String::as_str)))?;
    Ok(Cli::from_arg_matches(&matches)?.command)
}

/// What a run resolves to from its shared flags, field by field, with the parsed groups the
/// plan does not hold (the report's).
fn resolved(command: &Command) -> Vec<(&'static str, String)> {
    let (flags, run) = match command {
        Command::Diff(a) => (a.flags(), &a.run),
        Command::Judge(a) => (a.flags(), &a.run),
        Command::Verify(a) => (a.flags(), &a.run),
        _ => panic!("not a run"),
    };
    let opts = flags
        .resolve::<Doubles>(PathBuf::from("default-out"))
        .unwrap_or_else(|e| panic!("{}", e.1));
    let b = &opts.batch;
    vec![
        ("cases", b.cases.to_string()),
        ("seed", b.seed.to_string()),
        ("profile", format!("{:?}", b.profile)),
        ("threads", b.threads.to_string()),
        ("shard", format!("{:?}", b.shard)),
        ("time", format!("{:?}", b.time)),
        ("case_timeout", format!("{:?}", b.case_timeout)),
        ("max_failures", b.max_failures.to_string()),
        ("out_dir", opts.out_dir.display().to_string()),
        ("shrink_budget", format!("{:?}", opts.shrink_budget)),
        ("replay", opts.saved_first().to_string()),
        ("json", format!("{:?}", run.json)),
        ("quiet", run.quiet.to_string()),
    ]
}

/// The fields a flag changes: `with` against `without`.
fn changes(
    with: &[(&'static str, String)],
    without: &[(&'static str, String)],
) -> Vec<(&'static str, String)> {
    with.iter()
        .zip(without)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.clone())
        .collect()
}

/// Each run's command line: what comes before an added flag, and what follows it.
const DIFF: (&[&str], &[&str]) = (&["diff"], &[]);
const JUDGE: (&[&str], &[&str]) = (&["judge"], &["--", "sh"]);
const VERIFY: (&[&str], &[&str]) = (&["verify", "--scope", "all"], &[]);

/// The command line of `command` with `flag` added.
fn line(command: (&[&str], &[&str]), flag: &[&str]) -> Vec<String> {
    let (head, tail) = command;
    head.iter()
        .chain(flag)
        .chain(tail)
        .map(|s| s.to_string())
        .collect()
}

/// A shared flag with its value, and the one field of the plan it sets.
type Setting = (&'static [&'static str], &'static str);

/// Which commands take each group of shared flags, and the group's settings.
fn shared() -> Vec<(&'static [&'static str], Vec<Setting>)> {
    let run: Vec<Setting> = vec![
        (&["--threads", "509"], "threads"),
        (&["--shard", "1/4"], "shard"),
        (&["--time", "2.5"], "time"),
        (&["--max-failures", "4"], "max_failures"),
        (&["--shrink-secs", "7"], "shrink_budget"),
        (&["--out", "elsewhere"], "out_dir"),
        (&["--json", "report.json"], "json"),
        (&["--quiet"], "quiet"),
    ];
    let cases: Vec<Setting> = vec![
        (&["--cases", "77"], "cases"),
        (&["--seed", "9"], "seed"),
        (&["--profile", "large"], "profile"),
        (&["--no-replay"], "replay"),
    ];
    let limit: Vec<Setting> = vec![(&["--case-timeout", "1.5"], "case_timeout")];
    vec![
        (&["diff", "judge", "verify"], run),
        (&["diff", "judge"], cases),
        (&["diff", "verify"], limit),
    ]
}

/// The bare command line of the run `name`.
fn command_line(name: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match name {
        "diff" => DIFF,
        "judge" => JUDGE,
        _ => VERIFY,
    }
}

#[test]
fn every_shared_flag_means_the_same_in_every_command_that_takes_it() {
    for (commands, flags) in shared() {
        for (flag, field) in flags {
            let mut seen: Vec<(&str, Vec<(&str, String)>)> = Vec::new();
            for name in ["diff", "judge", "verify"] {
                let cmd = command_line(name);
                let parsed = parse(&line(cmd, flag));
                if !commands.contains(&name) {
                    assert!(parsed.is_err(), "{name} takes {flag:?}, not in its groups");
                    continue;
                }
                let with = resolved(&parsed.unwrap_or_else(|e| panic!("{name} {flag:?}: {e}")));
                let without = resolved(&parse(&line(cmd, &[])).expect("the bare command"));
                let changed = changes(&with, &without);
                assert_eq!(
                    changed.iter().map(|c| c.0).collect::<Vec<_>>(),
                    vec![field],
                    "{name} {flag:?} changes {changed:?}"
                );
                seen.push((name, changed));
            }
            assert_eq!(seen.len(), commands.len());
            for (name, changed) in &seen[1..] {
                assert_eq!(
                    changed, &seen[0].1,
                    "{flag:?} means one thing in {} and another in {name}",
                    seen[0].0
                );
            }
        }
    }
}

#[test]
fn jobs_and_threads_resolve_to_the_same_plan() {
    for name in ["diff", "judge", "verify"] {
        let cmd = command_line(name);
        let plans: Vec<_> = [
            ["--threads", "3"],
            ["--jobs", "3"],
            ["-t", "3"],
            ["-j", "3"],
        ]
        .iter()
        .map(|flag| resolved(&parse(&line(cmd, flag)).expect("a thread count")))
        .collect();
        assert!(plans.iter().all(|p| p == &plans[0]), "{name}: {plans:?}");
        assert!(plans[0].contains(&("threads", "3".to_string())), "{name}");
        let bad = parse(&line(cmd, &["--jobs", "0"]))
            .err()
            .expect("0 workers refused");
        assert_eq!(bad.exit_code(), 2, "{name}");
        assert!(bad.to_string().contains("--threads"), "{name}: {bad}");
    }
}

#[test]
fn each_command_keeps_its_own_defaults() {
    let default = |name: &str, field: &str| {
        let plan = resolved(&parse(&line(command_line(name), &[])).expect("the bare command"));
        plan.into_iter()
            .find(|(f, _)| *f == field)
            .expect("a field")
            .1
    };
    assert_eq!(default("diff", "cases"), "100000");
    assert_eq!(default("judge", "cases"), "1000");
    assert_eq!(default("diff", "shrink_budget"), "60s");
    assert_eq!(default("judge", "shrink_budget"), "120s");
    assert_eq!(default("verify", "shrink_budget"), "60s");
    assert_eq!(default("diff", "replay"), "true");
    assert_eq!(default("verify", "replay"), "false");
}

#[test]
fn the_program_flags_build_one_program_in_judge_and_verify() {
    let limits = [
        "--timeout-ms",
        "300",
        "--memory-mb",
        "64",
        "--max-output",
        "99",
    ];
    let programs: Vec<_> = [JUDGE, (VERIFY.0, &["--", "sh"][..])]
        .into_iter()
        .map(|cmd| {
            let flags = match parse(&line(cmd, &limits)).expect("a judged program") {
                Command::Judge(a) => (a.program.clone(), a.cmd.clone()),
                Command::Verify(a) => (a.program.clone(), a.cmd.clone()),
                _ => panic!("not a judged run"),
            };
            let p = flags
                .0
                .program(&flags.1)
                .unwrap_or_else(|e| panic!("{}", e.1));
            (p.cmd, p.cpu, p.memory_bytes, p.max_output)
        })
        .collect();
    assert_eq!(programs[0], programs[1]);
    let ms = std::time::Duration::from_millis(300);
    assert_eq!(
        programs[0],
        (vec!["sh".to_string()], Some(ms), Some(64 << 20), 99)
    );
    let diff = parse(&line(DIFF, &limits[..2]));
    assert!(
        diff.is_err(),
        "diff runs no program: it takes no program limits"
    );
    let missing = ProgramFlags {
        timeout_ms: 1,
        memory_mb: 1,
        max_output: 1,
    };
    let err = missing.program(&["/no/such/program".to_string()]).err();
    assert_eq!(err.map(|e| e.0), Some(2));
}

#[test]
fn the_table_names_every_subcommand_and_its_game_flag() {
    let cmd = Registry::new().game::<Doubles>().command();
    cmd.clone().debug_assert();
    let mut names = Vec::new();
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        let kind = Command::runs_with(name).unwrap_or_else(|| panic!("`{name}` not in the table"));
        let game = sub.get_arguments().find(|a| a.get_id() == "game");
        match kind {
            RunsWith::Game | RunsWith::Checker => assert!(game.is_some(), "{name} has no --game"),
            RunsWith::Registry => assert!(
                game.is_none_or(|g| g.get_default_values().is_empty()),
                "{name}: a --game with a default"
            ),
        }
        names.push(name);
    }
    assert!(names.len() >= 15, "{names:?}");
    assert_eq!(Command::runs_with("check"), Some(RunsWith::Checker));
    assert_eq!(Command::runs_with("no-such-command"), None);
}
