//! The source of a run's cases: case number -> case. The batch executor ([`crate::run::batch`]) knows
//! its cases only through [`Cases`], so generated cases, saved files and every case of a bounded
//! scope run through the same executor, watchdog, tally and reports.

use crate::rng::case_seed;
use crate::roles::game::{Game, ProfileChoice, ProfileId};
use crate::roles::scope::Filled;
use std::path::PathBuf;

/// Where case `index` of a run comes from, for reports and reproduction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Generated: a pure function of (game, profile, seed).
    Seeded { profile: ProfileId, seed: u64 },
    /// A saved file (replay).
    Saved(PathBuf),
    /// Index `index` of a bounded scope, named by its canonical expression.
    Scope { scope: String, index: u64 },
    /// The input of rank `rank` (0: the costliest) that a guided search for `goal`, seeded
    /// `seed`, found.
    Search {
        goal: &'static str,
        seed: u64,
        rank: u64,
    },
}

impl Origin {
    /// The name the reports give the case's family: the profile of a generated case, `saved` for
    /// a file, `scope` for a case of a bounded scope, `search` for what a search found.
    pub(crate) fn profile_name(&self) -> &'static str {
        match self {
            Origin::Seeded { profile, .. } => profile.name,
            Origin::Saved(_) => "saved",
            Origin::Scope { .. } => "scope",
            Origin::Search { .. } => "search",
        }
    }

    /// The case's own seed (generated cases), or the scope index, or the search's seed, or 0 for
    /// a file: the number the reports print beside `Origin::profile_name`.
    pub(crate) fn seed(&self) -> u64 {
        match self {
            Origin::Seeded { seed, .. } | Origin::Search { seed, .. } => *seed,
            Origin::Saved(_) => 0,
            Origin::Scope { index, .. } => *index,
        }
    }

    /// Where the case comes from, as a report's headline says it after the case's number.
    pub(crate) fn place(&self) -> String {
        match self {
            Origin::Seeded { profile, seed } => format!("profile {}, seed {seed}", profile.name),
            Origin::Saved(path) => format!("saved case {}", path.display()),
            Origin::Scope { scope, index } => format!("scope `{scope}`, index {index}"),
            Origin::Search { goal, seed, rank } => {
                format!("search {goal}, seed {seed}, input {rank}")
            }
        }
    }

    /// The name of the files a failure of this case is saved as, in `game`'s corpus style: one
    /// origin, one name, and two origins never share one (two scopes' first cases, two searches'
    /// first inputs).
    pub(crate) fn file_stem(&self, game: &str) -> String {
        let name = |family: &str, seed: u64| crate::render::corpus::name(game, family, seed);
        match self {
            Origin::Scope { scope, index } => {
                let scope = crate::rng::fnv1a_64(scope.as_bytes()) >> 32;
                format!("{}-{index}", name("scope", scope))
            }
            Origin::Search { goal, seed, rank } => {
                format!("{}-{rank}", name(&format!("search-{goal}"), *seed))
            }
            _ => name(self.profile_name(), self.seed()),
        }
    }

    /// The command that makes the case again: `program` is the harness binary's name.
    pub(crate) fn reproduce(&self, program: &str, game: &str) -> String {
        match self {
            Origin::Seeded { profile, seed } => {
                format!(
                    "{program} gen --game {game} --profile {} --seed {seed}",
                    profile.name
                )
            }
            Origin::Saved(path) => format!("{program} replay {}", path.display()),
            Origin::Scope { scope, index } => {
                format!("{program} gen --game {game} --scope '{scope}' --index {index}")
            }
            Origin::Search { goal, seed, rank } => {
                format!("{program} stress --search {goal} --seed {seed} (its input {rank})")
            }
        }
    }
}

/// Case number -> case: what the batch executor knows of where its cases come from.
pub trait Cases<G: Game>: Send + Sync {
    /// Indices in the whole run (all shards together).
    fn len(&self) -> u64;

    /// Whether the run has no index at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The case at `index`, or `None` when that index is not a valid input: skipped, counted
    /// (`BatchResult::skipped`), never run, never a failure. A panic here is a crash of the
    /// generator.
    fn case(&self, index: u64) -> Option<G::Case>;

    /// The case at `index` made into `case` (reusing its buffers when the source can), or how
    /// many indices from `index` on have no case: what the batch calls. The contract of
    /// [`crate::roles::scope::Scope::fill`]; by default through [`Cases::case`], one index at a time.
    fn fill(&self, index: u64, case: &mut Option<G::Case>) -> Filled {
        Filled::made(self.case(index), case)
    }

    /// Where the case at `index` comes from.
    fn origin(&self, index: u64) -> Origin;

    /// Why the source stopped the batch itself, when it did (a problem's own program failing on a
    /// fresh case): the report says it instead of an interrupt.
    fn halted(&self) -> Option<String> {
        None
    }
}

/// Generated cases: case `index` is `G::generate(profile.of(index), case_seed(seed, index))`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seeded {
    pub(crate) profile: ProfileChoice,
    /// The batch seed.
    pub seed: u64,
    /// Cases in the whole run.
    pub(crate) cases: u64,
}

impl<G: Game> Cases<G> for Seeded {
    fn len(&self) -> u64 {
        self.cases
    }

    fn case(&self, index: u64) -> Option<G::Case> {
        Some(G::generate(
            self.profile.of::<G>(index),
            case_seed(self.seed, index),
        ))
    }

    fn origin(&self, index: u64) -> Origin {
        Origin::Seeded {
            profile: self.profile.id(index),
            seed: case_seed(self.seed, index),
        }
    }
}

/// A fixed list of cases, each with its origin (saved files, a test's own cases).
pub struct Listed<G: Game> {
    pub cases: Vec<(Origin, G::Case)>,
}

impl<G: Game> Cases<G> for Listed<G> {
    fn len(&self) -> u64 {
        self.cases.len() as u64
    }

    fn case(&self, index: u64) -> Option<G::Case> {
        let i = usize::try_from(index).ok()?;
        self.cases.get(i).map(|(_, c)| c.clone())
    }

    fn origin(&self, index: u64) -> Origin {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.cases.get(i))
            .map_or(Origin::Saved(PathBuf::new()), |(o, _)| o.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::Generate;

    crate::toy::toy_game!(Doubles, "doubles");

    #[test]
    fn two_scopes_or_two_searches_never_save_their_cases_under_one_name() {
        let scope = |scope: &str, index| Origin::Scope {
            scope: scope.into(),
            index,
        };
        let search = |seed, rank| Origin::Search {
            goal: "slow",
            seed,
            rank,
        };
        let origins = [
            scope("n<=2", 0),
            scope("n<=2", 1),
            scope("n<=3", 0),
            search(7, 0),
            search(7, 1),
            search(8, 0),
            Origin::Seeded {
                profile: ProfileId::default_of::<Doubles>(),
                seed: 0,
            },
        ];
        let stems: std::collections::BTreeSet<String> =
            origins.iter().map(|o| o.file_stem("g")).collect();
        assert_eq!(stems.len(), origins.len(), "{stems:?}");
        assert_eq!(
            search(7, 1).file_stem("g"),
            "g-search-slow-0000000000000007-1"
        );
        assert_eq!(search(7, 1).place(), "search slow, seed 7, input 1");
        assert_eq!(scope("n<=2", 1).place(), "scope `n<=2`, index 1");
        assert_eq!(
            scope("n<=2", 1).file_stem("g"),
            scope("n<=2", 1).file_stem("g")
        );
    }

    #[test]
    fn seeded_cases_are_todays_generated_cases() {
        let choice = ProfileChoice::parse::<Doubles>(Some("all")).unwrap();
        let source = Seeded {
            profile: choice.clone(),
            seed: 9,
            cases: 40,
        };
        assert_eq!(Cases::<Doubles>::len(&source), 40);
        for index in [0, 1, 7, 39] {
            let want = Doubles::generate(choice.of::<Doubles>(index), case_seed(9, index));
            assert_eq!(Cases::<Doubles>::case(&source, index), Some(want));
            let origin = Cases::<Doubles>::origin(&source, index);
            assert_eq!(origin.profile_name(), choice.id(index).name);
            assert_eq!(origin.seed(), case_seed(9, index));
        }
    }

    #[test]
    fn a_listed_source_skips_indices_past_its_end() {
        let case = Doubles::generate(&Doubles::PROFILES[0], 3);
        let source = Listed::<Doubles> {
            cases: vec![(Origin::Saved("a.in".into()), case.clone())],
        };
        assert_eq!(source.case(0), Some(case));
        assert_eq!(source.case(1), None);
        assert_eq!(source.origin(0), Origin::Saved("a.in".into()));
        assert!(source
            .origin(0)
            .reproduce("harness", "doubles")
            .ends_with("a.in"));
    }
}
