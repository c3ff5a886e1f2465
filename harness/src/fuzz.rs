//! The bodies of the fuzz targets. The files in `fuzz/fuzz_targets/` only call these, so a stable
//! `cargo test` can run them on random bytes and `cargo +nightly fuzz run` can drive them with
//! coverage feedback.

use crate::render::report;
use crate::roles::game::Game;
use crate::roles::oracle::Pair;
use arbitrary::Unstructured;

/// Bytes become a valid case: a contest input when they parse as one (so the samples and saved
/// regressions seed the fuzzer directly), otherwise through the generators' `arbitrary` path.
pub(crate) fn case_from<G: Game>(data: &[u8]) -> Option<G::Case> {
    match G::parse(data) {
        Ok(case) => Some(case),
        Err(_) => G::arbitrary_case(&mut Unstructured::new(data)).ok(),
    }
}

/// The body of a diff target for any pair of engines: both must agree on the case made of `data`
/// (identical traced outcomes, or the judge's verdict for a program), within the case's time limit.
/// A disagreement or a fault panics with the report, so the fuzzer saves the input; a hang aborts
/// the process from the watchdog with a message naming the limit.
pub(crate) fn diff_with<G: Game>(pair: &Pair<G>, data: &[u8]) {
    let Some(case) = case_from::<G>(data) else {
        return;
    };
    let limit = G::time_limit(&case);
    let failure = watchdog::within(limit, || pair.failure(&case));
    if let Some(f) = failure {
        let text = match &f.divergence {
            Some(d) => report::divergence(d, pair.names(), false),
            None => format!("{}\n", f.what),
        };
        panic!(
            "{}: {} against {}: {}\n{text}case:\n{}",
            G::NAME,
            pair.b.name(),
            pair.a.name(),
            f.kind.describe(),
            G::write(&case)
        );
    }
}

/// `diff_with` for the game's reference against its optimized engine.
pub fn diff<G: Game>(data: &[u8]) {
    thread_local_pair::<G>(|pair| diff_with(pair, data))
}

/// The built-in pair of a game, made once per thread (engines are cheap to clone, but a fuzzer
/// calls this body millions of times).
fn thread_local_pair<G: Game>(f: impl FnOnce(&Pair<G>)) {
    use std::any::{Any, TypeId};
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static PAIRS: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
    }
    let pair = PAIRS.with(|p| {
        p.borrow_mut()
            .entry(TypeId::of::<G>())
            .or_insert_with(|| Box::new(Pair::<G>::builtin()))
            .downcast_ref::<Pair<G>>()
            .cloned()
    });
    f(&pair.unwrap_or_else(Pair::<G>::builtin))
}

/// A process-wide watchdog for the fuzz bodies: a thread that aborts the process when the body
/// running now has taken longer than its limit (a hang cannot be unwound from outside its thread;
/// the abort makes the fuzzer save the input as a crash).
pub mod watchdog {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    /// Deadline of the running body, in nanoseconds since `EPOCH`; 0 when none runs.
    static DEADLINE: AtomicU64 = AtomicU64::new(0);
    static EPOCH: OnceLock<Instant> = OnceLock::new();

    fn epoch() -> Instant {
        *EPOCH.get_or_init(|| {
            let _ = std::thread::Builder::new()
                .name("fuzz-watchdog".into())
                .spawn(watch);
            Instant::now()
        })
    }

    fn now() -> u64 {
        u64::try_from(epoch().elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn watch() {
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let d = DEADLINE.load(Relaxed);
            if d != 0 && now() > d {
                eprintln!(
                    "time limit: a case ran past its limit (a hang); aborting so the input is saved"
                );
                std::process::abort();
            }
        }
    }

    /// Runs `f` with a deadline `limit` from now.
    pub(crate) fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
        let start = now();
        let limit = u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX / 2);
        DEADLINE.store(start.saturating_add(limit).max(1), Relaxed);
        let out = f();
        DEADLINE.store(0, Relaxed);
        out
    }
}

/// Raw bytes into the parser: never a panic; whatever parses writes and parses back equal, and
/// every error message renders.
pub fn parse<G: Game>(data: &[u8]) {
    match G::parse(data) {
        Ok(case) => {
            let text = G::write(&case);
            match G::parse(text.as_bytes()) {
                Ok(again) => assert!(
                    again == case,
                    "{}: parse(write(c)) != c for\n{text}",
                    G::NAME
                ),
                Err(e) => panic!(
                    "{}: a written case does not parse back: {e}\n{text}",
                    G::NAME
                ),
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("line "), "error without a position: {msg}");
        }
    }
}

/// A fuzz target body.
pub type Target = fn(&[u8]);
