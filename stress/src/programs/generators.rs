//! The problem's generators: how each makes inputs (a stream or a seed generator), the list a
//! [`GenId`] names one of, and a package's generators resolved together with its script lines. A
//! package's generator that does not build here (old code a newer compiler refuses) is left out
//! with the script lines that call it, and said ([`LeftOut`]): the package's other tests still
//! run, where one bad file would stop every solution.

use crate::programs::program::{resolve, resolve_stream, Cmd};
use crate::programs::testset::{GenId, Script};
use std::path::Path;

/// How the problem's inputs are made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Generator {
    /// A stream generator: it reads its random bytes on standard input.
    Stream(Cmd),
    /// A seed generator: the case's seed is appended as its last argument.
    Seed(Cmd),
}

impl Generator {
    /// The generator's command.
    pub fn cmd(&self) -> &Cmd {
        match self {
            Generator::Stream(c) | Generator::Seed(c) => c,
        }
    }
}

/// The problem's generators: the one the flags or the problem file give, or every one a package's
/// script lines call (none for a package with manual tests only); a [`GenId`] names one
/// (`GenId(0)` is the first).
#[derive(Debug, Clone)]
pub struct Generators {
    first: Option<Generator>,
    more: Vec<Generator>,
}

impl Generators {
    /// The generator alone.
    pub fn one(first: Generator) -> Generators {
        Generators::new(first, Vec::new())
    }

    /// `first`, then `more`: `GenId(i)` is `more[i - 1]`.
    pub fn new(first: Generator, more: Vec<Generator>) -> Generators {
        Generators {
            first: Some(first),
            more,
        }
    }

    /// No generator: a package with manual tests only, which are its only cases.
    pub fn none() -> Generators {
        Generators {
            first: None,
            more: Vec::new(),
        }
    }

    /// The first generator: the flags' or the problem file's, or the one most of a package's
    /// script lines call. A stream case with no script line (a scope's, a search's) is its.
    /// `None`: the problem has no generator ([`Generators::none`]).
    pub fn first(&self) -> Option<&Generator> {
        self.first.as_ref()
    }

    /// Every generator, the first first.
    pub fn all(&self) -> impl Iterator<Item = &Generator> {
        self.first.iter().chain(&self.more)
    }

    /// The generator `id` names, when the problem has it.
    pub fn get(&self, id: GenId) -> Option<&Generator> {
        match id.0 {
            0 => self.first.as_ref(),
            i => self.more.get(i - 1),
        }
    }
}

/// A package's generator left out: it does not build here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The generator's command, as the package's script lines call it.
    pub spec: String,
    /// How many script lines call it (left out with it).
    pub lines: usize,
    /// The first line of why it does not build.
    pub why: String,
}

/// The generators resolved, with the script lines that call them (renumbered past those left
/// out) and what was left out.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub generators: Generators,
    pub scripts: Vec<Script>,
    pub left_out: Vec<LeftOut>,
}

/// The generators `first` (resolved already, or why not) and `more` (their commands, from `dir`),
/// called by `scripts`: every one must resolve, except in a package (`package`), where one that
/// does not is left out with its script lines, as long as one is left.
pub fn resolve_all(
    first: (String, anyhow::Result<Generator>),
    more: &[String],
    package: bool,
    scripts: &[Script],
    dir: &Path,
) -> anyhow::Result<Resolved> {
    if !package {
        let first = first.1?;
        let more = more
            .iter()
            .map(|spec| file_generator(spec, dir, false))
            .collect::<anyhow::Result<Vec<_>>>()?;
        return Ok(Resolved {
            generators: Generators::new(first, more),
            scripts: scripts.to_vec(),
            left_out: Vec::new(),
        });
    }
    let mut all = vec![first];
    all.extend(
        more.iter()
            .map(|spec| (spec.clone(), file_generator(spec, dir, true))),
    );
    kept(all, scripts)
}

/// The generators of a package that resolved, renumbered in their order, the script lines that
/// call them, and those left out; an error when none resolved (the first one's).
fn kept(
    all: Vec<(String, anyhow::Result<Generator>)>,
    scripts: &[Script],
) -> anyhow::Result<Resolved> {
    let mut new_id = vec![None; all.len()];
    let mut ok = Vec::new();
    let mut left_out = Vec::new();
    let mut first_error = None;
    for (old, (spec, gen)) in all.into_iter().enumerate() {
        match gen {
            Ok(g) => {
                new_id[old] = Some(GenId(ok.len()));
                ok.push(g);
            }
            Err(e) => {
                let why = format!("{e:#}")
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                let lines = scripts.iter().filter(|s| s.gen.0 == old).count();
                left_out.push(LeftOut { spec, lines, why });
                first_error.get_or_insert(e);
            }
        }
    }
    let mut gens = ok.into_iter();
    let Some(first) = gens.next() else {
        return Err(first_error.unwrap_or_else(|| anyhow::anyhow!("no generator")));
    };
    let scripts = scripts
        .iter()
        .filter_map(|s| {
            let gen = new_id.get(s.gen.0).copied().flatten()?;
            Some(Script {
                gen,
                args: s.args.clone(),
            })
        })
        .collect();
    Ok(Resolved {
        generators: Generators::new(first, gens.collect()),
        scripts,
        left_out,
    })
}

/// The problem file's seed generator `spec`. A package's generator (`package`) that includes
/// testlib.h runs as a stream generator when it builds with the kit's stress.h forced in (its
/// `rnd` then draws from the stream, so a failure shrinks by the generator's choices); otherwise,
/// or when it does not build so, by the seed protocol.
pub fn file_generator(spec: &str, dir: &Path, package: bool) -> anyhow::Result<Generator> {
    let (first, _) = crate::programs::program::split(spec, "gen")?;
    if package && crate::programs::program::stream_header(&dir.join(first)).is_some() {
        if let Ok(cmd) = resolve_stream(spec, dir, "the package's generator") {
            return Ok(Generator::Stream(cmd));
        }
    }
    Ok(Generator::Seed(resolve(spec, dir, "gen")?))
}

#[cfg(test)]
mod tests;
