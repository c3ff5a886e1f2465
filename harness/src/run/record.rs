//! One typed record of a found failure, minimized: the text report, the metadata saved beside the
//! repro, the page and the [`Reported`] entry of the summary are all derived from it (the page
//! from the engines' outcomes kept in it), so they never disagree and storage runs no engine.

use crate::render::pages;
use crate::render::report;
use crate::roles::game::Game;
use crate::roles::oracle::{catching, Pair, Pictured};
use crate::roles::verdict::Explanation;
use crate::roles::verdict::Failure;
use crate::roles::verdict::Kind;
use crate::roles::verdict::Names;
use crate::run::batch::Found;
use crate::run::cases::Origin;
use crate::run::summary::Reported;
use serde_json::json;
use std::path::PathBuf;

/// A found failure and what minimizing made of it.
pub(crate) struct Record<'a, C, O> {
    pub(crate) found: &'a Found<C>,
    pub(crate) signature: &'a str,
    /// Reported as it is (a saved case whose engines agree but not with the answer beside it).
    pub(crate) as_is: bool,
    /// The engine under test gives answers only (a judged program).
    pub(crate) judging: bool,
    /// The shrunk case (the original when nothing was shrunk; `None` when the generator failed).
    pub(crate) case: Option<C>,
    /// The shrunk case's failure.
    pub(crate) failure: Failure,
    pub(crate) steps: usize,
    pub(crate) tries: usize,
    pub(crate) complete: bool,
    pub(crate) explained: Option<Explanation>,
    /// What the engines made of the shrunk case, run once when the record is made
    /// ([`Record::picture`]): the page is drawn from it.
    pub(crate) pictured: Pictured<O>,
    /// Where the repro is saved (the `{repro}` of a [`crate::roles::Regenerate`] is in it).
    pub(crate) out_dir: &'a std::path::Path,
}

/// The header word of a failure report: a judged program's in a contest's words (`WRONG
/// ANSWER`, `RUNTIME ERROR`, `TIME LIMIT EXCEEDED`, `OUTPUT LIMIT EXCEEDED`...), an engine's in
/// the harness's (`MISMATCH`, `CRASH`). The JSON reports keep the kinds' names.
pub(crate) fn headline(f: &Failure, judging: bool) -> String {
    match (f.kind, &f.fault) {
        (Kind::Mismatch, _) if judging => "WRONG ANSWER".into(),
        (Kind::Mismatch, _) => "MISMATCH".into(),
        (Kind::Trusted, _) if judging && f.side == Some(crate::roles::verdict::Side::Judge) => {
            "JUDGEMENT FAILED".into()
        }
        (Kind::Trusted, _) => Kind::Trusted.describe().to_uppercase(),
        (_, Some(fault)) if judging => fault.contest_words().to_uppercase(),
        (k, _) => k.describe().to_uppercase(),
    }
}

impl<C: Clone + PartialEq, O> Record<'_, C, O> {
    /// The saved file the case comes from, when it does.
    pub(crate) fn saved_file(&self) -> Option<&PathBuf> {
        match &self.found.origin {
            Origin::Saved(path) => Some(path),
            _ => None,
        }
    }

    /// The shrunk case needs no new file: a saved case reported as it is, or already minimal.
    pub(crate) fn unchanged(&self) -> bool {
        self.saved_file().is_some() && (self.as_is || self.case == self.found.case)
    }

    /// Runs the engines of `pair` that picture the shrunk case ([`Pair::pictured`]) and keeps
    /// what they made of it, when the record will be saved with a case (a record that needs no
    /// new file runs nothing).
    pub(crate) fn picture<G: Game<Case = C, Outcome = O>>(&mut self, pair: &Pair<G>) {
        if self.unchanged() {
            return;
        }
        if let Some(case) = &self.case {
            self.pictured = pair.pictured(case, &self.failure);
        }
    }
}

impl<C, O> Record<'_, C, O> {
    fn original(&self) -> &Failure {
        &self.found.failure
    }
}

/// `path` as one word of a shell line, quoted when it holds anything but the characters a path
/// needs no quoting for: the lines that make a failure again put an extension right after it
/// (`'my dir/x'.in` is the one word `my dir/x.in`).
fn shell_word(path: &std::path::Path) -> String {
    let text = path.display().to_string();
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-+,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text;
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The derived views of a record, for game `G`.
pub(crate) trait Views<G: Game> {
    /// The seed in the repro's name and the report: a generated case's own; a saved case's shrunk
    /// copy is named by its content, so saving it again finds the same file.
    fn seed(&self) -> u64;
    /// The file name (no extension) the repro is saved under.
    fn name(&self) -> String;
    /// The repro's path without its extension, as the lines that make it again name it: the saved
    /// file a case came from when no new file is written for it ([`Record::unchanged`]), else the
    /// new one under the output folder.
    fn repro_base(&self) -> PathBuf;
    /// The text report, up to (not including) the `repro:` line.
    fn text(&self, names: Names<'_>, colour: bool, program: &str) -> String;
    /// The metadata saved beside the repro.
    fn meta(&self, names: Names<'_>, batch_seed: u64, program: &str) -> serde_json::Value;
    /// The summary's entry.
    fn reported(&self, program: &str, repro: Option<PathBuf>) -> Reported;
    /// The page saved beside the repro, drawn from what was recorded (`None` without a case, or
    /// when drawing it panicked).
    fn page(&self, names: Names<'_>) -> Option<String>;
}

fn size<G: Game>(case: Option<&G::Case>) -> String {
    case.map_or("(no case)".into(), |c| G::size(c))
}

impl<C, O> Record<'_, C, O> {
    /// What makes the shrunk case again, when the game says more than its origin does.
    pub(crate) fn regenerate<G: Game<Case = C, Outcome = O>>(
        &self,
    ) -> Option<crate::roles::Regenerate> {
        self.case.as_ref().and_then(G::regenerate)
    }

    /// The command that makes the failure again: the game's own ([`Record::regenerate`]), with
    /// `{repro}` as the saved repro's path without extension; else the origin's.
    fn reproduce<G: Game<Case = C, Outcome = O>>(&self, program: &str) -> String
    where
        Self: Views<G>,
    {
        match self.regenerate::<G>() {
            Some(r) => {
                let base = Views::<G>::repro_base(self);
                r.reproduce.replace("{repro}", &shell_word(&base))
            }
            None => self.found.origin.reproduce(program, G::NAME),
        }
    }
}

impl<G: Game> Views<G> for Record<'_, G::Case, G::Outcome> {
    fn seed(&self) -> u64 {
        match (self.saved_file(), &self.case) {
            (Some(_), Some(c)) => crate::rng::fnv1a_64(G::write(c).as_bytes()),
            _ => self.found.origin.seed(),
        }
    }

    fn name(&self) -> String {
        match self.saved_file() {
            Some(_) => {
                let seed = Views::<G>::seed(self);
                crate::render::corpus::name(G::NAME, self.found.origin.profile_name(), seed)
            }
            None => self.found.origin.file_stem(G::NAME),
        }
    }

    fn repro_base(&self) -> PathBuf {
        match self.saved_file().filter(|_| self.unchanged()) {
            Some(saved) => saved.with_extension(""),
            None => self.out_dir.join(Views::<G>::name(self)),
        }
    }

    fn text(&self, names: Names<'_>, colour: bool, program: &str) -> String {
        let original = self.original();
        let place = match self.saved_file() {
            Some(_) => self.found.origin.place(),
            None => format!("case {} ({})", self.found.index, self.found.origin.place()),
        };
        let mut text = format!(
            "{} in {place}: {}\n  {}\n",
            headline(original, self.judging),
            size::<G>(self.found.case.as_ref()),
            original.what
        );
        let reproduce = self.reproduce::<G>(program);
        text.push_str(&format!("reproduce: {reproduce}\n"));
        if self.found.case.is_some() && !self.as_is {
            text.push_str(&format!(
                "shrunk to {} in {} steps{}\n  {}\n",
                size::<G>(self.case.as_ref()),
                self.steps,
                if self.complete {
                    ""
                } else {
                    " (stopped early)"
                },
                self.failure.what
            ));
        }
        if let Some(r) = self.regenerate::<G>() {
            let base = Views::<G>::repro_base(self);
            text.push_str(&r.text.replace("{repro}", &shell_word(&base)));
        }
        if let Some(d) = &self.failure.divergence {
            text.push_str(&report::divergence(d, names, colour));
        }
        if let (Some(e), Some(c)) = (&self.explained, &self.case) {
            text.push_str(&e.text());
            if let Some(picture) = G::picture(c, e) {
                text.push_str(&picture);
            }
        }
        text
    }

    fn meta(&self, names: Names<'_>, batch_seed: u64, program: &str) -> serde_json::Value {
        json!({
            "game": G::NAME,
            "engines": [names.a, names.b],
            "profile": self.found.origin.profile_name(),
            "seed": Views::<G>::seed(self),
            "batch_seed": batch_seed,
            "case_index": self.found.index,
            "reproduce": self.reproduce::<G>(program),
            "regenerate": self.regenerate::<G>().map(|r| r.json),
            "size_before": size::<G>(self.found.case.as_ref()),
            "size_after": size::<G>(self.case.as_ref()),
            "shrink_steps": self.steps,
            "shrink_tries": self.tries,
            "shrink_complete": self.complete,
            "failure_before_shrinking": self.original(),
            "explained": self.explained,
        })
    }

    fn page(&self, names: Names<'_>) -> Option<String> {
        let case = self.case.as_ref()?;
        let title = Views::<G>::name(self);
        let explained = self.explained.as_ref();
        let draw = || {
            pages::failure_page::<G>(
                &title,
                case,
                &self.failure,
                names,
                &self.pictured,
                explained,
            )
        };
        catching(draw).ok()
    }

    fn reported(&self, program: &str, repro: Option<PathBuf>) -> Reported {
        let original = self.original();
        Reported {
            index: self.found.index,
            profile: self.found.origin.profile_name().to_string(),
            seed: Views::<G>::seed(self),
            kind: original.kind,
            engine: original.engine.clone(),
            side: original.side,
            what: original.what.clone(),
            shrunk_what: self.failure.what.clone(),
            size_before: size::<G>(self.found.case.as_ref()),
            size_after: size::<G>(self.case.as_ref()),
            shrink_steps: self.steps,
            shrink_tries: self.tries,
            shrink_complete: self.complete,
            reproduce: self.reproduce::<G>(program),
            repro,
            signature: self.signature.to_string(),
            hits: 1,
            hit_cases: Vec::new(),
            free: self
                .explained
                .as_ref()
                .map(|e| e.free.clone())
                .unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests;
