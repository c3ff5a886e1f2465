use super::*;
use crate::protocol::tape::Draw;

fn probe_of(stream: Vec<u8>, draws: &[u64]) -> Probe {
    Probe {
        tape: Tape {
            consumed: stream.len(),
            draws: draws.iter().map(|&n| Draw::new(n, 0)).collect(),
        },
        stream,
        cost: Duration::ZERO,
        failed: false,
    }
}

#[test]
fn draws_are_found_where_the_generator_read_them() {
    let p = probe_of(vec![0; 7], &[1, 256, 257, 10, 1]);
    // 1 value: no byte; 256 values: 1 byte; 257: 2 bytes; 10: 1 byte.
    assert_eq!(draw_spans(&p.tape, 7), [(0, 1), (1, 2), (3, 1)]);
    assert_eq!(draw_spans(&p.tape, 3), [(0, 1), (1, 2)]);
}

#[test]
fn fill_and_ascend_rewrite_whole_draws() {
    let mut s = vec![5, 0, 9, 1, 7];
    let run = [(0, 1), (1, 2), (3, 1)];
    fill(&mut s, &run);
    assert_eq!(s, [5, 0, 5, 5, 7]);
    let mut s = vec![5, 0, 9, 1, 7];
    ascend(&mut s, &run, true);
    assert_eq!(s, [5, 0, 6, 7, 7]);
    ascend(&mut s, &run, false);
    assert_eq!(s, [5, 0, 4, 3, 7]);
}

#[test]
fn mutations_are_a_function_of_the_seed_and_keep_the_stream_a_stream() {
    let p = probe_of((0..64).collect(), &vec![256; 64]);
    let q = probe_of(vec![9; 64], &vec![256; 64]);
    let run = |seed| {
        let mut rng = harness::rng::rng(seed);
        (0..50)
            .map(|_| mutate(&p, &q, &mut rng))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(3), run(3));
    let changed = run(3).iter().filter(|m| **m != p.stream).count();
    assert!(changed > 25, "{changed} of 50 changed");
    for (from, len) in (0..200).map(|i| run_of(64, &mut harness::rng::rng(i))) {
        assert!(len >= 1 && from + len <= 64);
    }
}

#[test]
fn the_pool_keeps_the_costliest_and_a_failure_first() {
    let mut climb = Climb::new(&SearchOptions {
        budget: Duration::from_secs(1),
        seed: 1,
        threads: 1,
        pool: 2,
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
