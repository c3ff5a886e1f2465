//! Texas scopes by construction: families built from the inputs of one rule (the five operations
//! of a hand, the shape of a combo, a line of every width, specials reaching specials) rather than
//! every board up to some size. Each family is a module of its own; this one names them and sends
//! an expression that names a family to its parser.

use super::{hands, lines, shapes, specials};
use harness::roles::scope::{Expr, Scope, ScopeError};
use model::texas::Case;

/// The families, in the order `harness scopes` and error messages list them.
pub const FAMILIES: &[&str] = &["hands", "shapes", "lines", "specials"];

/// Parses the expression `e` (its text `text`) of the family it names.
pub fn parse(family: &str, e: Expr, text: &str) -> Result<Box<dyn Scope<Case>>, ScopeError> {
    match family {
        "hands" => Ok(Box::new(hands::parse(e, text)?)),
        "shapes" => Ok(Box::new(shapes::parse(e, text)?)),
        "lines" => Ok(Box::new(lines::parse(e, text)?)),
        "specials" => Ok(Box::new(specials::parse(e, text)?)),
        _ => Err(unknown(family)),
    }
}

/// The error for a family no module defines.
fn unknown(family: &str) -> ScopeError {
    ScopeError::new(
        format!("{family}:"),
        format!(
            "unknown family `{family}`: Texas's scopes by construction are {}",
            FAMILIES.join(", ")
        ),
    )
}
