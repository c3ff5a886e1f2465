//! Helpers shared by the integration tests of the workspace (each test file that needs them says
//! `mod common;`; games/tests/common/mod.rs attaches this same file).

// Each test binary uses its own part of this module.
#![allow(dead_code)]

use std::path::PathBuf;

/// A folder of its own under the system's temporary folder, removed when the test ends (also when
/// it fails). The process id keeps two test binaries, or two runs, apart.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("harness-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A path inside the folder, as a string (for command lines).
    pub fn path(&self, rel: &str) -> String {
        self.0.join(rel).to_string_lossy().into_owned()
    }

    /// A path inside the folder.
    pub fn join(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
