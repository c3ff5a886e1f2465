//! One probe of the coverage search (`harness stress --search coverage`): the case's input run by
//! the solution and the brute force built with coverage counters ([`toolchain::build_covered`]),
//! the solution's output judged against the brute force's as any case is, and what the two runs
//! counted: the edges they took (new ones make the input worth keeping, as in AFL's corpus), the
//! constants they compared against and the pairs of values they compared with each other (put
//! into draws by the mutations, as libFuzzer does with `trace-cmp`). A brute force that is not C,
//! C++ or Python runs plain: its answer, no counts.

use crate::game::case::{Case, Installed};
use crate::game::engines::judge;
use crate::programs::interact::{self, Interaction};
use crate::programs::problem::{Covered as CoveredPrograms, Problem};
use crate::programs::program::Cmd;
use harness::roles::verdict::Fault;
use harness::roles::Judgement;
use std::path::{Path, PathBuf};
use supervise::Limits;
use toolchain::{Counted, COVERAGE_ENV, MAP_SIZE};

/// Every (edge, bucket) any probe's runs reached so far: the solution's edges first, then the
/// brute force's, one byte of bucket bits each (AFL's "virgin" map, inverted).
pub struct Novelty {
    seen: Vec<u8>,
    edges: usize,
}

impl Default for Novelty {
    fn default() -> Self {
        Novelty {
            seen: vec![0; 2 * MAP_SIZE],
            edges: 0,
        }
    }
}

impl Novelty {
    /// Takes what a probe's runs reached and says how many (edge, bucket) pairs were new.
    pub fn merge(&mut self, reached: &Reached) -> usize {
        self.merge_edges(&reached.solution, 0) + self.merge_edges(&reached.reference, MAP_SIZE)
    }

    /// Takes the edges of one program's run (`offset`: 0 for the solution, [`MAP_SIZE`] for the
    /// brute force) and says how many (edge, bucket) pairs were new.
    fn merge_edges(&mut self, edges: &[(u32, u8)], offset: usize) -> usize {
        let mut new = 0;
        for &(edge, bucket) in edges {
            let seen = &mut self.seen[offset + edge as usize % MAP_SIZE];
            if *seen & bucket == 0 {
                if *seen == 0 {
                    self.edges += 1;
                }
                *seen |= bucket;
                new += 1;
            }
        }
        new
    }

    /// Edges reached so far (by either program).
    pub fn edges(&self) -> usize {
        self.edges
    }
}

/// A worker's files the covered runs count into, one a program; removed when dropped.
pub struct Counters {
    solution: PathBuf,
    reference: PathBuf,
}

impl Counters {
    pub fn new() -> Counters {
        Counters {
            solution: crate::programs::program::scratch_path(),
            reference: crate::programs::program::scratch_path(),
        }
    }

    /// The file the solution's covered runs count into.
    pub fn solution(&self) -> &Path {
        &self.solution
    }
}

impl Default for Counters {
    fn default() -> Self {
        Counters::new()
    }
}

impl Drop for Counters {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.solution);
        let _ = std::fs::remove_file(&self.reference);
    }
}

/// The (edge, bucket) pairs a probe's two runs reached: the search merges them into its
/// [`Novelty`] in the order its probes were made, so that what is new does not depend on which
/// worker finished first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reached {
    pub solution: Vec<(u32, u8)>,
    pub reference: Vec<(u32, u8)>,
}

/// What a probe of the coverage search found.
#[derive(Debug, Clone)]
pub struct Covered {
    /// The CPU time of the solution's (covered) run.
    pub cost: std::time::Duration,
    /// The solution's answer was judged wrong, or its run crashed.
    pub failed: bool,
    /// The edges the two runs took.
    pub reached: Reached,
    /// The constants the two programs compared against.
    pub constants: Vec<i64>,
    /// Pairs of values the two programs compared with each other.
    pub pairs: Vec<(i64, i64)>,
}

/// Runs the covered programs on `case` (its input made), judges the solution's answer, and says
/// what they counted. `None` when the brute force gives no answer, or a program cannot be started.
/// An interactive problem's programs talk to its interactor, as the engines' do.
pub fn probe(
    installed: &Installed,
    case: &Case,
    covered: &CoveredPrograms,
    counters: &Counters,
) -> Option<Covered> {
    let input = case.input().ok()?;
    let p = &installed.problem;
    let (answer, reference) = expected(p, covered.reference.as_ref(), counters, input)?;
    let (ran, solution) = solution_ran(p, &covered.solution, &counters.solution, input)?;
    let failed = ran.crashed
        || ran
            .answer
            .is_some_and(|got| !matches!(judge(case, &answer, &got), Judgement::Accepted));
    let reference = reference.unwrap_or_default();
    Some(Covered {
        cost: ran.cost,
        failed,
        reached: Reached {
            solution: solution.edges,
            reference: reference.edges,
        },
        constants: [solution.constants, reference.constants].concat(),
        pairs: [solution.pairs, reference.pairs].concat(),
    })
}

/// The expected answer (the brute force's output, or what the interactor wrote for it), and what
/// the brute force counted when it is covered; `None` when it gives no answer.
fn expected(
    p: &Problem,
    covered: Option<&Cmd>,
    counters: &Counters,
    input: &str,
) -> Option<(String, Option<Counted>)> {
    let limits = p.limits;
    if let Some(interactor) = &p.interactor {
        let (interaction, counted) = match covered {
            Some(cmd) => {
                let (run, counted) =
                    counted_interaction(interactor, cmd, &counters.reference, input, &limits)?;
                (run.ok()?.0, Some(counted))
            }
            None => (
                interact::run(interactor, &p.reference, input, &limits).ok()?,
                None,
            ),
        };
        return (interaction.code == Some(0)).then_some((interaction.output, counted));
    }
    let (run, counted) = match covered {
        Some(cmd) => {
            let (run, counted) = counted_run(cmd, &counters.reference, input.as_bytes(), &limits)?;
            (run, Some(counted))
        }
        None => (p.reference.run(&[], input.as_bytes(), &limits).ok()?, None),
    };
    run.success()
        .then(|| (String::from_utf8_lossy(&run.stdout).into_owned(), counted))
}

/// What the covered solution's run came to: its CPU time, whether it crashed, and its answer for
/// the judge when it ended well.
struct Ran {
    cost: std::time::Duration,
    crashed: bool,
    answer: Option<String>,
}

/// The covered solution's run on `input` (through the interactor when the problem has one),
/// counting into `file`.
fn solution_ran(p: &Problem, cmd: &Cmd, file: &Path, input: &str) -> Option<(Ran, Counted)> {
    let limits = p.limits;
    let Some(interactor) = &p.interactor else {
        let (run, counted) = counted_run(cmd, file, input.as_bytes(), &limits)?;
        let ran = Ran {
            cost: run.cpu,
            crashed: !run.success() && !run.interrupted && run.limit.is_none(),
            answer: run
                .success()
                .then(|| String::from_utf8_lossy(&run.stdout).into_owned()),
        };
        return Some((ran, counted));
    };
    let (run, counted) = counted_interaction(interactor, cmd, file, input, &limits)?;
    let ran = match run {
        Ok((interaction, cost)) => Ran {
            cost,
            crashed: false,
            answer: Some(interaction.text()),
        },
        Err(Fault::Interrupted) => return None,
        Err(fault) => Ran {
            cost: std::time::Duration::ZERO,
            crashed: matches!(fault, Fault::RuntimeError { .. }),
            answer: None,
        },
    };
    Some((ran, counted))
}

/// A covered program's run counting into `file`, and what it counted (the slow search's counted
/// runs too, `crate::game::probe`).
pub fn counted_run(
    cmd: &Cmd,
    file: &Path,
    input: &[u8],
    limits: &Limits,
) -> Option<(supervise::Execution, Counted)> {
    let env = counting_into(file)?;
    let run = cmd.run_with_env(&[], &env, input, limits).ok()?;
    Some((run, Counted::read(file)))
}

/// `file` emptied, and the environment that makes a covered run count into it.
fn counting_into(file: &Path) -> Option<[(String, String); 1]> {
    Counted::clear(file).ok()?;
    Some([(COVERAGE_ENV.to_string(), file.display().to_string())])
}

/// An interaction's verdict, with the program's CPU time when it came to one.
type Interacted = Result<(Interaction, std::time::Duration), Fault>;

/// A covered program's interaction with `interactor`, counting into `file` (the variable reaches it
/// through `env`, [`interact::pair_with_env`]), its verdict with the program's CPU time, and what
/// it counted. `None` when it cannot be started.
fn counted_interaction(
    interactor: &Cmd,
    cmd: &Cmd,
    file: &Path,
    input: &str,
    limits: &Limits,
) -> Option<(Interacted, Counted)> {
    let env = counting_into(file)?;
    let run = match interact::pair_with_env(interactor, cmd, &env, input, limits) {
        Ok((sol, int, output)) => {
            let cost = sol.cpu;
            interact::verdict(sol, int, limits, output).map(|i| (i, cost))
        }
        Err(Fault::RuntimeError { .. }) => return None,
        Err(fault) => Err(fault),
    };
    Some((run, Counted::read(file)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solution(edges: &[(u32, u8)]) -> Reached {
        Reached {
            solution: edges.to_vec(),
            reference: Vec::new(),
        }
    }

    #[test]
    fn novelty_is_a_new_edge_or_a_new_bucket_of_one() {
        let mut n = Novelty::default();
        assert_eq!(n.merge(&solution(&[(5, 1), (9, 2)])), 2);
        assert_eq!(n.merge(&solution(&[(5, 1), (9, 2)])), 0);
        // The same edge taken more often: a new bucket, not a new edge.
        assert_eq!(n.merge(&solution(&[(5, 8)])), 1);
        assert_eq!(n.edges(), 2);
        // The brute force's edge 5 is not the solution's.
        let brute = Reached {
            solution: Vec::new(),
            reference: vec![(5, 1)],
        };
        assert_eq!(n.merge(&brute), 1);
        assert_eq!(n.edges(), 3);
    }
}
