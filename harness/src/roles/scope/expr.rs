//! The scope syntax shared by every game: an optional family, then comma-separated bounds.
//!
//! `key<=V`, `key=V`, `key=A..B` (and `key>=V`) bound a parameter to a range; `key=a,b,A..B`
//! gives it a set of values (a value alphabet: `values=0,2,32768`, `colours=1,9,10`), the values
//! after the first written as bare numbers or ranges after the commas. A scope built by
//! construction names its family first, `family: bounds` (`lines: len<=4, values=0,2,4,8`); a
//! scope without one is the game's plain scope of every board up to some size.

use super::ScopeError;
use std::ops::RangeInclusive;

/// One bound of an expression as written: `key<=V`, `key=V`, `key=A..B`, or a set `key=a,b,..`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Bound {
    key: String,
    /// The values as written: one range, or the items of a set.
    items: Vec<RangeInclusive<u64>>,
    /// Written `key<=V`: the start is the key's own minimum.
    open_below: bool,
    /// Written `key=...`: bare values after it extend it into a set.
    equals: bool,
    token: String,
    used: bool,
}

impl Bound {
    fn is_set(&self) -> bool {
        self.items.len() > 1
    }
}

/// A parsed scope expression: an optional family, comma-separated bounds, each key at most once.
/// A game takes the bounds it knows with [`Expr::take`] (a range) or [`Expr::take_set`] (a set of
/// values), giving each key's allowed values, and then calls [`Expr::finish`], which refuses any
/// key it did not take.
///
/// ```
/// use harness::roles::scope::Expr;
/// let mut e = Expr::parse("n<=3, m=2..3, q=1").unwrap();
/// assert_eq!(e.family(), None);
/// assert_eq!(e.take("n", 1..=50, 1..=1).unwrap(), 1..=3);
/// assert_eq!(e.take("m", 1..=50, 1..=1).unwrap(), 2..=3);
/// assert_eq!(e.take("k", 1..=100, 2..=2).unwrap(), 2..=2); // the default
/// assert_eq!(e.take("q", 1..=1000, 1..=1).unwrap(), 1..=1);
/// assert!(e.finish(&["n", "m", "k", "q"]).is_ok());
///
/// let mut e = Expr::parse("lines: len<=4, values=0,2,32768, q=1").unwrap();
/// assert_eq!(e.family(), Some("lines"));
/// assert_eq!(e.take_set("values", 0..=1 << 20, &[0, 2]).unwrap(), vec![0, 2, 32768]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    family: Option<String>,
    bounds: Vec<Bound>,
}

impl Expr {
    /// Parses `family:` (optional), then `key<=V`, `key=V`, `key=A..B` (and `key>=V`, with the
    /// key's own maximum) and sets `key=a,b,A..B`, separated by commas; white space is ignored. A
    /// lower bound of `<=` is the key's minimum.
    pub fn parse(text: &str) -> Result<Expr, ScopeError> {
        if text.trim().is_empty() {
            return Err(ScopeError::new(
                "",
                "empty scope: give a named scope or bounds such as `n<=3,m<=3,q=1`",
            ));
        }
        let (family, rest) = Self::family_of(text)?;
        let mut bounds: Vec<Bound> = Vec::new();
        for raw in rest.split(',') {
            let token: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
            if token.is_empty() {
                return Err(ScopeError::new(
                    text.trim(),
                    "an empty bound between commas",
                ));
            }
            if token.starts_with(|c: char| c.is_ascii_digit()) {
                Self::extend_set(bounds.last_mut(), &token)?;
                continue;
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
        Ok(Expr { family, bounds })
    }

    /// The family named before a `:`, if any, and the bounds after it.
    fn family_of(text: &str) -> Result<(Option<String>, &str), ScopeError> {
        let Some((name, rest)) = text.split_once(':') else {
            return Ok((None, text));
        };
        let name = name.trim();
        let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if name.is_empty() || !name.chars().all(word) {
            return Err(ScopeError::new(
                format!("{name}:"),
                "a scope's family is a name before `:` (`lines: len<=4`)",
            ));
        }
        if rest.trim().is_empty() {
            return Err(ScopeError::new(
                text.trim(),
                "no bounds after the family: write `family: key=V,...` (`lines: len<=4`)",
            ));
        }
        Ok((Some(name.to_string()), rest))
    }

    /// A bare value after `key=V`: one more value of that key's set.
    fn extend_set(last: Option<&mut Bound>, token: &str) -> Result<(), ScopeError> {
        let Some(b) = last else {
            return Err(ScopeError::new(
                token,
                "not a bound: write `key<=V`, `key=V` or `key=A..B`",
            ));
        };
        if !b.equals {
            return Err(ScopeError::new(
                format!("{},{token}", b.token),
                format!("a list of values follows `{}=` only", b.key),
            ));
        }
        b.items.push(Self::value(token, token)?);
        b.token = format!("{},{token}", b.token);
        Ok(())
    }

    /// `V` or `A..B` (also `A..=B`), within the token `token`.
    fn value(value: &str, token: &str) -> Result<RangeInclusive<u64>, ScopeError> {
        let number = |s: &str| -> Result<u64, ScopeError> {
            s.parse::<u64>()
                .map_err(|_| ScopeError::new(token, format!("`{s}` is not a whole number")))
        };
        let range = match value.split_once("..") {
            Some((a, b)) => {
                let b = b.strip_prefix('=').unwrap_or(b);
                number(a)?..=number(b)?
            }
            None => {
                let v = number(value)?;
                v..=v
            }
        };
        if range.start() > range.end() {
            return Err(ScopeError::new(
                token,
                "an empty range (its start is above its end)",
            ));
        }
        Ok(range)
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
            _ => Self::value(value, token)?,
        };
        Ok(Bound {
            key: key.to_string(),
            items: vec![range],
            open_below: op == "<=",
            equals: op == "=",
            token: token.to_string(),
            used: false,
        })
    }

    /// The family the expression names (`lines` of `lines: len<=4`), or `None` for a game's plain
    /// scope.
    pub fn family(&self) -> Option<&str> {
        self.family.as_deref()
    }

    /// The bound of `key` as written (`values=0,2,4`), for an error about it; `None` when the
    /// expression does not bound `key`.
    pub fn token(&self, key: &str) -> Option<&str> {
        self.bounds
            .iter()
            .find(|b| b.key == key)
            .map(|b| b.token.as_str())
    }

    /// The values allowed for `key`: a `<=` bound starts at `limits`' minimum (so `n<=3` means
    /// `1..=3` for a key whose least value is 1), or `default` when the expression does not
    /// bound it. A bound reaching outside `limits` (`kinds=0..6`, `n<=60`) is an error naming the
    /// limits; so is a set of values (`n=1,3`): the key takes one range.
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
        if b.is_set() {
            return Err(ScopeError::new(
                &b.token,
                format!("`{key}` takes one range (`{key}=A..B` or `{key}<=V`), not a list"),
            ));
        }
        Self::clip(b, &b.items[0], &limits)
    }

    /// One range of bound `b` within `limits`.
    fn clip(
        b: &Bound,
        range: &RangeInclusive<u64>,
        limits: &RangeInclusive<u64>,
    ) -> Result<RangeInclusive<u64>, ScopeError> {
        let lo = (*range.start()).max(*limits.start());
        let hi = if *range.end() == u64::MAX {
            *limits.end()
        } else {
            *range.end()
        };
        // Only a `<=` bound leaves its start to the key: `kinds=0..6` names a value the key does
        // not have, and is refused rather than read as `kinds=1..6`.
        let below = !b.open_below && *range.start() < *limits.start();
        if below || hi > *limits.end() || lo > hi || *range.start() > *limits.end() {
            return Err(ScopeError::new(
                &b.token,
                format!(
                    "`{}` must stay within {}..={}",
                    b.key,
                    limits.start(),
                    limits.end()
                ),
            ));
        }
        Ok(lo..=hi)
    }

    /// The set of values given for `key` (`values=0,2,32768`, `colours=1,9..10`, or one range
    /// `colours<=4`), in increasing order, or `default` when the expression does not bound it.
    /// Every value must lie within `limits`, none may be listed twice, and a set holds at most
    /// [`MAX_SET`] values; each is an error naming the token.
    pub fn take_set(
        &mut self,
        key: &str,
        limits: RangeInclusive<u64>,
        default: &[u64],
    ) -> Result<Vec<u64>, ScopeError> {
        let Some(b) = self.bounds.iter_mut().find(|b| b.key == key) else {
            return Ok(default.to_vec());
        };
        b.used = true;
        let mut out: Vec<u64> = Vec::new();
        for item in &b.items {
            let r = Self::clip(b, item, &limits)?;
            let size = r.end() - r.start();
            if size >= MAX_SET as u64 || out.len() + size as usize >= MAX_SET {
                return Err(ScopeError::new(
                    &b.token,
                    format!("`{key}` may hold at most {MAX_SET} values"),
                ));
            }
            for v in r {
                if out.contains(&v) {
                    return Err(ScopeError::new(
                        &b.token,
                        format!("`{key}` lists {v} twice"),
                    ));
                }
                out.push(v);
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    /// Refuses the keys no [`Expr::take`] asked for, naming the ones that are known.
    pub fn finish(self, known: &[&str]) -> Result<(), ScopeError> {
        match self.bounds.iter().find(|b| !b.used) {
            None => Ok(()),
            Some(b) => Err(ScopeError::new(
                &b.token,
                format!(
                    "unknown parameter `{}`: this {} takes {}",
                    b.key,
                    match &self.family {
                        Some(f) => format!("family `{f}`"),
                        None => "game's scopes".to_string(),
                    },
                    known.join(", ")
                ),
            )),
        }
    }
}

/// The most values a set may hold.
pub const MAX_SET: usize = 64;

/// Writes a set the way [`Expr::take_set`] reads it: `0,2,32768`, with runs of three values or
/// more as ranges (`1..3,9,10`).
pub fn set_text(values: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}..{}", values[i], values[j]));
        } else {
            parts.extend(values[i..=j].iter().map(u64::to_string));
        }
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_parse_and_clip() {
        let mut e = Expr::parse(" n <= 3 ,m=2..4,k=3, q>=2").unwrap();
        assert_eq!(e.family(), None);
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
    fn families_and_sets_parse() {
        let mut e = Expr::parse("lines : len<=4, values = 0, 2 ,8..9, q=1").unwrap();
        assert_eq!(e.family(), Some("lines"));
        assert_eq!(e.token("values"), Some("values=0,2,8..9"));
        assert_eq!(e.token("k"), None);
        assert_eq!(e.take("len", 1..=8, 1..=1).unwrap(), 1..=4);
        assert_eq!(
            e.take_set("values", 0..=100, &[]).unwrap(),
            vec![0, 2, 8, 9]
        );
        assert_eq!(e.take("q", 0..=8, 0..=0).unwrap(), 1..=1);
        assert_eq!(e.take_set("k", 1..=10, &[1, 2]).unwrap(), vec![1, 2]);
        assert!(e.finish(&["len", "values", "q", "k"]).is_ok());
        // A range is a set too, `<=` from the key's minimum; sets come out sorted.
        let mut e = Expr::parse("colours<=3,c=10,1").unwrap();
        assert_eq!(e.take_set("colours", 1..=10, &[]).unwrap(), vec![1, 2, 3]);
        assert_eq!(e.take_set("c", 1..=10, &[]).unwrap(), vec![1, 10]);
        assert_eq!(set_text(&[0, 2, 32768]), "0,2,32768");
        assert_eq!(set_text(&[1, 2, 3, 9, 10]), "1..3,9,10");
        let mut again = Expr::parse(&format!("v={}", set_text(&[1, 2, 3, 9, 10]))).unwrap();
        assert_eq!(
            again.take_set("v", 0..=10, &[]).unwrap(),
            vec![1, 2, 3, 9, 10]
        );
    }

    #[test]
    fn bad_sets_and_families_name_the_token() {
        let err = |s: &str| Expr::parse(s).unwrap_err();
        assert_eq!(err("n<=3,4").token, "n<=3,4");
        assert!(err("n<=3,4").why.contains("follows `n=` only"));
        assert_eq!(err("v=1,x").token, "x");
        assert_eq!(err("v=1,2x").token, "2x");
        assert!(err("v=1,2x").why.contains("not a whole number"));
        assert_eq!(err("li nes: n=1").token, "li nes:");
        assert!(err("lines:").why.contains("no bounds"));
        let set_err = |s: &str, key: &str, limits: RangeInclusive<u64>| {
            let mut e = Expr::parse(s).unwrap();
            e.take_set(key, limits, &[]).unwrap_err()
        };
        let twice = set_err("v=1,2,1", "v", 0..=9);
        assert_eq!(twice.token, "v=1,2,1");
        assert!(twice.why.contains("lists 1 twice"), "{twice}");
        let outside = set_err("v=1,12", "v", 0..=9);
        assert!(outside.why.contains("0..=9"), "{outside}");
        assert!(set_err("v=0..100", "v", 0..=1000)
            .why
            .contains("at most 64"));
        // A key that takes one range refuses a set.
        let mut e = Expr::parse("n=1,3").unwrap();
        let list = e.take("n", 1..=8, 1..=1).unwrap_err();
        assert_eq!(list.token, "n=1,3");
        assert!(list.why.contains("not a list"), "{list}");
        let e = Expr::parse("lines: z=1").unwrap();
        assert!(e
            .finish(&["len"])
            .unwrap_err()
            .why
            .contains("family `lines`"));
    }
}
