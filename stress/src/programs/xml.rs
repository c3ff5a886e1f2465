//! What reading a package's `problem.xml` shares: where its paths and messages point, and the
//! children of an element by name.

use anyhow::bail;
use std::path::{Path, PathBuf};

/// Where a package's paths and messages point.
pub(crate) struct Place<'a> {
    pub file: &'a Path,
    pub dir: &'a Path,
}

impl Place<'_> {
    pub fn says(&self, what: &str) -> String {
        format!("package {}: {what}", self.file.display())
    }

    /// The file `rel` of the package, which must exist.
    pub fn existing(&self, rel: &str, element: &str) -> anyhow::Result<PathBuf> {
        let path = self.dir.join(rel);
        if !path.is_file() {
            bail!(self.says(&format!("<{element}> names {rel}, which is missing")));
        }
        Ok(path)
    }
}

/// The first child of `node` named `name`.
pub(crate) fn child<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    name: &str,
) -> Option<roxmltree::Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// Every child of `node` named `name`.
pub(crate) fn children<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> + 'a {
    node.children().filter(move |c| c.has_tag_name(name))
}
