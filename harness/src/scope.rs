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
//! its rough cost) and parses scope expressions ([`crate::game::Bounded::scope`]); the syntax is
//! shared: comma-separated bounds `key<=V`, `key=V`, `key=A..B` ([`Expr`]), so a user can size a
//! scope on the command line: `--scope 'n<=3,m<=3,k<=3,specials<=1,q=1'`.
//!
//! No symmetry reduction: the engine under test need not share the rules' symmetries.

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
    pub fn made<C>(made: Option<C>, case: &mut Option<C>) -> Filled {
        match made {
            Some(c) => {
                *case = Some(c);
                Filled::Case
            }
            None => Filled::Skip(1),
        }
    }
}

/// A scope a game names, for `harness scopes` and `--scope NAME`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedScope {
    /// Its name on the command line (`tiny`, `minute`, ...).
    pub name: &'static str,
    /// The expression it stands for (parsed by the game's [`crate::game::Bounded::scope`]).
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

/// One bound of an expression as written: `key<=V`, `key=V` or `key=A..B`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Bound {
    key: String,
    range: RangeInclusive<u64>,
    /// Written `key<=V`: the start is the key's own minimum.
    open_below: bool,
    token: String,
    used: bool,
}

/// A parsed scope expression: comma-separated bounds, each key at most once. A game takes the
/// bounds it knows with [`Expr::take`] (giving each key's allowed values) and then calls
/// [`Expr::finish`], which refuses any key it did not take.
///
/// ```
/// use harness::scope::Expr;
/// let mut e = Expr::parse("n<=3, m=2..3, q=1").unwrap();
/// assert_eq!(e.take("n", 1..=50, 1..=1).unwrap(), 1..=3);
/// assert_eq!(e.take("m", 1..=50, 1..=1).unwrap(), 2..=3);
/// assert_eq!(e.take("k", 1..=100, 2..=2).unwrap(), 2..=2); // the default
/// assert_eq!(e.take("q", 1..=1000, 1..=1).unwrap(), 1..=1);
/// assert!(e.finish(&["n", "m", "k", "q"]).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    bounds: Vec<Bound>,
}

impl Expr {
    /// Parses `key<=V`, `key=V`, `key=A..B` (and `key>=V`, with the key's own maximum),
    /// separated by commas; white space is ignored. A lower bound of `<=` is the key's minimum.
    pub fn parse(text: &str) -> Result<Expr, ScopeError> {
        let mut bounds: Vec<Bound> = Vec::new();
        if text.trim().is_empty() {
            return Err(ScopeError::new(
                "",
                "empty scope: give a named scope or bounds such as `n<=3,m<=3,q=1`",
            ));
        }
        for raw in text.split(',') {
            let token: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
            if token.is_empty() {
                return Err(ScopeError::new(
                    text.trim(),
                    "an empty bound between commas",
                ));
            }
            let bound = Self::bound(&token)?;
            if bounds.iter().any(|b| b.key == bound.key) {
                return Err(ScopeError::new(
                    &token,
                    format!("`{}` is bounded twice", bound.key),
                ));
            }
            bounds.push(bound);
        }
        Ok(Expr { bounds })
    }

    fn bound(token: &str) -> Result<Bound, ScopeError> {
        let ops = ["<=", ">=", "="];
        let Some((at, op)) = ops
            .iter()
            .filter_map(|op| token.find(op).map(|at| (at, *op)))
            .min_by_key(|(at, op)| (*at, std::cmp::Reverse(op.len())))
        else {
            return Err(ScopeError::new(
                token,
                "not a bound: write `key<=V`, `key=V` or `key=A..B`",
            ));
        };
        let key = &token[..at];
        let value = &token[at + op.len()..];
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(ScopeError::new(
                token,
                "a bound starts with a parameter name",
            ));
        }
        let number = |s: &str| -> Result<u64, ScopeError> {
            s.parse::<u64>()
                .map_err(|_| ScopeError::new(token, format!("`{s}` is not a whole number")))
        };
        // A `<=` bound starts at 0 here: `take` raises it to the key's minimum.
        let range = match op {
            "<=" => 0..=number(value)?,
            ">=" => number(value)?..=u64::MAX,
            _ => match value.split_once("..") {
                Some((a, b)) => {
                    let b = b.strip_prefix('=').unwrap_or(b);
                    number(a)?..=number(b)?
                }
                None => {
                    let v = number(value)?;
                    v..=v
                }
            },
        };
        if range.start() > range.end() {
            return Err(ScopeError::new(
                token,
                "an empty range (its start is above its end)",
            ));
        }
        Ok(Bound {
            key: key.to_string(),
            range,
            open_below: op == "<=",
            token: token.to_string(),
            used: false,
        })
    }

    /// The values allowed for `key`: a `<=` bound starts at `limits`' minimum (so `n<=3` means
    /// `1..=3` for a key whose least value is 1), or `default` when the expression does not
    /// bound it. A bound reaching outside `limits` (`kinds=0..6`, `n<=60`) is an error naming the
    /// limits.
    pub fn take(
        &mut self,
        key: &str,
        limits: RangeInclusive<u64>,
        default: RangeInclusive<u64>,
    ) -> Result<RangeInclusive<u64>, ScopeError> {
        let Some(b) = self.bounds.iter_mut().find(|b| b.key == key) else {
            return Ok(default);
        };
        b.used = true;
        let lo = (*b.range.start()).max(*limits.start());
        let hi = if *b.range.end() == u64::MAX {
            *limits.end()
        } else {
            *b.range.end()
        };
        // Only a `<=` bound leaves its start to the key: `kinds=0..6` names a value the key does
        // not have, and is refused rather than read as `kinds=1..6`.
        let below = !b.open_below && *b.range.start() < *limits.start();
        if below || hi > *limits.end() || lo > hi || *b.range.start() > *limits.end() {
            return Err(ScopeError::new(
                &b.token,
                format!(
                    "`{key}` must stay within {}..={}",
                    limits.start(),
                    limits.end()
                ),
            ));
        }
        Ok(lo..=hi)
    }

    /// Refuses the keys no [`Expr::take`] asked for, naming the ones that are known.
    pub fn finish(self, known: &[&str]) -> Result<(), ScopeError> {
        match self.bounds.iter().find(|b| !b.used) {
            None => Ok(()),
            Some(b) => Err(ScopeError::new(
                &b.token,
                format!(
                    "unknown parameter `{}`: this game's scopes take {}",
                    b.key,
                    known.join(", ")
                ),
            )),
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_parse_and_clip() {
        let mut e = Expr::parse(" n <= 3 ,m=2..4,k=3, q>=2").unwrap();
        assert_eq!(e.take("n", 1..=50, 1..=50).unwrap(), 1..=3);
        assert_eq!(e.take("m", 1..=50, 1..=50).unwrap(), 2..=4);
        assert_eq!(e.take("k", 1..=100, 1..=1).unwrap(), 3..=3);
        assert_eq!(e.take("q", 1..=5, 1..=1).unwrap(), 2..=5);
        assert_eq!(e.take("specials", 0..=2, 0..=0).unwrap(), 0..=0);
        assert!(e.finish(&["n", "m", "k", "q", "specials"]).is_ok());
    }

    #[test]
    fn bad_expressions_name_the_token() {
        let err = |s: &str| Expr::parse(s).unwrap_err();
        assert_eq!(err("n<=x").token, "n<=x");
        assert!(err("n<=x").why.contains("not a whole number"));
        assert!(err("").why.contains("empty scope"));
        assert!(err("n<=3,,m=2").why.contains("empty bound"));
        assert!(err("n=3..2").why.contains("empty range"));
        assert!(err("n<=3,n=2").why.contains("twice"));
        assert!(err("3").why.contains("not a bound"));
        assert!(err("<=3").why.contains("parameter name"));
        let mut e = Expr::parse("n<=60").unwrap();
        let out = e.take("n", 1..=50, 1..=1).unwrap_err();
        assert_eq!(out.token, "n<=60");
        assert!(out.why.contains("1..=50"), "{out}");
        // An explicit start below the key's minimum is refused, not clipped.
        let mut e = Expr::parse("kinds=0..6").unwrap();
        let below = e.take("kinds", 1..=6, 1..=6).unwrap_err();
        assert_eq!(below.token, "kinds=0..6");
        assert!(below.why.contains("1..=6"), "{below}");
        let mut e = Expr::parse("n=0").unwrap();
        assert!(e.take("n", 1..=50, 1..=1).is_err());
        let e = Expr::parse("z=1").unwrap();
        let unknown = e.finish(&["n", "m"]).unwrap_err();
        assert!(unknown.why.contains("unknown parameter `z`"), "{unknown}");
        assert!(unknown.why.contains("n, m"), "{unknown}");
    }

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
