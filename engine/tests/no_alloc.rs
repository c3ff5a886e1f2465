//! Applying operations never allocates: every buffer lives in the engine.
//!
//! A counting global allocator counts the allocations made on the test's thread while the flag is
//! up; the games are generated (allocating freely) before the flag goes up.

mod common;

use common::Profile;
use engine::texas::Engine;
use model::texas::{Case, Hand, Invalid, NoTrace, Sink};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn note() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Counts events without allocating.
#[derive(Default, Debug)]
struct Tally {
    valid: usize,
    invalid: usize,
    rounds_this_op: usize,
    cascades: usize,
    special_rounds: usize,
    hands: usize,
}

impl Sink for Tally {
    fn invalid(&mut self, _why: Invalid) {
        self.invalid += 1;
    }
    fn valid(&mut self, _main: &[u8]) {
        self.valid += 1;
        self.rounds_this_op = 0;
    }
    fn round(&mut self, matched: &[u64], removed: &[u64], _combo: u64, _elimination: u64) {
        self.rounds_this_op += 1;
        if self.rounds_this_op == 2 {
            self.cascades += 1;
        }
        let count = |rows: &[u64]| rows.iter().map(|r| r.count_ones()).sum::<u32>();
        if count(removed) > count(matched) {
            self.special_rounds += 1;
        }
    }
    fn end_op(&mut self, _chain: u64, hand: Option<Hand>) {
        self.hands += usize::from(hand.is_some());
    }
}

/// Allocations made while applying every operation of `case` after loading it.
fn allocations_while_playing<S: Sink>(engine: &mut Engine, case: &Case, sink: &mut S) -> usize {
    engine.load(case);
    ALLOCATIONS.store(0, Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    for &op in &case.ops {
        engine.apply(op, sink);
    }
    let score = engine.finish();
    COUNTING.with(|c| c.set(false));
    assert!(score.total() > 0);
    ALLOCATIONS.load(Ordering::Relaxed)
}

fn big(k: u8, special_types: Vec<u8>, special_density: f64, q: usize) -> Profile {
    Profile {
        n: 50,
        m: 50,
        k,
        palette: Vec::new(),
        special_density,
        special_types,
        q,
        p_valid: 0.95,
    }
}

#[test]
fn applying_operations_never_allocates() {
    let mut engine = Engine::new();
    let mut rng = common::rng(0x7e8a5);

    // Mixed specials, long games.
    for k in [4, 6] {
        let case = common::game(&mut rng, &big(k, (1..=6).collect(), 0.002, 600)).unwrap();
        let mut tally = Tally::default();
        assert_eq!(
            allocations_while_playing(&mut engine, &case, &mut NoTrace),
            0
        );
        assert_eq!(allocations_while_playing(&mut engine, &case, &mut tally), 0);
        assert!(tally.valid >= 100, "{tally:?}");
        assert!(tally.invalid > 0 && tally.cascades > 0 && tally.special_rounds > 0);
        assert!(tally.hands >= 20, "{tally:?}");
    }

    // One special type at a time: each of them fires (a round removes more than it matched).
    for special in 1..=6u8 {
        let case = common::game(&mut rng, &big(5, vec![special], 0.03, 60)).unwrap();
        let mut tally = Tally::default();
        assert_eq!(
            allocations_while_playing(&mut engine, &case, &mut NoTrace),
            0
        );
        assert_eq!(allocations_while_playing(&mut engine, &case, &mut tally), 0);
        assert!(
            tally.special_rounds > 0,
            "special {special} never fired: {tally:?}"
        );
    }
}
