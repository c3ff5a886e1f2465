//! A case of a problem: the input text with what makes it again (the generator's byte stream, its
//! arguments and seed, and which of the problem's generators; or the text alone: a package's
//! manual test, or once the text itself is reduced). Building a case costs its bytes only; the
//! generator (and the validator) run when the input is first needed, inside the pipeline's
//! parallel predicate, once per case: cases with the same source share one input
//! (seen streams are not generated twice; the installed problem keeps the inputs made).
//!
//! Every case holds the problem it is of, an `Arc` of the [`Installed`] problem: a batch's cases
//! and the shrinker's candidates are made from it. A saved case, which the core parses with no
//! problem at hand (`Format::parse` is a static function), takes the problem of the first engine
//! that runs it ([`Case::bind`]): the core runs a case through the engines before it judges,
//! shrinks or saves it.
//!
//! A fresh case (a batch's) that its generator fails on, or whose input the validator rejects, is
//! an error of the problem ([`Installed::fail`]: the batch stops, exit status 2); a shrink
//! candidate that fails so is only not taken (its engines report an interrupt: no verdict).

use crate::game::generate::run_generator;
use crate::programs::problem::{Generator, Problem};
use crate::programs::testset::GenId;
use crate::protocol::reduce::args::SeedCall;
use crate::protocol::tape::{self, Tape};
use rand::RngCore as _;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

/// The bytes of a fresh case's stream: random bytes from the case's seed (docs/stress.md).
pub const FRESH_STREAM: usize = 64 << 10;

/// What makes a case's input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// The bytes a stream generator reads.
    Stream(Vec<u8>),
    /// The arguments and seed of a seed generator (the problem's generator the id names).
    Seed(GenId, SeedCall),
    /// The bytes a stream generator (the one the id names) reads when it is called with other
    /// arguments than its command's (a package's script line, or the shrinker's: its sizes
    /// lowered).
    Sized(GenId, SizedStream),
    /// The input text itself (a saved case, a package's manual test, or a text reduced by the
    /// shrinker).
    Text(String),
}

/// A stream generator's call with its arguments lowered by the shrinker, and the bytes it reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SizedStream {
    /// The generator's own arguments, in place of its command's.
    pub args: Vec<String>,
    pub bytes: Vec<u8>,
}

/// What running the generator (and the validator) made.
#[derive(Debug, Clone)]
pub enum Made {
    /// The input, and the generator's tape when it wrote one.
    Input { text: String, tape: Option<Tape> },
    /// No input: why (the generator failed, or the validator rejected it).
    Rejected(String),
}

/// Which of a batch's cases a case is.
#[derive(Debug, Clone, Copy)]
enum Fresh {
    /// A generated case, of its seed.
    Seed(u64),
    /// A package's manual test, by its number.
    Manual(usize),
}

impl std::fmt::Display for Fresh {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fresh::Seed(seed) => write!(f, "the fresh case of seed {seed}"),
            Fresh::Manual(index) => write!(f, "the package's manual test {index}"),
        }
    }
}

/// A case: its source, its problem, and its input made on first use.
#[derive(Clone)]
pub struct Case {
    pub source: Source,
    /// A batch's case (not a shrink candidate), and which: a failure to make it is an error of
    /// the problem.
    fresh: Option<Fresh>,
    /// A shrink candidate ([`Case::with_source`]): its solution must stay well past a limit.
    shrinking: bool,
    made: Arc<OnceLock<Made>>,
    /// The problem the case is of: set when the case is made from it, or by [`Case::bind`].
    installed: Arc<OnceLock<Arc<Installed>>>,
}

impl PartialEq for Case {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.source {
            Source::Stream(s) => write!(f, "Stream({} bytes)", s.len()),
            Source::Sized(g, s) => write!(f, "Sized({g:?}, {:?}, {} bytes)", s.args, s.bytes.len()),
            other => write!(f, "{other:?}"),
        }
    }
}

/// The problem installed for a run, and what the run shares with its cases and engines, which
/// each hold an `Arc` of it.
pub struct Installed {
    pub problem: Problem,
    /// The batch's stop flag: an error of the problem on a fresh case stops the batch.
    pub stop: Arc<AtomicBool>,
    /// The first error of the problem itself (a generator failing on a fresh seed, a validator
    /// rejecting a generated input), which ends the run with exit status 2.
    pub error: Mutex<Option<String>>,
    /// Inputs already made, by source, shared by every case of that source.
    cache: Mutex<HashMap<Source, Arc<OnceLock<Made>>>>,
}

/// The cache holds at most this many sources; past that it starts again.
const CACHE_MAX: usize = 1 << 16;

impl Installed {
    /// The problem of the run about to start, with the batch's stop flag and no input made yet.
    pub fn new(problem: Problem, stop: Arc<AtomicBool>) -> Arc<Installed> {
        Arc::new(Installed {
            problem,
            stop,
            error: Mutex::new(None),
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// Records an error of the problem itself and stops the batch (the first error is kept).
    pub fn fail(&self, why: String) {
        if let Ok(mut e) = self.error.lock() {
            e.get_or_insert(why);
        }
        self.stop.store(true, Relaxed);
    }

    /// Why the batch was stopped by the problem itself, when it was: its error follows the
    /// report (exit status 2).
    pub fn halted(&self) -> Option<String> {
        let failed = self.error.lock().map_or(true, |e| e.is_some());
        failed.then(|| "a program of the problem failed on a fresh case (the error follows)".into())
    }

    /// The input of `source`, made once for every case of that source.
    fn made_for(&self, source: &Source) -> Arc<OnceLock<Made>> {
        match self.cache.lock() {
            Ok(mut m) => {
                if m.len() >= CACHE_MAX {
                    m.clear();
                }
                Arc::clone(m.entry(source.clone()).or_default())
            }
            Err(_) => Arc::new(OnceLock::new()),
        }
    }
}

/// The random bytes of the fresh stream of `seed`.
pub fn fresh_stream(seed: u64) -> Vec<u8> {
    let mut bytes = vec![0u8; FRESH_STREAM];
    harness::rng::rng(seed).fill_bytes(&mut bytes);
    bytes
}

impl Case {
    /// A batch's case of `installed` for `seed`: a stream of random bytes from it, or the seed for
    /// a seed generator.
    pub fn fresh(installed: &Arc<Installed>, seed: u64) -> Case {
        Case::fresh_at(installed, 0, seed)
    }

    /// The batch's case `index` of `installed` for `seed` ([`Case::fresh`]): a package's manual
    /// tests first, their inputs as they are; then each generated case takes the script line
    /// `index mod len` and runs that line's generator with its arguments (a stream generator with
    /// the fresh stream, a seed generator with the seed after them).
    pub fn fresh_at(installed: &Arc<Installed>, index: u64, seed: u64) -> Case {
        let p = &installed.problem;
        let manual = usize::try_from(index).ok().and_then(|i| p.manual.get(i));
        let (source, fresh) = match manual {
            Some(m) => (Source::Text(m.text.clone()), Fresh::Manual(m.index)),
            None => {
                let index = index.saturating_sub(p.manual.len() as u64);
                let line = match p.scripts.len() as u64 {
                    0 => None,
                    n => p.scripts.get((index % n) as usize),
                };
                let source = match line {
                    Some(line) => generated(p, line.gen, Some(line.args.clone()), seed),
                    None => generated(p, GenId(0), None, seed),
                };
                (source, Fresh::Seed(seed))
            }
        };
        Case {
            source,
            fresh: Some(fresh),
            shrinking: false,
            made: Arc::new(OnceLock::new()),
            installed: Arc::new(OnceLock::from(Arc::clone(installed))),
        }
    }

    /// A shrink candidate of `installed`: its input is made on first use, shared with any case of
    /// the same source.
    pub fn candidate(installed: &Arc<Installed>, source: Source) -> Case {
        Case {
            made: installed.made_for(&source),
            source,
            fresh: None,
            shrinking: false,
            installed: Arc::new(OnceLock::from(Arc::clone(installed))),
        }
    }

    /// A case of `installed` made from `source` for itself alone: not kept in the problem's cache
    /// of inputs (the search's probes, each made once and mostly thrown away).
    pub fn probe(installed: &Arc<Installed>, source: Source) -> Case {
        Case {
            made: Arc::new(OnceLock::new()),
            source,
            fresh: None,
            shrinking: false,
            installed: Arc::new(OnceLock::from(Arc::clone(installed))),
        }
    }

    /// A candidate of this case's problem made from `source` ([`Case::candidate`]); one with no
    /// problem yet when this case has none.
    pub fn with_source(&self, source: Source) -> Case {
        let case = match self.installed() {
            Some(installed) => Case::candidate(installed, source),
            None => Case::unbound(source),
        };
        Case {
            shrinking: true,
            ..case
        }
    }

    /// Whether the case is a shrink candidate ([`Case::with_source`]).
    pub fn shrinking(&self) -> bool {
        self.shrinking
    }

    /// A case of `source` with no problem yet, for the core's static roles that have none at hand
    /// (a profile's seed, fuzzer bytes): it takes one from the first engine that runs it.
    pub fn unbound(source: Source) -> Case {
        Case {
            source,
            fresh: None,
            shrinking: false,
            made: Arc::new(OnceLock::new()),
            installed: Arc::new(OnceLock::new()),
        }
    }

    /// A case that is its text (a saved case): nothing to make, and no problem until an engine
    /// runs it ([`Case::bind`]).
    pub fn text(text: String) -> Case {
        let made = OnceLock::new();
        let _ = made.set(Made::Input {
            text: text.clone(),
            tape: None,
        });
        Case {
            source: Source::Text(text),
            fresh: None,
            shrinking: false,
            made: Arc::new(made),
            installed: Arc::new(OnceLock::new()),
        }
    }

    /// Makes the case one of `installed` when it is of no problem yet (a saved case, parsed with
    /// none at hand): what an engine does first with a case it runs. The case and its clones keep
    /// the first problem they are given.
    pub fn bind(&self, installed: &Arc<Installed>) {
        let _ = self.installed.get_or_init(|| Arc::clone(installed));
    }

    /// The problem the case is of; `None` before it is bound ([`Case::bind`]).
    pub fn installed(&self) -> Option<&Arc<Installed>> {
        self.installed.get()
    }

    /// What the generator made, making it now if needed.
    pub fn made(&self) -> &Made {
        self.made.get_or_init(|| {
            let made = make(
                &self.source,
                self.fresh.is_none(),
                self.extend(),
                self.installed(),
            );
            if let (Made::Rejected(why), Some(f), Some(i)) = (&made, self.fresh, self.installed()) {
                i.fail(format!("on {f}: {why}"));
            }
            made
        })
    }

    /// The input text, or why there is none.
    pub fn input(&self) -> Result<&str, &str> {
        match self.made() {
            Made::Input { text, .. } => Ok(text),
            Made::Rejected(why) => Err(why),
        }
    }

    /// The generator's tape for this case's stream, running it once more to get one when the
    /// first run did not ask for it (a fresh case).
    pub fn tape(&self) -> Option<Tape> {
        if let Made::Input { tape: Some(t), .. } = self.made() {
            return Some(t.clone());
        }
        match (&self.source, self.fresh) {
            (Source::Stream(_), Some(_)) => {
                match make(&self.source, true, self.extend(), self.installed()) {
                    Made::Input { tape, .. } => tape,
                    Made::Rejected(_) => None,
                }
            }
            _ => None,
        }
    }

    /// The seed a fresh stream case extends its stream from, past its bytes (`STRESS_EXTEND`).
    fn extend(&self) -> Option<u64> {
        match self.fresh {
            Some(Fresh::Seed(seed)) => Some(seed),
            _ => None,
        }
    }

    /// The source with a stream trimmed to the bytes the generator read (its tape tells); a fresh
    /// stream read past its end gets the bytes of its extension it read, so the bytes alone make
    /// the same input again.
    pub fn trimmed(&self) -> Source {
        match (&self.source, self.tape()) {
            (Source::Stream(s), Some(t)) => {
                let mut s = s[..t.consumed.min(s.len())].to_vec();
                if let Some(seed) = self.extend().filter(|_| t.consumed > s.len()) {
                    s.extend(tape::extension(seed, t.consumed - s.len()));
                }
                tape::trim_zeros(&mut s);
                Source::Stream(s)
            }
            (Source::Sized(gen, s), Some(t)) => {
                let mut bytes = s.bytes[..t.consumed.min(s.bytes.len())].to_vec();
                if let Some(seed) = self.extend().filter(|_| t.consumed > bytes.len()) {
                    bytes.extend(tape::extension(seed, t.consumed - bytes.len()));
                }
                tape::trim_zeros(&mut bytes);
                Source::Sized(
                    *gen,
                    SizedStream {
                        args: s.args.clone(),
                        bytes,
                    },
                )
            }
            (source, _) => source.clone(),
        }
    }
}

/// The source of a generated case of `seed`: generator `gen` of `p` with the arguments `args`
/// (`None`: its command's own), on the fresh stream of the seed or with the seed after them.
fn generated(p: &Problem, gen: GenId, args: Option<Vec<String>>, seed: u64) -> Source {
    match (p.generators.get(gen), args) {
        (Some(Generator::Stream(_)), None) => Source::Stream(fresh_stream(seed)),
        (Some(Generator::Stream(_)), Some(args)) => Source::Sized(
            gen,
            SizedStream {
                args,
                bytes: fresh_stream(seed),
            },
        ),
        (g, args) => Source::Seed(
            gen,
            SeedCall {
                args: args
                    .or_else(|| g.map(|g| g.cmd().args().to_vec()))
                    .unwrap_or_default(),
                seed,
            },
        ),
    }
}

/// Case `index` of a run whose cases are listed streams (a scope's inputs, a search's pool):
/// made from its stream, `None` past the end.
pub fn listed(installed: &Arc<Installed>, streams: &[Vec<u8>], index: u64) -> Option<Case> {
    let stream = streams.get(usize::try_from(index).ok()?)?;
    Some(Case::candidate(installed, Source::Stream(stream.clone())))
}

/// Runs the generator of `installed` that `source` names (the first for a plain stream) on it
/// (asking for its tape when `with_tape`), then the validator; a text goes to the validator alone.
fn make(
    source: &Source,
    with_tape: bool,
    extend: Option<u64>,
    installed: Option<&Arc<Installed>>,
) -> Made {
    let Some(installed) = installed else {
        return Made::Rejected("no problem is installed".into());
    };
    let p = &installed.problem;
    let stream = |gen: GenId| match p.generators.get(gen) {
        Some(Generator::Stream(cmd)) => Some(cmd),
        _ => None,
    };
    let ran = match source {
        Source::Text(t) => return validate(t.clone(), None, p),
        Source::Stream(bytes) => {
            stream(GenId(0)).map(|cmd| run_generator(cmd, (&[], bytes), (with_tape, extend), p))
        }
        Source::Sized(gen, sized) => stream(*gen).map(|cmd| {
            let cmd = cmd.with_args(&sized.args);
            run_generator(&cmd, (&[], &sized.bytes), (with_tape, extend), p)
        }),
        Source::Seed(gen, call) => match p.generators.get(*gen) {
            Some(Generator::Seed(cmd)) => {
                let cmd = cmd.with_args(&call.args);
                let seed = [call.seed.to_string()];
                Some(run_generator(&cmd, (&seed, b""), (false, None), p))
            }
            _ => None,
        },
    };
    match ran {
        Some(Ok((text, tape))) => validate(text, tape, p),
        Some(Err(why)) => Made::Rejected(why),
        None => Made::Rejected("the case's source is not of the problem's generator".into()),
    }
}

/// The validator's verdict on an input made by the generator.
fn validate(text: String, tape: Option<Tape>, p: &Problem) -> Made {
    if let Some(v) = &p.validator {
        match v.run(&[], text.as_bytes(), &p.limits()) {
            Ok(e) if e.success() => {}
            Ok(e) => {
                return Made::Rejected(format!(
                    "the validator `{}` rejects the input ({}){}",
                    v.spec,
                    crate::programs::program::ending(&e),
                    crate::programs::program::stderr_tail(&e)
                ))
            }
            Err(e) => return Made::Rejected(format!("the validator cannot run: {e:#}")),
        }
    }
    Made::Input { text, tape }
}

#[cfg(test)]
mod tests;
