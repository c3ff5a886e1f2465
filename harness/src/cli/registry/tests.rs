//! The registry's routing of plug-in extensions.

use super::*;

fn extended(_: &clap::ArgMatches, _: &PluginContext) -> Result<u8, Exit> {
    Ok(7)
}

fn registry() -> Registry {
    Registry::new().extend(Extension {
        subcommand: "verify",
        args: |c| {
            c.arg(clap::Arg::new("problem").value_name("PROBLEM"))
                .arg(clap::Arg::new("gen_stream").long("gen-stream"))
        },
        run: extended,
    })
}

/// The run `argv` goes to: `Some(extended)` or `None` for the core's own.
fn routed(argv: &[&str]) -> Option<PluginRun> {
    let r = registry();
    let m = r.command().try_get_matches_from(argv).expect("parses");
    let (name, sub) = m.subcommand().expect("a subcommand");
    r.plugin_run(name, sub)
}

#[test]
fn an_extensions_flags_route_the_invocation_to_it_and_only_then() {
    let core = ["harness", "verify", "--scope", "s"];
    assert!(routed(&core).is_none(), "the core's own verify");
    assert!(routed(&[&core[..], &["--", "./prog"]].concat()).is_none());
    let run = routed(&[&core[..], &["--gen-stream", "gen.py"]].concat()).expect("routed");
    let cx = PluginContext {
        colour: false,
        program: "harness",
    };
    assert_eq!(run(&clap::ArgMatches::default(), &cx).ok(), Some(7));
    // Its positional comes before the words after `--`.
    let r = registry();
    let m = r
        .command()
        .try_get_matches_from([
            "harness", "verify", "p.toml", "--scope", "s", "--", "./sol", "x",
        ])
        .expect("parses");
    let (_, sub) = m.subcommand().expect("verify");
    assert_eq!(
        sub.get_one::<String>("problem").map(String::as_str),
        Some("p.toml")
    );
    let words: Vec<&String> = sub.get_many::<String>("cmd").expect("after --").collect();
    assert_eq!(words, ["./sol", "x"]);
    assert!(r.plugin_run("verify", sub).is_some());
}
