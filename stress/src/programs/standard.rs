//! The standard checkers of Polygon packages: a command `std::NAME` (or `std::NAME.cpp`, as
//! `problem.xml` names one) is the kit's `checkers/std.cpp` called with NAME first, one program
//! judging as testlib's checker of that name does (exit 0 OK, 1 WA, 2 PE, 3 FAIL). The names, and
//! what a command names; `crate::programs::program` builds it.

use anyhow::bail;
use std::path::{Path, PathBuf};

/// Every standard checker the kit's program judges as, by its name in testlib's `checkers/`.
pub const NAMES: [&str; 21] = [
    "acmp",
    "caseicmp",
    "casencmp",
    "casewcmp",
    "dcmp",
    "fcmp",
    "hcmp",
    "icmp",
    "lcmp",
    "ncmp",
    "nyesno",
    "pointscmp",
    "pointsinfo",
    "rcmp",
    "rcmp4",
    "rcmp6",
    "rcmp9",
    "rncmp",
    "uncmp",
    "wcmp",
    "yesno",
];

/// The source of the standard checkers, from the kit's folder.
pub fn source(kit: &Path) -> PathBuf {
    kit.join("checkers").join("std.cpp")
}

/// The name a command's first word gives a standard checker (`std::lcmp`, `std::lcmp.cpp`:
/// `lcmp`), known or not; `None` when the word names none.
pub fn named(word: &str) -> Option<&str> {
    let name = word.strip_prefix("std::")?;
    Some(name.strip_suffix(".cpp").unwrap_or(name))
}

/// `name` when the kit has that standard checker; otherwise an error for `role`'s command `spec`
/// that lists the known names.
pub fn known<'a>(name: &'a str, spec: &str, role: &str) -> anyhow::Result<&'a str> {
    if NAMES.contains(&name) {
        return Ok(name);
    }
    bail!(
        "{role} `{spec}`: no standard checker `std::{name}`; the known ones are std::{}",
        NAMES.join(", std::")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standard_checker_is_named_with_or_without_cpp_and_an_unknown_one_lists_the_known() {
        assert_eq!(named("std::lcmp.cpp"), Some("lcmp"));
        assert_eq!(named("std::rcmp6"), Some("rcmp6"));
        assert_eq!(named("files/check.cpp"), None);
        assert_eq!(known("lcmp", "std::lcmp", "--checker").ok(), Some("lcmp"));
        let err = known("rcmp7", "std::rcmp7", "--checker").unwrap_err();
        let err = err.to_string();
        assert!(
            err.contains("std::rcmp7") && err.contains("std::rcmp6, std::rcmp9"),
            "{err}"
        );
    }
}
