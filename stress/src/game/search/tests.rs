use super::peaks::PEAK_HOLDERS;
use super::*;
use crate::game::probe::Measure;
use crate::protocol::tape::{Draw, Tape};

fn probe_of(stream: Vec<u8>, draws: &[u64]) -> Probe {
    Probe {
        tape: Tape {
            consumed: stream.len(),
            draws: draws.iter().map(|&n| Draw::new(n, 0)).collect(),
            spans: Vec::new(),
        },
        stream,
        cost: Duration::ZERO,
        work: None,
        failed: false,
        novel: 0,
        reached: None,
        constants: Vec::new(),
        pairs: Vec::new(),
    }
}

#[test]
fn the_pool_keeps_the_costliest_and_a_failure_first() {
    let mut climb = Climb::new(&SearchOptions {
        budget: Duration::from_secs(1),
        seed: 1,
        threads: 1,
        pool: 2,
        goal: Goal::Slow,
    });
    let with = |cost: u64, failed: bool| {
        let mut p = probe_of(vec![cost as u8], &[256]);
        p.cost = Duration::from_millis(cost);
        p.failed = failed;
        Some(p)
    };
    climb.offer(vec![with(5, false), None, with(9, false), with(1, false)]);
    let costs: Vec<u128> = climb.pool.iter().map(|p| p.cost.as_millis()).collect();
    assert_eq!(costs, [9, 5]);
    assert_eq!((climb.probed, climb.refused), (3, 1));
    climb.offer(vec![with(2, true)]);
    assert!(climb.pool[0].failed && climb.pool[1].cost.as_millis() == 9);
}

#[test]
fn the_slow_climb_counts_work_while_inputs_are_cheap_then_times_them() {
    let mut climb = Climb::new(&SearchOptions {
        budget: Duration::from_secs(1),
        seed: 1,
        threads: 1,
        pool: 3,
        goal: Goal::Slow,
    });
    climb.climbed = Climbed::Work;
    let measure = Measure::new(true);
    let limit = Duration::from_millis(1000);
    let with = |byte: u8, work: u64, cost_ms: u64| {
        let mut p = probe_of(vec![byte], &[256]);
        p.work = Some(work);
        p.cost = Duration::from_millis(cost_ms);
        Some(p)
    };
    // Cheap inputs: the pool is ordered by work, whatever their (noisy) CPU times say.
    climb.offer(vec![with(1, 500, 9), with(2, 900, 3), with(3, 700, 5)]);
    climb.measured(limit, &measure);
    let order: Vec<u8> = climb.pool.iter().map(|p| p.stream[0]).collect();
    assert_eq!(order, [2, 3, 1]);
    assert!(measure.counting());
    assert_eq!(measure.best_work(), 900);
    // The costliest reaches a tenth of the limit: the climb goes on CPU time from now on.
    climb.offer(vec![with(4, 800, 150)]);
    climb.measured(limit, &measure);
    assert!(!climb.counting() && !measure.counting());
    let order: Vec<u8> = climb.pool.iter().map(|p| p.stream[0]).collect();
    // The pool of 3 kept by work (input 1 left out), now ordered by CPU time.
    assert_eq!(order, [4, 3, 2]);
    assert_eq!(
        climb.finish(Duration::ZERO).climbed,
        Climbed::WorkThenCpuTime
    );
}

#[test]
fn an_input_that_raises_an_edge_s_highest_hit_count_is_kept_as_a_parent() {
    let mut peaks = Peaks::default();
    let p = |byte: u8| probe_of(vec![byte], &[256]);
    // The first input sets the peaks: nothing raised yet.
    assert!(!peaks.offer(&[(3, 1), (9, 8)], &p(1)));
    // Another reaches edge 3 more often (a higher bucket): a holder, whatever its total.
    assert!(peaks.offer(&[(3, 4)], &p(2)));
    // The same or lower buckets, or a new edge only: not.
    assert!(!peaks.offer(&[(3, 2), (9, 8), (11, 1)], &p(3)));
    assert_eq!(peaks.holders.len(), 1);
    assert_eq!(peaks.holders[0].stream, [2]);
    // At most PEAK_HOLDERS, the latest kept.
    for i in 0..PEAK_HOLDERS as u8 + 3 {
        peaks.highest[20] = 1;
        assert!(peaks.offer(&[(20, 2)], &p(10 + i)));
    }
    assert_eq!(peaks.holders.len(), PEAK_HOLDERS);
    let latest = 10 + PEAK_HOLDERS as u8 + 2;
    assert_eq!(peaks.holders.last().map(|h| h.stream[0]), Some(latest));
    assert_eq!(peaks.holders[0].stream[0], latest + 1 - PEAK_HOLDERS as u8);
}

#[test]
fn the_corpus_keeps_what_was_new_a_failure_first_and_gathers_the_constants() {
    let mut climb = Climb::new(&SearchOptions {
        budget: Duration::from_secs(1),
        seed: 1,
        threads: 1,
        pool: 2,
        goal: Goal::Coverage,
    });
    let with = |byte: u8, novel: usize, failed: bool, constants: &[i64]| {
        let mut p = probe_of(vec![byte], &[256]);
        p.novel = novel;
        p.failed = failed;
        p.constants = constants.to_vec();
        Some(p)
    };
    climb.offer(vec![
        with(1, 3, false, &[7, 0]),
        with(2, 0, false, &[7, -4]),
        with(3, 1, false, &[]),
        with(4, 2, false, &[]),
    ]);
    // Every new one is kept, whatever the pool size says (that is the slow climb's).
    let kept: Vec<u8> = climb.pool.iter().map(|p| p.stream[0]).collect();
    assert_eq!(kept, [1, 3, 4]);
    assert_eq!(climb.listed, [7, 0, -4]);
    climb.offer(vec![with(5, 0, true, &[])]);
    assert_eq!(
        climb.pool[0].stream,
        [5],
        "a failure is first, even with nothing new"
    );
    // A round of jobs: fresh cases now and then, the rest mutations of the corpus.
    let jobs = climb.jobs(64);
    let fresh = jobs.iter().filter(|j| matches!(j, Job::Fresh(_))).count();
    assert!((4..40).contains(&fresh), "{fresh} fresh of 64");
}

#[test]
fn what_is_new_is_counted_in_the_order_of_the_probes() {
    use crate::game::guided::Reached;
    let reaching = |byte: u8, edges: &[(u32, u8)]| {
        let mut p = probe_of(vec![byte], &[256]);
        p.reached = Some(Reached {
            solution: edges.to_vec(),
            reference: Vec::new(),
        });
        Some(p)
    };
    let opts = SearchOptions {
        budget: Duration::from_secs(1),
        seed: 1,
        threads: 1,
        pool: 2,
        goal: Goal::Coverage,
    };
    let mut climb = Climb::new(&opts);
    // Probes 1 and 2 reach the same edge: the first in order is new, whichever finished first.
    climb.offer(vec![reaching(1, &[(3, 1)]), reaching(2, &[(3, 1)])]);
    let kept: Vec<u8> = climb.pool.iter().map(|p| p.stream[0]).collect();
    assert_eq!(kept, [1]);
    assert_eq!(climb.novelty.edges(), 1);
    assert!(climb.pool.iter().all(|p| p.reached.is_none()));
    // Two failures in one round: the first in order is the search's, the later one left out.
    let failing = |byte: u8| {
        let mut p = probe_of(vec![byte], &[256]);
        p.failed = true;
        Some(p)
    };
    climb.offer(vec![reaching(3, &[]), failing(4), failing(5)]);
    let failed: Vec<u8> = climb
        .pool
        .iter()
        .filter(|p| p.failed)
        .map(|p| p.stream[0])
        .collect();
    assert_eq!(failed, [4]);
    assert_eq!(climb.pool[0].stream, [4]);
    // A round's size does not depend on the workers for coverage.
    assert_eq!(Goal::Coverage.round(1), Goal::Coverage.round(64));
    assert_eq!(Goal::Slow.round(3), 3);
}
