//! What kind of difference two results have, as data: the words a game's comparison (or a judge)
//! gives the kind of its first differing event ([`Difference::Named`]), or two answers that differ
//! token by token ([`Tokens`], made by [`compare_tokens`]). A failure's signature is built from it
//! ([`crate::roles::verdict::Failure::signature`]); no message text is read back. A leaf: it depends on
//! no other module of the harness.

use std::borrow::Cow;
use std::fmt;

/// The kind of a difference: what the cases that fail the same way share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// A kind of event, in the words of the game's comparison or judge: `removed cells differ`,
    /// `move 3 (2 2)`. Numbers in it read `N` in a signature, so "move 3" and "move 7" group
    /// together.
    Named(Cow<'static, str>),
    /// Two answers differ token by token.
    Tokens(Tokens),
}

impl Difference {
    /// A kind named in words.
    pub fn named(words: impl Into<Cow<'static, str>>) -> Difference {
        Difference::Named(words.into())
    }

    /// The words of the kind as a signature keeps them, every number as `N`: the game's words, or
    /// for tokens `token N`, `output ends early`, `unexpected extra output at token N`.
    pub fn words(&self) -> String {
        match self {
            Difference::Named(words) => numbered(words),
            Difference::Tokens(t) => t.kind_words().to_string(),
        }
    }
}

/// A difference in one line: its kind ([`Difference`]) and the whole line a report shows, which
/// starts with the kind's words and goes on with the details (`merges differ: 3 and 4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Differs {
    /// What kind of difference it is.
    pub kind: Difference,
    /// The line: the kind, then `: ` and the details, when there are some.
    pub what: String,
}

impl Differs {
    /// `KIND: DETAIL`, of kind `KIND`.
    pub fn new(kind: impl Into<Cow<'static, str>>, detail: impl fmt::Display) -> Differs {
        let kind = kind.into();
        Differs {
            what: format!("{kind}: {detail}"),
            kind: Difference::Named(kind),
        }
    }

    /// A difference whose line is its kind alone (`final boards differ`).
    pub fn just(kind: impl Into<Cow<'static, str>>) -> Differs {
        let kind = kind.into();
        Differs {
            what: kind.to_string(),
            kind: Difference::Named(kind),
        }
    }

    /// A line `what` of kind `kind`, when the line is not `KIND: DETAIL` (the kind is not its
    /// first words).
    pub fn with_kind(kind: impl Into<Cow<'static, str>>, what: String) -> Differs {
        Differs {
            kind: Difference::Named(kind.into()),
            what,
        }
    }
}

impl From<Tokens> for Differs {
    fn from(t: Tokens) -> Differs {
        Differs {
            what: t.to_string(),
            kind: Difference::Tokens(t),
        }
    }
}

impl fmt::Display for Differs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

/// Where and how two answers differ token by token (1-based token numbers; tokens are
/// whitespace-separated, long ones shortened for the words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tokens {
    /// Token `index` differs.
    Differ {
        index: usize,
        expected: String,
        got: String,
    },
    /// The output stops before token `index`.
    EndsEarly { index: usize, expected: String },
    /// The output goes on at token `index`.
    Extra { index: usize, got: String },
}

impl Tokens {
    /// The kind of the difference in words without its numbers.
    pub(crate) fn kind_words(&self) -> &'static str {
        match self {
            Tokens::Differ { .. } => "token N",
            Tokens::EndsEarly { .. } => "output ends early",
            Tokens::Extra { .. } => "unexpected extra output at token N",
        }
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tokens::Differ {
                index,
                expected,
                got,
            } => write!(f, "token {index}: expected `{expected}`, got `{got}`"),
            Tokens::EndsEarly { index, expected } => {
                write!(
                    f,
                    "output ends early: expected `{expected}` as token {index}"
                )
            }
            Tokens::Extra { index, got } => {
                write!(f, "unexpected extra output at token {index}: `{got}`")
            }
        }
    }
}

/// Compares two texts token by token, ignoring whitespace differences: the first difference.
pub fn compare_tokens(want: &str, got: &str) -> Result<(), Tokens> {
    let mut w = want.split_whitespace();
    let mut g = got.split_whitespace();
    let mut index = 0usize;
    loop {
        index += 1;
        match (w.next(), g.next()) {
            (None, None) => return Ok(()),
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                return Err(Tokens::Differ {
                    index,
                    expected: a.to_string(),
                    got: shorten(b),
                })
            }
            (Some(a), None) => {
                return Err(Tokens::EndsEarly {
                    index,
                    expected: a.to_string(),
                })
            }
            (None, Some(b)) => {
                return Err(Tokens::Extra {
                    index,
                    got: shorten(b),
                })
            }
        }
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

/// `words` trimmed, with every run of digits as `N`.
pub(crate) fn numbered(words: &str) -> String {
    let words = words.trim();
    let mut out = String::with_capacity(words.len());
    let mut in_number = false;
    for c in words.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_differences_are_typed_and_read_as_before() {
        let d = compare_tokens("684\n", "685\n").unwrap_err();
        assert_eq!(
            d,
            Tokens::Differ {
                index: 1,
                expected: "684".into(),
                got: "685".into()
            }
        );
        assert_eq!(d.to_string(), "token 1: expected `684`, got `685`");
        let early = compare_tokens("1 2\n", "1\n").unwrap_err();
        assert!(matches!(early, Tokens::EndsEarly { index: 2, .. }));
        assert_eq!(
            early.to_string(),
            "output ends early: expected `2` as token 2"
        );
        let extra = compare_tokens("1\n", "1 22\n").unwrap_err();
        assert!(matches!(extra, Tokens::Extra { index: 2, .. }));
        assert_eq!(
            extra.to_string(),
            "unexpected extra output at token 2: `22`"
        );
        let long = "9".repeat(50);
        let Tokens::Differ { got, .. } = compare_tokens("1", &long).unwrap_err() else {
            panic!("a differing token")
        };
        assert_eq!(got, format!("{}...", "9".repeat(40)));
    }

    #[test]
    fn the_words_of_a_kind_have_no_numbers() {
        assert_eq!(Difference::named("move 12 (3 4)").words(), "move N (N N)");
        assert_eq!(Difference::named(" -1 ").words(), "-N");
        let t = compare_tokens("1 2", "1 3").unwrap_err();
        assert_eq!(Difference::Tokens(t).words(), "token N");
        let d = Differs::new("merges differ", "3 and 4");
        assert_eq!(d.what, "merges differ: 3 and 4");
        assert_eq!(d.kind, Difference::named("merges differ"));
        assert_eq!(
            Differs::just("final boards differ").what,
            "final boards differ"
        );
        let from: Differs = compare_tokens("1", "").unwrap_err().into();
        assert_eq!(from.what, "output ends early: expected `1` as token 1");
        assert!(matches!(
            from.kind,
            Difference::Tokens(Tokens::EndsEarly { .. })
        ));
    }
}
