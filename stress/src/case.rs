//! A case of a problem: the input text with what makes it again (the generator's byte stream, its
//! arguments and seed, or the text alone once the text itself is reduced). Building a case costs
//! its bytes only; the generator (and the validator) run when the input is first needed, inside
//! the pipeline's parallel predicate, once per case: cases with the same source share one input
//! (seen streams are not generated twice).
//!
//! A fresh case (a batch's) that its generator fails on, or whose input the validator rejects, is
//! an error of the problem ([`crate::problem::fail`]: the batch stops, exit status 2); a shrink
//! candidate that fails so is only not taken (its engines report an interrupt: no verdict).

use crate::problem::{self, Generator};
use crate::reduce::args::SeedCall;
use crate::tape::{self, Tape};
use rand::RngCore as _;
use std::collections::HashMap;
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
    /// The input text itself (a saved case, or a text reduced by the shrinker).
    Text(String),
}

/// What running the generator (and the validator) made.
#[derive(Debug, Clone)]
pub enum Made {
    /// The input, and the generator's tape when it wrote one.
    Input { text: String, tape: Option<Tape> },
    /// No input: why (the generator failed, or the validator rejected it).
    Rejected(String),
}

/// A case: its source, and its input made on first use.
#[derive(Clone)]
pub struct Case {
    pub source: Source,
    /// A batch's case (not a shrink candidate): a failure to make it is an error of the problem.
    fresh: bool,
    /// The seed of a fresh case, for the message of such an error.
    seed: u64,
    made: Arc<OnceLock<Made>>,
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
            other => write!(f, "{other:?}"),
        }
    }
}

/// Inputs already made, by source, shared by every case of that source (cleared per run).
type Cache = Mutex<HashMap<Source, Arc<OnceLock<Made>>>>;
static CACHE: OnceLock<Cache> = OnceLock::new();
/// The cache holds at most this many sources; past that it starts again.
const CACHE_MAX: usize = 1 << 16;

/// Installs the problem the roles read for the run about to start ([`problem::install`]), with an
/// empty cache of the inputs made for the one before.
pub fn start(
    problem: problem::Problem,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::sync::Arc<problem::Installed> {
    let installed = problem::install(problem, stop);
    clear_cache();
    installed
}

/// Forgets every input made (a new problem is installed).
fn clear_cache() {
    if let Some(c) = CACHE.get() {
        if let Ok(mut m) = c.lock() {
            m.clear();
        }
    }
}

impl Case {
    /// A batch's case for `seed`: a stream of random bytes from it, or the seed for a seed
    /// generator.
    pub fn fresh(seed: u64) -> Case {
        let source = match problem::get().map(|p| p.problem.generator.clone()) {
            Some(Generator::Seed(cmd)) => Source::Seed(SeedCall {
                args: cmd.args().to_vec(),
                seed,
            }),
            _ => {
                let mut bytes = vec![0u8; FRESH_STREAM];
                harness::rng::rng(seed).fill_bytes(&mut bytes);
                Source::Stream(bytes)
            }
        };
        Case {
            source,
            fresh: true,
            seed,
            made: Arc::new(OnceLock::new()),
        }
    }

    /// A shrink candidate: its input is made on first use, shared with any case of the same source.
    pub fn candidate(source: Source) -> Case {
        let made = match CACHE.get_or_init(Default::default).lock() {
            Ok(mut m) => {
                if m.len() >= CACHE_MAX {
                    m.clear();
                }
                Arc::clone(m.entry(source.clone()).or_default())
            }
            Err(_) => Arc::new(OnceLock::new()),
        };
        Case {
            source,
            fresh: false,
            seed: 0,
            made,
        }
    }

    /// A case that is its text (a saved case): nothing to make.
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
            made: Arc::new(made),
        }
    }

    /// What the generator made, making it now if needed.
    pub fn made(&self) -> &Made {
        self.made.get_or_init(|| {
            let made = make(&self.source, !self.fresh);
            if let (Made::Rejected(why), true) = (&made, self.fresh) {
                problem::fail(format!("on the fresh case of seed {}: {why}", self.seed));
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
            (Source::Stream(_), true) => match make(&self.source, true) {
                Made::Input { tape, .. } => tape,
                Made::Rejected(_) => None,
            },
            _ => None,
        }
    }

    /// The source with a stream trimmed to the bytes the generator read (its tape tells).
    pub fn trimmed(&self) -> Source {
        match (&self.source, self.tape()) {
            (Source::Stream(s), Some(t)) => {
                let mut s = s[..t.consumed.min(s.len())].to_vec();
                tape::trim_zeros(&mut s);
                Source::Stream(s)
            }
            (source, _) => source.clone(),
        }
    }
}

/// Runs the generator on `source` (asking for its tape when `with_tape`), then the validator.
fn make(source: &Source, with_tape: bool) -> Made {
    let Some(installed) = problem::get() else {
        return Made::Rejected("no problem is installed".into());
    };
    let p = &installed.problem;
    let text = match (source, &p.generator) {
        (Source::Text(t), _) => t.clone(),
        (Source::Stream(bytes), Generator::Stream(cmd)) => {
            match run_generator(cmd, &[], bytes, with_tape, p) {
                Ok((text, tape)) => return validate(text, tape, p),
                Err(why) => return Made::Rejected(why),
            }
        }
        (Source::Seed(call), Generator::Seed(cmd)) => {
            let cmd = cmd.with_args(&call.args);
            match run_generator(&cmd, &[call.seed.to_string()], b"", false, p) {
                Ok((text, _)) => text,
                Err(why) => return Made::Rejected(why),
            }
        }
        _ => return Made::Rejected("the case's source is not of the problem's generator".into()),
    };
    validate(text, None, p)
}

/// The validator's verdict on an input made by the generator.
fn validate(text: String, tape: Option<Tape>, p: &problem::Problem) -> Made {
    if let Some(v) = &p.validator {
        match v.run(&[], text.as_bytes(), &p.limits()) {
            Ok(e) if e.success() => {}
            Ok(e) => {
                return Made::Rejected(format!(
                    "the validator `{}` rejects the input ({}){}",
                    v.spec,
                    crate::program::ending(&e),
                    crate::program::stderr_tail(&e)
                ))
            }
            Err(e) => return Made::Rejected(format!("the validator cannot run: {e:#}")),
        }
    }
    Made::Input { text, tape }
}

/// Runs a generator: its output, and its tape when asked for (`STRESS_TAPE`).
fn run_generator(
    cmd: &crate::program::Cmd,
    args: &[String],
    stdin: &[u8],
    with_tape: bool,
    p: &problem::Problem,
) -> Result<(String, Option<Tape>), String> {
    let tape_path = with_tape.then(crate::program::scratch_path);
    let run = match &tape_path {
        Some(path) => {
            let mut env_cmd = cmd.clone();
            let mut argv = vec!["env".to_string(), format!("STRESS_TAPE={}", path.display())];
            argv.extend(env_cmd.argv);
            env_cmd.argv = argv;
            env_cmd.run(args, stdin, &p.limits())
        }
        None => cmd.run(args, stdin, &p.limits()),
    };
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
            crate::program::ending(&e),
            crate::program::stderr_tail(&e)
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
