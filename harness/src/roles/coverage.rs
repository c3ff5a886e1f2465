//! Rule coverage counters are indices into a game's key list ([`crate::roles::Coverage`]): the
//! batch counts per index, with no lookup per hit. [`index`] turns a key's name into its index at
//! compile time, so a misspelt key is a build error, not a counter that never moves:
//!
//! ```
//! const KEYS: &[&str] = &["merge of three", "spawn placed"];
//! const SPAWN: usize = harness::roles::coverage::index(KEYS, "spawn placed");
//! assert_eq!(SPAWN, 1);
//! ```

use crate::roles::Coverage;

/// The index of `name` in `keys`; in a constant, a compile error when it is not there.
pub const fn index(keys: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < keys.len() {
        let k = keys[i].as_bytes();
        let n = name.as_bytes();
        if k.len() == n.len() {
            let mut j = 0;
            while j < k.len() && k[j] == n[j] {
                j += 1;
            }
            if j == k.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not a coverage key")
}

/// The names of the counters a case reached, in the game's order: [`Coverage::coverage`] as
/// words, for tests and reports of one case.
pub fn keys_hit<G: Coverage>(case: &G::Case, outcome: &G::Outcome) -> Vec<&'static str> {
    let keys = G::coverage_keys();
    let mut hits = vec![false; keys.len()];
    G::coverage(case, outcome, &mut hits);
    keys.iter()
        .zip(hits)
        .filter(|&(_, hit)| hit)
        .map(|(k, _)| *k)
        .collect()
}
