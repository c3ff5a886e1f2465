//! This thread's servers, by what starts them and the stack limit they were started with (a run
//! inherits its server's, and its stack can only grow as far as the server's exec left room for).

use super::{Server, WarmStart, MAX_SERVER_FAILURES};
use std::cell::RefCell;
use std::collections::HashMap;

/// What a server is for: its command, and its stack limit in bytes (0: the harness's own).
type Key = (WarmStart, u64);

#[derive(Default)]
struct Pool {
    idle: HashMap<Key, Vec<Server>>,
    failures: HashMap<WarmStart, u32>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// An idle server of `warm` with the stack limit `stack` (started now if there is none), unless
/// this thread has given up on it.
pub(crate) fn take(warm: &WarmStart, stack: u64) -> Option<Server> {
    let key = (warm.clone(), stack);
    let (idle, failures) = POOL.with(|p| {
        let mut p = p.borrow_mut();
        let idle = p.idle.get_mut(&key).and_then(Vec::pop);
        (idle, p.failures.get(warm).copied().unwrap_or(0))
    });
    if idle.is_some() {
        return idle;
    }
    if failures >= MAX_SERVER_FAILURES {
        return None;
    }
    match Server::start(warm, stack) {
        Ok(server) => Some(server),
        Err(_) => {
            failed(warm);
            None
        }
    }
}

/// A server whose run is over, for the next run.
pub(crate) fn give_back(warm: &WarmStart, server: Server) {
    let key = (warm.clone(), server.stack);
    POOL.with(|p| p.borrow_mut().idle.entry(key).or_default().push(server));
}

/// A server of `warm` failed (and was dropped).
pub(crate) fn failed(warm: &WarmStart) {
    POOL.with(|p| *p.borrow_mut().failures.entry(warm.clone()).or_default() += 1);
}
