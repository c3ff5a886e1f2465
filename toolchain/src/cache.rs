//! Where built programs are kept, and the hash that names them.

use std::path::PathBuf;

/// Where compiled programs are kept: `$HARNESS_STRESS_CACHE`, else `$XDG_CACHE_HOME/harness-stress`,
/// else `~/.cache/harness-stress`, else a folder under the temporary folder.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("HARNESS_STRESS_CACHE") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("harness-stress");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".cache/harness-stress");
    }
    std::env::temp_dir().join("harness-stress")
}

/// The name of a cached program, from everything that makes it (a hash: a change of any byte,
/// or of the toolchain that hashes, makes a new name; a stale name only costs a compile).
pub fn key_hash(bytes: &[u8]) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::hash::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}
