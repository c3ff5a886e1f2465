//! What a game tells the generic tools (diff, shrink, judge, bench, replay, fuzz), in roles:
//!
//! | role | what it says | must write |
//! |---|---|---|
//! | [`Format`](crate::roles::Format) | the game's name and its case: read, write, size, time limit | `NAME`, `Case`, `parse`, `write`, `size` |
//! | [`Generate`] | seeded cases per [`Profile`] (each carries its generator), and cases from fuzzer bytes | `PROFILES`, `arbitrary_case` |
//! | [`Check`] | the outcome, its contest answer, how two outcomes compare, how a program's output is judged | `Outcome`, `answer`, `compare` |
//! | [`Shrink`] | smaller variants of a failing case | `weight` |
//! | [`Coverage`] | which rules a case reached | nothing (no counters by default) |
//! | [`Bounded`] | every case up to some size ([`crate::roles::scope`]), for `verify` | nothing (no scopes by default) |
//! | [`Game`] | the bundle: the two named engines, the HTML page, optional extras | `reference`, `optimized` |
//!
//! Every other item has a default. The roles are the game's alone, so a game may take its case and
//! outcome from another crate (the built-in games' come from `model`). A game whose outcome is a
//! sequence of events compares with [`crate::roles::compare::traced`] in one line; a case that is a grid
//! plus a list of operations ([`crate::roles::grid::GridCase`]) shrinks and is explained with one
//! line each in [`Shrink`]; [`engines!`](crate::engines) writes the two engines in one line each. A game describes cases; engines run them
//! ([`crate::roles::engine::Engine`]); the harness pairs any two. docs/own-game.md walks through a game
//! written outside the harness.

use crate::roles::engine::{Engine, FnEngine};
use crate::roles::{Bounded, Check, Coverage, Generate, Profile, Shrink};
use model::ParseError;
use std::sync::Arc;

/// An engine a game ships or a user registers, built by name.
pub struct EngineEntry<G: Check> {
    pub name: &'static str,
    pub about: &'static str,
    pub build: fn() -> Arc<dyn Engine<G>>,
}

impl<G: Check> Clone for EngineEntry<G> {
    fn clone(&self) -> Self {
        EngineEntry {
            name: self.name,
            about: self.about,
            build: self.build,
        }
    }
}

/// An [`EngineEntry`] for an engine made of a function `(case, trace) -> outcome`, in one line:
/// `engine_entry!("reference", "what it is", reference::run)`.
#[macro_export]
macro_rules! engine_entry {
    ($name:expr, $about:expr, $run:expr $(,)?) => {
        $crate::roles::game::EngineEntry {
            name: $name,
            about: $about,
            build: || $crate::roles::game::function($name, $run),
        }
    };
}

/// A game's two engines, one line each, inside `impl Game`: each a function `(case, trace) ->
/// outcome` named after its role, with one line for `harness engines`.
///
/// ```ignore
/// impl Game for MyGame {
///     engines! {
///         reference: "plain and slow, like the rules" => reference::run,
///         optimized: "packed and fast" => optimized::run,
///     }
/// }
/// ```
///
/// writes [`Game::reference`] and [`Game::optimized`] with [`engine_entry!`](crate::engine_entry).
#[macro_export]
macro_rules! engines {
    (reference: $r_about:expr => $r_run:expr, optimized: $o_about:expr => $o_run:expr $(,)?) => {
        fn reference() -> $crate::roles::game::EngineEntry<Self> {
            $crate::engine_entry!("reference", $r_about, $r_run)
        }

        fn optimized() -> $crate::roles::game::EngineEntry<Self> {
            $crate::engine_entry!("optimized", $o_about, $o_run)
        }
    };
}

/// A checker's verdict: `(accepted, the verdict in one line)`, or which input (0 or 1) is
/// unreadable and why.
pub(crate) type CheckResult = Result<(bool, String), (usize, ParseError)>;

/// A check of a proposed answer that a game offers as `harness check` (NoGo's move lists).
pub struct Checker {
    /// One line for `--help`.
    pub about: &'static str,
    /// Judges the second file against the first: `Ok((accepted, verdict line))`, or which file
    /// (0 or 1) is unreadable and why.
    pub check: fn(&[u8], &[u8]) -> CheckResult,
}

/// A game: its roles, its two named engines, and what it adds to the generic tools.
pub trait Game: Generate + Check + Shrink + Coverage + Bounded {
    /// One line for `--help` and `harness games`.
    const ABOUT: &'static str = "";

    /// The trusted engine: naive, reading like the rules.
    fn reference() -> EngineEntry<Self>;

    /// The engine under test by default.
    fn optimized() -> EngineEntry<Self>;

    /// More engines the game ships (none by default; a user registers others on the command line).
    fn more_engines() -> Vec<EngineEntry<Self>> {
        Vec::new()
    }

    /// A self-contained HTML page picturing a case and what both engines made of it
    /// ([`crate::roles::html`]). The default shows the verdict, both answers, the first difference with
    /// both views, and the input.
    fn html(view: &crate::roles::html::View<'_, Self>) -> String {
        crate::roles::html::generic(view)
    }

    /// `harness check` for this game, if it has one.
    fn checker() -> Option<Checker> {
        None
    }

    /// Rows `harness bench` adds to the default table of the optimized engine against the
    /// reference (Texas: single operations). None by default.
    fn bench_extra(_seed: u64) -> Vec<crate::timing::Row> {
        Vec::new()
    }
}

/// Every engine the game ships: the reference, the optimized engine, then the others.
pub fn engines<G: Game>() -> Vec<EngineEntry<G>> {
    let mut all = vec![G::reference(), G::optimized()];
    all.extend(G::more_engines());
    all
}

/// One of a game's profiles, as its place in [`Generate::PROFILES`] and its name: what a batch's
/// options and a case's origin keep, so that they need no type of their own; the game resolves it
/// to the profile and its generator (`ProfileId::get`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileId {
    /// The profile's place in the game's `PROFILES`.
    pub(crate) index: usize,
    pub name: &'static str,
}

impl ProfileId {
    /// The game's `index`-th profile (the first is the default); `None` when it has fewer.
    pub fn of<G: Generate>(index: usize) -> Option<Self> {
        G::PROFILES.get(index).map(|p| ProfileId {
            index,
            name: p.name,
        })
    }

    /// The game's default profile (the first).
    pub(crate) fn default_of<G: Generate>() -> Self {
        ProfileId {
            index: 0,
            name: G::PROFILES.first().map_or("", |p| p.name),
        }
    }

    /// The game's profile called `name`, if it has one.
    pub fn named<G: Generate>(name: &str) -> Option<Self> {
        let index = G::PROFILES.iter().position(|p| p.name == name)?;
        Self::of::<G>(index)
    }

    /// The profile itself, with its generator. It is looked up by place and must be a profile of
    /// `G` (ids come from `G`'s own table): one of another game is a mistake in the caller, and
    /// panics.
    pub(crate) fn get<G: Generate>(self) -> &'static Profile<G::Case> {
        match G::PROFILES.get(self.index) {
            Some(profile) if profile.name == self.name => profile,
            _ => panic!(
                "`{}` is a profile of another game, not of {}",
                self.name,
                G::NAME
            ),
        }
    }
}

/// Which profiles a batch draws from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileChoice {
    /// One profile for every case.
    One(ProfileId),
    /// Case `i` uses the `i mod P`-th of these (`--profile all`).
    Cycle(Vec<ProfileId>),
}

impl ProfileChoice {
    /// Parses a `--profile` value for game `G` ("all" or a profile name): an unknown name is an
    /// error that lists the known ones.
    pub fn parse<G: Generate>(name: Option<&str>) -> anyhow::Result<Self> {
        match name {
            None => Ok(ProfileChoice::One(ProfileId::default_of::<G>())),
            Some("all") => Ok(ProfileChoice::Cycle(all_profile_ids::<G>())),
            Some(p) => match ProfileId::named::<G>(p) {
                Some(profile) => Ok(ProfileChoice::One(profile)),
                None => {
                    let names: Vec<&str> = G::PROFILES.iter().map(|x| x.name).collect();
                    anyhow::bail!(
                        "unknown profile `{p}` for {}: choose one of {}, or all",
                        G::NAME,
                        names.join(", ")
                    )
                }
            },
        }
    }

    /// The profile of case `index`.
    pub(crate) fn id(&self, index: u64) -> ProfileId {
        match self {
            ProfileChoice::One(p) => *p,
            ProfileChoice::Cycle(all) => all[(index % all.len() as u64) as usize],
        }
    }

    /// The profile of case `index`, with its generator (the choice must be one of `G`'s).
    pub fn of<G: Generate>(&self, index: u64) -> &'static Profile<G::Case> {
        self.id(index).get::<G>()
    }

    pub fn name(&self) -> &'static str {
        match self {
            ProfileChoice::One(p) => p.name,
            ProfileChoice::Cycle(_) => "all",
        }
    }

    /// The profiles this choice uses.
    pub(crate) fn profiles<G: Generate>(&self) -> Vec<&'static Profile<G::Case>> {
        match self {
            ProfileChoice::One(p) => vec![p.get::<G>()],
            ProfileChoice::Cycle(all) => all.iter().map(|p| p.get::<G>()).collect(),
        }
    }

    /// Refuses profiles the reference cannot finish, naming them.
    pub(crate) fn require_reference<G: Generate>(&self) -> anyhow::Result<()> {
        for p in self.profiles::<G>() {
            if p.bench_only {
                anyhow::bail!(
                    "profile `{}` of {} is for benchmarks of the optimized engine only: the \
                     reference cannot finish its cases in a batch (bench-only profiles: {})",
                    p.name,
                    G::NAME,
                    bench_only_names::<G>().join(", ")
                );
            }
        }
        Ok(())
    }
}

/// The names of the game's bench-only profiles.
pub(crate) fn bench_only_names<G: Generate>() -> Vec<&'static str> {
    G::PROFILES
        .iter()
        .filter(|p| p.bench_only)
        .map(|p| p.name)
        .collect()
}

/// Every profile the reference can finish, the default mix first (`--profile all`).
#[cfg(test)]
pub(crate) fn all_profiles<G: Generate>() -> Vec<&'static Profile<G::Case>> {
    G::PROFILES.iter().filter(|p| !p.bench_only).collect()
}

/// Every profile the reference can finish (`--profile all`) as ids, the default mix first, for a
/// [`ProfileChoice`].
pub(crate) fn all_profile_ids<G: Generate>() -> Vec<ProfileId> {
    (0..G::PROFILES.len())
        .filter(|&i| !G::PROFILES[i].bench_only)
        .filter_map(ProfileId::of::<G>)
        .collect()
}

/// The game's trusted reference engine.
pub fn reference<G: Game>() -> Arc<dyn Engine<G>> {
    (G::reference().build)()
}

/// The game's optimized engine.
pub fn optimized<G: Game>() -> Arc<dyn Engine<G>> {
    (G::optimized().build)()
}

/// Shorthand for an engine made of a function `(case, trace) -> outcome`.
pub fn function<G: Check>(
    name: &'static str,
    run: fn(&G::Case, bool) -> G::Outcome,
) -> Arc<dyn Engine<G>> {
    Arc::new(FnEngine::new(name, run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::Format;
    use arbitrary::Unstructured;

    /// A case of the test games here: one number.
    #[derive(Debug, Clone, PartialEq)]
    struct Num(u64);

    /// The text format of both test games.
    macro_rules! number_text {
        () => {
            fn parse(_: &[u8]) -> Result<Num, ParseError> {
                Ok(Num(0))
            }
            fn write(case: &Num) -> String {
                format!("{}\n", case.0)
            }
            fn size(case: &Num) -> String {
                case.0.to_string()
            }
        };
    }

    /// A game of numbers: three profiles, the last for benchmarks only.
    struct Numbers;

    impl Format for Numbers {
        const NAME: &'static str = "numbers";
        type Case = Num;
        number_text!();
    }

    impl Generate for Numbers {
        const PROFILES: &'static [Profile<Num>] = &[
            Profile::new("tiny", "below 10", |seed| Num(seed % 10)),
            Profile::new("small", "1000 to 1099", |seed| Num(1000 + seed % 100)),
            Profile::new("huge", "too big for the reference", |seed| {
                Num(u64::MAX - seed)
            })
            .bench_only(),
        ];
        fn arbitrary_case(u: &mut Unstructured<'_>) -> arbitrary::Result<Num> {
            Ok(Num(u.arbitrary()?))
        }
    }

    /// Another game, whose `tiny` is not in the same place as the first one's.
    struct Words;

    impl Format for Words {
        const NAME: &'static str = "words";
        type Case = Num;
        number_text!();
    }

    impl Generate for Words {
        const PROFILES: &'static [Profile<Num>] = &[
            Profile::new("small", "one word", |seed| Num(seed % 3)),
            Profile::new("tiny", "no word", |_| Num(0)),
        ];
        fn arbitrary_case(_: &mut Unstructured<'_>) -> arbitrary::Result<Num> {
            Ok(Num(0))
        }
    }

    /// Every profile's id resolves to that profile, by place and name, and a choice's cases come
    /// from the chosen profile's own generator.
    fn ids_resolve<G: Generate>() {
        for (i, p) in G::PROFILES.iter().enumerate() {
            let id = ProfileId::named::<G>(p.name).expect("a named profile");
            assert_eq!(
                id,
                ProfileId {
                    index: i,
                    name: p.name
                }
            );
            assert_eq!(id.get::<G>(), p);
            let choice = ProfileChoice::parse::<G>(Some(p.name)).expect("a profile name");
            assert_eq!(choice, ProfileChoice::One(id));
        }
        assert_eq!(ProfileId::named::<G>("no-such-profile"), None);
        assert_eq!(ProfileId::default_of::<G>().get::<G>(), &G::PROFILES[0]);
        let all = ProfileChoice::parse::<G>(Some("all")).expect("all");
        let names: Vec<&str> = all.profiles::<G>().iter().map(|p| p.name).collect();
        let want: Vec<&str> = all_profiles::<G>().iter().map(|p| p.name).collect();
        assert_eq!(names, want);
        let err = ProfileChoice::parse::<G>(Some("no-such-profile")).expect_err("unknown");
        assert!(
            err.to_string()
                .contains("unknown profile `no-such-profile`"),
            "{err}"
        );
    }

    #[test]
    fn profile_ids_resolve_for_every_game() {
        ids_resolve::<Numbers>();
        ids_resolve::<Words>();
    }

    #[test]
    fn all_leaves_out_the_bench_only_profiles() {
        let all = ProfileChoice::parse::<Numbers>(Some("all")).expect("all");
        let names: Vec<&str> = all.profiles::<Numbers>().iter().map(|p| p.name).collect();
        assert_eq!(names, ["tiny", "small"]);
        assert_eq!(bench_only_names::<Numbers>(), ["huge"]);
        let huge = ProfileChoice::parse::<Numbers>(Some("huge")).expect("huge");
        let err = huge.require_reference::<Numbers>().expect_err("bench only");
        assert!(
            err.to_string().contains("bench-only profiles: huge"),
            "{err}"
        );
    }

    #[test]
    fn a_case_comes_from_its_profiles_own_generator() {
        let choice = ProfileChoice::parse::<Numbers>(Some("all")).expect("all");
        for index in 0..6 {
            let profile = choice.of::<Numbers>(index);
            assert_eq!(profile.name, ["tiny", "small"][index as usize % 2]);
            assert_eq!(Numbers::generate(profile, 7), (profile.generate)(7));
        }
        assert_eq!(Numbers::generate(choice.of::<Numbers>(0), 17), Num(7));
        assert_eq!(Numbers::generate(choice.of::<Numbers>(1), 17), Num(1017));
    }

    #[test]
    #[should_panic(expected = "`tiny` is a profile of another game, not of words")]
    fn an_id_of_another_game_is_refused() {
        let id = ProfileId::named::<Numbers>("tiny").expect("tiny");
        id.get::<Words>();
    }
}
