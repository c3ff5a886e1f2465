//! Bounded scopes: every case of a game up to some size, indexable, for `harness verify`.
//!
//! A scope is a finite list of indices `0..len`; index `i` is one case, or none when it is not a
//! valid input (a Texas board with a run, a NoGo position with a group without liberties): such an
//! index is *skipped*, counted, never run. Indices are ordered by size (smaller boards, fewer
//! values, fewer operations first), as in SmallCheck and LeanCheck, so that the first failing index
//! is among the smallest cases. Because a case is a pure function of its index, threads and
//! `--shard I/K` split a scope with no coordination, and shards merge into one certificate.
//!
//! A game names its scopes ([`NamedScope`]: a name, the expression it stands for, what it holds,
//! its rough cost) and parses scope expressions ([`crate::roles::Bounded::scope`]); the syntax is
//! shared: comma-separated bounds `key<=V`, `key=V`, `key=A..B` and sets `key=a,b,A..B`
//! ([`Expr`]), so a user can size a scope on the command line:
//! `--scope 'n<=3,m<=3,k<=3,specials<=1,q=1'`.
//!
//! **Scopes by construction.** A plain scope holds every board up to some size, and grows as
//! values^cells: the rules that need a long line, a big board or a rare value are out of its
//! reach. A scope *by construction* is a family defined by the inputs of one rule instead (every
//! line of up to 4 cells over a value alphabet; every 4x4 board over three chosen tile values;
//! every shape of a vertical run around a swap), each index one case built so that it exercises
//! exactly that input and is a valid input of the game. It is a [`Scope`] like any other (an
//! exact count, a case decoded from its index, so `--shard`, certificates, merge and
//! `gen --scope S --index I` work unchanged); its expression names the family first,
//! `family: bounds` (`lines: len<=4, values=0,2,4,8`), and takes the rule's inputs as
//! parameters: sizes, ranges, value sets (`values=0,16384,32768`, `colours=8..10`). A game
//! dispatches on [`Expr::family`]; an expression without one is its plain scope, unchanged.
//!
//! No symmetry reduction: the engine under test need not share the rules' symmetries.

mod expr;

pub use expr::{set_text, Expr, MAX_SET};
use std::fmt;
use std::ops::RangeInclusive;

/// Every case of a game up to some size, one per index.
pub trait Scope<C>: Send + Sync {
    /// The scope in canonical form: every parameter, in the game's order, with its bounds
    /// (`n=1..3,m=1..3,k=3,specials=0..1,q=1`). Two scopes with the same canonical form have the
    /// same indices and cases; a certificate names it.
    fn canonical(&self) -> String;

    /// Its parameters, in order, as (name, bounds) for the certificate.
    fn params(&self) -> Vec<(String, String)>;

    /// The number of indices (cases and skipped indices together).
    fn len(&self) -> u64;

    /// Whether the scope has no index at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The case at `index` (`index < len()`), or `None` when the index is not a valid input.
    fn case(&self, index: u64) -> Option<C>;

    /// The case at `index` made into `case` (reusing what it holds, when the game can), or how
    /// many indices from `index` on are not valid inputs: what a batch calls, case after case.
    /// A scope that sees a whole run of invalid indices at once (a Texas board whose first cells
    /// already hold a run: every board that begins so is invalid, and they are consecutive) says
    /// so, and the batch skips the run without decoding each index. It agrees with
    /// [`Scope::case`]: `Filled::Case` exactly when `case(index)` is `Some`, with that case in
    /// `case`; `Filled::Skip(n)` only when `case(i)` is `None` for every `i` in `index..index + n`,
    /// with `1 <= n <= len() - index`. The default makes the case through [`Scope::case`] and
    /// skips one index at a time.
    fn fill(&self, index: u64, case: &mut Option<C>) -> Filled {
        Filled::made(self.case(index), case)
    }

    /// The game's coverage keys this scope cannot reach, each with why ("needs five valid
    /// operations: the scope has q <= 1"). A certificate lists them apart from the rules the scope
    /// could reach and did not, so that nobody reads it as proof about them.
    fn unreachable(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// What makes the scope's cases beyond its expression, when its expression alone does not
    /// say (a scope enumerated by running programs: each program with a hash of its content, and
    /// the counts of the enumeration). A certificate carries it, and shards whose sources differ
    /// are not shards of one scope. By default none.
    fn source(&self) -> Option<serde_json::Value> {
        None
    }
}

/// What [`Scope::fill`] found at an index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filled {
    /// The case is in the buffer.
    Case,
    /// This index and the `n - 1` after it are not valid inputs (`n >= 1`).
    Skip(u64),
}

impl Filled {
    /// A case made whole (or none) put into the buffer `case`, one index at a time: what a
    /// `fill` that cannot reuse buffers nor see runs does.
    pub(crate) fn made<C>(made: Option<C>, case: &mut Option<C>) -> Filled {
        match made {
            Some(c) => {
                *case = Some(c);
                Filled::Case
            }
            None => Filled::Skip(1),
        }
    }
}

/// The canonical form of a scope by construction: its family, a colon, then every parameter as
/// `key=bounds` in order (`lines:len=1..4,values=0,2,4,8,q=0..1`).
pub fn family_canonical(family: &str, params: &[(String, String)]) -> String {
    let parts: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{family}:{}", parts.join(","))
}

/// [`Scope::case`] of a scope whose [`Scope::fill`] does the decoding (into a fresh buffer).
pub fn case_by_fill<C, S: Scope<C> + ?Sized>(scope: &S, index: u64) -> Option<C> {
    let mut case = None;
    match scope.fill(index, &mut case) {
        Filled::Case => case,
        Filled::Skip(_) => None,
    }
}

/// A scope a game names, for `harness scopes` and `--scope NAME`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedScope {
    /// Its name on the command line (`tiny`, `minute`, ...).
    pub name: &'static str,
    /// The expression it stands for (parsed by the game's [`crate::roles::Bounded::scope`]).
    pub expr: &'static str,
    /// One line: what it holds.
    pub about: &'static str,
    /// Rough cost, as measured: "2 s on 2 cores", "3.1 core-hours".
    pub cost: &'static str,
}

/// A scope expression that cannot be used: what is wrong, and the token it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeError {
    /// The offending part of the expression (empty when the expression as a whole is at fault).
    pub token: String,
    /// What is wrong with it, and what would be right.
    pub why: String,
}

impl ScopeError {
    pub fn new(token: impl Into<String>, why: impl Into<String>) -> Self {
        ScopeError {
            token: token.into(),
            why: why.into(),
        }
    }
}

impl fmt::Display for ScopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "{}", self.why)
        } else {
            write!(f, "`{}`: {}", self.token, self.why)
        }
    }
}

impl std::error::Error for ScopeError {}

/// Writes a range the way [`Expr::parse`] reads it: `3` or `1..3`.
pub fn range_text(r: &RangeInclusive<u64>) -> String {
    if r.start() == r.end() {
        r.start().to_string()
    } else {
        format!("{}..{}", r.start(), r.end())
    }
}

/// A scope as consecutive blocks of indices (one per board size, say), smallest first: finds the
/// block of an index and its offset in it. Workers visit indices nearly in order, so the block of
/// the last lookup is tried first; otherwise a binary search over the blocks' starts.
#[derive(Debug, Default)]
pub struct Blocks {
    /// The first index of each block, then the total.
    starts: Vec<u64>,
    /// The block of the last lookup (a hint shared by the threads: any value is correct).
    last: std::sync::atomic::AtomicUsize,
}

impl Clone for Blocks {
    fn clone(&self) -> Self {
        Blocks {
            starts: self.starts.clone(),
            last: std::sync::atomic::AtomicUsize::new(0),
        }
    }
}

impl PartialEq for Blocks {
    fn eq(&self, other: &Self) -> bool {
        self.starts == other.starts
    }
}

impl Eq for Blocks {}

impl Blocks {
    /// Blocks of these sizes, in order. `None` when the total overflows u64.
    pub fn new(sizes: impl IntoIterator<Item = u64>) -> Option<Blocks> {
        let mut starts = vec![0u64];
        for s in sizes {
            let last = *starts.last().unwrap_or(&0);
            starts.push(last.checked_add(s)?);
        }
        Some(Blocks {
            starts,
            last: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Indices in all blocks.
    pub fn len(&self) -> u64 {
        *self.starts.last().unwrap_or(&0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `(block, offset in it)` of `index`, or `None` past the end.
    pub fn locate(&self, index: u64) -> Option<(usize, u64)> {
        if index >= self.len() {
            return None;
        }
        use std::sync::atomic::Ordering::Relaxed;
        let hint = self.last.load(Relaxed);
        if let (Some(&lo), Some(&hi)) = (self.starts.get(hint), self.starts.get(hint + 1)) {
            if lo <= index && index < hi {
                return Some((hint, index - lo));
            }
        }
        // The last start <= index (empty blocks share their start with the next one).
        let block = self.starts.partition_point(|&s| s <= index) - 1;
        self.last.store(block, Relaxed);
        Some((block, index - self.starts[block]))
    }
}

/// Walks the indices `range` of `scope` the way a batch does ([`Scope::fill`] with one buffer
/// kept from case to case, a run of skipped indices jumped over at once) and checks every step
/// against [`Scope::case`] at each index: the first disagreement, or how many indices were
/// skipped in runs longer than one. For a game's tests, when its scope overrides `fill`.
pub fn fill_agrees<C: PartialEq + fmt::Debug>(
    scope: &dyn Scope<C>,
    range: std::ops::Range<u64>,
) -> Result<u64, String> {
    let mut buffer = None;
    let (mut index, mut jumped) = (range.start, 0);
    while index < range.end {
        match scope.fill(index, &mut buffer) {
            Filled::Case => {
                let want = scope.case(index);
                if buffer.as_ref() != want.as_ref() {
                    return Err(format!(
                        "index {index}: fill made {buffer:?}, case says {want:?}"
                    ));
                }
                index += 1;
            }
            Filled::Skip(n) => {
                if n == 0 || n > scope.len() - index {
                    return Err(format!("index {index}: a run of {n} skipped indices"));
                }
                if let Some(i) = (index..index + n).find(|&i| scope.case(i).is_some()) {
                    return Err(format!(
                        "index {index}: fill skips {n} indices, but index {i} has a case"
                    ));
                }
                if n > 1 {
                    jumped += n;
                }
                index += n;
            }
        }
    }
    Ok(jumped)
}

/// The named scope called `name`, else the expression itself: what `--scope` is resolved through.
pub fn resolve<'a>(named: &'a [NamedScope], text: &'a str) -> &'a str {
    named
        .iter()
        .find(|s| s.name == text.trim())
        .map_or(text, |s| s.expr)
}

/// A game's scope of `expr` (`Bounded::scope`): a named scope resolved, the expression parsed,
/// and built by `family` when it names a family (`family(name, expression, text)`), else by
/// `plain` (`plain(text)`). The one dispatch every game's `--scope` goes through.
pub fn build<C>(
    named: &[NamedScope],
    expr: &str,
    family: impl FnOnce(&str, Expr, &str) -> Result<Box<dyn Scope<C>>, ScopeError>,
    plain: impl FnOnce(&str) -> Result<Box<dyn Scope<C>>, ScopeError>,
) -> Result<Box<dyn Scope<C>>, ScopeError> {
    let text = resolve(named, expr);
    let e = Expr::parse(text)?;
    match e.family().map(str::to_owned) {
        Some(name) => family(&name, e, text),
        None => plain(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_locate_every_index() {
        let b = Blocks::new([3, 0, 2, 1]).unwrap();
        assert_eq!(b.len(), 6);
        let got: Vec<_> = (0..7).map(|i| b.locate(i)).collect();
        // Out of order too, whatever block the hint holds.
        for i in [5, 0, 4, 1, 3, 2, 6, 3] {
            assert_eq!(b.locate(i), got[i as usize], "{i}");
        }
        assert_eq!(
            got,
            vec![
                Some((0, 0)),
                Some((0, 1)),
                Some((0, 2)),
                Some((2, 0)),
                Some((2, 1)),
                Some((3, 0)),
                None
            ]
        );
        assert!(Blocks::new([u64::MAX, 1]).is_none());
    }

    #[test]
    fn names_resolve_to_expressions() {
        let named = [NamedScope {
            name: "tiny",
            expr: "n<=2",
            about: "",
            cost: "",
        }];
        assert_eq!(resolve(&named, "tiny"), "n<=2");
        assert_eq!(resolve(&named, "n<=3"), "n<=3");
    }
}
