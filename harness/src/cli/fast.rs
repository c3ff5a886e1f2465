//! The fast path of the command line: `run` (the contest solution, started once per input by a
//! judge) and `--version` reach their work without building the clap command of every
//! subcommand, which is most of the harness's own start-up.
//!
//! The fast path only takes a line it understands completely, and whose meaning under clap is
//! plain: `run` with `--game NAME` / `-g NAME` of a registered game, `--engine NAME`,
//! `--color auto|always|never` (each at most once, also as `--flag=VALUE`) and file names that
//! do not start with `-` (or `-` alone, standard input). Anything else (a help flag, `--`, a
//! flag it does not know, a repeated flag, an empty value, an unknown game) goes to the full
//! parser, so every error message and exit status is clap's, exactly as before. This file reads
//! the line; the program's run (`dispatch.rs`) runs what it reads.

use super::args::GameArg;
use super::commands::Command;
use super::registry::Registry;
use super::toplevel::{Cli, ColourChoice};
use std::ffi::OsString;
use std::path::PathBuf;

/// What a line the fast path takes asks for.
pub(super) enum Line {
    /// `--version` or `-V` alone: print the program's name and version.
    Version,
    /// A parsed command line, the same as clap would have made of it.
    Cli(Box<Cli>),
}

/// The flags of `run` the fast path knows; each takes one value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flag {
    Game,
    Engine,
    Color,
}

impl Flag {
    /// The flag an argument names, and its value when written `--flag=VALUE`.
    fn of(arg: &str) -> Option<(Flag, Option<&str>)> {
        let (name, value) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg, None),
        };
        let flag = match name {
            "--game" => Flag::Game,
            "-g" if value.is_none() => Flag::Game,
            "--engine" => Flag::Engine,
            "--color" => Flag::Color,
            _ => return None,
        };
        Some((flag, value))
    }
}

/// The arguments after the program's name, as the fast path reads them; `None` when the line is
/// not one it takes.
pub(super) fn parse(registry: &Registry, args: &[OsString]) -> Option<Line> {
    let first = args.first()?.to_str()?;
    if args.len() == 1 && (first == "--version" || first == "-V") {
        return Some(Line::Version);
    }
    if first != "run" {
        return None;
    }
    let mut values: [Option<&str>; 3] = [None; 3];
    let mut files = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let text = arg.to_str()?;
        if text == "-" || !text.starts_with('-') {
            if text.is_empty() {
                return None;
            }
            files.push(PathBuf::from(text));
            continue;
        }
        let (flag, inline) = Flag::of(text)?;
        let value = match inline {
            Some(v) => v,
            None => rest.next()?.to_str()?,
        };
        let slot = &mut values[flag as usize];
        if slot.is_some() || value.is_empty() || value.starts_with('-') {
            return None;
        }
        *slot = Some(value);
    }
    let [game, engine, color] = values;
    let game = match game {
        Some(name) => registry.names().into_iter().find(|g| *g == name)?,
        None => *registry.names().first()?,
    };
    let color = match color {
        None | Some("auto") => ColourChoice::Auto,
        Some("always") => ColourChoice::Always,
        Some("never") => ColourChoice::Never,
        Some(_) => return None,
    };
    let run = super::run::Args {
        game: GameArg {
            game: game.to_string(),
        },
        engine: engine.unwrap_or("optimized").to_string(),
        files,
    };
    Some(Line::Cli(Box::new(Cli {
        color,
        cold: false,
        command: Command::Run(run),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    mod alpha {
        crate::toy::toy_game!(Alpha, "alpha");
        pub(super) fn register(r: super::Registry) -> super::Registry {
            r.game::<Alpha>()
        }
    }
    mod beta {
        crate::toy::toy_game!(Beta, "beta");
        pub(super) fn register(r: super::Registry) -> super::Registry {
            r.game::<Beta>()
        }
    }
    mod gamma {
        crate::toy::toy_game!(Gamma, "gamma");
        pub(super) fn register(r: super::Registry) -> super::Registry {
            r.game::<Gamma>()
        }
    }

    /// Three registered games, as the binary registers its own.
    fn toys() -> Registry {
        gamma::register(beta::register(alpha::register(Registry::new())))
    }
    use clap::FromArgMatches as _;

    /// What clap makes of a `run` line: (colour, game, engine, files), or `None` for an error or
    /// for another command.
    type Seen = (ColourChoice, String, String, Vec<PathBuf>);

    fn seen(cli: Cli) -> Option<Seen> {
        match cli.command {
            Command::Run(a) => Some((cli.color, a.game.game, a.engine, a.files)),
            _ => None,
        }
    }

    fn by_clap(registry: &Registry, line: &[&str]) -> Option<Seen> {
        let argv = std::iter::once("harness").chain(line.iter().copied());
        let matches = registry.command().try_get_matches_from(argv).ok()?;
        seen(Cli::from_arg_matches(&matches).ok()?)
    }

    fn by_fast(registry: &Registry, line: &[&str]) -> Option<Seen> {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        match parse(registry, &args)? {
            Line::Cli(cli) => seen(*cli),
            Line::Version => None,
        }
    }

    /// Every line the fast path takes means to it what it means to clap; the lines clap rejects
    /// (and those that need clap's help or its `--` rule) are left to clap.
    #[test]
    fn the_fast_path_agrees_with_clap_or_steps_aside() {
        let registry = toys();
        let taken: &[&[&str]] = &[
            &["run"],
            &["run", "a.in"],
            &["run", "-"],
            &["run", "--game", "beta", "a.in", "b.in"],
            &["run", "--game=gamma", "a.in"],
            &["run", "-g", "alpha", "a.in"],
            &["run", "a.in", "--engine", "reference", "b.in"],
            &["run", "--engine=nosuch", "a.in"],
            &["run", "--color", "never", "a.in"],
            &["run", "--color=always", "--game", "alpha", "a.in"],
        ];
        for line in taken {
            let fast = by_fast(&registry, line);
            assert!(fast.is_some(), "the fast path should take {line:?}");
            assert!(
                fast == by_clap(&registry, line),
                "{line:?} read differently"
            );
        }
        let left: &[&[&str]] = &[
            &[],
            &["diff"],
            &["--color", "never", "run", "a.in"],
            &["run", "--help"],
            &["run", "-h"],
            &["run", "--bogus"],
            &["run", "--", "-a.in"],
            &["run", "--game"],
            &["run", "--game", "chess", "a.in"],
            &["run", "--game", "alpha", "--game", "beta"],
            &["run", "--engine="],
            &["run", "--engine", "--game", "alpha"],
            &["run", "--color", "sometimes"],
            &["run", "-g=alpha"],
            &["run", ""],
            &["--version", "run"],
        ];
        for line in left {
            assert!(by_fast(&registry, line).is_none(), "{line:?} is clap's");
        }
    }

    #[test]
    fn version_alone_is_taken_and_nothing_else_is() {
        let registry = toys().program("own-game");
        let read = |line: &[&str]| {
            let args: Vec<OsString> = line.iter().map(OsString::from).collect();
            matches!(parse(&registry, &args), Some(Line::Version))
        };
        assert!(read(&["--version"]) && read(&["-V"]));
        assert!(!read(&["--version", "--help"]) && !read(&["run", "--version"]));
        assert_eq!(
            registry.command().render_version(),
            format!("own-game {}\n", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn a_registry_without_games_leaves_run_to_clap() {
        assert!(by_fast(&Registry::new(), &["run", "a.in"]).is_none());
    }
}
