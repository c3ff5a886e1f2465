//! The differential oracle: runs both engines on a case and compares their traced outcomes.
//! A panic in either engine is a divergence too, reported with its message and location.

use crate::game::{Divergence, EngineKind, Game};
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static QUIET: RefCell<bool> = const { RefCell::new(false) };
}

/// Installs (once) a panic hook that records the message and location of a panic raised while
/// [`catching`] runs and keeps it off the terminal; other panics print as usual.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| *q.borrow()) {
                let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    (*s).to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "panic with a non-string payload".to_string()
                };
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{place}")));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into `Err(message)` without printing it.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    QUIET.with(|q| *q.borrow_mut() = true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| *q.borrow_mut() = false);
    result.map_err(|_| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "unknown panic".into())
    })
}

/// Both engines' traced outcomes, or the panic of one of them.
pub fn outcomes<G: Game>(case: &G::Case) -> Result<(G::Outcome, G::Outcome), Box<Divergence>> {
    let reference = catching(|| G::run(case, EngineKind::Reference, true));
    let optimized = catching(|| G::run(case, EngineKind::Optimized, true));
    match (reference, optimized) {
        (Ok(r), Ok(o)) => Ok((r, o)),
        (r, o) => {
            let mut what = Vec::new();
            if let Err(e) = &r {
                what.push(format!("reference engine panicked: {e}"));
            }
            if let Err(e) = &o {
                what.push(format!("optimized engine panicked: {e}"));
            }
            let show = |x: &Result<G::Outcome, String>| match x {
                Ok(out) => G::answer(out),
                Err(e) => format!("panic: {e}\n"),
            };
            Err(Box::new(Divergence {
                at: "engine panic".into(),
                what: what.join("; "),
                reference_view: show(&r),
                optimized_view: show(&o),
                context: serde_json::json!({ "panic": what }),
            }))
        }
    }
}

/// Runs both engines on a case; `Some` describes the first difference (or a panic).
pub fn check<G: Game>(case: &G::Case) -> Option<Divergence> {
    match outcomes::<G>(case) {
        Ok((r, o)) => G::compare(case, &r, &o),
        Err(d) => Some(*d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_messages() {
        let r: Result<(), String> = catching(|| panic!("boom {}", 7));
        let msg = r.unwrap_err();
        assert!(msg.starts_with("boom 7 at "), "{msg}");
        assert!(msg.contains("oracle.rs"), "{msg}");
        assert_eq!(catching(|| 5), Ok(5));
    }
}
