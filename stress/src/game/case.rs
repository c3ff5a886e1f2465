//! A case of a problem: the input text with what makes it again (the generator's byte stream, its
//! arguments and seed, or the text alone once the text itself is reduced). Building a case costs
//! its bytes only; the generator (and the validator) run when the input is first needed, inside
//! the pipeline's parallel predicate, once per case: cases with the same source share one input
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

use crate::programs::problem::{Generator, Problem};
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
    /// The arguments and seed of a seed generator.
    Seed(SeedCall),
    /// The bytes a stream generator reads when it is called with other arguments than its
    /// command's (the shrinker's: its sizes lowered).
    Sized(SizedStream),
    /// The input text itself (a saved case, or a text reduced by the shrinker).
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

/// A case: its source, its problem, and its input made on first use.
#[derive(Clone)]
pub struct Case {
    pub source: Source,
    /// A batch's case (not a shrink candidate): a failure to make it is an error of the problem.
    fresh: bool,
    /// The seed of a fresh case, for the message of such an error.
    seed: u64,
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
            Source::Sized(s) => write!(f, "Sized({:?}, {} bytes)", s.args, s.bytes.len()),
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

    /// The batch's case `index` of `installed` for `seed` ([`Case::fresh`]): a package's
    /// generator takes its script line `index mod len` (a stream generator with the fresh stream).
    pub fn fresh_at(installed: &Arc<Installed>, index: u64, seed: u64) -> Case {
        let p = &installed.problem;
        let source = match &p.generator {
            Generator::Seed(cmd) => Source::Seed(SeedCall {
                args: match p.scripts.len() as u64 {
                    0 => cmd.args().to_vec(),
                    n => p.scripts[(index % n) as usize].clone(),
                },
                seed,
            }),
            Generator::Stream(_) => match p.scripts.len() as u64 {
                0 => Source::Stream(fresh_stream(seed)),
                n => Source::Sized(SizedStream {
                    args: p.scripts[(index % n) as usize].clone(),
                    bytes: fresh_stream(seed),
                }),
            },
        };
        Case {
            source,
            fresh: true,
            seed,
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
            fresh: false,
            seed: 0,
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
            fresh: false,
            seed: 0,
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
            fresh: false,
            seed: 0,
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
            fresh: false,
            seed: 0,
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
            let made = make(&self.source, !self.fresh, self.extend(), self.installed());
            if let (Made::Rejected(why), true, Some(i)) = (&made, self.fresh, self.installed()) {
                i.fail(format!("on the fresh case of seed {}: {why}", self.seed));
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
            (Source::Stream(_), true) => {
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
        self.fresh.then_some(self.seed)
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
            (Source::Sized(s), Some(t)) => {
                let mut bytes = s.bytes[..t.consumed.min(s.bytes.len())].to_vec();
                if let Some(seed) = self.extend().filter(|_| t.consumed > bytes.len()) {
                    bytes.extend(tape::extension(seed, t.consumed - bytes.len()));
                }
                tape::trim_zeros(&mut bytes);
                Source::Sized(SizedStream {
                    args: s.args.clone(),
                    bytes,
                })
            }
            (source, _) => source.clone(),
        }
    }
}

/// Case `index` of a run whose cases are listed streams (a scope's inputs, a search's pool):
/// made from its stream, `None` past the end.
pub fn listed(installed: &Arc<Installed>, streams: &[Vec<u8>], index: u64) -> Option<Case> {
    let stream = streams.get(usize::try_from(index).ok()?)?;
    Some(Case::candidate(installed, Source::Stream(stream.clone())))
}

/// Runs the generator of `installed` on `source` (asking for its tape when `with_tape`), then the
/// validator.
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
    let text = match (source, &p.generator) {
        (Source::Text(t), _) => t.clone(),
        (Source::Stream(bytes), Generator::Stream(cmd)) => {
            match run_generator(cmd, (&[], bytes), (with_tape, extend), p) {
                Ok((text, tape)) => return validate(text, tape, p),
                Err(why) => return Made::Rejected(why),
            }
        }
        (Source::Sized(sized), Generator::Stream(cmd)) => {
            let cmd = cmd.with_args(&sized.args);
            match run_generator(&cmd, (&[], &sized.bytes), (with_tape, extend), p) {
                Ok((text, tape)) => return validate(text, tape, p),
                Err(why) => return Made::Rejected(why),
            }
        }
        (Source::Seed(call), Generator::Seed(cmd)) => {
            let cmd = cmd.with_args(&call.args);
            match run_generator(&cmd, (&[call.seed.to_string()], b""), (false, None), p) {
                Ok((text, _)) => text,
                Err(why) => return Made::Rejected(why),
            }
        }
        _ => return Made::Rejected("the case's source is not of the problem's generator".into()),
    };
    validate(text, None, p)
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

/// Runs a generator with its arguments and stdin: its output, and its tape when asked for
/// (`STRESS_TAPE`); a fresh stream is extended from its seed past its end (`STRESS_EXTEND`).
fn run_generator(
    cmd: &crate::programs::program::Cmd,
    (args, stdin): (&[String], &[u8]),
    (with_tape, extend): (bool, Option<u64>),
    p: &Problem,
) -> Result<(String, Option<Tape>), String> {
    let tape_path = with_tape.then(crate::programs::program::scratch_path);
    let mut env: Vec<(String, String)> = tape_path
        .iter()
        .map(|path| ("STRESS_TAPE".to_string(), path.display().to_string()))
        .collect();
    if let Some(seed) = extend {
        env.push(("STRESS_EXTEND".to_string(), format!("{seed:016x}")));
    }
    let run = cmd.run_with_env(args, &env, stdin, &p.limits());
    let tape = tape_path.as_ref().and_then(|path| {
        let text = std::fs::read_to_string(path).ok();
        let _ = std::fs::remove_file(path);
        text.and_then(|t| tape::parse(&t).ok())
    });
    let e = run.map_err(|e| format!("the generator cannot run: {e:#}"))?;
    if !e.success() || e.flooded {
        return Err(format!(
            "the generator `{}` failed ({}){}",
            cmd.spec,
            crate::programs::program::ending(&e),
            crate::programs::program::stderr_tail(&e)
        ));
    }
    let text = String::from_utf8(e.stdout).map_err(|_| {
        format!(
            "the generator `{}` wrote an input that is not UTF-8 text",
            cmd.spec
        )
    })?;
    Ok((text, tape))
}

#[cfg(test)]
mod tests;
